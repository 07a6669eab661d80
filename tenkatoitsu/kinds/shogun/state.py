"""The state of a shogun game: what lies on the table at one moment. A
"house" is a colour set: a player's, or one of a player's two in the
two-player game [SC-24.1]. Plain records."""

from __future__ import annotations

import attrs

from tenkatoitsu.kinds.shogun.scenario.model import REGULARS

SETUP, PLAN, WAR, OVER = "set-up", "plan", "war", "over"
#: the five bins of the planning tray [SC-6.1], in the tray's order
BINS = ("swords", "build", "levy", "ronin", "ninja")
NO_CASTLE, CASTLE, FORTRESS = 0, 1, 2


def units() -> dict[str, int]:
    return {u: 0 for u in REGULARS}


@attrs.define
class Army:
    """A daimyo's army [SC-3.3]: its units on the army card, its marker on the
    board (`at`), its experience marker's hole [SC-19]."""

    house: str
    number: int  # 1..3: the army card's section, the marker's base shape
    at: str | None = None  # the province of its marker; None: the daimyo is lost
    units: dict[str, int] = attrs.field(factory=units)  # regular units on its squares
    ronin: int = 0  # revealed hired ronin below the squares [SC-10.7]
    hole: int = 0  # index on the experience track
    assassinated: bool = False  # laid on its side for the rest of the round [SC-11.8]
    assassin: str | None = None  # the house whose ninja (or revenge) struck it

    @property
    def id(self) -> str:
        return f"{self.house}-{self.number}"

    @property
    def alive(self) -> bool:
        return self.at is not None

    def regulars(self) -> int:
        return sum(self.units.values())

    def military(self) -> int:
        """Its military units, the daimyo included unless assassinated: the
        ronin limit's count [SC-10.5] [SC-26.5]."""
        return self.regulars() + (0 if self.assassinated else 1)


@attrs.define
class Hidden:
    """Ronin on a face-down province card [SC-10.3]: how many go with the army
    standing there and how many with the provincial force [SC-26.3]."""

    army: int = 0
    force: int = 0

    def total(self) -> int:
        return self.army + self.force


@attrs.define
class ShogunState:
    houses: tuple[str, ...]
    owner: dict[str, str | None]  # province -> house holding its card; None: the red rectangle
    force: dict[str, dict[str, int]]  # province -> its owner's provincial force [SC-3.4]
    force_ronin: dict[str, int]  # province -> revealed ronin with the force
    castle: dict[str, int]  # province -> NO_CASTLE | CASTLE | FORTRESS
    armies: dict[str, list[Army]]  # house -> its three armies
    tray: dict[str, dict[str, int]]  # house -> regular units in its tray [SC-9.3]
    koku: dict[str, int]  # house -> koku held (the next Plan's budget)
    koku_supply: int  # chips in the master tray
    ronin_supply: int
    castles_left: int
    fortresses_left: int
    colours: dict[str, list[str]] = attrs.field(factory=dict)  # house -> colours it plays [SC-20.6]
    hidden: dict[str, dict[str, Hidden]] = attrs.field(factory=dict)  # house -> province -> ronin
    #: ronin hired and not yet laid on a face-down card [SC-10.3]
    in_hand: dict[str, int] = attrs.field(factory=dict)
    bins: dict[str, dict[str, int]] = attrs.field(factory=dict)  # revealed plans of this round
    #: plans made but not yet revealed [SC-6.2]: a seat's view shows its own only
    sealed: dict[str, dict[str, int]] = attrs.field(factory=dict)
    sword: dict[str, int] = attrs.field(factory=dict)  # house -> this round's sword [SC-7.5]
    ninja: str | None = None  # the house holding the ninja
    ninja_round: int = 0  # the round it was hired
    ninja_spy: str | None = None  # the house whose bins the spy was shown this round
    ninja_kept: bool = False  # his holder keeps him to spy: no more strikes this round
    eliminated: list[str] = attrs.field(factory=list)
    round: int = 0
    phase: str = SETUP
    step: str = ""  # the action or phase in progress, as players name it
    current: str | None = None  # the house whose Wage War turn it is
    markers: list[list[str]] = attrs.field(factory=list)  # declared battles: [troop, from, to]
    #: bonus defenders left in a province during this Wage War turn [SC-18.3]
    bonus: dict[str, int] = attrs.field(factory=dict)
    battle: dict | None = None  # the battle being fought, for the screens
    winner: str | None = None  # a seat
    level: str | None = None

    # ---- reading the table
    def army_at(self, province: str) -> Army | None:
        """The army whose marker stands in `province` (one at most, once an
        army's move is over [SC-3.6])."""
        for armies in self.armies.values():
            for a in armies:
                if a.at == province:
                    return a
        return None

    def armies_at(self, province: str) -> list[Army]:
        return [a for armies in self.armies.values() for a in armies if a.at == province]

    def living(self, house: str) -> list[Army]:
        return [a for a in self.armies[house] if a.alive]

    def provinces(self, house: str) -> list[str]:
        return [p for p, h in self.owner.items() if h == house]

    def count(self, house: str) -> int:
        return sum(1 for h in self.owner.values() if h == house)

    def force_size(self, province: str) -> int:
        return sum(self.force[province].values())

    def occupied(self, province: str) -> bool:
        """A unit of its owner stands there [SC-12.2] (ronin alone never hold it)."""
        return self.force_size(province) > 0 or self.army_at(province) is not None

    def army(self, army_id: str) -> Army:
        house, _, n = army_id.rpartition("-")
        return self.armies[house][int(n) - 1]

    def units_of(self, house: str) -> dict[str, int]:
        """Every regular unit of `house` on the board and on its army cards."""
        out = units()
        for p, h in self.owner.items():
            if h == house:
                for u, n in self.force[p].items():
                    out[u] += n
        for a in self.armies[house]:  # a lost army's card is empty [SC-20.2]
            for u, n in a.units.items():
                out[u] += n
        return out

    def daimyos(self, house: str) -> int:
        return sum(1 for a in self.armies[house] if a.alive)

    def pieces(self, house: str) -> dict[str, int]:
        """Regular units of a house in its tray, on the board and on its army
        cards: the box's count for each colour it plays [SC-1.2] [SC-20.6]."""
        out = self.units_of(house)
        for u, n in self.tray[house].items():
            out[u] += n
        return out
