"""The shogun scenario language: the shipped scenario builds into the box
[SC-1] [SC-4] with its two variants; `fmt` keeps it as written and any small
generated scenario survives printing and reading back; and every check
reports its problem at its line and column, with a hint, on a copy of the
scenario with one thing wrong."""

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
from tenkatoitsu.dsl.areamap import KEYWORDS, SOURCE_KINDS, Shape
from tenkatoitsu.dsl.diagnostics import render, render_all
from tenkatoitsu.dsl.parsing import parse
from tenkatoitsu.kinds.shogun.scenario.builder import build
from tenkatoitsu.kinds.shogun.scenario.model import (
    LONGER_GAME,
    NO_DOUBTFUL_LANES,
    Components,
    SeatDef,
    ShogunScenario,
    Source,
    UnitType,
    VariantDef,
    default_units,
)
from tenkatoitsu.kinds.shogun.scenario.printer import format_source, print_document
from tenkatoitsu.kinds.shogun.scenario.validate import holders, validate

ROOT = Path(__file__).resolve().parents[2]
SCENARIO = ROOT / "scenarios" / "shogun.tks"
GRAMMAR = GRAMMAR_DIR / "shogun.lark"
TEXT = SCENARIO.read_text(encoding="utf-8")
FILE = "shogun.tks"


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


# ---------------------------------------------------------------- the shipped scenario

def test_seats_players_components_and_variants(doc):
    assert [s.id for s in doc.seats] == ["red", "blue", "yellow", "green", "orange"]
    assert len({s.colour.lower() for s in doc.seats}) == 5
    assert (doc.players_min, doc.players_max, doc.players_default) == (2, 5, 4)
    assert doc.components == Components()  # the box, as the model has it
    assert sum(u.count for u in doc.components.units) == 72  # a colour's units [SC-1.2]
    assert [(v.id, v.default, v.group) for v in doc.variants] == \
        [(NO_DOUBTFUL_LANES, False, None), (LONGER_GAME, False, None)]
    assert doc.variants[0].title == "Without the doubtful sea lanes"
    assert doc.variants[1].title == "Longer game: victory checked at the end of a round [SC-23.2]"
    assert doc.map_title and len(doc.notes) >= 4


def test_sources_cite_the_public_board_and_say_what_is_reconstructed(doc):
    by_what = {(s.what, s.kind) for s in doc.sources}
    assert {("map", "public"), ("map", "reconstruction"), ("components", "printed"),
            ("units", "reconstruction")} <= by_what
    public = next(s.text for s in doc.sources if s.kind == "public")
    assert "danielCatlett/Shogun-IOS" in public and "classicboard.json" in public
    assert "603e199756cdac721aa32fe993ffaedaf36f06d9" in public
    assert "triplea-maps/feudal_japan" in public and "FeudalJapan.xml" in public
    units = next(s.text for s in doc.sources if s.what == "units")
    assert "SC-26.10" in units and "36" in units


def test_the_scenario_is_in_canonical_form(doc):
    assert format_source(doc, TEXT) == TEXT


def test_fmt_twice_is_fmt_once_and_reads_back_equal(doc):
    once = format_source(doc, TEXT)
    again, diags = check(once)
    assert not diags and again == doc
    assert format_source(again, once) == once
    assert print_document(doc) == format_source(doc, "")  # without comments to keep


@pytest.mark.skipif("shogun" not in kinds.names(), reason="the shogun kind is not registered")
def test_check_and_fmt_through_the_registered_kind():
    res = loader.load_file(SCENARIO)
    assert res.ok and not res.diagnostics, render_all(res.diagnostics, res.sources)
    assert res.kind is kinds.get("shogun")
    assert res.kind.format(res.document, res.text) == res.text


# ---------------------------------------------------------------- fmt

def _messy(text: str) -> str:
    """The scenario as someone might type it: statements out of order, ranges
    spelt out, entries of the box left out, a block on one line, the other
    spelling of colour."""
    text = text.replace("  players 2..5 default 4\n", "").replace(
        "  variant longer-game", "  players 2..5   default 4\n  variant longer-game")
    text = text.replace("swords 1..5", "swords 1 2 3..5")
    text = text.replace("colour #2f6fbf", "color #2f6fbf")
    text = text.replace("land yamashiro yamato", "land yamato yamashiro")
    text = text.replace("  source units reconstruction", "  source map public \"a 2nd map "
                        "source\"\n  source units reconstruction")
    text = re.sub(r"\n    (koku|build-cost) \d+[^\n]*", "", text)
    text = re.sub(r"\n    (castles|fortresses) ", r" \1 ", text)
    return text.replace('"Without the doubtful sea lanes"',
                        '"Six lanes fewer" { group lanes default }  # the map without them')


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
    assert "land yamato yamashiro" in once  # a link keeps the way it was written
    assert 'source public "a 2nd map source"' in once  # moved into the map
    assert "    koku 30\n" in once and "    build-cost 2\n" in once  # as in the box
    assert '  variant no-doubtful-lanes "Six lanes fewer" {  # the map without them' in once
    # the rest is as the scenario has it
    assert attrs.evolve(again, sources=doc.sources, variants=doc.variants) == doc


def test_a_file_without_version_gets_one_and_the_same_scenario():
    text = TEXT.replace("version 1\n", "")
    first, _ = read(text)
    out = format_source(first, text)
    assert "\nversion 1\nscenario" in out
    second, _ = read(out)
    assert second == first


def test_an_empty_components_block_is_the_box():
    text = re.sub(r"\n  components \{.*?\n  \}\n", "\n  components {\n  }\n", TEXT,
                  flags=re.DOTALL)
    doc, diags = check(text)
    assert not diags, render_all(diags, {FILE: text})
    assert doc.components == Components()


# ---------------------------------------------------------------- any small scenario

_names = st.from_regex(r"[a-z][a-z0-9_]{0,5}(-[a-z0-9]{1,3})?", fullmatch=True)
_flags = _names.filter(lambda w: w not in KEYWORDS)
_texts = st.one_of(st.sampled_from(["Kōzuke", 'say "hi"', "back\\slash", "\\n", "#", "  "]),
                   st.text(alphabet=st.characters(exclude_categories=("Cs",),
                                                  exclude_characters="\n"),
                           min_size=1, max_size=10))
_words = _texts.filter(lambda s: s.strip())
_ints = st.integers(-2000, 2000)
_counts = st.integers(0, 999)
_small = st.integers(0, 40)
#: the components block's statements: after `army-start bowman 1`, a word such as
#: `ronin` starts the next statement, so an army's unit is never one of these
COMPONENT_WORDS = {"unit", "castles", "fortresses", "ronin", "koku", "battle-markers", "swords",
                   "remove-swords", "army-card", "force-limit", "army-start", "setup-spearmen",
                   "experience", "castle-spearmen", "fortress-ronin", "koku-per", "build-cost",
                   "ronin-per-koku", "assassin", "revenge", "victory", "victory-two-players"}


@st.composite
def boards(draw) -> tuple[AreaMap, tuple[Shape, ...]]:
    ids = draw(st.lists(_names, min_size=1, max_size=6, unique=True))
    areas = [Area(i, draw(_words), draw(st.frozensets(_flags, max_size=2)),
                  draw(st.none() | _names), pos=draw(st.none() | st.tuples(_ints, _ints)))
             for i in ids]
    links: dict = {}
    for _ in range(draw(st.integers(0, 8))):
        a, b = draw(st.sampled_from(ids)), draw(st.sampled_from(ids))
        kind = draw(st.sampled_from([LAND, SEA, "strait"]))
        if a != b:
            ln = Link(a, b, kind, draw(st.frozensets(st.sampled_from(["doubtful"]) | _flags,
                                                     max_size=2)))
            links.setdefault(ln.key, ln)
    shapes = tuple(Shape(s, draw(st.none() | _texts),
                         tuple(draw(st.lists(st.tuples(_ints, _ints), min_size=3, max_size=9))))
                   for s in draw(st.lists(_names, max_size=2, unique=True)))
    return AreaMap(areas, links.values()), shapes


@st.composite
def unit_tables(draw) -> tuple[UnitType, ...]:
    """The box's unit ids in the box's order, each with any row, and perhaps rows
    of ids the rules do not know after them (as the builder keeps them)."""
    known = [u.id for u in default_units()]
    extra = draw(st.lists(_names.filter(lambda n: n not in known), max_size=2, unique=True))
    return tuple(UnitType(uid, draw(_words), draw(_small), draw(_small), draw(_small),
                          draw(st.sampled_from([None, "S", "A"])), draw(_counts))
                 for uid in known + extra)


@st.composite
def components(draw) -> Components:
    return Components(
        units=draw(unit_tables()),
        castles=draw(_counts), fortresses=draw(_counts), ronin=draw(_counts),
        koku=draw(_counts), battle_markers=draw(_counts),
        swords=tuple(draw(st.lists(_small, max_size=6))),
        swords_removed=draw(st.dictionaries(st.integers(0, 9),
                                            st.lists(_small, max_size=3).map(tuple), max_size=3)),
        samurai_squares=draw(_counts), ashigaru_squares=draw(_counts),
        force_limit=draw(st.integers(1, 999)),
        army_start=draw(st.dictionaries(_names.filter(lambda n: n not in COMPONENT_WORDS),
                                        _small, max_size=3)),
        setup_spearmen=draw(_counts), setup_at_a_time=draw(st.integers(1, 9)),
        setup_province_limit=draw(st.integers(1, 9)),
        experience=tuple(draw(st.lists(st.integers(0, 9), max_size=12))),
        castle_spearmen=draw(_counts), fortress_ronin=draw(_counts),
        koku_per=draw(st.integers(1, 9)), koku_minimum=draw(_counts),
        build_cost=draw(_counts), ronin_per_koku=draw(st.integers(1, 9)),
        assassin=draw(_small), revenge=draw(_small),
        victory=draw(st.integers(1, 999)), victory_two_players=draw(st.integers(1, 999)))


@st.composite
def scenarios(draw) -> ShogunScenario:
    board, shapes = draw(boards())
    lo = draw(st.integers(0, 9))
    hi = draw(st.integers(lo, 9))
    seats = tuple(SeatDef(i, draw(_texts), draw(st.from_regex(r"#[0-9a-fA-F]{6}", fullmatch=True)))
                  for i in draw(st.lists(_names, max_size=5, unique=True)))
    variants = tuple(VariantDef(i, draw(st.sampled_from(["", "A title", "Kōzuke"])),
                                draw(st.booleans()), draw(st.none() | _names))
                     for i in draw(st.lists(st.sampled_from([NO_DOUBTFUL_LANES, LONGER_GAME])
                                            | _names, max_size=3, unique=True)))
    # the map's sources come first, as the builder puts them
    sources = tuple(Source("map", draw(st.sampled_from(SOURCE_KINDS)), draw(_texts))
                    for _ in range(draw(st.integers(0, 2)))) + \
        tuple(Source(draw(st.sampled_from(["scenario", "units", "components"])),
                     draw(st.sampled_from(SOURCE_KINDS)), draw(_texts))
              for _ in range(draw(st.integers(0, 2))))
    return ShogunScenario(
        name=draw(_texts), file=FILE, board=board, seats=seats, players_min=lo, players_max=hi,
        players_default=draw(st.integers(0, 9)), components=draw(components()),
        variants=variants, notes=tuple(draw(st.lists(_texts, max_size=2))), sources=sources,
        version=1, map_title=draw(_texts), shapes=shapes)


@settings(max_examples=150, deadline=None, derandomize=True,
          suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large])
@given(scenarios())
def test_any_small_scenario_is_printed_and_read_back_the_same(scenario):
    text = print_document(scenario)
    doc, diags = read(text)
    assert not [d for d in diags if d.is_error], render_all(diags, {FILE: text}) + "\n" + text
    assert doc == scenario, text
    out = format_source(doc, text)
    assert out == text  # what the printer wrote is canonical already
    validate(doc)  # any scenario is checked without an exception


def test_a_word_is_asked_for_by_its_name_not_the_grammar_s():
    text = TEXT.replace("land yamashiro yamato", "land yamashiro 12")
    tree, diags = parse(GRAMMAR, text, FILE)
    assert tree is None and len(diags) == 1
    assert "expected a name" in diags[0].message and "areamap" not in diags[0].message
    text = TEXT.replace("value 4 step 6 per-koku 3", "value four step 6 per-koku 3")
    tree, diags = parse(GRAMMAR, text, FILE)
    assert tree is None and "expected a number" in diags[0].message
    assert (diags[0].pos.line, diags[0].pos.column) == _line_col(text, "four step 6")


# ---------------------------------------------------------------- every check, located

def edit(text: str, old: str, new: str | None) -> str:
    """`old` replaced by `new` once; with `new` None, the lines starting with `old` dropped."""
    if new is None:
        kept = [ln for ln in text.split("\n") if not ln.strip().startswith(old)]
        assert len(kept) < text.count("\n") + 1, old
        return "\n".join(kept)
    assert text.count(old) >= 1, old
    return text.replace(old, new, 1)


def _line_col(text: str, mark: str) -> tuple[int, int]:
    assert text.count(mark) == 1, mark
    at = text.index(mark)
    return text.count("\n", 0, at) + 1, at - text.rfind("\n", 0, at)


SPEARMAN = 'unit spearman "spearman" value 4 step 6 per-koku 3 square A count 36'

#: (case, [(old, new)...], what the message says, where it points: a substring of the
#: edited file that occurs once, severity)
CASES = [
    ("unknown unit", [("unit spearman ", "unit spearmen ")],
     "unknown unit 'spearmen'", 'spearmen "spearman"', "error"),
    ("unknown unit in army-start", [("army-start bowman 1", "army-start bowmen 1")],
     "unknown unit 'bowmen'", "bowmen 1", "error"),
    ("a unit given twice", [(SPEARMAN, SPEARMAN + "\n    unit spearman \"pikes\" value 4 step 6")],
     "unit 'spearman' is given twice", 'unit spearman "pikes"', "error"),
    ("a unit row needs its value", [('unit daimyo "daimyo" value 6 step 4',
                                     'unit daimyo "daimyo" step 4')],
     "unit 'daimyo' has no 'value'", 'unit daimyo "daimyo"', "error"),
    ("a square is S or A", [("step 1 per-koku 1 square S", "step 1 per-koku 1 square s")],
     "'s' is not a square of the army card", "s count 11", "error"),
    ("a value is a d12 roll", [(SPEARMAN, SPEARMAN.replace("value 4", "value 14"))],
     "unit 'spearman': value 14", "value 14", "error"),
    ("units roll in the rolling steps", [(SPEARMAN, SPEARMAN.replace("step 6", "step 7"))],
     "unit 'spearman': step 7", "step 7", "error"),
    ("a regular unit has a square", [(SPEARMAN, SPEARMAN.replace(" square A", ""))],
     "unit 'spearman' has no square", 'spearman "spearman"', "error"),
    ("spearmen for the set-up", [(SPEARMAN, SPEARMAN.replace("count 36", "count 30"))],
     "a colour has 30 spearmen: with 3 players each colour claims 22 provinces", "count 30",
     "error"),
    ("army-start within the pieces", [("gunner 2  # each army", "gunner 4  # each army")],
     "army-start: 4 gunners for each of 3 armies are 12, and a colour has 11", "gunner 4",
     "error"),
    ("a seat for each of five players", [("seat orange", None)],
     "5 players need 5 colours; the scenario has 4 seats", "seat green", "error"),
    ("four colours for two players",
     [("players 2..5 default 4", "players 2..3 default 3"), ("seat orange", None),
      ("seat green", None)],
     "the two-player game gives each player two colour sets", "seat yellow", "error"),
    ("players within 2..5", [("players 2..5 default 4", "players 2..6 default 4")],
     "the rules are written for 2 to 5 players", "players 2..6", "error"),
    ("default within the range", [("players 2..5 default 4", "players 2..5 default 6")],
     "the default of 6 players is outside 2..5", "players 2..5 default 6", "error"),
    ("the track starts at 1", [("experience 1 1 1 2", "experience 2 1 1 2")],
     "the experience track starts at level 2", "2 1 1 2 2 2", "error"),
    ("the track never goes down", [("experience 1 1 1 2 2 2 3", "experience 1 1 1 2 2 1 3")],
     "the experience track goes down from level 2 to 1", "1 3 3 3 4", "error"),
    ("a province without a link", [('    area yamato "Yamato"',
                                    '    area ezo "Ezo" at 1100 300\n    area yamato "Yamato"')],
     "province 'ezo' has no link", 'area ezo "Ezo"', "error"),
    ("a map in parts", [("sea awaji awa-shikoku", None), ("sea bizen sanuki", None),
                        ("sea iyo bungo", None), ("sea kii awa-shikoku", None)],
     "the map falls into 2 parts", 'map "Japan', "error"),
    ("connected without the doubtful lanes", [("sea izumo oki", "sea izumo oki doubtful")],
     "without the doubtful lanes the map falls into 2 parts: {oki} is cut off",
     'variant no-doubtful-lanes "Without', "error"),
    ("unknown area in a link", [("land yamashiro yamato", "land yamashiro yamoto")],
     "unknown area 'yamoto' in a land link", "yamoto", "error"),
    ("swords in play as many as the colours", [("remove-swords 3: 4 5", "remove-swords 3: 5")],
     "4 swords in play for 3 colours", "3: 5  4", "error"),
    ("a sword to take out", [("4: 5  5:", "4: 6  5:")],
     "remove-swords 4: there is no sword 6", "4: 6", "error"),
    ("a row never used", [("4: 5  5:", "4: 5  5:  6: 1")],
     "remove-swords 6: 6 colours never play this scenario", "6: 1", "warning"),
    ("spearmen placed a whole number of times", [("setup-spearmen 12", "setup-spearmen 13")],
     "setup-spearmen 13 at-a-time 2", "setup-spearmen 13", "error"),
    ("the assassin's roll", [("assassin 8", "assassin 13")],
     "assassin 13: an assassination succeeds on a d12 roll", "assassin 13", "error"),
    ("victory within the provinces", [("victory 35", "victory 70")],
     "victory 70: the map has 68 provinces", "victory 70", "error"),
    ("fortresses on castles", [("fortresses 5", "fortresses 12")],
     "12 fortification bases and 10 castles", "fortresses 12", "warning"),
    ("unknown variant", [("variant longer-game", "variant longer-games")],
     "unknown variant 'longer-games'", "variant longer-games", "error"),
    ("duplicate variant", [("variant longer-game", "variant no-doubtful-lanes")],
     "duplicate variant 'no-doubtful-lanes'", 'variant no-doubtful-lanes "Longer', "error"),
    ("colour", [("colour #c8372d", "colour #c8372")],
     "'#c8372' is not a colour", "#c8372", "error"),
    ("source kind", [("source units reconstruction", "source units reconstructed")],
     "a source is printed, reconstruction or public, not 'reconstructed'", "reconstructed ",
     "error"),
    ("statement twice", [("    castles 10\n", "    castles 10\n    castles 12\n")],
     "'castles' is given twice in the components", "castles 12", "error"),
]


@pytest.mark.parametrize("edits,message,mark,severity", [c[1:] for c in CASES],
                         ids=[c[0] for c in CASES])
def test_each_check_is_located_with_a_hint(edits, message, mark, severity):
    text = TEXT
    for old, new in edits:
        text = edit(text, old, new)
    line, column = _line_col(text, mark)
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
    text = edit(edit(TEXT, "unit spearman ", "unit spearmen "), "variant longer-game",
                "variant longer-games")
    text = edit(text, "land yamashiro yamato", "land yamashiro yamoto")
    _, diags = check(text)
    hints = {d.hint for d in diags}
    assert {"did you mean 'spearman'?", "did you mean 'longer-game'?",
            "did you mean 'yamato'?"} <= hints


def test_colour_sets_go_by_the_player_count():
    assert [holders(n) for n in (2, 3, 4, 5)] == [4, 3, 4, 5]


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
    """The ```text blocks of docs/dsl.md's section "Shogun scenarios": a whole
    file starts with `# a shogun scenario`, a fragment of one with
    `# in: a shogun scenario`."""
    doc = (ROOT / "docs" / "dsl.md").read_text(encoding="utf-8")
    part = doc[doc.index("\n## Shogun scenarios"):]
    part = part[:part.find("\n## ", 1)] if "\n## " in part[1:] else part
    return [b for b in re.findall(r"^```text\n(.*?)^```", part, re.MULTILINE | re.DOTALL)
            if b.startswith(("# a shogun scenario", "# in: a shogun scenario"))]


def test_the_reference_examples_are_shogun_files():
    examples = _reference_examples()
    assert len(examples) >= 3
    for body in examples:
        if body.startswith("# a shogun scenario"):
            _, diags = check(body)  # a whole file passes every check
        else:
            body = f'version 1\nscenario "doc" {{\n  kind shogun\n{body}}}\n'
            _, diags = read(body)
        assert not diags, render_all(diags, {FILE: body})
