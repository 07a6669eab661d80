"""The clans bots, measured with one command:

    python3 benchmarks/clans_bots.py [-n GAMES] [--four N] [--seats 4] [--seed S] [--jobs 2]

On scenarios/clans.tks with its default options (round limit 30): games of
one heuristic bot against random bots in every other seat, the heuristic's
seat rotated game by game, with its win rate and Wilson 95% interval (an
even share is 1/seats); then games of random bots only and of heuristic
bots only: how many end with a winner by province control [§1.2] or the
Shōgun's Mandate [§1.3] before the round limit, and their mean rounds.
Prints the seconds per game (mean, slowest) and each bot's milliseconds per
decision. Measured, not asserted: the slow tests in tests/clans/test_bots.py
assert the rates."""

from __future__ import annotations

import argparse
import sys
import time
from collections import Counter
from concurrent.futures import ProcessPoolExecutor
from functools import partial
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from timing import play_timed

from tenkatoitsu.bots import RandomBot
from tenkatoitsu.kinds.clans.bots.heuristic import HeuristicBot
from tenkatoitsu.kinds.clans.outcome import MANDATE_WIN, PROVINCE_WIN
from tenkatoitsu.session import Session
from tenkatoitsu.sim import game_seed, wilson

SCENARIO = ROOT / "scenarios" / "clans.tks"
PLAYERS = ("a", "b", "c", "d", "e")
MAKERS = {"random": RandomBot, "heuristic": HeuristicBot}


def one_game(seed: int, seats: int, first: str, others: str, index: int) -> dict:
    """Game `index`: `first`'s bot in seat index % seats, `others` in the
    rest. Its result, seconds, rounds, how it ended, each bot's seconds a
    decision."""
    seed = game_seed(seed, index)
    t0 = time.perf_counter()
    session = Session.start(SCENARIO, seed=seed, players=PLAYERS[:seats])
    game = session.game
    me = game.players[index % seats]
    bots = {p: MAKERS[first if p == me else others](seed, p) for p in game.players}
    seconds = play_timed(session, bots)
    st = game.state
    return {"won": st.winner == me, "game": time.perf_counter() - t0, "rounds": st.round,
            "level": st.level, "clan": st.clan_of.get(me),
            "winner_clan": st.clan_of.get(st.winner) if st.winner else None,
            "seconds": seconds}


def batch(args, seats: int, first: str, others: str, games: int) -> list[dict]:
    with ProcessPoolExecutor(max_workers=args.jobs) as pool:
        return list(pool.map(partial(one_game, args.seed, seats, first, others),
                             range(games)))


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("-n", type=int, default=100, help="games of one heuristic against random "
                                                      "(default 100)")
    ap.add_argument("--four", type=int, default=50,
                    help="games of random bots only and of heuristic bots only (default 50)")
    ap.add_argument("--seats", type=int, default=4, choices=(4, 5))
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--jobs", "-j", type=int, default=2, help="worker processes")
    args = ap.parse_args()
    seats = args.seats
    print(f"{SCENARIO.name}, {seats} seats, default options; seed {args.seed}, "
          f"{args.jobs} worker(s)")
    seconds: dict[str, list[float]] = {}
    rows, notes = [], []
    runs = ((f"heuristic vs {seats - 1} random", "heuristic", "random", args.n),
            (f"random x{seats}", "random", "random", args.four),
            (f"heuristic x{seats}", "heuristic", "heuristic", args.four))
    for title, first, others, games in runs:
        if not games:
            continue
        results = batch(args, seats, first, others, games)
        for r in results:
            for name, s in r["seconds"].items():
                seconds.setdefault(name, []).extend(s)
        per_game = [r["game"] for r in results]
        rounds = sum(r["rounds"] for r in results) / games
        decided = sum(1 for r in results if r["level"] in (PROVINCE_WIN, MANDATE_WIN))
        rows.append(f"{title:22} {games:5d} {sum(per_game) / games:8.3f} {max(per_game):8.3f} "
                    f"{rounds:7.2f} {decided / games:8.2f}")
        if first != others:
            wins = sum(1 for r in results if r["won"])
            lo, hi = wilson(wins, games)
            notes.append(f"{title}, its seat rotated: won {wins}/{games} = {wins / games:.3f} "
                         f"[{lo:.3f}, {hi:.3f}] (Wilson 95%); an even share is "
                         f"{1 / seats:.3f}")
        elif first == "heuristic":
            lo, hi = wilson(decided, games)
            levels = Counter(r["level"] for r in results)
            clans = Counter(r["winner_clan"] for r in results)
            notes.append(f"{title}: a winner by provinces or the Mandate before the round "
                         f"limit in {decided}/{games} = {decided / games:.3f} [{lo:.3f}, "
                         f"{hi:.3f}] (Wilson 95%), mean {rounds:.2f} rounds; "
                         + ", ".join(f"{k}: {v}" for k, v in levels.most_common())
                         + "; winners " + ", ".join(f"{k}: {v}" for k, v in clans.most_common()))
    print(f"\n{'games':22} {'n':>5} {'s/game':>8} {'slowest':>8} {'rounds':>7} {'decided':>8}")
    print("\n".join(rows))
    print(f"\n{'bot':10} {'decisions':>9} {'ms/decision':>12} {'slowest ms':>11}")
    for name in ("random", "heuristic"):
        s = seconds.get(name, [])
        if s:
            print(f"{name:10} {len(s):9d} {1000 * sum(s) / len(s):12.3f} {1000 * max(s):11.1f}")
    if notes:
        print("\n" + "\n".join(notes))
    return 0


if __name__ == "__main__":
    sys.exit(main())
