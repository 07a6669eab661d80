"""The clans scenario language: the shipped scenario takes the 68 provinces
from shogun.tks and builds into the nine clans of §2.4, the printed province
lists, the reconstructed shore and sea zones and the box of §2.1; `fmt`
keeps it as written and any small scenario survives printing and reading
back; every check reports its problem at its line and column with a hint;
a file of another kind is used only for its map, and only a kind the clans
borrow from; and a variant is played only with those it requires."""

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
from tenkatoitsu.cli import main
from tenkatoitsu.dsl import loader
from tenkatoitsu.dsl.areamap import SOURCE_KINDS, Shape
from tenkatoitsu.dsl.diagnostics import render, render_all
from tenkatoitsu.dsl.parsing import parse
from tenkatoitsu.kinds.clans.scenario.builder import NUMBERS, ROWS, build
from tenkatoitsu.kinds.clans.scenario.model import (
    ABILITIES,
    LISTS,
    MODULES,
    PARTS,
    REGIONS,
    V83,
    ClanDef,
    ClansScenario,
    Components,
    SeatDef,
    SeaZone,
    Source,
    UnitType,
    VariantDef,
)
from tenkatoitsu.kinds.clans.scenario.printer import format_source, print_document
from tenkatoitsu.kinds.clans.scenario.validate import validate
from tenkatoitsu.kinds.contract import VariantError, VariantInfo, resolve_variants

ROOT = Path(__file__).resolve().parents[2]
SCENARIO = ROOT / "scenarios" / "clans.tks"
GRAMMAR = GRAMMAR_DIR / "clans.lark"
TEXT = SCENARIO.read_text(encoding="utf-8")
FILE = "clans.tks"

#: the provinces with no coast of their own (by the old provinces' borders)
LANDLOCKED = {"yamashiro", "yamato", "kawachi", "iga", "omi", "mino", "hida", "shinano", "kai",
              "kozuke", "shimotsuke", "tamba", "mimasaka"}

needs_kind = pytest.mark.skipif("clans" not in kinds.names(),
                                reason="the clans kind is not registered (pip install -e .)")


def load(text: str = TEXT):
    """The text read as the shipped file, `use` lines and all."""
    return loader.load_text(text, SCENARIO)


def read(text: str, file: str = FILE):
    """Parse and build alone (no `use`); the syntax must be right."""
    tree, diags = parse(GRAMMAR, text, file)
    assert tree is not None, render_all(diags, {file: text})
    doc, built = build(tree, file)
    return doc, diags + built


def check(text: str, file: str = FILE):
    doc, diags = read(text, file)
    return doc, diags + validate(doc)


@pytest.fixture(scope="module")
def doc():
    res = load()
    assert res.ok and not res.diagnostics, render_all(res.diagnostics, res.sources)
    return res.document


# ---------------------------------------------------------------- the shipped scenario

@needs_kind
def test_check_through_the_command_line(capsys):
    assert main(["check", str(SCENARIO)]) == 0
    out = capsys.readouterr().out
    assert ': ok: "Shogun: Gekokujō, the nine great clans": 9 clans, 68 provinces' in out
    assert "8 sea zones, 4-5 players" in out


def test_the_board_is_shogun_s_68_provinces_with_its_sources(doc):
    assert len(doc.board) == 68 and doc.map_title == "Japan: the 68 provinces"
    assert {"yamashiro", "settsu", "sagami", "owari", "mikawa", "kai", "echigo", "tosa", "aki",
            "bungo", "satsuma", "hizen", "awa-honshu", "awa-shikoku"} <= set(doc.board.ids())
    assert doc.shapes
    maps = [s for s in doc.sources if s.what == "map"]
    assert {s.kind for s in maps} == {"public", "reconstruction"}
    assert any("danielCatlett/Shogun-IOS" in s.text for s in maps)  # shogun.tks's own
    assert any("image only" in s.text for s in maps)  # this file's
    assert doc.stated == frozenset(PARTS) - {"map"}


def test_seats_players_the_edition_and_the_modules(doc):
    assert [(s.id, s.name) for s in doc.seats] == [(c, f"Player {c.upper()}") for c in "abcde"]
    assert len({s.colour.lower() for s in doc.seats}) == 5
    assert (doc.players_min, doc.players_max, doc.players_default) == (4, 5, 4)
    assert doc.variants[0].id == V83 and doc.variants[0].title.startswith("The v83 edition: ")
    # every module of §10, with the matrix of §10.0: two refuse each other
    # (one group), the Nanban Trade needs Specialized Warfare
    by_id = {v.id: v for v in doc.variants}
    assert set(by_id) == {V83, "no-doubtful-lanes", *MODULES}
    assert by_id["path-of-glory"].group == by_id["emperors-favor"].group is not None
    assert by_id["nanban-trade"].requires == ("specialized-warfare",)
    assert not any(v.default for v in doc.variants)
    # the modules' units come with their module [§10.2-b] [§10.6.3]
    modules = {u.id: u.module for u in doc.components.units if u.module}
    assert modules == {"spearmen": "specialized-warfare", "swordsmen": "specialized-warfare",
                       "archers": "specialized-warfare", "bannermen": "specialized-warfare",
                       "arquebusiers": "nanban-trade"}


def test_the_nine_clans_three_to_a_region(doc):
    homes = {c.id: (c.home, c.region, c.ability, c.archetype) for c in doc.clans}
    assert homes == {
        "shimazu": ("satsuma", "west", "western-seas", "Expansionist"),
        "otomo": ("bungo", "west", "nanban", "Gambler"),
        "mori": ("aki", "west", "inland-sea", "Naval Power"),
        "oda": ("owari", "center", "vanguard", "Aggressor"),
        "tokugawa": ("mikawa", "center", "mountains", "Turtle"),
        "chosokabe": ("tosa", "center", "island-economy", "Economist"),
        "takeda": ("kai", "east", "wind-of-kai", "Mobile Force"),
        "uesugi": ("echigo", "east", "dragons-domain", "Defender"),
        "hojo": ("sagami", "east", "unbreakable-wall", "Builder"),
    }
    assert sorted(c.ability for c in doc.clans) == sorted(ABILITIES)
    assert all(sum(c.region == r for c in doc.clans) == 3 for r in REGIONS)
    assert len({c.colour.lower() for c in doc.clans}) == 9
    assert doc.clan("otomo").name == "Ōtomo" and doc.clan("hojo").name == "Hōjō"


def test_the_printed_lists_exactly(doc):
    assert doc.listed("mountain") == ("shinano", "kai", "hida", "etchu", "mino", "kozuke")
    assert doc.listed("coastal") == ("satsuma", "tosa", "owari", "echigo", "settsu", "sagami",
                                     "nagato", "suruga", "aki", "bungo")
    assert doc.listed("mandate") == ("yamashiro", "settsu", "sagami")
    assert doc.listed("trading-post") == ("settsu", "hizen")
    assert set(doc.lists) == set(LISTS)


def test_the_shore_is_every_province_but_the_landlocked(doc):
    shore = set(doc.listed("shore"))
    assert shore >= set(doc.listed("coastal"))
    assert shore == set(doc.board.ids()) - LANDLOCKED and len(shore) == 55
    assert "etchu" in shore  # mountain and shore both
    assert shore >= set(doc.listed("trading-post")) | {"settsu", "sagami"}


def test_the_sea_zones_border_the_shore_and_only_it(doc):
    assert 6 <= len(doc.sea_zones) <= 8
    zoned = {p for z in doc.sea_zones for p in z.provinces}
    assert zoned == set(doc.listed("shore"))  # every shore province in a zone
    assert not zoned & LANDLOCKED  # and no landlocked one
    zone = {z.id: set(z.provinces) for z in doc.sea_zones}
    assert {"aki", "bingo", "suo", "iyo", "sanuki", "bungo"} <= zone["seto"]
    assert sum("nagato" in ps for ps in zone.values()) == 3  # Suō-nada, Hibiki-nada, San'in
    assert all(len(ps) >= 4 for ps in zone.values())


def test_the_box_is_the_model_s_and_every_number_printed(doc):
    core = attrs.evolve(doc.components, units=tuple(u for u in doc.components.units
                                                    if u.module is None))
    assert core == Components()
    by_id = {u.id: u for u in doc.components.units}
    assert (by_id["daimyo"].dice, by_id["daimyo"].attack, by_id["daimyo"].defense) == (3, 4, 4)
    assert by_id["bushi"].count == 69 and by_id["daimyo"].count == 3
    assert dict(doc.components.victory) == {4: 20, 5: 18}
    for word in NUMBERS:  # the file states each entry itself, with a comment
        assert re.search(rf"\n    {word} \d+  # ", TEXT), word
    for word in ROWS:
        assert re.search(rf"\n    {word} (\d+: \d+  )+# ", TEXT), word


def test_every_number_of_the_model_has_its_word():
    fields = {f.name for f in attrs.fields(Components)} - {"units"}
    words = [field for field, *_ in NUMBERS.values()] + [field for field, *_ in ROWS.values()]
    assert sorted(words) == sorted(fields)
    assert all(w == f.replace("_", "-") for w, (f, *_) in NUMBERS.items())


def test_every_part_says_where_it_comes_from(doc):
    said = {(s.what, s.kind) for s in doc.sources}
    assert {("clans", "printed"), ("lists", "printed"), ("shore", "reconstruction"),
            ("sea-zones", "reconstruction"), ("components", "printed"),
            ("colours", "reconstruction"), ("seats", "reconstruction")} <= said
    assert len(doc.notes) >= 5 and any("image only" in n for n in doc.notes)


def test_the_scenario_is_in_canonical_form_and_fmt_is_stable(doc):
    once = format_source(doc, TEXT)
    assert once == TEXT
    again = load(once)
    assert again.ok and again.document == doc
    assert format_source(again.document, once) == once


# ---------------------------------------------------------------- use

def test_use_of_a_shogun_file_gives_the_board_and_its_map_sources(tmp_path):
    shogun = loader.load_file(ROOT / "scenarios" / "shogun.tks").document
    mine = tmp_path / "scenarios" / "mine.tks"
    mine.parent.mkdir()
    mine.write_text(TEXT, encoding="utf-8")
    res = loader.load_file(mine)  # shogun.tks is found in the bundled scenarios
    assert res.ok, render_all(res.diagnostics, res.sources)
    doc = res.document
    assert doc.board == shogun.board and doc.shapes == shogun.shapes
    assert doc.map_title == shogun.map_title
    theirs = tuple(s for s in shogun.sources if s.what == "map")
    assert doc.sources[:len(theirs)] == theirs
    assert res.includes == {"shogun.tks": (ROOT / "scenarios" / "shogun.tks").read_text(
        encoding="utf-8")}


def test_a_scenario_built_on_the_bundled_one_uses_its_map_too(tmp_path):
    folder = tmp_path / "scenarios"
    folder.mkdir()
    head = 'version 1\nscenario "Five" {\n  kind clans\n'
    both = head + '  use "shogun.tks"\n  use "clans.tks"\n  players 5 default 5\n}\n'
    (folder / "five.tks").write_text(both, encoding="utf-8")
    res = loader.load_file(folder / "five.tks")
    assert res.ok and not res.diagnostics, render_all(res.diagnostics, res.sources)
    doc = res.document
    assert (doc.players_min, doc.players_max) == (5, 5) and len(doc.clans) == 9
    assert len(doc.board) == 68 and len(doc.sea_zones) == 8
    assert format_source(doc, both) == both
    alone = head + '  use "clans.tks"\n}\n'
    (folder / "alone.tks").write_text(alone, encoding="utf-8")
    res = loader.load_file(folder / "alone.tks")
    [d, no_map] = res.errors
    assert d.message == ("'clans.tks' takes its map from \"shogun.tks\", and the use lines of "
                         "a used file are not followed")
    assert d.hint == 'use "shogun.tks" here too' and (d.pos.line, d.pos.column) == (4, 3)
    assert no_map.message == "the scenario has no map"


def test_a_battle_file_is_refused():
    text = TEXT.replace('use "shogun.tks"', 'use "training.tks"')
    res = load(text)
    [d] = [e for e in res.errors if "cannot be used" in e.message]
    assert d.message == "a file of kind 'battle' cannot be used by a scenario of kind 'clans'"
    assert d.hint == "a clans scenario uses files of kind 'clans' or 'shogun'"
    training = (ROOT / "scenarios" / "training.tks").read_text(encoding="utf-8")
    assert d.pos.file.endswith("training.tks")
    assert (d.pos.line, d.pos.column) == _line_col(training, "battle\n")
    [use] = d.included_from
    assert (use.line, use.column) == _line_col(text, 'use "training.tks"')
    assert any(e.message == "the scenario has no map" for e in res.errors)


def test_a_shogun_file_is_still_refused_by_the_castles():
    text = (ROOT / "scenarios" / "castles.tks").read_text(encoding="utf-8")
    text = text.replace("  kind castles\n", '  kind castles\n  use "shogun.tks"\n', 1)
    res = loader.load_text(text, ROOT / "scenarios" / "castles.tks")
    assert not res.ok  # the castles grammar has no `use`, and borrows from no one
    res = loader.load_text(TEXT.replace('use "shogun.tks"', 'use "castles.tks"'), SCENARIO)
    assert any(e.message == "a file of kind 'castles' cannot be used by a scenario of kind "
               "'clans'" for e in res.errors)


SMALL = """\
# a clans scenario: three clans on seven provinces
version 1
scenario "Three clans" {
  kind clans
  note "A small game."
  source reconstruction "invented for this test"
  players 4 default 4
  seat a "A" colour #111111
  seat b "B" colour #222222
  seat c "C" colour #333333
  seat d "D" colour #444444

  map "Seven provinces" {
    area w1 "West one" at 0 0
    area w2 "West two" at 10 0
    area c1 "Centre one" at 20 0
    area c2 "Centre two" at 30 0
    area e1 "East one" at 40 0
    area e2 "East two" at 50 0
    area kyo "Kyō" at 25 10
    land w1 w2
    land w2 c1
    land c1 c2
    land c2 e1
    land e1 e2
    sea kyo c1
  }

  clan a "Clan A" home w1 region west colour #c0392b ability vanguard
  clan b "Clan B" home c1 region center colour #2980b9 ability mountains archetype "Turtle"
  clan c "Clan C" home e1 region east colour #27ae60 ability nanban
  clan d "Clan D" home e2 region east colour #8e44ad ability inland-sea

  provinces mountain { c2 }
  provinces coastal { w1 e2 }
  provinces shore { w1 w2 e2 }
  provinces mandate { kyo }
  sea-zone inner "The inner sea" { w1 w2 e2 }

  components {
    unit daimyo "Daimyō" dice 3 attack 4 defense 4 phase melee cost 0 count 3
    unit bushi "Bushi" dice 1 attack 5 defense 6 phase melee cost 1 count 69
    unit ronin "Ronin" dice 1 attack 5 defense 6 phase melee cost 1 count 0
    unit archers "Archers" dice 1 attack 4 defense 6 phase ranged cost 1 count 20 module specialized-warfare
    unit arquebusiers "Arquebusiers" dice 1 attack 4 defense 0 phase firearm cost 2 count 20 module nanban-trade
    victory 4: 5
  }

  variant specialized-warfare "Specialized Warfare"
  variant nanban-trade "The Nanban Trade" {
    requires specialized-warfare
  }
  variant path-of-glory "Path of Glory" {
    group sudden-death
  }
  variant emperors-favor "The Emperor's Favor" {
    group sudden-death
  }
}
"""


def test_a_small_file_is_checked_clean_and_printed_back_the_same():
    doc, diags = check(SMALL)
    assert not diags, render_all(diags, {FILE: SMALL})
    assert doc.variants[1].requires == ("specialized-warfare",)
    assert [u.module for u in doc.components.units][-2:] == ["specialized-warfare",
                                                            "nanban-trade"]
    assert doc.components.victory == {4: 5} and doc.components.ronin == 30  # the box's
    once = format_source(doc, SMALL)
    again, diags = read(once)
    assert not diags and again == doc
    assert format_source(again, once) == once
    assert print_document(doc) == format_source(doc, "")


def _messy(text: str) -> str:
    """SMALL as someone might type it: statements out of order, a block on
    one line, the other spelling of colour, entries of the box left out."""
    text = text.replace("  players 4 default 4\n", "").replace(
        "  provinces mandate", "  players 4   default 4\n  provinces mandate")
    text = text.replace("colour #2980b9", "color #2980b9")
    text = text.replace('"The Nanban Trade" {\n    requires specialized-warfare\n  }',
                        '"The Nanban Trade" { requires specialized-warfare }  # needs SW')
    text = text.replace("ability mountains archetype \"Turtle\"",
                        "archetype \"Turtle\" ability mountains")
    return text.replace("    victory 4: 5\n", "    castles 10 ninja 1\n    victory 4: 5\n")


def test_fmt_of_a_messy_copy_builds_the_same_scenario_and_is_stable():
    messy = _messy(SMALL)
    assert messy != SMALL
    first, diags = check(messy)
    assert not diags, render_all(diags, {FILE: messy})
    first_small, _ = read(SMALL)
    assert first == first_small
    once = format_source(first, messy)
    again, _ = read(once)
    assert again == first and format_source(again, once) == once
    assert "    requires specialized-warfare\n" in once
    assert "  variant nanban-trade \"The Nanban Trade\" {  # needs SW" in once
    assert "    ronin 30\n" in once and "    castles 10\n" in once  # every entry written
    assert once.count("#") == messy.count("#")


def test_a_using_file_prints_only_what_it_states(tmp_path):
    folder = tmp_path / "scenarios"
    folder.mkdir()
    (folder / "base.tks").write_text(SMALL, encoding="utf-8")
    text = ('version 1\nscenario "Five" {\n  kind clans\n  use "base.tks"\n'
            '  source map public "a map source of this file"\n'
            '  players 4..5 default 5\n'
            '  seat e "E" colour #555555\n  seat a "A" colour #111111\n'
            '  seat b "B" colour #222222\n  seat c "C" colour #333333\n'
            '  seat d "D" colour #444444\n'
            '  clan e "Clan E" home w2 region west colour #e67e22 ability mountains\n}\n')
    (folder / "five.tks").write_text(text, encoding="utf-8")
    res = loader.load_file(folder / "five.tks")
    diags = res.diagnostics
    doc = res.document
    assert [c.id for c in doc.clans] == ["e"]  # this file's clans, not the base's
    assert doc.listed("mandate") == ("kyo",) and len(doc.board) == 7  # the base's
    assert doc.stated == {"players", "seats", "clans"}
    # four players draft four clans; this file states one, and one region
    assert any("5 players draft 5 clans; the scenario has 1 clan" in d.message for d in diags)
    assert any("no clan of the center region" in d.message for d in diags)
    out = format_source(doc, text)
    assert out == text.replace("  players 4..5 default 5\n", "  players 4..5 default 5\n")
    assert "map \"" not in out and "provinces" not in out and "components" not in out
    assert 'source map public "a map source of this file"' in out
    again = loader.load_text(out, folder / "five.tks").document
    assert again == doc


# ---------------------------------------------------------------- any small scenario

_names = st.from_regex(r"[a-z][a-z0-9_]{0,5}(-[a-z0-9]{1,3})?", fullmatch=True)
_texts = st.one_of(st.sampled_from(["Kōzuke", 'say "hi"', "back\\slash", "\\n", "#", "  "]),
                   st.text(alphabet=st.characters(exclude_categories=("Cs",),
                                                  exclude_characters="\n"),
                           min_size=1, max_size=10))
_words = _texts.filter(lambda s: s.strip())
_colours = st.from_regex(r"#[0-9a-f]{6}", fullmatch=True)
_ints = st.integers(-500, 500)


@st.composite
def boards(draw) -> tuple[AreaMap, tuple[Shape, ...]]:
    ids = draw(st.lists(_names, min_size=1, max_size=5, unique=True))
    areas = [Area(i, draw(_words), frozenset(), None, pos=draw(st.none() | st.tuples(_ints, _ints)))
             for i in ids]
    links: dict = {}
    for _ in range(draw(st.integers(0, 5))):
        a, b = draw(st.sampled_from(ids)), draw(st.sampled_from(ids))
        if a != b:
            ln = Link(a, b, draw(st.sampled_from([LAND, SEA])))
            links.setdefault(ln.key, ln)
    return AreaMap(areas, links.values()), ()


@st.composite
def units(draw) -> tuple[UnitType, ...]:
    ids = draw(st.lists(_names, min_size=1, max_size=4, unique=True))
    return tuple(UnitType(i, draw(_words), draw(st.integers(1, 9)), draw(st.integers(0, 9)),
                          draw(st.integers(0, 9)), draw(_names), draw(st.integers(0, 99)),
                          draw(st.integers(0, 99)), draw(st.none() | _names)) for i in ids)


@st.composite
def components(draw) -> Components:
    numbers = {field: draw(st.integers(lo, 999)) for field, _, lo in NUMBERS.values()}
    rows = {field: draw(st.dictionaries(st.integers(0, 99), st.integers(lo, 999), max_size=3))
            for field, _, _, lo in ROWS.values()}
    return Components(units=draw(units()), **numbers, **rows)


@st.composite
def scenarios(draw) -> ClansScenario:
    board, shapes = draw(boards())
    ids = board.ids()
    lo = draw(st.integers(0, 9))
    clans = tuple(ClanDef(i, draw(_words), draw(st.sampled_from(ids)), draw(_names),
                          draw(_colours), draw(_names), draw(st.sampled_from(["", "Turtle"])))
                  for i in draw(st.lists(_names, max_size=4, unique=True)))
    lists = {n: tuple(draw(st.lists(st.sampled_from(ids), unique=True, max_size=12)))
             for n in draw(st.lists(st.sampled_from(LISTS) | _names, max_size=3, unique=True))}
    zones = tuple(SeaZone(i, draw(_words), tuple(draw(st.lists(_names, unique=True,
                                                               max_size=11))))
                  for i in draw(st.lists(_names, max_size=2, unique=True)))
    variant_ids = draw(st.lists(st.sampled_from([V83, *MODULES]) | _names, max_size=3,
                                unique=True))
    variants = tuple(VariantDef(i, draw(st.sampled_from(["", "A title"])), draw(st.booleans()),
                                draw(st.none() | _names),
                                tuple(draw(st.lists(_names, unique=True, max_size=2))))
                     for i in variant_ids)
    sources = tuple(Source("map", draw(st.sampled_from(SOURCE_KINDS)), draw(_texts))
                    for _ in range(draw(st.integers(0, 1)))) + \
        tuple(Source(draw(st.sampled_from(["scenario", "clans", "sea-zones"])),
                     draw(st.sampled_from(SOURCE_KINDS)), draw(_texts))
              for _ in range(draw(st.integers(0, 2))))
    seats = tuple(SeatDef(i, draw(_texts), draw(_colours))
                  for i in draw(st.lists(_names, max_size=5, unique=True)))
    return ClansScenario(
        name=draw(_texts), file=FILE, board=board, seats=seats, players_min=lo,
        players_max=draw(st.integers(lo, 9)), players_default=draw(st.integers(0, 9)),
        variants=variants, notes=tuple(draw(st.lists(_texts, max_size=2))), sources=sources,
        version=1, map_title=draw(_texts), shapes=shapes, clans=clans, lists=lists,
        sea_zones=zones, components=draw(components()))


@settings(max_examples=50, deadline=None, derandomize=True,
          suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large])
@given(scenarios())
def test_any_small_scenario_is_printed_and_read_back_the_same(scenario):
    text = print_document(scenario)
    doc, diags = read(text)
    assert not [d for d in diags if d.is_error], render_all(diags, {FILE: text}) + "\n" + text
    assert doc == scenario, text
    assert format_source(doc, text) == text  # what the printer wrote is canonical already
    validate(doc)  # any scenario is checked without an exception


# ---------------------------------------------------------------- every check, located

def edit(text: str, old: str, new: str | None) -> str:
    """`old` replaced by `new` once; with `new` None, the lines starting with `old` dropped."""
    if new is None:
        kept = [ln for ln in text.split("\n") if not ln.strip().startswith(old)]
        assert len(kept) < text.count("\n") + 1, old
        return "\n".join(kept)
    assert old in text, old
    return text.replace(old, new, 1)


def _line_col(text: str, mark: str) -> tuple[int, int]:
    assert text.count(mark) == 1, mark
    at = text.index(mark)
    return text.count("\n", 0, at) + 1, at - text.rfind("\n", 0, at)


BUSHI = 'unit bushi "Bushi" dice 1 attack 5 defense 6 phase melee cost 1 count 69'
V83_LINE = '  variant v83 "The v83 edition'
#: the shipped file without its modules (their variants and units), for the
#: checks that write modules of their own
CORE_TEXT = re.sub(r'\n  variant (?!v83)[a-z-]+ "[^"]*"( \{[^}]*\})?', "",
                   re.sub(r'\n    unit \w+ [^\n]* module [a-z-]+[^\n]*', "", TEXT))

#: (case, [(old, new)...], what the message says, where it points: a substring of the
#: edited file that occurs once, the hint (None: any), severity)
CASES = [
    ("unknown province in a list", [("etchu mino kozuke }", "etchu mino kozuki }")],
     "unknown province 'kozuki'", "kozuki", "did you mean 'kozuke'?", "error"),
    ("unknown province as a home", [("home owari", "home owar")],
     "unknown province 'owar'", "owar region", "did you mean 'owari'?", "error"),
    ("unknown province in a sea zone", [("{ hizen chikugo higo satsuma }",
                                         "{ hizen chikugo higo satsma }")],
     "unknown province 'satsma'", "satsma", "did you mean 'satsuma'?", "error"),
    ("unknown ability", [("ability vanguard", "ability vangard")],
     "unknown ability 'vangard'", "vangard", "did you mean 'vanguard'?", "error"),
    ("unknown region", [("home owari region center", "home owari region centre")],
     "unknown region 'centre' (known: center, east, west)", "centre", "did you mean 'center'?",
     "error"),
    ("unknown list", [("provinces mountain", "provinces montain")],
     "unknown province list 'montain'", "montain", "did you mean 'mountain'?", "error"),
    ("two clans with one home", [("home mikawa region center", "home owari region center")],
     "clans 'oda' and 'tokugawa' have the same home 'owari'",
     "owari region center colour #e2b007", None, "error"),
    ("a region without a clan", [("region west colour #1f5fa8", "region east colour #1f5fa8"),
                                 ("region west colour #7b3fa0", "region east colour #7b3fa0"),
                                 ("region west colour #2b2b2b", "region east colour #2b2b2b")],
     "no clan of the west region", 'clan hojo "Hōjō"', None, "error"),
    ("a clan needs its home", [("home kai region east", "region east")],
     "clan 'takeda' has no 'home'", 'clan takeda "Takeda"', None, "error"),
    ("no clan", [("clan ", None)],
     "the scenario has no clan", '"Shogun: Gekokujō, the nine great clans" {', None, "error"),
    ("missing bushi unit", [("unit bushi", None)],
     "no 'bushi' unit", "components {", BUSHI, "error"),
    ("bad phase", [(BUSHI, BUSHI.replace("phase melee", "phase mele"))],
     "unit 'bushi': unknown combat phase 'mele'", "phase mele cost 1 count 69",
     "did you mean 'melee'?", "error"),
    ("attack 7", [(BUSHI, BUSHI.replace("attack 5", "attack 7"))],
     "unit 'bushi': attack 7; a die hits on the value or more, so 2 to 6", "attack 7",
     "the core table: attack 5", "error"),
    ("defense 1", [(BUSHI, BUSHI.replace("defense 6", "defense 1"))],
     "unit 'bushi': defense 1", "defense 1", None, "error"),
    ("unknown unit", [(BUSHI, BUSHI + '\n    unit spearman "Spearmen" attack 6 defense 5')],
     "unknown unit 'spearman'", 'spearman "Spearmen"', "did you mean 'spearmen'?", "error"),
    ("a unit's module is a variant", [(BUSHI, BUSHI + '\n    unit archers "Archers" attack 4 '
                                       'phase ranged module specialized-warfare')],
     "unit 'archers' comes with the module 'specialized-warfare', which is not a variant",
     "module specialized-warfare", None, "error"),
    ("a variant requiring an unknown variant",
     [(V83_LINE, '  variant specialized-warfare "Specialized Warfare"\n'
                 '  variant nanban-trade "The Nanban Trade" { requires specialised-warfare }\n'
       + V83_LINE)],
     "variant 'nanban-trade' requires 'specialised-warfare', which is not a variant",
     "requires specialised-warfare", "did you mean 'specialized-warfare'?", "error"),
    ("the rules' requirement", [(V83_LINE, '  variant specialized-warfare\n'
                                           '  variant nanban-trade\n' + V83_LINE)],
     "variant 'nanban-trade' is played only with 'specialized-warfare'", "variant nanban-trade",
     "variant nanban-trade ... { requires specialized-warfare }", "error"),
    ("the rules' exclusion", [(V83_LINE, '  variant path-of-glory\n'
                                         '  variant emperors-favor\n' + V83_LINE)],
     "variants 'path-of-glory' and 'emperors-favor' are never played together",
     "variant emperors-favor", None, "error"),
    ("a variant the rules do not know", [("variant v83 ", "variant v84 ")],
     "unknown variant 'v84'", "variant v84", "did you mean 'v83'?", "error"),
    ("victory row missing for 5 players", [("victory 4: 20  5: 18", "victory 4: 20")],
     "no victory row for 5 players", "victory 4: 20", "victory 4: 20  5: 18", "error"),
    ("victory beyond the map", [("5: 18", "5: 70")],
     "victory 5: 70 provinces, and the map has 68 provinces", "5: 70", None, "error"),
    ("a harvest row missing", [("5: 2  6: 3  #", "5: 2  #")],
     "no harvest row for a roll of 6", "harvest 1: 1", None, "error"),
    ("the pacification roll", [("pacify-roll 4", "pacify-roll 7")],
     "pacify-roll 7: the Pacification Test is a d6 roll", "pacify-roll 7", "pacify-roll 4",
     "error"),
    ("a victory row never used", [("5: 18", "5: 18  6: 16")],
     "victory 6: 6 players never play this scenario", "6: 16", None, "warning"),
    ("a seat for each player", [("seat e", None)],
     "5 players need 5 seats; the scenario has 4 seats", "seat d", None, "error"),
    ("players within 4..5", [("players 4..5 default 4", "players 3..5 default 4")],
     "the rules are written for 4 to 5 players", "players 3..5", None, "error"),
    ("more players than clans", [("players 4..5 default 4", "players 4..5 default 4"),
                                 ("clan hojo", None), ("clan uesugi", None),
                                 ("clan tokugawa", None), ("clan chosokabe", None),
                                 ("clan otomo", None)],
     "5 players draft 5 clans; the scenario has 4 clans", "players 4..5", None, "error"),
    ("coastal but not shore", [("    izumi settsu ise shima owari", "    izumi settsu ise shima")],
     "coastal province 'owari' is not in the list 'shore'",
     "owari echigo settsu sagami nagato", None, "warning"),
    ("a shore province in no zone", [("{ hizen chikugo higo satsuma }",
                                      "{ hizen higo satsuma }")],
     "shore province 'chikugo' borders no sea zone", "chikugo buzen bungo", None, "warning"),
    ("a landlocked province in a zone", [("{ hizen chikugo higo satsuma }",
                                          "{ hizen chikugo higo satsuma mimasaka }")],
     "'mimasaka' borders sea zone 'east-china' but is not in the list 'shore'", "mimasaka }",
     None, "warning"),
    ("a clan's colour", [("colour #c0392b", "colour #c0392")],
     "'#c0392' is not a colour", "#c0392 ", None, "error"),
    ("a province twice in a list", [("mino kozuke }", "mino kozuke kai }")],
     "'kai' is listed twice in provinces mountain", "kai }", None, "error"),
    ("an entry twice", [("    ninja 1  #", "    ninja 2\n    ninja 1  #")],
     "'ninja' is given twice in the components", "ninja 1", None, "error"),
]


@pytest.mark.parametrize("edits,message,mark,hint,severity", [c[1:] for c in CASES],
                         ids=[c[0] for c in CASES])
def test_each_check_is_located_with_a_hint(edits, message, mark, hint, severity):
    text = CORE_TEXT
    for old, new in edits:
        text = edit(text, old, new)
    line, column = _line_col(text, mark)
    res = load(text)
    found = [d for d in res.diagnostics if message in d.message]
    assert found, render_all(res.diagnostics, res.sources)
    d = found[0]
    file = loader.display_name(SCENARIO)
    shown = render(d, res.sources)
    assert (d.pos.file, d.pos.line, d.pos.column) == (file, line, column), shown
    assert d.severity == severity
    assert d.hint and (hint is None or d.hint == hint), shown
    assert shown.startswith(f"{file}:{line}:{column}: {severity}: ") and "^" in shown


def test_a_syntax_error_names_what_was_expected():
    text = TEXT.replace("dice 1 attack 5 defense 6 phase melee cost 1 count 69",
                        "dice 1 atack 5 defense 6 phase melee cost 1 count 69")
    res = load(text)
    [d] = res.errors
    assert "unexpected 'atack'" in d.message and "'attack'" in d.message
    assert (d.pos.line, d.pos.column) == _line_col(text, "atack")


# ---------------------------------------------------------------- bad input never raises

_LINES = TEXT.split("\n")


@settings(max_examples=60, deadline=None, derandomize=True,
          suppress_health_check=[HealthCheck.too_slow])
@given(st.lists(st.tuples(st.integers(0, len(_LINES) - 1), st.sampled_from(
    ["drop", "twice", "zero", "negative"])), min_size=1, max_size=4))
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
        else:
            lines[i] = re.sub(r"(?<![#\w])(\d+)\b", r"-\1", lines[i])
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


# ---------------------------------------------------------------- variants that require others

MATRIX = (VariantInfo("specialized-warfare"),
          VariantInfo("nanban-trade", requires=("specialized-warfare",)),
          VariantInfo("path-of-glory", group="sudden-death"),
          VariantInfo("emperors-favor", group="sudden-death"))


def test_a_variant_is_played_only_with_what_it_requires():
    assert resolve_variants(MATRIX, ["nanban-trade", "specialized-warfare"]) == \
        ("nanban-trade", "specialized-warfare")
    with pytest.raises(VariantError, match="^variant 'nanban-trade' needs "
                       "'specialized-warfare'$"):
        resolve_variants(MATRIX, ["nanban-trade"])  # never added for the player
    assert resolve_variants(MATRIX, ["specialized-warfare"]) == ("specialized-warfare",)
    with pytest.raises(VariantError, match="exclude each other"):
        resolve_variants(MATRIX, ["path-of-glory", "emperors-favor"])


def test_a_default_variant_satisfies_a_requirement():
    known = (VariantInfo("base", group="g", default=True), VariantInfo("extra", requires=("base",)))
    assert resolve_variants(known, ["extra"]) == ("extra", "base")
    known += (VariantInfo("other", group="g"),)
    with pytest.raises(VariantError, match="variant 'extra' needs 'base'"):
        resolve_variants(known, ["extra", "other"])


def test_requires_in_a_variant_is_read_printed_and_checked():
    doc, diags = check(SMALL.replace("    requires specialized-warfare\n",
                                     "    requires specialized-warfare\n    requires nanban-trade\n"
                                     "    requires specialized-warfare\n"))
    messages = [d.message for d in diags]
    assert "variant 'nanban-trade' requires 'specialized-warfare' twice" in messages
    assert "variant 'nanban-trade' requires itself" in messages
    assert doc.variants[1].requires == ("specialized-warfare", "nanban-trade")
    assert '  variant nanban-trade "The Nanban Trade" {\n    requires specialized-warfare\n' \
        "    requires nanban-trade\n  }\n" in print_document(doc)
    _, diags = check(SMALL.replace("    group sudden-death\n  }\n  variant emperors",
                                   "    group sudden-death\n    requires emperors-favor\n"
                                   "  }\n  variant emperors"))
    assert any("requires 'emperors-favor' of its own group 'sudden-death'" in d.message
               for d in diags)


# ---------------------------------------------------------------- the reference's examples

def _reference_examples() -> list[str]:
    """The ```text blocks of docs/dsl.md's section "Clans scenarios": a whole
    file starts with `# a clans scenario`, a fragment of one with
    `# in: a clans scenario`."""
    doc = (ROOT / "docs" / "dsl.md").read_text(encoding="utf-8")
    part = doc[doc.index("\n## Clans scenarios"):]
    part = part[:part.find("\n## ", 1)] if "\n## " in part[1:] else part
    return [b for b in re.findall(r"^```text\n(.*?)^```", part, re.MULTILINE | re.DOTALL)
            if b.startswith(("# a clans scenario", "# in: a clans scenario"))]


def test_the_reference_examples_are_clans_files():
    examples = _reference_examples()
    assert len(examples) >= 3
    for body in examples:
        if body.startswith("# a clans scenario"):
            _, diags = check(body)  # a whole file passes every check
        else:
            body = f'version 1\nscenario "doc" {{\n  kind clans\n{body}}}\n'
            _, diags = read(body)
        assert not diags, render_all(diags, {FILE: body})

