"""Golden siege reports: two seeded random-vs-random games of training.tks's
`siege` variant, kept to the lines of the siege [15] and of the moves through
Yokoyama (hex 0311). Seed 3 ends by a clan relinquishing the siege [15.8],
seed 4 by a beaten side [15.9]. After a deliberate change regenerate them with
TENKATOITSU_UPDATE_GOLDEN=1 and read the diff like a siege report."""

import os

import pytest

from tenkatoitsu.session import Session, bots_for

from conftest import ROOT, SCENARIOS


def siege_log(seed: int) -> str:
    s = Session.start(SCENARIOS / "training.tks", variants=("siege",), seed=seed)
    s.play_bots(bots_for(s, "random", seed))
    lines = (f"[{e.rule}] {e.text()}\n" for e in s.game.events)
    return "".join(ln for ln in lines if ln.startswith("[15.") or "0311" in ln)


@pytest.mark.parametrize("seed,ending", [(3, "relinquishes the siege"), (4, "no Manpower left")])
def test_golden_siege_report(seed, ending):
    golden = ROOT / "tests" / "golden" / f"training-siege-seed{seed}.log"
    log = siege_log(seed)
    if os.environ.get("TENKATOITSU_UPDATE_GOLDEN"):
        golden.write_text(log, encoding="utf-8")
    assert log == golden.read_text(encoding="utf-8")
    assert "siege of yokoyama: oda attacks" in log and ending in log and "the siege of" in log
