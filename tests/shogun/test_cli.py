"""The shogun kind through the command line: a five-bot game to its end
with its JSON result, a two-player game, a saved five-seat game replayed,
and terminal play for one human seat, who reads none of the others'
sealed plans or hidden ronin [SC-6.2] [SC-10.3]."""

from __future__ import annotations

import io
import json

import pytest

from tenkatoitsu.cli import main
from tenkatoitsu.session import Session, bots_for, load
from tenkatoitsu.terminal import Terminal
from tests.shogun.helpers import SEATS, needs_map

pytestmark = needs_map


def run(capsys, *args):
    status = main([str(a) for a in args])
    out = capsys.readouterr()
    assert "Traceback" not in out.err
    return status, out.out, out.err


def test_play_five_random_bots_to_a_winner_or_the_round_limit(capsys):
    """SC-23.1 / SC-20.3: five bots play until one holds 35 provinces, is the
    last daimyo standing, or the round limit ends the game."""
    status, out, _ = run(capsys, "play", "shogun", "--bots", ",".join(["random"] * 5),
                         "--seed", 1, "--json")
    assert status == 0
    result = json.loads(out)
    assert result["seats"] == list(SEATS)
    assert set(result["provinces"]) == set(SEATS)
    assert sum(result["provinces"].values()) <= 68
    winner, level = result["winner"], result["level"]
    assert winner in SEATS or (winner is None and "round limit" in level)
    if winner:
        held = result["provinces"][winner]
        assert held >= 35 or "last" in level or "round limit" in level
        assert held == max(result["provinces"].values())
    assert result["events"]["GameSetUp"] == 1 and result["events"]["ShogunDecided"] == 1


def test_a_two_player_game_plays_with_four_colour_sets(capsys):
    """SC-24.1 / SC-24.6: two players, each with two colour sets; a winner
    holds 50 provinces at a round's end or is the last standing."""
    status, out, _ = run(capsys, "play", "shogun", "--bots", "random,random", "--seed", 3,
                         "--json")
    assert status == 0
    result = json.loads(out)
    assert result["seats"] == ["red", "blue"]
    sets = result["colour_sets"]
    assert len(sets) == 4 and sorted(sets.values()) == ["blue", "blue", "red", "red"]
    if result["winner"]:
        w = result["winner"]
        assert result["provinces"][w] >= 50 or "last" in result["level"] or \
            "round limit" in result["level"]


def test_a_saved_five_seat_game_replays(capsys, tmp_path):
    """A saved game is its scenario, seed and answers: `replay` reproduces
    every event and die."""
    save = tmp_path / "five.json"
    status, _, _ = run(capsys, "play", "shogun", "--seats", 5, "--bots", "random",
                       "--seed", 7, "--save", save)
    assert status == 0
    status, out, _ = run(capsys, "replay", save)
    assert status == 0 and "reproduced" in out
    report = load(save)
    assert report.session.game.players == SEATS
    assert report.session.driver.finished


@pytest.mark.parametrize("args, said", [
    (["--seats", "6"], "2-5 players"),
    (["--variant", "longer"], "unknown variant 'longer'"),
])
def test_set_ups_the_scenario_refuses_are_named(capsys, args, said):
    """SC-4.4 / SC-1.2: 2 to 5 players (five colours); a variant the scenario
    does not have is refused by name."""
    status, _, err = run(capsys, "play", "shogun", "--bots", "random", *args)
    assert status == 2 and said in err


def test_the_longer_game_variant(capsys):
    """SC-23.2: the longer game is a variant of the scenario."""
    status, out, _ = run(capsys, "play", "shogun", "--variant", "longer-game", "--bots",
                         "random,random,random", "--seed", 2, "--json")
    assert status == 0
    result = json.loads(out)
    assert result["variants"] == ["longer-game"]


def test_terminal_play_for_one_human_seat():
    """A human plays Red against two bots for 3 rounds: he is asked his own
    decisions, sees the set-up and the log, and never the sealed choices of
    the others [SC-6.2] [SC-10.3]."""
    session = Session.start("shogun", seed=2, players=("red", "blue", "yellow"),
                            options={"round_limit": 3})
    bots = bots_for(session, "random", 2)
    del bots["red"]
    t = Terminal(session, {"red"}, bots, stdin=io.StringIO("1\n" * 3000),
                 stdout=io.StringIO())
    assert t.run() == 0
    out = t.stdout.getvalue()
    assert session.driver.finished
    assert "red: Red: place 2 spearmen" in out and "[SC-4.8]" in out
    assert "red rectangle" in out and "game over" in out
    assert "Blue plans (sealed)" not in out and "Yellow plans (sealed)" not in out
    assert "Blue hides ronin" not in out and "Yellow hides ronin" not in out
    assert "plans revealed" in out


def test_hot_seat_at_the_terminal_hands_the_screen_over_before_each_secret_choice():
    """Two humans at one terminal: before each plan (and every other sealed
    choice [SC-5.2]) the screen is cleared and handed over, and cleared
    again once the choice is sealed; no sealed event is printed."""
    session = Session.start("shogun", seed=2, players=("red", "blue"),
                            options={"round_limit": 1})
    t = Terminal(session, {"red", "blue"}, {}, stdin=io.StringIO("1\n" * 6000),
                 stdout=io.StringIO())
    assert t.run() == 0
    out = t.stdout.getvalue()
    plans = [i for i, line in enumerate(out.splitlines()) if "divide your" in line]
    handed = [i for i, line in enumerate(out.splitlines())
              if "secret choice: pass the terminal to" in line]
    assert len(plans) == 4  # two colour sets each [SC-24.1]
    assert all(any(0 < p - h < 80 for h in handed) for p in plans)
    assert out.count("choice is sealed") == len(handed)
    assert "plans (sealed)" not in out and "hides ronin (sealed)" not in out
