"""Reading untrusted scenario files: bytes in, text or a located error out.

Nothing here may raise or hang on bad input: binary garbage, a wrong
encoding, an unreadable or huge file, a named pipe, a device or a folder all
become Diagnostics, and no more than MAX_BYTES + 1 bytes are ever read."""

from __future__ import annotations

import os
import stat
from pathlib import Path

from tenkatoitsu.dsl.diagnostics import Diagnostic, SourcePos

MAX_BYTES = 4 * 1024 * 1024

# what a path that is not a regular file is, in the error that refuses it
_NOT_A_FILE = [
    (stat.S_ISDIR, "a directory"), (stat.S_ISFIFO, "a named pipe"),
    (stat.S_ISCHR, "a device"), (stat.S_ISBLK, "a device"), (stat.S_ISSOCK, "a socket"),
]
# a named pipe opened for reading blocks until a writer comes: never wait for one
_OPEN_FLAGS = os.O_RDONLY | getattr(os, "O_NONBLOCK", 0) | getattr(os, "O_BINARY", 0)


def decode(data: bytes, file: str) -> tuple[str | None, list[Diagnostic]]:
    """Decode UTF-8 (an optional BOM allowed); locate the first bad byte."""
    too_large = _too_large(len(data), file)
    if too_large:
        return None, [too_large]
    if data.startswith(b"\xef\xbb\xbf"):
        data = data[3:]
    nul = data.find(b"\x00")
    try:
        text = data.decode("utf-8")
    except UnicodeDecodeError as e:
        line, col = _line_col(data, e.start)
        return None, [Diagnostic(
            f"not UTF-8 text: byte 0x{data[e.start]:02x} cannot start or continue a character",
            SourcePos(file, line, col),
            hint="save the scenario as UTF-8 (Japanese names such as Shōryūji-jō need it)")]
    if nul >= 0:
        line, col = _line_col(data, nul)
        return None, [Diagnostic("this looks like a binary file (it contains a NUL byte)",
                                 SourcePos(file, line, col),
                                 hint="scenario files are UTF-8 text")]
    return text, []


def _line_col(data: bytes, offset: int) -> tuple[int, int]:
    line = data.count(b"\n", 0, offset) + 1
    start = data.rfind(b"\n", 0, offset) + 1
    return line, offset - start + 1


def read_source(path: str | Path, shown_as: str | None = None) -> tuple[str | None, list[Diagnostic]]:
    """The text of a regular file of at most MAX_BYTES; anything else is refused
    by name, before its content is read."""
    shown = shown_as or str(path)
    try:
        refused = _not_a_file(os.stat(path), shown)  # a FIFO must be known before it is opened
        if refused:
            return None, [refused]
        fd = os.open(path, _OPEN_FLAGS)
        with os.fdopen(fd, "rb") as f:
            st = os.fstat(f.fileno())  # what was opened, should the path have changed since
            refused = _not_a_file(st, shown) or _too_large(st.st_size, shown)
            if refused:
                return None, [refused]
            data = f.read(MAX_BYTES + 1)  # a size of 0 may hide any length (/proc files)
        if len(data) > MAX_BYTES:  # read no further: the true size is unknown
            return None, [_too_large(len(data), shown, f"more than {MAX_BYTES} bytes, the limit")]
    except FileNotFoundError:
        return None, [Diagnostic(f"{shown}: no such file")]
    except (OSError, ValueError) as e:  # ValueError: a NUL byte in the path
        return None, [Diagnostic(f"{shown}: cannot read ({getattr(e, 'strerror', None) or e})")]
    return decode(data, shown)


def _not_a_file(st: os.stat_result, shown: str) -> Diagnostic | None:
    if stat.S_ISREG(st.st_mode):
        return None
    what = next((name for test, name in _NOT_A_FILE if test(st.st_mode)), "a special file")
    return Diagnostic(f"{shown}: is {what}, not a scenario file")


def _too_large(size: int, file: str, how_large: str | None = None) -> Diagnostic | None:
    if size <= MAX_BYTES:
        return None
    how_large = how_large or f"{size} bytes; the limit is {MAX_BYTES}"
    return Diagnostic(f"file is too large ({how_large})", SourcePos(file, 1, 1))


def scenarios_root(path: Path) -> Path:
    """The tree that includes may not leave: the nearest ancestor folder named
    'scenarios', else the folder of the file itself."""
    path = path.resolve()
    for parent in path.parents:
        if parent.name == "scenarios":
            return parent
    return path.parent


def resolve_include(including: Path, target: str, root: Path) -> tuple[Path | None, str | None]:
    """Resolve a `use` path relative to the including file; (path, None) or (None, why)."""
    if not target:
        return None, "an empty include path"
    if target.startswith(("/", "\\")) or (len(target) > 1 and target[1] == ":"):
        return None, "include paths are relative to the including file, never absolute"
    candidate = (including.parent / target).resolve()
    try:
        candidate.relative_to(root)
    except ValueError:
        return None, f"'{target}' leads outside the scenarios tree ({root})"
    if not candidate.exists():  # not is_file(): a named pipe or a folder is refused by name when read
        return None, f"include '{target}' not found (looked for {candidate})"
    return candidate, None
