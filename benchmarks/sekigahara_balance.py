"""Sekigahara with two random bots over a range of seeds: results, who
Kobayakawa joined, how the undecided clans went, pledges, time per game.
Measured, not asserted (docs/scenarios.md (Sekigahara) quotes a run).

    python3 benchmarks/sekigahara_balance.py [FIRST [LAST]]   # seeds FIRST..LAST-1"""

from __future__ import annotations

import collections
import statistics
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from tenkatoitsu.session import Session, bots_for  # noqa: E402


def play(seed: int):
    session = Session.start(ROOT / "scenarios" / "sekigahara.tks", seed=seed)
    g = session.game
    bots = bots_for(session, "random", seed)
    d = session.driver
    n = 0
    while not d.finished:
        dec = d.pending
        d.answer(bots[dec.side or g.side_ids[0]].choose(dec))
        n += 1
    return g, n


def main(first: int = 100, last: int = 200) -> None:
    results, kobayakawa, joined, times = collections.Counter(), collections.Counter(), [], []
    by_pledges = collections.defaultdict(collections.Counter)
    for seed in range(first, last):
        t = time.perf_counter()
        g, n = play(seed)
        times.append(time.perf_counter() - t)
        b = next(r for r in g.rules if r.name == "sekigahara").betrayals
        winner = g.state.winner or "draw"
        results[(winner, g.state.level)] += 1
        kobayakawa[(b.joined.get("L", "undecided"), winner)] += 1
        by_pledges[b.pledges][winner] += 1
        joined.append(collections.Counter(b.joined.values()))
    games = last - first
    print(f"{games} games, seeds {first}..{last - 1}")
    for (winner, level), k in results.most_common():
        print(f"  {winner:9} {level:45} {k}")
    for side in ("ishida", "tokugawa", "neutral"):
        print(f"  families joining {side}: {statistics.mean(j[side] for j in joined):.1f} a game")
    for (side, winner), k in sorted(kobayakawa.items()):
        print(f"  Kobayakawa {side:9} -> {winner:9} {k}")
    for p in sorted(by_pledges):
        print(f"  {p} pledges: {dict(by_pledges[p])}")
    print(f"  time a game: median {statistics.median(times):.2f} s, max {max(times):.2f} s")


if __name__ == "__main__":
    main(*(int(a) for a in sys.argv[1:3]))
