"""Terminal play as a newcomer meets it: undo, the exact odds of a proposed
attack, a saved game resumed, hex and unit ids typed as answers, a map that
fits 100 columns."""

import io
import json
import subprocess
import sys

import pytest

from tenkatoitsu.core.decisions import Decision, Option
from tenkatoitsu.kinds import get
from tenkatoitsu.kinds.battle.queries.odds import combat_odds
from tenkatoitsu.kinds.contract import TerminalAids
from tenkatoitsu.session import Session, bots_for, make_bot
from tenkatoitsu.terminal import Terminal, pick

from conftest import ROOT, SCENARIOS

TRAINING = SCENARIOS / "training.tks"
BATTLE = get("battle")


def terminal(answers: str, seed: int = 6, session=None, human: str = "oda"):
    session = session or Session.start(TRAINING, seed=seed)
    t = Terminal(session, {human}, bots_for(session, "random", session.game.seed),
                 stdin=io.StringIO(answers), stdout=io.StringIO())
    status = t.run()
    return t, status, t.stdout.getvalue()


def attack_position(hidden_orders: bool = False) -> Session:
    """Training, seed 22, both sides random for 72 decisions: the Oda plan the
    attacks of a Totsugeki charge [10.4.1] on clan 2, which is in Movement."""
    session = Session.start(TRAINING, seed=22, options={"hidden_orders": hidden_orders})
    bots = {p: make_bot(session.kind, "random", 22, p) for p in session.game.players}
    d = session.driver
    for _ in range(72):
        d.answer(bots[session.player_to_answer()].choose(d.pending))
    assert d.pending.kind == "attack-plan" and d.pending.side == "oda"
    return session


def cli(*args, answers: str = "", cwd=ROOT):
    return subprocess.run([sys.executable, "-m", "tenkatoitsu", *map(str, args)], input=answers,
                          capture_output=True, text=True, cwd=cwd, timeout=300)


# ---------------------------------------------------------------- undo

def test_undo_takes_back_decisions_one_after_another():
    # the battle plan, then Totsugeki logged for clan A and for clan B [10.3]
    t, status, out = terminal("u\n1\n1\n1\n1\n1\nu\nu\nu\nu\nu\n")
    assert status == 1  # the input ended: the game is not finished
    assert "nothing to undo: no decision of yours has been made yet" in out
    assert out.count("  undone: oda's answer") == 4
    assert "undone: oda's answer 'clan B (its chit into the Bowl)'" in out
    assert "undone: oda's answer 'log Totsugeki (2 left, 1 CP)'" in out
    # the command points were rolled after the plan was chosen: it stays chosen
    assert "cannot take back your last decision: since then [9.2]" in out
    fresh = Session.start(TRAINING, seed=6)
    for a in t.driver.answers:
        fresh.driver.answer(a)
    assert t.driver.pending.prompt == "oda: pick a clan chit (3 CP left)"
    assert t.game.digest.hexdigest() == fresh.game.digest.hexdigest()
    assert t.asked[0] == "oda" and "oda" not in t.asked[1:]  # the Asai chose their plan
    assert len(t.marks) == len(t.asked) == len(t.driver.answers)


def test_a_game_goes_on_after_an_undo_and_saves_the_new_line(tmp_path):
    save = tmp_path / "game.json"
    res = cli("play", TRAINING, "--seed", "6", "--human", "oda", "--save", save,
              answers="1\n1\n1\nu\n2\n" + "1\n" * 3000)
    assert res.returncode == 0, res.stderr
    assert "undone: oda's answer 'clan A (its chit into the Bowl)'" in res.stdout
    after = res.stdout.split("undone:")[1]
    assert after.split("oda logs totsugeki")[1].startswith(" for clan B on turn 1")
    assert "game over:" in res.stdout
    assert cli("replay", save).returncode == 0


# ---------------------------------------------------------------- odds

def test_the_battle_kind_gives_the_terminal_its_aids():
    assert isinstance(BATTLE, TerminalAids)


def test_each_attack_plan_shows_the_exact_odds_of_its_combats():
    session = attack_position()
    g, d = session.game, session.driver.pending
    notes = BATTLE.option_notes(g, d, "oda")
    assert set(notes) == {0, 1}
    # [10.4.1] the units that charged assault with the Totsugeki bonus
    odds = combat_odds(g, ["B1"], ["2a"], totsugeki=True, fighting=["B1", "B2"])
    hit = odds.probability(lambda r: r.defender is not None and any(
        h.steps or h.eliminated for h in (r.defender.first, r.defender.others)))
    first, second = notes[0].splitlines()
    assert first.startswith(f"B1 vs 2a: defender loses steps {float(hit) * 100:.0f}% / retreats ")
    assert first.endswith(f"value {odds.value:+.2f}")
    assert second.startswith("B2 vs 2b+2c: defender loses steps")
    detail = BATTLE.option_notes(g, d, "oda", detail=True)[0]
    assert "Totsugeki +2 [10.4.1]" in detail and "all defenders in Movement or Regroup" in detail
    assert "results (2D6 blue and red, exact)" in detail
    for text, p in odds.results:
        assert f"({p * 1296}/1296)" in detail
    t, _, out = terminal("o 1\n", session=session)
    plan = out.split("    1. B1 vs 2a; B2 vs 2b+2c\n")[1]
    assert plan.startswith("         B1 vs 2a: defender loses steps")
    assert "oda> o 1\nB1 vs 2a: blue" in out


def test_the_odds_keep_the_opponents_hidden_orders():
    # [5.3] clan 2 is in Movement (+2 to the attacker); the Oda may not know it
    session = attack_position(hidden_orders=True)
    g, d = session.game, session.driver.pending
    version, digest = g.version, g.digest.hexdigest()
    detail = BATTLE.option_notes(g, d, "oda", detail=True)[0]
    assert "Movement or Regroup" not in detail
    assert "(order of clan 2 hidden: defense assumed)" in detail
    assert "hidden" in BATTLE.option_notes(g, d, "oda")[0]
    # the real order is put back and nothing happened to the game
    assert g.state.clans["2"].order.value == "movement"
    assert (g.version, g.digest.hexdigest()) == (version, digest)
    # the Asai see their own orders, and not those of the Oda
    asai = BATTLE.option_notes(g, d, "asai", detail=True)[0]
    assert "Movement or Regroup" in asai and "(order of clan B hidden: defense assumed)" in asai


def test_leadership_declarations_show_their_odds():
    t, _, out = terminal("1\n" * 14 + "q\n")
    assert "Declare the attacker's Leadership" in out
    assert "1. B1: Leadership 1 on the blue dice\n         B1 vs 2a+2b+2c: defender loses" in out


# ---------------------------------------------------------------- typed answers

HEXES = Decision("oda", "march-hex", "Where?", (Option("0305", "0305 (2 MP)"),
                                               Option("0306", "0306 (3 MP)")), "6.1")
CLANS = Decision("asai", "choose-clan", "Which clan?", (Option("2", "clan 2"),
                                                        Option("3", "clan 3"),
                                                        Option("4", "clan 4")), "8.1")
ADVANCE = Decision("oda", "advance", "Advance?", (Option(["B1", "0407"], "B1 to 0407"),
                                                  Option(["B1", "0408"], "B1 to 0408"),
                                                  Option(["B2", "0407"], "B2 to 0407"),
                                                  Option(None, "no advance")), "11.12")


@pytest.mark.parametrize("decision, text, index", [
    (HEXES, "0306", 1), (HEXES, "2", 1), (HEXES, "#1", 0), (HEXES, " 0305 ", 0),
    (CLANS, "4", 2),  # clan 4's number is 3: the number wins, with a remark
    (CLANS, "=4", 2), (CLANS, "=2", 0), (CLANS, "3", 2),
    (ADVANCE, "b2", 2), (ADVANCE, "B1 0408", 1), (ADVANCE, "0408", 1), (ADVANCE, "b1,0407", 0),
])
def test_an_option_is_chosen_by_its_number_or_by_the_id_it_holds(decision, text, index):
    k, _ = pick(decision, text)
    assert k == index


@pytest.mark.parametrize("decision, text, says", [
    (CLANS, "2", "'2' taken as option 2 (clan 3); option 1 holds the value 2: =2 chooses it"),
    (ADVANCE, "B1", "'B1' is ambiguous: options 1, 2 hold it"),
    (ADVANCE, "0407", "'0407' is ambiguous: options 1, 3 hold it"),
    (HEXES, "0307", "'0307' is neither an option's number (1 to 2) nor a value one holds"),
    (HEXES, "3", "3 is not an option: choose 1 to 2"),
    (CLANS, "=5", "no option has the value '5'"),
    (HEXES, "#0", "#0 is not an option"),
])
def test_ambiguous_or_unknown_input_says_so(decision, text, says):
    assert says in pick(decision, text)[1]


def test_unit_and_hex_ids_typed_at_the_prompt():
    # seed 6: clan B charges with Totsugeki [10.4.1]: spearhead, target, end hex by id
    t, _, out = terminal("1\n" * 9 + "b1\n2A\n0407\nq\n")
    assert "oda> b1\noda: B1 charges the nearest enemy unit" in out
    assert "oda> 0407\n  [10.4.1] B1 charge: 0405 -> 0406 -> 0407" in out


# ---------------------------------------------------------------- the map

@pytest.mark.parametrize("name", ["training", "yamazaki", "nagakute", "sekigahara"])
def test_the_status_screen_fits_100_columns(name):
    session = Session.start(name, seed=1)
    g = session.game
    for side in g.players:
        screen = BATTLE.status_screen(g, side, session.driver.pending)
        assert max(len(line) for line in screen.splitlines()) <= 100
        width = g.scenario.map.width
        assert f"of 01-{width:02d}, rows 01-{g.scenario.map.height:02d} (m: the whole map)" in screen
        whole = BATTLE.status_screen(g, side, whole_map=True)
        header = next(ln for ln in whole.splitlines() if ln.lstrip().startswith("01 "))
        assert header.split() == [f"{c:02d}" for c in range(1, width + 1)]


def test_the_map_is_cut_around_the_units_and_hexes_of_the_decision():
    session = Session.start("yamazaki", seed=1)
    g = session.game
    east = Decision("hashiba", "march-hex", "Where?", (Option("2909", "2909"),
                                                       Option("3019", "3019")), "6.1")
    assert "map columns 12-30 of 01-30" in BATTLE.status_screen(g, "hashiba", east)
    west = Decision("hashiba", "move-unit", "Which?", (Option("N3", "N3"), Option("N2", "N2")),
                    "6.1")  # N3 at 0110, N2 at 0111
    assert "map columns 01-19 of 01-30" in BATTLE.status_screen(g, "hashiba", west)
    clans = Decision("hashiba", "choose-clan", "Which?", (Option("a", "clan a"),), "8.1")
    assert "map columns 12-30 of 01-30" in BATTLE.status_screen(g, "hashiba", clans)


def test_m_shows_the_whole_map_and_s_the_cut_one():
    session = Session.start("yamazaki", seed=1)
    t, _, out = terminal("m\ns\nq\n", session=session, human="hashiba")
    shown = out.split("hashiba> m\n")[1]
    whole, cut = shown.split("hashiba> s\n")
    assert "map columns" not in whole and " 30\n" in whole
    assert "map columns 04-22 of 01-30" in cut
    assert max(len(line) for line in cut.splitlines()) <= 100


# ---------------------------------------------------------------- play --load

@pytest.fixture(scope="module")
def saved(tmp_path_factory):
    path = tmp_path_factory.mktemp("load") / "attack.json"
    attack_position().save(path)
    return path


def test_play_load_resumes_a_save_at_the_terminal(saved, tmp_path):
    out = tmp_path / "on.json"
    res = cli("play", "--load", saved, "--human", "oda", "--save", out, answers="1\n" * 3000)
    assert res.returncode == 0, res.stderr
    assert "replayed 72 decisions: all" in res.stderr and "going on at turn 2" in res.stderr
    assert "oda: Plan the attacks of B1, B2 on 2a, 2b, 2c" in res.stdout.split("oda>")[0]
    assert "game over:" in res.stdout and "turns played: 10 (turns 1 to 10)" in res.stdout
    assert cli("replay", out).returncode == 0
    before, after = (json.loads(p.read_text())["answers"] for p in (saved, out))
    assert after[:72] == before and len(after) > 72


def test_play_load_with_bots_plays_the_game_out(saved):
    res = cli("play", "--load", saved, "--bots", "random")
    assert res.returncode == 0, res.stderr
    assert "result:" in res.stdout and "seed 22" in res.stdout


def test_a_loaded_game_takes_back_what_was_decided_before_the_save(saved):
    res = cli("play", "--load", saved, "--human", "oda", answers="u\nq\n")
    assert res.returncode == 1
    assert "undone: oda's answer '0508 (4 MP)' to 'B1 charges: end adjacent" in res.stdout
    assert "at turn 2 after 71 decisions" in res.stdout


def test_play_load_refuses_a_save_out_of_sync(saved, tmp_path):
    data = json.loads(saved.read_text())
    data["digest"] = "0" * 64
    bad = tmp_path / "bad.json"
    bad.write_text(json.dumps(data))
    res = cli("play", "--load", bad, "--human", "oda", answers="1\n")
    assert res.returncode == 1
    assert "OUT OF SYNC" in res.stderr and "the game cannot go on from it" in res.stderr
    assert res.stdout == ""


@pytest.mark.parametrize("args, says", [
    (["--seed", "3"], "argument --load: the save holds the scenario and its set-up; --seed"),
    (["--variant", "dawn"], "--variant cannot be given with it"),
    (["--hidden-orders"], "--hidden-orders cannot be given with it"),
])
def test_play_load_takes_no_set_up(saved, args, says):
    res = cli("play", "--load", saved, *args)
    assert res.returncode == 2 and says in res.stderr


def test_play_wants_a_scenario_or_a_save():
    res = cli("play", "--bots", "random")
    assert res.returncode == 2 and "give a SCENARIO to play, or --load SAVE" in res.stderr
