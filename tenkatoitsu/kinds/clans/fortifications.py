"""Castles and the Hōjō Fortress in play [§9.2] [§2.4]: the bonus a castle
gives its defenders, and (v83) its fall to an enemy who takes the province."""

from __future__ import annotations

from tenkatoitsu.kinds.clans import events as ev


def castle_bonus(g, province: str, clan: str) -> int:
    """[§9.2] [§2.4] A castle's defense bonus for the clan that held the
    province when the turn began: +1, fortified +2, the Hōjō's own Fortress +2."""
    castle = g.state.castles.get(province)
    if castle is None or g.state.turn_holders.get(province) != clan:
        return 0
    if castle.fortified:
        return 2
    if castle.fortress and castle.builder == clan:
        return 2
    return 1


def taken(g, province: str) -> None:
    """[v83 §9.2] An enemy of its builder who gains control of the province
    destroys the castle at once, by battle or by walking in."""
    st = g.state
    castle = st.castles.get(province)
    holder = st.controller(province)
    if not g.table.v83 or castle is None or holder is None or holder == castle.builder:
        return
    del st.castles[province]
    g.emit(ev.CastleDestroyed("§9.2", province))
