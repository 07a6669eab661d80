"""Balance runs on a Dask distributed cluster (`tenkatoitsu sim --cluster`).

Each game is one task, `sim.play_one(spec, i)`: a game is fully determined by
the run's spec and its number, so the summary is the one a `--jobs` run gives,
timings aside. Dask is an optional extra (`cluster`); it is imported only when
a run asks for a cluster, so that every other command starts without it.

The client is asynchronous, in an event loop of the run's own: Dask's
blocking client does not bound every wait on a wrong address (a web server
there keeps it waiting for ever), and one that fails half-way stays open
until exit, when its finaliser prints a traceback."""

from __future__ import annotations

import contextlib
import logging
import signal
import threading
from pathlib import Path

import attrs

from tenkatoitsu import sim

#: `--cluster local`: a cluster of worker processes on this machine, for the run
LOCAL = "local"
HINT = 'pip install "tenkatoitsu[cluster]"'
#: seconds to wait for a scheduler to answer before giving up on its address
CONNECT_TIMEOUT = 5


class ClusterError(Exception):
    """The cluster cannot be used: Dask is missing, or no scheduler answers."""


def _distributed():
    """dask.distributed, or ClusterError with the install hint."""
    try:
        from dask import distributed
    except ImportError:
        raise ClusterError(f"needs Dask distributed: {HINT}") from None
    return distributed


def problem() -> str | None:
    """Why a cluster run cannot start here (no Dask), or None: checked before a run."""
    try:
        _distributed()
    except ClusterError as e:
        return str(e)
    return None


class Runner:
    """A `sim.run` runner: the games on the Dask scheduler at `address`, or
    for LOCAL on `workers` processes started here for the run. The cluster is
    reached only when the run starts, after `sim.run` has checked the set-up."""

    def __init__(self, address: str, workers: int = 1):
        self.address, self.workers = address, workers
        self.nthreads: dict[str, int] = {}  # the cluster's workers and their threads

    def __call__(self, spec: sim.SimSpec, indices, progress=None) -> list[dict]:
        """The games' `play_one` results in index order; `progress(done, n)`."""
        import asyncio  # only a cluster run needs it: 15 ms of every command's start
        return asyncio.run(self._run(_for_workers(spec), list(indices), progress))

    async def _run(self, spec, indices: list[int], progress) -> list[dict]:
        distributed = _distributed()
        with _quiet():
            if self.address != LOCAL:
                return await self._play(distributed, self.address, spec, indices, progress)
            workers = max(1, min(self.workers, len(indices)))
            with _interrupts_ignored():  # by the worker processes started here
                # any free port for its web server: 8787 may be another cluster's
                cluster = await distributed.LocalCluster(
                    n_workers=workers, threads_per_worker=1, processes=True,
                    dashboard_address=":0", silence_logs=logging.CRITICAL, asynchronous=True)
            async with cluster:
                return await self._play(distributed, cluster, spec, indices, progress)

    async def _play(self, distributed, target, spec, indices, progress) -> list[dict]:
        async with await _connect(distributed, target, self.address) as client:
            results = await _games(distributed, client, spec, indices, progress)
            self.nthreads = await client.nthreads()
        return results

    def timings(self) -> dict:
        """What the summary's timings say of the cluster: jobs are the games
        played at once (the workers' threads)."""
        return {"cluster": self.address, "workers": len(self.nthreads),
                "jobs": max(1, sum(self.nthreads.values()))}


def _for_workers(spec: sim.SimSpec) -> sim.SimSpec:
    """The spec with a scenario file given by a relative path made absolute: a
    worker resolves paths from its own folder (a bundled name stays a name)."""
    path = Path(spec.scenario)
    return attrs.evolve(spec, scenario=str(path.resolve())) if path.is_file() else spec


async def _connect(distributed, target, address: str):
    """A client of `target` (an address or a cluster), or ClusterError naming
    `address` after CONNECT_TIMEOUT seconds at most."""
    import asyncio  # see Runner.__call__
    client = distributed.Client(target, asynchronous=True, timeout=CONNECT_TIMEOUT,
                                set_as_default=False)
    try:
        await asyncio.wait_for(client, CONNECT_TIMEOUT)
    except Exception as e:  # noqa: BLE001 - no answer, a bad address, another server's bytes
        await client.close()
        why = str(e) or f"no answer within {CONNECT_TIMEOUT} s"
        raise ClusterError(f"cannot reach a Dask scheduler at {address}: {why}") from None
    return client


async def _games(distributed, client, spec, indices: list[int], progress) -> list[dict]:
    """One task a game, as for the process pool; results sorted back into
    index order, since they come back as the games end."""
    # pure=False: a task per game even if the same run was submitted before
    futures = client.map(sim.play_one, [spec] * len(indices), indices, pure=False)
    results = []
    async for _, result in distributed.as_completed(futures, with_results=True,
                                                    loop=client.loop):
        results.append(result)
        if progress:
            progress(len(results), len(indices))
    return sorted(results, key=lambda r: r["game"])


@contextlib.contextmanager
def _quiet():
    """Dask's info and warnings off the terminal while it runs (they would
    break into the progress bar); its errors still show."""
    handlers = [h for h in logging.getLogger("distributed").handlers
                if isinstance(h, logging.StreamHandler)]
    levels = [h.level for h in handlers]
    for h in handlers:
        h.setLevel(logging.ERROR)
    try:
        yield
    finally:
        for h, level in zip(handlers, levels):
            h.setLevel(level)


@contextlib.contextmanager
def _interrupts_ignored():
    """Ctrl-C ignored while local workers start, and so by them for good: the
    terminal sends it to every process of the command, and each worker would
    print a traceback; this process stops the run and closes them."""
    if threading.current_thread() is not threading.main_thread():
        yield  # only the main thread may set a signal handler
        return
    previous = signal.signal(signal.SIGINT, signal.SIG_IGN)
    try:
        yield
    finally:
        signal.signal(signal.SIGINT, previous)


def run(spec: sim.SimSpec, address: str, jobs: int = 1, progress=None) -> dict:
    """`sim.run` with the games on the cluster at `address` (LOCAL: `jobs`
    worker processes here): the same summary, its timings naming the cluster."""
    runner = Runner(address, jobs)
    summary = sim.run(spec, jobs=jobs, progress=progress, runner=runner)
    summary["timings"].update(runner.timings())
    return summary
