"""The heuristic's moves in Wage War: its armies in Phase A [SC-13] and
Phase D [SC-21.2] march through its provinces toward the front and the
battles they can win, pick up units and leave garrisons [SC-13.4] [SC-13.5],
send units into the empty provinces next door [SC-26.2]; its forces in
Phase D [SC-21.4] conquer the empty provinces and keep the frontier held."""

from __future__ import annotations

from collections import deque

from tenkatoitsu.core.decisions import Decision
from tenkatoitsu.kinds.shogun.bots.odds import (
    CASUALTY_ORDER,
    OWN_DAIMYO,
    PROVINCE,
    SP,
    UNIT_WORTH,
    B,
    G,
    S,
    cheapest_unit,
    minus_cheapest,
    plus,
)
from tenkatoitsu.kinds.shogun.bots.reading import Board

#: the units an army takes on first when it picks up (its best per square)
PICK_ORDER = ("bowman", "swordsman", "gunner", "spearman")
#: the units left behind first as a garrison
GARRISON_ORDER = ("spearman", "gunner", "swordsman", "bowman")


def choose_army(bot, b: Board, d: Decision):
    phase = d.context.get("phase", "A")
    scored = []
    for v in d.values():
        if v == "done" or v not in b.armies:
            continue
        a = b.armies[v]
        gain, path = _army_plan(bot, b, a, phase)
        if gain <= 0.2:  # not worth a garrison and the march
            gain, path = 0.0, []
        bot.paths[v] = path
        if phase == "D" and _uncovered(bot, b, a) and sum(a["units"].values()):
            gain = max(gain, 0.9)  # an empty province next door to take [SC-21.7]
        if gain > 0:
            scored.append((gain, v))
    if not scored:
        return "done"
    pick = bot.best(scored)
    return pick


def _army_plan(bot, b: Board, a: dict, phase: str) -> tuple[float, list[str]]:
    """The best province for army `a` to end its move in, and the path."""
    h = b.h
    start = a["at"]
    reach = a["level"]
    comp = b.my_army_comp(a)
    here_force = b.force_size(start)
    # a garrison stays behind when the army leaves a province with no force [SC-13.4]
    if here_force == 0 and not sum(a["units"].values()):
        return 0.0, []
    others = {x["at"] for x in b.my_armies() if x["id"] != a["id"]}
    # paths through my provinces, up to its level [SC-13.2]
    prev = {start: None}
    depth = {start: 0}
    queue = deque([start])
    while queue:
        x = queue.popleft()
        if depth[x] >= reach:
            continue
        for y in bot.table.neighbours[x]:
            if y in prev or b.owner[y] != h:
                continue
            if y in others and depth[x] + 1 >= reach:
                continue
            prev[y] = x
            depth[y] = depth[x] + 1
            queue.append(y)
    # hidden ronin stay on their card when the army leaves [SC-26.3]
    moved = b.army_comp(a)
    if here_force == 0:
        moved = minus_cheapest(moved)
    stay = _position(bot, b, a, start, comp, phase)
    # what the province left behind loses [SC-12.5]
    left_force = b.my_force_comp(start) if here_force else cheapest_unit(comp)
    with_army = b.risk(start, b.my_defence(start))
    without = b.risk(start, b.my_defence(start, army=None, force=left_force))
    leave_cost = (without - with_army) * PROVINCE
    best, where = stay, start
    for y in prev:
        if y == start or y in others:
            continue
        pick = b.force_comp(y)
        arrived = _picked_up(moved, pick, bot.table.components, keep=1)
        v = _position(bot, b, a, y, arrived, phase) - leave_cost
        if v > best:
            best, where = v, y
    if where == start:
        return 0.0, []
    path = []
    x = where
    while x != start:
        path.append(x)
        x = prev[x]
    path.reverse()
    return best - stay, path


def _position(bot, b: Board, a: dict, p: str, comp: tuple, phase: str) -> float:
    """An army's worth standing in `p`: the attack it can make from
    there, what it adds to the province's defence, less the risk to it."""
    ev, _ = b.best_attack(comp, p, army=a)
    if phase == "D":
        ev *= 0.7  # next round: the enemy moves first
        ev += 0.25 * sum(1 for q in bot.table.neighbours[p] if b.owner[q] is None)
    force = b.my_force_comp(p)
    without = b.risk(p, b.my_defence(p, army=None, force=force))
    defence = plus(plus(comp, force), b.bonus(p))
    with_army = b.risk(p, defence)
    # a defeat there loses the daimyo too [SC-17.4]
    return ev + (without - with_army) * PROVINCE - with_army * OWN_DAIMYO * 0.5


def move_army(bot, b: Board, d: Decision):
    aid = d.context.get("army")
    phase = d.context.get("phase", "A")
    a = b.armies.get(aid)
    if a is None:
        return None
    values = d.values()
    here = a["at"]
    path = bot.paths.get(aid, [])
    # Phase D: units sent to conquer the empty provinces next door [SC-26.2]
    if phase == "D":
        sends = [v for v in values if v.startswith("send:")]
        if sends:
            pick = _send(bot, b, a, sends)
            if pick is not None:
                return pick
    # pick up units from the force it entered [SC-13.5]
    picks = [v for v in values if v.startswith("pick:")]
    if picks:
        keep = 1 if not path or not b.frontier(here) else min(2, b.force_size(here))
        # the ronin with the force stay within its limit [SC-10.9]
        size = b.force_size(here)
        if size > keep and b.fronin[here] <= size - 2:
            for u in PICK_ORDER:
                if f"pick:{u}" in picks:
                    return f"pick:{u}"
    if path:
        nxt = path[0]
        for v in (f"to:{nxt}", f"conquer:{nxt}"):
            if v in values:
                bot.paths[aid] = path[1:]
                return v
    bot.paths[aid] = []
    if phase == "D":  # too few units to send one: the army itself takes it
        uncovered = _uncovered(bot, b, a)
        comp = b.my_army_comp(a)
        safe = [(1.0 - b.risk(q, plus(comp, b.bonus(q))), f"conquer:{q}")
                for q in uncovered if f"conquer:{q}" in values]
        safe = [x for x in safe if x[0] >= 0.65]
        if safe:
            return bot.best(safe)
    return "stop" if "stop" in values else None


def _send(bot, b: Board, a: dict, sends: list[str]):
    """Send the cheapest unit into an empty province no spare force unit
    next door will take."""
    regulars = sum(a["units"].values())
    if regulars < 2:
        return None
    uncovered = _uncovered(bot, b, a)
    by_target: dict[str, list[str]] = {}
    for v in sends:
        _, u, q = v.split(":")
        by_target.setdefault(q, []).append(u)
    for q in sorted(by_target):
        if q not in uncovered:
            continue
        for u in GARRISON_ORDER:
            if u in by_target[q]:
                return f"send:{u}:{q}"
    return None


def _uncovered(bot, b: Board, a: dict) -> list[str]:
    """The empty provinces next to army `a` that no spare force unit takes."""
    spare = _spare_force_reach(bot, b)
    return [q for q in bot.table.neighbours[a["at"]]
            if b.owner[q] is None and q not in spare]


def _spare_force_reach(bot, b: Board) -> set:
    """Empty provinces a force unit could enter without emptying its own."""
    out = set()
    for p in b.mine():
        n = b.force_size(p)
        if b.fronin[p] > max(0, n - 2):
            continue  # its ronin keep it in place [SC-21.6]
        if n >= 2 or (n == 1 and b.army_here(p, b.h) is not None):
            for q in bot.table.neighbours[p]:
                if b.owner[q] is None:
                    out.add(q)
    return out


def garrison(bot, b: Board, d: Decision):
    values = d.values()
    if "done" in values:
        return "done"
    for u in GARRISON_ORDER:
        if u in values:
            return u
    return None


def pick_up(bot, b: Board, d: Decision):
    aid = d.context.get("army")
    a = b.armies.get(aid)
    size = b.force_size(a["at"]) if a is not None else 0
    if size <= 1 or b.fronin[a["at"]] > size - 2:  # the force's ronin limit [SC-10.9]
        return "stop"
    for u in PICK_ORDER:
        if u in d.values():
            return u
    return "stop"


def move_force(bot, b: Board, d: Decision):
    need_cache: dict = {}
    front = b.front_dist()

    def worth(p, n, u):
        """The worth of the (n+1)-th unit `u` in my province `p`."""
        key = (p, n)
        if key not in need_cache:
            if not b.frontier(p):
                need_cache[key] = 0.05 * (4 - min(4, front.get(p, 4)))
            else:
                threat = b.threat_rate(p)
                have = b.model.rate(b.my_defence(p)) if n == b.force_size(p) else \
                    b.model.rate(b.my_defence(p)) - (b.force_size(p) - n) * 0.38
                v = 0.3 + (0.7 if have < threat * 1.1 else 0.0)
                if any(b.owner[q] is None for q in bot.table.neighbours[p]):
                    v += 0.1
                need_cache[key] = v
        return need_cache[key]

    scored = [(0.05, "done")]
    conquering: set = set()
    for v in d.values():
        if v == "done":
            continue
        u, _, route = v.partition(":")
        p, _, dest = route.partition(">")
        n = b.force_size(p)
        loss = worth(p, n - 1, u)
        if dest in b.armies:
            a = b.armies[dest]
            gain = 0.6 if b.frontier(a["at"]) else 0.15
            scored.append((gain + 0.05 * UNIT_WORTH[u] - loss, v))
            continue
        if b.owner[dest] is None:  # [SC-21.7] conquer it
            gain = PROVINCE + 0.1 * (1 - CASUALTY_ORDER[u] / 5)
            if dest in conquering:
                gain -= 0.01
            conquering.add(dest)
            scored.append((gain - 0.5 * loss, v))
            continue
        gain = worth(dest, b.force_size(dest), u)
        scored.append((gain - loss - 0.02, v))
    return bot.best(scored)


def _picked_up(comp: tuple, force: tuple, components, keep: int) -> tuple:
    """An army's units after picking up all but `keep` of a force, within its
    squares [SC-3.3]."""
    c = list(comp)
    spare = sum(force[i] for i in (B, G, S, SP)) - keep
    s_room = components.samurai_squares - c[B] - c[S]
    a_room = components.ashigaru_squares - c[G] - c[SP]
    for i, room_s in ((B, True), (S, True), (G, False), (SP, False)):
        n = force[i]
        while n and spare > 0:
            if room_s and s_room > 0:
                s_room -= 1
            elif not room_s and a_room > 0:
                a_room -= 1
            else:
                break
            c[i] += 1
            n -= 1
            spare -= 1
    return tuple(c)
