"""A clans scenario (Shogun: Gekokujō) as the rules read it: the board (the
68 provinces of the classic Shogun map, taken from another scenario with
`use`), the province lists the rules name (mountain, coastal, Mandate,
trading posts) and the sea zones, the nine great clans with their home
provinces, regions and abilities [§2.2.1] [§2.4], the contents of the box
[§2.1] with the combat table [§6.2.3], the numbers of every cost and
threshold, and the variants (the v83 edition and the §10 modules). Every
number the rules use is here, so an author can change the box without code.
Section numbers are those of the rulebook (`§6.2.3`); `-a` style suffixes
are those of the modules digest."""

from __future__ import annotations

from collections.abc import Mapping

import attrs

from tenkatoitsu.dsl.diagnostics import SourcePos
from tenkatoitsu.dsl.scenario_header import (  # noqa: F401 (imported from here too)
    AreaScenario,
    SeatDef,
    Source,
    VariantDef,
)

# ---------------------------------------------------------------- unit types
DAIMYO, BUSHI, RONIN = "daimyo", "bushi", "ronin"
#: the owner of an Ikkō-ikki Stronghold's neutral Bushi [§10.5.2]
NEUTRAL = "ikko-ikki"
#: Specialized Warfare's units [§10.2-b] [§10.2.1]
SPEARMEN, SWORDSMEN, ARCHERS, BANNERMEN, ARQUEBUSIERS = (
    "spearmen", "swordsmen", "archers", "bannermen", "arquebusiers")
#: the combat phases a unit attacks in [§10.2-c]: firearm, then ranged, then melee
FIREARM, RANGED, MELEE = "firearm", "ranged", "melee"

# ---------------------------------------------------------------- province lists
#: the lists of the Reference page's "Province Types" [§2.4] [§7.1] [§1.3] [§10.6.1]
MOUNTAIN, COASTAL, MANDATE, TRADING_POST = "mountain", "coastal", "mandate", "trading-post"
#: every province that touches the sea, by geography (a reconstruction): the
#: option `coast` counts it instead of the rules' short list [U-9]
SHORE = "shore"
LISTS = (MOUNTAIN, COASTAL, SHORE, MANDATE, TRADING_POST)
#: the province whose defenders get +1 [§1.3]
KYOTO = "yamashiro"

# ---------------------------------------------------------------- regions and abilities
WEST, CENTER, EAST = "west", "center", "east"
REGIONS = (WEST, CENTER, EAST)  # [§2.2.1]
#: the clan abilities the rules define [§2.4], by the id a `clan` statement names
ABILITIES = {
    "island-economy": "Chōsokabe: base income 4; +1 Koku per 2 coastal provinces (at most +2)",
    "unbreakable-wall": "Hōjō: a Fortress for 3 Koku, +2 on defense, rebuilt after it falls",
    "inland-sea": "Mōri: 1 movement point between two Mōri provinces on one sea zone; "
                  "+1 Koku per 3 coastal provinces",
    "vanguard": "Oda: +1 on attack rolls of every attacking Oda unit where an Oda Daimyō is",
    "nanban": "Ōtomo: 2 Koku when attacking to re-roll the Bushi's failed attack rolls",
    "western-seas": "Shimazu: +1 Koku per coastal province (at most +3)",
    "wind-of-kai": "Takeda: a Daimyō moves with up to 6 Bushi of his province, 3 provinces",
    "mountains": "Tokugawa: no supply costs for mountain provinces",
    "dragons-domain": "Uesugi: +1 on defense rolls in a province held since the round began",
}

# ---------------------------------------------------------------- variants the rules know
V83 = "v83"  # the later edition's core rules [digest §3]
NO_DOUBTFUL_LANES = "no-doubtful-lanes"  # the board without the sea lanes flagged doubtful
POLITICAL_PLAY = "political-play"  # [§10.1]
SPECIALIZED_WARFARE = "specialized-warfare"  # [§10.2]
RICE_AND_WAR = "rice-and-war"  # [§10.3]
PATH_OF_GLORY = "path-of-glory"  # [§10.4]
IKKO_IKKI = "ikko-ikki"  # [§10.5]
NANBAN_TRADE = "nanban-trade"  # [§10.6]
EMPERORS_FAVOR = "emperors-favor"  # [§10.7]
MODULES = (POLITICAL_PLAY, SPECIALIZED_WARFARE, RICE_AND_WAR, PATH_OF_GLORY, IKKO_IKKI,
           NANBAN_TRADE, EMPERORS_FAVOR)


@attrs.frozen
class UnitType:
    """A row of the combat table [§6.2.3] [§10.2-b]: `dice` d6 each, a hit
    on `attack` or more when attacking, on `defense` or more when defending
    (0: it never rolls that way); `phase` is when it attacks; `cost` Koku to
    recruit (0: not recruited); `count` pieces a clan (0: no limit given);
    `module`: the variant that brings it (None: the core game)."""

    id: str
    name: str
    dice: int = 1
    attack: int = 5
    defense: int = 6
    phase: str = MELEE
    cost: int = 1
    count: int = 0
    module: str | None = None
    pos: SourcePos | None = attrs.field(default=None, eq=False)


def core_units() -> tuple[UnitType, ...]:
    """The core combat table [§6.2.3] with the Ronin row of v83 [§6.2.4]."""
    return (
        UnitType(DAIMYO, "Daimyō", 3, 4, 4, MELEE, 0, 3),
        UnitType(BUSHI, "Bushi", 1, 5, 6, MELEE, 1, 69),
        UnitType(RONIN, "Ronin", 1, 5, 6, MELEE, 1, 0),
    )


@attrs.frozen
class ClanDef:
    """A great clan [§2.4]: its home province (its one starting province),
    its strategic region [§2.2.1], its colour on the map and its ability."""

    id: str
    name: str
    home: str
    region: str
    colour: str
    ability: str
    archetype: str = ""
    pos: SourcePos | None = attrs.field(default=None, eq=False)


@attrs.frozen
class SeaZone:
    """A sea zone and the provinces on its shore (Mōri's ability [§2.4])."""

    id: str
    name: str
    provinces: tuple[str, ...]
    pos: SourcePos | None = attrs.field(default=None, eq=False)


@attrs.frozen
class Components:
    """The box [§2.1] and every number of the rules' costs and thresholds."""

    units: tuple[UnitType, ...] = attrs.field(factory=core_units)
    ronin: int = 30  # in total [§2.1]
    castles: int = 10  # in total [§2.1]
    ninja: int = 1  # [§2.1]
    starting_koku: int = 3  # [§2.3] (v83: 0)
    base_income: int = 3  # [§4.1]
    province_income: int = 1  # per province controlled [§4.1]
    upkeep_per: int = 2  # Bushi per Koku of upkeep, rounded up [§4.1]
    bankruptcy_bushi: int = 2  # removed per Koku not paid [§4.2]
    ninja_cost: int = 3  # [§9.1]
    castle_cost: int = 5  # [§9.2]
    fortify_cost: int = 3  # [§9.2]
    fortress_cost: int = 3  # Hōjō's [§2.4]
    ronin_cost: int = 1  # per Ronin [§6.2.4]
    bushi_moves: int = 2  # provinces a Bushi may move [§6.1]
    daimyo_moves: int = 3
    stack_limit: int = 7  # one player's units in a province [§6.1]
    allied_stack_limit: int = 10  # the allies' together [§10.1.2-b]
    #: provinces that win, by player count [§1.2]
    victory: Mapping[int, int] = attrs.field(factory=lambda: {4: 20, 5: 18})
    #: a vassal's way out [§8.1.2]: the fund's goal and the most it takes a round
    liberation_fund: int = 10
    liberation_deposit: int = 3
    #: Ronin per Koku on a vassal's Gekokujō Assault [§8.1.2]
    assault_ronin_per_koku: int = 2
    #: Path of Glory [§10.4-d]: Glory Points for a last Daimyō defeated (the
    #: leading player's), for a Mandate province taken, and to win
    glory_defeat: int = 2
    glory_defeat_leader: int = 3
    glory_mandate: int = 3
    glory_to_win: int = 7
    #: the Emperor's Favor [§10.7]: Legitimacy a round for Kyoto, the edicts' prices
    legitimacy_per_round: int = 1
    claim_cost: int = 3
    claim_bushi: int = 3
    censure_cost: int = 3
    appointed_shogun: int = 6
    #: the Cycle of Rice and War [§10.3.2]: the Daimyō's Stipend, and the
    #: harvest's yield a Sown Koku by the d6 (1-2 famine, 3-5 normal, 6 bountiful)
    stipend: int = 4
    harvest: Mapping[int, int] = attrs.field(
        factory=lambda: {1: 1, 2: 1, 3: 2, 4: 2, 5: 2, 6: 3})
    #: the Ikkō-ikki [§10.5]: neutral Bushi of a Stronghold, the price of a
    #: marker's pacification, the least d6 that pacifies a reconquest
    ikko_bushi: int = 3
    pacify_cost: int = 2
    pacify_roll: int = 4
    #: Political Play [§10.1.1]: the offer's price, each partner's pledge
    pact_offer: int = 1
    pact_pledge: int = 2
    #: the Nanban Trade [§10.6.2]: Firearm Technology's price and the
    #: Arquebusiers it brings
    firearm_cost: int = 8
    firearm_units: int = 3

    def unit(self, unit_id: str) -> UnitType:
        for u in self.units:
            if u.id == unit_id:
                return u
        raise KeyError(unit_id)

    def has_unit(self, unit_id: str) -> bool:
        return any(u.id == unit_id for u in self.units)


@attrs.frozen
class Use:
    """`use "FILE"`: the map comes from that scenario (a clans or shogun file)."""

    path: str
    pos: SourcePos | None = attrs.field(default=None, eq=False)


@attrs.frozen
class StartProvince:
    """What stands in a province in a starting position: clan -> unit -> count,
    and its castle (built by `castle`; `fortress` for the Hōjō's)."""

    id: str
    units: Mapping[str, Mapping[str, int]] = attrs.field(factory=dict)
    castle: str | None = None
    fortress: bool = False
    pos: SourcePos | None = attrs.field(default=None, eq=False)


@attrs.frozen
class StartVassal:
    """A vassal in a starting position [§8.1]: its lord (None: no one), its
    Liberation Fund, and the provinces it held when it became one."""

    clan: str
    lord: str | None = None
    fund: int = 0
    held: int = 0
    pos: SourcePos | None = attrs.field(default=None, eq=False)


@attrs.frozen
class Start:
    """A position to play from instead of the draft and set-up: the round
    about to begin (from its Administration), each seat's clan, the player
    order of the round before (the first round's when `round` is 1), Koku,
    what stands where, the vassals and the Daimyō already lost."""

    round: int = 1
    clans: Mapping[str, str] = attrs.field(factory=dict)  # seat -> clan
    order: tuple[str, ...] = ()  # clans
    koku: Mapping[str, int] = attrs.field(factory=dict)
    provinces: tuple[StartProvince, ...] = ()
    vassals: tuple[StartVassal, ...] = ()
    eliminated: tuple[str, ...] = ()
    pos: SourcePos | None = attrs.field(default=None, eq=False)


#: the parts of a scenario a file may leave to the scenario it uses
PARTS = ("map", "seats", "players", "components", "variants", "clans", "provinces")


@attrs.frozen
class ClansScenario(AreaScenario):
    players_min: int = 4  # [§1.2] only 4 and 5 players have rules
    players_max: int = 5
    players_default: int = 4
    clans: tuple[ClanDef, ...] = ()
    #: the rules' province lists: list name (LISTS) -> province ids
    lists: Mapping[str, tuple[str, ...]] = attrs.field(factory=dict)
    sea_zones: tuple[SeaZone, ...] = ()
    components: Components = attrs.field(factory=Components)
    uses: tuple[Use, ...] = ()
    #: a position to play from instead of the draft (None: the draft [§2.2])
    start: Start | None = None
    #: the parts this file states itself (the others come from what it uses)
    stated: frozenset = frozenset(PARTS)

    def clan(self, clan_id: str) -> ClanDef:
        for c in self.clans:
            if c.id == clan_id:
                return c
        raise KeyError(clan_id)

    def listed(self, name: str) -> tuple[str, ...]:
        return tuple(self.lists.get(name, ()))
