"""The castles bots, measured with one command:

    python3 benchmarks/castles_bots.py [-n GAMES] [--playouts N | --budget S]
                                       [--seats 2] [--variant daimyo] [--jobs 2]

Two matches on scenarios/castles.tks, the bots' seats rotated game by game:
the heuristic against random, the search against the heuristic. Prints each
bot's seconds per decision (mean, slowest) and each match's win rate with its
Wilson 95% interval (a draw counts half). The search bot thinks `--budget`
seconds a decision (its default, 1 s), or a fixed `--playouts` a decision
(the same answers on any machine). Measured, not asserted: the slow tests
in tests/castles/test_bots.py assert the acceptance rates."""

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
from tenkatoitsu.kinds.castles.bots.heuristic import HeuristicBot
from tenkatoitsu.kinds.castles.bots.search import SearchBot
from tenkatoitsu.session import Session
from tenkatoitsu.sim import game_seed, wilson

SCENARIO = ROOT / "scenarios" / "castles.tks"
MATCHES = (("heuristic", "random"), ("search", "heuristic"))
PLAYERS = ("red", "blue", "yellow", "black")


def makers(args) -> dict:
    search = partial(SearchBot, playouts=args.playouts) if args.playouts else \
        partial(SearchBot, budget=args.budget)
    return {"random": RandomBot, "heuristic": HeuristicBot, "search": search}


def one_game(args, pair: tuple[str, str], index: int) -> dict:
    """Game `index` of a match: `pair[0]` in seat index % seats, `pair[1]`
    in the others. Its result, and each bot's seconds per decision."""
    seed = game_seed(args.seed, index)
    session = Session.start(SCENARIO, variants=args.variant, seed=seed,
                            players=PLAYERS[:args.seats])
    game = session.game
    me = game.players[index % len(game.players)]
    make = makers(args)
    bots = {p: make[pair[0] if p == me else pair[1]](seed, p) for p in game.players}
    seconds = play_timed(session, bots)
    winner = game.state.winner
    return {"score": 1.0 if winner == me else 0.5 if winner is None else 0.0,
            "seconds": seconds}



def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("-n", type=int, default=20, help="games per match (default 20)")
    ap.add_argument("--playouts", type=int, default=0,
                    help="the search's playouts a decision (default: by time)")
    ap.add_argument("--budget", type=float, default=1.0,
                    help="the search's seconds a decision (default 1.0)")
    ap.add_argument("--seats", type=int, default=2, choices=(2, 3, 4))
    ap.add_argument("--variant", action="append", default=[], help="e.g. daimyo")
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--jobs", "-j", type=int, default=2, help="worker processes")
    args = ap.parse_args()
    think = f"{args.playouts} playouts" if args.playouts else f"{args.budget:g} s"
    variants = f" ({', '.join(args.variant)})" if args.variant else ""
    print(f"{SCENARIO.name}, {args.seats} seats{variants}; "
          f"{args.n} games a match, seats rotated; search: {think} a decision")
    seconds: dict[str, list[float]] = {}
    rows = []
    for pair in MATCHES:
        t0 = time.perf_counter()
        with ProcessPoolExecutor(max_workers=args.jobs) as pool:
            results = list(pool.map(partial(one_game, args, pair), range(args.n)))
        wall = time.perf_counter() - t0
        for r in results:
            for name, s in r["seconds"].items():
                seconds.setdefault(name, []).extend(s)
        wins = sum(r["score"] for r in results)
        lo, hi = wilson(round(wins), args.n)
        rows.append(f"{pair[0]:>9} vs {pair[1]:<9} {wins / args.n:6.3f}  [{lo:.3f}, {hi:.3f}]"
                    f"  {wall:7.1f} s")
    print(f"\n{'bot':10} {'decisions':>9} {'s/decision':>11} {'slowest':>9}")
    for name in ("random", "heuristic", "search"):
        s = seconds.get(name, [])
        if s:
            print(f"{name:10} {len(s):9d} {sum(s) / len(s):11.4f} {max(s):9.3f}")
    print(f"\n{'match':22} {'rate':>6}  {'Wilson 95%':16} {'wall':>9}")
    print("\n".join(rows))
    return 0


if __name__ == "__main__":
    sys.exit(main())
