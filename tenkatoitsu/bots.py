"""What every kind's bots share. The random bot chooses uniformly among the
legal options: an opponent for tests and every kind's own fuzzer (a decision
with no legal option is a dead end, a bug in the rules). A kind's cleverer
bots live in the kind's folder and are named in `Kind.bots`.

A bot is `choose(decision) -> value`; before the game it may be given what
its seat can see with `attach(context)` (`Kind.attach_bots`)."""

from __future__ import annotations

import math
import random
from collections.abc import Callable, Mapping
from functools import partial
from typing import Any

import attrs

from tenkatoitsu.core.decisions import Decision


def beats_incumbent(results: list[float], incumbent: list[float], confidence: float,
                    min_pairs: int) -> bool:
    """Whether a searching bot's candidate beat the incumbent answer: the mean
    of their paired playout differences (playout j of both drew the same
    dice) exceeds `confidence` standard errors, over at least `min_pairs`."""
    diffs = [a - b for a, b in zip(results, incumbent)]
    n = len(diffs)
    if n < max(2, min_pairs):
        return False
    mean = sum(diffs) / n
    var = sum((d - mean) ** 2 for d in diffs) / (n - 1)
    return mean > confidence * math.sqrt(var / n)


class DeadEnd(RuntimeError):
    """A decision with no legal option: a bug in the rules."""


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


@attrs.frozen
class SeatContext:
    """What a bot of `seat` may read: the kind's table (board, seats,
    counts: all public) and `view()`, its seat's view of the game now."""

    seat: str
    table: Any
    view: Callable[[], dict]


def attach_bots(game, bots: Mapping[str, Any],
                view_of: Callable[[Any, str], dict]) -> None:
    """Give each bot its seat's `SeatContext`: `game.table`, and
    `view_of(game, seat)` whenever it asks."""
    for seat, bot in bots.items():
        bot.attach(SeatContext(seat, game.table, partial(view_of, game, seat)))
