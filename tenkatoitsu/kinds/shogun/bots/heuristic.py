"""The heuristic shogun bot. It reads its seat's view (`context.view()`) and
the static table, never the game's state, and answers each decision with a
rule of thumb: it weighs battles with a small simulation of the combat
sequence, plans its koku for a purpose, declares the battles it expects to
win, brings its forces toward the front and keeps the frontier held.

Its modules, each importing only those listed above it:

- odds.py      a side of a battle as unit counts, the battle simulation and
               its cache, what the outcomes are worth
- reading.py   what the view shows: provinces, troops, attacks, the front,
               the threats
- setup.py     the two-player split, the first reinforcements, the armies
               placed [SC-4] [SC-24.2]
- planning.py  Actions 1-6: the spy, the koku plan, swords, building, the
               levy, ronin [SC-6] to [SC-10]
- ninja.py     the ninja's strike and the revenge [SC-11]
- movement.py  armies in Phases A and D, forces in Phase D [SC-13] [SC-21]
- battles.py   declaring, fighting, calling off, casualties [SC-14] to [SC-17]
- heuristic.py HeuristicBot and its table of handlers (decision kind ->
               function(bot, board, decision))

Each decision takes a few milliseconds; the battle odds are cached by the
two sides' units. Ties are broken by its own seeded stream, so a bot is
deterministic for its seed and never draws on the game's dice."""

from __future__ import annotations

import random

from tenkatoitsu.areamap import hop_distances
from tenkatoitsu.core.decisions import Decision
from tenkatoitsu.kinds.shogun.bots import battles, movement, ninja, planning, setup
from tenkatoitsu.kinds.shogun.bots.odds import Model
from tenkatoitsu.kinds.shogun.bots.reading import Board

#: decision kind -> function(bot, board, decision) giving the answer, or None
#: to leave it to chance
HANDLERS = {
    # set-up [SC-4] [SC-24.2]
    "split-pile": setup.split_pile,
    "reinforce": setup.reinforce,
    "place-army": setup.place_army,
    # Actions 1-6 [SC-6] to [SC-11]
    "spy": planning.spy,
    "plan": planning.plan,
    "take-sword": planning.take_sword,
    "build": planning.build,
    "levy": planning.levy,
    "ronin": planning.ronin,
    "ninja": ninja.strike,
    "revenge": ninja.revenge,
    # Wage War: Phases A and D [SC-13] [SC-21]
    "choose-army": movement.choose_army,
    "move-army": movement.move_army,
    "garrison": movement.garrison,
    "pick-up": movement.pick_up,
    "move-force": movement.move_force,
    # Wage War: Phases B and C [SC-14] to [SC-17]
    "declare": battles.declare,
    "next-battle": battles.next_battle,
    "army-battle": battles.army_battle,
    "call-off": battles.call_off,
    "casualty": battles.casualty,
}


class HeuristicBot:
    name = "heuristic"

    def __init__(self, seed: int, seat: str):
        self.seat = seat
        # its own stream for tie-breaks: never the game's dice
        self.rng = random.Random(f"heuristic:{seed}:{seat}")
        self.ctx = None
        self.table = None
        self.model: Model | None = None
        self.dist: dict = {}
        #: army -> the provinces left of its planned march
        self.paths: dict[str, list[str]] = {}
        #: decisions its rules of thumb left open (answered at random)
        self.fallbacks = 0
        #: the levy's destinations scored, kept while one levy is chosen
        self.levy_memo: tuple = (None, {})

    def attach(self, ctx) -> None:
        self.ctx, self.table = ctx, ctx.table
        self.model = Model(ctx.table.components)
        self.dist = hop_distances(ctx.table.neighbours)
        self.paths = {}
        self.levy_memo = (None, {})

    # ---- the one entry point
    def choose(self, decision: Decision):
        options = decision.options
        if self.ctx is None or len(options) == 1:
            return self.rng.choice(options).value
        house = decision.context.get("house")
        board = Board(self, self.ctx.view(), house)
        handler = HANDLERS.get(decision.kind)
        value = handler(self, board, decision) if handler is not None else None
        legal = decision.values()
        if value is None or value not in legal:
            self.fallbacks += 1
            return self.rng.choice(options).value
        return value

    def _noise(self) -> float:
        return self.rng.random() * 1e-6

    def best(self, scored):
        """The value of the best (score, value) pair; ties broken at random."""
        best, pick = None, None
        for score, value in scored:
            s = score + self._noise()
            if best is None or s > best:
                best, pick = s, value
        return pick
