"""The battle's bots: the random bot (the rules' fuzzer) and the heuristic
commander at three levels (tenkatoitsu.kinds.battle.heuristic)."""

from __future__ import annotations

from tenkatoitsu.bots import DeadEnd, RandomBot
from tenkatoitsu.kinds.battle.heuristic import BotContext, HeuristicBot

__all__ = ["BOTS", "DeadEnd", "RandomBot", "attach_bots", "make_bot"]


def _heuristic(level: str):
    def factory(seed: int, side: str):
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
    for side, bot in bots.items():
        attach = getattr(bot, "attach", None)
        if attach is not None:
            attach(BotContext(game, side))
