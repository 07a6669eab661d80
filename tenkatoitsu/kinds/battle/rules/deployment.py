"""Deployment [6.4]: a clan that may not charge spreads out around its units, no
closer to the enemy."""

from __future__ import annotations

from tenkatoitsu.core.decisions import Decision, Option
from tenkatoitsu.hexmap import Hex
from tenkatoitsu.kinds.battle.queries.reach import deployment_hexes
from tenkatoitsu.kinds.battle.rules.movement import PASS, hex_options, unit_options


def deploy(game, clan: str, rule: str = "6.4"):
    """[6.4] each unit of the clan not in an EZoC may move one adjacent hex.
    Decisions: deploy-unit (a unit id, or "pass" to end the deployment), then
    deploy-hex (a hex id). Returns True if a unit moved."""
    side = game.clan_side(clan)
    done: set[str] = set()
    moved = False
    while True:
        ready = [u.id for u in game.state.clan_units(clan)
                 if u.id not in done and deployment_hexes(game, u.id)]
        if not ready:
            break
        uid = yield Decision(side, "deploy-unit",
                             f"Clan {clan} deploys: choose a unit to move one hex, or pass",
                             unit_options(game, ready) + (Option(PASS, "end the deployment"),),
                             rule, {"clan": clan})
        if uid == PASS:
            break
        start = game.state.units[uid].hex
        hexes = deployment_hexes(game, uid)
        choice = yield Decision(side, "deploy-hex", f"{uid} deploys: choose the adjacent hex",
                                hex_options(hexes, None), rule, {"clan": clan, "unit": uid})
        game.move(uid, [start, Hex.from_id(choice)], "deployment", rule)
        done.add(uid)
        moved = True
    return moved
