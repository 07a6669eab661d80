"""Two versions of the engine side by side, in one run:

    python3 benchmarks/compare.py [REV] [--games N] [--rounds R] [--scenarios a,b]

REV (default HEAD) is exported from git into a temporary folder; the working
tree is the other version. For every shipped battle scenario, each version
checks the file (`tenkatoitsu check`, wall time of the whole process) and
plays N games with random bots and N with normal heuristic bots on both
sides (`tenkatoitsu sim --jobs 1 --json`: its decisions per second and
seconds per game, the scenario's parsing left out), in fresh processes, the
two versions taking turns R times; the table gives the best figure of each
and the speed-up (how many times faster the working tree is). Taking turns
and keeping the best of R cancels most of the noise of a busy machine.
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


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("rev", nargs="?", default="HEAD")
    ap.add_argument("--games", type=int, default=3)
    ap.add_argument("--rounds", type=int, default=3)
    ap.add_argument("--scenarios", default=",".join(SCENARIOS))
    args = ap.parse_args()
    with tempfile.TemporaryDirectory() as tmp:
        old = export(args.rev, Path(tmp))
        jobs = []
        for name in args.scenarios.split(","):
            path = f"scenarios/{name}.tks"
            jobs.append((f"{name}: check", ["check", path]))
            for bots in ("random,random", "normal,normal"):
                jobs.append((f"{name}: {args.games} games {bots}",
                             ["sim", path, "-n", str(args.games), "--bots", bots, "--jobs", "1",
                              "--no-progress", "--json"]))
        print(f"{'':40} {'':12} {args.rev[:10]:>10} {'working':>10} {'speed-up':>9}")
        for label, cmd in jobs:
            best: dict[str, dict[str, float]] = {"old": {}, "new": {}}
            for _ in range(args.rounds):
                for version, tree in (("old", old), ("new", ROOT)):
                    for k, v in figures(tree, cmd).items():
                        keep = max if k == "decisions/s" else min
                        best[version][k] = keep(best[version].get(k, v), v)
            for k in best["old"]:
                o, n = best["old"][k], best["new"][k]
                up = n / o if k == "decisions/s" else o / n
                print(f"{label:40} {k:12} {o:10.3f} {n:10.3f} {up:8.2f}x", flush=True)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
