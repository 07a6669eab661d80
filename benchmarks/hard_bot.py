"""The `hard` battle bot's strength and think time, in one command:

    python3 benchmarks/hard_bot.py [--games N] [--random N] [--jobs J] [--bot SPEC]

For each historical battle, `SPEC` (default `hard`) against `normal` for N
games on each side (`sim --rotate`, 2N games, seed 1), and on Sekigahara as
Ishida (the first side) against `random` for --random games. Prints one
markdown row a match: the searching bot's wins with the Wilson 95%
interval, its wins on each side, draws, and the seconds of a whole game
(wall time: the playouts run in forked copies of the game's process,
which its CPU time does not count). Measured, not asserted."""

from __future__ import annotations

import argparse
import json
import os
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from tenkatoitsu.sim import wilson

BATTLES = ["yamazaki", "nagakute", "sekigahara"]


def sim(args: list[str]) -> dict:
    env = dict(os.environ, PYTHONPATH=str(ROOT))
    done = subprocess.run([sys.executable, "-m", "tenkatoitsu", "sim", *args, "--json",
                           "--no-progress"], cwd=ROOT, env=env, check=True,
                          stdout=subprocess.PIPE, text=True)
    return json.loads(done.stdout)


def row(name: str, out: dict, bot: str) -> str:
    """The match's row, counted from its games: `bot`'s wins on either side."""
    games = out["results"]
    won = played = 0
    per_side = []
    for seat in out["seats"]:
        mine = [g for g in games if g.get("bots", out["bots"])[seat] == bot]
        wins = sum(g["winner"] == seat for g in mine)
        per_side.append(f"{seat} {wins}/{len(mine)}")
        won, played = won + wins, played + len(mine)
    lo, hi = wilson(won, played)
    draws = sum(g["winner"] is None for g in games)
    t = out["timings"]
    wall = t["wall_seconds"] * t["jobs"] / max(1, len(games))
    return (f"| {name} | {len(games)} | {won}/{played} ({won / played:.0%}, {lo:.0%}-{hi:.0%}) "
            f"| {', '.join(per_side)} | {draws} | {wall:.1f} |")


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--games", type=int, default=40, help="games on each side against normal")
    ap.add_argument("--random", type=int, default=100, help="Sekigahara games against random")
    ap.add_argument("--jobs", type=int, default=1, help="games at once (each forks its copies)")
    ap.add_argument("--bot", default="hard", help="the searching bot and its settings")
    ap.add_argument("--battles", default=",".join(BATTLES))
    a = ap.parse_args()
    print("| match | games | wins (95% interval) | by side | draws | s/game (wall) |")
    print("|---|---|---|---|---|---|")
    for battle in a.battles.split(","):
        if a.games:
            out = sim([battle, "--bots", f"{a.bot},normal", "--rotate", "-n", str(2 * a.games),
                       "--jobs", str(a.jobs)])
            print(row(f"{battle}: {a.bot} vs normal", out, a.bot), flush=True)
    if a.random:
        out = sim(["sekigahara", "--bots", f"{a.bot},random", "-n", str(a.random),
                   "--jobs", str(a.jobs)])
        print(row(f"sekigahara: {a.bot} (Ishida) vs random", out, a.bot), flush=True)


if __name__ == "__main__":
    main()
