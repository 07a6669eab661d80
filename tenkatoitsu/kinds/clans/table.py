"""What a clans game's rules read but never change: the board, the clans of
the scenario, the province lists, the sea zones, the box's numbers, the
edition and modules in play and the options. Built once per game."""

from __future__ import annotations

import attrs

from tenkatoitsu.areamap import AreaMap
from tenkatoitsu.kinds.clans.scenario.model import (
    COASTAL,
    MANDATE,
    MODULES,
    MOUNTAIN,
    NO_DOUBTFUL_LANES,
    SHORE,
    TRADING_POST,
    V83,
    ClanDef,
    ClansScenario,
    Components,
)

SEA = "sea"
#: the flag of a sea lane the map's sources doubt (the variant no-doubtful-lanes drops them)
DOUBTFUL = "doubtful"
#: the readings of the first round's player order [U-1]
RANDOM, ALPHABETICAL = "random", "alphabetical"
#: which provinces are coastal [U-9]: the rules' list, or every shore province
LISTED, SHORES = "listed", "shores"


@attrs.frozen
class Options:
    """The clans game's options (the new game dialog shows each with its label)."""

    round_limit: int = attrs.field(
        default=30, validator=attrs.validators.in_(range(1, 1001)),
        metadata={"label": "rounds before the game ends on provinces held (no limit in the "
                           "rules)"})
    first_order: str = attrs.field(
        default=RANDOM, validator=attrs.validators.in_((RANDOM, ALPHABETICAL)),
        metadata={"label": "the first round's player order [U-1]: random (the designer's "
                           "note) or alphabetical (the tie-break)"})
    casualties: str = attrs.field(
        default="hitter", validator=attrs.validators.in_(("hitter", "owner")),
        metadata={"label": "who picks the unit a hit falls on: the player who scored it "
                           "(§6.2.1) or the unit's owner (the examples' wording)"})
    coast: str = attrs.field(
        default=LISTED, validator=attrs.validators.in_((LISTED, SHORES)),
        metadata={"label": "coastal provinces [U-9]: the rules' list of 10, or every "
                           "province on the sea"})


@attrs.frozen
class Table:
    board: AreaMap
    components: Components
    players: tuple[str, ...]  #: the seats at the table
    clans: tuple[ClanDef, ...]  #: every clan of the scenario, in its order
    variants: tuple[str, ...]
    options: Options
    mountain: frozenset
    coastal: frozenset
    mandate: tuple[str, ...]
    trading_posts: tuple[str, ...]
    #: sea zone id -> its provinces
    sea_zones: dict
    #: province -> its neighbours by any link; by sea lanes only
    neighbours: dict
    sea_lanes: dict

    @classmethod
    def of(cls, scenario: ClansScenario, players: tuple[str, ...], variants,
           options: Options) -> Table:
        board = scenario.board
        if NO_DOUBTFUL_LANES in variants:  # the long crossings the map's sources doubt
            board = board.without(links_flagged=DOUBTFUL)
        coast = SHORE if options.coast == SHORES else COASTAL
        neighbours = {a: tuple(board.neighbours(a)) for a in board.ids()}
        lanes = {a: tuple(board.neighbours(a, via=SEA)) for a in board.ids()}
        return cls(board, scenario.components, tuple(players), scenario.clans,
                   tuple(variants), options,
                   frozenset(scenario.listed(MOUNTAIN)), frozenset(scenario.listed(coast)),
                   scenario.listed(MANDATE), scenario.listed(TRADING_POST),
                   {z.id: tuple(z.provinces) for z in scenario.sea_zones}, neighbours, lanes)

    @property
    def v83(self) -> bool:
        return V83 in self.variants

    def module(self, name: str) -> bool:
        assert name in MODULES, name
        return name in self.variants

    def clan(self, clan_id: str) -> ClanDef:
        for c in self.clans:
            if c.id == clan_id:
                return c
        raise KeyError(clan_id)

    def ability(self, clan_id: str) -> str:
        return self.clan(clan_id).ability

    def victory_target(self) -> int:
        """Provinces that win [§1.2]: by the number of players."""
        return self.components.victory[len(self.players)]

    def zones_of(self, province: str) -> tuple[str, ...]:
        return tuple(z for z, ps in self.sea_zones.items() if province in ps)
