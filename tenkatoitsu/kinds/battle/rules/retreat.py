"""Retreats: one hex after combat [11.7], and the rally retreat on a natural 1 [8.5]."""

from __future__ import annotations

from tenkatoitsu.core.decisions import Decision
from tenkatoitsu.hexmap import Hex
from tenkatoitsu.kinds.battle.queries.reach import rally_retreat_paths, retreat_hexes
from tenkatoitsu.kinds.battle.rules.movement import hex_options


def retreat_after_combat(game, uid: str, rule: str = "11.7"):
    """[11.7] retreat one hex without entering an EZoC. Decision retreat-hex
    (hex id, the owner's). Returns True if it retreated, False if it could
    not (the caller applies the extra step loss)."""
    hexes = retreat_hexes(game, uid)
    if not hexes:
        game.note(rule, f"{uid} cannot retreat")
        return False
    start = game.state.units[uid].hex
    choice = yield Decision(game.side_of(uid), "retreat-hex",
                            f"{uid} retreats one hex (not into an enemy ZoC): choose the hex",
                            hex_options(hexes, None), rule, {"unit": uid})
    game.move(uid, [start, Hex.from_id(choice)], "retreat", rule)
    return True


def rally_retreat(game, uid: str, rule: str = "8.5"):
    """[8.5] a natural 1 on the rally roll: the unit moves 3 hexes away from
    the nearest enemy (see rally_retreat_paths), or stays if it cannot.
    Decision rally-retreat-hex (hex id, the owner's). Returns True if it moved."""
    paths = rally_retreat_paths(game, uid)
    if not paths:
        game.note(rule, f"{uid} cannot move 3 hexes away from the enemy: it stays")
        return False
    choice = yield Decision(game.side_of(uid), "rally-retreat-hex",
                            f"{uid} rolled a natural 1: it moves 3 hexes away from the nearest "
                            f"enemy; choose where it ends",
                            hex_options(paths, None), rule, {"unit": uid})
    game.move(uid, paths[Hex.from_id(choice)], "retreat", rule)
    return True
