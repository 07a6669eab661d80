"""What a bot may know: its side's PlayerView [5.3] [10.1] and the engine's
pure queries on public information (the map, the counters' positions and
states, movement, ZoC and combat queries).

The bot never reads the Bowl's contents, the opponent's hidden orders or his
secret battle plan. Queries that depend on an order it cannot see (the
defender's combat type [11.5], who must attack [11.2]) are asked under an
assumption: while `masked()` is open, each opponent clan whose order the view
hides stands in Defense, the order a hidden clan in contact most often has.
The real orders are put back when the block ends, and nothing is emitted."""

from __future__ import annotations

import itertools
from contextlib import contextmanager

from tenkatoitsu.hexmap import Frontier, Hex
from tenkatoitsu.kinds.battle.scenario import model as m
from tenkatoitsu.kinds.battle.view import (
    ASSUMED_HIDDEN_ORDER,
    HIDDEN,
    bowl_count,
    order_seen,
    player_view,
)

_HYPOTHETICAL = itertools.count(-1, -1)
_ORDERS = {o.value: o for o in m.Order}  # a dict, not Order(value): asked for every clan



class BotContext:
    def __init__(self, game, side: str):
        self.game = game  # for the pure queries only; see the module docstring
        self.side = side
        self.enemy = game.enemy(side)
        self._view_key = None
        self._view = None
        self._fields: dict = {}
        self._ground: dict[Hex, float] = {}

    # ------------------------------------------------------------ the view
    @property
    def view(self) -> dict:
        key = (self.game.version, len(self.game.events))
        if key != self._view_key:
            self._view = player_view(self.game, self.side)
            self._view_key = key
        return self._view

    def order(self, clan: str) -> m.Order | None:
        """A clan's order as this side sees it (None: hidden)."""
        value = order_seen(self.game, self.side, clan)  # the view's rule, without the whole view
        return None if value == HIDDEN else _ORDERS[value]

    def bowl_count(self) -> int:
        return bowl_count(self.game)

    def masked(self) -> _Masked:
        """Run queries with every hidden opponent order replaced by the assumption."""
        return _Masked(self)

    @contextmanager
    def hypothetical(self, uid: str, h: Hex, moved: bool = True):
        """Look at the position as if unit `uid` (this side's) stood on `h`,
        having moved this phase [11.5]: to judge a charge before making it.
        Put back exactly as it was (the hex's stacking order too); nothing is emitted."""
        g = self.game
        u = g.state.units[uid]
        old = u.hex
        if old == h:
            yield
            return
        occ_old = g._occ.get(old)
        index = occ_old.index(uid) if occ_old else None
        was_moved = uid in g.state.moved
        version = g.version
        g._lift(uid)
        g._drop(uid, h)
        # a version no real position ever has: caches keyed on it never serve the real game
        g.version = next(_HYPOTHETICAL)
        if moved:
            g.state.moved.add(uid)
        try:
            yield
        finally:
            g._lift(uid)
            u.hex = old
            g._occ.setdefault(old, []).insert(index if index is not None else 0, uid)
            g.version = version
            if not was_moved:
                g.state.moved.discard(uid)

    # ------------------------------------------------------------ public position
    def my_units(self):
        return self.game.units_on_map(self.side)

    def enemy_units(self):
        return self.game.units_on_map(self.enemy)

    # ------------------------------------------------------------ ground
    def ground(self, h: Hex) -> float:
        """How much the hex helps a defender: the mean of what an attack into
        it from each passable neighbour takes off the attacker's blue dice
        [11.6.2] (impassable and no-attack sides count as a full point)."""
        v = self._ground.get(h)
        if v is None:
            gm = self.game.map
            total, n = 0.0, 0
            for nb in gm.neighbours(h):
                eff = gm.crossing(nb, h)
                total += 1.0 if (eff.impassable or eff.no_attack) else -eff.blue
                n += 1
            if gm.is_fortress(h):
                total += n
            v = self._ground[h] = total / n if n else 0.0
        return v

    def distance_field(self, goals) -> MarchField:
        """March cost from every hex to the nearest goal (terrain only, units
        ignored): where a clan should head for. Cached per goal set."""
        key = frozenset(goals)
        f = self._fields.get(key)
        if f is None:
            f = self._fields[key] = MarchField(self.game.map, key)
            if len(self._fields) > 256:
                self._fields.clear()
                self._fields[key] = f
        return f


class _Masked:
    """BotContext.masked: a plain context manager (the judge opens one for
    every combat it weighs)."""

    __slots__ = ("ctx", "saved")

    def __init__(self, ctx: BotContext):
        self.ctx = ctx
        self.saved: list = []

    def __enter__(self):
        ctx = self.ctx
        if ctx.game.options.hidden_orders:
            side, saved = ctx.side, self.saved
            for c in ctx.game.state.clans.values():
                if c.side != side:
                    saved.append((c, c.order))
                    c.order = ASSUMED_HIDDEN_ORDER

    def __exit__(self, *exc):
        for c, order in self.saved:
            c.order = order
        self.saved = []


class MarchField:
    """BotContext.distance_field: a Dijkstra from every goal at once over the
    map's table of march steps into each hex (the costs of
    hexmap.shortest_paths, without a callback for each step), settled only
    as far as the hexes asked: a march weighs the hexes near its units, not
    the map's far side, and a cost once settled is final."""

    __slots__ = ("_search",)

    def __init__(self, gm, goals):
        goals = tuple(goals)
        self._search = Frontier(gm.edges("march-into"), goals[0], others=goals[1:],
                                crossings=lambda h: gm.crossings(h, "march-into")
                                ) if goals else None

    def get(self, h: Hex, default: float | None = None) -> float | None:
        search = self._search
        if search is None:
            return default
        c = search.cost.get(h)
        if c is None and not search.done:
            search.settle(until=(h,))
            c = search.cost.get(h)
        return default if c is None else c

    def __getitem__(self, h: Hex) -> float:
        c = self.get(h)
        if c is None:
            raise KeyError(h)  # out of reach of every goal
        return c
