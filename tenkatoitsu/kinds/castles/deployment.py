"""The deployment phase [4.I]: whose turn it is, the split of the three dice
into an area and a number of soldiers, placing them, and what follows the
last piece (the sword token, the end of the cards). Functions of the table,
the state and an event sink, shared by the game and the search bot's
playouts."""

from __future__ import annotations

from typing import Callable

import attrs

from tenkatoitsu.core.events import Event
from tenkatoitsu.kinds.castles import events as ev
from tenkatoitsu.kinds.castles.state import CastlesState
from tenkatoitsu.kinds.castles.table import Table

Emit = Callable[[Event], None]


@attrs.frozen
class Split:
    """One way to read the dice [4.I]: two dice name the area by their sum,
    the third gives the soldiers, half its value rounded up."""

    count_die: int
    area_dice: tuple[int, int]
    area: str
    count: int


def soldiers_for(die: int) -> int:
    return (die + 1) // 2  # [4.I] "die value ÷ 2, rounded up": 5 -> 3, 2 -> 1


def splits(st: CastlesState, dice: tuple[int, ...]) -> list[Split]:
    """The different splits of the dice, one per distinct count die, in the
    order of the dice."""
    by_value = {v: a for a, v in st.castle.items()}
    out: dict[int, Split] = {}
    for i, d in enumerate(dice):
        if d in out:
            continue
        rest = dice[:i] + dice[i + 1:]
        out[d] = Split(d, (rest[0], rest[1]), by_value[rest[0] + rest[1]], soldiers_for(d))
    return list(out.values())


def pieces_to_deploy(st: CastlesState, seat: str, count: int) -> int:
    """[4.I] Deploy the full number unless the stock runs out."""
    return min(count, st.pieces_in_stock(seat))


def daimyo_choice(st: CastlesState, seat: str, count: int) -> tuple[bool, ...]:
    """Whether the daimyo may go (True) or stay (False) among `count` pieces
    [5.D]: it is placed like a soldier, so a player chooses when the soldiers
    in stock could make the number alone."""
    if not st.daimyo_in_stock.get(seat):
        return (False,)
    n = pieces_to_deploy(st, seat, count)
    if st.stock[seat] < n:
        return (True,)  # not enough soldiers: the daimyo must be among them
    return (True, False)


def place(t: Table, st: CastlesState, seat: str, area: str, count: int, with_daimyo: bool,
          emit: Emit) -> None:
    """[4.I] Put `count` pieces of `seat` in `area` (the daimyo one of them)."""
    n = pieces_to_deploy(st, seat, count)
    soldiers = n - (1 if with_daimyo else 0)
    st.stock[seat] -= soldiers
    if soldiers:
        st.soldiers[area][seat] = st.soldiers[area].get(seat, 0) + soldiers
    if with_daimyo:
        st.daimyo_in_stock[seat] = False
        st.daimyo_at[seat] = area
    emit(ev.PiecesDeployed("4.I", seat, area, soldiers, with_daimyo))
    last_piece(st, seat, emit)


def last_piece(st: CastlesState, seat: str, emit: Emit) -> None:
    """[4.I] After a player's last piece: the highest sword token left, and
    no further cards for anyone. Any placement counts, a card's too."""
    if not st.finished(seat) or st.sword.get(seat) is not None:
        return
    if st.swords_left:
        st.sword[seat] = st.swords_left.pop(0)
        emit(ev.SwordTaken("4.I", seat, st.sword[seat]))
    if not st.locked:
        st.locked = True
        emit(ev.TacticsLocked("4.I", seat))


def next_player(t: Table, st: CastlesState, after: str | None) -> str | None:
    """The next player clockwise who still has pieces to place [4.I] (the
    first player begins), or None when every piece is placed."""
    order = t.players
    start = 0 if after is None else order.index(after) + 1
    for i in range(len(order)):
        seat = order[(start + i) % len(order)]
        if not st.finished(seat):
            return seat
    return None
