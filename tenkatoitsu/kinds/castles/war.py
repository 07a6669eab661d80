"""The war phase [4.II]: every area in ascending order of its Large Castle
Token, one at a time: the strengths, the castle tokens, the reinforcements
the winner sends on to the areas still to be fought over. No decisions: the
deployment decided everything."""

from __future__ import annotations

from tenkatoitsu.kinds.castles import events as ev
from tenkatoitsu.kinds.castles.deployment import Emit
from tenkatoitsu.kinds.castles.state import LARGE, OVER, SMALL, WAR, CastlesState, Claim
from tenkatoitsu.kinds.castles.table import Table


def order(st: CastlesState) -> list[str]:
    """[4.II] Ascending Large Castle Token value (2 -> 12)."""
    return sorted((a for a, here in st.token.items() if here), key=lambda a: st.castle[a])


def strength(t: Table, st: CastlesState, area: str, seat: str) -> int:
    """[4.II.1] Soldier cubes plus reinforcements; the daimyo counts 2 [5.D]."""
    daimyo = t.daimyo_strength if st.daimyo_at.get(seat) == area else 0
    return st.own(area, seat) + st.white.get(area, {}).get(seat, 0) + daimyo


def ranking(t: Table, st: CastlesState, area: str) -> tuple[list[str], dict[str, int]]:
    """The players in the area, strongest first; a tie of strength goes to the
    higher sword token [4.II.1]. Every player holds a sword by the war phase
    (the last piece takes one [4.I]); a player without one ranks below."""
    strengths = {p: strength(t, st, area, p) for p in t.players}
    there = [p for p in t.players if strengths[p] > 0]
    there.sort(key=lambda p: (strengths[p], st.sword.get(p) or 0), reverse=True)
    return there, {p: strengths[p] for p in there}


def resolve(t: Table, st: CastlesState, area: str, emit: Emit) -> None:
    st.resolving = area
    value = st.castle[area]
    ranked, strengths = ranking(t, st, area)
    st.token[area] = False
    if not ranked:  # [4.II.2] nobody there: the token leaves the game
        emit(ev.AreaResolved("4.II.1", area, value, {}, None, None))
        emit(ev.CastleTokenRemoved("4.II.2", area, value))
        st.resolved.append(area)
        return
    winner = ranked[0]
    runner = ranked[1] if len(ranked) > 1 else None
    tie = runner is not None and strengths[winner] == strengths[runner]
    emit(ev.AreaResolved("4.II.1", area, value, strengths, winner, runner, tie))
    st.won.setdefault(winner, []).append(Claim(area, value, LARGE))
    emit(ev.CastleClaimed("4.II.2", winner, area, value, LARGE))
    # [4.II.2] the runner-up's small token, half the value rounded down, in
    # 3 and 4 player games; a lone occupant takes no small token
    if runner is not None and t.small_castles and value // 2 in st.small_left:
        st.small_left.remove(value // 2)
        st.won.setdefault(runner, []).append(Claim(area, value // 2, SMALL))
        emit(ev.CastleClaimed("4.II.2", runner, area, value // 2, SMALL))
    st.resolved.append(area)
    reinforce(t, st, area, winner, emit)


def reinforcement_targets(t: Table, st: CastlesState, area: str, seat: str) -> list[str]:
    """[4.II.3] Adjacent areas that still have their Large Castle Token and
    hold a piece of the winner's (the daimyo counts: it is a soldier for
    everything but the cards [5.D]); never the area just won [7]."""
    return [b for b in t.board.neighbours(area) if st.token[b] and st.present(b, seat)]


def reinforce(t: Table, st: CastlesState, area: str, seat: str, emit: Emit) -> None:
    for b in reinforcement_targets(t, st, area, seat):
        fresh = min(t.reinforce, st.white_supply)
        st.white_supply -= fresh
        reused = _take_back(st, t.reinforce - fresh)
        n = fresh + reused
        if n:
            here = st.white.setdefault(b, {})
            here[seat] = here.get(seat, 0) + n
            emit(ev.ReinforcementsSent("4.II.3", seat, area, b, n, reused))


def _take_back(st: CastlesState, want: int) -> int:
    """[4.II.3] When the supply runs out, reinforcements are reused from the
    areas already resolved (the earliest first)."""
    got = 0
    for a in st.resolved:
        for p, n in list(st.white.get(a, {}).items()):
            k = min(n, want - got)
            st.white[a][p] -= k
            if not st.white[a][p]:
                del st.white[a][p]
            got += k
            if got == want:
                return got
    return got


def fight(t: Table, st: CastlesState, emit: Emit) -> None:
    """The whole war phase, then the scores [6]."""
    st.phase = WAR
    areas = order(st)
    emit(ev.WarBegan("4.II", tuple(areas), st.turn + 1))
    for area in areas:
        resolve(t, st, area, emit)
    st.resolving = None
    finish(t, st, emit)


def standings(t: Table, st: CastlesState) -> list[str]:
    """[6] Highest total first; a tie goes to the higher sword token."""
    return sorted(t.players, key=lambda p: (st.score(p), st.sword.get(p) or 0), reverse=True)


def finish(t: Table, st: CastlesState, emit: Emit) -> None:
    ranked = standings(t, st)
    scores = {p: st.score(p) for p in t.players}
    best = ranked[0]
    tied = [p for p in ranked if scores[p] == scores[best]]
    st.phase, st.winner = OVER, best
    if len(tied) > 1 and (st.sword.get(tied[1]) or 0) == (st.sword.get(best) or 0):
        # [6] "no further tiebreakers": only players without a sword can get here
        st.winner, st.level = None, "draw"
    elif len(tied) > 1:
        st.level = "most castle points, tie broken by the sword tokens"
    else:
        st.level = "most castle points"
    emit(ev.CastlesEnded("6", scores, best, st.level))
