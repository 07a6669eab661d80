"""The save file: a game as kind + scenario + seed + decisions, with the
scenario's text embedded (so a save replays from any folder) and a digest of
the event stream (so a replay that goes out of sync says so).

JSON through one cattrs converter, written atomically; never pickled. The
format carries its version: version 1 (the first engine's, battle only, the
scenario by path) is read and migrated; an unknown version is refused with
its number named."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any, Literal

import attrs
import cattrs

from tenkatoitsu.core.persistence import SaveError, write_json_atomically

SAVE_FORMAT = "tenkatoitsu-save"
SAVE_VERSION = 2
READS = (1, 2)


@attrs.frozen
class SavedScenario:
    """The scenario a game was played on: where it was, and its texts."""

    path: str  # as the player gave it (a path or a bundled name)
    name: str
    text: str | None = None  # None: a version-1 save, read from `path`
    includes: dict[str, str] = attrs.field(factory=dict)  # each `use` path's text
    sha256: str | None = None


@attrs.frozen
class SaveFile:
    format: Literal["tenkatoitsu-save"]
    version: Literal[2]
    kind: str
    scenario: SavedScenario
    seed: int
    variants: list[str]
    players: list[str] | None
    options: dict[str, Any]
    answers: list[Any]
    events: int | None = None
    digest: str | None = None
    finished: bool = False


converter = cattrs.Converter(forbid_extra_keys=True)


def migrate_v1(data: dict) -> dict:
    """Version 1 (battle only): the scenario by path, no kind, no players."""
    out = {k: v for k, v in data.items() if k not in ("scenario", "scenario_name")}
    out.update(version=2, kind="battle", players=None,
               scenario={"path": data.get("scenario"),
                         "name": data.get("scenario_name") or str(data.get("scenario"))})
    out.setdefault("options", {})
    return out


def read_save(path: str | Path) -> SaveFile:
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
    version = data.get("version")
    if version not in READS:
        raise SaveError(f"{path}: saved by format version {version!r}; this engine reads "
                        f"versions {', '.join(map(str, READS))}")
    if version == 1:
        data = migrate_v1(data)
    try:
        return converter.structure(data, SaveFile)
    except Exception as e:  # cattrs says which field, and why
        problems = "; ".join(cattrs.transform_error(e, path="save"))
        raise SaveError(f"{path}: not a valid saved game ({problems})") from None


def write_save(path: str | Path, save: SaveFile) -> None:
    write_json_atomically(path, converter.unstructure(save))
