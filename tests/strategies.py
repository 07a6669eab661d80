"""Hypothesis strategies for random, printable `.tks` documents.

`documents` draws a `Scenario` or a `RulesDoc` that uses every construct of
the language: turn track, variants with every kind of Change, the map with all
its statements, sides/clans/units with every attribute, victory rules, rule
modules and every library table. The documents are *not* semantically valid
(ids dangle, tables do not tile, sides are not two...): they only have to be
something the printer can write and the parser can read back, with no error
from the builder (scenario/builder/ checks ranges and enumerated words locally,
so the strategies keep to those).

Where the grammar itself cannot tell two things apart, the strategies avoid the
ambiguous case and say why beside it (look for "grammar:"):

* an open-above span (`5..`) only ends a list of spans: `5.. 2` reads `5..2`;
* ids in `successors` and `eliminated` lists are never keywords;
* the first row of `states`, `combat-types`, `combat-modifiers` is not named
  like a keyword (it may follow `source printed`);
* a range-table value is never the word `unmodified`.

And where the model can hold what the language cannot write: `version` is
always 1 (the printer writes the line even when the document has none); a unit
has either a Leadership value or the X cross; an active battle plan has no
modifier; a directed hexside type has both `up` and `down`; a siege line has
both Defense values or neither; `cost impassable` carries no MP.
"""

from __future__ import annotations

import string

from hypothesis import strategies as st

from tenkatoitsu.hexmap import Hex
from tenkatoitsu.kinds.battle.scenario import model as m

# ------------------------------------------------------------------ lexical atoms

#: every keyword of grammar/tenkatoitsu.lark that the NAME/ID regexes also match:
#: names and ids are drawn from these too, so that "a terrain called road" or
#: "a clan called note" is exercised wherever the contextual lexer allows it.
KEYWORDS = (
    "ability", "active", "and", "assault-blue", "at", "at-end", "automatic", "base",
    "battle-plan", "blue", "chit", "clan", "color", "columns", "combat-modifiers",
    "combat-types", "commander", "controls", "cost", "crt", "default", "defense", "down",
    "edge", "elan", "eliminated", "enter", "entry", "exempt", "fatigue", "fire",
    "firearms-prepared", "flag", "for", "fortress", "group", "hex", "hexside", "holds", "if",
    "if-prepared", "impassable", "in", "inactive", "initial-orders", "key", "kind", "label",
    "lead", "leader-killed", "level", "line", "map", "margin", "mass", "modifier", "night",
    "night-shelter", "no-attack", "non-obligatory", "none", "not", "note", "offmap", "only",
    "order", "order-change", "path", "peripheral", "place", "road", "rule", "rules",
    "samurai-lines", "scale", "scenario", "side", "siege", "siege-map", "so-taisho", "source",
    "star", "start", "states", "successors", "table", "tactic", "taisho", "terrain",
    "terrain-chart", "turns", "unit", "unmodified", "up", "use", "variant", "version",
    "victory", "vp", "winner", "x",
)
ID_KEYWORDS = KEYWORDS + ("X",)

NAME_RE = r"[a-z][a-z0-9_]*(-[a-z0-9_]+)*"  # grammar/common.lark
ID_RE = r"[A-Za-z0-9][A-Za-z0-9_]*(-[A-Za-z0-9_]+)*"

_LOWER = string.ascii_lowercase
_NAME_CHARS = _LOWER + string.digits + "_"
_ID_CHARS = string.ascii_letters + string.digits + "_"


def _words(head: str, chars: str):
    """Words of the shape head chars* (-chars+)*; much cheaper than from_regex."""
    return st.builds(
        lambda h, t, segs: h + t + "".join("-" + x for x in segs),
        st.sampled_from(head), st.text(chars, max_size=7),
        st.lists(st.text(chars, min_size=1, max_size=4), max_size=2))


_plain_names = _words(_LOWER, _NAME_CHARS)
_plain_ids = _words(_ID_CHARS[:-1], _ID_CHARS)

#: a lower-case NAME (grammar/common.lark), sometimes a keyword look-alike
names = st.one_of(_plain_names, _plain_names, st.sampled_from(KEYWORDS))
#: an ID as printed on counters (A, 1, L1, 18A, A1-2), sometimes a keyword
ids = st.one_of(_plain_ids, _plain_ids, st.sampled_from(ID_KEYWORDS))


def names_except(*words: str):
    return names.filter(lambda w: w not in words)


def ids_except(*words: str):
    return ids.filter(lambda w: w not in words)


AWKWARD = (
    "Shōryūji-jō", "Ōsaka", "天下統一", "本丸", 'say "hi"', "back\\slash", "ends with \\",
    "\\n is not a newline", '\\"', "line\nbreak", "\n", "", " ", "tab\there", "cr\rhere",
    "# not a comment", "{ } | > .. --", "'single'", "unit A1 \"x\" at 0101", "\u2028sep",
    "NUL\x00byte", "ümlaut ß", "🏯 castle", "\\\\n", '""', "\\",
)
#: any text: the printer must quote and escape it, the builder unquote it
texts = st.one_of(
    st.sampled_from(AWKWARD),
    st.text(alphabet=st.characters(exclude_categories=("Cs",)), max_size=12),
    st.text(alphabet='"\\n\n a#{}ōū', max_size=8),
)
opt_texts = st.none() | texts

hexes = st.builds(Hex.from_colrow, st.integers(1, 99), st.integers(1, 99))
hex_items = st.one_of(hexes, hexes, st.builds(m.HexRect, hexes, hexes))
orders = st.sampled_from(list(m.Order))
dice = st.sampled_from(list(m.Die))
small_ints = st.integers(-99, 99)
any_ints = st.one_of(small_ints, st.integers(-10**6, 10**6))
colors = st.one_of(
    st.text("0123456789abcdefABCDEF", min_size=6, max_size=6).map("#".__add__),
    names,
)


def tuples(elements, min_size=0, max_size=3):
    return st.lists(elements, min_size=min_size, max_size=max_size).map(tuple)


#: grammar: a block may open with `source NAME STRING?`; after `source printed`
#: the LALR lookahead of `source` (merged over every block that has one) lets
#: the contextual lexer read a keyword such as `ability` or `tactic`, so the
#: first row of `states`, `combat-types` and `combat-modifiers` cannot be named
#: like a keyword (the validator only allows fixed, non-keyword names there).
first_row_names = names_except(*KEYWORDS)


#: grammar: `successors ID+` and `eliminated ID+` share one LALR list rule, so
#: after an id of such a list the lexer may take any keyword that follows either
#: list (`and`, `level`, `note`, `clan`...) for the keyword
list_ids = ids_except(*ID_KEYWORDS)


def rows(first, rest, max_size=4):
    """One or more rows, the first drawn from `first`."""
    return st.tuples(first, tuples(rest, 0, max_size - 1)).map(lambda fr: (fr[0],) + fr[1])


notes = st.builds(m.Note, texts)
sources = st.builds(m.Source, st.sampled_from(["printed", "reconstruction"]), opt_texts)
opt_sources = st.none() | sources


@st.composite
def spans(draw, lo=-30, hi=130):
    kind = draw(st.sampled_from(["closed", "below", "above", "one"]))
    a = draw(st.integers(lo, hi))
    if kind == "closed":
        return m.Span(a, draw(st.integers(a, hi + 5)))
    if kind == "below":
        return m.Span(None, a)
    if kind == "above":
        return m.Span(a, None)
    return m.Span(a, a)


@st.composite
def span_lists(draw, min_size=1, max_size=4):
    """A list of spans as in `night`, `fatigue` or the CRT's `columns`."""
    items = draw(st.lists(spans(), min_size=min_size, max_size=max_size))
    # grammar: whitespace is ignored, so `5.. 2` reads as `5..2`: an open-ended
    # span can only be written last in a list (see test_roundtrip).
    above = [s for s in items if s.lo is not None and s.hi is None]
    rest = [s for s in items if not (s.lo is not None and s.hi is None)]
    return tuple(rest + above[-1:])


mps = st.builds(m.Mp, st.integers(0, 40), st.integers(1, 6))
opt_mps = st.none() | mps

# ------------------------------------------------------------------ scenario parts

plan_statuses = st.one_of(
    st.just(m.PlanStatus(True, 0)),
    st.builds(m.PlanStatus, st.just(False), small_ints),
)


@st.composite
def turn_tracks(draw):
    first = draw(st.integers(1, 99))
    return m.TurnTrack(
        first=first,
        last=draw(st.integers(first, 99)),
        start=draw(st.none() | st.integers(1, 99)),
        night=draw(st.just(()) | span_lists()),
        fatigue=draw(st.just(()) | span_lists()),
    )


rule_params = st.builds(m.RuleParam, names, tuples(st.one_of(any_ints, texts), max_size=4))
rule_uses = st.builds(m.RuleUse, names, tuples(rule_params, max_size=3))

changes = st.one_of(
    st.just(m.Change("default")),
    st.builds(m.Change, st.just("group"), st.none(), names),
    st.builds(m.Change, st.just("start"), st.none(), st.integers(1, 99)),
    st.builds(m.Change, st.just("order"), ids, orders),
    st.builds(m.Change, st.just("enter"), ids, ids),
    st.builds(m.Change, st.just("chit"), ids, st.sampled_from(["vanguard", "rearguard"])),
    st.builds(m.Change, st.just("place"), ids, st.none() | hexes),
    st.builds(m.Change, st.just("plan"), names, plan_statuses),
)

variants = st.builds(
    m.Variant, names, opt_texts, tuples(changes, max_size=6), tuples(rule_uses, max_size=2),
    tuples(notes, max_size=2))

terrain_areas = st.builds(m.TerrainArea, names, tuples(hex_items, 1, 4))
hexside_features = st.builds(m.HexsideFeature, names, hexes, hexes, st.booleans())
routes = st.builds(m.Route, st.sampled_from(["road", "path"]), opt_texts, tuples(hexes, 1, 5))
zones = st.builds(m.Zone, names, opt_texts, tuples(hex_items, 1, 4))
stars = st.builds(m.Star, hexes, st.integers(0, 99), names)
entries = st.builds(m.Entry, ids, hexes, opt_texts)
fortresses = st.builds(m.Fortress, names, texts, tuples(hexes, 1, 3), names)
labels = st.builds(m.Label, hexes, texts)

maps = st.builds(
    m.Map,
    width=st.integers(1, 99), height=st.integers(1, 99),
    default_terrain=names,
    terrain=tuples(terrain_areas),
    hexsides=tuples(hexside_features, max_size=4),
    routes=tuples(routes),
    zones=tuples(zones, max_size=2),
    stars=tuples(stars, max_size=2),
    entries=tuples(entries, max_size=2),
    fortresses=tuples(fortresses, max_size=2),
    labels=tuples(labels, max_size=2),
    notes=tuples(notes, max_size=2),
)


@st.composite
def units(draw):
    lead_x = draw(st.booleans())
    mark = draw(st.sampled_from(["", "so_taisho", "taisho"]))
    return m.Unit(
        id=draw(ids), name=draw(texts),
        elan=draw(st.integers(0, 9)), mass=draw(st.integers(0, 9)), fire=draw(st.integers(0, 9)),
        # the builder refuses a value together with the Leadership-X cross [4.1]
        lead=0 if lead_x else draw(st.integers(0, 2)), lead_x=lead_x,
        so_taisho=mark == "so_taisho", taisho=mark == "taisho",
        hex=draw(st.none() | hexes),
    )


CLAN_FLAGS = ("never-routs", "undecided", "neutral-on-defection")

clans = st.builds(
    m.Clan,
    id=ids, name=texts, color=st.none() | colors, order=orders,
    entry=st.none() | ids, chit=st.none() | st.sampled_from(["vanguard", "rearguard"]),
    flags=tuples(st.sampled_from(CLAN_FLAGS)), only=st.none() | names,
    units=tuples(units(), max_size=3), notes=tuples(notes, max_size=2),
)

commanders = st.builds(m.Commander, ids, names, tuples(orders, max_size=4))

sides = st.builds(
    m.Side,
    id=names, name=texts, color=st.none() | colors,
    so_taisho=st.none() | commanders, commanders=tuples(commanders, max_size=2),
    successors=tuples(list_ids),
    plan=plan_statuses, clans=tuples(clans, max_size=3), notes=tuples(notes, max_size=2),
)

# ------------------------------------------------------------------ victory


@st.composite
def conditions(draw):
    kind = draw(st.sampled_from(["leader-killed", "eliminated", "controls", "holds", "unit-in"]))
    if kind == "leader-killed":
        args = (draw(ids),)
    elif kind == "eliminated":
        args = draw(tuples(list_ids, 1, 3))
    elif kind == "controls":
        args = (draw(names), draw(names))
    elif kind == "holds":
        args = (draw(names), draw(hexes))
    else:
        args = (draw(ids), draw(names))
    return m.Condition(kind, args, draw(st.booleans()))


@st.composite
def vp_rules(draw):
    kind = draw(st.sampled_from(["elan-eliminated", "bundori", "hold", "stars", "units-on-map"]))
    if kind == "hold":
        args = (draw(st.one_of(st.integers(0, 9999), any_ints)), draw(small_ints))
    elif kind == "stars":
        args = ()
    else:
        args = (draw(small_ints),)
    return m.VpRule(kind, args, draw(st.booleans()))


levels = st.builds(m.VictoryLevel, texts, names, names, spans(), tuples(conditions()))

victories = st.builds(
    m.Victory,
    vp=tuples(vp_rules(), max_size=4),
    automatic=tuples(st.builds(m.AutomaticVictory, names, conditions())),
    margin=st.none() | st.integers(0, 99),
    samurai_lines=tuples(st.integers(1, 99)),
    levels=tuples(levels, max_size=3),
    notes=tuples(notes, max_size=2),
)

# ------------------------------------------------------------------ library

CELL_RE = r"-|[ad][0-9A-Za-z^-]*"  # grammar/tenkatoitsu.lark
cells = st.one_of(
    st.just("-"),
    st.sampled_from(["a1", "a2^1", "a1-d1", "d1R", "d1R^R", "dE^2", "d", "a-", "a^^"]),
    st.builds(str.__add__, st.sampled_from("ad"),
              st.text(string.ascii_letters + string.digits + "^-", max_size=6)),
)

#: grammar: a row's words run on until the next row label, and the next row may
#: begin with `unmodified`, so no value of a row can be the word `unmodified`
table_values = st.one_of(small_ints, names_except("unmodified"))
table_rows = st.builds(m.TableRow, spans(-20, 20), tuples(table_values, 1, 3), st.booleans())
range_tables = st.builds(m.RangeTable, names, tuples(table_rows, 1, 4), opt_sources)

crt_rows = st.builds(m.CrtRow, spans(-20, 20), tuples(cells, 1, 5))
crts = st.builds(m.Crt, span_lists(max_size=5), tuples(crt_rows, 1, 4), opt_sources)

oc_cells = st.none() | st.tuples(small_ints, small_ints)
order_changes = st.builds(
    m.OrderChange, tuples(orders, 1, 4),
    tuples(st.builds(m.OrderChangeRow, orders, tuples(oc_cells, 1, 4)), 1, 4), opt_sources)


@st.composite
def effects(draw):
    impassable = draw(st.booleans())
    return m.Effects(
        blue=draw(small_ints), assault_blue=draw(small_ints),
        firearms_prepared=draw(st.booleans()), non_obligatory=draw(st.booleans()),
        no_attack=draw(st.booleans()),
        # `cost impassable` is the only way to write an impassable crossing
        cost=None if impassable else draw(opt_mps), impassable=impassable,
    )


@st.composite
def hexside_types(draw):
    directed = draw(st.booleans())  # the builder wants both `up` and `down`, or neither
    return m.HexsideType(
        draw(names), draw(effects()),
        draw(effects()) if directed else None, draw(effects()) if directed else None)


hex_types = st.builds(m.HexType, names, st.none() | names, opt_mps, st.booleans(), st.booleans())

terrain_charts = st.builds(
    m.TerrainChart, tuples(hex_types), tuples(hexside_types()), opt_mps, opt_mps, opt_sources,
    tuples(notes, max_size=2))

combat_terms = st.builds(
    m.CombatTerm, st.sampled_from(["elan", "mass", "fire"]), dice, st.booleans())


def _ct_row(name):
    return st.builds(m.CombatType, name, st.sampled_from(["attacker", "defender"]),
                     tuples(combat_terms, 1, 3))


def _cm_row(name):
    return st.builds(m.CombatModifier, name, dice, st.none() | small_ints)


combat_types = st.builds(
    m.CombatTypes, rows(_ct_row(first_row_names), _ct_row(names)), opt_sources)
combat_modifiers = st.builds(
    m.CombatModifiers, rows(_cm_row(first_row_names), _cm_row(names)), opt_sources)
states = st.builds(
    m.States, rows(st.tuples(first_row_names, small_ints), st.tuples(names, small_ints)),
    opt_sources)

battle_plans = st.builds(
    m.BattlePlan, names, texts,
    tuples(st.sampled_from([o.value for o in m.Order] + ["any"]), 1, 3),
    tuples(st.builds(m.Tactic, names, st.integers(1, 99), st.none() | st.integers(0, 9))),
    tuples(st.builds(m.Ability, names, st.none() | st.integers(0, 99))),
    opt_sources, tuples(notes, max_size=2))


@st.composite
def siege_lines(draw):
    with_defense = draw(st.booleans())  # `defense A B` gives both ends or neither
    d = st.integers(0, 9)
    return m.SiegeLine(draw(names), draw(names), draw(d) if with_defense else None,
                       draw(d) if with_defense else None)


siege_areas = st.builds(
    m.SiegeArea, names, st.sampled_from(["base", "key", "peripheral"]), opt_texts,
    st.none() | st.integers(0, 9), tuples(hexes))
siege_maps = st.builds(
    m.SiegeMap, names, texts, tuples(siege_areas, max_size=4), tuples(siege_lines(), max_size=3),
    opt_sources, tuples(notes, max_size=2))


def libraries(max_tables=3):
    return st.builds(
        m.Library,
        tables=tuples(range_tables, max_size=max_tables),
        crt=st.none() | crts,
        order_change=st.none() | order_changes,
        terrain_chart=st.none() | terrain_charts,
        combat_types=st.none() | combat_types,
        combat_modifiers=st.none() | combat_modifiers,
        states=st.none() | states,
        battle_plans=tuples(battle_plans, max_size=2),
        siege_maps=tuples(siege_maps, max_size=2),
        notes=tuples(notes, max_size=2),
    )


# ------------------------------------------------------------------ documents

scenarios = st.builds(
    m.Scenario,
    name=texts,
    kind=names,
    version=st.just(m.FORMAT_VERSION),  # the printer always writes the version line
    uses=tuples(st.builds(m.Use, texts)),
    scale=opt_texts,
    turns=st.none() | turn_tracks(),
    variants=tuples(variants, max_size=3),
    map=st.none() | maps,
    sides=tuples(sides, max_size=2),
    victory=st.none() | victories,
    rules=tuples(rule_uses, max_size=2),
    library=libraries(),
)

rules_docs = st.builds(m.RulesDoc, name=texts, library=libraries(),
                       version=st.just(m.FORMAT_VERSION))

documents = st.one_of(scenarios, rules_docs)
