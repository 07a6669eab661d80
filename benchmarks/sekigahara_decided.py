"""Where Sekigahara games are decided, for one side's bot against another:
the same games as `tenkatoitsu sim scenarios/sekigahara.tks --seed SEED`
(sim.game_seed), each replayed to read its events. Measured, not asserted.

    python3 benchmarks/sekigahara_decided.py [N [BOTS [SEED]]]   # 100 normal,random 1

It prints Ishida's results by when and how Kobayakawa (the gambit's clan
[21.4.6]) joined a side, by how many families joined Tokugawa [21.4.2],
and the mean end VP by source [21.7.3] for each result."""

from __future__ import annotations

import collections
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from tenkatoitsu import sim  # noqa: E402

SCENARIO = str(ROOT / "scenarios" / "sekigahara.tks")
SOURCES = (("Elan", "elan"), ("units on the map", "units"), ("star", "stars"),
           ("Bundori", "bundori"), ("pledge", "pledges"), ("hatamoto", "hatamoto"))


def one(index: int, bots: tuple[str, str], seed: int) -> dict:
    """One game: its result, the clans' joins (turn, family, side, how), VP by source."""
    g = sim.play_game(sim.SimSpec(SCENARIO, index + 1, bots, seed=seed), index).game
    turn, joins = 0, []
    vp = {side: collections.Counter() for side in g.side_ids}
    for e in g.events:
        name = type(e).__name__
        if name == "TurnStarted":
            turn = e.turn
        elif name == "ClanJoined":
            joins.append((turn, e.family, e.side or "neutral", e.how))
        elif name == "VictoryPoints":
            kind = next((k for text, k in SOURCES if text in e.reason), "other")
            vp[e.side][kind] += e.vp
    result = {None: "draw", "ishida": "Ishida", "tokugawa": "Tokugawa"}[g.state.winner]
    if g.state.level == "automatic victory":
        result += " (automatic)"
    return {"result": result, "joins": joins, "vp": vp}


def kobayakawa(joins) -> str:
    j = next((j for j in joins if j[1] == "L"), None)
    if j is None:
        return "L undecided"
    how = "gambit" if "gambit" in j[3] else j[3]
    return f"L -> {j[2]} ({how}) turn {'1' if j[0] == 1 else '2+'}"


def main(n: int = 100, bots: str = "normal,random", seed: int = 1) -> None:
    pair = tuple(bots.split(","))
    games = [one(i, pair, seed) for i in range(n)]
    print(f"{n} games, sim seed {seed}, bots {bots} (ishida, tokugawa)")
    for title, key in (("Kobayakawa", lambda g: kobayakawa(g["joins"])),
                       ("families joining Tokugawa",
                        lambda g: sum(j[2] == "tokugawa" for j in g["joins"]))):
        print(title + ":")
        table = collections.defaultdict(collections.Counter)
        for g in games:
            table[key(g)][g["result"]] += 1
        for k in sorted(table, key=str):
            print(f"  {str(k):34} n={sum(table[k].values()):3}  {dict(table[k])}")
    print("mean end VP by source, Ishida/Tokugawa:")
    by = collections.defaultdict(list)
    for g in games:
        by[g["result"]].append(g)
    for result, gs in sorted(by.items()):
        kinds = sorted({k for g in gs for c in g["vp"].values() for k in c})
        cells = [f"{k} {sum(g['vp']['ishida'][k] for g in gs) / len(gs):.1f}/"
                 f"{sum(g['vp']['tokugawa'][k] for g in gs) / len(gs):.1f}" for k in kinds]
        print(f"  {result:22} n={len(gs):3}  " + ", ".join(cells))


if __name__ == "__main__":
    args = sys.argv[1:]
    main(int(args[0]) if args else 100, args[1] if len(args) > 1 else "normal,random",
         int(args[2]) if len(args) > 2 else 1)
