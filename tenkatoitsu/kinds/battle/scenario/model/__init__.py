"""The immutable definition of a Tenkatoitsu battle: what a `.tks` file says.

One module per section of the file: `document` (the scenario or rules file as
a whole), `turns`, `variants` (and rule modules), `map`, `forces` (sides,
clans, units), `victory`, `tables` (CRT, terrain chart, combat types ...),
`plans` (battle plans) and `siege` (siege maps); `common` holds the notes,
sources and spans they share. Every name is exposed here: code reads the model
as ``from tenkatoitsu.kinds.battle.scenario import model as m``.

Every class is a frozen attrs record. Source positions (`pos`) are kept for
error messages but excluded from equality, so that ``parse(print(s)) == s``.
A game never edits its Scenario: everything that changes lives in GameState.
"""

from tenkatoitsu.kinds.battle.scenario.model.common import Note, Source, Span
from tenkatoitsu.kinds.battle.scenario.model.document import (
                                                              FORMAT_VERSION,
                                                              Document,
                                                              Library,
                                                              RulesDoc,
                                                              Scenario,
                                                              Use,
)
from tenkatoitsu.kinds.battle.scenario.model.forces import Clan, Commander, Order, Side, Unit
from tenkatoitsu.kinds.battle.scenario.model.map import (
                                                              HEXSIDE_MARKS,
                                                              OPEN_HEXSIDE,
                                                              Entry,
                                                              Fortress,
                                                              HexItem,
                                                              HexRect,
                                                              HexsideFeature,
                                                              Label,
                                                              Map,
                                                              Route,
                                                              Star,
                                                              TerrainArea,
                                                              Zone,
                                                              expand,
)
from tenkatoitsu.kinds.battle.scenario.model.plans import Ability, BattlePlan, PlanStatus, Tactic
from tenkatoitsu.kinds.battle.scenario.model.siege import SiegeArea, SiegeLine, SiegeMap
from tenkatoitsu.kinds.battle.scenario.model.tables import (
                                                              DELAY_BOXES,
                                                              CombatModifier,
                                                              CombatModifiers,
                                                              CombatTerm,
                                                              CombatType,
                                                              CombatTypes,
                                                              Crt,
                                                              CrtRow,
                                                              Die,
                                                              Effects,
                                                              HexsideType,
                                                              HexType,
                                                              Mp,
                                                              OrderChange,
                                                              OrderChangeRow,
                                                              RangeTable,
                                                              States,
                                                              TableRow,
                                                              TerrainChart,
)
from tenkatoitsu.kinds.battle.scenario.model.turns import TurnTrack
from tenkatoitsu.kinds.battle.scenario.model.variants import Change, RuleParam, RuleUse, Variant
from tenkatoitsu.kinds.battle.scenario.model.victory import (
                                                              AutomaticVictory,
                                                              Condition,
                                                              Victory,
                                                              VictoryLevel,
                                                              VpRule,
)

__all__ = [
    "DELAY_BOXES", "FORMAT_VERSION", "Ability", "AutomaticVictory", "BattlePlan", "Change", "Clan",
    "CombatModifier", "CombatModifiers", "CombatTerm", "CombatType", "CombatTypes", "Commander",
    "Condition", "Crt", "CrtRow", "Die", "Document", "Effects", "Entry", "Fortress",
    "HEXSIDE_MARKS", "HexItem", "HexRect", "HexType", "HexsideFeature", "HexsideType", "Label",
    "Library", "Map", "Mp", "Note", "OPEN_HEXSIDE", "Order", "OrderChange", "OrderChangeRow",
    "PlanStatus", "RangeTable", "Route", "RuleParam", "RuleUse", "RulesDoc", "Scenario",
    "SiegeArea", "SiegeLine", "SiegeMap", "Side", "Source", "Span", "Star", "States", "Tactic",
    "TableRow", "TerrainArea", "TerrainChart", "TurnTrack", "Unit", "Use", "Variant", "Victory",
    "VictoryLevel", "VpRule", "Zone", "expand",
]
