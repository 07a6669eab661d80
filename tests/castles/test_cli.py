"""The castles kind through the command line as a player meets it: a bot game
of 2, 3 and 4 seats with its JSON result, a saved 4-seat game replayed, the
daimyo variant, terminal play for a human seat and for hot-seat, the sim
with the seats rotated, and set-ups the scenario refuses."""

import io
import json

import pytest

from tenkatoitsu.cli import main
from tenkatoitsu.session import Session, bots_for, load
from tenkatoitsu.terminal import Terminal


def run(capsys, *args):
    status = main([str(a) for a in args])
    out = capsys.readouterr()
    assert "Traceback" not in out.err
    return status, out.out, out.err


@pytest.mark.parametrize("n", [2, 3, 4])
def test_play_json_names_the_seats_scores_and_winner(capsys, n):
    status, out, _ = run(capsys, "play", "castles", "--bots", ",".join(["random"] * n),
                         "--seed", 1, "--json")
    assert status == 0
    result = json.loads(out)
    assert result["seats"] == ["red", "blue", "yellow", "black"][:n]
    assert set(result["scores"]) == set(result["seats"])
    # [6] a score is the sum of the tokens the seat holds
    for seat, held in result["castles"].items():
        assert result["scores"][seat] == sum(v for _, v, _ in held)
    best = max(result["scores"].values())
    assert result["scores"][result["winner"]] == best
    # the small tokens only in 3- and 4-player games [4.II.2]
    sizes = {size for held in result["castles"].values() for *_, size in held}
    assert ("small" in sizes) == (n > 2) or n > 2


def test_a_saved_four_seat_game_replays(capsys, tmp_path):
    save = tmp_path / "four.json"
    status, _, _ = run(capsys, "play", "castles", "--seats", 4, "--bots", "random",
                       "--seed", 7, "--save", save)
    assert status == 0
    status, out, _ = run(capsys, "replay", save)
    assert status == 0 and "reproduced" in out
    report = load(save)
    assert report.session.game.players == ("red", "blue", "yellow", "black")


def test_the_daimyo_variant(capsys):
    status, out, _ = run(capsys, "play", "castles", "--variant", "daimyo", "--bots",
                         "random,random,random", "--seed", 3, "--json")
    assert status == 0
    assert json.loads(out)["variants"] == ["daimyo"]


@pytest.mark.parametrize("args, said", [
    (["--seats", "5"], "2-4 players"),
    (["--variant", "daimyos"], "unknown variant 'daimyos'"),
    (["--option", "tactics_per_player=0"], "tactics_per_player"),
])
def test_set_ups_the_scenario_refuses_are_named(capsys, args, said):
    status, _, err = run(capsys, "play", "castles", "--bots", "random", *args)
    assert status == 2 and said in err


def test_terminal_play_for_one_human_seat():
    session = Session.start("castles", seed=2, players=("red", "blue", "yellow"))
    bots = bots_for(session, "random", 2)
    del bots["red"]
    t = Terminal(session, {"red"}, bots, stdin=io.StringIO("1\n" * 400), stdout=io.StringIO())
    assert t.run() == 0
    out = t.stdout.getvalue()
    assert "castle " in out and "value" in out  # the board as a table of areas
    assert "red: Red: keep" in out or "red: Red: deploy" in out
    assert session.driver.finished


def test_terminal_hot_seat_for_every_seat():
    session = Session.start("castles", seed=4, players=("red", "blue"))
    t = Terminal(session, {"red", "blue"}, {}, stdin=io.StringIO("2\n1\n" * 300),
                 stdout=io.StringIO())
    assert t.run() == 0
    out = t.stdout.getvalue()
    assert "red: Red:" in out and "blue: Blue:" in out
    assert session.driver.finished


def test_sim_rotates_the_seats_and_reports_the_first_player(capsys):
    args = ("sim", "castles", "-n", 6, "--bots", "heuristic,random", "--rotate")
    status, out, _ = run(capsys, *args, "--json")
    assert status == 0
    summary = json.loads(out)
    assert summary["seats"] == ["red", "blue"]
    assert set(summary["bot_wins"]) == {"heuristic", "random"}
    assert set(summary["bot_scores"]) == {"heuristic", "random"}
    assert summary["first_player"]["seat"] == "red"
    status, out, _ = run(capsys, *args)
    assert "first player (Red) wins" in out and "bot heuristic wins" in out
