"""The save file: a game as kind + scenario + seed + decisions, with the
scenario's text embedded (so a save replays from any folder) and a digest of
the event stream (so a replay that goes out of sync says so).

JSON through one cattrs converter, written atomically; never pickled. A save
is untrusted input: reading one is bounded (size, nesting, digits) and then
one strict structuring step, where a value of the wrong type is an error
naming its field (no "3" for 3, no 1 for true). Version 1 (the first
engine's, battle only, the scenario by path) is read and migrated; any other
version is refused, saying what was found."""

from __future__ import annotations

import json
import math
import os
import re
import stat
from itertools import accumulate
from pathlib import Path
from typing import Any, Literal, TypeVar, get_args, get_origin

import attrs
import cattrs
from cattrs.errors import (
    ClassValidationError,
    ForbiddenExtraKeysError,
    IterableValidationError,
    IterableValidationNote,
)
from cattrs.gen import make_dict_structure_fn

from tenkatoitsu.core.persistence import SaveError, write_json_atomically

SAVE_FORMAT = "tenkatoitsu-save"
SAVE_VERSION = 2
READS = (1, 2)

#: the most bytes a save may have: its scenario and includes, and the answers
MAX_BYTES = 16 * 1024 * 1024
#: the deepest nesting of lists and objects (a save uses four or five levels)
MAX_DEPTH = 32
#: the most digits of a number (a seed of 2**256 has 78)
MAX_DIGITS = 100
#: the most problems one refusal lists
MAX_PROBLEMS = 4

T = TypeVar("T")


@attrs.frozen
class SavedScenario:
    """The scenario a game was played on: its texts, and where it came from."""

    path: str  # as the player gave it: a label, never read by a replay
    name: str
    text: str | None = None  # None: a version-1 save, replayed on the bundled scenario
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


# ---------------------------------------------------------------- the strict converter

class WrongType(TypeError):
    """A JSON value of another type than its field's."""


def json_type(value: Any) -> str:
    """A JSON value's type in words: 'a string', 'null', ..."""
    if value is None:
        return "null"
    if isinstance(value, bool):
        return "a boolean"
    if isinstance(value, int):
        return "a number"
    if isinstance(value, float):
        return "a decimal number"
    if isinstance(value, str):
        return "a string"
    if isinstance(value, list):
        return "a list"
    return "an object" if isinstance(value, dict) else type(value).__name__


def shown(value: Any, limit: int = 60) -> str:
    """A value quoted for a message: escaped, and cut short when long."""
    text = repr(value) if isinstance(value, str) else json.dumps(value, default=repr)
    return text if len(text) <= limit else text[:limit - 1] + "…"


def cut(message: str, limit: int = 200) -> str:
    """A message on one line, cut short when long."""
    line = " ".join(message.split())
    return line if len(line) <= limit else line[:limit - 1] + "…"


def _wrong(expected: str, value: Any) -> WrongType:
    return WrongType(f"expected {expected}, found {json_type(value)}")


def _exactly(t: type, expected: str):
    def hook(value, _):
        if type(value) is not t:  # bool is not int: `true` is no seed
            raise _wrong(expected, value)
        return value
    return hook


def _number(value, _) -> float:
    if type(value) not in (int, float):
        raise _wrong("a number", value)
    return float(value)


def _literal(t):
    allowed = get_args(t)

    def hook(value, _):
        if not any(type(value) is type(a) and value == a for a in allowed):
            raise WrongType(f"expected {' or '.join(shown(a) for a in allowed)}, "
                            f"found {shown(value)}")
        return value
    return hook


def _items(t, value, pairs, build):
    """Structure (index, item, type) triples; every failing item noted with its index."""
    out, errors = [], []
    for index, item, item_type in pairs:
        try:
            out.append(converter.structure(item, item_type))
        except Exception as e:
            e.add_note(IterableValidationNote(f"item {index!r}", index, item_type))
            errors.append(e)
    if errors:
        raise IterableValidationError(f"while structuring {t!r}", errors, t)
    return build(out)


def _sequence(t):
    origin, args = get_origin(t) or t, get_args(t)
    fixed = origin is tuple and args and args[-1] is not Ellipsis

    def hook(value, _):
        if type(value) is not list:
            raise _wrong("a list", value)
        if fixed and len(value) != len(args):
            raise WrongType(f"expected a list of {len(args)}, found {len(value)} items")
        if not fixed and (not args or args[0] is Any):
            return origin(value)
        types = args if fixed else [args[0]] * len(value)
        return _items(t, value, zip(range(len(value)), value, types), origin)
    return hook


def _mapping(t):
    key_type, value_type = get_args(t) or (Any, Any)

    def hook(value, _):
        if type(value) is not dict:
            raise _wrong("an object", value)
        keys = _items(t, value, ((k, k, key_type) for k in value), list)
        values = _items(t, value, ((k, v, value_type) for k, v in value.items()), list)
        return dict(zip(keys, values))
    return hook


def _attrs_class(cl):
    inner = make_dict_structure_fn(cl, converter, _cattrs_forbid_extra_keys=True)

    def hook(value, _):
        if type(value) is not dict:
            raise _wrong("an object", value)
        return inner(value, cl)
    return hook


converter = cattrs.Converter(forbid_extra_keys=True)
converter.register_structure_hook(str, _exactly(str, "a string"))
converter.register_structure_hook(int, _exactly(int, "an integer"))
converter.register_structure_hook(bool, _exactly(bool, "true or false"))
converter.register_structure_hook(float, _number)
converter.register_structure_hook_factory(lambda t: get_origin(t) is Literal, _literal)
converter.register_structure_hook_factory(
    lambda t: t in (list, tuple) or get_origin(t) in (list, tuple), _sequence)
converter.register_structure_hook_factory(
    lambda t: t is dict or get_origin(t) is dict, _mapping)
converter.register_structure_hook_factory(attrs.has, _attrs_class)


def problems(exc: BaseException, path: str = "") -> list[str]:
    """Each problem of a failed structuring as 'field a.b[2]: why'."""
    if isinstance(exc, (ClassValidationError, IterableValidationError)):
        noted, plain = exc.group_exceptions()
        out = []
        for sub, note in noted:
            where = f"{path}.{note.name}" if isinstance(exc, ClassValidationError) else \
                f"{path}[{shown(note.index)}]"
            out += problems(sub, where)
        for sub in plain:
            out += problems(sub, path)
        return out
    if isinstance(exc, ForbiddenExtraKeysError):
        return [f"field {_dotted(path, k)}: no such field"
                for k in sorted(exc.extra_fields, key=str)]
    if isinstance(exc, KeyError):
        why = "missing"
    elif isinstance(exc, (WrongType, ValueError)):  # ValueError: a validator's own words
        args = exc.args
        why = cut(args[0] if args and isinstance(args[0], str) else str(exc))
        if len(args) > 1 and isinstance(args[1], attrs.Attribute):  # attrs' validators
            path = f"{path}.{args[1].name}"
    else:
        why = f"cannot be read ({type(exc).__name__})"
    return [f"field {path.lstrip('.')}: {why}" if path else why]


def _dotted(path: str, key: Any) -> str:
    name = key if isinstance(key, str) and re.fullmatch(r"\w{1,60}", key) else f"[{shown(key)}]"
    return f"{path}.{name}".lstrip(".") if not name.startswith("[") else f"{path}{name}"


def structure(data: Any, cl: type[T], save_path: str | Path, field: str = "") -> T:
    """`data` as a `cl`, strictly, or SaveError naming each field that is wrong."""
    try:
        return converter.structure(data, cl)
    except Exception as e:
        found = problems(e, field)
        more = f"; and {len(found) - MAX_PROBLEMS} more" if len(found) > MAX_PROBLEMS else ""
        raise SaveError(f"{save_path}: " + "; ".join(found[:MAX_PROBLEMS]) + more) from None


# ---------------------------------------------------------------- reading

def migrate_v1(data: dict) -> dict:
    """Version 1 (battle only): the scenario by path, no kind, no players."""
    out = {k: v for k, v in data.items() if k not in ("scenario", "scenario_name")}
    out.update(version=2, kind="battle", players=None,
               scenario={"path": data.get("scenario"),
                         "name": data.get("scenario_name", data.get("scenario"))})
    out.setdefault("options", {})
    return out


def read_save(path: str | Path) -> SaveFile:
    """The save at `path`, checked field by field, or SaveError saying why not."""
    data = read_json(path)
    if not isinstance(data, dict) or data.get("format") != SAVE_FORMAT:
        raise SaveError(f"{path}: not a Tenkatoitsu saved game "
                        f"(no \"format\": \"{SAVE_FORMAT}\")")
    version = data.get("version")
    if type(version) is not int or version not in READS:
        reads = ", ".join(map(str, READS[:-1])) + f" and {READS[-1]}"
        found = "the save names no format version" if "version" not in data else \
            f"saved by format version {shown(version)}" + \
            ("" if type(version) is int or version is None else f" ({json_type(version)})")
        raise SaveError(f"{path}: {found}; this engine reads versions {reads}")
    if version == 1:
        data = migrate_v1(data)
    return structure(data, SaveFile, path)


def read_json(path: str | Path) -> Any:
    """JSON from a regular file of at most MAX_BYTES, nested at most MAX_DEPTH
    deep, numbers of at most MAX_DIGITS, every string valid Unicode."""
    raw = _read_bytes(path)
    try:
        text = raw.decode("utf-8-sig")
    except UnicodeDecodeError as e:
        raise SaveError(f"{path}: not a saved game (not UTF-8 text: byte 0x{raw[e.start]:02x} "
                        f"at offset {e.start})") from None
    depth = _depth(text)
    if depth > MAX_DEPTH:
        raise SaveError(f"{path}: not a saved game (lists and objects nested {depth} deep; "
                        f"a save nests at most {MAX_DEPTH})")
    try:
        data = json.loads(text, parse_int=_int, parse_float=_float, parse_constant=_constant)
    except _BadNumber as e:
        raise SaveError(f"{path}: not a saved game ({e})") from None
    except json.JSONDecodeError as e:
        raise SaveError(f"{path}: not a saved game (invalid JSON at line {e.lineno} "
                        f"column {e.colno})") from None
    bad = _bad_string(data, "") if _has_lone_surrogate(data) else None
    if bad is not None:
        raise SaveError(f"{path}: field {bad or '(top)'}: a string that is not valid Unicode "
                        "(a lone surrogate)")
    return data


def _read_bytes(path: str | Path) -> bytes:
    """At most MAX_BYTES + 1 bytes of a regular file: never a folder, a pipe or a device."""
    raw = None
    try:
        if stat.S_ISREG(os.stat(path).st_mode):  # a FIFO is known before it is opened
            fd = os.open(path, os.O_RDONLY | getattr(os, "O_NONBLOCK", 0)
                         | getattr(os, "O_BINARY", 0))
            with os.fdopen(fd, "rb") as f:
                if stat.S_ISREG(os.fstat(f.fileno()).st_mode):  # still, should the path change
                    raw = f.read(MAX_BYTES + 1)
    except (OSError, ValueError) as e:  # ValueError: a NUL byte in the path
        raise SaveError(f"{path}: cannot read ({getattr(e, 'strerror', None) or e})") from None
    if raw is None:
        raise SaveError(f"{path}: not a saved game (a folder, a device or a pipe, "
                        "not a regular file)")
    if len(raw) > MAX_BYTES:
        raise SaveError(f"{path}: not a saved game (more than {MAX_BYTES} bytes)")
    return raw


# a JSON string (one left open runs to the end: never a failed match, so linear)
_STRING = re.compile(r'"(?:[^"\\]++|\\.?)*+(?:"|\Z)', re.S)
_NOT_BRACKETS = bytes(b for b in range(256) if b not in b"[]{}")
_INNERMOST = re.compile(rb"\[\]|\{\}")
_STEP = {ord("["): 1, ord("{"): 1, ord("]"): -1, ord("}"): -1}


def _depth(text: str) -> int:
    """The deepest nesting of lists and objects (exact up to MAX_DEPTH + 1),
    found without recursing: each pass takes out the innermost pairs."""
    brackets = _STRING.sub("", text).encode("utf-8", "replace").translate(None, _NOT_BRACKETS)
    passes = 0
    while brackets and passes <= MAX_DEPTH:
        inner = _INNERMOST.sub(b"", brackets)
        if inner == brackets:  # unmatched brackets: invalid JSON, counted the long way
            break
        brackets, passes = inner, passes + 1
    return passes + max(accumulate(map(_STEP.__getitem__, brackets)), default=0)


class _BadNumber(ValueError):
    pass


def _int(digits: str) -> int:
    if len(digits.lstrip("-")) > MAX_DIGITS:
        raise _BadNumber(f"a number of {len(digits.lstrip('-'))} digits; "
                         f"a save's numbers have at most {MAX_DIGITS}")
    return int(digits)


def _float(text: str) -> float:
    if len(text) > MAX_DIGITS:
        raise _BadNumber(f"a number of {len(text)} characters; "
                         f"a save's numbers have at most {MAX_DIGITS}")
    value = float(text)
    if not math.isfinite(value):
        raise _BadNumber(f"the number {text} is out of range")
    return value


def _constant(name: str):
    raise _BadNumber(f"{name} is not a number JSON allows")


def _has_lone_surrogate(data: Any) -> bool:
    try:  # json.dumps recurses in C, and the nesting is bounded
        json.dumps(data, ensure_ascii=False).encode("utf-8")
    except UnicodeEncodeError:
        return True
    return False


def _bad_string(value: Any, path: str) -> str | None:
    """The path of the first string (or key) that is not valid Unicode, if any."""
    if isinstance(value, str):
        try:
            value.encode("utf-8")
        except UnicodeEncodeError:
            return path
        return None
    if isinstance(value, list):
        items = ((f"{path}[{i}]", v) for i, v in enumerate(value))
    elif isinstance(value, dict):
        for k in value:
            if _bad_string(k, path) is not None:
                return path
        items = ((_dotted(path, k), v) for k, v in value.items())
    else:
        return None
    return next((bad for p, v in items if (bad := _bad_string(v, p)) is not None), None)


def write_save(path: str | Path, save: SaveFile) -> None:
    write_json_atomically(path, converter.unstructure(save))
