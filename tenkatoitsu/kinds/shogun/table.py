"""What a game's rules read but never change: the board with the variants
applied, the colour sets in play and who controls each, the box's numbers
and the options. Built once per game."""

from __future__ import annotations

import attrs

from tenkatoitsu.areamap import AreaMap
from tenkatoitsu.kinds.shogun.scenario.model import (
    DOUBTFUL,
    LONGER_GAME,
    NO_DOUBTFUL_LANES,
    Components,
    ShogunScenario,
)

SEA = "sea"


@attrs.frozen
class Options:
    """The shogun game's options (the new game dialog shows each with its label)."""

    round_limit: int = attrs.field(
        default=40, validator=attrs.validators.in_(range(1, 1001)),
        metadata={"label": "rounds before the game ends on provinces held (no limit in the box)"})
    battle_markers: int = attrs.field(
        default=12, validator=attrs.validators.in_(range(69)),
        metadata={"label": "first battles a player may declare in a turn [SC-26.13] "
                           "(the box's 12 markers; 0: no limit)"})
    partial_ronin: bool = attrs.field(
        default=True, metadata={"label": "too few ronin left: hire the pairs there are "
                                         "[SC-26.8] (off: none, the koku is lost)"})
    move_after_conquest: bool = attrs.field(
        default=False, metadata={"label": "an army that conquers in Phase D may move on "
                                          "(off: conquering ends its move [SC-26.9])"})
    ninja_before_battles: bool = attrs.field(
        default=True, metadata={"label": "the ninja may strike before every battle [SC-26.4] "
                                         "(off: only before Wage War turns and Phase C)"})


@attrs.frozen
class Table:
    board: AreaMap
    components: Components
    players: tuple[str, ...]  #: the seats at the table (who answers decisions)
    houses: tuple[str, ...]  #: the colour sets in play, in seat order [SC-24.1]
    seat_of: dict  #: colour set -> the seat that plays it
    two_players: bool
    longer_game: bool
    options: Options
    #: province -> its neighbours by any link; (a, b) -> crossing by sea only
    neighbours: dict
    sea_only: frozenset

    @classmethod
    def of(cls, scenario: ShogunScenario, players: tuple[str, ...], variants,
           options: Options) -> Table:
        board = scenario.board
        if NO_DOUBTFUL_LANES in variants:
            board = board.without(links_flagged=DOUBTFUL)
        two = len(players) == 2
        if two:  # [SC-24.1] each player two colour sets: the next colours not chosen
            spare = [s.id for s in scenario.seats if s.id not in players]
            houses = (players[0], players[1], spare[0], spare[1])
            seat_of = {players[0]: players[0], players[1]: players[1],
                       spare[0]: players[0], spare[1]: players[1]}
        else:
            houses = tuple(players)
            seat_of = {p: p for p in players}
        neighbours = {a: tuple(board.neighbours(a)) for a in board.ids()}
        sea_only = set()
        for a in board.ids():
            for b in neighbours[a]:
                kinds = {ln.kind for ln in board.links_between(a, b)}
                if kinds == {SEA}:
                    sea_only.add((a, b))
        return cls(board, scenario.components, tuple(players), houses, seat_of, two,
                   LONGER_GAME in variants, options, neighbours, frozenset(sea_only))

    def by_sea(self, a: str, b: str) -> bool:
        """An attack from `a` on `b` is a naval invasion [SC-2.6] [SC-18.6]."""
        return (a, b) in self.sea_only

    def allies(self, house: str) -> tuple[str, ...]:
        """The colour sets of the same player [SC-24.4] (the house itself included)."""
        seat = self.seat_of[house]
        return tuple(h for h in self.houses if self.seat_of[h] == seat)

