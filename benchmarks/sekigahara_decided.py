"""Where Sekigahara games are decided, for one side's bot against another:
the same games as `tenkatoitsu sim scenarios/sekigahara.tks --seed SEED`
(sim.game_seed), each replayed to read its events. Measured, not asserted.

    python3 benchmarks/sekigahara_decided.py [N [BOTS [SEED]]]   # 100 normal,random 1

It prints Ishida's results by when and how Kobayakawa (the gambit's clan
[21.4.6]) joined a side, by how many families joined Tokugawa [21.4.2],
the Betrayal Bowl each time the arquebuses were fired (its Treason and
Loyalty chits, which gave the odds of a betrayal), and the mean end VP by
source [21.7.3] for each result. Games run on every core (sim.play_game
makes each one alone, so the figures do not depend on that)."""

from __future__ import annotations

import collections
import multiprocessing
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from tenkatoitsu import sim  # noqa: E402

SCENARIO = str(ROOT / "scenarios" / "sekigahara.tks")
SOURCES = (("Elan", "elan"), ("units on the map", "units"), ("star", "stars"),
           ("Bundori", "bundori"), ("pledge", "pledges"), ("hatamoto", "hatamoto"))


def one(index: int, bots: tuple[str, str], seed: int) -> dict:
    """One game: its result, the clans' joins (turn, family, side, how), the
    gambit (turn, Treason chits, Loyalty chits, the chit drawn), VP by source."""
    g = sim.play_game(sim.SimSpec(SCENARIO, index + 1, bots, seed=seed), index).game
    turn, joins, gambit = 0, [], None
    vp = {side: collections.Counter() for side in g.side_ids}
    for e in g.events:
        name = type(e).__name__
        if name == "TurnStarted":
            turn = e.turn
        elif name == "ClanJoined":
            joins.append((turn, e.family, e.side or "neutral", e.how))
        elif name == "GambitFired":
            gambit = (turn, e.treason, e.loyalty, e.chit.partition(":")[0])
        elif name == "VictoryPoints":
            kind = next((k for text, k in SOURCES if text in e.reason), "other")
            vp[e.side][kind] += e.vp
    result = {None: "draw", "ishida": "Ishida", "tokugawa": "Tokugawa"}[g.state.winner]
    if g.state.level == "automatic victory":
        result += " (automatic)"
    return {"result": result, "joins": joins, "gambit": gambit, "vp": vp}


def kobayakawa(joins) -> str:
    j = next((j for j in joins if j[1] == "L"), None)
    if j is None:
        return "L undecided"
    how = "gambit" if "gambit" in j[3] else j[3]
    return f"L -> {j[2]} ({how}) turn {'1' if j[0] == 1 else '2+'}"


def main(n: int = 100, bots: str = "normal,random", seed: int = 1) -> None:
    pair = tuple(bots.split(","))
    with multiprocessing.Pool() as pool:
        games = pool.starmap(one, [(i, pair, seed) for i in range(n)], chunksize=1)
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
    print("the arquebuses gambit [21.4.6]: the Betrayal Bowl when fired, Treason-Loyalty chits")
    fired = collections.defaultdict(collections.Counter)  # (when, treason, loyalty) -> drawn
    for g in games:
        if g["gambit"]:
            turn, treason, loyalty, drawn = g["gambit"]
            fired[("turn 1" if turn == 1 else "later", treason, loyalty)][drawn] += 1
    for (when, treason, loyalty), c in sorted(fired.items()):
        print(f"  {when:6} {treason}-{loyalty}   n={sum(c.values()):3}  treason drawn "
              f"{c['treason']:3}, loyalty drawn {c['loyalty']:3}")
    for when in ("turn 1", "later"):
        rows = [(k[1], k[2], sum(c.values()), c["treason"]) for k, c in fired.items()
                if k[0] == when]
        shots = sum(n for _, _, n, _ in rows)
        if shots:
            share = sum(t * n for t, _, n, _ in rows) / sum((t + lo) * n for t, lo, n, _ in rows)
            print(f"  {when}: {shots} shots, the Bowl {100 * share:.0f}% Treason, "
                  f"Kobayakawa betrays in {sum(d for *_, d in rows)}")
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
