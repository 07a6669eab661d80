"""Movement [§6.1]: any number of units, each at most once a turn, a Bushi
up to 2 provinces and a Daimyō up to 3, through provinces free of other
players' units; a move ends on entering one that has them, and may not end
with more than 7 of the player's units in a province. The Takeda Daimyō
takes up to 6 Bushi along at his pace, and the Mōri move in one step
between their provinces on one sea zone [§2.4]."""

from __future__ import annotations

from collections import deque

from tenkatoitsu.core.decisions import Option
from tenkatoitsu.kinds.clans import arms, fortifications, pacts
from tenkatoitsu.kinds.clans import events as ev
from tenkatoitsu.kinds.clans.asking import ask
from tenkatoitsu.kinds.clans.scenario.model import DAIMYO
from tenkatoitsu.kinds.clans.state import DIVERSION, is_bushi

DONE, BACK = "done", "back"
TAKEDA_ESCORT = 6  # Bushi a Takeda Daimyō takes along [§2.4]


def strangers(g, province: str, clan: str) -> bool:
    """Units of another player stand there [§6.1] (an ally's do not stop a
    move [§10.1.2-a])."""
    st = g.state
    return any(c != clan and not st.allied(clan, c) for c in st.here(province))


def room_in(g, province: str, clan: str) -> int:
    """Units the clan may still end a move with there: 7 of its own
    [§6.1], 10 with its ally's [§10.1.2-b]."""
    st, comp = g.state, g.table.components
    room = comp.stack_limit - st.stack(province, clan)
    pact = st.pact_of(clan)
    if pact is not None and st.stack(province, pact.partner(clan)):
        room = min(room, comp.allied_stack_limit - st.stack(province, clan)
                   - st.stack(province, pact.partner(clan)))
    return room


def diverted(g, province: str) -> bool:
    """[§9.1] Diversion: no one may attack the province this round."""
    n = g.state.ninja
    return n is not None and n.mission == DIVERSION and n.target == province


def steps_from(g, clan: str, here: str) -> list[str]:
    """Where one movement point leads: the neighbours, and for the Mōri of
    the first edition, every Mōri province on a sea zone of this Mōri one [§2.4]."""
    t, st = g.table, g.state
    out = list(t.neighbours[here])
    if t.ability(clan) == "inland-sea" and not t.v83 and st.controller(here) == clan:
        for z in t.zones_of(here):
            out += [q for q in t.sea_zones[z] if q != here and q not in out
                    and st.controller(q) == clan]
    return out


def reachable(g, clan: str, origin: str, points: int) -> dict[str, tuple[str, ...]]:
    """Province -> the shortest path there within `points` movement points,
    never through a province with another player's units."""
    paths = {origin: (origin,)}
    queue = deque([origin])
    while queue:
        here = queue.popleft()
        path = paths[here]
        if len(path) > points or (here != origin and strangers(g, here, clan)):
            continue
        for q in steps_from(g, clan, here):
            if q not in paths:
                paths[q] = path + (q,)
                queue.append(q)
    del paths[origin]
    return {q: p for q, p in paths.items()
            if not (strangers(g, q, clan) and diverted(g, q))}


def movable(g, clan: str, province: str) -> dict[str, int]:
    st = g.state
    return {u: st.mobile(province, clan, u) for u in st.of(province, clan)
            if st.mobile(province, clan, u) > 0}


def movement(g, clan: str):
    """[§6.1] The player's moves, one group at a time, until it is done."""
    st = g.state
    st.moved, st.entered = {}, {}
    sailed = False
    while True:
        origins = [p for p in st.units if movable(g, clan, p)]
        options = [Option(f"from:{p}", f"move from {g.names[p]}") for p in origins
                   if destinations(g, clan, p)]
        if not sailed:
            options += [Option(f"sail:{p}", f"sail from {g.names[p]} (1 Koku)")
                        for p in origins if sea_destinations(g, clan, p)]
        options.append(Option(DONE, "end the movement"))
        answer = yield from ask(g, clan, "move-from", "move units from where?", options, "§6.1")
        if answer == DONE:
            return
        what, _, origin = answer.partition(":")
        if what == "sail":
            sailed = yield from sail(g, clan, origin)
        else:
            yield from move_group(g, clan, origin)


# ---------------------------------------------------------------- the Mōri at sea (v83)
SAIL_COST = 1  # Koku [v83 §2.4]
SAIL_ESCORT = 5  # Bushi with the Daimyō


def sea_destinations(g, clan: str, origin: str) -> list[str]:
    """[v83 §2.4] [U-11] Once a turn, for 1 Koku, a Mōri Daimyō and up to 5
    Bushi of his province sail from a Mōri coastal province to another on
    the same sea (a sea zone: the classic map's sea lanes join no two of the
    rules' coastal provinces)."""
    t, st = g.table, g.state
    if not t.v83 or t.ability(clan) != "inland-sea" or st.koku[clan] < SAIL_COST:
        return []
    if origin not in t.coastal or st.controller(origin) != clan or \
            st.mobile(origin, clan, DAIMYO) <= 0:
        return []
    out = []
    for z in t.zones_of(origin):
        out += [q for q in t.sea_zones[z] if q != origin and q not in out and q in t.coastal
                and st.controller(q) == clan
                and st.stack(q, clan) < t.components.stack_limit]
    return out


def sail(g, clan: str, origin: str):
    """The Mōri's sea move; True once made (it is the turn's one)."""
    st, comp = g.state, g.table.components
    dests = sea_destinations(g, clan, origin)
    options = [Option(f"to:{q}", f"sail to {g.names[q]}") for q in dests]
    options.append(Option(BACK, "move something else"))
    answer = yield from ask(g, clan, "move-to", f"sail from {g.names[origin]} to where?",
                            options, "§2.4", {"province": origin, "sail": True})
    if answer == BACK:
        return False
    to = answer.partition(":")[2]
    room = min(SAIL_ESCORT, comp.stack_limit - st.stack(to, clan) - 1)
    going = {DAIMYO: 1}
    for unit in [u for u in movable(g, clan, origin) if is_bushi(u)]:
        most = min(st.mobile(origin, clan, unit), room)
        if most <= 0:
            continue
        n = yield from ask(g, clan, "move-count", f"how many {g.names.get(unit, unit)} sail "
                                                  f"with the Daimyō to {g.names[to]}?",
                           [Option(k, str(k)) for k in range(most, -1, -1)], "§2.4",
                           {"province": origin, "to": to, "unit": unit})
        if n:
            going[unit] = n
            room -= n
    st.koku[clan] -= SAIL_COST
    src, dst = st.of(origin, clan), st.of(to, clan)
    arrived = st.moved.setdefault(to, {})
    for u, k in going.items():
        src[u] -= k
        dst[u] = dst.get(u, 0) + k
        arrived[u] = arrived.get(u, 0) + k
    st.entered.setdefault(to, []).append(origin)
    g.emit(ev.UnitsSailed("§2.4", clan, origin, to, going, SAIL_COST))
    return True


def reach_of(g, clan: str, unit: str, origin: str) -> int:
    return arms.movement_points(g, unit, g.state.of(origin, clan))


def destinations(g, clan: str, origin: str) -> dict[str, tuple[str, ...]]:
    """Where some unit there that has not moved can go."""
    units = movable(g, clan, origin)
    if not units:
        return {}
    points = max(reach_of(g, clan, u, origin) for u in units)
    return {q: path for q, path in reachable(g, clan, origin, points).items()
            if room_in(g, q, clan) > 0}


def move_group(g, clan: str, origin: str):
    """One group: its destination, then how many of each type go."""
    st = g.state
    dests = destinations(g, clan, origin)
    options = [Option(f"to:{q}", f"to {g.names[q]}" + (" (attack)" if strangers(g, q, clan)
                                                       else ""))
               for q in dests]
    options.append(Option(BACK, "move something else"))
    answer = yield from ask(g, clan, "move-to", f"move from {g.names[origin]} to where?",
                            options, "§6.1", {"province": origin})
    if answer == BACK:
        return
    to = answer.partition(":")[2]
    path = dests[to]
    distance = len(path) - 1
    room = room_in(g, to, clan)  # [§6.1] at the end of the move
    going: dict[str, int] = {}
    units = movable(g, clan, origin)
    # the Daimyō first: a Takeda Daimyō takes Bushi along at his pace [§2.4]
    order = [DAIMYO] + [u for u in units if u != DAIMYO]
    for i, unit in enumerate(order):
        have = units.get(unit, 0)
        if not have or room <= 0:
            continue
        if distance <= reach_of(g, clan, unit, origin):
            most = min(have, room)
        elif is_bushi(unit) and g.table.ability(clan) == "wind-of-kai" and going.get(DAIMYO):
            escort = sum(k for u, k in going.items() if u != DAIMYO)
            most = min(have, room, TAKEDA_ESCORT * going[DAIMYO] - escort)
        else:
            continue
        # a group is at least one unit: the last type that can go on its own must
        later = [u for u in order[i + 1:]
                 if units.get(u) and distance <= reach_of(g, clan, u, origin)]
        least = 0 if going or later else 1
        n = yield from ask(g, clan, "move-count",
                           f"how many {g.names.get(unit, unit)} go from {g.names[origin]} to "
                           f"{g.names[to]}?",
                           [Option(k, str(k)) for k in range(most, least - 1, -1)], "§6.1",
                           {"province": origin, "to": to, "unit": unit})
        if n:
            going[unit] = n
            room -= n
    if not going:
        return
    if pacts.on(g):
        pacts.ally_entered(g, clan, to, st.controller(to))
    src, dst = st.of(origin, clan), st.of(to, clan)
    arrived = st.moved.setdefault(to, {})
    for u, n in going.items():
        src[u] -= n
        dst[u] = dst.get(u, 0) + n
        arrived[u] = arrived.get(u, 0) + n
    st.entered.setdefault(to, []).append(origin)
    g.emit(ev.UnitsMoved("§6.1" if distance <= 2 or DAIMYO not in going or len(going) == 1
                         else "§2.4", clan, origin, to, going, path))
    fortifications.taken(g, to)  # [v83 §9.2] walking into an enemy castle
