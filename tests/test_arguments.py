"""Every option is checked by the argument parser: a bad value is refused
before any game, naming its option, with exit status 2 and no traceback."""

from __future__ import annotations

import argparse
import subprocess
import sys

import pytest

from tenkatoitsu import arguments
from tenkatoitsu.cli import build_parser, main

from conftest import ROOT, SCENARIOS

TRAINING = str(SCENARIOS / "training.tks")

#: (arguments, the option the error names, a word of the error)
BAD = [
    (["gui", "--size", "abc"], "--size", "WIDTHxHEIGHT"),
    (["gui", "--size", "0x0"], "--size", "1 to 16384"),
    (["gui", "--size", "800x-1"], "--size", "WIDTHxHEIGHT"),
    (["gui", "--size", "99999x100"], "--size", "1 to 16384"),
    (["gui", "--zoom", "0"], "--zoom", "above 0"),
    (["gui", "--zoom", "-2"], "--zoom", "above 0"),
    (["gui", "--zoom", "nan"], "--zoom", "above 0"),
    (["gui", "--zoom", "inf"], "--zoom", "above 0"),
    (["gui", "--zoom", "big"], "--zoom", "not a number"),
    (["gui", "--play-turns", "-5"], "--play-turns", "0 or more"),
    (["gui", "--play-turns", "two"], "--play-turns", "not a whole number"),
    (["gui", "--players", ","], "--players", "one name or more"),
    (["gui", "--players", "human,,random"], "--players", "an empty name"),
    (["gui", "--variant", ","], "--variant", "one name or more"),
    (["gui", "--until", " "], "--until", "must not be empty"),
    (["gui", "--grab", ""], "--grab", "must not be empty"),
    (["gui", "--load", ""], "--load", "an empty file name"),
    (["gui", "--screenshot", ""], "--screenshot", "an empty file name"),
    (["play", TRAINING, "--bots", ","], "--bots", "one name or more"),
    (["play", TRAINING, "--bots", "random,"], "--bots", "an empty name"),
    (["play", TRAINING, "--save", ""], "--save", "an empty file name"),
    (["play", TRAINING, "--variant", ","], "--variant", "one name or more"),
    (["play", TRAINING, "--variant", ""], "--variant", "one name or more"),
    (["play", TRAINING, "--seed", "-1"], "--seed", "0 or more"),
    (["play", TRAINING, "--seed", "9" * 5000], "--seed", "not a whole number"),
    (["play", TRAINING, "--seats", "0"], "--seats", "at least 1"),
    (["play", TRAINING, "--option", "nokey"], "--option", "KEY=VALUE"),
    (["play", TRAINING, "--option", "=1"], "--option", "KEY=VALUE"),
    (["play", TRAINING, "--human", ""], "--human", "one name or more"),
    (["sim", TRAINING, "-n", "0"], "-n", "at least 1"),
    (["sim", TRAINING, "-n", "-3"], "-n", "at least 1"),
    (["sim", TRAINING, "--jobs", "0"], "--jobs/-j", "at least 1"),
    (["sim", TRAINING, "--bots", ""], "--bots", "one name or more"),
    (["sim", TRAINING, "--csv", ""], "--csv", "an empty file name"),
    (["sim", TRAINING, "--plot", ""], "--plot", "an empty file name"),
    (["check", ""], "files", "an empty file name"),
    (["show", " "], "file", "an empty file name"),
    (["replay", ""], "file", "an empty file name"),
    (["log", "g.json", "--viewer", ""], "--viewer", "must not be empty"),
]


@pytest.mark.parametrize("argv,option,why", BAD, ids=[" ".join(a[0:1] + a[-2:])[:40]
                                                      for a, _, _ in BAD])
def test_a_bad_option_is_refused_by_the_parser_naming_it(argv, option, why, capsys):
    assert main(argv) == 2
    out = capsys.readouterr()
    assert f"argument {option}: " in out.err and why in out.err, out.err
    assert out.out == "" and "Traceback" not in out.err


@pytest.mark.parametrize("argv,message", [
    (["gui", TRAINING, "--headless", "--players", "human,random,normal"],
     "argument --players: takes one entry, or one per seat (oda, asai), not 3"),
    (["gui", TRAINING, "--headless", "--players", "human,nobody"],
     "argument --players: unknown player 'nobody'"),
    (["gui", TRAINING, "--headless", "--load", "g.json"], "argument --load: "),
    (["play", TRAINING, "--human", "nobody"], "--human takes seats (oda, asai, comma-separated)"),
])
def test_options_checked_against_the_scenario_name_the_option(argv, message, capsys):
    assert main(argv) == 2
    out = capsys.readouterr()
    assert message in out.err and out.out == ""


def test_a_human_seat_played_headless_says_who_plays_it(capsys):
    assert main(["gui", TRAINING, "--headless", "--players", "human", "--seed", "2"]) == 0
    out = capsys.readouterr()
    assert "the random bot in the human seats" in out.err and "result:" in out.out


def test_a_usage_error_exits_with_status_2_from_the_command():
    r = subprocess.run([sys.executable, "-m", "tenkatoitsu", "gui", "--size", "abc"], cwd=ROOT,
                       capture_output=True, text=True, timeout=60)
    assert r.returncode == 2 and "argument --size: " in r.stderr
    assert "invalid literal" not in r.stderr and "Traceback" not in r.stderr


def test_help_exits_with_status_0(capsys):
    assert main(["sim", "--help"]) == 0
    assert "--no-progress" in capsys.readouterr().out


def test_good_values_are_read_and_normalised():
    args = build_parser().parse_args(
        ["gui", "--size", " 800 x 600 ", "--zoom", "1.5", "--players", "human, random",
         "--variant", "long , tsutsui", "--play-turns", "0", "--seed", "0"])
    assert args.size == "800x600" and args.zoom == 1.5
    assert args.players == "human,random" and args.variant == "long,tsutsui"
    assert args.play_turns == 0 and args.seed == 0
    sim_args = build_parser().parse_args(["sim", "x", "-n", "5", "-j", "2", "--bots", "random"])
    assert (sim_args.n, sim_args.jobs, sim_args.bots, sim_args.variant) == (5, 2, "random", None)


@pytest.mark.parametrize("check,text", [
    (arguments.positive_int, "0"), (arguments.non_negative_int, "-1"),
    (arguments.positive_float, "0.0"), (arguments.window_size, "10x"),
    (arguments.name_list, " , "), (arguments.name, ""), (arguments.file_name, "a\0b"),
    (arguments.option_item, "x"), (arguments.destination("--save"), "/"),
])
def test_each_check_raises_the_parsers_error(check, text):
    with pytest.raises(argparse.ArgumentTypeError):
        check(text)
