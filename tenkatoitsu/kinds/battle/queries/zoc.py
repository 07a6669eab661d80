"""Zones of Control [4.2]: pure queries over a game, cached until a unit moves.

A unit's ZoC covers the six adjacent hexes it could move into: not across an
impassable hexside. Units inside a fortress exert none, and units outside
exert none into it [15.3]. Other units, friend or foe, do not block a ZoC."""

from __future__ import annotations

from collections import Counter
from itertools import chain

from tenkatoitsu.core.memo import per_position
from tenkatoitsu.hexmap import Hex
from tenkatoitsu.kinds.battle import hooks


def zoc_of(game, uid: str) -> frozenset[Hex]:
    # two lookups (the hex's reach is the map's): cheaper than a memo
    u = game.state.units[uid]
    if u.hex is None or u.eliminated or u.clan in hooks.undecided_clans(game):
        return frozenset()  # [21.4.1] undecided clans have no ZoC
    return game.map.zoc_reach(u.hex)


def reach_of(game, uid: str) -> frozenset[Hex]:
    """The hexes a unit's ZoC would cover: the neighbours it could move into."""
    u = game.state.units[uid]
    if not u.on_map:
        return frozenset()
    return game.map.zoc_reach(u.hex)


def support_reach(game, uid: str) -> frozenset[Hex]:
    """[11.6.1] where a unit gives support: its ZoC; an undecided clan, which
    has none, still supports Ishida's units [21.4.1]."""
    if hooks.is_undecided(game, game.state.units[uid].clan):
        return reach_of(game, uid)
    return zoc_of(game, uid)


@per_position()
def zoc_of_side(game, side: str) -> frozenset[Hex]:
    """Every hex in the ZoC of a unit of `side`."""
    return _zoc_of_hexes(game, _exerting(game, side))


def _exerting(game, side: str) -> tuple[Hex, ...]:
    # all that the side's ZoC reads: where its units that exert one stand
    # [21.4.1], in the order of units_on_map. The position changes with
    # every move, this only with the side's own moves: a key for its ZoC
    undecided = hooks.undecided_clans(game)
    return tuple(u.hex for u in game.units_on_map(side) if u.clan not in undecided)


@per_position(limit=64, key=lambda game, hexes: hexes)
def _zoc_of_hexes(game, hexes: tuple[Hex, ...]) -> frozenset[Hex]:
    return frozenset(chain.from_iterable(map(game.map.zoc_reach, hexes)))


def enemy_zoc(game, side: str) -> frozenset[Hex]:
    """The EZoC for units of `side`."""
    return zoc_of_side(game, game.enemy(side))


def is_in_ezoc(game, uid: str) -> bool:
    u = game.state.units[uid]
    return u.on_map and u.hex in enemy_zoc(game, game.side_of(uid))


@per_position()
def cover(game, side: str) -> Counter[Hex]:
    """How many units of `side` have each hex in their ZoC: a charge [6.3.1]
    and a deployment [6.4.1] ask whether another unit covers a hex, for many
    hexes of one position."""
    return _cover_of_hexes(game, _exerting(game, side))


@per_position(limit=64, key=lambda game, hexes: hexes)
def _cover_of_hexes(game, hexes: tuple[Hex, ...]) -> Counter[Hex]:
    return Counter(chain.from_iterable(map(game.map.zoc_reach, hexes)))


def exerting_on(game, h: Hex, side: str) -> list[str]:
    """Units of `side` whose ZoC covers hex h."""
    reach = game.map.zoc_reach
    undecided = hooks.undecided_clans(game)  # [21.4.1]
    return [u.id for u in game.units_on_map(side) if u.clan not in undecided and h in reach(u.hex)]


def enemies_in_zoc(game, uid: str) -> list[str]:
    """Enemy units standing in this unit's ZoC: those it must attack [11.1]."""
    side = game.side_of(uid)
    enemy = game.enemy(side)
    out = []
    for h in sorted(zoc_of(game, uid)):
        for other in game.occupants(h):
            if game.side_of(other) == enemy:
                out.append(other)
    return out
