"""The battle's bots: the random bot (the rules' fuzzer), the heuristic
commander at three levels (tenkatoitsu.kinds.battle.heuristic) and `hard`,
the normal commander checked by Monte Carlo search
(tenkatoitsu.kinds.battle.search), whose settings are given after its name:
`hard:think=2:turns=2`.

The heuristic and search packages are imported when a game first needs
them, by name, as the registry imports a kind: `check`, `fmt` and `show`
never play, and the heuristic's import is a third of the kind's (about
50 ms at every start)."""

from __future__ import annotations

from importlib import import_module

from tenkatoitsu.bots import DeadEnd, RandomBot

__all__ = ["BOTS", "DeadEnd", "RandomBot", "attach_bots", "make_bot"]

HEURISTIC = "tenkatoitsu.kinds.battle.heuristic"
SEARCH = "tenkatoitsu.kinds.battle.search"


def _heuristic(level: str):
    def factory(seed: int, side: str):
        return import_module(HEURISTIC).HeuristicBot(seed, side, level)
    return factory


def _search(seed: int, side: str, **settings):
    return import_module(SEARCH).SearchBot(seed, side, **settings)


#: the settings `hard` takes, and their types (tenkatoitsu.kinds.battle.search.bot)
_search.settings = {"playouts": int, "think": float, "turns": int, "width": int, "workers": int}

BOTS = {"random": RandomBot, "cautious": _heuristic("cautious"), "normal": _heuristic("normal"),
        "aggressive": _heuristic("aggressive"), "hard": _search}


def make_bot(name: str, seed: int, side: str):
    try:
        return BOTS[name](seed, side)
    except KeyError:
        raise ValueError(f"unknown bot '{name}' (bots: {', '.join(BOTS)})") from None


def attach_bots(game, bots: dict[str, object]) -> None:
    """Give each bot the context of its side: its PlayerView and the public queries."""
    context = import_module(HEURISTIC).BotContext
    for side, bot in bots.items():
        attach = getattr(bot, "attach", None)
        if attach is not None:
            attach(context(game, side))
