"""Writing files atomically (saves, formatted scenarios, sim tables): a crash
never leaves half a file. The save format itself is tenkatoitsu.saves."""

from __future__ import annotations

import json
import os
import tempfile
from pathlib import Path


class SaveError(ValueError):
    """A save file that cannot be read; the message says why."""


def write_json_atomically(path: str | Path, data: dict) -> None:
    write_text_atomically(path, json.dumps(data, ensure_ascii=False, indent=1, sort_keys=True) + "\n")


def write_text_atomically(path: str | Path, text: str) -> None:
    """Write beside the target and rename over it: a crash never leaves half a file."""
    path = Path(path)
    fd, tmp = tempfile.mkstemp(dir=str(path.parent) or ".", prefix=f".{path.name}.", suffix=".tmp")
    try:
        with os.fdopen(fd, "w", encoding="utf-8", newline="\n") as f:
            f.write(text)
            f.flush()
            os.fsync(f.fileno())
        os.replace(tmp, path)
    except BaseException:
        if os.path.exists(tmp):
            os.unlink(tmp)
        raise
