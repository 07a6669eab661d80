"""The heuristic's set-up [SC-4] [SC-24.2]: the two-player split of the
province pile into compact pieces, the first reinforcements toward the
enemy, and each army placed where it can attack and is not crowded by
another."""

from __future__ import annotations

from tenkatoitsu.core.decisions import Decision
from tenkatoitsu.kinds.shogun.bots.odds import plus
from tenkatoitsu.kinds.shogun.bots.reading import Board


def split_pile(bot, b: Board, d: Decision):
    pile = d.context.get("pile", [])
    chosen = d.context.get("chosen", [])
    left = d.values()
    dist = bot.dist
    if not chosen:  # start at an end of the pile, then grow next door
        return bot.best((sum(dist[p][q] for q in pile), p) for p in left)
    return bot.best((-10 * min(dist[p][c] for c in chosen)
                       + sum(1 for c in chosen if dist[p][c] == 1)
                       + 0.01 * sum(dist[p][q] for q in left), p) for p in left)


def reinforce(bot, b: Board, d: Decision):
    def score(p):
        s = 0.0
        for q in bot.table.neighbours[p]:
            if b.enemy(q):
                s += 1.0 + 0.3 * b.force_size(q)
            elif b.owner[q] is None:
                s += 0.5
            else:
                s += 0.15
        return s
    return bot.best((score(p), p) for p in d.values())


def place_army(bot, b: Board, d: Decision):
    aid = d.context.get("army")
    a = b.armies.get(aid)
    mine = [x["at"] for x in b.my_armies() if x["id"] != aid]

    def score(p):
        comp = b.army_comp(a) if a is not None else (1, 2, 1, 1, 0, 0, 0, 0)
        comp = plus(comp, b.my_force_comp(p))
        s = 0.0
        for q in bot.table.neighbours[p]:
            if b.enemy(q):
                o = bot.model.odds(comp, b.defenders(q), bot.table.by_sea(p, q))
                s += 0.5 + o.win
            elif b.owner[q] is None:
                s += 0.7
        s += 0.2 * b.force_size(p)
        s -= sum(0.8 for m in mine if bot.dist[p][m] <= 1)
        return s
    return bot.best((score(p), p) for p in d.values())
