"""The clans bots, measured with one command:

    python3 benchmarks/clans_bots.py [-n GAMES] [--four N] [--seats 4] [--seed S] [--jobs 2]
                                     [--variant V[,V...]] [--balance N] [--draft-fit N]

On scenarios/clans.tks with its default options (round limit 30), in the
edition and modules of `--variant` (none: the short text's core rules):
games of one heuristic bot against random bots in every other seat, the
heuristic's seat rotated game by game, with its win rate and Wilson 95%
interval (an even share is 1/seats); then games of random bots only and of
heuristic bots only: how many end with a winner by province control [§1.2]
or the Shōgun's Mandate [§1.3] before the round limit, and their mean
rounds. Prints the seconds per game (mean, slowest) and each bot's
milliseconds per decision.

`--balance N`: N games of heuristic bots only, twice — with their own draft
and with a random draft (every other decision theirs) — and each clan's
win rate with its Wilson 95% interval (of the games it was drafted in, and
of all games), each seat's, and each pick's of the draft.

`--draft-fit N`: N games of heuristic bots after a random draft, and the
fit of the draft's model of a clan's chance (bots/draft.py: a softmax over
the drafted clans of each ability's strength, the clan's room and its
crowding, by maximum likelihood), printed as the module's constants.

Measured, not asserted: the slow tests in tests/clans/test_bots.py assert
the rates."""

from __future__ import annotations

import argparse
import math
import sys
import time
from collections import Counter
from concurrent.futures import ProcessPoolExecutor
from functools import partial
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from timing import play_timed

from tenkatoitsu.areamap import hop_distances
from tenkatoitsu.bots import RandomBot
from tenkatoitsu.kinds.clans.bots import draft
from tenkatoitsu.kinds.clans.bots.heuristic import HeuristicBot
from tenkatoitsu.kinds.clans.outcome import MANDATE_WIN, PROVINCE_WIN
from tenkatoitsu.session import Session
from tenkatoitsu.sim import game_seed, wilson

SCENARIO = ROOT / "scenarios" / "clans.tks"
PLAYERS = ("a", "b", "c", "d", "e")


class RandomDraft(HeuristicBot):
    """The heuristic, but its clan is picked at random among those it may pick."""

    def choose(self, decision):
        if decision.kind == "draft":
            return self.rng.choice(decision.values())
        return super().choose(decision)


MAKERS = {"random": RandomBot, "heuristic": HeuristicBot, "random-draft": RandomDraft}


def one_game(seed: int, seats: int, variants: tuple, first: str, others: str,
             index: int) -> dict:
    """Game `index`: `first`'s bot in seat index % seats, `others` in the
    rest. Its result, seconds, rounds, how it ended, the clans drafted in
    pick order, each bot's seconds a decision."""
    seed = game_seed(seed, index)
    t0 = time.perf_counter()
    session = Session.start(SCENARIO, seed=seed, players=PLAYERS[:seats], variants=variants)
    game = session.game
    me = game.players[index % seats]
    bots = {p: MAKERS[first if p == me else others](seed, p) for p in game.players}
    seconds = play_timed(session, bots)
    st = game.state
    return {"won": st.winner == me, "game": time.perf_counter() - t0, "rounds": st.round,
            "level": st.level, "clan": st.clan_of.get(me), "winner": st.winner,
            "winner_clan": st.clan_of.get(st.winner) if st.winner else None,
            "picks": [st.clan_of[s] for s in st.pick_order], "pick_order": list(st.pick_order),
            "seconds": seconds}


def batch(args, seats: int, first: str, others: str, games: int) -> list[dict]:
    with ProcessPoolExecutor(max_workers=args.jobs) as pool:
        return list(pool.map(partial(one_game, args.seed, seats, args.variants, first, others),
                             range(games)))


def rate(k: int, n: int) -> str:
    if not n:
        return "-"
    lo, hi = wilson(k, n)
    return f"{k}/{n} {k / n:.3f} [{lo:.3f}, {hi:.3f}]"


def balance(args, seats: int) -> list[str]:
    """Each clan's, seat's and pick's win rate in games of heuristic bots."""
    out = []
    for title, maker in (("own draft", "heuristic"), ("random draft", "random-draft")):
        results = batch(args, seats, maker, maker, args.balance)
        n = len(results)
        drafted = Counter(c for r in results for c in r["picks"])
        wins = Counter(r["winner_clan"] for r in results if r["winner_clan"])
        seat_wins = Counter(r["winner"] for r in results if r["winner"])
        pick_wins = Counter(r["pick_order"].index(r["winner"]) for r in results if r["winner"])
        picked = Counter((k, c) for r in results for k, c in enumerate(r["picks"]))
        out.append(f"\nheuristic x{seats}, {title}: {n} games, mean "
                   f"{sum(r['rounds'] for r in results) / n:.2f} rounds, "
                   f"{sum(r['game'] for r in results) / n:.3f} s a game")
        out.append(f"  {'clan':10} {'wins/drafted':>30}   {'wins/games':>30}")
        for c in sorted(drafted, key=lambda c: -wins[c]):
            out.append(f"  {c:10} {rate(wins[c], drafted[c]):>30}   {rate(wins[c], n):>30}")
        out.append("  seats: " + "; ".join(f"{s} {rate(seat_wins[s], n)}"
                                           for s in PLAYERS[:seats]))
        out.append("  picks: " + "; ".join(
            f"#{k + 1} {rate(pick_wins[k], n)} ("
            + ", ".join(f"{c} {m}" for (j, c), m in picked.most_common() if j == k) + ")"
            for k in range(seats)))
    return out


# ---------------------------------------------------------------- the draft's model

def draft_fit(args, seats: int) -> list[str]:
    """Fit the draft's softmax on random-draft games of heuristic bots:
    score = STRENGTH[ability] + ROOM * room - CROWD * crowding, by gradient
    ascent on the log-likelihood of the winners (a small ridge on the
    strengths)."""
    results = batch(args, seats, "random-draft", "random-draft", args.draft_fit)
    session = Session.start(SCENARIO, seed=1, players=PLAYERS[:seats], variants=args.variants)
    table = session.game.table
    dist = hop_distances(table.neighbours)
    abilities = [c.ability for c in table.clans]
    data = []
    for r in results:
        if r["winner_clan"]:
            f = draft.features(table, dist, r["picks"])
            data.append(([f[c] for c in r["picks"]], r["picks"].index(r["winner_clan"])))
    w = dict.fromkeys(abilities, 0.0)
    room, crowd, step = 0.0, 0.0, 0.2
    for _ in range(3000):
        g = dict.fromkeys(abilities, 0.0)
        g_room = g_crowd = 0.0
        for clans, win in data:
            scores = [w[a] + room * k - crowd * m for a, k, m in clans]
            top = max(scores)
            ex = [math.exp(x - top) for x in scores]
            z = sum(ex)
            for i, (a, k, m) in enumerate(clans):
                d = (1.0 if i == win else 0.0) - ex[i] / z
                g[a] += d
                g_room += d * k
                g_crowd -= d * m
        n = max(1, len(data))
        for a in abilities:
            w[a] += step * (g[a] / n - 0.002 * w[a])
        room += step * g_room / n / 10  # room counts tens of provinces: a finer step
        crowd += step * g_crowd / n
    out = [f"\nthe draft's fit on {len(data)} random-draft games of heuristic x{seats}:",
           f"ROOM = {room:.3f}", f"CROWD = {crowd:.3f}", "STRENGTH = {"]
    out += [f'    "{a}": {w[a]:.2f},' for a in abilities]
    out += ["}"]
    return out


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("-n", type=int, default=100, help="games of one heuristic against random "
                                                      "(default 100)")
    ap.add_argument("--four", type=int, default=50,
                    help="games of random bots only and of heuristic bots only (default 50)")
    ap.add_argument("--seats", type=int, default=4, choices=(4, 5))
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--jobs", "-j", type=int, default=2, help="worker processes")
    ap.add_argument("--variant", default="", help="the edition and modules, comma-separated "
                                                  "(v83, political-play, rice-and-war, ...)")
    ap.add_argument("--balance", type=int, default=0,
                    help="games of heuristic bots with their own and with a random draft: "
                         "each clan's, seat's and pick's win rate")
    ap.add_argument("--draft-fit", type=int, default=0,
                    help="random-draft games of heuristic bots to fit the draft's model on")
    args = ap.parse_args()
    args.variants = tuple(v for v in args.variant.split(",") if v)
    seats = args.seats
    print(f"{SCENARIO.name}, {seats} seats, variants {','.join(args.variants) or 'none'}, "
          f"default options; seed {args.seed}, {args.jobs} worker(s)")
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
    if rows:
        print(f"\n{'games':22} {'n':>5} {'s/game':>8} {'slowest':>8} {'rounds':>7} "
              f"{'decided':>8}")
        print("\n".join(rows))
        print(f"\n{'bot':10} {'decisions':>9} {'ms/decision':>12} {'slowest ms':>11}")
        for name in ("random", "heuristic"):
            s = seconds.get(name, [])
            if s:
                print(f"{name:10} {len(s):9d} {1000 * sum(s) / len(s):12.3f} "
                      f"{1000 * max(s):11.1f}")
    if notes:
        print("\n" + "\n".join(notes))
    if args.balance:
        print("\n".join(balance(args, seats)))
    if args.draft_fit:
        print("\n".join(draft_fit(args, seats)))
    return 0


if __name__ == "__main__":
    sys.exit(main())
