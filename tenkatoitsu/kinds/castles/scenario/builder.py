"""Syntax tree (grammar/castles.lark) -> CastlesScenario. Local problems (a
statement given twice, a number out of range, a malformed colour, a row of
the wrong length) are collected as Diagnostics with what stands in for them,
so that every error of a file is reported at once; what needs the whole
scenario (card ids, counts that must agree) is left to `validate`.

The map block is read by the shared `AreaMapRules`, the header's statements
by `HeaderRules`; everything here records where it stands in `CastlesScenario.where` for the validator and the printer."""

from __future__ import annotations

import attrs
from lark import Tree

from tenkatoitsu.dsl.builder import Tagged, unquote
from tenkatoitsu.dsl.diagnostics import Diagnostic, SourcePos
from tenkatoitsu.dsl.header_rules import HeaderRules
from tenkatoitsu.dsl.scenario_header import MAX_COUNT
from tenkatoitsu.kinds.castles.scenario.model import Card, CastlesScenario, Components

FORMAT_VERSION = 1
KIND = "castles"


@attrs.frozen
class _Item:
    """A components statement: its field, value, and where its rows stand."""

    field: str
    value: object
    rows: tuple[tuple[int, SourcePos], ...] = ()


class CastlesBuilder(HeaderRules):
    """Every rule method is called as ``method(meta, children)``; the header's
    statements, the variants and the numbers are `HeaderRules`'."""

    format_version = FORMAT_VERSION
    kind_name = KIND

    def scenario(self, meta, ch):
        head = self.header(meta, ch, (2, 4, 3), Components)
        return CastlesScenario(
            **head.fields,
            tactics=self._cards(head.items, "tactic", head.where),
            daimyo=self._cards(head.items, "daimyo", head.where),
            where=head.where,
        )

    # ------------------------------------------------------------ the box and set-up
    def components(self, meta, ch):
        where: dict[str, SourcePos] = {"components": self.pos(meta)}
        seen: dict[str, Tagged] = {}
        values = {}
        for it in ch:
            item: _Item = it.value
            if item.field in seen:
                self.error(f"'{it.tag}' is given twice in the components",
                           it.pos, hint=f"the first is at {seen[item.field].pos}")
                continue
            seen[item.field] = it
            values[item.field] = item.value
            where[f"components {it.tag}"] = it.pos
            for n, pos in item.rows:
                where[f"components {it.tag} {n}"] = pos
        return Tagged("components", (Components(**values), where), self.pos(meta))

    def _item(self, meta, word, field, value, rows=()):
        return Tagged(word, _Item(field, value, tuple(rows)), self.pos(meta))

    def c_soldiers(self, meta, ch):
        return self._item(meta, "soldiers", "soldiers", self.count(ch[0], "soldiers", 1))

    def c_reinforcements(self, meta, ch):
        return self._item(meta, "reinforcements", "reinforcements",
                          self.count(ch[0], "reinforcement cubes", 1))

    def c_dice(self, meta, ch):
        return self._item(meta, "dice", "dice", self.count(ch[0], "dice", 1))

    def c_daimyo_soldiers(self, meta, ch):
        return self._item(meta, "daimyo-soldiers", "daimyo_soldiers",
                          self.count(ch[0], "soldiers", 1))

    def c_daimyo_strength(self, meta, ch):
        return self._item(meta, "daimyo-strength", "daimyo_strength",
                          self.count(ch[0], "the daimyo's strength", 1))

    def c_large_castles(self, meta, ch):
        return self._item(meta, "large-castles", "large_castles", ch[0])

    def c_small_castles(self, meta, ch):
        return self._item(meta, "small-castles", "small_castles", ch[0])

    def c_swords(self, meta, ch):
        return self._item(meta, "swords", "swords", ch[0])

    def c_small_castles_for(self, meta, ch):
        counts = tuple(self.count(t, "players") for t in ch)
        for i, t in enumerate(ch):
            if counts[i] in counts[:i]:
                self.error(f"{counts[i]} players is given twice", t)
        return self._item(meta, "small-castles-for", "small_castles_for",
                          tuple(dict.fromkeys(counts)))

    def _per_players(self, meta, word, field, rows, single: bool):
        out: dict[int, object] = {}
        where = []
        for n, values, pos in rows:
            if n in out:
                self.error(f"the row for {n} players is given twice in '{word}'", pos)
                continue
            if single and len(values) != 1:
                self.error(f"'{word}' takes one number for {n} players, not {len(values)}", pos,
                           hint=f"{n}: 3" if not values else "one row per player count: "
                           f"'{word} 2: 3  3: 4  4: 5'")
                values = values[:1] or (0,)
            out[n] = values[0] if single else values
            where.append((n, pos))
        return self._item(meta, word, field, out, where)

    def c_display(self, meta, ch):
        return self._per_players(meta, "display", "display", ch[0], single=True)

    def c_reinforce(self, meta, ch):
        return self._per_players(meta, "reinforce", "reinforcements_per_area", ch[0], single=True)

    def c_remove_swords(self, meta, ch):
        return self._per_players(meta, "remove-swords", "swords_removed", ch[0] if ch else [],
                                 single=False)

    def per_players(self, meta, ch):
        return ch

    def count_row(self, meta, ch):
        label = ch[0]
        n = int(str(label)[:-1])
        if n > MAX_COUNT:
            self.error(f"player count {n} is out of range (0..{MAX_COUNT})", label)
        return (n, tuple(self.count(t, "value") for t in ch[1:]), self.pos(label))

    # ------------------------------------------------------------ cards
    def _card(self, tag, meta, ch):
        card = Card(str(ch[0]), unquote(ch[1]), unquote(ch[3]), unquote(ch[2]), self.pos(meta))
        for tok, what in ((ch[1], "name"), (ch[3], "text")):
            if not unquote(tok).strip():
                self.error(f"the {tag} card '{card.id}' has an empty {what}", tok,
                           hint="what players read" if what == "name" else
                           "what the card does, in a sentence or two")
        return Tagged(tag, (card, self.pos(ch[0])), self.pos(meta))

    def _cards(self, items, tag, where) -> tuple[Card, ...]:
        for card, id_pos in self.all(items, tag):
            where.setdefault(f"{tag} {card.id}", id_pos)  # its id's word, for errors about it
        return tuple(card for card, _ in self.all(items, tag))

    def tactic(self, meta, ch):
        return self._card("tactic", meta, ch)

    def daimyo(self, meta, ch):
        return self._card("daimyo", meta, ch)


def build(tree: Tree, file: str) -> tuple[CastlesScenario | None, list[Diagnostic]]:
    b = CastlesBuilder(file)
    doc = b.transform(tree)
    return doc, b.diags
