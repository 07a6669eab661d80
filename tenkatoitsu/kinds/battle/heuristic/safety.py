"""How safe a hex is for a unit: far from the enemy, on ground that helps a
defender (BotContext.ground), among friends [6.2.4] and not far from the
commander whose death loses the battle.

A withdrawal, a retreat [6], a way out of a siege [15.8] and a scenario's
entry hex [19.6.2] are all judged by it."""

from __future__ import annotations

from tenkatoitsu.hexmap import Hex, hex_distance


def friends_adjacent(bot, h: Hex, uid: str) -> int:
    g = bot.ctx.game
    n = 0
    for nb in g.map.neighbours(h):
        for o in g.occupants(nb):
            if o != uid and g.side_of(o) == bot.side:
                n += 1
    return n


def safe_score(bot, uid: str, h: Hex) -> float:
    g = bot.ctx.game
    foes = [e.hex for e in bot.ctx.enemy_units()]
    d = min((hex_distance(h, f) for f in foes), default=9)
    cmd = [g.state.units[c].hex for c in bot.decisive if c != uid and g.state.units[c].on_map]
    back = -0.1 * min((hex_distance(h, c) for c in cmd), default=0)
    return 0.7 * min(d, 6) + 0.4 * bot.ctx.ground(h) + 0.2 * friends_adjacent(bot, h, uid) + back
