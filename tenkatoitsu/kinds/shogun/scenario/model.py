"""A shogun scenario as the rules read it: the board (the 68 provinces with
their land borders and sea lanes), the five colours, the contents of the box
[SC-1] with the unit table [SC-3.1], the set-up tables by player count
[SC-4], the experience track [SC-19.2] and the variants. Every number the
rules use is here, so a scenario author can change the box without code.
The seats (colours), variants and sources are the records the area-map
kinds share (tenkatoitsu.dsl.scenario_header)."""

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

#: unit types in the order of the combat sequence's rolling steps [SC-16.1]
DAIMYO, BOWMAN, GUNNER, SWORDSMAN, RONIN, SPEARMAN = (
    "daimyo", "bowman", "gunner", "swordsman", "ronin", "spearman")
#: the regular units a player levies [SC-3.2]
REGULARS = (BOWMAN, SWORDSMAN, GUNNER, SPEARMAN)
#: the army card's squares [SC-1.6]: samurai (S) and ashigaru (A)
SAMURAI, ASHIGARU = "S", "A"

#: the flag of a sea lane the sources doubt (the variant `no-doubtful-lanes` drops them)
DOUBTFUL = "doubtful"


@attrs.frozen
class UnitType:
    """One row of the unit table [SC-3.1]: a hit is a d12 roll of `value` or
    less, rolled in combat step `step`; `per_koku` units cost one koku when
    levied, `square` is the army card square it stands on."""

    id: str
    name: str
    value: int
    step: int
    per_koku: int = 0  # 0: not levied
    square: str | None = None  # S | A | None (the daimyo's D square, ronin below)
    count: int = 0  # pieces of this type per colour [SC-1.2] [SC-26.10]
    pos: SourcePos | None = attrs.field(default=None, eq=False)


def default_units() -> tuple[UnitType, ...]:
    return (
        UnitType(DAIMYO, "daimyo", 6, 4, 0, None, 3),
        UnitType(BOWMAN, "bowman", 6, 1, 1, SAMURAI, 11),
        UnitType(GUNNER, "gunner", 4, 2, 2, ASHIGARU, 11),
        UnitType(SWORDSMAN, "swordsman", 5, 5, 2, SAMURAI, 11),
        UnitType(RONIN, "ronin", 5, 5, 2, None, 0),
        UnitType(SPEARMAN, "spearman", 4, 6, 3, ASHIGARU, 36),
    )


@attrs.frozen
class Components:
    """The box [SC-1] and the set-up tables [SC-4]."""

    units: tuple[UnitType, ...] = attrs.field(factory=default_units)
    castles: int = 10  # [SC-1.3] [SC-8.4]
    fortresses: int = 5  # fortification bases
    ronin: int = 26  # [SC-10.2]
    koku: int = 30  # the chips in the master tray
    battle_markers: int = 12  # [SC-14.4] [SC-26.13]
    swords: tuple[int, ...] = (1, 2, 3, 4, 5)
    #: sword holders (colour sets) in play -> swords taken out [SC-4.6]
    swords_removed: Mapping[int, tuple[int, ...]] = attrs.field(
        factory=lambda: {3: (4, 5), 4: (5,), 5: ()})
    #: the army card: S squares, A squares [SC-3.3]; a provincial force's limit [SC-3.4]
    samurai_squares: int = 4
    ashigaru_squares: int = 10
    force_limit: int = 5
    #: each army at set-up [SC-4.3]: unit type -> count
    army_start: Mapping[str, int] = attrs.field(
        factory=lambda: {BOWMAN: 1, SWORDSMAN: 1, GUNNER: 2})
    #: the first reinforcements [SC-4.8]: spearmen in all, placed N at a time,
    #: at most M in a province during set-up
    setup_spearmen: int = 12
    setup_at_a_time: int = 2
    setup_province_limit: int = 3
    #: the experience track [SC-19.2] [SC-26.1]: the level of each hole
    experience: tuple[int, ...] = (1, 1, 1, 2, 2, 2, 3, 3, 3, 4)
    #: bonus defenders [SC-18.1]
    castle_spearmen: int = 4
    fortress_ronin: int = 5
    #: koku [SC-22.2]: one per `koku_per` provinces, at least `koku_minimum`
    koku_per: int = 3
    koku_minimum: int = 3
    build_cost: int = 2  # [SC-6.3] [SC-8.2]
    ronin_per_koku: int = 2  # [SC-10.1]
    #: the ninja [SC-11.6] [SC-11.7]: an assassination succeeds on a d12 of at
    #: most `assassin`; the victim's revenge on at least `revenge`
    assassin: int = 8
    revenge: int = 9
    #: provinces that win [SC-23.1]; the two-player game's [SC-24.6]
    victory: int = 35
    victory_two_players: int = 50

    def unit(self, unit_id: str) -> UnitType:
        for u in self.units:
            if u.id == unit_id:
                return u
        raise KeyError(unit_id)


@attrs.frozen
class Use:
    """`use "FILE"`: what this file does not state comes from that scenario."""

    path: str
    pos: SourcePos | None = attrs.field(default=None, eq=False)


#: the parts of a scenario a file may leave to the scenario it uses
PARTS = ("map", "seats", "players", "components", "variants")


@attrs.frozen
class StartArmy:
    """An army in a starting position: its daimyo's experience (a hole of the
    track, or a level: the first hole of that level) and its units."""

    number: int
    hole: int = 0
    units: Mapping[str, int] = attrs.field(factory=dict)
    assassinated: bool = False
    level: int | None = None

    def hole_on(self, track) -> int:
        if self.level is None:
            return self.hole
        return next((i for i, lv in enumerate(track) if lv == self.level), 0)


@attrs.frozen
class StartProvince:
    """A province held in a starting position, with what stands in it."""

    id: str
    owner: str
    force: Mapping[str, int] = attrs.field(factory=dict)
    army: StartArmy | None = None
    castle: int = 0  # 0 | 1 castle | 2 fortress
    pos: SourcePos | None = attrs.field(default=None, eq=False)


@attrs.frozen
class Start:
    """A position to play from instead of the set-up [SC-4]: the round about
    to begin (from its Action 1), the colour sets in play and what they hold.
    Provinces not listed lie empty in the red rectangle; an army not listed
    has lost its daimyo; trays hold what the board does not."""

    round: int = 1
    players: tuple[str, ...] = ()
    provinces: tuple[StartProvince, ...] = ()
    koku: Mapping[str, int] = attrs.field(factory=dict)
    sword: Mapping[str, int] = attrs.field(factory=dict)  # last round's, for reading only
    ninja: str | None = None  # hired last round, kept to spy [SC-11.11]
    pos: SourcePos | None = attrs.field(default=None, eq=False)


#: variants the rules know by id
NO_DOUBTFUL_LANES = "no-doubtful-lanes"  # drop the sea lanes flagged doubtful
LONGER_GAME = "longer-game"  # [SC-23.2] victory checked at the end of a round


@attrs.frozen
class ShogunScenario(AreaScenario):
    players_max: int = 5
    players_default: int = 4
    components: Components = attrs.field(factory=Components)
    #: a position to play from instead of the set-up (None: the set-up [SC-4])
    start: Start | None = None
    uses: tuple[Use, ...] = ()
    #: the parts this file states itself (the others come from what it uses)
    stated: frozenset = frozenset(PARTS)
