"""What the bot benchmarks share: a game played by bots through the
session's own loop (`Session.play_bots`), with every bot's choices timed."""

from __future__ import annotations

import time
from collections.abc import Mapping


class Timed:
    """A bot whose every choice is timed into `seconds[bot.name]`."""

    def __init__(self, bot, seconds: dict[str, list[float]]):
        self.bot, self.seconds = bot, seconds
        self.name = bot.name

    def attach(self, context) -> None:
        self.bot.attach(context)

    def choose(self, decision):
        t0 = time.perf_counter()
        value = self.bot.choose(decision)
        self.seconds.setdefault(self.name, []).append(time.perf_counter() - t0)
        return value


def play_timed(session, bots: Mapping[str, object]) -> dict[str, list[float]]:
    """Play the session's game to its end; each bot name's seconds a decision."""
    seconds: dict[str, list[float]] = {}
    session.play_bots({p: Timed(b, seconds) for p, b in bots.items()})
    return seconds
