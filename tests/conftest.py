from pathlib import Path

import pytest

from tenkatoitsu.kinds.battle.load import load_file

ROOT = Path(__file__).resolve().parents[1]
SCENARIOS = ROOT / "scenarios"


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
