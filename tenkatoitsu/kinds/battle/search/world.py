"""What the searching side cannot see, drawn anew in a copy of the game.

A copy of the game at a decision holds the truth: the opponent's secret
battle plan [10.1], the CP he saved toward it [10.2], his clans' orders
under the hidden orders option [5.3], and the dice to come. Before a
playout reads any of it, `redraw` replaces each by a draw from the
playout's own generator, using only what the searching side sees:

* the plan: one of the scenario's plans that could have logged the tactics
  the opponent has shown (the log is open [10.3]), all alike;
* the CP saved toward a plan not yet active: 0 to GUESSED_CP, all alike;
* a hidden order: any order, all alike (off-map clans are in Movement [12]);
* the dice: the playout's own stream (`Dice.reseed`).

The chits in the Bowl are known to both players (every other chit lies in
the open); which one comes out next is a die, so the new stream draws it."""

from __future__ import annotations

import random
from collections import Counter

from tenkatoitsu.kinds.battle.scenario import model as m

GUESSED_CP = 6  # the most CP a side plausibly saves toward its plan [10.2]
ORDERS = tuple(m.Order)


def possible_plans(game, side: str) -> list[str]:
    """The plans `side` may hold as its opponent sees it: those with enough
    of every tactic its open log shows [10.3]."""
    used = Counter(t.tactic for t in game.state.honjins[side].tactics_used)
    plans = game.scenario.battle_plans()
    fits = [p.id for p in plans
            if all(sum(t.count for t in p.tactics if t.name == name) >= n
                   for name, n in used.items())]
    return fits or [p.id for p in plans]


def redraw(game, side: str, rng: random.Random) -> None:
    """Replace, in this copy, what `side` cannot see by draws from `rng`."""
    enemy = game.enemy(side)
    h = game.state.honjins[enemy]
    if h.plan is not None and not h.plan_revealed:
        h.plan = rng.choice(possible_plans(game, enemy))
        if not h.plan_active:
            h.plan_cp = rng.randint(0, GUESSED_CP)
    if game.options.hidden_orders:
        for c in game.state.clans.values():
            if c.side == enemy and not c.off_map:
                c.order = rng.choice(ORDERS)
    game.dice.reseed(rng.getrandbits(64))
