"""The castles bots. Each is given its seat's view (`SeatContext`): the
table it may read, and the view of the game now. The random bot is shared by
every kind; `heuristic` reads the castles; `search` looks ahead."""

from __future__ import annotations

from functools import partial

import attrs

from tenkatoitsu.bots import RandomBot
from tenkatoitsu.kinds.castles.bots.heuristic import HeuristicBot
from tenkatoitsu.kinds.castles.bots.search import SearchBot
from tenkatoitsu.kinds.castles.table import Table
from tenkatoitsu.kinds.castles.view import view_of


@attrs.frozen
class SeatContext:
    """What a bot of `seat` may read: the table (board, seats, counts: all
    public) and `view()`, its seat's view of the game now."""

    seat: str
    table: Table
    view: object  # () -> dict


def attach_bots(game, bots) -> None:
    for seat, bot in bots.items():
        bot.attach(SeatContext(seat, game.table, partial(view_of, game, seat)))


BOTS = {"random": RandomBot, "heuristic": HeuristicBot, "search": SearchBot}
