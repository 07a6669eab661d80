"""`tenkatoitsu sim --cluster`: games played on a Dask cluster give the summary
of a `--jobs` run, timings aside; without Dask, or with no scheduler at the
address, a one-line error and no run."""

import builtins
import json
import logging
import socket

import pytest

from tenkatoitsu import sim, sim_cluster
from tenkatoitsu.cli import main

SPEC = sim.SimSpec("yamazaki", 6, ("random", "random"), seed=5)
ARGS = ["sim", "yamazaki", "-n", "6", "--bots", "random", "--seed", "5", "--json",
        "--no-progress"]


@pytest.fixture(scope="module")
def scheduler():
    """The address of a cluster of two worker processes, for the module."""
    distributed = pytest.importorskip("distributed")
    with distributed.LocalCluster(n_workers=2, threads_per_worker=1, processes=True,
                                  dashboard_address=":0",
                                  silence_logs=logging.ERROR) as cluster:
        yield cluster.scheduler_address


def _apart(summary: dict) -> tuple[dict, dict]:
    """The summary as JSON prints it, and its timings apart."""
    summary = json.loads(json.dumps(summary))
    return summary, summary.pop("timings")


def test_a_run_on_a_cluster_is_the_run_in_a_process_pool(scheduler):
    done = []
    runner = sim_cluster.Runner(scheduler)
    on_cluster, _ = _apart(sim.run(SPEC, jobs=2, progress=lambda k, n: done.append((k, n)),
                                   runner=runner))
    in_pool, _ = _apart(sim.run(SPEC, jobs=2))
    assert on_cluster == in_pool
    assert [r["game"] for r in on_cluster["results"]] == list(range(6))
    assert done == [(k, 6) for k in range(1, 7)]
    assert runner.timings() == {"cluster": scheduler, "workers": 2, "jobs": 2}


def test_the_command_on_a_local_cluster_prints_the_jobs_run(capsys):
    pytest.importorskip("distributed")
    assert main([*ARGS, "--jobs", "2"]) == 0
    in_pool, _ = _apart(json.loads(capsys.readouterr().out))
    assert main([*ARGS, "--jobs", "2", "--cluster", "local"]) == 0
    on_cluster, timings = _apart(json.loads(capsys.readouterr().out))  # stdout: JSON only
    assert on_cluster == in_pool
    assert (timings["cluster"], timings["workers"], timings["jobs"]) == ("local", 2, 2)


@pytest.fixture
def closed_port():
    """A local port bound but not listening: a connection to it is refused."""
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        yield s.getsockname()[1]


@pytest.mark.parametrize("address", ["tcp://127.0.0.1:{port}", "tcp://127.0.0.1"])
def test_no_scheduler_at_the_address_is_one_line_naming_it(address, closed_port, capsys,
                                                            monkeypatch):
    pytest.importorskip("distributed")
    monkeypatch.setattr(sim_cluster, "CONNECT_TIMEOUT", 1)
    address = address.format(port=closed_port)
    assert main([*ARGS, "--cluster", address]) == 1
    out = capsys.readouterr()
    assert out.out == ""
    assert out.err.startswith("tenkatoitsu sim: argument --cluster: ")
    assert address in out.err and len(out.err.strip().splitlines()) == 1


def test_without_dask_the_install_hint_and_no_run(capsys, monkeypatch):
    real_import = builtins.__import__

    def no_dask(name, *args, **kw):
        if name.partition(".")[0] in ("dask", "distributed"):
            raise ImportError(name)
        return real_import(name, *args, **kw)

    monkeypatch.setattr(builtins, "__import__", no_dask)
    assert main([*ARGS, "--cluster", "local"]) == 2
    out = capsys.readouterr()
    assert out.out == ""
    assert out.err.strip().splitlines() == [
        ('tenkatoitsu sim: argument --cluster: needs Dask distributed: '
         'pip install "tenkatoitsu[cluster]"')]
