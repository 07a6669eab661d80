"""The shogun bots. Each is given its seat's view (`SeatContext`): the table
it may read and `view()`, its seat's view of the game now, never more. The
random bot is shared by every kind; `heuristic` plans its koku and fights
the battles it can win."""

from __future__ import annotations

from functools import partial

import attrs

from tenkatoitsu.bots import RandomBot
from tenkatoitsu.kinds.shogun.bots.heuristic import HeuristicBot
from tenkatoitsu.kinds.shogun.table import Table
from tenkatoitsu.kinds.shogun.view import view_of


@attrs.frozen
class SeatContext:
    seat: str
    table: Table
    view: object  # () -> dict


def attach_bots(game, bots) -> None:
    for seat, bot in bots.items():
        bot.attach(SeatContext(seat, game.table, partial(view_of, game, seat)))


BOTS = {"random": RandomBot, "heuristic": HeuristicBot}
