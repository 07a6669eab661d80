from pathlib import Path

import pytest

from tenkatoitsu.dsl.frontmatter import read_header
from tenkatoitsu.kinds.battle.load import load_file

ROOT = Path(__file__).resolve().parents[1]
SCENARIOS = ROOT / "scenarios"


def is_battle(path: Path) -> bool:
    """A shipped file of the battle kind (its header names no other kind)."""
    return read_header(path.read_text(encoding="utf-8"), str(path)).kind in \
        (None, "battle", "tenkatoitsu")


@pytest.fixture(scope="session")
def rules():
    """The standard rules library as shipped."""
    res = load_file(SCENARIOS / "rules" / "tenkatoitsu.tks")
    assert res.ok, res.diagnostics
    return res.document.library


@pytest.fixture(scope="session")
def training():
    res = load_file(SCENARIOS / "training.tks")
    assert res.ok, res.diagnostics
    return res.document


def _scenario(name):
    res = load_file(SCENARIOS / f"{name}.tks")
    assert res.ok and not res.diagnostics, [str(d) for d in res.diagnostics]
    return res.document


@pytest.fixture(scope="session")
def yamazaki():
    return _scenario("yamazaki")


@pytest.fixture(scope="session")
def nagakute():
    return _scenario("nagakute")


@pytest.fixture(scope="session")
def sekigahara():
    return _scenario("sekigahara")
