"""The heuristic clans bot. It reads its seat's view (`context.view()`) and
the static table, never the game's state, and answers each decision with a
rule of thumb: it drafts a clan with room to grow, recruits what it can pay
for where the Bushi can expand or strike, spreads one Bushi into every empty
province in reach, keeps one unit in each province it holds, attacks where
the exact odds of the battle make it worth while, keeps its Daimyō out of
reach, and gives its hits to the Daimyō that make a clan its vassal. It
plays every module of §10: the units of Specialized Warfare by task and
their combat phases in its odds, Firearm Technology, Honor Pacts and their
fists, the Koku sown and stored of the Cycle of Rice and War, the Path of
Glory's hunt, the Ikkō-ikki's markers and Strongholds, the Emperor's
edicts; and the v83 Mōri's sail.

Its modules, each importing only those listed above it:

- odds.py      the battle exchange by exchange, exact (the sides taking
               turns while the province is contested), with its caches;
               what outcomes are worth
- reading.py   what the view shows: who stands where, where units can go,
               the modifiers of a battle, the rivals' reach
- draft.py     the draft: each clan's chance from the map, the picks to
               come looked ahead
- politics.py  Honor Pacts (offer, accept, fists, when a betrayal is
               decisive) and the Emperor's edicts
- economy.py   the draft, Reinforcement (recruits and their types, ninja,
               castle, firearms, pacification), the rice's allocation, the
               costs it cannot pay, a vassal's choices
- moves.py     the campaign's moves, planned once a turn
- battles.py   the battles' order, Ronin, the ninja's strike, the re-roll,
               where hits fall
- heuristic.py HeuristicBot and its table of handlers (decision kind ->
               function(bot, board, decision))

A decision it has no rule for (a kind a later module adds) gets the option
that does least: "done", "keep", none, no; else the first. Ties are broken
by its own seeded stream, so a bot is deterministic for its seed and never
draws on the game's dice."""

from __future__ import annotations

import random

from tenkatoitsu.areamap import hop_distances
from tenkatoitsu.core.decisions import Decision
from tenkatoitsu.kinds.clans.bots import battles, draft, economy, moves, politics
from tenkatoitsu.kinds.clans.bots.odds import Model
from tenkatoitsu.kinds.clans.bots.reading import Board

#: decision kind -> (function(bot, board, decision), whether it reads the view)
HANDLERS = {
    # the draft [§2.2.2]
    "draft": (draft.draft, False),
    # Administration and costs [§4] [§4.2] [§7.1]
    "bankrupt": (economy.bankrupt, True),
    # Reinforcement [§5] [§9]
    "reinforce": (economy.reinforce, True),
    "recruit": (economy.recruit, False),
    "ninja": (economy.ninja, False),
    "ninja-target": (economy.ninja_target, True),
    # the Campaign's moves [§6.1]
    "move-from": (moves.move_from, True),
    "move-to": (moves.move_to, False),
    "move-count": (moves.move_count, False),
    # battles [§6.2]
    "battle": (battles.battle, True),
    "ronin": (battles.ronin, True),
    "assassinate": (battles.assassinate, True),
    "reroll": (battles.reroll, True),
    "hit": (battles.hit, True),
    "hit-whom": (battles.hit_whom, True),
    "casualty": (battles.casualty, False),
    # vassals [§8.1]
    "give-up": (economy.give_up, True),
    "dismiss": (economy.dismiss, True),
    "vassal-path": (economy.vassal_path, True),
    "deposit": (economy.deposit, False),
    # v83: a given-up province's units retreat [v83 §8.1.1]
    "retreat": (economy.retreat, True),
    # Specialized Warfare [§10.2] and the Nanban Trade [§10.6]
    "recruit-unit": (economy.recruit_unit, False),
    "firearms-post": (economy.firearms_post, True),
    # the Cycle of Rice and War [§10.3.2]: where the Koku left is sown, how much
    "allocate": (economy.allocate, True),
    "allocate-count": (economy.allocate_count, False),
    # Political Play [§10.1]: pacts and their fists
    "pact-offer": (politics.pact_offer, True),
    "pact-accept": (politics.pact_accept, True),
    "fist": (politics.fist, True),
    # the Emperor's Favor [§10.7]: edicts
    "edict": (politics.edict, True),
    "claim": (politics.claim, True),
    "censure": (politics.censure, True),
    "claim-bushi": (politics.claim_bushi, True),
}

#: the answers that do least, for a decision it has no rule for
PASSIVE = ("done", "keep", "pass", "none", "no", "end", 0, False, None)


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
        #: the Mandate provinces it has scored on the Path of Glory [§10.4-d]
        #: (the view shows the points, not which provinces: it remembers)
        self.glory_scored: set[str] = set()
        #: decisions its rules of thumb left open (answered by the fallback)
        self.fallbacks = 0
        #: of those, the ones where its rule failed on what it was shown
        self.errors = 0
        #: decisions of a kind it has no rule for (answered by the fallback)
        self.unknown = 0
        self.reset()

    def reset(self) -> None:
        """What it remembers within a turn: the plans it carries out."""
        self.turn_key = None
        self.plan: list = []
        self.moving = None
        self.moving_left: dict = {}
        self.move_asks = 0
        self.reinforce_key = None
        self.reinforcements = None
        self.recruit_count = 0
        self.hit_key = None
        self.hits_given = 0
        self.recruit_unit = None
        self.alloc_key = None
        self.alloc_plan: list = []
        self.alloc_want = 0
        self.edict_target = None

    def attach(self, ctx) -> None:
        self.ctx, self.table = ctx, ctx.table
        self.model = Model(ctx.table.components)
        self.dist = hop_distances(ctx.table.neighbours)
        self.reset()

    # ---- the one entry point
    def choose(self, decision: Decision):
        options = decision.options
        if len(options) == 1:
            return options[0].value
        if self.ctx is None:
            return self.fallback(decision)
        entry = HANDLERS.get(decision.kind)
        value = None
        if entry is not None:
            handler, reads = entry
            try:
                board = Board(self, self.ctx.view()) if reads else None
                if board is not None and board.glory_on:
                    self.remember_glory(board)
                value = handler(self, board, decision)
            except (KeyError, ValueError, TypeError, AttributeError, IndexError):
                # an option or a view field its rule does not know (a later
                # module's): the fallback answers, and the tests count it
                self.errors += 1
                value = None
        legal = decision.values()
        if value is None or value not in legal:
            self.fallbacks += entry is not None
            self.unknown += entry is None
            return self.fallback(decision)
        return value

    def remember_glory(self, board: Board) -> None:
        """[§10.4-d] [U-40] A walker scores each Mandate province once, the
        moment it holds it alone: every one it is seen holding is scored."""
        if board.walker():
            for p in board.mandate:
                if board.ctrl.get(p) == board.me:
                    self.glory_scored.add(p)

    def fallback(self, decision: Decision):
        """The option that does least; else the first."""
        legal = decision.values()
        for v in PASSIVE:
            if any(v == x and type(v) is type(x) for x in legal):
                return v
        return legal[0]

    def best(self, scored):
        """The value of the best (score, value) pair; ties broken at random."""
        best, pick = None, None
        for score, value in scored:
            s = score + self.rng.random() * 1e-6
            if best is None or s > best:
                best, pick = s, value
        return pick
