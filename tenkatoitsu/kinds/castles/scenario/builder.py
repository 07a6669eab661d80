"""Syntax tree (grammar/castles.lark) -> CastlesScenario. Local problems (a
statement given twice, a number out of range, a malformed colour, a row of
the wrong length) are collected as Diagnostics with what stands in for them,
so that every error of a file is reported at once; what needs the whole
scenario (card ids, counts that must agree) is left to `validate`.

The map block is read by the shared `AreaMapRules`; everything here records
where it stands in `CastlesScenario.where` for the validator and the printer."""

from __future__ import annotations

import re

import attrs
from lark import Token, Tree

from tenkatoitsu.areamap import AreaMap
from tenkatoitsu.dsl.areamap import SOURCE_KINDS, AreaMapRules, MapBlock, source_hint
from tenkatoitsu.dsl.builder import Tagged, unquote
from tenkatoitsu.dsl.diagnostics import Diagnostic, SourcePos
from tenkatoitsu.kinds.castles.scenario.model import (
    Card,
    CastlesScenario,
    Components,
    SeatDef,
    Source,
    VariantDef,
)

FORMAT_VERSION = 1
KIND = "castles"
#: the `what` of a source written without one, at the top of the scenario or in the map
SCENARIO_SOURCE = "scenario"
MAP_SOURCE = "map"
COLOUR = re.compile(r"#[0-9a-fA-F]{6}")
#: the largest number a count may be: beyond it is a typo, and a slow game
MAX_COUNT = 999


@attrs.frozen
class _Item:
    """A components statement: its field, value, and where its rows stand."""

    field: str
    value: object
    rows: tuple[tuple[int, SourcePos], ...] = ()


class CastlesBuilder(AreaMapRules):
    """Every rule method is called as ``method(meta, children)``."""

    format_version = FORMAT_VERSION

    # ------------------------------------------------------------ the file
    def start(self, meta, ch):
        doc = ch[-1]
        if len(ch) == 1:  # a file without `version` is of the version this engine reads
            return attrs.evolve(doc, version=self.format_version)
        version = ch[0]
        return attrs.evolve(doc, version=version.value, where={"version": version.pos,
                                                                **doc.where})

    def version(self, meta, ch):
        return Tagged("version", super().version(meta, ch), self.pos(meta))

    def scenario(self, meta, ch):
        name, items = unquote(ch[0]), ch[1:]
        where: dict[str, SourcePos] = {"scenario": self.pos(ch[0])}
        end = self.pos(meta)
        if end is not None:  # the block's closing brace
            where["scenario end"] = SourcePos(self.file, end.end_line, max(1, end.end_column - 1))
        kind = self.once(items, "kind", "'kind'", meta)
        if kind is None:
            self.error("the scenario does not say its kind", where["scenario"],
                       hint=f"`kind {KIND}` as the first line of the block")
        elif kind.value != KIND:
            self.error(f"kind '{kind.value}' comes too late: this file is read as {KIND}",
                       kind.pos, hint="`kind NAME` must be the first line of the scenario block, "
                       "where it chooses the language the rest of the file is written in")
        if kind is not None:
            where["kind"] = kind.pos
        for i, it in enumerate(it for it in items if it.tag == "note"):
            where[f"note {i}"] = it.pos
        players = self.once(items, "players", "'players'", meta)
        lo, hi, default = players.value if players else (2, 4, 3)
        if players is not None:
            where["players"] = players.pos
        board = self.once(items, "map", "the map", meta)
        block: MapBlock | None = board.value if board else None
        if block is not None:
            where.update(block.where)
        comps = self.once(items, "components", "the components block", meta)
        components = Components()
        if comps is not None:
            components, comp_where = comps.value
            where.update(comp_where)
        variants = self.all(items, "variant")
        for v in variants:
            where.update(v[1])
        map_sources = tuple(Source(MAP_SOURCE, s.kind, s.text, s.pos)
                            for s in (block.sources if block else ()))
        sources = self.all(items, "source")
        return CastlesScenario(
            name=name,
            file=self.file,
            board=block.board if block else AreaMap(()),  # a missing map: validate reports it
            seats=self.all(items, "seat"),
            players_min=lo,
            players_max=hi,
            players_default=default,
            components=components,
            tactics=self._cards(items, "tactic", where),
            daimyo=self._cards(items, "daimyo", where),
            variants=tuple(v for v, _ in variants),
            notes=self.all(items, "note"),
            # the map's own first, then those that name it: `fmt` writes them all in the map
            sources=map_sources + tuple(s for s in sources if s.what == MAP_SOURCE)
            + tuple(s for s in sources if s.what != MAP_SOURCE),
            map_title=block.title if block else "",
            shapes=block.shapes if block else (),
            where=where,
        )

    def note(self, meta, ch):
        return Tagged("note", unquote(ch[0]), self.pos(meta))

    def source(self, meta, ch):
        what, kind = (str(ch[0]), ch[1]) if len(ch) == 3 else (SCENARIO_SOURCE, ch[0])
        if str(kind) not in SOURCE_KINDS:
            self.error(f"a source is {', '.join(SOURCE_KINDS[:-1])} or {SOURCE_KINDS[-1]}, "
                       f"not '{kind}'", kind, source_hint(str(kind)))
        return Tagged("source", Source(what, str(kind), unquote(ch[-1]), self.pos(meta)),
                      self.pos(meta))

    # ------------------------------------------------------------ players and seats
    def span_closed(self, meta, ch):
        return (self.count(ch[0], "players"), self.count(ch[1], "players"), self.pos(meta))

    def span_one(self, meta, ch):
        n = self.count(ch[0], "players")
        return (n, n, self.pos(meta))

    def player_default(self, meta, ch):
        return self.count(ch[0], "players")

    def players(self, meta, ch):
        lo, hi, pos = ch[0]
        if hi < lo:
            self.error(f"the range {lo}..{hi} is empty", pos, hint=f"{hi}..{lo}?")
            lo, hi = hi, lo
        default = ch[1] if len(ch) > 1 else lo
        return Tagged("players", (lo, hi, default), self.pos(meta))

    def seat(self, meta, ch):
        colour = str(ch[2])
        if not COLOUR.fullmatch(colour):
            self.error(f"'{colour}' is not a colour: a colour is # and six hex digits", ch[2],
                       hint="for example #c8372d")
        return Tagged("seat", SeatDef(str(ch[0]), unquote(ch[1]), colour, self.pos(meta)),
                      self.pos(meta))

    # ------------------------------------------------------------ the box and set-up
    def count(self, tok: Token, what: str, lo: int = 0) -> int:
        """A count from the file; one out of range is reported, and read as the nearest."""
        v = self.int_(tok, lo, MAX_COUNT, what)
        return min(max(v, lo), MAX_COUNT)

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

    def numbers(self, meta, ch):
        return tuple(v for part in ch for v in part)

    def number_one(self, meta, ch):
        return (self.count(ch[0], "value"),)

    def number_range(self, meta, ch):
        lo, hi = self.count(ch[0], "value"), self.count(ch[1], "value")
        if hi < lo:
            self.error(f"the range {lo}..{hi} is empty", meta, hint=f"{hi}..{lo}?")
        return tuple(range(lo, hi + 1))

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

    # ------------------------------------------------------------ variants
    def variant(self, meta, ch):
        vid, rest = str(ch[0]), list(ch[1:])
        title = unquote(rest.pop(0)) if rest and isinstance(rest[0], Token) else ""
        body = rest[0] if rest else []
        where = {f"variant {vid}": self.pos(meta)}
        default = self.once(body, "default", "'default'", meta)
        group = self.once(body, "group", "'group'", meta)
        for it in (default, group):
            if it is not None:
                where[f"variant {vid} {it.tag}"] = it.pos
        v = VariantDef(vid, title, default is not None, group.value if group else None,
                       self.pos(meta))
        return Tagged("variant", (v, where), self.pos(meta))

    def variant_body(self, meta, ch):
        return ch

    def v_default(self, meta, ch):
        return Tagged("default", True, self.pos(meta))

    def v_group(self, meta, ch):
        return Tagged("group", str(ch[0]), self.pos(meta))


def build(tree: Tree, file: str) -> tuple[CastlesScenario | None, list[Diagnostic]]:
    b = CastlesBuilder(file)
    doc = b.transform(tree)
    return doc, b.diags
