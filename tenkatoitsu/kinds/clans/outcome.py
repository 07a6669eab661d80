"""How a clans game ends: the victory checks made at the end of every phase
[§1.1.2], in the priority of §1.1.1 (the Shōgun's Mandate, then province
control), the tie-breaker of §1.2.1, and the round limit (a game option:
the rules have none)."""

from __future__ import annotations

import unicodedata

from tenkatoitsu.kinds.clans import events as ev
from tenkatoitsu.kinds.clans.state import OVER

MANDATE_WIN = "the Shōgun's Mandate"
PROVINCE_WIN = "victory by province control"
GLORY_WIN = "the Path of Glory"
LIMIT_WIN = "most provinces at the round limit"
DRAW = "no winner at the round limit"


class GameOver(Exception):
    """Raised when a victory ends the game; `play` returns on it."""


def finish(g, clan: str | None, level: str, rule: str) -> None:
    st = g.state
    st.winner = st.seat_of[clan] if clan is not None else None
    st.level = level
    st.phase = OVER
    st.current = None
    g.emit(ev.GameWon(rule, clan, level))
    raise GameOver(level)


def score(g, seat: str) -> int:
    """A seat's provinces (0 before the draft gives it a clan)."""
    clan = g.state.clan_of.get(seat)
    return g.state.count(clan) if clan is not None else 0


def mandate_held(g, clan: str) -> int:
    return sum(1 for p in g.table.mandate if g.state.controller(p) == clan)


def turn_order_key(g, clan: str) -> tuple:
    """[§4.1] Gekokujō: fewest provinces, then less Koku, then fewer units,
    then the clan's name."""
    st = g.state
    return (st.count(clan), st.koku[clan], st.total(clan), plain(g.names[clan]))


def plain(name: str) -> str:
    """A name as the alphabet orders it: "Ōtomo" under O, as the rules spell it."""
    return "".join(ch for ch in unicodedata.normalize("NFKD", name)
                   if not unicodedata.combining(ch)).casefold()


def tie_break(g, tied: list[str]) -> str:
    """[§1.2.1] More Koku, then more Daimyō, then more Mandate provinces,
    then who would act earlier in the next round's order."""
    st = g.state
    return min(tied, key=lambda c: (-st.koku[c], -st.daimyos(c), -mandate_held(g, c),
                                    turn_order_key(g, c)))


def check_victory(g, rule: str) -> None:
    """[§1.1.1] [§1.1.2] At the end of a phase: the Mandate first, then
    province control; a vassal cannot win [§8.1.1]."""
    st = g.state
    free = [c for c in st.clans if st.free(c)]
    for c in free:  # [§1.3] sole control of the three Mandate provinces, no ally there
        if g.table.mandate and all(st.sole(p, c) for p in g.table.mandate):
            finish(g, c, MANDATE_WIN, f"§1.3 ({rule})")
    need = g.table.victory_target()
    over = [c for c in free if st.count(c) >= need]
    if over:  # [§1.2]
        best = max(st.count(c) for c in over)
        top = [c for c in over if st.count(c) == best]
        finish(g, tie_break(g, top), PROVINCE_WIN, f"§1.2 ({rule})")


def round_limit(g) -> None:
    """The option's last round: the free clan with the most provinces wins,
    ties broken as in §1.2.1."""
    st = g.state
    if st.round < g.table.options.round_limit:
        return
    free = [c for c in st.clans if st.free(c)] or st.in_play()
    if not free:
        finish(g, None, DRAW, "§1.2")
    best = max(st.count(c) for c in free)
    finish(g, tie_break(g, [c for c in free if st.count(c) == best]), LIMIT_WIN, "§1.2.1")
