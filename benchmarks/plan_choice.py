"""What a battle plan [10.1] is worth, side by side, in one command:

    python3 benchmarks/plan_choice.py SCENARIO [--games N] [--jobs J]

For each side of the scenario, `normal` plays both sides for N games
(seeds 1..N) with the plan it chooses itself, then again with each plan of
the side's sheet imposed on that side (the rest of its play unchanged: it still chooses, and its own random
draws stay as they were, so that a plan it would have chosen gives the
same game).
Prints a row a side and plan: the side's score (a win 1, a draw ½) with
the Wilson 95% interval of its wins. Measured, not asserted: with 11 rows
a side, the best row is lifted by chance alone, by about 1.6 of its
standard errors."""

from __future__ import annotations

import argparse
import sys
from collections import defaultdict
from multiprocessing import Pool
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from tenkatoitsu.session import Session, make_bot
from tenkatoitsu.sim import wilson

OWN = "(its own)"


class ImposedPlan:
    """`normal`, with the battle plan [10.1] chosen for it."""

    def __init__(self, inner, plan: str):
        self.inner, self.plan = inner, plan

    def attach(self, ctx) -> None:
        self.inner.attach(ctx)

    def choose(self, decision):
        answer = self.inner.choose(decision)  # asked all the same: its dice stay in step
        return self.plan if decision.kind == "choose-plan" else answer


def play(job: tuple[str, str, str, int]) -> tuple[str, str, float]:
    scenario, side, plan, seed = job
    s = Session.start(scenario, seed=seed)
    bots = {p: make_bot(s.kind, "normal", seed, p) for p in s.game.players}
    if plan != OWN:
        bots[side] = ImposedPlan(bots[side], plan)
    s.play_bots(bots)
    winner = s.kind.result(s.game).winner
    return side, plan, 1.0 if winner == side else 0.5 if winner is None else 0.0


def sheet(scenario: str, side: str) -> list[str]:
    """The plans `side` may choose: the options of its choose-plan decision."""
    s = Session.start(scenario, seed=1)
    while True:
        d = s.driver.pending
        if d.kind == "choose-plan" and d.side == side:
            return [o.value for o in d.options]
        s.driver.answer(d.options[0].value)


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("scenario")
    ap.add_argument("--games", type=int, default=20, help="games a side and plan")
    ap.add_argument("--jobs", type=int, default=2)
    a = ap.parse_args()
    sides = Session.start(a.scenario, seed=1).game.players
    jobs = [(a.scenario, side, plan, seed) for side in sides
            for plan in [OWN, *sheet(a.scenario, side)] for seed in range(1, a.games + 1)]
    scores: dict[tuple[str, str], list[float]] = defaultdict(list)
    with Pool(a.jobs) as pool:
        for side, plan, score in pool.imap_unordered(play, jobs, chunksize=2):
            scores[side, plan].append(score)
    print("| side | plan | score | wins (95% interval) |")
    print("|---|---|---|---|")
    for side in sides:
        for plan in [OWN, *sorted(p for s, p in scores if s == side and p != OWN)]:
            got = scores[side, plan]
            wins = sum(x == 1.0 for x in got)
            lo, hi = wilson(wins, len(got))
            print(f"| {side} | {plan} | {sum(got) / len(got):.2f} | "
                  f"{wins}/{len(got)} ({lo:.0%}-{hi:.0%}) |")


if __name__ == "__main__":
    main()
