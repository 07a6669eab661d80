"""The shogun bots, measured with one command:

    python3 benchmarks/shogun_bots.py [-n GAMES] [--seed S] [--jobs 2]

On scenarios/shogun.tks with its default options: a match of the heuristic
against random on two seats (each player two colour sets [SC-24.1]), the
heuristic's seat rotated game by game, with its win rate and Wilson 95%
interval (a draw counts half); then four-seat games of four random bots and
of four heuristic bots. Prints the seconds per game (mean, slowest), the
rounds per game and each bot's seconds per decision. Measured, not
asserted: the slow test in tests/shogun/test_bots.py asserts the rate."""

from __future__ import annotations

import argparse
import sys
import time
from concurrent.futures import ProcessPoolExecutor
from functools import partial
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from timing import play_timed

from tenkatoitsu.bots import RandomBot
from tenkatoitsu.kinds.shogun.bots.heuristic import HeuristicBot
from tenkatoitsu.session import Session
from tenkatoitsu.sim import game_seed, wilson

SCENARIO = ROOT / "scenarios" / "shogun.tks"
PLAYERS = ("red", "blue", "yellow", "green", "orange")
MAKERS = {"random": RandomBot, "heuristic": HeuristicBot}


def one_game(seed: int, seats: int, first: str, others: str, index: int) -> dict:
    """Game `index`: `first`'s bot in seat index % seats, `others` in the
    rest. Its result, its seconds and rounds, each bot's seconds a decision."""
    seed = game_seed(seed, index)
    t0 = time.perf_counter()
    session = Session.start(SCENARIO, seed=seed, players=PLAYERS[:seats])
    game = session.game
    me = game.players[index % seats]
    bots = {p: MAKERS[first if p == me else others](seed, p) for p in game.players}
    seconds = play_timed(session, bots)
    winner = game.state.winner
    return {"score": 1.0 if winner == me else 0.5 if winner is None else 0.0,
            "game": time.perf_counter() - t0, "rounds": game.state.round,
            "seconds": seconds}


def batch(args, seats: int, first: str, others: str, games: int) -> list[dict]:
    with ProcessPoolExecutor(max_workers=args.jobs) as pool:
        return list(pool.map(partial(one_game, args.seed, seats, first, others),
                             range(games)))


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("-n", type=int, default=100, help="games of the two-seat match (100)")
    ap.add_argument("--four", type=int, default=10,
                    help="four-seat games of each kind timed (default 10)")
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--jobs", "-j", type=int, default=2, help="worker processes")
    args = ap.parse_args()
    print(f"{SCENARIO.name}, default options; seed {args.seed}, {args.jobs} worker(s)")
    seconds: dict[str, list[float]] = {}
    rows = []
    runs = (("heuristic vs random", 2, "heuristic", "random", args.n),
            ("random x4", 4, "random", "random", args.four),
            ("heuristic x4", 4, "heuristic", "heuristic", args.four))
    match = None
    for title, seats, first, others, games in runs:
        if not games:
            continue
        results = batch(args, seats, first, others, games)
        for r in results:
            for name, s in r["seconds"].items():
                seconds.setdefault(name, []).extend(s)
        per_game = [r["game"] for r in results]
        rounds = sum(r["rounds"] for r in results) / games
        rows.append(f"{title:20} {seats:5d} {games:5d} {sum(per_game) / games:9.2f} "
                    f"{max(per_game):8.2f} {rounds:7.1f}")
        if first != others:
            wins = sum(r["score"] for r in results)
            lo, hi = wilson(round(wins), games)
            match = (f"heuristic vs random, two seats rotated: {wins / games:.3f} "
                     f"[{lo:.3f}, {hi:.3f}] (Wilson 95%) over {games} games")
    print(f"\n{'games':20} {'seats':>5} {'n':>5} {'s/game':>9} {'slowest':>8} {'rounds':>7}")
    print("\n".join(rows))
    print(f"\n{'bot':10} {'decisions':>9} {'ms/decision':>12} {'slowest ms':>11}")
    for name in ("random", "heuristic"):
        s = seconds.get(name, [])
        if s:
            print(f"{name:10} {len(s):9d} {1000 * sum(s) / len(s):12.3f} {1000 * max(s):11.1f}")
    if match:
        print("\n" + match)
    return 0


if __name__ == "__main__":
    sys.exit(main())
