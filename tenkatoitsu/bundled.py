"""Where the shipped grammars and scenarios are: inside the installed package
(a wheel carries them as tenkatoitsu/grammar and tenkatoitsu/scenarios), or,
in a checkout, at the top of the repository, which stays their one source."""

from __future__ import annotations

from pathlib import Path

_PACKAGE = Path(__file__).resolve().parent


def _data_dir(name: str) -> Path:
    inside = _PACKAGE / name
    return inside if inside.is_dir() else _PACKAGE.parent / name


#: the shared grammar pieces and the grammars of the kinds that ship here
GRAMMAR_DIR = _data_dir("grammar")
#: the bundled scenarios and their rules library (`use "rules/..."`)
SCENARIOS_DIR = _data_dir("scenarios")
