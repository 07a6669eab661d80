"""Syntax tree -> model for the battle kind's scenario files. Local problems
(a malformed hex id, an unknown order word, a statement given twice) are
collected as Diagnostics so that every error of a file is reported at once;
cross-references are checked by the validator (scenario.validate).

`Builder` is one lark Transformer (one method per grammar rule) composed of a
mixin per section of the file: the document itself, the turn track, variants
and rule modules, the map, the forces, victory, the tables, battle plans and
siege maps. The shared readers are in `common` and `tenkatoitsu.dsl.builder`."""

from __future__ import annotations

from tenkatoitsu.kinds.battle.scenario.builder.document import DocumentRules
from tenkatoitsu.kinds.battle.scenario.builder.forces import ForcesRules
from tenkatoitsu.kinds.battle.scenario.builder.map import MapRules
from tenkatoitsu.kinds.battle.scenario.builder.plans import PlanRules
from tenkatoitsu.kinds.battle.scenario.builder.siege import SiegeRules
from tenkatoitsu.kinds.battle.scenario.builder.tables import TableRules
from tenkatoitsu.kinds.battle.scenario.builder.turns import TurnRules
from tenkatoitsu.kinds.battle.scenario.builder.variants import VariantRules
from tenkatoitsu.kinds.battle.scenario.builder.victory import VictoryRules
from tenkatoitsu.kinds.battle.scenario.model import FORMAT_VERSION


class Builder(DocumentRules, TurnRules, VariantRules, MapRules, ForcesRules, VictoryRules,
              TableRules, PlanRules, SiegeRules):
    """Every rule method is called as ``method(meta, children)``."""

    format_version = FORMAT_VERSION


__all__ = ["Builder"]
