"""The heuristic's battles [SC-14] to [SC-17]: it declares those it expects
to win (armies for the big ones, forces against weak neighbours), fights
the forces' first, takes an army on to its next battle or move [SC-19],
calls a battle off when it is losing [SC-16.1] and gives up its cheapest
units as casualties [SC-17]."""

from __future__ import annotations

from tenkatoitsu.core.decisions import Decision
from tenkatoitsu.kinds.shogun.bots.odds import (
    CASUALTY_ORDER,
    OWN_DAIMYO,
    PROVINCE,
    UNIT_KILLED,
    UNIT_LOST,
    cheapest_unit,
    screen_side,
)
from tenkatoitsu.kinds.shogun.bots.reading import Board


def _troop_comp(b: Board, troop: str) -> tuple[tuple, str, dict | None]:
    if troop.startswith("force@"):
        p = troop.partition("@")[2]
        return b.my_force_comp(p), p, None
    a = b.armies[troop]
    return b.my_army_comp(a), a["at"], a


def declare(bot, b: Board, d: Decision):
    # what the battles already declared leave of each target
    left: dict[str, tuple] = {}
    taken: dict[str, float] = {}
    used_home: dict[str, int] = {}
    for troop, frm, q in b.view["markers"]:
        if b.owner[q] is None:
            continue
        comp, _, _ = _troop_comp(b, troop)
        dfn = left.get(q, b.defenders(q))
        o = b.model.odds(comp, dfn, bot.table.by_sea(frm, q))
        taken[q] = 1 - (1 - taken.get(q, 0.0)) * (1 - o.win)
        left[q] = tuple(round(x) for x in o.def_left)
        used_home[frm] = used_home.get(frm, 0) + 1
    scored = []
    for v in d.values():
        if v == "done":
            continue
        troop, _, q = v.partition(">")
        comp, frm, army = _troop_comp(b, troop)
        if b.owner[q] is None:
            # only an experienced army gains from an empty first target: it
            # may move in and fight on from there [SC-19.4]
            if army is not None and army["level"] >= 2:
                best, _ = b.best_attack(comp, frm, army=army)
                if best <= 0.3:
                    scored.append((0.4, v))
            continue
        dfn = left.get(q)
        ev, o = b.attack(comp, frm, q, army=army, dfn=dfn)
        if o is None:
            scored.append((0.5, v))
            continue
        before = taken.get(q, 0.0)
        need = 0.55 if army is None else 0.6
        if before:
            need = 0.4  # a second blow at what the first one leaves
        if o.win < need:
            continue
        ev *= (1 - before)
        if ev <= 0.08:
            continue
        # armies for the big fights, forces against the weak neighbours
        size = sum(dfn if dfn is not None else b.defenders(q))
        ev += 0.05 * min(6, size) if army is not None else -0.05 * max(0, size - 2)
        scored.append((ev, v))
    if not scored:
        return "done"
    return bot.best(scored)


def next_battle(bot, b: Board, d: Decision):
    """Forces first: they wear the defenders (and the castle's spearmen
    [SC-18.3]) down for the armies, whose successes count [SC-19.8]."""
    markers = b.view["markers"]

    def score(i):
        troop = markers[i][0]
        if troop.startswith("force@"):
            return 10.0 - 0.01 * i
        a = b.armies.get(troop)
        return 5.0 - (a["level"] if a else 0) - 0.01 * i
    return bot.best((score(i), i) for i in d.values())


def army_battle(bot, b: Board, d: Decision):
    aid = d.context.get("army")
    a = b.armies.get(aid)
    if a is None:
        return "stop"
    here = a["at"]
    comp = b.my_army_comp(a)
    scored = [(0.0, "stop")]
    for v in d.values():
        what, _, q = v.partition(":")
        if what == "attack":
            if b.owner[q] is None:
                scored.append((0.2, v))
                continue
            ev, o = b.attack(comp, here, q, army=a)
            if o is not None and o.win < 0.6:
                continue
            scored.append((ev, v))
        elif what == "move":
            # conquer now; the province left behind keeps a garrison [SC-19.5]
            force = b.my_force_comp(here)
            if not sum(force):
                force = cheapest_unit(comp)
            with_army = b.risk(here, b.my_defence(here))
            without = b.risk(here, b.my_defence(here, army=None, force=force))
            scored.append((0.8 * PROVINCE - (without - with_army) * PROVINCE, v))
    return bot.best(scored)


def call_off(bot, b: Board, d: Decision):
    """[SC-16.1] step 8: go on while the battle is still worth it."""
    battle = b.view.get("battle")
    if not battle:
        return "continue"
    att = screen_side(battle["sides"][0])
    dfn = screen_side(battle["sides"][1])
    if not sum(dfn):
        return "continue"
    o = b.model.odds(att, dfn, False)
    q = battle["to"]
    gain = PROVINCE + (b.kill_value(q) if "army" in battle["sides"][1] else 0.0)
    ev = o.win * gain - o.dlost * OWN_DAIMYO - o.att_lost * UNIT_LOST \
        + o.def_lost * UNIT_KILLED
    frm = battle["from"]
    army_attacks = "army" in battle["sides"][0]
    home_held = b.force_size(frm) > 0 if army_attacks else \
        b.army_here(frm, b.h) is not None
    if not home_held:
        ev -= o.loss * PROVINCE
    return "continue" if ev > 0 else "call off"


def casualty(bot, b: Board, d: Decision):
    def score(v):
        troop, _, u = v.partition(":")
        if troop == "bonus":
            return 100.0
        s = 50.0 - 5 * CASUALTY_ORDER.get(u, 5)
        return s + (1.0 if troop == "force" else 0.0)
    return bot.best((score(v), v) for v in d.values())
