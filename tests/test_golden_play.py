"""Golden `play --json`: every shipped battle scenario, with its variants and
both kinds of bot, gives the same result, byte for byte, as the recorded one.
A change that moves code around must leave these files alone; a deliberate
change of a rule regenerates them with TENKATOITSU_UPDATE_GOLDEN=1 (read the
diff: every field is a game's outcome)."""

import os

import pytest

from tenkatoitsu.cli import main

from conftest import ROOT, SCENARIOS

GOLDEN = ROOT / "tests" / "golden" / "play"


def _cases():
    for line in (GOLDEN / "cases.txt").read_text(encoding="utf-8").splitlines():
        if not line.strip() or line.startswith("#"):
            continue
        scen, var, bots, seed, extra = (p.strip() for p in line.split("|"))
        name = (f"{scen}-{var.replace(',', '+') or 'default'}-{bots.replace(',', '-')}-{seed}"
                f"{'-hidden' if extra else ''}.json")
        args = ["play", str(SCENARIOS / f"{scen}.tks"), "--bots", bots, "--seed", seed, "--json"]
        args += (["--variant", var] if var else []) + extra.split()
        yield pytest.param(args, name, id=name[:-5])


@pytest.mark.parametrize("args, name", list(_cases()))
def test_play_json_is_byte_identical(args, name, capsys):
    assert main(args) == 0
    out = capsys.readouterr().out
    path = GOLDEN / name
    if os.environ.get("TENKATOITSU_UPDATE_GOLDEN"):
        path.write_text(out, encoding="utf-8")
    assert out == path.read_text(encoding="utf-8")
