from pathlib import Path

import pytest

from tenkatoitsu.battle.load import load_file

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
