"""How Ishida loses his units at Sekigahara, for one side's bot against
another: the same games as `tenkatoitsu sim scenarios/sekigahara.tks --seed
SEED` (sim.game_seed), each replayed to read its events. Measured, not asserted.

    python3 benchmarks/sekigahara_losses.py [N [BOTS [SEED]]]   # 50 normal,random 1

For each result it prints, per game: Ishida's units eliminated while
attacking or defending [11.1], in a combat phase [7.2.2] or a clan's own
activation [8], against a clan that betrayed him [21.4.2] or an original
Tokugawa clan, by part of the battle; and what follows an advance after
combat [11.12] (forced from Attack, optional from Defense): the steps the
unit loses and how often it is eliminated in that turn or the next."""

from __future__ import annotations

import collections
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from tenkatoitsu import sim  # noqa: E402

SCENARIO = str(ROOT / "scenarios" / "sekigahara.tks")
SIDE = "ishida"


def _part(turn: int) -> str:
    return "turns 1-5" if turn <= 5 else ("turns 6-12" if turn <= 12 else "turns 13-16")


def one(index: int, bots: tuple[str, str], seed: int):
    """One game: its result and a Counter of Ishida's losses by kind."""
    g = sim.play_game(sim.SimSpec(SCENARIO, index + 1, bots, seed=seed), index).game
    out = collections.Counter()
    turn, phase, combat, turned = 0, "", None, set()
    order = collections.defaultdict(lambda: "defense")
    advanced: dict[str, tuple[int, str]] = {}
    for e in g.events:
        name = type(e).__name__
        if name == "TurnStarted":
            turn = e.turn
        elif name == "ChitDrawn":
            phase = "combat phase" if "combat:" in e.text() else "clan phase"
        elif name == "OrderChanged":
            order[e.clan] = e.new
        elif name == "ClanJoined" and e.side and e.side != SIDE:
            turned.update(e.clans)
        elif name == "CombatResolved":
            combat = e
        elif name == "UnitMoved" and e.movement == "advance" and g.side_of(e.unit) == SIDE:
            kind = "forced" if order[g.state.units[e.unit].clan] == "attack" else "optional"
            advanced[e.unit] = (turn, kind)
            out[f"advance {kind}"] += 1
        elif name in ("StepsLost", "UnitEliminated") and g.side_of(e.unit) == SIDE:
            adv = advanced.get(e.unit)
            if adv and turn - adv[0] <= 1:
                key = "eliminated" if name == "UnitEliminated" else "steps lost"
                out[f"{key} after an advance {adv[1]}"] += 1 if name == "UnitEliminated" else e.steps
            if name != "UnitEliminated" or combat is None:
                continue
            attacking = e.unit in combat.attackers
            foes = combat.defenders if attacking else combat.attackers
            who = "a turned clan" if any(g.state.units[f].clan in turned for f in foes) \
                else "Tokugawa's own"
            out[f"eliminated {'attacking' if attacking else 'defending'}, {phase}"] += 1
            out[f"eliminated vs {who}"] += 1
            out[f"eliminated {_part(turn)}"] += 1
    result = {None: "draw", "ishida": "Ishida", "tokugawa": "Tokugawa"}[g.state.winner]
    return result, out


def main(n: int = 50, bots: str = "normal,random", seed: int = 1) -> None:
    pair = tuple(bots.split(","))
    by = collections.defaultdict(list)
    for i in range(n):
        result, out = one(i, pair, seed)
        by[result].append(out)
    print(f"{n} games, sim seed {seed}, bots {bots} (ishida, tokugawa): "
          "Ishida's losses, mean per game")
    for result, games in sorted(by.items()):
        total = sum(games, collections.Counter())
        print(f"  {result:9} n={len(games)}")
        for key in sorted(total):
            print(f"    {key:46} {total[key] / len(games):5.2f}")


if __name__ == "__main__":
    args = sys.argv[1:]
    main(int(args[0]) if args else 50, args[1] if len(args) > 1 else "normal,random",
         int(args[2]) if len(args) > 2 else 1)
