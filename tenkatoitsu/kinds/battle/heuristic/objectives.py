"""The objectives a side fights for [17]: the hexes that give it VP at the
end and are not yet its, and the fortresses it should relieve or storm [15]
(siege_eval.siege_objectives). The bot sends one clan to each
(HeuristicBot.clan_objective)."""

from __future__ import annotations

from tenkatoitsu.hexmap import Hex
from tenkatoitsu.kinds.battle.heuristic.siege_eval import siege_objectives
from tenkatoitsu.kinds.battle.rules.victory import holds, star_controlled


def objectives(game, side: str) -> dict[Hex, float]:
    """Hexes worth VP to `side` at the end [17.1] [21.7.3] and not yet its:
    its own star hexes (not one the enemy stands on [21.7.3]) and the hexes
    it gains by holding, also one the enemy stands on (Iwasaki-jō [20.5.2]),
    but an enemy-held fortress only when it is one to relieve or storm [15]
    (siege_objectives)."""
    out: dict[Hex, float] = {}
    v = game.scenario.victory
    sieges = set(siege_objectives(game, side)) if game.scenario.map.fortresses else set()
    for rule in (v.vp if v else ()):
        if rule.kind == "hold":
            h = Hex.from_id(f"{rule.args[0]:04d}")
            if holds(game, side, [h]):
                continue
            if game.map.is_fortress(h) and _enemy_in(game, side, h) and h not in sieges:
                continue  # [15.3] an enemy-held fortress is taken by a siege, or not at all
            out[h] = float(rule.args[1])  # an open hex the enemy stands on is taken by combat
        elif rule.kind == "stars":
            for star in game.scenario.map.stars:
                if star.side == side and not star_controlled(game, star) \
                        and not _enemy_in(game, side, star.hex):
                    # one the enemy stands on is won by fighting, not by a march
                    out[star.hex] = float(star.vp)
                elif star.side != side and not game.occupants(star.hex):
                    out[star.hex] = float(star.vp)  # standing there denies it [21.7.3]
    return out


def _enemy_in(game, side: str, h: Hex) -> bool:
    return any(game.side_of(u) != side for u in game.occupants(h))
