"""A castles scenario as the rules read it: the board (an area map of the
castles and their land and sea links), the seats, the component counts of
the box [2] with the set-up tables by player count [3], and the tactic and
daimyo cards as data (their effects are code, keyed by the card's id). The
seats, variants and sources are the records the area-map kinds share
(tenkatoitsu.dsl.scenario_header)."""

from __future__ import annotations

from typing import Mapping

import attrs

from tenkatoitsu.dsl.diagnostics import SourcePos
from tenkatoitsu.dsl.scenario_header import (  # noqa: F401 (imported from here too)
    AreaScenario,
    SeatDef,
    Source,
    VariantDef,
)

#: the area flag that marks Kyō, the target of "Entering Kyo" [5.6]
KYO = "kyo"


@attrs.frozen
class Card:
    """A tactic card [5.1]-[5.12] or a daimyo card [5.D]: `id` names its effect."""

    id: str
    name: str
    text: str
    rule: str
    pos: SourcePos | None = attrs.field(default=None, eq=False)


@attrs.frozen
class Components:
    """The box [2] and the set-up tables by player count [3]."""

    soldiers: int = 18
    large_castles: tuple[int, ...] = tuple(range(2, 13))
    small_castles: tuple[int, ...] = (1, 1, 2, 2, 3, 3, 4, 4, 5, 5, 6)
    swords: tuple[int, ...] = (1, 2, 3, 4)
    reinforcements: int = 30
    dice: int = 3
    #: players -> tactic cards face up in the display [3.3]
    display: Mapping[int, int] = attrs.field(factory=lambda: {2: 3, 3: 4, 4: 5})
    #: players -> sword tokens taken out of the game [3.4]
    swords_removed: Mapping[int, tuple[int, ...]] = attrs.field(
        factory=lambda: {2: (3, 4), 3: (4,)})
    #: player counts that play with the small castle tokens [3.4] [4.II.2]
    small_castles_for: tuple[int, ...] = (3, 4)
    #: players -> reinforcement cubes per eligible adjacent area [4.II.3]
    reinforcements_per_area: Mapping[int, int] = attrs.field(
        factory=lambda: {2: 1, 3: 2, 4: 2})
    #: soldiers a player has when playing with the daimyo [5.D]
    daimyo_soldiers: int = 16
    #: the daimyo's strength in the war phase [5.D]
    daimyo_strength: int = 2


@attrs.frozen
class CastlesScenario(AreaScenario):
    components: Components = attrs.field(factory=Components)
    tactics: tuple[Card, ...] = ()
    daimyo: tuple[Card, ...] = ()

    def kyo(self) -> str | None:
        found = self.board.areas_with(KYO)
        return found[0] if found else None
