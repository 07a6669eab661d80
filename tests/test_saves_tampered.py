"""Tampered and outdated saves, as a careless or hostile user makes them: each
is refused with one line naming the field and what was expected, or replays
as an out-of-sync report; never a traceback, a hang, nor a file read at the
path a save names. A hypothesis property puts any JSON value anywhere in a
save of the battle kind and of the test-only dice race."""

from __future__ import annotations

import builtins
import copy
import io
import json
import os
import sys

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from tenkatoitsu import kinds, saves
from tenkatoitsu.cli import main
from tenkatoitsu.core.persistence import SaveError
from tenkatoitsu.dsl.loader import texts_digest
from tenkatoitsu.session import ReplayReport, Session, bots_for, load

from conftest import ROOT

DICERACE = ROOT / "tests" / "kinds" / "dicerace"
VERSIONS = "this engine reads versions 1 and 2"


# ---------------------------------------------------------------- saves to tamper with

def _saved(path, scenario, seed, bots, decisions=None) -> dict:
    s = Session.start(scenario, seed=seed)
    chosen = bots_for(s, bots, seed)
    if decisions is None:
        s.play_bots(chosen)
    else:
        s.kind.attach_bots(s.game, chosen)
        for _ in range(decisions):
            s.driver.answer(chosen[s.player_to_answer()].choose(s.driver.pending))
    s.save(path)
    return json.loads(path.read_text(encoding="utf-8"))


@pytest.fixture(scope="module")
def battle(tmp_path_factory) -> dict:
    """A whole game of the training scenario (415 decisions)."""
    return _saved(tmp_path_factory.mktemp("battle") / "g.json", "training", 3, "random")


@pytest.fixture(scope="module")
def short_battle(tmp_path_factory) -> dict:
    """Its first 40 decisions: quick to replay, for the property."""
    return _saved(tmp_path_factory.mktemp("short") / "g.json", "training", 3, "random", 40)


@pytest.fixture(scope="module")
def race(tmp_path_factory) -> dict:
    """A dice race, its kind's folder on the path for this module only."""
    sys.path.insert(0, str(DICERACE))
    try:
        yield _saved(tmp_path_factory.mktemp("race") / "g.json", DICERACE / "three-fords.tks",
                     5, "random,bold")
    finally:
        sys.path.remove(str(DICERACE))
        for name in [m for m in sys.modules if m.split(".")[0] == "dicerace_kind"]:
            del sys.modules[name]
        kinds.unregister("dicerace")


def _write(tmp_path, data, name="t.json"):
    path = tmp_path / name
    if isinstance(data, bytes):
        path.write_bytes(data)
    else:
        path.write_text(data if isinstance(data, str) else json.dumps(data), encoding="utf-8")
    return path


def _changed(save: dict, change) -> dict:
    data = copy.deepcopy(save)
    change(data)
    return data


def _refusal(path) -> str:
    """The one-line reason a save is refused, after its path."""
    with pytest.raises(SaveError) as e:
        load(path)
    message = str(e.value)
    assert message.startswith(f"{path}: ") and "\n" not in message, message
    return message[len(f"{path}: "):]


def _resealed(sc: dict) -> None:
    """The embedded scenario's digest made to match its (tampered) texts."""
    sc["sha256"] = texts_digest(sc["text"], sc["includes"])


# ---------------------------------------------------------------- 1. reading: bounded, strict

@pytest.mark.parametrize("change, message", [
    (lambda d: d.update(seed="3"), "field seed: expected an integer, found a string"),
    (lambda d: d.update(seed=True), "field seed: expected an integer, found a boolean"),
    (lambda d: d.update(seed=3.0), "field seed: expected an integer, found a decimal number"),
    (lambda d: d["scenario"].update(text=3),
     "field scenario.text: expected a string, found a number"),
    (lambda d: d["scenario"].update(name=3),
     "field scenario.name: expected a string, found a number"),
    (lambda d: d.update(kind=3), "field kind: expected a string, found a number"),
    (lambda d: d.update(variants="standard"), "field variants: expected a list, found a string"),
    (lambda d: d.update(variants=[3]), "field variants[0]: expected a string, found a number"),
    (lambda d: d.update(players=[1, "asai"]),
     "field players[0]: expected a string, found a number"),
    (lambda d: d.update(options=[]), "field options: expected an object, found a list"),
    (lambda d: d.update(answers={}), "field answers: expected a list, found an object"),
    (lambda d: d.update(events="974"), "field events: expected an integer, found a string"),
    (lambda d: d.update(finished="yes"), "field finished: expected true or false, found a string"),
    (lambda d: d["scenario"].update(includes=[1]),
     "field scenario.includes: expected an object, found a list"),
    (lambda d: d["scenario"]["includes"].update({"rules/x.tks": 5}),
     "field scenario.includes['rules/x.tks']: expected a string, found a number"),
    (lambda d: d.update(scenario=None), "field scenario: expected an object, found null"),
    (lambda d: d.pop("seed"), "field seed: missing"),
    (lambda d: d.update(smurai=True), "field smurai: no such field"),
    (lambda d: d.update(seed="3", kind=3), ("field kind: expected a string, found a number; "
                                            "field seed: expected an integer, found a string")),
])
def test_a_value_of_the_wrong_type_is_refused_naming_its_field(battle, tmp_path, change, message):
    assert _refusal(_write(tmp_path, _changed(battle, change))) == message


@pytest.mark.parametrize("version, message", [
    ("1", f"saved by format version '1' (a string); {VERSIONS}"),
    (3, f"saved by format version 3; {VERSIONS}"),
    (True, f"saved by format version true (a boolean); {VERSIONS}"),
    (1.0, f"saved by format version 1.0 (a decimal number); {VERSIONS}"),
    (None, f"saved by format version null; {VERSIONS}"),
])
def test_a_version_message_says_what_was_found_and_what_is_read(battle, tmp_path, version, message):
    assert _refusal(_write(tmp_path, dict(battle, version=version))) == message


def test_a_save_without_a_version_is_refused(battle, tmp_path):
    no_version = {k: v for k, v in battle.items() if k != "version"}
    assert _refusal(_write(tmp_path, no_version)) == \
        f"the save names no format version; {VERSIONS}"


def test_deep_nesting_is_refused_before_parsing(battle, tmp_path):
    deep = '{"format": "tenkatoitsu-save", "answers": ' + "[" * 100_000 + "]" * 100_000 + "}"
    assert _refusal(_write(tmp_path, deep)) == \
        "not a saved game (lists and objects nested 100001 deep; a save nests at most 32)"
    nested = json.dumps(battle).replace('"answers": [', '"answers": [' + "[" * 40 + "]" * 40 + ",")
    assert "nested 42 deep" in _refusal(_write(tmp_path, nested))  # the save, answers, 40
    within = json.dumps(battle).replace('"answers": [', '"answers": [' + "[" * 30 + "]" * 30 + ",")
    report = load(_write(tmp_path, within))  # as deep as may be: read, and does not replay
    assert report.message.startswith("answer 1 does not replay")


@pytest.mark.parametrize("number, message", [
    ("9" * 5000, "a number of 5000 digits; a save's numbers have at most 100"),
    ("-" + "9" * 5000, "a number of 5000 digits; a save's numbers have at most 100"),
    ("1e999", "the number 1e999 is out of range"),
    ("NaN", "NaN is not a number JSON allows"),
    ("-Infinity", "-Infinity is not a number JSON allows"),
])
def test_a_huge_number_is_refused(battle, tmp_path, number, message):
    text = json.dumps(battle)
    for where in (text.replace('"seed": 3', '"seed": ' + number),
                  text.replace('"answers": [', '"answers": [' + number + ",")):
        assert _refusal(_write(tmp_path, where)) == f"not a saved game ({message})"


def test_a_file_too_large_is_refused_after_reading_no_more_than_the_limit(battle, tmp_path,
                                                                          monkeypatch):
    monkeypatch.setattr(saves, "MAX_BYTES", 1000)
    assert _refusal(_write(tmp_path, battle)) == "not a saved game (more than 1000 bytes)"


def test_a_folder_a_pipe_and_a_device_are_refused_unread(tmp_path):
    refused = "not a saved game (a folder, a device or a pipe, not a regular file)"
    folder = tmp_path / "folder.json"
    folder.mkdir()
    assert _refusal(folder) == refused
    if hasattr(os, "mkfifo"):  # opened for reading, a pipe would wait for a writer forever
        os.mkfifo(tmp_path / "pipe.json")
        assert _refusal(tmp_path / "pipe.json") == refused
    if os.path.exists("/dev/zero"):
        (tmp_path / "zero.json").symlink_to("/dev/zero")
        assert _refusal(tmp_path / "zero.json") == refused
    assert _refusal(tmp_path / "none.json").startswith("cannot read (No such file")


def test_not_text_and_not_unicode_are_refused(battle, tmp_path):
    assert _refusal(_write(tmp_path, b"\xff{}")) == \
        "not a saved game (not UTF-8 text: byte 0xff at offset 0)"
    surrogate = json.dumps(battle).replace('"kind": "battle"', '"kind": "\\ud800"')
    assert _refusal(_write(tmp_path, surrogate)) == \
        "field kind: a string that is not valid Unicode (a lone surrogate)"
    assert _refusal(_write(tmp_path, "[1, 2]")) == \
        'not a Tenkatoitsu saved game (no "format": "tenkatoitsu-save")'


# ---------------------------------------------------------------- 2. the scenario: copy or bundled

@pytest.fixture
def opened(monkeypatch) -> list[str]:
    """Every path opened or looked at from here on (the test clears it when it likes)."""
    touched: list[str] = []

    def spy(real):
        def wrapper(path, *args, **kw):
            touched.append(os.fsdecode(path) if isinstance(path, (str, bytes, os.PathLike))
                           else str(path))
            return real(path, *args, **kw)
        return wrapper
    for module, name in [(os, "open"), (os, "stat"), (os, "lstat"), (io, "open"),
                         (builtins, "open")]:
        monkeypatch.setattr(module, name, spy(getattr(module, name)))
    return touched


def test_the_path_a_save_names_is_never_read(battle, tmp_path, opened):
    bait = tmp_path / "bait-file.tks"
    bait.write_text("SECRET-FIRST-TOKEN\n", encoding="utf-8")
    opened.clear()
    # with its text: replayed on it, the file named is not even looked at
    named = _changed(battle, lambda d: d["scenario"].update(path=str(bait)))
    report = load(_write(tmp_path, named))
    assert report.events_match and report.digest_match
    assert report.scenario_note == f"replayed on the copy in the save (the file {bait} is not read)"
    assert report.session.scenario_path == str(bait)  # a label, kept
    # without it (format 1), only a bundled scenario of that name
    bundled = "castles, clans, nagakute, sekigahara, shogun, training, yamazaki"
    for ref in (str(bait), "/etc/passwd", "/dev/zero"):
        v1 = {k: v for k, v in battle.items() if k not in ("scenario", "kind", "players")}
        v1.update(version=1, scenario=ref)
        message = _refusal(_write(tmp_path, v1))
        assert message == (f"field scenario.path: {ref!r} is not a bundled scenario, and a save "
                           "without its scenario's text (format version 1) replays only on a "
                           f"bundled one ({bundled})")
        v2 = _changed(battle, lambda d, ref=ref: d["scenario"].update(path=ref, text=None))
        assert _refusal(_write(tmp_path, v2)) == message
    assert not [p for p in opened if p in (str(bait), "/etc/passwd", "/dev/zero")], opened


def test_an_include_comes_from_the_save_or_the_bundled_library_never_beside_the_path(
        battle, tmp_path, opened):
    bait = tmp_path / "bait-rules.tks"
    bait.write_text("rules\n", encoding="utf-8")
    opened.clear()
    label = str(tmp_path / "x.tks")

    def beside(d):  # an include the save does not carry, next to the path it names
        sc = d["scenario"]
        sc.update(path=label, text=sc["text"].replace("rules/tenkatoitsu.tks", "bait-rules.tks"))
        del sc["includes"]["rules/tenkatoitsu.tks"]
        _resealed(sc)
    message = _refusal(_write(tmp_path, _changed(battle, beside)))
    assert message.startswith("field scenario.text: the scenario does not load: line ")
    assert "include 'bait-rules.tks' not found" in message
    assert str(bait) not in opened and label not in opened

    def dropped(d):  # includes left out of the save: the bundled rules library's
        d["scenario"].update(path="/nowhere/training.tks", includes={})
        _resealed(d["scenario"])
    report = load(_write(tmp_path, _changed(battle, dropped)))
    assert report.events_match and report.digest_match


def test_the_embedded_texts_digest_is_checked(battle, tmp_path):
    def edited(d):
        d["scenario"]["text"] += "\n# edited"
    assert _refusal(_write(tmp_path, _changed(battle, edited))) == (
        "field scenario.text: the scenario copied into the save was altered (its digest does "
        "not match scenario.sha256)")


def test_a_bundled_scenario_changed_since_the_save_is_named(battle, tmp_path):
    assert load(_write(tmp_path, battle)).scenario_note == ""  # unchanged: nothing to say

    def edited(d):  # as if the engine's bundled training had changed since
        sc = d["scenario"]
        sc["text"] = sc["text"].replace("# The set-up", "# The old set-up", 1)
        _resealed(sc)
    report = load(_write(tmp_path, _changed(battle, edited)))
    assert report.events_match and report.digest_match
    assert report.scenario_note == ("the bundled scenario training has changed since the game "
                                    "was saved: replayed on the copy in the save")


def test_a_nul_byte_in_the_path_is_only_a_label(battle, tmp_path):
    report = load(_write(tmp_path, _changed(battle, lambda d: d["scenario"].update(path="a\0b"))))
    assert report.events_match and report.digest_match
    assert report.scenario_note == \
        "replayed on the copy in the save (the file 'a\\x00b' is not read)"
    v1 = _changed(battle, lambda d: d["scenario"].update(path="a\0b", text=None))
    assert _refusal(_write(tmp_path, v1)).startswith(
        "field scenario.path: 'a\\x00b' is not a bundled scenario")


# ---------------------------------------------------------------- 3. the set-up, against the kind

@pytest.mark.parametrize("change, message", [
    (lambda d: d.update(variants=["standardd"]),
     ("field variants[0]: no variant 'standardd' in this scenario (renamed or removed since the "
      "game was saved?); variants: standard, dawn, siege, asakura; did you mean 'standard'?")),
    (lambda d: d.update(variants=["standard", "dawn"]),
     "field variants: variants 'standard' and 'dawn' exclude each other (group 'setup')"),
    (lambda d: d["options"].update(samurai=1),
     "field options.samurai: expected true or false, found a number"),
    (lambda d: d["options"].update(samurai="yes"),
     "field options.samurai: expected true or false, found a string"),
    (lambda d: d["options"].update(smurai=True), "field options.smurai: no such field"),
    (lambda d: d.update(players=["oda"]),
     "field players: this scenario is played by its 2 sides, in this order: oda, asai (not oda)"),
    (lambda d: d.update(players=["oda", "asai", "oda"]), "field players: a seat is named twice"),
    (lambda d: d.update(players=["oda", "uesugi"]),
     "field players: no seat 'uesugi' in this scenario (seats: oda, asai)"),
    (lambda d: d.update(kind="chess"), "field kind: unknown kind 'chess' (kinds: battle"),
])
def test_a_battle_set_up_the_kind_refuses_is_refused(battle, tmp_path, change, message):
    assert _refusal(_write(tmp_path, _changed(battle, change))).startswith(message)


@pytest.mark.parametrize("change, message", [
    (lambda d: d["options"].update(push_needs=9),
     "field options.push_needs: 'push_needs' must be in range(2, 7) (got 9)"),
    (lambda d: d["options"].update(push_needs="4"),
     "field options.push_needs: expected an integer, found a string"),
    (lambda d: d.update(variants=["long"]),
     ("field variants[0]: no variant 'long' in this scenario (renamed or removed since the game "
      "was saved?); variants: none")),
    (lambda d: d.update(players=["blue", "red"]),
     ("field players: this scenario is played by its 2 sides, in this order: red, blue "
      "(not blue, red)")),
    (lambda d: d.update(kind="battle"),
     "field kind: the save names kind 'battle', its scenario is of kind 'dicerace'"),
])
def test_a_dice_race_set_up_the_kind_refuses_is_refused(race, tmp_path, change, message):
    assert _refusal(_write(tmp_path, _changed(race, change))) == message


def test_answers_that_no_longer_replay_are_an_out_of_sync_report(battle, tmp_path):
    def wrong(d):
        d["answers"][5] = {"x": [1]}
    report = load(_write(tmp_path, _changed(battle, wrong)))
    assert not (report.events_match or report.digest_match)
    assert report.message.startswith("answer 6 does not replay: {'x': [1]} is not a legal answer")
    d = report.session.driver  # the session stands at the last good decision
    assert d.answers == battle["answers"][:5] and d.pending is not None
    more = load(_write(tmp_path, _changed(battle, lambda d: d["answers"].append("pass"))))
    assert more.message == "the game ended before answer 416 of 416"
    assert more.session.driver.finished
    digest = load(_write(tmp_path, _changed(battle, lambda d: d.update(digest="0" * 64))))
    assert digest.events_match and not digest.digest_match
    assert digest.message == "OUT OF SYNC: 974 events (saved 974), digest differs"


# ---------------------------------------------------------------- 4. replay and log: one line

def _malformed(battle) -> dict:
    v1 = {k: v for k, v in battle.items() if k not in ("scenario", "kind", "players")}
    return {
        "deep": "[" * 100_000 + "]" * 100_000,
        "huge": json.dumps(battle).replace('"seed": 3', '"seed": ' + "9" * 5000),
        "wrong type": json.dumps(_changed(battle, lambda d: d["scenario"].update(text=3))),
        "renamed variant": json.dumps(dict(battle, variants=["standardd"])),
        "option type": json.dumps(_changed(battle, lambda d: d["options"].update(samurai="no"))),
        "version string": json.dumps(dict(battle, version="1")),
        "nul in a path": json.dumps(dict(v1, version=1, scenario="a\0b")),
        "passwd": json.dumps(dict(v1, version=1, scenario="/etc/passwd")),
        "players": json.dumps(dict(battle, players=["oda"])),
        "not json": "{not json",
    }


@pytest.mark.parametrize("command", ["replay", "log"])
def test_replay_and_log_print_one_line_and_exit_1_for_a_malformed_save(battle, tmp_path, capsys,
                                                                       command):
    for case, text in _malformed(battle).items():
        path = _write(tmp_path, text)
        assert main([command, str(path)]) == 1, case
        out = capsys.readouterr()
        assert out.out == "", case
        assert out.err.startswith(f"tenkatoitsu {command}: {path}: "), (case, out.err)
        assert out.err.count("\n") == 1, (case, out.err)


# ---------------------------------------------------------------- 5. any value anywhere

#: strings that have broken, or could break, a loader
STRINGS = ["", "\0", "a\0b", "/dev/zero", "/etc/passwd", "../../../etc/passwd", "training",
           "training.tks", "standard", "oda", "red", "battle", "dicerace", "tenkatoitsu-save",
           "rules/tenkatoitsu.tks", "push", "x" * 300]
#: JSON text no Python value dumps to
RAW = ["9" * 5000, "-" + "9" * 5000, "1e999", "NaN", "-Infinity", "[" * 5000 + "]" * 5000,
       '{"a": ' * 40 + "0" + "}" * 40, "1" + "0" * 99, "1" + "0" * 100, "-0", "1.5e-300"]
HOLE = "\x01hole\x01"
GONE = object()

json_values = st.recursive(
    st.none() | st.booleans() | st.integers() | st.floats(allow_nan=False, allow_infinity=False)
    | st.text(max_size=12) | st.sampled_from(STRINGS),
    lambda inner: st.lists(inner, max_size=4) | st.dictionaries(st.text(max_size=8), inner,
                                                                max_size=4),
    max_leaves=12)
replacements = st.one_of(json_values.map(json.dumps), st.sampled_from(RAW), st.just(GONE))


@st.composite
def tampered(draw, save: dict) -> str:
    """The save's JSON text with one value (anywhere) replaced, or taken out."""
    data = copy.deepcopy(save)
    parent, key, node = None, None, data
    while isinstance(node, (dict, list)) and node and (parent is None or draw(st.integers(0, 3))):
        parent, key = node, draw(st.sampled_from(sorted(node) if isinstance(node, dict)
                                                 else range(len(node))))
        node = parent[key]
    new = draw(replacements)
    if parent is None:
        return "null" if new is GONE else new
    if new is GONE:
        del parent[key]
        return json.dumps(data)
    parent[key] = HOLE
    return json.dumps(data).replace(json.dumps(HOLE), new, 1)


def _loads_or_refuses(path) -> None:
    try:
        report = load(path)
    except SaveError as e:
        message = str(e)
        assert message.startswith(f"{path}: ") and "\n" not in message and len(message) < 2000
    else:
        assert isinstance(report, ReplayReport) and "\n" not in report.message
        assert (report.events_match and report.digest_match) or report.message


def _property(save: dict, folder, examples: int):
    @settings(max_examples=examples, deadline=None, database=None,
              suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large])
    @given(st.data())
    def run(data):
        text = data.draw(tampered(save))
        _loads_or_refuses(_write(folder, text))
    run()


@pytest.mark.parametrize("which", ["short_battle", "race"])
def test_any_value_anywhere_gives_a_refusal_or_a_report(request, tmp_path_factory, which):
    _property(request.getfixturevalue(which), tmp_path_factory.mktemp("any"), 75)


@pytest.mark.slow
@pytest.mark.parametrize("which", ["battle", "race"])
def test_any_value_anywhere_gives_a_refusal_or_a_report_long(request, tmp_path_factory, which):
    _property(request.getfixturevalue(which), tmp_path_factory.mktemp("any"), 3000)
