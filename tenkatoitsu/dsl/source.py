"""Reading untrusted scenario files: bytes in, text or a located error out.

Nothing here may raise on bad input: binary garbage, a wrong encoding, an
unreadable or huge file all become Diagnostics."""

from __future__ import annotations

from pathlib import Path

from tenkatoitsu.dsl.diagnostics import Diagnostic, SourcePos

MAX_BYTES = 4 * 1024 * 1024


def decode(data: bytes, file: str) -> tuple[str | None, list[Diagnostic]]:
    """Decode UTF-8 (an optional BOM allowed); locate the first bad byte."""
    if len(data) > MAX_BYTES:
        return None, [Diagnostic(f"file is too large ({len(data)} bytes; the limit is {MAX_BYTES})",
                                 SourcePos(file, 1, 1))]
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
    shown = shown_as or str(path)
    try:
        data = Path(path).read_bytes()
    except FileNotFoundError:
        return None, [Diagnostic(f"{shown}: no such file")]
    except IsADirectoryError:
        return None, [Diagnostic(f"{shown}: is a directory, not a scenario file")]
    except OSError as e:
        return None, [Diagnostic(f"{shown}: cannot read ({e.strerror or e})")]
    return decode(data, shown)


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
    if not candidate.is_file():
        return None, f"include '{target}' not found (looked for {candidate})"
    return candidate, None
