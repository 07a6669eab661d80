"""Records every section of a scenario file shares: a `note`, the `source` of
a table, and the integer spans of turn sets, table rows and victory leads.

Every class of the model is a frozen attrs record. Source positions (`pos`)
are kept for error messages but excluded from equality, so that
``parse(print(s)) == s``."""

from __future__ import annotations

import attrs

from tenkatoitsu.dsl.diagnostics import SourcePos


def _pos():
    return attrs.field(default=None, eq=False, repr=False)


@attrs.frozen
class Source:
    """Whether a table is typed from the rulebook or reconstructed, and why."""

    kind: str  # printed | reconstruction
    text: str | None = None
    pos: SourcePos | None = _pos()


@attrs.frozen
class Note:
    text: str
    pos: SourcePos | None = _pos()


@attrs.frozen
class Span:
    """An integer range with optional open ends: ``..2``, ``3``, ``5..``, ``2..4``."""

    lo: int | None
    hi: int | None

    def __contains__(self, value: int) -> bool:
        return (self.lo is None or value >= self.lo) and (self.hi is None or value <= self.hi)

    @property
    def is_single(self) -> bool:
        return self.lo is not None and self.lo == self.hi

    def text(self) -> str:
        """As written in the DSL: ``..2``, ``3``, ``5..``, ``2..4``."""
        if self.lo is None:
            return f"..{self.hi}"
        if self.hi is None:
            return f"{self.lo}.."
        return str(self.lo) if self.lo == self.hi else f"{self.lo}..{self.hi}"
