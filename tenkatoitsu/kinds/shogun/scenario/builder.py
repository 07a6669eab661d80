"""Syntax tree (grammar/shogun.lark) -> ShogunScenario. Local problems (a
statement given twice, a number out of range, a malformed colour, a unit row
without its combat value) are collected as Diagnostics with what stands in
for them, so that every error of a file is reported at once; what needs the
whole scenario (unit ids, counts that must agree, the map's connections) is
left to `validate`.

The map block is read by the shared `AreaMapRules`, the header's statements
by `HeaderRules`; everything here records where it stands in `ShogunScenario.where` for the validator and the printer:
"components WORD" for a statement of the components block, "components
remove-swords N" for a row, "components unit ID" for a unit row's id and
"components unit ID FIELD" for its fields, "components army-start ID" for an
army's unit."""

from __future__ import annotations

from lark import Tree

from tenkatoitsu.dsl.builder import Tagged, unquote
from tenkatoitsu.dsl.diagnostics import Diagnostic, SourcePos
from tenkatoitsu.dsl.header_rules import HeaderRules
from tenkatoitsu.dsl.scenario_header import MAX_COUNT
from tenkatoitsu.kinds.shogun.scenario.model import (
    ASHIGARU,
    PARTS,
    SAMURAI,
    Components,
    ShogunScenario,
    Start,
    StartArmy,
    StartProvince,
    UnitType,
    Use,
    default_units,
)

FORMAT_VERSION = 1
KIND = "shogun"
#: the army card's squares a unit may stand on [SC-1.6]
SQUARES = (SAMURAI, ASHIGARU)
#: what a unit row's fields are called in the file, and in the model
UNIT_FIELDS = {"value": "value", "step": "step", "per-koku": "per_koku", "square": "square",
               "count": "count"}


class ShogunBuilder(HeaderRules):
    """Every rule method is called as ``method(meta, children)``; the header's
    statements, the variants and the numbers are `HeaderRules`'."""

    format_version = FORMAT_VERSION
    kind_name = KIND

    def _check_connections(self, board, areas, pos):
        """A province without a link and a map in parts are errors for the
        rules, reported by `validate`, not the shared block's warnings."""

    def scenario(self, meta, ch):
        head = self.header(meta, ch, (2, 5, 4), Components)
        uses = tuple(self.all(head.items, "use"))
        start = self.once(head.items, "start", "the start block", meta)
        if start is not None:
            head.where.update(start.value[1])
        return ShogunScenario(
            **head.fields,
            start=start.value[0] if start is not None else None,
            uses=uses,
            stated=frozenset(part for part in PARTS if part in head.written or not uses),
            where=head.where,
        )

    # ------------------------------------------------------------ the box and set-up
    def components(self, meta, ch):
        values, units, where = self.gather_components(meta, ch)
        if units:
            # a unit row replaces the box's row of that id; the box's order is kept,
            # and rows of other ids (which `validate` reports) come after
            box = default_units()
            known = {u.id for u in box}
            values["units"] = tuple(units.pop(u.id, u) for u in box) + tuple(
                u for u in units.values() if u.id not in known)
        return Tagged("components", (Components(**values), where), self.pos(meta))

    def _item(self, meta, word, values, parts=()):
        return self.component(meta, word, values, parts)

    def _one(self, meta, ch, word, field, what, lo=0):
        return self._item(meta, word, {field: self.count(ch[0], what, lo)})

    # -- a unit row [SC-3.1]
    def c_unit(self, meta, ch):
        unit_id = str(ch[0])
        name, got = self.named_row("unit", unit_id, ch[1], ch[2:], "spearman")
        for word in ("value", "step"):
            if word not in got:
                example = "value 4 step 6" if word == "value" else "step 6"
                self.error(f"unit '{unit_id}' has no '{word}'", meta,
                           hint=f"a unit row gives its combat value and the combat step it "
                           f"rolls in: unit {unit_id} \"{name}\" {example} ...")
        values = {UNIT_FIELDS[w]: v for w, (v, _) in got.items()}
        values.setdefault("value", 0)
        values.setdefault("step", 0)
        unit = UnitType(unit_id, name, pos=self.pos(meta), **values)
        parts = [("", self.pos(ch[0]))] + [(w, p) for w, (_, p) in got.items()]
        return Tagged("unit", (unit, parts), self.pos(meta))

    def u_value(self, meta, ch):
        return ("value", self.count(ch[0], "a combat value"), self.pos(meta))

    def u_step(self, meta, ch):
        return ("step", self.count(ch[0], "a combat step"), self.pos(meta))

    def u_per_koku(self, meta, ch):
        return ("per-koku", self.count(ch[0], "units per koku"), self.pos(meta))

    def u_count(self, meta, ch):
        return ("count", self.count(ch[0], "pieces"), self.pos(meta))

    def u_square(self, meta, ch):
        square = str(ch[0])
        if square not in SQUARES:
            self.error(f"'{square}' is not a square of the army card: {SAMURAI} (samurai) or "
                       f"{ASHIGARU} (ashigaru)", ch[0],
                       hint=f"did you mean '{square.upper()}'?" if square.upper() in SQUARES
                       else "bowmen and swordsmen stand on S, gunners and spearmen on A [SC-1.6]")
            square = square.upper() if square.upper() in SQUARES else None
        return ("square", square, self.pos(meta))

    # -- the box [SC-1.3]
    def c_castles(self, meta, ch):
        return self._one(meta, ch, "castles", "castles", "castles")

    def c_fortresses(self, meta, ch):
        return self._one(meta, ch, "fortresses", "fortresses", "fortification bases")

    def c_ronin(self, meta, ch):
        return self._one(meta, ch, "ronin", "ronin", "ronin")

    def c_koku(self, meta, ch):
        return self._one(meta, ch, "koku", "koku", "koku chips")

    def c_battle_markers(self, meta, ch):
        return self._one(meta, ch, "battle-markers", "battle_markers", "battle markers")

    def c_swords(self, meta, ch):
        return self._item(meta, "swords", {"swords": self.numbers(meta, ch)})

    def c_remove_swords(self, meta, ch):
        out: dict[int, tuple[int, ...]] = {}
        parts = []
        for n, values, pos in (ch[0] if ch else []):
            if n in out:
                self.error(f"the row for {n} sword holders is given twice in 'remove-swords'",
                           pos)
                continue
            out[n] = values
            parts.append((str(n), pos))
        return self._item(meta, "remove-swords", {"swords_removed": out}, parts)

    def per_count(self, meta, ch):
        return ch

    def count_row(self, meta, ch):
        label = ch[0]
        n = int(str(label)[:-1])
        if n > MAX_COUNT:
            self.error(f"count {n} is out of range (0..{MAX_COUNT})", label)
        return (n, tuple(self.count(t, "sword") for t in ch[1:]), self.pos(label))

    # -- the army card and the troops [SC-3.3] [SC-3.4]
    def c_army_card(self, meta, ch):
        return self._item(meta, "army-card", {
            "samurai_squares": self.count(ch[0], "samurai squares"),
            "ashigaru_squares": self.count(ch[1], "ashigaru squares")})

    def c_force_limit(self, meta, ch):
        return self._one(meta, ch, "force-limit", "force_limit", "a provincial force's limit", 1)

    # -- set-up [SC-4.3] [SC-4.8]
    def c_army_start(self, meta, ch):
        out: dict[str, int] = {}
        parts = []
        for tok, n in ch:
            unit_id = str(tok)
            if unit_id in out:
                self.error(f"'{unit_id}' is given twice in 'army-start'", tok,
                           hint=f"{unit_id} {out[unit_id] + n}, once")
                continue
            out[unit_id] = n
            parts.append((unit_id, self.pos(tok)))
        return self._item(meta, "army-start", {"army_start": out}, parts)

    def unit_count(self, meta, ch):
        return (ch[0], self.count(ch[1], "units"))

    def c_setup(self, meta, ch):
        return self._item(meta, "setup-spearmen", {
            "setup_spearmen": self.count(ch[0], "spearmen"),
            "setup_at_a_time": self.count(ch[1], "spearmen at a time", 1),
            "setup_province_limit": self.count(ch[2], "spearmen in a province", 1)},
            [("at-a-time", self.pos(ch[1])), ("province-limit", self.pos(ch[2]))])

    # -- experience [SC-19.2]
    def c_experience(self, meta, ch):
        levels = tuple(self.count(t, "an experience level") for t in ch)
        return self._item(meta, "experience", {"experience": levels},
                          [(str(i), self.pos(t)) for i, t in enumerate(ch)])

    # -- castles, fortresses, koku, the ninja, victory
    def c_castle_spearmen(self, meta, ch):
        return self._one(meta, ch, "castle-spearmen", "castle_spearmen", "spearmen")

    def c_fortress_ronin(self, meta, ch):
        return self._one(meta, ch, "fortress-ronin", "fortress_ronin", "ronin")

    def c_koku_per(self, meta, ch):
        return self._item(meta, "koku-per", {
            "koku_per": self.count(ch[0], "provinces per koku", 1),
            "koku_minimum": self.count(ch[1], "koku")},
            [("minimum", self.pos(ch[1]))])

    def c_build_cost(self, meta, ch):
        return self._one(meta, ch, "build-cost", "build_cost", "koku")

    def c_ronin_per_koku(self, meta, ch):
        return self._one(meta, ch, "ronin-per-koku", "ronin_per_koku", "ronin per koku", 1)

    def c_assassin(self, meta, ch):
        return self._one(meta, ch, "assassin", "assassin", "a roll")

    def c_revenge(self, meta, ch):
        return self._one(meta, ch, "revenge", "revenge", "a roll")

    def c_victory(self, meta, ch):
        return self._one(meta, ch, "victory", "victory", "provinces", 1)

    def c_victory_two(self, meta, ch):
        return self._one(meta, ch, "victory-two-players", "victory_two_players", "provinces", 1)

    # ------------------------------------------------------------ use and start
    def use(self, meta, ch):
        return Tagged("use", Use(unquote(ch[0]), self.pos(meta)), self.pos(meta))

    def start_block(self, meta, ch):
        where: dict[str, SourcePos] = {"start": self.pos(meta)}
        values: dict = {}
        provinces = []
        for it in ch:
            if it.tag == "province":
                sp = it.value
                if any(p.id == sp.id for p in provinces):
                    self.error(f"province '{sp.id}' is listed twice in the start block", it.pos,
                               hint=f"the first is at {where[f'start province {sp.id}']}")
                    continue
                provinces.append(sp)
                where[f"start province {sp.id}"] = it.pos
                continue
            if it.tag in values:
                self.error(f"'{it.tag}' is given twice in the start block", it.pos,
                           hint=f"the first is at {where[f'start {it.tag}']}")
                continue
            values[it.tag] = it.value
            where[f"start {it.tag}"] = it.pos
        start = Start(round=values.get("round", 1), players=values.get("players", ()),
                      provinces=tuple(provinces), koku=values.get("koku", {}),
                      sword=values.get("sword", {}), ninja=values.get("ninja"),
                      pos=self.pos(meta))
        return Tagged("start", (start, where), self.pos(meta))

    def s_round(self, meta, ch):
        return Tagged("round", self.count(ch[0], "the round", 1), self.pos(meta))

    def s_players(self, meta, ch):
        return Tagged("players", tuple(str(t) for t in ch), self.pos(meta))

    def seat_number(self, meta, ch):
        return (str(ch[0]), self.count(ch[1], "koku"), self.pos(meta))

    def _by_seat(self, meta, ch, word):
        out: dict[str, int] = {}
        for seat, n, pos in ch:
            if seat in out:
                self.error(f"'{seat}' is given twice in '{word}'", pos)
                continue
            out[seat] = n
        return Tagged(word, out, self.pos(meta))

    def s_koku(self, meta, ch):
        return self._by_seat(meta, ch, "koku")

    def s_sword(self, meta, ch):
        return self._by_seat(meta, ch, "sword")

    def s_ninja(self, meta, ch):
        return Tagged("ninja", str(ch[0]), self.pos(meta))

    def s_province(self, meta, ch):
        pid, owner, parts = str(ch[0]), str(ch[1]), ch[2:]
        castle, force, army = 0, {}, None
        for tag, value in parts:
            if tag == "castle":
                castle = max(castle, value)
            elif tag == "force":
                force = value
            else:
                army = value
        return Tagged("province", StartProvince(pid, owner, force, army, castle,
                                                self.pos(meta)), self.pos(meta))

    def p_castle(self, meta, ch):
        return ("castle", 1)

    def p_fortress(self, meta, ch):
        return ("castle", 2)

    def _units_of(self, ch) -> dict[str, int]:
        out: dict[str, int] = {}
        for tok, n in ch:
            if str(tok) in out:
                self.error(f"'{tok}' is given twice", tok, hint=f"{tok} {out[str(tok)] + n}, once")
                continue
            out[str(tok)] = n
        return out

    def p_force(self, meta, ch):
        return ("force", self._units_of(ch))

    def p_army(self, meta, ch):
        number = self.int_(ch[0], 1, 3, "an army's number")
        hole, level, assassinated, counts = 0, None, False, []
        for it in ch[1:]:
            if type(it[0]) is str:  # a field; a unit's count starts with its Token
                if it[0] == "hole":
                    hole = it[1]
                elif it[0] == "level":
                    level = it[1]
                elif it[0] == "assassinated":
                    assassinated = True
            else:
                counts.append(it)
        return ("army", StartArmy(number, hole, self._units_of(counts), assassinated, level))

    def a_level(self, meta, ch):
        return ("level", self.count(ch[0], "a level", 1))

    def a_hole(self, meta, ch):
        return ("hole", self.count(ch[0], "a hole"))

    def a_assassinated(self, meta, ch):
        return ("assassinated", True)


def build(tree: Tree, file: str) -> tuple[ShogunScenario | None, list[Diagnostic]]:
    b = ShogunBuilder(file)
    doc = b.transform(tree)
    return doc, b.diags
