"""The castles scenario language: the bundled scenario builds into the board
of KINDS.md (11 castles, 16 links, Kyō flagged) with the rules' cards; `fmt`
keeps it as written and any small area map survives printing and reading
back; and every check reports its problem at its line and column, with a
hint, on a copy of the scenario with one thing wrong."""

from __future__ import annotations

import re
from pathlib import Path

import attrs
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from tenkatoitsu import kinds
from tenkatoitsu.areamap import LAND, SEA, Area, AreaMap, Link
from tenkatoitsu.bundled import GRAMMAR_DIR
from tenkatoitsu.dsl import loader
from tenkatoitsu.dsl.areamap import KEYWORDS, SOURCE_KINDS, MapBlock, MapSource, Shape, map_lines
from tenkatoitsu.dsl.diagnostics import render, render_all
from tenkatoitsu.dsl.parsing import parse
from tenkatoitsu.kinds.castles.scenario.builder import build
from tenkatoitsu.kinds.castles.scenario.cards import DAIMYO_IDS, TACTIC_IDS, TACTIC_RULES
from tenkatoitsu.kinds.castles.scenario.model import KYO, Components
from tenkatoitsu.kinds.castles.scenario.printer import format_source
from tenkatoitsu.kinds.castles.scenario.validate import validate

ROOT = Path(__file__).resolve().parents[2]
SCENARIO = ROOT / "scenarios" / "castles.tks"
GRAMMAR = GRAMMAR_DIR / "castles.lark"
TEXT = SCENARIO.read_text(encoding="utf-8")
FILE = "castles.tks"

#: KINDS.md, "castles — the board": the castles in board order, and the links by index
BOARD = ("usuki", "oko", "shuri", "yoshida-koriyama", "kyo", "kasugayama", "kiyosu",
         "tsutsujigasaki", "yonezawa", "odawara", "tokuyama-date")
SEA_LINKS = ((0, 1), (0, 2), (0, 3), (1, 3), (1, 4), (8, 10))
LAND_LINKS = ((3, 4), (4, 5), (4, 6), (5, 6), (5, 7), (6, 7), (6, 9), (7, 8), (7, 9), (8, 9))


def read(text: str, file: str = FILE):
    """Parse and build; the syntax must be right."""
    tree, diags = parse(GRAMMAR, text, file)
    assert tree is not None, render_all(diags, {file: text})
    doc, built = build(tree, file)
    return doc, diags + built


def check(text: str, file: str = FILE):
    doc, diags = read(text, file)
    return doc, diags + validate(doc)


@pytest.fixture(scope="module")
def doc():
    doc, diags = check(TEXT)
    assert not diags, render_all(diags, {FILE: TEXT})
    return doc


# ---------------------------------------------------------------- the bundled scenario

def test_the_board_is_the_eleven_castles_in_board_order(doc):
    b = doc.board
    assert b.ids() == BOARD
    assert [b[i].name for i in ("oko", "yoshida-koriyama", "kyo", "tokuyama-date")] == \
        ["Okō", "Yoshida-Kōriyama", "Kyō", "Tokuyama-date (Ezo)"]
    assert len(b.links) == 16
    assert {ln.key for ln in b.links if ln.kind == SEA} == \
        {Link(BOARD[i], BOARD[j], SEA).key for i, j in SEA_LINKS}
    assert {ln.key for ln in b.links if ln.kind == LAND} == \
        {Link(BOARD[i], BOARD[j], LAND).key for i, j in LAND_LINKS}
    assert b.areas_with(KYO) == ("kyo",) and doc.kyo() == "kyo"
    assert doc.map_title == "Japan, June 1560"


def test_the_graph_is_connected_and_symmetric(doc):
    b = doc.board
    assert b.is_connected()
    for a in b.ids():
        for n in b.neighbours(a):
            assert a in b.neighbours(n)
            assert {ln.kind for ln in b.links_between(a, n)} == \
                {ln.kind for ln in b.links_between(n, a)}
    assert not b.is_connected(LAND)  # the islands are reached by sea only
    assert b.neighbours("shuri") == ("usuki",)


def test_cards_seats_components_and_variant(doc):
    assert tuple(c.id for c in doc.tactics) == TACTIC_IDS
    assert all(c.rule == TACTIC_RULES[c.id] for c in doc.tactics)
    assert tuple(c.id for c in doc.daimyo) == DAIMYO_IDS
    assert all(c.rule == "5.D" and c.text for c in doc.daimyo)
    retreat = next(c for c in doc.tactics if c.id == "retreat")
    assert "two of your soldiers" in retreat.text  # the errata's 2, not 3
    assert [s.id for s in doc.seats] == ["red", "blue", "yellow", "black"]
    assert (doc.players_min, doc.players_max, doc.players_default) == (2, 4, 3)
    assert doc.components == Components()  # the box, as the model has it
    assert [(v.id, v.default) for v in doc.variants] == [("daimyo", False)]


def test_sources_cite_the_rules_the_fan_board_and_the_reconstruction(doc):
    kinds_by_what = {(s.what, s.kind) for s in doc.sources}
    assert ("map", "public") in kinds_by_what and ("map", "reconstruction") in kinds_by_what
    assert ("components", "printed") in kinds_by_what
    public = next(s.text for s in doc.sources if s.kind == "public")
    assert "mxmono/rumble-nation" in public and "gamestate.gd" in public


def _inside(point, polygon) -> bool:
    x, y = point
    inside = False
    for (x1, y1), (x2, y2) in zip(polygon, polygon[1:] + polygon[:1]):
        if (y1 > y) != (y2 > y) and x < x1 + (y - y1) * (x2 - x1) / (y2 - y1):
            inside = not inside
    return inside


def test_castles_are_drawn_on_their_islands(doc):
    shapes = {s.id: s.points for s in doc.shapes}
    assert set(shapes) == {"hokkaido", "honshu", "shikoku", "kyushu", "okinawa"}
    island = {"usuki": "kyushu", "oko": "shikoku", "shuri": "okinawa",
              "tokuyama-date": "hokkaido"}
    for area in doc.board:
        assert _inside(area.pos, list(shapes[island.get(area.id, "honshu")])), area.id
    pos = {a.id: a.pos for a in doc.board}
    assert pos["shuri"][1] == max(p[1] for p in pos.values())  # far south
    assert pos["tokuyama-date"][1] == min(p[1] for p in pos.values())  # far north


def test_the_scenario_is_in_canonical_form(doc):
    assert format_source(doc, TEXT) == TEXT


def test_check_and_fmt_through_the_registered_kind():
    res = loader.load_file(SCENARIO)
    assert res.ok and not res.diagnostics, render_all(res.diagnostics, res.sources)
    assert res.kind is kinds.get("castles")
    assert res.kind.format(res.document, res.text) == res.text


# ---------------------------------------------------------------- fmt

def _messy(text: str) -> str:
    """The scenario as someone might type it: statements out of order, ranges
    spelt out, one block on a line, the other spelling of colour."""
    players = "  players 2..4 default 3\n"
    text = text.replace(players, "").replace("  variant daimyo", "  players 2..4   default 3\n"
                                                                  "  variant daimyo")
    text = text.replace("large-castles 2..12", "large-castles 2 3 4 5..12")
    text = text.replace("colour #2f6fbf", "color #2f6fbf").replace("land kyo kiyosu",
                                                                  "land kiyosu kyo")
    text = text.replace("  source components printed", "  source map public \"a 2nd map source\""
                        "\n  source components printed")
    text = re.sub(r"\n    (swords|reinforcements|dice) ", r" \1 ", text)
    return text.replace('"Advanced rules: each player\'s daimyo and a daimyo card"',
                        '"Advanced" { group rules default }  # the advanced rules')


def test_fmt_of_a_messy_copy_builds_the_same_scenario_and_is_stable(doc):
    messy = _messy(TEXT)
    assert messy != TEXT
    first, diags = check(messy)
    assert not [d for d in diags if d.is_error], render_all(diags, {FILE: messy})
    once = format_source(first, messy)
    again, _ = read(once)
    assert again == first
    assert format_source(again, once) == once
    assert once.count("#") == messy.count("#")  # every comment kept (and each colour)
    assert "land kiyosu kyo" in once  # a link keeps the way it was written
    assert 'source public "a 2nd map source"' in once  # moved into the map
    assert "  variant daimyo \"Advanced\" {  # the advanced rules" in once
    # the rest is as the scenario has it
    assert attrs.evolve(again, sources=doc.sources, variants=doc.variants) == doc


def test_a_file_without_version_gets_one_and_the_same_scenario():
    text = TEXT.replace("version 1\n", "")
    first, _ = read(text)
    out = format_source(first, text)
    assert "\nversion 1\nscenario" in out
    second, _ = read(out)
    assert second == first


# ---------------------------------------------------------------- the shared map block

_names = st.from_regex(r"[a-z][a-z0-9_]{0,5}(-[a-z0-9]{1,3})?", fullmatch=True)
_flags = _names.filter(lambda w: w not in KEYWORDS)
_texts = st.one_of(st.sampled_from(["Kyō (京)", 'say "hi"', "back\\slash", "\\n", "#", "  "]),
                   st.text(alphabet=st.characters(exclude_categories=("Cs",),
                                                  exclude_characters="\n"),
                           min_size=1, max_size=10))
_ints = st.integers(-2000, 2000)


@st.composite
def map_blocks(draw) -> MapBlock:
    ids = draw(st.lists(_names, min_size=1, max_size=6, unique=True))
    areas = [Area(i, draw(_texts), draw(st.frozensets(_flags, max_size=2)),
                  draw(st.none() | _names), pos=draw(st.none() | st.tuples(_ints, _ints)))
             for i in ids]
    links: dict = {}
    for _ in range(draw(st.integers(0, 8))):
        a, b = draw(st.sampled_from(ids)), draw(st.sampled_from(ids))
        # any kind: a keyword after `link` is a plain word
        kind = draw(st.sampled_from([LAND, SEA, "strait"]) | _names)
        if a != b:
            ln = Link(a, b, kind, draw(st.frozensets(_flags, max_size=2)))
            links.setdefault(ln.key, ln)
    shape_ids = draw(st.lists(_names, max_size=2, unique=True))
    shapes = tuple(Shape(s, draw(st.none() | _texts),
                         tuple(draw(st.lists(st.tuples(_ints, _ints), min_size=3, max_size=11))))
                   for s in shape_ids)
    sources = tuple(MapSource(draw(st.sampled_from(SOURCE_KINDS)), draw(_texts))
                    for _ in range(draw(st.integers(0, 2))))
    return MapBlock(draw(_texts), AreaMap(areas, links.values()), shapes, sources)


def _map_text(block: MapBlock) -> str:
    return "".join(f"{'  ' * d}{t}\n" for d, t, _ in map_lines(block, 1))


def _scenario_text(block: MapBlock) -> str:
    return f'version 1\nscenario "generated" {{\n  kind castles\n{_map_text(block)}}}\n'


@settings(max_examples=150, deadline=None, derandomize=True,
          suppress_health_check=[HealthCheck.too_slow])
@given(map_blocks())
def test_any_small_area_map_is_printed_and_read_back_the_same(block):
    text = _scenario_text(block)
    doc, diags = read(text)
    assert not [d for d in diags if d.is_error], render_all(diags, {FILE: text}) + "\n" + text
    assert doc.board == block.board
    assert doc.shapes == block.shapes and doc.map_title == block.title
    assert [(s.what, s.kind, s.text) for s in doc.sources] == \
        [("map", s.kind, s.text) for s in block.sources]
    out = format_source(doc, text)
    assert _map_text(block) in out  # what the block printed is canonical already
    again, _ = read(out)
    assert again == doc
    assert format_source(again, out) == out


def test_a_word_in_the_map_is_asked_for_by_its_name_not_the_grammar_s():
    text = TEXT.replace("land kyo kiyosu", "land kyo 12")
    tree, diags = parse(GRAMMAR, text, FILE)
    assert tree is None and len(diags) == 1
    assert "expected a name" in diags[0].message and "areamap" not in diags[0].message


# ---------------------------------------------------------------- every check, located

def edit(text: str, old: str, new: str | None) -> str:
    """`old` replaced by `new` once; with `new` None, the lines starting with `old` dropped."""
    if new is None:
        kept = [ln for ln in text.split("\n") if not ln.strip().startswith(old)]
        assert len(kept) < text.count("\n") + 1, old
        return "\n".join(kept)
    assert text.count(old) >= 1, old
    return text.replace(old, new, 1)


#: (case, [(old, new)...], what the message says, where it points: a substring of the
#: edited file that occurs once, severity)
CASES = [
    ("duplicate area", [('    area kasugayama "Kasugayama"',
                         '    area kyo "Again" at 1 1\n    area kasugayama "Kasugayama"')],
     "duplicate area 'kyo'", 'area kyo "Again"', "error"),
    ("unknown area in a link", [("land kyo kiyosu", "land kyo kiyoso")],
     "unknown area 'kiyoso' in a land link", "kiyoso", "error"),
    ("link to itself", [("land kyo kiyosu", "land kyo kyo")],
     "a land link joins area 'kyo' to itself", "land kyo kyo", "error"),
    ("pair linked twice", [("land kyo kiyosu", "land kyo kiyosu\n    land kiyosu kyo")],
     "kiyosu and kyo are linked twice by land", "land kiyosu kyo", "error"),
    ("area without a link", [('    area kasugayama "Kasugayama"',
                              '    area sado "Sado" at 940 480\n    area kasugayama "Kasugayama"')],
     "area 'sado' has no link", 'area sado "Sado"', "warning"),
    ("map in parts", [("sea usuki yoshida-koriyama", None), ("sea oko yoshida-koriyama", None),
                      ("sea oko kyo", None)],
     "the map falls into 2 parts", 'map "Japan', "warning"),
    ("large castles per area", [("large-castles 2..12", "large-castles 2..11")],
     "10 large castle tokens for 11 areas", "large-castles 2..11", "error"),
    ("large castle values are two dice", [("large-castles 2..12", "large-castles 3..13")],
     "large castle value 13", "large-castles 3..13", "error"),
    ("small castles for every runner-up",
     [("small-castles 1 1 2 2 3 3 4 4 5 5 6", "small-castles 1 1 2 2 3 3 4 4 5 5")],
     "the small castle tokens lack 6", "small-castles 1 1", "error"),
    ("unknown tactic card", [("tactic scout", "tactic scot")],
     "unknown tactic card 'scot'", "scot", "error"),
    ("unknown daimyo card", [("daimyo oda ", "daimyo odda ")],
     "unknown daimyo card 'odda'", "odda", "error"),
    ("duplicate tactic card", [('tactic support "Support"', 'tactic scout "Support"')],
     "duplicate tactic card 'scout'", 'tactic scout "Support"', "error"),
    ("players within 2..4", [("players 2..4 default 3", "players 2..5 default 3")],
     "the rules are written for 2 to 4 players", "players 2..5", "error"),
    ("default within the range", [("players 2..4 default 3", "players 2..4 default 5")],
     "the default of 5 players is outside 2..4", "players 2..4 default 5", "error"),
    ("a seat per player", [("seat black", None)],
     "4 players need 4 seats; the scenario has 3", "seat yellow", "error"),
    ("display within the tactic cards", [("4: 5  #", "4: 13  #")],
     "display 4: 13 cards face up, from 12 tactic cards", "4: 13", "error"),
    ("display for every player count", [("display 2: 3  3: 4  4: 5", "display 2: 3  3: 4")],
     "display has no row for 4 players", "display 2: 3  3: 4", "error"),
    ("reinforce for every player count",
     [("reinforce 2: 1  3: 2  4: 2", "reinforce 2: 1  4: 2")],
     "reinforce has no row for 3 players", "reinforce 2: 1  4: 2", "error"),
    ("reinforce takes one number", [("reinforce 2: 1  3: 2", "reinforce 2: 1 1  3: 2")],
     "'reinforce' takes one number for 2 players, not 2", "2: 1 1", "error"),
    ("a sword per player", [("swords 1 2 3 4", "swords 1 2 3")],
     "3 sword tokens for 4 players", "swords 1 2 3", "error"),
    ("swords left after removal", [("remove-swords 2: 3 4  3: 4", "remove-swords 2: 3 4  3: 3 4")],
     "remove-swords 3: 2 swords left for 3 players", "3: 3 4", "error"),
    ("kyo for entering-kyo", [('"Kyō" kyo at', '"Kyō" at')],
     "no area is flagged 'kyo'", "tactic entering-kyo", "error"),
    ("one kyo", [('area kiyosu "Kiyosu" at', 'area kiyosu "Kiyosu" kyo at')],
     "areas 'kyo' and 'kiyosu' are both flagged 'kyo'", 'area kiyosu "Kiyosu"', "error"),
    ("daimyo cards for the variant", [("daimyo takeda", None), ("daimyo mori", None),
                                      ("daimyo otomo", None)],
     "4 players need 4, the scenario has 3", "variant daimyo", "error"),
    ("daimyo soldiers below soldiers", [("daimyo-soldiers 16", "daimyo-soldiers 18")],
     "daimyo-soldiers 18", "daimyo-soldiers 18", "error"),
    ("colour", [("colour #c8372d", "colour #c8372")],
     "'#c8372' is not a colour", "#c8372", "error"),
    ("three dice", [("dice 3", "dice 2")], "a deployment rolls 3", "dice 2", "error"),
    ("unknown variant", [("variant daimyo ", "variant daimio ")],
     "unknown variant 'daimio'", "variant daimio", "error"),
    ("source kind", [("source components printed", "source components printd")],
     "a source is printed, reconstruction or public, not 'printd'", "printd", "error"),
    ("statement twice", [("  players 2..4 default 3", "  players 2..4 default 3\n  players 3")],
     "'players' is given twice in this block", "players 3\n", "error"),
]


@pytest.mark.parametrize("edits,message,mark,severity", [c[1:] for c in CASES],
                         ids=[c[0] for c in CASES])
def test_each_check_is_located_with_a_hint(edits, message, mark, severity):
    text = TEXT
    for old, new in edits:
        text = edit(text, old, new)
    assert text.count(mark) == 1, mark
    at = text.index(mark)
    line, column = text.count("\n", 0, at) + 1, at - text.rfind("\n", 0, at)
    _, diags = check(text)
    found = [d for d in diags if message in d.message]
    assert found, render_all(diags, {FILE: text})
    d = found[0]
    assert (d.pos.file, d.pos.line, d.pos.column) == (FILE, line, column), \
        render(d, {FILE: text})
    assert d.severity == severity
    assert d.hint, render(d, {FILE: text})
    shown = render(d, {FILE: text})
    assert shown.startswith(f"{FILE}:{line}:{column}: {severity}: ") and "^" in shown


def test_the_did_you_mean_hints():
    text = edit(edit(TEXT, "land kyo kiyosu", "land kyo kiyoso"), "tactic scout", "tactic scot")
    _, diags = check(text)
    hints = {d.hint for d in diags}
    assert {"did you mean 'kiyosu'?", "did you mean 'scout'?"} <= hints


# ---------------------------------------------------------------- bad input never raises

_LINES = TEXT.split("\n")


@settings(max_examples=120, deadline=None, derandomize=True,
          suppress_health_check=[HealthCheck.too_slow])
@given(st.lists(st.tuples(st.integers(0, len(_LINES) - 1), st.sampled_from(
    ["drop", "twice", "zero", "negative", "swap"])), min_size=1, max_size=4))
def test_a_damaged_scenario_gives_diagnostics_never_an_exception(damage):
    lines = list(_LINES)
    for i, how in damage:
        i %= len(lines)
        if how == "drop":
            del lines[i]
        elif how == "twice":
            lines.insert(i, lines[i])
        elif how == "zero":
            lines[i] = re.sub(r"\b\d+\b", "0", lines[i])
        elif how == "negative":
            lines[i] = re.sub(r"(?<![#\w])(\d+)\b", r"-\1", lines[i])
        else:
            lines[i] = re.sub(r"(land|sea) (\S+) (\S+)", r"\1 \3 \3", lines[i])
    text = "\n".join(lines)
    tree, _ = parse(GRAMMAR, text, FILE)
    if tree is None:
        return
    doc, built = build(tree, FILE)
    for d in built + validate(doc):
        assert d.pos is not None and d.pos.file == FILE, d
    if not [d for d in built if d.is_error]:
        out = format_source(doc, text)
        assert read(out)[0] == doc


# ---------------------------------------------------------------- the reference's examples

def _reference_examples() -> list[str]:
    """The ```text blocks of docs/dsl.md's two sections on area games that are
    castles files or fragments of one (`# in: scenario`)."""
    doc = (ROOT / "docs" / "dsl.md").read_text(encoding="utf-8")
    part = doc[doc.index("\n## Area maps"):]
    return [b for b in re.findall(r"^```text\n(.*?)^```", part, re.MULTILINE | re.DOTALL)
            if b.startswith(("version", "# in: scenario"))]


def test_the_reference_examples_are_castles_files():
    examples = _reference_examples()
    assert len(examples) >= 3
    for body in examples:
        if body.startswith("version"):
            _, diags = check(body)  # a whole file passes every check
        else:
            body = f'version 1\nscenario "doc" {{\n  kind castles\n{body}}}\n'
            _, diags = read(body)
        assert not diags, render_all(diags, {FILE: body})
