"""One game of a `tenkatoitsu sim` run played again in this process, for the
scripts that read a game's events (sekigahara_decided.py, sekigahara_losses.py):
the same per-game seed as `sim` (sim.game_seed), so game i here is game i there."""

from __future__ import annotations

import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from tenkatoitsu import sim  # noqa: E402
from tenkatoitsu.battle.bots import attach_bots, make_bot  # noqa: E402
from tenkatoitsu.battle.game import Game, Options  # noqa: E402
from tenkatoitsu.battle.play import play  # noqa: E402
from tenkatoitsu.core.driver import Driver  # noqa: E402


def replay(scenario: str, index: int, bots: tuple[str, str], seed: int) -> Game:
    """Game `index` of `sim SCENARIO --bots BOTS --seed SEED`, played to its end."""
    s = sim.game_seed(seed, index)
    g = Game(sim._scenario(scenario), seed=s, options=Options())
    players = {side: make_bot(name, s, side) for side, name in zip(g.side_ids, bots)}
    attach_bots(g, players)
    d = Driver(play(g))
    while not d.finished:
        dec = d.pending
        d.answer(players[dec.side or g.side_ids[0]].choose(dec))
    return g
