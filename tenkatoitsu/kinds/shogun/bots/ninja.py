"""The heuristic's ninja [SC-11]: he strikes an enemy army that is about to
attack it, one it is about to attack, or an experienced one at the end of
the round, else is kept to spy; and the daimyo chosen for a revenge."""

from __future__ import annotations

from tenkatoitsu.core.decisions import Decision
from tenkatoitsu.kinds.shogun.bots.reading import Board


def strike(bot, b: Board, d: Decision):
    """[SC-11.5] Strike an enemy army that is about to attack me, that I am
    about to attack, or an experienced one at the end of the round;
    otherwise keep him to spy [SC-11.11]."""
    targets = [v for v in d.values() if v in b.armies]  # in the options' order
    if not targets:
        return "pass"
    view = b.view
    cur = view["current"]
    markers = view["markers"]
    scored = []
    if cur is not None and cur not in b.allies:
        if markers:  # his battles are declared: the armies coming at me
            for troop, _, to in markers:
                if troop in targets and b.owner.get(to) in b.allies:
                    a = b.armies[troop]
                    scored.append((3.0 + b.model.rate(b.army_comp(a)), troop))
        elif view["step"] in ("", "Wage War", "A"):
            for aid in targets:
                a = b.armies[aid]
                if a["house"] != cur:
                    continue
                comp = b.army_comp(a)
                near = [p for p in _reach(bot, b, a) if b.owner[p] in b.allies]
                if not near:
                    continue
                worst = max(b.model.odds(comp, b.my_defence(p), False).win for p in near)
                if worst >= 0.5:
                    scored.append((2.0 + worst, aid))
    elif cur is not None and markers:  # my own battles: strike a defender
        for troop, frm, to in markers:
            aid = b.army_at.get(to)
            if aid in targets:
                a = b.armies[aid]
                scored.append((2.5 + b.model.rate(b.army_comp(a)), aid))
    elif cur is None:  # after the last turn: an experienced army back to the start
        for aid in targets:
            a = b.armies[aid]
            if a["level"] >= 2 or not sum(a["units"].values()):
                scored.append((a["level"] + 0.1 * sum(a["units"].values()), aid))
        if not scored:
            return "keep" if "keep" in d.values() else "pass"
    if not scored:
        return "pass"
    return bot.best(scored)


def _reach(bot, b: Board, a: dict) -> set:
    """Provinces an enemy army could attack after its Phase A move."""
    o = a["house"]
    seen = {a["at"]}
    frontier = [a["at"]]
    for _ in range(a["level"]):
        nxt = []
        for x in frontier:
            for y in bot.table.neighbours[x]:
                if y not in seen and b.owner[y] == o:
                    seen.add(y)
                    nxt.append(y)
        frontier = nxt
    return {p for x in seen for p in bot.table.neighbours[x]}


def revenge(bot, b: Board, d: Decision):
    def score(aid):
        a = b.armies[aid]
        return a["level"] * 2 + sum(a["units"].values()) * 0.2
    return bot.best((score(v), v) for v in d.values())
