"""A file as a whole: the `scenario` block or the `rules` file, its `use`
statements and `scale`, and the library of definitions it holds itself."""

from __future__ import annotations

import attrs

from tenkatoitsu.dsl.builder import Tagged, unquote
from tenkatoitsu.kinds.battle.scenario import model as m
from tenkatoitsu.kinds.battle.scenario.builder.common import CommonRules


class DocumentRules(CommonRules):
    def start(self, meta, ch):
        version = None
        doc = ch[-1]
        if len(ch) == 2:
            version = ch[0]
        return attrs.evolve(doc, version=version)

    def scenario(self, meta, ch):
        name = unquote(ch[0])
        items = ch[1:]
        kind = self.once(items, "kind", "'kind'", meta)
        turns = self.once(items, "turns", "the turn track", meta)
        mp = self.once(items, "map", "the map", meta)
        vic = self.once(items, "victory", "the victory block", meta)
        scale = self.once(items, "scale", "'scale'", meta)
        return m.Scenario(
            name=name,
            kind=kind.value if kind else "battle",
            uses=self.all(items, "use"),
            scale=scale.value if scale else None,
            turns=turns.value if turns else None,
            variants=self.all(items, "variant"),
            map=mp.value if mp else None,
            sides=self.all(items, "side"),
            victory=vic.value if vic else None,
            rules=self.all(items, "rule"),
            library=self.library(items, meta),
            file=self.file,
            pos=self.pos(meta),
        )

    def rules(self, meta, ch):
        name = unquote(ch[0])
        items = ch[1:]
        return m.RulesDoc(name=name, library=self.library(items, meta), file=self.file,
                          pos=self.pos(meta))

    def library(self, items, meta) -> m.Library:
        def one(tag, what):
            it = self.once(items, tag, what, meta)
            return it.value if it else None

        return m.Library(
            tables=self.all(items, "table"),
            crt=one("crt", "the combat results table"),
            order_change=one("order_change", "the order change table"),
            terrain_chart=one("terrain_chart", "the terrain chart"),
            combat_types=one("combat_types", "the combat types table"),
            combat_modifiers=one("combat_modifiers", "the combat modifiers table"),
            states=one("states", "the states table"),
            battle_plans=self.all(items, "battle_plan"),
            siege_maps=self.all(items, "siege_map"),
            notes=self.all(items, "note"),
        )

    def use(self, meta, ch):
        return Tagged("use", m.Use(unquote(ch[0]), self.pos(meta)), self.pos(meta))

    def scale(self, meta, ch):
        return Tagged("scale", unquote(ch[0]), self.pos(meta))
