"""The clans bots. Each is given its seat's view (`SeatContext`): the table
it may read and `view()`, its seat's view of the game now, never more. The
random bot is shared by every kind; `heuristic` plays the economy and the
map."""

from __future__ import annotations

from tenkatoitsu import bots as shared
from tenkatoitsu.bots import RandomBot, SeatContext
from tenkatoitsu.kinds.clans.bots.heuristic import HeuristicBot
from tenkatoitsu.kinds.clans.view import view_of

__all__ = ["BOTS", "SeatContext", "attach_bots"]


def attach_bots(game, bots) -> None:
    shared.attach_bots(game, bots, view_of)


BOTS = {"random": RandomBot, "heuristic": HeuristicBot}
