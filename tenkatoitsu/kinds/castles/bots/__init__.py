"""The castles bots. Each is given its seat's view (`SeatContext`): the
table it may read, and the view of the game now. The random bot is shared by
every kind; `heuristic` reads the castles; `search` looks ahead."""

from __future__ import annotations

from tenkatoitsu import bots as shared
from tenkatoitsu.bots import RandomBot, SeatContext
from tenkatoitsu.kinds.castles.bots.heuristic import HeuristicBot
from tenkatoitsu.kinds.castles.bots.search import SearchBot
from tenkatoitsu.kinds.castles.view import view_of

__all__ = ["BOTS", "SeatContext", "attach_bots"]


def attach_bots(game, bots) -> None:
    shared.attach_bots(game, bots, view_of)


BOTS = {"random": RandomBot, "heuristic": HeuristicBot, "search": SearchBot}
