"""Everything that changes during a battle, apart from the frozen Scenario.

Chits are strings: the obligatory chits [3.2] are ``march``, ``rally``,
``initiative`` and ``combat:<side>``; a clan chit is ``clan:<id>``; a Katta!
Katta! chit ``katta:<side>`` [10.4.2]; a samurai marker ``samurai:<side>`` [16]."""

from __future__ import annotations

import attrs

from tenkatoitsu.hexmap import Hex
from tenkatoitsu.kinds.battle.scenario.model import DELAY_BOXES, Order

MARCH, RALLY, INITIATIVE = "march", "rally", "initiative"


def combat_chit(side: str) -> str:
    return f"combat:{side}"


def clan_chit(clan: str) -> str:
    return f"clan:{clan}"


def chit_clan(chit: str) -> str | None:
    return chit[5:] if chit.startswith("clan:") else None


def is_obligatory(chit: str) -> bool:
    return chit in (MARCH, RALLY, INITIATIVE) or chit.startswith("combat:")


def _check_box(box, where) -> int:
    if not (isinstance(box, int) and 1 <= box <= DELAY_BOXES):
        raise ValueError(f"no Delay box {box!r} ({where}): the Delay Track has boxes 1 to "
                         f"{DELAY_BOXES} [2.3]")
    return box


def delay_place(box: int, side: str) -> str:
    """The place of a chit on `side`'s Delay box `box` ('delay<n>:<side>').
    A box outside 1-4 raises: it is never wrapped onto another box [2.3]."""
    return f"delay{_check_box(box, side)}:{side}"


def delay_box_of(place: str) -> int | None:
    """The Delay box of a place named by `delay_place`; None for any other place
    (the Bowl, a Reserve...)."""
    kind = place.partition(":")[0]
    if not kind.startswith("delay"):
        return None
    return _check_box(int(kind[5:]), place)


def place_name(place: str) -> str:
    """How an option names a chit's destination: 'the Bowl', 'Delay box 2'."""
    box = delay_box_of(place)
    if box is not None:
        return f"Delay box {box}"
    return "the Bowl" if place == "bowl" else place


@attrs.define
class UnitState:
    id: str
    clan: str
    hex: Hex | None  # None: off-map, not yet entered, or eliminated
    steps_lost: int = 0  # 0 Good Order .. 3 Exhausted [4.3]
    eliminated: bool = False
    leader_killed: bool = False  # [11.10] Leadership becomes 0
    defensive_position: bool = False  # a marker stacked with it [11.8]

    @property
    def on_map(self) -> bool:
        return self.hex is not None and not self.eliminated


@attrs.define
class ClanState:
    id: str
    side: str
    order: Order
    off_map: bool = False  # [12] not yet entered
    entry: str | None = None


@attrs.define
class TacticUse:
    """A line of the Battle Plan Log Sheet [10.3]: the tactic, its clans (the
    first one's chit went into the Bowl, the others' aside) and the turn."""

    tactic: str
    clans: list[str]
    turn: int
    performed: bool = False


@attrs.define
class Honjin:
    """A side's player aid [2.3]: the Reserve box, the Delay Track (boxes 1-4),
    and the battle plan with its log."""

    side: str
    reserve: list[str] = attrs.field(factory=list)
    delay: list[list[str]] = attrs.field(factory=lambda: [[] for _ in range(DELAY_BOXES)])
    plan: str | None = None
    plan_active: bool = True
    plan_cp: int = 0  # CP saved toward activating the plan [10.2]
    plan_modifier: int = 0
    plan_revealed: bool = False  # [10.1] a tactic or an ability showed it
    tactics_used: list[TacticUse] = attrs.field(factory=list)
    #: Katta! Katta! chits of the opponent's plan this player holds [10.4.2]
    katta: list[str] = attrs.field(factory=list)
    cp: int = 0  # command points received this turn
    cp_rolled: int = 0


@attrs.define
class GameState:
    turn: int
    units: dict[str, UnitState]
    clans: dict[str, ClanState]
    honjins: dict[str, Honjin]
    bowl: list[str] = attrs.field(factory=list)
    aside: list[str] = attrs.field(factory=list)  # Kido/Ashibaya companions [10.4.4]
    played: list[str] = attrs.field(factory=list)  # obligatory chits on the game aid this turn
    #: chits a scenario rule keeps off the Honjin: Akechi's on the map [19.4.1],
    #: a clan that has not joined yet [19.6.2] or not yet arrived [20.3]
    waiting: list[str] = attrs.field(factory=list)
    #: units that moved (charge, march, deployment, pursuit, entry) during the
    #: current activation phase: a unit that moved into contact assaults [11.5]
    moved: set[str] = attrs.field(factory=set)
    bundori: dict[str, int] = attrs.field(factory=dict)  # Bundori points gained by each side
    vp: dict[str, int] = attrs.field(factory=dict)
    elan_eliminated: dict[str, int] = attrs.field(factory=dict)  # of each side's own units
    last_delayed_by: str | None = None  # [8.6] the side whose chit went back last draw
    samurai_available: list[str] = attrs.field(factory=list)  # [16.4] markers off the map
    samurai_on: dict[str, str] = attrs.field(factory=dict)  # [16.2] marker chit -> host unit
    samurai_offers: list[str] = attrs.field(factory=list)  # [16.1] sides that may call one
    #: marker chit -> its own Leadership, when not the rule's (Mimaki's [19.6.3])
    samurai_lead: dict[str, int] = attrs.field(factory=dict)
    sieges: dict[str, "SiegeState"] = attrs.field(factory=dict)  # [15] fortress id -> its siege
    winner: str | None = None
    level: str | None = None
    over: bool = False

    # -------------------------------------------------------- queries
    #: each clan's units in the order of `units` (a unit never changes clan):
    #: built at the first question, not compared, copied or shown
    _by_clan: dict[str, list[UnitState]] | None = attrs.field(default=None, init=False,
                                                               eq=False, repr=False)

    def clan_units(self, clan: str, on_map_only: bool = True) -> list[UnitState]:
        by_clan = self._by_clan
        if by_clan is None:
            by_clan = self._by_clan = {}
            for u in self.units.values():
                by_clan.setdefault(u.clan, []).append(u)
        if on_map_only:
            return [u for u in by_clan.get(clan, ()) if u.hex is not None and not u.eliminated]
        return [u for u in by_clan.get(clan, ()) if not u.eliminated]

    def side_of_unit(self, unit: UnitState) -> str:
        return self.clans[unit.clan].side

    def chit_places(self, chit: str) -> list[str]:
        """Where a chit is: 'bowl', 'aside', 'played', 'waiting' (kept off the
        Honjin by a scenario rule), 'reserve:<side>', 'delay<n>:<side>',
        'held:<side>' (a Katta! Katta! chit in the opponent's hand)."""
        out = []
        if chit in self.bowl:
            out += ["bowl"] * self.bowl.count(chit)
        if chit in self.aside:
            out.append("aside")
        if chit in self.played:
            out.append("played")
        if chit in self.waiting:
            out.append("waiting")
        for side, h in self.honjins.items():
            if chit in h.reserve:
                out += [f"reserve:{side}"] * h.reserve.count(chit)
            if chit in h.katta:
                out.append(f"held:{side}")
            for i, box in enumerate(h.delay):
                if chit in box:
                    out += [f"delay{i + 1}:{side}"] * box.count(chit)
        return out


@attrs.define
class SiegeState:
    """One siege: the two players' tracks and Control markers [15.4]."""

    fortress: str
    besieger: str
    besieged: str  # the player whose Base Area is the centre [15.4]
    manpower: dict[str, int]
    out_of_combat: dict[str, int]
    #: area -> the sides with a Control marker there (one; one per side in a
    #: Peripheral Area [15.4.4])
    markers: dict[str, list[str]] = attrs.field(factory=dict)
    bases: dict[str, list[str]] = attrs.field(factory=dict)  # side -> its Base Areas [15.2]
    #: marker placements owed: [side, area, rule] (area None: the besieged's
    #: free placement at the beginning [15.5])
    pending: list[list] = attrs.field(factory=list)

    def sides(self) -> tuple[str, str]:
        return self.besieged, self.besieger

    def has_marker(self, side: str, area: str) -> bool:
        return side in self.markers.get(area, ())

    def marker_count(self, side: str) -> int:
        return sum(side in v for v in self.markers.values())
