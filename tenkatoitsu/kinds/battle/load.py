"""Loading battle files: the shared loader (tenkatoitsu.dsl.loader) with the
battle kind, for the battle's own code and tests. A file without a `kind`
header is read as a battle; one that names another kind is refused."""

from __future__ import annotations

from pathlib import Path

from tenkatoitsu.dsl import loader
from tenkatoitsu.dsl.loader import LoadResult, display_name
from tenkatoitsu.kinds.battle.kind import KIND
from tenkatoitsu.kinds.battle.scenario import model as m

__all__ = ["LoadResult", "display_name", "load_bytes", "load_file", "load_scenario", "load_text",
           "parse_document"]


def parse_document(text: str, file: str):
    """Text -> document without includes or cross-reference checks."""
    return loader.parse_document(KIND, text, file)


def load_text(text: str, path: str | Path = "<text>", *, validate_: bool = True) -> LoadResult:
    return loader.load_text(text, path, validate_=validate_, kind=KIND)


def load_file(path: str | Path, *, validate_: bool = True) -> LoadResult:
    return loader.load_file(path, validate_=validate_, kind=KIND)


def load_bytes(data: bytes, path: str | Path = "<bytes>") -> LoadResult:
    return loader.load_bytes(data, path, kind=KIND)


def load_scenario(path: str | Path) -> m.Scenario:
    """A battle scenario, or DiagnosticError with every problem found."""
    return loader.load_scenario(path).document
