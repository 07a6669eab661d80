"""Bot benchmarks, run with one command: python3 benchmarks/bots.py [GAMES]

For every scenario in scenarios/*.tks: seconds per game and decisions per
second with random bots and with heuristic (normal) bots on both sides, then
the parallel speed-up of `tenkatoitsu sim` at 2 jobs (wall time with 1 job /
with 2, same games). The speed-up is measured on runs of at least
SPEEDUP_SECONDS of serial play (20 to 500 games), nearer a real balance run
(100 games take 10 s to 6 min): on a run of one or two seconds the pool's
start and the last game's tail are most of the wall time, and the figure
would measure them, not the parallel play. Goals: a random-bot game of the largest
scenario under 1 s, a heuristic one under 5 s, speed-up at J=2 of 1.8 or more.
Measured, not asserted: the figures go in closing notes."""

from __future__ import annotations

import math
import os
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from tenkatoitsu import sim  # noqa: E402

SPEEDUP_SECONDS = 40.0  # serial play per speed-up run (see the docstring)


def per_game(path: Path, bots: tuple[str, str], n: int) -> tuple[float, float, float]:
    """(mean s/game, slowest game s, decisions/s) over n games in this process."""
    spec = sim.SimSpec(str(path), n, bots, seed=1)
    sim._scenario(spec.scenario)  # parsed once, as in a sim worker
    decisions, times = 0, []
    for i in range(n):
        r = sim.play_one(spec, i)
        times.append(r["seconds"])
        decisions += r["decisions"]
    total = sum(times)
    return total / n, max(times), decisions / total


def speedup(path: Path, bots: tuple[str, str], n: int) -> tuple[float, float, float, float]:
    """Wall seconds at J=1 and J=2, the speed-up, and the CPU cores the J=2
    run actually got (its games' CPU seconds / its wall time): on a machine
    busy with other work the speed-up cannot exceed that."""
    spec = sim.SimSpec(str(path), n, bots, seed=1)
    walls, cores = [], 0.0
    for jobs in (1, 2):
        t0 = time.perf_counter()
        r = sim.run(spec, jobs=jobs)
        walls.append(time.perf_counter() - t0)
        cores = r["timings"]["cpu_seconds_per_game"] * n / walls[-1]
    return walls[0], walls[1], walls[0] / walls[1], cores


def main() -> int:
    n = int(sys.argv[1]) if len(sys.argv) > 1 else 10
    print(f"{os.cpu_count()} CPU(s); {n} games per line; heuristic = normal vs normal")
    print(f"{'scenario':28} {'bots':10} {'s/game':>8} {'slowest':>8} {'decisions/s':>12}")
    files = sorted((ROOT / "scenarios").glob("*.tks"))
    worst = {"random": 0.0, "normal": 0.0}
    means: dict[tuple[str, str], float] = {}
    for f in files:
        for bot in ("random", "normal"):
            mean, slowest, dps = per_game(f, (bot, bot), n)
            worst[bot] = max(worst[bot], mean)
            means[f.name, bot] = mean
            print(f"{f.name:28} {bot:10} {mean:8.3f} {slowest:8.3f} {dps:12.0f}")
    print()
    print(f"{'scenario':28} {'bots':16} {'games':>6} {'J=1 s':>8} {'J=2 s':>8} {'speed-up':>9} "
          f"{'cores got':>10}")
    ups = []
    for f in files:
        for bots in (("random", "random"), ("normal", "random")):
            # a normal,random game costs about the mean of the two bots' games
            est = sum(means[f.name, b] for b in bots) / 2
            games = max(4 * n, 8, math.ceil(SPEEDUP_SECONDS / max(est, 1e-3)))
            games += games % 2  # as many for each of the two workers
            one, two, up, cores = speedup(f, bots, games)
            ups.append(up)
            print(f"{f.name:28} {','.join(bots):16} {games:6d} {one:8.2f} {two:8.2f} {up:9.2f} "
                  f"{cores:10.2f}")
    print()
    print(f"goal: random-bot game under 1 s: {'met' if worst['random'] < 1 else 'NOT met'} "
          f"(slowest scenario mean {worst['random']:.3f} s)")
    print(f"goal: heuristic game under 5 s: {'met' if worst['normal'] < 5 else 'NOT met'} "
          f"(slowest scenario mean {worst['normal']:.3f} s)")
    print(f"goal: speed-up at J=2 of 1.8: {'met' if min(ups) >= 1.8 else 'NOT met'} "
          f"(lowest {min(ups):.2f})")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
