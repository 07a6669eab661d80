"""A game of Tenkatoitsu: the frozen scenario, the changing state, the one
seeded dice source and the event stream. Rules change the state only through
the methods here, so that every change is an event naming its rule."""

from __future__ import annotations

from typing import Iterable

import attrs

from tenkatoitsu.core.dice import Dice
from tenkatoitsu.core.events import Event, EventDigest
from tenkatoitsu.hexmap import Hex
from tenkatoitsu.kinds import contract
from tenkatoitsu.kinds.battle import events as ev
from tenkatoitsu.kinds.battle import hooks
from tenkatoitsu.kinds.battle.queries.mapindex import MapIndex
from tenkatoitsu.kinds.battle.rules import samurai, siege
from tenkatoitsu.kinds.battle.scenario import model as m
from tenkatoitsu.kinds.battle.scenario.setup import effective_setup
from tenkatoitsu.kinds.battle.state import (
    ClanState,
    GameState,
    Honjin,
    UnitState,
    clan_chit,
    delay_box_of,
)
from tenkatoitsu.kinds.contract import VariantError, VariantInfo  # noqa: F401  (re-exported)

#: movements after which a unit in contact assaults [11.5] (not retreats, withdrawals, advances)
MOVEMENTS_INTO_CONTACT = ("charge", "march", "deployment", "pursuit")
STATE_NAMES = ("Good Order", "Shaken", "Disorganized", "Exhausted", "Eliminated")  # [4.3]


def resolve_variants(scenario: m.Scenario, names: Iterable[str]) -> tuple[str, ...]:
    """The variants in play (contract.resolve_variants)."""
    return contract.resolve_variants(
        [VariantInfo(v.id, group=v.group, default=v.is_default) for v in scenario.variants],
        names)


@attrs.frozen
class Options:
    """The battle's game options (the new game dialog shows each with its label)."""

    hidden_orders: bool = attrs.field(default=False, metadata={
        "label": "hidden orders [5.3] (hot-seat: a screen between the players)"})
    samurai: bool = attrs.field(default=False, metadata={
        "label": "samurai [16] (also switched on by the scenario's `rule samurai`)"})


class Game:
    def __init__(self, scenario: m.Scenario, *, variants: Iterable[str] = (), seed: int = 0,
                 options: Options = Options()):
        self.scenario = scenario
        self.variants = resolve_variants(scenario, variants)
        self.seed = seed
        self.options = options
        self.map = MapIndex.for_scenario(scenario)
        self.events: list[Event] = []
        self.digest = EventDigest()
        self.listeners: list = []
        self.answers: list = []  # every answer given to the rules, set by `play`
        self.flow = None  # the rules' generator the game is played by, set by `play`
        self.dice = Dice(seed, self.emit)
        self.unit_defs: dict[str, m.Unit] = {u.id: u for _, _, u in scenario.units()}
        self.clan_defs: dict[str, m.Clan] = {c.id: c for _, c in scenario.clans()}
        self.side_defs: dict[str, m.Side] = {s.id: s for s in scenario.sides}
        self.side_ids: tuple[str, ...] = tuple(s.id for s in scenario.sides)
        self.state = self._initial_state()
        self._occ: dict[Hex, list[str]] = {}
        for u in self.state.units.values():
            if u.on_map:
                self._occ.setdefault(u.hex, []).append(u.id)
        self.version = 0  # bumped on every move: queries cache on it
        self._on_map: tuple[int, dict] = (-1, {})
        self._clans_of: tuple[int, dict] = (-1, {})
        samurai.setup(self)
        self.rules = hooks.active_rules(self)  # the scenario's special rules
        self.emit(ev.GameStarted(rule="18", scenario=scenario.name, variants=self.variants,
                                 seed=seed))

    # ------------------------------------------------------------ set-up [18]
    def _initial_state(self) -> GameState:
        s = self.scenario
        present, orders, entries, hexes, _ = effective_setup(s, self.variants)
        chosen = [v for v in s.variants if v.id in self.variants]
        start = s.turns.start_turn
        plans = {side.id: side.plan for side in s.sides}
        for v in chosen:
            for ch in v.changes:
                if ch.what == "start":
                    start = ch.value
                elif ch.what == "plan":
                    plans[ch.target] = ch.value
        units, clans = {}, {}
        honjins = {side.id: Honjin(side.id, plan_active=plans[side.id].active,
                                   plan_modifier=plans[side.id].modifier) for side in s.sides}
        for side, clan in s.clans():
            if clan.id not in present:
                continue
            off = all(hexes[u.id][0] is None for u in clan.units)
            # [12] all off-map clans are in Movement
            clans[clan.id] = ClanState(clan.id, side.id, m.Order.MOVEMENT if off else orders[clan.id],
                                       off_map=off, entry=entries[clan.id])
            honjins[side.id].reserve.append(clan_chit(clan.id))  # [18] chits in the Reserve box
            for u in clan.units:
                units[u.id] = UnitState(u.id, clan.id, hexes[u.id][0])
        return GameState(turn=start, units=units, clans=clans, honjins=honjins,
                         bundori={sid: 0 for sid in self.side_ids},
                         vp={sid: 0 for sid in self.side_ids},
                         elan_eliminated={sid: 0 for sid in self.side_ids})

    # ------------------------------------------------------------ events
    def emit(self, event: Event) -> None:
        self.events.append(event)
        self.digest.add(event)
        for listener in self.listeners:
            listener(event)

    def note(self, rule: str, message: str) -> None:
        self.emit(ev.Note(rule=rule, message=message))

    @property
    def players(self) -> tuple[str, ...]:
        """The seats of the game: the two sides."""
        return self.side_ids

    # ------------------------------------------------------------ queries
    def enemy(self, side: str) -> str:
        return self.side_ids[1] if side == self.side_ids[0] else self.side_ids[0]

    def unit(self, uid: str) -> UnitState:
        return self.state.units[uid]

    def side_of(self, uid: str) -> str:
        return self.state.clans[self.state.units[uid].clan].side

    def clan_side(self, clan: str) -> str:
        return self.state.clans[clan].side

    def order_of(self, clan: str) -> m.Order:
        return self.state.clans[clan].order

    def unit_order(self, uid: str) -> m.Order:
        return self.state.clans[self.state.units[uid].clan].order

    def lead(self, uid: str) -> int:
        """Leadership now: 0 once the leader is killed [11.10]; X counts 0 [4.1];
        a samurai adds his, up to 2 [16.3]."""
        u = self.state.units[uid]
        own = 0 if u.leader_killed else self.unit_defs[uid].lead
        bonus = samurai.lead_bonus(self, uid)
        return min(samurai.MAX_LEAD, own + bonus) if bonus else own

    def clan_lead(self, clan: str) -> int:
        """The highest Leadership among the clan's units still in play."""
        return max((self.lead(u.id) for u in self.state.clan_units(clan, on_map_only=False)),
                   default=0)

    def occupants(self, h: Hex) -> list[str]:
        return self._occ.get(h, [])

    def occupied(self):
        """(hex, its units) for every hex that holds a unit."""
        return self._occ.items()

    def units_on_map(self, side: str | None = None) -> list[UnitState]:
        # the engine's most frequent question: answered once a position (the
        # version changes whenever a unit enters, leaves or changes side)
        version, known = self._on_map
        if version != self.version:
            known = self._units_on_map()
        return list(known.get(side, ()))

    def _units_on_map(self) -> dict[str | None, list[UnitState]]:
        # every side's at once (all of them: key None)
        clans = self.state.clans
        every = [u for u in self.state.units.values() if u.hex is not None and not u.eliminated]
        known: dict[str | None, list[UnitState]] = {side: [] for side in self.side_ids}
        for u in every:
            known[clans[u.clan].side].append(u)
        known[None] = every
        self._on_map = (self.version, known)
        return known

    def clans_of(self, side: str) -> list[str]:
        # a clan changes side only with the version [21.4.2]
        version, known = self._clans_of
        if version != self.version:
            known = {s: [] for s in self.side_ids}
            for c in self.state.clans.values():
                known[c.side].append(c.id)
            self._clans_of = (self.version, known)
        return list(known.get(side, ()))

    def state_name(self, uid: str) -> str:
        u = self.state.units[uid]
        return STATE_NAMES[4] if u.eliminated else STATE_NAMES[u.steps_lost]

    def is_night(self) -> bool:
        return self.scenario.turns.is_night(self.state.turn)

    def is_fatigue(self) -> bool:
        return self.scenario.turns.is_fatigue(self.state.turn)

    # ------------------------------------------------------------ changes
    def _lift(self, uid: str) -> None:
        u = self.state.units[uid]
        if u.hex is not None:
            occ = self._occ.get(u.hex)
            if occ and uid in occ:
                occ.remove(uid)
                if not occ:
                    del self._occ[u.hex]

    def _drop(self, uid: str, h: Hex) -> None:
        self.state.units[uid].hex = h
        self._occ.setdefault(h, []).append(uid)
        self.version += 1

    def move(self, uid: str, path: list[Hex], movement: str, rule: str) -> None:
        """Move a unit along `path` (its current hex first). A defensive
        position marker stays behind and leaves the game [11.8]."""
        u = self.state.units[uid]
        if len(path) < 2:
            return
        self._lift(uid)
        self._drop(uid, path[-1])
        if movement in MOVEMENTS_INTO_CONTACT:
            self.state.moved.add(uid)
        if u.defensive_position:
            u.defensive_position = False
            self.note("11.8", f"the defensive position marker of {uid} is removed")
        self.emit(ev.UnitMoved(rule=rule, unit=uid, path=tuple(h.id for h in path),
                               movement=movement))
        siege.unit_moved(self, uid, path)  # [15.5] [15.7.1] entering a besieged fortress

    def enter(self, uid: str, h: Hex, entry: str, rule: str = "12") -> None:
        self._drop(uid, h)
        self.state.moved.add(uid)
        self.emit(ev.UnitEntered(rule=rule, unit=uid, entry=entry))

    def lose_steps(self, uid: str, steps: int, rule: str) -> bool:
        """Step losses [4.3]; True if the unit is eliminated."""
        u = self.state.units[uid]
        if u.eliminated or steps <= 0:
            return u.eliminated
        u.steps_lost += steps
        if u.steps_lost >= 4:
            u.steps_lost = 3
            self.emit(ev.StepsLost(rule=rule, unit=uid, steps=steps, state="Eliminated"))
            self.eliminate(uid, rule)
            return True
        self.emit(ev.StepsLost(rule=rule, unit=uid, steps=steps, state=STATE_NAMES[u.steps_lost]))
        return False

    def eliminate(self, uid: str, rule: str) -> None:
        u = self.state.units[uid]
        if u.eliminated:
            return
        self._lift(uid)
        u.eliminated = True
        u.defensive_position = False
        u.hex = None
        self.version += 1
        samurai.unit_eliminated(self, uid)
        side = self.side_of(uid)
        elan = self.unit_defs[uid].elan
        self.state.elan_eliminated[side] += elan
        self.emit(ev.UnitEliminated(rule=rule, unit=uid, elan=elan))
        per = self.vp_rule("elan-eliminated")
        if per and elan:  # [17.1] VP for each of the opponent's Elan points eliminated
            self.add_vp(self.enemy(side), per * elan, f"{elan} Elan of {uid} eliminated", "17.1")

    def rally(self, uid: str, levels: int, rule: str = "8.5") -> None:
        u = self.state.units[uid]
        gained = min(levels, u.steps_lost)
        if gained <= 0:
            return
        u.steps_lost -= gained
        self.emit(ev.UnitRallied(rule=rule, unit=uid, levels=gained, state=STATE_NAMES[u.steps_lost]))

    def set_order(self, clan: str, order: m.Order, rule: str) -> None:
        c = self.state.clans[clan]
        if c.order == order:
            return
        old = c.order
        c.order = order
        if self.options.hidden_orders:  # [5.3] the marker is on the side's hidden Honjin
            self.emit(ev.HiddenOrderChanged(rule=rule, clan=clan, old=old.value,
                                            new=order.value, side=c.side))
        else:
            self.emit(ev.OrderChanged(rule=rule, clan=clan, old=old.value, new=order.value))

    def add_bundori(self, side: str, points: int, rule: str) -> None:
        self.state.bundori[side] += points

    def vp_difference(self) -> int:
        """The VP track [17.1]: positive when the first side leads."""
        a, b = self.side_ids
        return self.state.vp[a] - self.state.vp[b]

    def add_vp(self, side: str, vp: int, reason: str, rule: str) -> None:
        if vp:
            before = self.vp_difference()
            self.state.vp[side] += vp
            self.emit(ev.VictoryPoints(rule=rule, side=side, vp=vp, reason=reason))
            samurai.vp_changed(self, before, self.vp_difference())

    def vp_rule(self, kind: str) -> int:
        v = self.scenario.victory
        for r in (v.vp if v else ()):
            if r.kind == kind and not r.at_end:
                return r.args[0] if r.args else 1
        return 0

    # ------------------------------------------------------------ chits
    def _container(self, where: str) -> list[str]:
        if where == "bowl":
            return self.state.bowl
        if where == "aside":
            return self.state.aside
        if where == "played":
            return self.state.played
        if where == "waiting":
            return self.state.waiting
        kind, _, side = where.partition(":")
        h = self.state.honjins[side]
        if kind == "reserve":
            return h.reserve
        box = delay_box_of(where)  # raises outside boxes 1-4 [2.3]: no index wraps
        if box is not None:
            return h.delay[box - 1]
        if kind == "held":  # the opponent's Katta! Katta! chits [10.4.2]
            return h.katta
        raise KeyError(where)

    def move_chit(self, chit: str, source: str | None, target: str | None, rule: str) -> None:
        """Move a chit between the Bowl, the aside box, the game aid, a
        Honjin's Reserve or Delay boxes, the opponent's hand ('held:<side>')
        and the chits a scenario rule keeps off the Honjin ('waiting');
        None = out of play."""
        # both places are found before the chit moves: a bad one loses no chit
        into = self._container(target) if target is not None else None
        if source is not None:
            self._container(source).remove(chit)
        if into is not None:
            into.append(chit)
        self.emit(ev.ChitMoved(rule=rule, chit=chit, source=source or "out",
                               target=target or "out"))
