"""Located diagnostics, rendered like a compiler's: ``file:line:col: error: ...``
followed by the source line, a caret and an optional hint."""

from __future__ import annotations

import collections
import difflib
import functools
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


#: the errors, and the warnings, shown per file; the rest are counted in one line
MAX_SHOWN = 20
#: the most of a source line shown under a diagnostic, around its column
EXCERPT_WIDTH = 100
#: where the column falls in a cut excerpt: enough of the line before it to recognise
_EXCERPT_LEAD = 40
#: messages and hints quote the author's words, which may be as long as a line
_MAX_TEXT = 300
# a terminal must not take a control character from a file as a command
_CONTROLS = {c: "\ufffd" for c in [*range(0x20), *range(0x7f, 0xa0)]}


def render(diag: Diagnostic, sources: dict[str, str] | None = None) -> str:
    """Render one diagnostic with its source line, cut to EXCERPT_WIDTH
    characters around the column, and a caret under the column."""
    head = f"{diag.pos}: " if diag.pos else ""
    lines = [f"{head}{diag.severity}: {_clip(diag.message)}"]
    if diag.pos and sources and diag.pos.file in sources:
        text_lines = _lines(sources[diag.pos.file])
        if 1 <= diag.pos.line <= len(text_lines):
            width = 1
            if diag.pos.end_line == diag.pos.line and diag.pos.end_column:
                width = max(1, diag.pos.end_column - diag.pos.column)
            src, offset, width = _excerpt(text_lines[diag.pos.line - 1], diag.pos.column, width)
            lines.append(f"    {src}")
            lines.append("    " + " " * offset + "^" + "~" * (width - 1))
    for inc in diag.included_from[::-1]:
        lines.append(f"    included from {inc}")
    if diag.hint:
        lines.append(f"    hint: {_clip(diag.hint)}")
    return "\n".join(lines)


def _excerpt(line: str, column: int, width: int) -> tuple[str, int, int]:
    """The part of `line` shown under a diagnostic at `column`, marked with '…'
    where it is cut; the caret's offset in it and the underline's width."""
    line = line.rstrip("\r")
    start = 0
    if len(line) > EXCERPT_WIDTH:
        start = max(0, min(column - 1 - _EXCERPT_LEAD, len(line) - EXCERPT_WIDTH))
    end = min(len(line), start + EXCERPT_WIDTH)
    # a tab is one column for the lexer: one space keeps the caret under its character
    shown = line[start:end].replace("\t", " ").translate(_CONTROLS)
    lead = "…" if start > 0 else ""
    offset = len(lead) + max(0, min(column - 1, end) - start)
    width = min(width, max(1, end - (column - 1)))
    return lead + shown + ("…" if end < len(line) else ""), offset, width


def _clip(text: str) -> str:
    return text if len(text) <= _MAX_TEXT else text[:_MAX_TEXT] + "…"


@functools.lru_cache(maxsize=4)
def _lines(text: str) -> list[str]:
    """The lines of a source as the lexer counts them (not at \\x0c nor
    U+2028), split once per text however many diagnostics it has."""
    return text.split("\n")


def render_all(diags: Iterable[Diagnostic], sources: dict[str, str] | None = None,
               limit: int | None = MAX_SHOWN) -> str:
    """Render diagnostics in order, at most `limit` errors and `limit` warnings
    per file, followed by one line per file that counts the rest."""
    shown: list[str] = []
    hidden: dict[str | None, collections.Counter] = {}
    seen: collections.Counter = collections.Counter()
    for d in diags:
        key = (d.pos.file if d.pos else None, d.is_error)
        seen[key] += 1
        if limit is None or seen[key] <= limit:
            shown.append(render(d, sources))
        else:
            hidden.setdefault(key[0], collections.Counter())[d.severity] += 1
    for file, counts in hidden.items():
        more = " and ".join(f"{n} more {sev}{'s' if n != 1 else ''}"
                            for sev, n in sorted(counts.items()))
        shown.append(f"… and {more}" + (f" in {file}" if file else ""))
    return "\n".join(shown)
