"""Bots. The random bot chooses uniformly among the legal options: an opponent
for tests and the rules' own fuzzer (crashes, dead ends, runaway games). The
heuristic bots (tenkatoitsu.battle.heuristic) play like a commander at three
levels.

A bot is `choose(decision) -> value`; before the game it may be given what
its side can see with `attach(BotContext)` (see `attach_bots`)."""

from __future__ import annotations

import random

from tenkatoitsu.core.decisions import Decision


class RandomBot:
    name = "random"

    def __init__(self, seed: int, side: str):
        # its own stream, apart from the game's dice: a bot never changes a roll
        self.rng = random.Random(f"{seed}:{side}")

    def attach(self, ctx) -> None:
        """The random bot looks at nothing but the options."""

    def choose(self, decision: Decision):
        if not decision.options:
            raise DeadEnd(f"dead end: '{decision.prompt}' [{decision.rule}] has no legal option")
        return self.rng.choice(decision.options).value


class DeadEnd(RuntimeError):
    """A decision with no legal option: a bug in the rules."""


def _heuristic(level: str):
    def factory(seed: int, side: str):
        from tenkatoitsu.battle.heuristic import HeuristicBot
        return HeuristicBot(seed, side, level)
    return factory


BOTS = {"random": RandomBot, "cautious": _heuristic("cautious"), "normal": _heuristic("normal"),
        "aggressive": _heuristic("aggressive")}


def make_bot(name: str, seed: int, side: str):
    try:
        return BOTS[name](seed, side)
    except KeyError:
        raise ValueError(f"unknown bot '{name}' (bots: {', '.join(BOTS)})") from None


def attach_bots(game, bots: dict[str, object]) -> None:
    """Give each bot the context of its side: its PlayerView and the public queries."""
    from tenkatoitsu.battle.heuristic.context import BotContext

    for side, bot in bots.items():
        attach = getattr(bot, "attach", None)
        if attach is not None:
            attach(BotContext(game, side))
