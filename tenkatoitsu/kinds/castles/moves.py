"""Moving, placing and returning pieces: the changes the cards make, each an
event naming the card's rule."""

from __future__ import annotations

from tenkatoitsu.kinds.castles import events as ev
from tenkatoitsu.kinds.castles.deployment import Emit, last_piece
from tenkatoitsu.kinds.castles.state import CastlesState


def _set(counts: dict, owner: str, n: int) -> None:
    """A count of nothing is no entry: states compare equal however reached."""
    if n:
        counts[owner] = n
    else:
        counts.pop(owner, None)


def move(st: CastlesState, owner: str, frm: str, to: str, n: int, rule: str, by: str,
         emit: Emit) -> None:
    if n <= 0:
        return
    have = st.soldiers[frm].get(owner, 0)
    if have < n:  # the plays offered never ask it: a bug if it happens
        raise ValueError(f"{owner} has {have} soldier(s) in {frm}, not {n}")
    _set(st.soldiers[frm], owner, have - n)
    st.soldiers[to][owner] = st.soldiers[to].get(owner, 0) + n
    emit(ev.SoldiersMoved(rule, owner, frm, to, n, False, by))


def move_daimyo(st: CastlesState, owner: str, to: str, rule: str, emit: Emit) -> None:
    frm = st.daimyo_at[owner]
    st.daimyo_at[owner] = to
    emit(ev.SoldiersMoved(rule, owner, frm, to, 0, True, owner))


def place_from_stock(st: CastlesState, owner: str, area: str, n: int, rule: str,
                     emit: Emit) -> None:
    st.stock[owner] -= n
    st.soldiers[area][owner] = st.soldiers[area].get(owner, 0) + n
    emit(ev.SoldiersPlaced(rule, owner, area, n))
    last_piece(st, owner, emit)


def to_stock(st: CastlesState, owner: str, area: str, n: int, rule: str, emit: Emit) -> None:
    """[7] Soldiers back in the stock are deployed again like any other."""
    _set(st.soldiers[area], owner, st.soldiers[area][owner] - n)
    st.stock[owner] += n
    emit(ev.SoldiersReturned(rule, owner, area, n))


def replace(st: CastlesState, me: str, enemy: str, area: str, rule: str, emit: Emit) -> None:
    """An enemy soldier goes home and one of mine from stock takes its place
    (Rebel [5.8], Ōtomo Sōrin [5.D])."""
    to_stock(st, enemy, area, 1, rule, emit)
    place_from_stock(st, me, area, 1, rule, emit)
