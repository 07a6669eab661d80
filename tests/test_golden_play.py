"""Golden `play --json`: every shipped scenario, with its variants and its
kinds of bot, gives the same result, byte for byte, as the recorded one, and
the same event stream: every event and die of the game, pinned by the
digest its save carries (digests.txt). A change that only makes the engine
faster or moves code around must leave these files alone; a deliberate
change of a rule regenerates them with TENKATOITSU_UPDATE_GOLDEN=1 (read the
diff: every field is a game's outcome)."""

import json
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


DIGESTS = GOLDEN / "digests.txt"


def _digests() -> dict[str, str]:
    if not DIGESTS.exists():
        return {}
    rows = (line.split() for line in DIGESTS.read_text(encoding="utf-8").splitlines())
    return {r[0]: " ".join(r[1:]) for r in rows if r}


@pytest.mark.parametrize("args, name", list(_cases()))
def test_play_json_is_byte_identical(args, name, capsys, tmp_path):
    save = tmp_path / "game.json"
    assert main(args + ["--save", str(save)]) == 0
    out = capsys.readouterr().out
    saved = json.loads(save.read_text(encoding="utf-8"))
    stream = f"{saved['digest']} {saved['events']}"
    path = GOLDEN / name
    if os.environ.get("TENKATOITSU_UPDATE_GOLDEN"):
        path.write_text(out, encoding="utf-8")
        digests = _digests()
        digests[name] = stream
        DIGESTS.write_text("".join(f"{k} {v}\n" for k, v in sorted(digests.items())),
                           encoding="utf-8")
    assert out == path.read_text(encoding="utf-8")
    assert stream == _digests().get(name), "the event stream changed"
