"""The state of a clans game: what lies on the table at one moment. Plain
records; the rules change them, the views read them.

A province's controller is never stored: it is the one clan whose units
stand there (the glossary's "Controlled"); a province with no units, or with
units of several clans, is uncontrolled [§6.2.1]."""

from __future__ import annotations

import attrs

from tenkatoitsu.kinds.clans.scenario.model import DAIMYO, NEUTRAL, RONIN

DRAFT, ADMINISTRATION, REINFORCEMENT, CAMPAIGN, WINTER, OVER = (
    "draft", "administration", "reinforcement", "campaign", "winter", "over")
#: the ninja's missions [§9.1]
SABOTAGE, DIVERSION, ASSASSINATION = "sabotage", "diversion", "assassination"
FIELD_OPERATIONS = (SABOTAGE, DIVERSION)
#: a vassal's paths to liberation [§8.1.2]
ASSAULT, REBUILDING = "assault", "rebuilding"


@attrs.define
class Castle:
    """A castle on the map [§9.2], or the Hōjō Fortress [§2.4]: who built it,
    and whether it is fortified for this round."""

    builder: str
    fortress: bool = False
    fortified: bool = False


@attrs.define
class Ninja:
    """The one ninja [§9.1], hired until the end of the round [U-4]."""

    holder: str
    mission: str
    target: str | None = None  # a field operation's province
    used: bool = False  # an assassination strikes once


@attrs.define
class Vassalage:
    """A vassal's bond [§8.1]: its lord, the path chosen this round, and what
    its Liberation Fund holds."""

    lord: str | None
    path: str | None = None
    fund: int = 0
    since_round: int = 0
    held: int = 0  # provinces held when it began [v83 §8.1.2]


@attrs.define
class Pact:
    """An Honor Pact between two players [§10.1.1], with each one's pledge
    in the common pool."""

    a: str
    b: str
    pool: dict[str, int] = attrs.field(factory=dict)
    since_round: int = 0

    def partner(self, clan: str) -> str:
        return self.b if clan == self.a else self.a


@attrs.define
class ClansState:
    #: seat -> clan, once drafted; and back
    clan_of: dict[str, str] = attrs.field(factory=dict)
    seat_of: dict[str, str] = attrs.field(factory=dict)
    #: the clans in play, in the order they were drafted
    clans: list[str] = attrs.field(factory=list)
    #: province -> clan -> unit type -> count (Ronin only while a battle lasts)
    units: dict[str, dict[str, dict[str, int]]] = attrs.field(factory=dict)
    koku: dict[str, int] = attrs.field(factory=dict)  # behind each player's screen [§2.1]
    daimyo_lost: dict[str, int] = attrs.field(factory=dict)  # never recruited again [§2.1]
    ronin_supply: int = 0
    castles: dict[str, Castle] = attrs.field(factory=dict)  # province -> castle
    ninja: Ninja | None = None
    ninja_public: bool = False  # the table knows he has left the supply
    #: clans that have built their one castle [§9.2] (Hōjō may rebuild [§2.4])
    built_castle: dict[str, int] = attrs.field(factory=dict)  # clan -> round built
    vassals: dict[str, Vassalage] = attrs.field(factory=dict)
    eliminated: list[str] = attrs.field(factory=list)
    #: the Path of Glory [§10.4]: clan -> Glory Points, and the Mandate
    #: provinces each walker has scored
    glory: dict[str, int] = attrs.field(factory=dict)
    glory_scored: dict[str, list[str]] = attrs.field(factory=dict)
    glory_held: dict[str, list[str]] = attrs.field(factory=dict)  # at the last look
    #: the Emperor's Favor [§10.7]: clan -> Legitimacy; censured clan -> round
    legitimacy: dict[str, int] = attrs.field(factory=dict)
    censured: dict[str, int] = attrs.field(factory=dict)
    #: the Cycle of Rice and War [§10.3.1]: province -> clan -> Sown Koku;
    #: clan -> Stored Koku (behind the screen)
    sown: dict[str, dict[str, int]] = attrs.field(factory=dict)
    stored: dict[str, int] = attrs.field(factory=dict)
    #: the Ikkō-ikki [§10.5.1]: province -> the clans whose Unrest markers lie there
    unrest: dict[str, list[str]] = attrs.field(factory=dict)
    #: Political Play [§10.1]: the pacts, the Blood Feuds (victim, betrayer),
    #: betrayer -> the round its −1 lasts, and province -> the partner who held
    #: it when its ally came in [U-15]
    pacts: list[Pact] = attrs.field(factory=list)
    feuds: list[tuple[str, str]] = attrs.field(factory=list)
    betrayed: dict[str, int] = attrs.field(factory=dict)
    shared: dict[str, str] = attrs.field(factory=dict)
    #: the Nanban Trade [§10.6.2]: clans with Firearm Technology
    firearms: list[str] = attrs.field(factory=list)
    #: the player order of this round [§4.1]
    order: list[str] = attrs.field(factory=list)
    #: provinces each clan controlled when the round began (Uesugi [§2.4]) and
    #: when Reinforcement began (where recruits go [§5.2])
    held_at_round: dict[str, tuple] = attrs.field(factory=dict)
    held_at_reinforcement: dict[str, tuple] = attrs.field(factory=dict)
    #: province -> the clan that held it when the campaign turn began (who
    #: defends it with its castle [§9.2])
    turn_holders: dict[str, str | None] = attrs.field(factory=dict)
    #: units that have moved this turn: province -> unit type -> count [§6.1]
    moved: dict[str, dict[str, int]] = attrs.field(factory=dict)
    #: province -> where the units entering it this turn came from
    entered: dict[str, list[str]] = attrs.field(factory=dict)
    round: int = 0
    phase: str = DRAFT
    current: str | None = None  # the clan whose turn it is
    battle: dict | None = None  # the battle being fought, for the screens
    winner: str | None = None  # a seat
    level: str | None = None
    #: the draft [§2.2.2]: the seats in pick order
    pick_order: list[str] = attrs.field(factory=list)

    # ---- reading the table
    def here(self, province: str) -> dict[str, dict[str, int]]:
        """Clan -> its units in `province` (only clans with a unit there)."""
        return {c: u for c, u in self.units[province].items() if any(u.values())}

    def controller(self, province: str) -> str | None:
        """[§6.2.1] The one clan with units there, else None (an Ikkō-ikki
        Stronghold is uncontrolled [§10.5.2]). Two partners of an Honor Pact
        sharing a province: the one who held it before the other came [U-15]."""
        present = [c for c, u in self.units[province].items() if any(u.values())]
        if len(present) == 2 and self.allied(*present):
            held = self.shared.get(province)
            return held if held in present else None
        return present[0] if len(present) == 1 and present[0] != NEUTRAL else None

    def sole(self, province: str, clan: str) -> bool:
        """Only the clan's units stand there (no ally's either) [§1.3] [§10.7.1]."""
        return [c for c, u in self.units[province].items() if any(u.values())] == [clan]

    def pact_of(self, clan: str) -> Pact | None:
        return next((p for p in self.pacts if clan in (p.a, p.b)), None)

    def allied(self, a: str, b: str) -> bool:
        pact = self.pact_of(a)
        return pact is not None and pact.partner(a) == b

    def provinces(self, clan: str) -> list[str]:
        return [p for p in self.units if self.controller(p) == clan]

    def count(self, clan: str) -> int:
        return sum(1 for p in self.units if self.controller(p) == clan)

    def of(self, province: str, clan: str) -> dict[str, int]:
        """The units of `clan` in `province` (a live dict: the rules change it)."""
        return self.units[province].setdefault(clan, {})

    def stack(self, province: str, clan: str) -> int:
        return sum(self.units[province].get(clan, {}).values())

    def total(self, clan: str, unit: str | None = None) -> int:
        """The clan's units on the board (of one type, or all)."""
        return sum(n for p in self.units for u, n in self.units[p].get(clan, {}).items()
                   if unit is None or u == unit)

    def daimyos(self, clan: str) -> int:
        return self.total(clan, DAIMYO)

    def bushi(self, clan: str) -> int:
        """Every unit that is neither a Daimyō nor a Ronin (the Bushi, and
        under Specialized Warfare its units [U-21])."""
        return sum(n for p in self.units for u, n in self.units[p].get(clan, {}).items()
                   if u not in (DAIMYO, RONIN))

    def free(self, clan: str) -> bool:
        """Not a vassal [§8.1], not out of the game [§8.2] (a clan on the
        Path of Glory is free [U-38])."""
        return clan not in self.vassals and clan not in self.eliminated

    def markers(self, clan: str) -> int:
        """The clan's Bushi laid on their side as Unrest markers [§10.5.1]."""
        return sum(ms.count(clan) for ms in self.unrest.values())

    def in_play(self) -> list[str]:
        return [c for c in self.clans if c not in self.eliminated]

    def mobile(self, province: str, clan: str, unit: str) -> int:
        """Units of a type there that have not moved this turn [§6.1]."""
        return self.units[province].get(clan, {}).get(unit, 0) - \
            self.moved.get(province, {}).get(unit, 0)


def is_bushi(unit: str) -> bool:
    return unit not in (DAIMYO, RONIN)

