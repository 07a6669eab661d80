"""Syntax tree (grammar/clans.lark) -> ClansScenario. Local problems (a
statement given twice, a number out of range, a malformed colour, a clan
without its home) are collected as Diagnostics with what stands in for them,
so that every error of a file is reported at once; what needs the whole
scenario (provinces on the board, abilities, regions, unit ids, counts that
must agree) is left to `validate`.

The map block is read by the shared `AreaMapRules`, the header's statements
(and `variant ... { requires NAME }`) by `HeaderRules`; everything here
records where it stands in `ClansScenario.where` for the validator and the
printer: "clan ID" for a clan and "clan ID FIELD" for the word of its field;
"provinces LIST" for a list, "provinces LIST :name" for its name and
"provinces LIST ID" for a province in it;
"sea-zone ID" and "sea-zone ID PROVINCE" likewise; "components WORD" for an
entry of the components block, "components victory N" for a row of
`victory` (and of `harvest`), "components unit ID" for a unit row's id and "components unit ID
FIELD" for its fields."""

from __future__ import annotations

from lark import Tree

from tenkatoitsu.dsl.builder import Tagged, unquote
from tenkatoitsu.dsl.diagnostics import Diagnostic, SourcePos
from tenkatoitsu.dsl.header_rules import HeaderRules
from tenkatoitsu.dsl.scenario_header import COLOUR, MAX_COUNT
from tenkatoitsu.kinds.clans.scenario.model import (
    PARTS,
    ClanDef,
    ClansScenario,
    Components,
    SeaZone,
    UnitType,
    Use,
)

__all__ = ["CLAN_FIELDS", "FORMAT_VERSION", "KIND", "NUMBERS", "ROWS", "UNIT_FIELDS",
           "build"]

FORMAT_VERSION = 1
KIND = "clans"
#: a clan's fields, in the order `fmt` writes them; all but the archetype are needed
CLAN_FIELDS = ("home", "region", "colour", "ability", "archetype")
REQUIRED_CLAN_FIELDS = CLAN_FIELDS[:-1]
#: what a unit row's fields are called in the file (and in the model)
UNIT_FIELDS = ("dice", "attack", "defense", "phase", "cost", "count", "module")
#: the components block's entries of one number: word -> (the Components
#: field, what the number is, its least value). `fmt` writes them in the
#: order of the model's fields, with ROWS among them.
NUMBERS: dict[str, tuple[str, str, int]] = {
    "ronin": ("ronin", "ronin", 0),
    "castles": ("castles", "castles", 0),
    "ninja": ("ninja", "ninja", 0),
    "starting-koku": ("starting_koku", "Koku", 0),
    "base-income": ("base_income", "Koku", 0),
    "province-income": ("province_income", "Koku", 0),
    "upkeep-per": ("upkeep_per", "Bushi per Koku", 1),
    "bankruptcy-bushi": ("bankruptcy_bushi", "Bushi", 0),
    "ninja-cost": ("ninja_cost", "Koku", 0),
    "castle-cost": ("castle_cost", "Koku", 0),
    "fortify-cost": ("fortify_cost", "Koku", 0),
    "fortress-cost": ("fortress_cost", "Koku", 0),
    "ronin-cost": ("ronin_cost", "Koku", 0),
    "bushi-moves": ("bushi_moves", "provinces", 0),
    "daimyo-moves": ("daimyo_moves", "provinces", 0),
    "stack-limit": ("stack_limit", "units", 1),
    "allied-stack-limit": ("allied_stack_limit", "units", 1),
    "liberation-fund": ("liberation_fund", "Koku", 0),
    "liberation-deposit": ("liberation_deposit", "Koku", 0),
    "assault-ronin-per-koku": ("assault_ronin_per_koku", "Ronin per Koku", 1),
    "glory-defeat": ("glory_defeat", "Glory Points", 0),
    "glory-defeat-leader": ("glory_defeat_leader", "Glory Points", 0),
    "glory-mandate": ("glory_mandate", "Glory Points", 0),
    "glory-to-win": ("glory_to_win", "Glory Points", 1),
    "legitimacy-per-round": ("legitimacy_per_round", "Legitimacy", 0),
    "claim-cost": ("claim_cost", "Legitimacy", 0),
    "claim-bushi": ("claim_bushi", "Bushi", 0),
    "censure-cost": ("censure_cost", "Legitimacy", 0),
    "appointed-shogun": ("appointed_shogun", "Legitimacy", 1),
    "stipend": ("stipend", "Koku", 0),
    "ikko-bushi": ("ikko_bushi", "Bushi", 0),
    "pacify-cost": ("pacify_cost", "Koku", 0),
    "pacify-roll": ("pacify_roll", "a d6 roll", 1),
    "pact-offer": ("pact_offer", "Koku", 0),
    "pact-pledge": ("pact_pledge", "Koku", 0),
    "firearm-cost": ("firearm_cost", "Koku", 0),
    "firearm-units": ("firearm_units", "Arquebusiers", 0),
}
#: the entries of rows by a count, `victory 4: 20  5: 18`: word -> (the
#: Components field, what a row's label counts, what its value is, the
#: value's least)
ROWS: dict[str, tuple[str, str, str, int]] = {
    "victory": ("victory", "players", "provinces", 1),
    "harvest": ("harvest", "a d6 roll", "Koku a Sown Koku yields", 0),
}
#: the colour a clan whose colour was malformed or left out is read with (reported)
NO_COLOUR = "#808080"


class ClansBuilder(HeaderRules):
    """Every rule method is called as ``method(meta, children)``; the header's
    statements, the variants and the numbers are `HeaderRules`'."""

    format_version = FORMAT_VERSION
    kind_name = KIND

    def scenario(self, meta, ch):
        head = self.header(meta, ch, (4, 5, 4), Components)
        uses = tuple(self.all(head.items, "use"))
        clans = self._clans(head.items, head.where)
        lists = self._lists(head.items, head.where)
        zones = self._zones(head.items, head.where)
        written = set(head.written)
        if any(it.tag == "clan" for it in head.items):
            written.add("clans")
        if any(it.tag in ("provinces", "sea-zone") for it in head.items):
            written.add("provinces")
        return ClansScenario(
            **head.fields,
            clans=clans,
            lists=lists,
            sea_zones=zones,
            uses=uses,
            stated=frozenset(part for part in PARTS if part in written or not uses),
            where=head.where,
        )

    def use(self, meta, ch):
        return Tagged("use", Use(unquote(ch[0]), self.pos(meta)), self.pos(meta))

    # ------------------------------------------------------------ the great clans
    def _clans(self, items, where) -> tuple[ClanDef, ...]:
        out: dict[str, ClanDef] = {}
        for it in items:
            if it.tag != "clan":
                continue
            clan, parts = it.value
            key = f"clan {clan.id}"
            if clan.id in out:
                self.error(f"clan '{clan.id}' is given twice", it.pos,
                           hint=f"the first is at {where[key]}")
                continue
            out[clan.id] = clan
            where[key] = it.pos
            where.update((f"{key} {field}", pos) for field, pos in parts)
        return tuple(out.values())

    def clan(self, meta, ch):
        clan_id = str(ch[0])
        name, got = self.named_row("clan", clan_id, ch[1], ch[2:], "Oda")
        missing = [f for f in REQUIRED_CLAN_FIELDS if f not in got]
        if missing:
            said = ", ".join(f"'{f}'" for f in missing)
            self.error(f"clan '{clan_id}' has no {said}: a clan has a home province, a region, "
                       "a colour and an ability [§2.2.1] [§2.4]", meta,
                       hint=f'clan {clan_id} "{name}" home owari region center colour #c0392b '
                       "ability vanguard")
        values = {f: v for f, (v, _) in got.items()}
        values.setdefault("colour", NO_COLOUR)
        for f in ("home", "region", "ability"):
            values.setdefault(f, "")
        clan = ClanDef(clan_id, name, pos=self.pos(meta), **values)
        return Tagged("clan", (clan, [(f, p) for f, (_, p) in got.items()]), self.pos(meta))

    def cl_home(self, meta, ch):
        return ("home", str(ch[0]), self.pos(ch[0]))

    def cl_region(self, meta, ch):
        return ("region", str(ch[0]), self.pos(ch[0]))

    def cl_ability(self, meta, ch):
        return ("ability", str(ch[0]), self.pos(ch[0]))

    def cl_archetype(self, meta, ch):
        return ("archetype", unquote(ch[0]), self.pos(ch[0]))

    def cl_colour(self, meta, ch):
        colour = str(ch[0])
        if not COLOUR.fullmatch(colour):
            self.error(f"'{colour}' is not a colour: a colour is # and six hex digits", ch[0],
                       hint="for example #c0392b")
            colour = NO_COLOUR
        return ("colour", colour, self.pos(ch[0]))

    # ------------------------------------------------------------ province lists, sea zones
    def _names(self, toks, what: str, key: str, where) -> tuple[str, ...]:
        """The provinces of a list or a zone, each once (a second is reported)."""
        out: dict[str, SourcePos | None] = {}
        for tok in toks:
            pid = str(tok)
            if pid in out:
                self.error(f"'{pid}' is listed twice in {what}", tok,
                           hint=f"the first is at {out[pid]}")
                continue
            out[pid] = self.pos(tok)
            where[f"{key} {pid}"] = out[pid]
        return tuple(out)

    def provinces(self, meta, ch):
        return Tagged("provinces", (ch[0], ch[1:]), self.pos(meta))

    def _lists(self, items, where) -> dict[str, tuple[str, ...]]:
        out: dict[str, tuple[str, ...]] = {}
        for it in items:
            if it.tag != "provinces":
                continue
            name_tok, toks = it.value
            name, key = str(name_tok), f"provinces {name_tok}"
            if name in out:
                self.error(f"the list '{name}' is given twice", it.pos,
                           hint=f"the first is at {where[key]}; one list, every province once")
                continue
            where[key] = it.pos
            where[f"{key} :name"] = self.pos(name_tok)
            out[name] = self._names(toks, f"provinces {name}", key, where)
        return out

    def sea_zone(self, meta, ch):
        return Tagged("sea-zone", (ch[0], ch[1], ch[2:]), self.pos(meta))

    def _zones(self, items, where) -> tuple[SeaZone, ...]:
        out: dict[str, SeaZone] = {}
        for it in items:
            if it.tag != "sea-zone":
                continue
            id_tok, name_tok, toks = it.value
            zone_id, key = str(id_tok), f"sea-zone {id_tok}"
            if zone_id in out:
                self.error(f"sea zone '{zone_id}' is given twice", it.pos,
                           hint=f"the first is at {where[key]}")
                continue
            name = unquote(name_tok)
            if not name.strip():
                self.error(f"sea zone '{zone_id}' has an empty name", name_tok,
                           hint='the name players read, such as "Seto Inland Sea"')
                name = zone_id
            where[key] = it.pos
            out[zone_id] = SeaZone(zone_id, name,
                                   self._names(toks, f"sea zone '{zone_id}'", key, where),
                                   it.pos)
        return tuple(out.values())

    # ------------------------------------------------------------ the box and its numbers
    def components(self, meta, ch):
        values, units, where = self.gather_components(meta, ch)
        if units:
            # the rows written are the whole table, in their order; none: the core table
            values["units"] = tuple(units.values())
        return Tagged("components", (Components(**values), where), self.pos(meta))

    def _item(self, meta, word, values, parts=()):
        return self.component(meta, word, values, parts)

    # -- a row of the combat table [§6.2.3] [§10.2-b]
    def c_unit(self, meta, ch):
        unit_id = str(ch[0])
        name, got = self.named_row("unit", unit_id, ch[1], ch[2:], "Bushi")
        unit = UnitType(unit_id, name, pos=self.pos(meta),
                        **{w: v for w, (v, _) in got.items()})
        parts = [("", self.pos(ch[0]))] + [(w, p) for w, (_, p) in got.items()]
        return Tagged("unit", (unit, parts), self.pos(meta))

    def u_dice(self, meta, ch):
        return ("dice", self.count(ch[0], "dice", 1), self.pos(meta))

    def u_attack(self, meta, ch):
        return ("attack", self.count(ch[0], "an attack roll"), self.pos(meta))

    def u_defense(self, meta, ch):
        return ("defense", self.count(ch[0], "a defense roll"), self.pos(meta))

    def u_phase(self, meta, ch):
        return ("phase", str(ch[0]), self.pos(meta))

    def u_cost(self, meta, ch):
        return ("cost", self.count(ch[0], "Koku"), self.pos(meta))

    def u_count(self, meta, ch):
        return ("count", self.count(ch[0], "pieces"), self.pos(meta))

    def u_module(self, meta, ch):
        return ("module", str(ch[0]), self.pos(meta))

    # -- rows by a count: the provinces that win [§1.2], the harvest [§10.3.2]
    def _rows(self, meta, ch, word):
        field, label_what, what, lo = ROWS[word]
        out: dict[int, int] = {}
        parts = []
        for label, value in ch:
            n = int(str(label)[:-1])
            pos = self.pos(label)
            if n > MAX_COUNT:
                self.error(f"count {n} is out of range (0..{MAX_COUNT})", label)
            if n in out:
                self.error(f"the row for {n} ({label_what}) is given twice in '{word}'", pos,
                           hint=f"{word} {n}: {out[n]}, once")
                continue
            out[n] = self.count(value, what, lo)
            parts.append((str(n), pos))
        return self._item(meta, word, {field: out}, parts)

    def c_victory(self, meta, ch):
        return self._rows(meta, ch, "victory")

    def c_harvest(self, meta, ch):
        return self._rows(meta, ch, "harvest")

    def count_row(self, meta, ch):
        return (ch[0], ch[1])


def _number_rule(word: str, field: str, what: str, lo: int):
    def rule(self, meta, ch):
        return self._item(meta, word, {field: self.count(ch[0], what, lo)})

    rule.__name__ = f"c_{word.replace('-', '_')}"
    rule.__doc__ = f"`{word} N`: Components.{field}"
    return rule


# one method per entry of one number, as the grammar names them (c_base_income, ...)
for _word, (_field, _what, _lo) in NUMBERS.items():
    setattr(ClansBuilder, f"c_{_word.replace('-', '_')}", _number_rule(_word, _field, _what, _lo))


def build(tree: Tree, file: str) -> tuple[ClansScenario | None, list[Diagnostic]]:
    b = ClansBuilder(file)
    doc = b.transform(tree)
    return doc, b.diags
