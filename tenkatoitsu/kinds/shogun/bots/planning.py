"""The heuristic's Actions 1-6: whom its ninja spies on, and the koku plan
for a purpose [SC-6]: spearmen first (the most hits a koku), a sword bid
when it has attacks ready or is threatened [SC-7], a castle where a valuable
province is exposed and koku is spare [SC-8], ronin where a battle is coming
[SC-10], the ninja rarely [SC-11]; then the swords taken, the building, the
levy and where each unit goes [SC-9], and the ronin hired."""

from __future__ import annotations

from tenkatoitsu.core.decisions import Decision
from tenkatoitsu.kinds.shogun.actions import levy_cost
from tenkatoitsu.kinds.shogun.bots.odds import UNIT_WORTH
from tenkatoitsu.kinds.shogun.bots.reading import Board


def spy(bot, b: Board, d: Decision):
    koku = b.view["koku"]

    def score(o):
        near = sum(1 for p in b.mine() for q in bot.table.neighbours[p] if b.owner[q] == o)
        return near + 0.5 * koku.get(o, 0)
    return bot.best((score(o), o) for o in d.values())


def plan(bot, b: Board, d: Decision):
    k = d.context.get("koku", 0)
    c = bot.table.components
    view = b.view
    tray = view["tray"][b.h]
    mine = b.mine()
    slots = len(mine)
    per = {u.id: u.per_koku for u in c.units if u.per_koku}
    ready = _attacks_ready(b)
    threat = _threat(b)
    # swords [SC-7]: to move first with attacks ready or an enemy at the door
    swords = 0
    if k >= 3 and (ready >= 2 or threat >= 0.45):
        swords = 1
        spied = d.context.get("spied")
        if spied and spied["bins"].get("swords", 0) >= 1 and k >= 6:
            swords = min(spied["bins"]["swords"] + 1, k // 3)
    rest = k - swords
    # spearmen first: the most hits a koku [SC-9.1]
    n_sp = min(tray.get("spearman", 0), slots)
    levy = min(rest, -(-n_sp // per["spearman"]))
    rest -= levy
    slots -= min(n_sp, levy * per["spearman"])
    # a castle (or fortress) where a valuable province is exposed [SC-8]
    build = 0
    if rest >= c.build_cost + 1 or (rest >= c.build_cost and k >= 8):
        target = _build_target(b)
        if target is not None:
            build = c.build_cost
            rest -= build
    # ronin where a battle is coming [SC-10]
    ronin = 0
    if rest and (ready or threat >= 0.3):
        room = _ronin_room(b)
        supply = view["ronin_supply"] // c.ronin_per_koku
        ronin = min(rest, room // c.ronin_per_koku, supply, 2)
        rest -= ronin
    # the rest of the levy: swordsmen and gunners two a koku, bowmen one
    shared = min(tray.get("swordsman", 0) + tray.get("gunner", 0), slots)
    more = min(rest, -(-shared // per["gunner"]))
    levy += more
    rest -= more
    slots -= min(shared, more * per["gunner"])
    bows = min(rest, tray.get("bowman", 0), slots)
    levy += bows
    rest -= bows
    # the ninja, rarely: spare koku, or a strong army at the door [SC-11]
    ninja = 0
    if rest >= 1 and view["ninja"] is None:
        ninja = min(rest, 2)
        rest -= ninja
    elif not rest and threat >= 0.8 and k >= 7 and levy >= 3:
        ninja, levy = 2, levy - 2
    swords += rest
    want = [swords, build, levy, ronin, ninja]
    for o in d.options:
        if list(o.value) == want:
            return o.value
    return None


def _attacks_ready(b: Board) -> int:
    n = 0
    for a in b.my_armies():
        if a["assassinated"]:
            continue
        ev, q = b.best_attack(b.my_army_comp(a), a["at"], army=a)
        if q is not None and ev > 0.4:
            n += 1
    for p in b.mine():
        if b.force_size(p) >= 2 and b.frontier(p):
            ev, q = b.best_attack(b.my_force_comp(p), p)
            if q is not None and ev > 0.4:
                n += 1
    return n


def _threat(b: Board) -> float:
    """The greatest chance an enemy takes one of my army's provinces."""
    worst = 0.0
    for a in b.my_armies():
        worst = max(worst, b.risk(a["at"], b.my_defence(a["at"])))
    return worst


def _build_target(b: Board):
    if b.view["castles_left"] <= 0 and b.view["fortresses_left"] <= 0:
        return None
    best, where = 0.0, None
    for p in b.mine():
        kind = b.castle[p]
        if kind == 2 or (kind == 0 and b.view["castles_left"] <= 0) or \
                (kind == 1 and b.view["fortresses_left"] <= 0):
            continue
        s = _build_score(b, p)
        if s > best:
            best, where = s, p
    return where if best >= 1.2 else None


def _build_score(b: Board, p) -> float:
    if not b.frontier(p):
        return 0.0
    a = b.army_here(p, b.h)
    s = b.threat_rate(p) + (1.0 + 0.2 * a["level"] if a is not None else 0.0) \
        + 0.1 * b.force_size(p)
    if b.castle[p] == 1:
        s *= 0.7  # a fortress adds less to a castle than a castle to nothing
    return s


def _ronin_room(b: Board) -> int:
    room = 0
    for a in b.my_armies():
        if not a["assassinated"] and b.frontier(a["at"]):
            room = max(room, sum(a["units"].values()) - a["ronin"])
    return room


def take_sword(bot, b: Board, d: Decision):
    return min(d.values())  # first to wage war [SC-7.5]


def build(bot, b: Board, d: Decision):
    def score(v):
        _, _, p = v.partition(":")
        return _build_score(b, p)
    return bot.best((score(v), v) for v in d.values())


def levy(bot, b: Board, d: Decision):
    c = bot.table.components
    per = {u.id: u.per_koku for u in c.units if u.per_koku}
    picked = d.context.get("picked", [])
    counts = {u: 0 for u in per}
    for u, _ in picked:
        counts[u] += 1
    tray = b.view["tray"][b.h]
    base = levy_cost(counts, per)
    used = {w for _, w in picked}
    open_slots = sum(1 for p in b.mine() if p not in used)
    # the table does not change while a levy is chosen [SC-9.2]
    memo = (b.round, b.h, len(b.view["provinces"]))
    if bot.levy_memo[0] != memo or not picked:
        bot.levy_memo = (memo, {})
    dest_cache = bot.levy_memo[1]

    def worth(u):
        counts[u] += 1
        mc = levy_cost(counts, per) - base
        counts[u] -= 1
        if mc == 0:
            return 10.0 * UNIT_WORTH[u]
        if u in ("swordsman", "gunner"):
            stock = tray.get("swordsman", 0) + tray.get("gunner", 0) \
                - counts["swordsman"] - counts["gunner"]
        else:
            stock = tray.get(u, 0) - counts[u]
        n = min(per[u], stock, open_slots)
        return n * UNIT_WORTH[u] / mc

    def dest(w, u):
        key = (w, u)
        if key not in dest_cache:
            dest_cache[key] = _levy_dest(bot, b, w, u)
        return dest_cache[key]

    scored = []
    unit_worth = {}
    for v in d.values():
        if v == "done":
            continue
        u, _, w = v.partition("@")
        if u not in unit_worth:
            unit_worth[u] = worth(u)
        scored.append((unit_worth[u] * dest(w, u), v))
    if not scored:
        return "done"
    return bot.best(scored)


def _levy_dest(bot, b: Board, w: str, u: str) -> float:
    if w in b.armies:  # onto the army card [SC-9.4]
        a = b.armies[w]
        s = 1.6 if b.frontier(a["at"]) else 1.0
        if u in ("bowman", "swordsman"):
            s += 0.2  # only an army's S squares take samurai into its battles
        return s
    p = w
    size = b.force_size(p)
    if not b.frontier(p):
        return max(0.1, 0.4 - 0.1 * b.front_dist().get(p, 0))
    threat = b.threat_rate(p)
    own = b.model.rate(b.my_defence(p))
    s = 0.7 + min(1.0, threat / max(0.3, own)) * 0.7
    if any(b.enemy(q) for q in bot.table.neighbours[p]):
        s += 0.1
    if size >= 4:
        s -= 0.4
    return s


def ronin(bot, b: Board, d: Decision):
    scores: dict = {}

    def score(p, troop):
        key = (p, troop)
        if key in scores:
            return scores[key]
        s = 0.0
        if troop == "army":
            a = b.army_here(p, b.h)
            if a is not None:
                ev, q = b.best_attack(b.my_army_comp(a), p, army=a)
                s = 2.0 + ev if q is not None else 0.3
                s += b.risk(p, b.my_defence(p))
        else:
            if b.force_size(p) >= 2:
                ev, q = b.best_attack(b.my_force_comp(p), p)
                s = 1.0 + ev if q is not None else 0.1
            s += b.risk(p, b.my_defence(p)) * 0.8
        scores[key] = s
        return s
    return bot.best((score(p, troop) + 0.01 * k, [p, troop, k])
                      for p, troop, k in d.values())
