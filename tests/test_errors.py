"""One test per kind of error an author can make, with its location.

Each case edits a small valid scenario; the error must be reported at the line
and column of the marked text, and every other line must stay silent."""

import pytest

from tenkatoitsu.kinds.battle.load import load_bytes, load_text
from tenkatoitsu.dsl.diagnostics import render_all

from conftest import SCENARIOS

BASE = '''version 1
scenario "Errors" {
  kind tenkatoitsu
  use "rules/tenkatoitsu.tks"
  use "rules/battle-plans.tks"
  turns 1..8 {
    start 1
    night 1
    fatigue 8
  }
  variant one "One" {
    default
    group g
  }
  variant two "Two" {
    group g
    place A2 0305
  }
  map 10 x 8 {
    default clear
    terrain woods 0506 0507
    hexside river 0304|0404
    hexside slope 0202>0302
    road 0101 0102 0103
    zone hill "Hill" 0202..0303
    star 0505 vp 2 for east
    entry N 0501
    fortress keep "Keep" 0707 siege keep
  }
  side east "East" {
    so-taisho A1 table east-cp
    clan A "A" {
      order attack
      unit A1 "Lord A" elan 2 mass 3 fire 1 lead 2 so-taisho at 0203
      unit A2 "Spears A" elan 0 mass 3 at 0204
    }
    clan C "C" {
      enter N
      unit C1 "Column" elan 1 mass 2 at offmap
    }
  }
  side west "West" {
    so-taisho B1 table west-cp
    clan B "B" {
      unit B1 "Lord B" elan 2 mass 3 lead 1 so-taisho at 0606
      unit B2 "Garrison" elan 0 mass 2 at 0707
      unit B3 "Garrison 2" elan 0 mass 2 at 0707
    }
  }
  victory {
    vp elan-eliminated 1
    vp stars at-end
    automatic east if leader-killed B1
    margin 2
    level "East wins" winner east lead east 2.. if controls east fortress keep
  }
  table east-cp {
    ..2: 1
    3..: 2
  }
  table west-cp {
    ..6: 1
    7..: 2
  }
  siege-map keep "Keep" {
    base centre
    key gate "Gate" defense 2
    peripheral a "Approach" hex 0706
    line a -- gate
    line gate -- centre
  }
}
'''

PATH = SCENARIOS / "errors-test.tks"  # never written: includes resolve beside it


def load(text):
    return load_text(text, PATH)


def test_base_is_valid():
    res = load(BASE)
    assert res.ok, render_all(res.diagnostics, res.sources)
    assert [d for d in res.diagnostics if not d.is_error] == []


# (id, old text, new text, marked text whose position the error must have, message fragment)
CASES = [
    ("syntax-missing-brace", "    start 1\n", "    start\n", "night 1", "unexpected 'night'; expected a number"),
    ("syntax-bad-char", "default clear", "default clear $", "$", "unexpected character '$'"),
    ("unknown-order", "order attack", "order atack", "atack", "unknown order 'atack'"),
    ("bad-hex-id", "at 0204", "at 204", "204", "'204' is not a hex id"),
    ("hex-off-map", "at 0204", "at 1204", "1204", "off the map"),
    ("two-units-one-hex", "at 0204", "at 0203", "0203\n    }", "both in hex 0203: one unit per hex"),
    ("two-units-in-a-variant", "place A2 0305", "place A2 0606", "place A2 0606", "in variant 'two'"),
    ("unknown-clan-in-variant", "place A2 0305", "order Q attack", "order Q attack", "unknown clan 'Q'"),
    ("duplicate-unit", 'unit A2 "Spears A"', 'unit A1 "Spears A"', 'unit A1 "Spears A"', "duplicate unit 'A1'"),
    ("duplicate-clan", 'clan C "C"', 'clan A "C"', 'clan A "C"', "duplicate clan 'A'"),
    ("no-so-taisho", "    so-taisho B1 table west-cp\n", "", 'side west "West"', "has no Sō-taishō"),
    ("so-taisho-unknown-unit", "so-taisho B1 table", "so-taisho B9 table", "so-taisho B9", "unknown unit of side 'west' 'B9'"),
    ("unknown-command-table", "table west-cp\n", "table west-cpp\n", "so-taisho B1", "unknown command table 'west-cpp'"),
    ("hexside-not-adjacent", "hexside river 0304|0404", "hexside river 0304|0604", "0304|0604", "not adjacent"),
    ("slope-without-direction", "hexside slope 0202>0302", "hexside slope 0202|0302", "0202|0302", "has a direction"),
    ("unknown-hexside-type", "hexside river 0304|0404", "hexside rivr 0304|0404", "0304|0404", "unknown hexside type 'rivr'"),
    ("road-not-a-chain", "road 0101 0102 0103", "road 0101 0103", "0103", "not a chain of neighbours"),
    ("unknown-terrain", "terrain woods", "terrain wood", "terrain wood", "unknown terrain 'wood'"),
    ("star-unknown-side", "for east", "for eats", "star 0505", "unknown side 'eats'"),
    ("offmap-without-entry", "      enter N\n", "", "offmap\n", "has no entry"),
    ("unknown-entry", "enter N\n      unit", "enter S\n      unit", 'clan C "C"', "unknown entry 'S'"),
    ("partly-offmap", 'unit A2 "Spears A" elan 0 mass 3 at 0204', 'unit A2 "Spears A" elan 0 mass 3 at offmap', 'clan A "A"', "partly off-map"),
    ("unknown-siege-map", "siege keep", "siege kep", "fortress keep", "unknown siege map 'kep'"),
    ("siege-area-not-next-to-fortress", "hex 0706", "hex 0101", "peripheral a", "not next to fortress keep"),
    ("siege-unknown-area", "line gate -- centre", "line gate -- center", "line gate -- center", "unknown area of siege map 'keep' 'center'"),
    ("siege-no-base", "base centre", "key centre", "siege-map keep", "exactly one base area"),
    ("siege-hex-two-areas", "    line a -- gate\n", '    peripheral b "Other" hex 0706\n    line a -- gate\n    line b -- gate\n', 'peripheral b', "linked to both peripheral areas 'a' and 'b'"),
    ("table-gap", "3..: 2", "4..: 2", "4..: 2", "nothing covers 3"),
    ("table-overlap", "3..: 2", "2..: 2", "2..: 2", "overlaps"),
    ("table-closed-end", "..2: 1\n    3..: 2", "1..2: 1\n    3..: 2", "1..2: 1", "must be open below"),
    ("include-not-found", 'use "rules/battle-plans.tks"', 'use "rules/battle-plan.tks"', 'use "rules/battle-plan.tks"', "not found"),
    ("include-outside-tree", 'use "rules/battle-plans.tks"', 'use "../README.md"', 'use "../README.md"', "outside the scenarios tree"),
    ("include-absolute", 'use "rules/battle-plans.tks"', 'use "/etc/passwd"', 'use "/etc/passwd"', "never absolute"),
    ("start-outside-track", "start 1", "start 9", "turns 1..8", "outside the turn track"),
    ("night-outside-track", "night 1", "night 0..1", "turns 1..8", "fall outside the turn track"),
    ("two-defaults", "    group g\n    place", "    default\n    group g\n    place", 'variant two', "both the default"),
    ("level-unknown-fortress", "fortress keep\n  }", "fortress kep\n  }", "controls east fortress kep", "unknown fortress 'kep'"),
    ("automatic-unknown-unit", "leader-killed B1", "leader-killed B7", "leader-killed B7", "unknown unit 'B7'"),
    ("lead-out-of-range", "lead 2 so-taisho", "lead 3 so-taisho", "3 so-taisho", "Leadership [4.1] 3 is out of range"),
    ("duplicate-statement", "    margin 2\n", "    margin 2\n    margin 3\n", "margin 3", "given twice"),
    ("unit-twice-attribute", "elan 0 mass 2 at 0707", "elan 0 elan 1 mass 2 at 0707", "elan 1 mass 2 at 0707", "'elan' is given twice"),
    ("so-taisho-mark-missing", 'elan 2 mass 3 lead 1 so-taisho at 0606', 'elan 2 mass 3 lead 1 at 0606', "so-taisho B1", "not marked so-taisho"),
    ("unknown-rule-module", "  table east-cp {", "  rule samuray\n  table east-cp {", "rule samuray", "unknown rule module 'samuray'"),
    ("unknown-rule-parameter", "  table east-cp {", "  rule samurai {\n    markrs 1\n  }\n  table east-cp {", "markrs 1", "unknown parameter of rule 'samurai' 'markrs'"),
    ("malformed-colour", 'clan B "B" {', 'clan B "B" {\n      color #3a5fa', "#3a5fa", "'#3a5fa' is not a colour"),
    ("directed-mark", "hexside river 0304|0404", "hexside river 0304|0404\n    hexside firearms-prepared 0505>0506", "0505>0506", "mark has no direction"),
    ("holds-off-map", "automatic east if leader-killed B1", "automatic east if holds east 9999", "holds east 9999", "off the map"),
    ("unknown-flag", '      enter N\n', '      enter N\n      flag never-rout\n', "never-rout", "unknown clan flag 'never-rout'"),
    ("vp-stars-not-at-end", "vp stars at-end", "vp stars", "vp stars", "counted at the end of the game only"),
    ("vp-elan-at-end", "vp elan-eliminated 1", "vp elan-eliminated 1 at-end", "vp elan-eliminated", "not at the end"),
    ("messenger-box-zero", "  table east-cp {", "  table messengers {\n    ..3: reserve\n    4..: delay 0\n  }\n  table east-cp {", "4..: delay 0", "no Delay box 0"),
]


def _locate(text, marked):
    idx = text.index(marked)
    line = text.count("\n", 0, idx) + 1
    col = idx - (text.rfind("\n", 0, idx) + 1) + 1
    return line, col


@pytest.mark.parametrize("case", CASES, ids=[c[0] for c in CASES])
def test_error_is_located(case):
    _, old, new, marked, fragment = case
    assert old in BASE, f"case does not apply: {old!r}"
    text = BASE.replace(old, new, 1)
    res = load(text)
    errors = res.errors
    assert errors, "no error reported"
    rendered = render_all(errors, res.sources)
    match = [d for d in errors if fragment in d.message]
    assert match, f"expected an error containing {fragment!r}, got:\n{rendered}"
    line, col = _locate(text, marked)
    d = match[0]
    assert d.pos is not None and d.pos.file.endswith("errors-test.tks")
    assert d.pos.line == line, rendered
    if marked not in ("side west \"West\"", 'clan A "A"', 'clan C "C"', "turns 1..8",
                      "siege-map keep", "peripheral a", "variant two", "star 0505",
                      "fortress keep", "so-taisho B1", "so-taisho B9", "0203\n"):
        assert d.pos.column == col, rendered
    # the rendering shows the source line and a caret
    assert f":{line}:" in rendered and "^" in rendered


def test_every_error_of_a_file_at_once():
    text = (BASE.replace("order attack", "order atack")
                .replace("at 0204", "at 1204")
                .replace("for east", "for eats")
                .replace("hex 0706", "hex 0101"))
    res = load(text)
    messages = " | ".join(d.message for d in res.errors)
    for fragment in ("unknown order 'atack'", "off the map", "unknown side 'eats'",
                     "not next to fortress"):
        assert fragment in messages
    assert len(res.errors) >= 4


def _warnings(res):
    return [d for d in res.diagnostics if not d.is_error]


def test_star_without_a_vp_stars_rule_is_a_located_warning():
    # the star is worth no VP unless the victory block counts the stars [21.7.3]
    text = BASE.replace("    vp stars at-end\n", "")
    res = load(text)
    assert res.ok
    [w] = _warnings(res)
    assert "star(s) (0505)" in w.message and "worth no VP" in w.message
    assert w.pos.line == _locate(text, "star 0505")[0]
    assert w.hint == "add 'vp stars at-end' to the victory block"


def test_vp_stars_without_a_star_is_a_located_warning():
    text = BASE.replace("    star 0505 vp 2 for east\n", "")
    res = load(text)
    [w] = _warnings(res)
    assert "the map has none" in w.message and w.pos.line == _locate(text, "vp stars")[0]


def test_did_you_mean_hint():
    res = load(BASE.replace("order attack", "order atack"))
    assert "did you mean 'attack'" in (res.errors[0].hint or "")


def test_unclosed_block_names_where_it_opened():
    text = BASE.rstrip().rstrip("}")
    res = load(text)
    d = res.errors[0]
    assert "unexpected end of file" in d.message
    assert "errors-test.tks:2:" in (d.hint or "")


def test_include_errors_name_the_include_chain(tmp_path):
    scen = tmp_path / "scenarios"
    (scen / "rules").mkdir(parents=True)
    import shutil
    shutil.copy(SCENARIOS / "rules" / "tenkatoitsu.tks", scen / "rules" / "tenkatoitsu.tks")
    (scen / "rules" / "broken.tks").write_text('version 1\nrules "x" {\n  table rally {\n    ..4 none\n  }\n}\n')
    main = scen / "main.tks"
    main.write_text(BASE.replace('use "rules/battle-plans.tks"', 'use "rules/broken.tks"'))
    from tenkatoitsu.kinds.battle.load import load_file
    res = load_file(main)
    d = res.errors[0]
    assert d.pos.file.endswith("broken.tks") and d.pos.line == 4
    assert d.included_from and d.included_from[0].line == 5
    assert "included from" in render_all([d], res.sources)


def test_include_cycle(tmp_path):
    scen = tmp_path / "scenarios"
    scen.mkdir()
    main = scen / "main.tks"
    main.write_text(BASE.replace('use "rules/battle-plans.tks"', 'use "main.tks"'))
    from tenkatoitsu.kinds.battle.load import load_file
    res = load_file(main)
    assert any("only `rules` files" in d.message or "cycle" in d.message for d in res.errors)


@pytest.mark.parametrize("data,fragment", [
    (b"\x00\x01\x02binary", "binary file"),
    (b'version 1\nscenario "\xff\xfe" {}', "not UTF-8"),
    ("version 1\nscenario \"Shōryūji-jō\" {".encode("utf-16"), "not UTF-8"),
    (b"", "unexpected end of file"),
    (b"version 1\nscenario", "unexpected end of file"),
])
def test_garbage_gives_a_located_error(data, fragment):
    res = load_bytes(data, PATH)
    assert res.document is None or res.errors
    d = res.errors[0]
    assert fragment in d.message
    assert d.pos is not None and d.pos.line >= 1 and d.pos.column >= 1


def test_bad_encoding_points_at_the_byte():
    res = load_bytes(b'version 1\nscenario "ok" {\n  note "caf\xe9"\n}\n', PATH)
    d = res.errors[0]
    assert (d.pos.line, d.pos.column) == (3, 12)


def test_two_terrains_for_one_hex_is_a_warning():
    res = load(BASE.replace("terrain woods 0506 0507", "terrain woods 0506 0507\n    terrain village 0507"))
    assert res.ok
    warn = [d for d in res.diagnostics if not d.is_error]
    assert any("0507 is given terrain woods and then village" in d.message for d in warn)


RULES_DOC = """version 1
rules "r" {
  combat-types {
    shingeki attacker { elan blue mass red }
    charge attacker { elan blue }
    hangeki attacker { elan blue }
  }
  combat-modifiers {
    support blue
    defender-state blue +1
  }
}
"""


def test_combat_tables_checked_in_a_rules_file():
    res = load_text(RULES_DOC, SCENARIOS / "rules" / "errors-test.tks")
    messages = [d.message for d in res.errors]
    assert any("unknown combat type 'charge'" in msg for msg in messages)
    assert any("hangeki is a combat type of the defender" in msg for msg in messages)
    assert any("'support' needs its value" in msg for msg in messages)
    assert any("'defender-state' takes no value" in msg for msg in messages)
    assert all(d.pos is not None for d in res.errors)


def test_impassable_road_or_hex_entry_is_an_error():
    doc = RULES_DOC.replace("  combat-types {", "  terrain-chart {\n    road impassable\n    path 1\n"
                            "    hexside open { cost 1 }\n    hex lake { enter impassable }\n  }\n"
                            "  combat-types {")
    res = load_text(doc, SCENARIOS / "rules" / "errors-test.tks")
    messages = [d.message for d in res.errors]
    assert any("a road is never impassable" in msg for msg in messages)
    assert any("a hex cannot be impassable to enter" in msg for msg in messages)


def test_rendered_source_line_counts_lines_like_the_lexer():
    # a form feed or U+2028 inside a comment is not a line break for the lexer
    text = 'version 1\n# a\x0cb \u2028 c\nscenario "s" {\n  turnz 1..2 {}\n}\n'
    res = load_text(text, PATH)
    rendered = render_all(res.errors, res.sources)
    assert ":4:3:" in rendered and "    turnz 1..2 {}" in rendered
