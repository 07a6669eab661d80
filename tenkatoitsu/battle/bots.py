"""Bots. The random bot chooses uniformly among the legal options: an opponent
for tests and the rules' own fuzzer (crashes, dead ends, runaway games)."""

from __future__ import annotations

import random

from tenkatoitsu.core.decisions import Decision


class RandomBot:
    name = "random"

    def __init__(self, seed: int, side: str):
        # its own stream, apart from the game's dice: a bot never changes a roll
        self.rng = random.Random(f"{seed}:{side}")

    def choose(self, decision: Decision):
        if not decision.options:
            raise DeadEnd(f"dead end: '{decision.prompt}' [{decision.rule}] has no legal option")
        return self.rng.choice(decision.options).value


class DeadEnd(RuntimeError):
    """A decision with no legal option: a bug in the rules."""


BOTS = {"random": RandomBot}


def make_bot(name: str, seed: int, side: str):
    try:
        return BOTS[name](seed, side)
    except KeyError:
        raise ValueError(f"unknown bot '{name}' (bots: {', '.join(BOTS)})") from None
