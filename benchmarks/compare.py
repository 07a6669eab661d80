"""Two versions of the engine side by side, in one run:

    python3 benchmarks/compare.py [REV] [--games N] [--rounds R]

REV (default HEAD) is exported from git into a temporary folder; the working
tree is the other version. For every shipped scenario, each version checks
the file (`tenkatoitsu check`) and plays N games with random bots and N with
normal heuristic bots on both sides (`tenkatoitsu sim --jobs 1`), in fresh
processes, the two versions taking turns R times; the table gives the best
wall time of each and the ratio. Taking turns and keeping the best of R
cancels most of the noise of a busy machine. Measured, not asserted."""

from __future__ import annotations

import argparse
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


def timed(tree: Path, args: list[str]) -> float:
    env = dict(os.environ, PYTHONPATH=str(tree), PYTHONHASHSEED="0")
    start = time.perf_counter()
    subprocess.run([sys.executable, "-m", "tenkatoitsu", *args], cwd=tree, env=env, check=True,
                   stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    return time.perf_counter() - start


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("rev", nargs="?", default="HEAD")
    ap.add_argument("--games", type=int, default=3)
    ap.add_argument("--rounds", type=int, default=3)
    args = ap.parse_args()
    with tempfile.TemporaryDirectory() as tmp:
        old = export(args.rev, Path(tmp))
        jobs = []
        for name in SCENARIOS:
            path = f"scenarios/{name}.tks"
            jobs.append((f"{name}: check", ["check", path]))
            for bots in ("random,random", "normal,normal"):
                jobs.append((f"{name}: {args.games} games {bots}",
                             ["sim", path, "-n", str(args.games), "--bots", bots, "--jobs", "1",
                              "--no-progress", "--json"]))
        print(f"{'':44} {args.rev:>10} {'working':>10} {'ratio':>7}")
        for label, cmd in jobs:
            best = {"old": float("inf"), "new": float("inf")}
            for _ in range(args.rounds):
                best["old"] = min(best["old"], timed(old, cmd))
                best["new"] = min(best["new"], timed(ROOT, cmd))
            print(f"{label:44} {best['old']:9.2f}s {best['new']:9.2f}s "
                  f"{best['new'] / best['old']:7.2f}", flush=True)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
