"""The engine's speed, against an earlier version, in one run:

    python3 benchmarks/compare.py [REV] [--games N] [--rounds R] [--scenarios a,b]

REV (default HEAD) is exported from git into a temporary folder; the working
tree is the other version. For every shipped battle scenario and for random
bots and normal heuristic bots on both sides, each version plays N games
(`tenkatoitsu sim --jobs 1 --json`, in fresh processes, the scenario's
parsing left out), the two taking turns R times and the best figure of each
kept (taking turns and keeping the best cancels most of the noise of a busy
machine). The table gives, for the working tree, decisions per second,
seconds per game and the speed-up of `sim --jobs 2` over `--jobs 1` (wall
time of the same games), then REV's decisions per second and the ratio of
the two. `check` of each scenario (the whole process) is timed the same way.
Measured, not asserted."""

from __future__ import annotations

import argparse
import json
import os
import subprocess
import sys
import tarfile
import tempfile
import time
from io import BytesIO
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
SCENARIOS = ["training", "yamazaki", "nagakute", "sekigahara"]


def export(rev: str, into: Path) -> Path:
    archive = subprocess.run(["git", "-C", str(ROOT), "archive", rev], check=True,
                             capture_output=True).stdout
    with tarfile.open(fileobj=BytesIO(archive)) as tar:
        tar.extractall(into, filter="data")
    return into


def run(tree: Path, args: list[str]) -> tuple[float, dict | None]:
    """Wall seconds of one command in `tree`, and its JSON output if any."""
    env = dict(os.environ, PYTHONPATH=str(tree), PYTHONHASHSEED="0")
    start = time.perf_counter()
    done = subprocess.run([sys.executable, "-m", "tenkatoitsu", *args], cwd=tree, env=env,
                          check=True, stdout=subprocess.PIPE, stderr=subprocess.DEVNULL,
                          text=True)
    wall = time.perf_counter() - start
    return wall, json.loads(done.stdout) if "--json" in args else None


def figures(tree: Path, args: list[str]) -> dict[str, float]:
    """What a command measures: a check its wall time; a sim its decisions
    per second and seconds per game (CPU of the games alone)."""
    wall, out = run(tree, args)
    if out is None:
        return {"s": wall}
    t = out["timings"]
    return {"decisions/s": t["decisions_per_second"], "s/game": t["seconds_per_game"]}


def wall(tree: Path, args: list[str]) -> float:
    return run(tree, args)[0]


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("rev", nargs="?", default="HEAD")
    ap.add_argument("--games", type=int, default=4, help="games a line (normal bots: a quarter)")
    ap.add_argument("--rounds", type=int, default=2)
    ap.add_argument("--scenarios", default=",".join(SCENARIOS))
    args = ap.parse_args()
    with tempfile.TemporaryDirectory() as tmp:
        old = export(args.rev, Path(tmp))
        print(f"{'scenario':12} {'bots':8} {'decisions/s':>11} {'s/game':>8} {'x2 jobs':>8} "
              f"{args.rev[:10] + ' dec/s':>17} {'ratio':>7}")
        checks = []
        for name in args.scenarios.split(","):
            path = f"scenarios/{name}.tks"
            best = {"old": float("inf"), "new": float("inf")}
            for _ in range(args.rounds):
                best["old"] = min(best["old"], wall(old, ["check", path]))
                best["new"] = min(best["new"], wall(ROOT, ["check", path]))
            checks.append((name, best["old"], best["new"]))
            for bot in ("random", "normal"):
                n = args.games if bot == "random" else max(1, args.games // 4)
                cmd = ["sim", path, "-n", str(n), "--bots", f"{bot},{bot}", "--no-progress",
                       "--json"]
                fig: dict[str, dict[str, float]] = {"old": {}, "new": {}}
                for _ in range(args.rounds):
                    for version, tree in (("old", old), ("new", ROOT)):
                        for k, v in figures(tree, cmd + ["--jobs", "1"]).items():
                            keep = max if k == "decisions/s" else min
                            fig[version][k] = keep(fig[version].get(k, v), v)
                # the parallel speed-up: twice the games, so that both workers stay busy
                par = cmd[:3] + [str(2 * n)] + cmd[4:]
                up = wall(ROOT, par + ["--jobs", "1"]) / wall(ROOT, par + ["--jobs", "2"])
                new, prev = fig["new"], fig["old"]
                print(f"{name:12} {bot:8} {new['decisions/s']:11.0f} {new['s/game']:8.3f} "
                      f"{up:7.2f}x {prev['decisions/s']:17.0f} "
                      f"{new['decisions/s'] / prev['decisions/s']:6.2f}x", flush=True)
        print(f"\n{'check (whole process)':24} {args.rev[:10]:>10} {'working':>10} {'ratio':>7}")
        for name, o, n in checks:
            print(f"{name:24} {o:9.2f}s {n:9.2f}s {o / n:6.2f}x")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
