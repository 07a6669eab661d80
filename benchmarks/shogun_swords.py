"""Who wins a shogun game of equal bots: the order of play is bought with
swords every round [SC-7], so the seat a player sits in says little; this
measures what the swords do. One command:

    python3 benchmarks/shogun_swords.py [-n GAMES] [--seats 4] [--bot heuristic] [--jobs 2]

For each game: the winner, the colour that placed first at the set-up
(sword 1 of the set-up's draw [SC-4.6]) and the colour holding sword 1 in
round 1 [SC-7.5]. Prints how often each of them wins with a Wilson 95%
interval, against an even share, and the rounds a game lasts."""

from __future__ import annotations

import argparse
import sys
from concurrent.futures import ProcessPoolExecutor
from functools import partial
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from tenkatoitsu.kinds.shogun import events as ev
from tenkatoitsu.session import Session, make_bot
from tenkatoitsu.sim import game_seed, wilson

SCENARIO = ROOT / "scenarios" / "shogun.tks"
PLAYERS = ("red", "blue", "yellow", "green", "orange")


def one_game(seed: int, seats: int, bot: str, index: int) -> dict:
    seed = game_seed(seed, index)
    session = Session.start(SCENARIO, seed=seed, players=PLAYERS[:seats])
    game = session.game
    session.play_bots({p: make_bot(session.kind, bot, seed, p) for p in game.players})
    set_up = next(e for e in game.events if isinstance(e, ev.GameSetUp))
    placing = min(set_up.swords, key=set_up.swords.get)
    first = next((e.house for e in game.events
                  if isinstance(e, ev.SwordPicked) and e.sword == 1), None)
    return {"winner": game.state.winner, "placing": placing, "first": first,
            "rounds": game.state.round}


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("-n", type=int, default=200, help="games (200)")
    ap.add_argument("--seats", type=int, default=4, choices=(3, 4, 5))
    ap.add_argument("--bot", default="heuristic")
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--jobs", "-j", type=int, default=2)
    args = ap.parse_args()
    with ProcessPoolExecutor(max_workers=args.jobs) as pool:
        games = list(pool.map(partial(one_game, args.seed, args.seats, args.bot),
                              range(args.n)))
    n = len(games)
    print(f"{SCENARIO.name}: {n} games of {args.seats} {args.bot} bots, seed {args.seed}")
    for what, key in (("placed first at the set-up", "placing"),
                      ("held sword 1 in round 1", "first")):
        won = sum(1 for g in games if g["winner"] and g["winner"] == g[key])
        lo, hi = wilson(won, n)
        print(f"  the colour that {what} wins {won}/{n} = {won / n:.1%} "
              f"[{lo:.1%}, {hi:.1%}] (an even share: {1 / args.seats:.1%})")
    rounds = sorted(g["rounds"] for g in games)
    print(f"  rounds a game: mean {sum(rounds) / n:.2f}, median {rounds[n // 2]}, "
          f"max {rounds[-1]}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
