"""The records of a scenario's header that the area-map kinds (castles,
shogun) read alike: a seat with its colour, a variant with its default and
group, a source with its citation, and `AreaScenario`, the fields and the
seat lookup their scenarios share; and the words and limits their builders
share."""

from __future__ import annotations

import re
from collections.abc import Mapping

import attrs

from tenkatoitsu.areamap import AreaMap
from tenkatoitsu.dsl.areamap import Shape
from tenkatoitsu.dsl.diagnostics import SourcePos

#: the `what` of a source written without one, at the top of the scenario or in the map
SCENARIO_SOURCE = "scenario"
MAP_SOURCE = "map"
COLOUR = re.compile(r"#[0-9a-fA-F]{6}")
#: the largest number a count may be: beyond it is a typo, and a slow game
MAX_COUNT = 999


@attrs.frozen
class SeatDef:
    """A colour of pieces: a player's seat (in the shogun two-player game,
    one of a player's two colour sets)."""

    id: str
    name: str
    colour: str  # "#rrggbb"
    pos: SourcePos | None = attrs.field(default=None, eq=False)


@attrs.frozen
class VariantDef:
    """A variant: `default` plays it unless another of its `group` is
    chosen; `requires` names the variants it cannot be played without."""

    id: str
    title: str = ""
    default: bool = False
    group: str | None = None
    requires: tuple[str, ...] = ()
    pos: SourcePos | None = attrs.field(default=None, eq=False)


@attrs.frozen
class Source:
    """Where a part of the scenario comes from: `printed` (the rules), a
    `reconstruction`, or `public` (a cited public source)."""

    what: str
    kind: str  # printed | reconstruction | public
    text: str
    pos: SourcePos | None = attrs.field(default=None, eq=False)


@attrs.frozen
class AreaScenario:
    """What a scenario of an area-map kind states besides its kind's own parts:
    the board, the seats, the player counts, the variants, notes and sources."""

    name: str
    file: str
    board: AreaMap
    seats: tuple[SeatDef, ...]
    players_min: int = 2
    players_max: int = 4
    players_default: int = 3
    variants: tuple[VariantDef, ...] = ()
    notes: tuple[str, ...] = ()
    sources: tuple[Source, ...] = ()
    version: int | None = None
    #: the map block's title, and the outlines (coastlines) drawn under the areas
    map_title: str = ""
    shapes: tuple[Shape, ...] = ()
    #: where each statement stands in the file ("scenario", "players", "map",
    #: "area kyo", "link land kyo kiyosu" with the ends as written and the links
    #: in the order written, "components display", "tactic scout", ...): for
    #: located diagnostics, and for `fmt` to keep the links' order and the
    #: comments beside their statements. Not part of the scenario's value.
    where: Mapping[str, SourcePos] = attrs.field(factory=dict, eq=False)

    def seat(self, seat_id: str) -> SeatDef:
        for s in self.seats:
            if s.id == seat_id:
                return s
        raise KeyError(seat_id)
