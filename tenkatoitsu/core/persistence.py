"""Saved games are JSON: what was played (scenario, variants, seed, options,
answers) and a digest of the event stream to prove a replay reproduced it.
Written atomically; never pickled."""

from __future__ import annotations

import json
import os
import tempfile
from pathlib import Path

SAVE_FORMAT = "tenkatoitsu-save"
SAVE_VERSION = 1


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


def read_save(path: str | Path) -> dict:
    path = Path(path)
    try:
        raw = path.read_bytes()
    except OSError as e:
        raise SaveError(f"{path}: cannot read ({e.strerror or e})") from None
    try:
        data = json.loads(raw.decode("utf-8"))
    except (UnicodeDecodeError, json.JSONDecodeError) as e:
        where = f" at line {e.lineno} column {e.colno}" if isinstance(e, json.JSONDecodeError) else ""
        raise SaveError(f"{path}: not a saved game (invalid JSON{where})") from None
    if not isinstance(data, dict) or data.get("format") != SAVE_FORMAT:
        raise SaveError(f"{path}: not a Tenkatoitsu saved game")
    if data.get("version") != SAVE_VERSION:
        raise SaveError(f"{path}: saved by format version {data.get('version')}; this engine "
                        f"reads version {SAVE_VERSION}")
    for key, kind in (("scenario", str), ("seed", int), ("answers", list), ("variants", list)):
        if not isinstance(data.get(key), kind):
            raise SaveError(f"{path}: field '{key}' is missing or not a {kind.__name__}")
    return data
