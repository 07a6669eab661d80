"""Moving troops: the armies of Phase A [SC-13] and Phase D [SC-21.2], the
army that moves between battles [SC-19.4], and the provincial forces of
Phase D [SC-21.4]. A province held is never left empty [SC-12.5]: an army
leaving one without its force leaves a garrison [SC-13.4].

Hidden ronin stay on their face-down card when troops leave the province
[SC-26.3]: they join whatever troop of theirs attacks from or defends it."""

from __future__ import annotations

from tenkatoitsu.core.decisions import Option
from tenkatoitsu.kinds.shogun import events as ev
from tenkatoitsu.kinds.shogun.asking import ask
from tenkatoitsu.kinds.shogun.limits import army_room, ronin_limit
from tenkatoitsu.kinds.shogun.outcome import STOP, conquer, level_of
from tenkatoitsu.kinds.shogun.scenario.model import REGULARS

DONE = "done"


def friendly(g, h: str, p: str) -> bool:
    """[SC-12.2] Held by this colour set (an allied set's are not [SC-26.16])."""
    return g.state.owner[p] == h


def others_here(st, army) -> list:
    return [a for a in st.armies[army.house] if a.at == army.at and a is not army]


def must_garrison(st, army) -> bool:
    """[SC-13.4] Leaving would empty the province: no force, no other army."""
    return st.force_size(army.at) == 0 and not others_here(st, army)


def can_leave(st, army) -> bool:
    """A garrison can be left: a regular unit to spare within the ronin limit."""
    return not must_garrison(st, army) or (
        army.regulars() > 0 and army.ronin <= ronin_limit(army.military() - 1))


def can_move(g, army, phase: str) -> bool:
    st = g.state
    if not army.alive or army.assassinated or not can_leave(st, army):
        return False  # [SC-11.8] a disrupted army cannot move
    return any(friendly(g, army.house, q) or (phase == "D" and st.owner[q] is None)
               for q in g.table.neighbours[army.at])


def garrison(g, army, rule: str):
    """[SC-13.4] Regular units left behind as a new provincial force."""
    st, t = g.state, g.table
    left: dict[str, int] = {u: 0 for u in REGULARS}
    here = army.at
    while True:
        room = st.force_size(here) < t.components.force_limit
        # the army's revealed ronin must stay within its limit [SC-10.9]
        options = [Option(u, f"leave a {u}") for u in REGULARS if army.units[u] and room
                   and army.ronin <= ronin_limit(army.military() - 1)]
        if sum(left.values()):
            options.append(Option(DONE, "that is the garrison"))
        answer = yield from ask(g, army.house, "garrison",
                                f"{g.names.get(army.id, army.id)} leaves "
                                f"{g.names.get(here, here)}: leave which units?",
                                options, rule, {"army": army.id, "province": here})
        if answer == DONE:
            break
        army.units[answer] -= 1
        st.force[here][answer] += 1
        left[answer] += 1
    g.emit(ev.Garrisoned(rule, army.id, here, {u: n for u, n in left.items() if n}))


def step(g, army, to: str, rule: str):
    """One step of an army's marker, with its garrison if needed."""
    st = g.state
    if must_garrison(st, army):
        yield from garrison(g, army, rule)
    frm = army.at
    army.at = to
    g.emit(ev.ArmyMoved(rule, army.id, frm, to))


def move_army(g, army, phase: str, arrived: dict | None = None):
    """[SC-13.2] Up to its level in provinces, through friendly ones; in
    Phase D [SC-21.2] it may enter an empty province, which conquers it and
    ends its move [SC-26.9], or send units into one [SC-21.3] [SC-26.2]."""
    t, st = g.table, g.state
    h = army.house
    rule = "SC-13.2" if phase == "A" else "SC-21.2"
    reach = level_of(g, army)
    steps, entered = 0, False
    while True:
        here = army.at
        options = []
        alone = not others_here(st, army)
        if alone:  # [SC-3.6] one army marker to a province once moves end
            options.append(Option(STOP, "stop here"))
        if entered and st.force_ronin[here] <= ronin_limit(st.force_size(here) - 1):
            # [SC-13.5] pick up units of the force it enters, its ronin kept within limit
            options += [Option(f"pick:{u}", f"pick up a {u}") for u in REGULARS
                        if st.force[here][u] and army_room(t, army, u)]
        if steps < reach and can_leave(st, army):
            for q in t.neighbours[here]:
                own_army = any(a.at == q for a in st.armies[h] if a is not army)
                if friendly(g, h, q) and (not own_army or steps + 1 < reach):
                    options.append(Option(f"to:{q}", f"move to {g.names.get(q, q)}"))
                elif phase == "D" and st.owner[q] is None:
                    options.append(Option(f"conquer:{q}",
                                          f"move into the empty {g.names.get(q, q)}"))
        if phase == "D":
            for q in t.neighbours[here]:
                if st.owner[q] is None:
                    options += [Option(f"send:{u}:{q}", f"send a {u} to conquer "
                                                        f"{g.names.get(q, q)}")
                                for u in REGULARS if army.units[u]
                                and army.ronin <= ronin_limit(army.military() - 1)]
        answer = yield from ask(g, h, "move-army",
                                f"{g.names.get(army.id, army.id)} in {g.names.get(here, here)} "
                                f"({reach - steps} move(s) left)", options, rule,
                                {"army": army.id, "phase": phase})
        what, _, rest = answer.partition(":")
        if what == STOP:
            return
        if what == "pick":
            st.force[here][rest] -= 1
            army.units[rest] += 1
            g.emit(ev.PickedUp("SC-13.5", army.id, here, rest))
        elif what == "to":
            yield from step(g, army, rest, rule)
            steps, entered = steps + 1, True
        elif what == "conquer":
            yield from step(g, army, rest, "SC-21.7")
            conquer(g, h, rest, "SC-21.7")
            if not t.options.move_after_conquest:
                return  # [SC-26.9] entering an empty province ends the move
            steps, entered = steps + 1, True
        elif what == "send":
            u, _, q = rest.partition(":")
            army.units[u] -= 1
            st.force[q][u] += 1
            if arrived is not None:
                arrived.setdefault(q, {}).setdefault(u, 0)
                arrived[q][u] += 1
            g.emit(ev.UnitMarched("SC-26.2", h, u, army.id, q, ""))
            conquer(g, h, q, "SC-21.7")


def armies_phase(g, h: str, phase: str, arrived: dict | None = None):
    """The armies of a house move one after another, in the order it chooses."""
    st = g.state
    moved: set[str] = set()
    while True:
        ready = [a for a in st.living(h) if a.id not in moved and can_move(g, a, phase)]
        if not ready:
            return
        options = [Option(a.id, f"move {g.names.get(a.id, a.id)} "
                                f"(in {g.names.get(a.at, a.at)})") for a in ready]
        options.append(Option(DONE, "no more army moves"))
        answer = yield from ask(g, h, "choose-army", f"phase {phase}: which army moves?",
                                options, "SC-13.1" if phase == "A" else "SC-21.1",
                                {"phase": phase})
        if answer == DONE:
            return
        moved.add(answer)
        yield from move_army(g, st.army(answer), phase, arrived)


def forces_phase(g, h: str, arrived: dict):
    """[SC-21.4] Each unit of a force may move one province into a friendly or
    empty one; [SC-21.5] merged forces stay within five; [SC-21.6] the ronin
    limit holds and no province is left empty."""
    t, st = g.table, g.state
    limit = t.components.force_limit
    while True:
        options = []
        for p in sorted(st.provinces(h)):
            size = st.force_size(p)
            if not size:
                continue
            stays = st.army_at(p) is not None and st.army_at(p).house == h
            if size == 1 and not stays:
                continue  # the last unit is the garrison [SC-12.5]
            if st.force_ronin[p] > ronin_limit(size - 1):
                continue
            came = arrived.get(p, {})
            for u in REGULARS:
                if st.force[p][u] - came.get(u, 0) <= 0:
                    continue
                for q in t.neighbours[p]:
                    if st.owner[q] == h:
                        if st.force_size(q) < limit:
                            options.append(Option(f"{u}:{p}>{q}", f"a {u}: "
                                                  f"{g.names.get(p, p)} -> {g.names.get(q, q)}"))
                        a = st.army_at(q)
                        if a is not None and a.house == h and army_room(t, a, u):
                            options.append(Option(f"{u}:{p}>{a.id}", f"a {u}: {g.names.get(p, p)}"
                                                  f" -> {g.names.get(a.id, a.id)} in "
                                                  f"{g.names.get(q, q)}"))
                    elif st.owner[q] is None:
                        options.append(Option(f"{u}:{p}>{q}", f"a {u}: {g.names.get(p, p)} -> "
                                              f"the empty {g.names.get(q, q)}"))
        if not options:
            return
        options.append(Option(DONE, "no more moves"))
        answer = yield from ask(g, h, "move-force", "phase D: move a unit of a force", options,
                                "SC-21.4")
        if answer == DONE:
            return
        u, _, route = answer.partition(":")
        p, _, dest = route.partition(">")
        st.force[p][u] -= 1
        if dest in st.force:
            st.force[dest][u] += 1
            arrived.setdefault(dest, {}).setdefault(u, 0)
            arrived[dest][u] += 1
            g.emit(ev.UnitMarched("SC-21.4", h, u, p, dest, ""))
            if st.owner[dest] is None:
                conquer(g, h, dest, "SC-21.7")
        else:
            army = st.army(dest)
            army.units[u] += 1
            g.emit(ev.UnitMarched("SC-21.4", h, u, p, army.at, army.id))
