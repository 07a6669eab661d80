"""Terminal play (`play --human`): a whole game by piped answers, bad input
re-prompted with a reason, end of input leaves without a traceback."""

import subprocess
import sys

from conftest import ROOT, SCENARIOS

TRAINING = str(SCENARIOS / "training.tks")


def run_play(answers: str, *args):
    return subprocess.run([sys.executable, "-m", "tenkatoitsu", "play", TRAINING, *args],
                          input=answers, capture_output=True, text=True, cwd=ROOT, timeout=300)


def test_a_whole_game_by_piped_answers():
    # the human (Oda) always answers "1"; the Asai are the random bot
    res = run_play("1\n" * 3000, "--seed", "4", "--human", "oda", "--bots", "random,random")
    assert res.returncode == 0, res.stderr
    assert "game over:" in res.stdout
    assert "Traceback" not in res.stdout + res.stderr
    assert "oda> 1" in res.stdout  # piped answers are echoed
    assert "== turn 1" in res.stdout and "clan 2 [asai] defense" in res.stdout
    assert "  turns played: " in res.stdout.split("game over:")[-1]


def test_hot_seat_and_hidden_orders():
    res = run_play("1\n" * 6000, "--seed", "5", "--human", "both", "--hidden-orders")
    assert res.returncode == 0, res.stderr
    assert "asai> 1" in res.stdout and "oda> 1" in res.stdout
    # each player sees his own orders and '?' for the opponent's [5.3]
    oda_view = res.stdout.split("(viewer: Oda Nobunaga)")[1].split("oda>")[0]
    assert "clan 2 [asai] hidden" in oda_view and "clan A [oda] defense" in oda_view


def test_bad_input_reprompts_and_eof_ends_cleanly():
    res = run_play("x\n0\n99\nm\n1\n", "--seed", "4", "--human", "oda", "--bots", "random")
    assert res.returncode == 1
    out = res.stdout
    assert "'x' is neither an option's number (1 to 10) nor a value one holds" in out
    assert "'0' is neither an option's number" in out and "99 is not an option" in out
    assert out.count("== turn 1, night; VP") == 2  # "m" shows the map and status again
    assert "game stopped (end of input)" in out
    assert "Traceback" not in out + res.stderr


def test_a_side_that_does_not_exist():
    res = run_play("", "--human", "tokugawa")
    assert res.returncode == 2 and "--human takes seats (oda, asai" in res.stderr


def test_sekigahara_status_shows_the_betrayal_aid():
    from tenkatoitsu import sim
    from tenkatoitsu.kinds.battle.text import status

    game = sim.play_game(sim.SimSpec(str(SCENARIOS / "sekigahara.tks"), 1,
                                     ("random", "random")), 0).game
    text = status(game, "ishida")
    # the aid's lines, folded to the terminal's width, up to the Diplomacy track
    aid = text.split("Betrayal Aid")[1].split("Diplomacy:")[0]
    b = next(r for r in game.rules if r.name == "sekigahara").betrayals
    for fam, side in b.joined.items():  # [21.4.2] every family that joined, and whom
        assert f"{fam}={side}" in aid
    for fam in set(b.families) - set(b.joined):
        loyal, treason = b.track[fam]
        assert f"{fam}:{loyal}/" in aid and f"<>{treason}/" in aid
    assert f"Loyalty chits {b.marker['ishida']}, Treason chits {b.marker['tokugawa']}" in text
    assert "Betrayal Aid" not in status(sim.play_game(sim.SimSpec(TRAINING, 1, ("random",
                                                                           "random")), 0).game,
                                        "oda")


def test_the_terminal_log_keeps_the_opponents_secrets():
    # [10.1] the Asai's battle plan is theirs: the Oda player's log does not show it
    res = run_play("1\n" * 3000, "--seed", "3", "--human", "oda", "--bots", "random")
    assert res.returncode == 0, res.stderr
    before_end = res.stdout.split("game over:")[0]
    assert "oda secretly chooses" in before_end
    assert "asai secretly chooses" not in before_end
