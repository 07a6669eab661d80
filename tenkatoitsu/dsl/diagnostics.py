"""Located diagnostics, rendered like a compiler's: ``file:line:col: error: ...``
followed by the source line, a caret and an optional hint."""

from __future__ import annotations

import difflib
import re
from typing import Iterable

import attrs


@attrs.frozen(order=True)
class SourcePos:
    """Where a construct starts in a scenario file (1-based line and column)."""

    file: str
    line: int
    column: int
    end_line: int | None = attrs.field(default=None, eq=False, order=False)
    end_column: int | None = attrs.field(default=None, eq=False, order=False)

    def __str__(self) -> str:
        return f"{self.file}:{self.line}:{self.column}"


@attrs.frozen
class Diagnostic:
    message: str
    pos: SourcePos | None = None
    hint: str | None = None
    severity: str = "error"  # error | warning
    #: the `use` statements through which the file was reached, outermost first
    included_from: tuple[SourcePos, ...] = ()

    @property
    def is_error(self) -> bool:
        return self.severity == "error"


class DiagnosticError(Exception):
    """Raised by loaders when a file has errors; carries every diagnostic found."""

    def __init__(self, diagnostics: Iterable[Diagnostic]):
        self.diagnostics = list(diagnostics)
        super().__init__("\n".join(d.message for d in self.diagnostics))


def did_you_mean(word: str, known: Iterable[str], n: int = 1) -> str | None:
    """A hint naming the closest known word, or None."""
    known = sorted(set(known))
    close = difflib.get_close_matches(word, known, n=n, cutoff=0.6)
    if close:
        return f"did you mean {' or '.join(repr(c) for c in close)}?"
    return None


def known_list(known: Iterable[str], limit: int = 12) -> str:
    items = sorted(set(known), key=_natural_key)
    if not items:
        return "none are defined"
    shown = ", ".join(items[:limit])
    more = f", ... ({len(items) - limit} more)" if len(items) > limit else ""
    return f"known: {shown}{more}"


def _natural_key(s: str):

    return [int(t) if t.isdigit() else t for t in re.split(r"(\d+)", s)]


def render(diag: Diagnostic, sources: dict[str, str] | None = None) -> str:
    """Render one diagnostic with its source line and a caret under the column."""
    head = f"{diag.pos}: " if diag.pos else ""
    lines = [f"{head}{diag.severity}: {diag.message}"]
    if diag.pos and sources and diag.pos.file in sources:
        text_lines = sources[diag.pos.file].split("\n")  # as the lexer counts lines: not at \x0c, U+2028
        if 1 <= diag.pos.line <= len(text_lines):
            src = text_lines[diag.pos.line - 1].replace("\t", " ")
            lines.append(f"    {src}")
            width = 1
            if diag.pos.end_line == diag.pos.line and diag.pos.end_column:
                width = max(1, diag.pos.end_column - diag.pos.column)
            width = min(width, max(1, len(src) - diag.pos.column + 1))
            lines.append("    " + " " * (diag.pos.column - 1) + "^" + "~" * (width - 1))
    for inc in diag.included_from[::-1]:
        lines.append(f"    included from {inc}")
    if diag.hint:
        lines.append(f"    hint: {diag.hint}")
    return "\n".join(lines)


def render_all(diags: Iterable[Diagnostic], sources: dict[str, str] | None = None) -> str:
    return "\n".join(render(d, sources) for d in diags)
