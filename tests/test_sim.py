"""`tenkatoitsu sim`: Wilson intervals, per-game seeds from the run's seed,
the same results for any number of jobs."""

import json
import math

import pytest

from tenkatoitsu import sim
from tenkatoitsu.cli import main

from conftest import SCENARIOS

TRAINING = str(SCENARIOS / "training.tks")


def test_wilson_interval_known_values():
    # Wilson score interval, z = 1.96: 5/10 -> 0.2366..0.7634, 0/10 -> 0..0.2775
    lo, hi = sim.wilson(5, 10)
    assert math.isclose(lo, 0.2366, abs_tol=1e-4) and math.isclose(hi, 0.7634, abs_tol=1e-4)
    lo, hi = sim.wilson(0, 10)
    assert lo == 0.0 and math.isclose(hi, 0.2775, abs_tol=1e-4)
    lo, hi = sim.wilson(100, 100)
    assert hi == 1.0 and math.isclose(lo, 0.9630, abs_tol=1e-4)


def test_game_seeds_depend_on_run_seed_and_index_only():
    assert sim.game_seed(1, 0) == sim.game_seed(1, 0)
    assert len({sim.game_seed(1, i) for i in range(100)}) == 100
    assert sim.game_seed(1, 3) != sim.game_seed(2, 3)


def _json(capsys, *args):
    assert main(["sim", TRAINING, "--json", "--no-progress", *args]) == 0
    return json.loads(capsys.readouterr().out)


def test_jobs_do_not_change_the_results(capsys):
    one = _json(capsys, "-n", "6", "--bots", "normal,random", "--seed", "7", "--jobs", "1")
    two = _json(capsys, "-n", "6", "--bots", "normal,random", "--seed", "7", "--jobs", "2")
    assert one.pop("timings")["jobs"] == 1
    assert two.pop("timings")["jobs"] == 2
    assert one == two
    assert one["games"] == 6 and len(one["results"]) == 6
    total = sum(w["count"] for w in one["wins"].values()) + one["draws"]["count"]
    assert total == 6
    assert one["interval"] == sim.INTERVAL


def test_a_game_of_the_run_replays_from_its_seed(capsys):
    out = _json(capsys, "-n", "2", "--bots", "random", "--seed", "3")
    first = out["results"][0]
    assert main(["play", TRAINING, "--seed", str(first["seed"]), "--bots", "random,random",
                 "--json"]) == 0
    alone = json.loads(capsys.readouterr().out)
    assert (alone["winner"], alone["vp"], alone["turns"]) == \
        (first["winner"], first["vp"], first["turns"])


def test_text_report_and_csv(tmp_path, capsys):
    csv_path = tmp_path / "games.csv"
    assert main(["sim", TRAINING, "-n", "3", "--bots", "random,random", "--no-progress",
                 "--csv", str(csv_path)]) == 0
    text = capsys.readouterr().out
    assert "Wilson score interval, 95%" in text and "draws" in text and "mean turns" in text
    rows = csv_path.read_text().splitlines()
    assert rows[0].startswith("game,seed,winner,level") and len(rows) == 4


def test_the_text_report_names_the_cluster_that_played():
    spec = sim.SimSpec(TRAINING, 2, ("random", "random"))
    summary = sim.run(spec)
    sf = sim._scenario(TRAINING)
    assert "on 1 job(s);" in sim.report(summary, sf)
    summary["timings"].update(cluster="tcp://10.0.0.5:8786", workers=3, jobs=6)
    assert "on 6 job(s) of the cluster tcp://10.0.0.5:8786 (3 worker(s));" in \
        sim.report(summary, sf)


@pytest.mark.parametrize("args,message", [
    (["--bots", "random,nobody"], "--bots takes"),
    (["--variant", "nope"], "unknown variant"),
    (["-n", "0"], "at least 1"),
])
def test_bad_arguments_are_reported(args, message, capsys):
    assert main(["sim", TRAINING, "--no-progress", *args]) == 2
    assert message in capsys.readouterr().err


def test_plot_without_matplotlib_is_refused_before_the_run(tmp_path, capsys, monkeypatch):
    import builtins

    real_import = builtins.__import__

    def no_matplotlib(name, *args, **kw):
        if name.startswith("matplotlib"):
            raise ImportError(name)
        return real_import(name, *args, **kw)

    monkeypatch.setattr(builtins, "__import__", no_matplotlib)
    status = main(["sim", TRAINING, "-n", "1", "--bots", "random", "--no-progress",
                   "--plot", str(tmp_path / "p.png")])
    out = capsys.readouterr()
    assert status == 2 and "argument --plot: needs matplotlib" in out.err
    assert out.out == ""  # no run to lose
