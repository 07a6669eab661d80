"""The Command Phase [9] as questions, without changing the game: the Sō-taishō
commanding a side, his command distance to each clan over roads and paths
[9.3], where a chit picked with a CP goes (the Bowl or a Delay box), and which
Reserve chits may be picked now (scenario rules restrict some [19.4.2])."""

from __future__ import annotations

import math

from tenkatoitsu.core.memo import per_position
from tenkatoitsu.hexmap import Frontier, Hex, shortest_paths
from tenkatoitsu.kinds.battle import hooks
from tenkatoitsu.kinds.battle.state import DELAY_BOXES, chit_clan, delay_place

BOWL_DISTANCE = 14  # [9.3] at 14 MP or less the chit goes straight into the Bowl
DELAY_STEP = 15  # [9.3] from 15 MP: Delay box floor(d / 15)


def distance_destination(distance: float | None, side: str) -> str:
    """[9.3] Where a chit picked with a CP goes, by its command distance in MP:
    the one mapping of a distance to the Bowl or a Delay box (scenario rules
    that count from elsewhere [19.4.6] [21.2] call it too).

    * 14 MP or less: the Bowl.
    * 15 MP or more: "divide it by 15, round down, and put the Clan chit on
      the Delay Track in the box that corresponds to that number".
    * more than 14 and less than 15 (a road or a path makes half MPs): the
      text names neither case. The Bowl is bounded by its own sentence ("14
      MP or less"), so such a chit is delayed, by the shortest delay: box 1,
      as for every distance up to 30 MP. Rounding 14.5 / 15 down to a box 0
      would name a box the Delay Track does not have [2.3].
    * past the last box (75 MP or more): box 4, the longest delay [2.3].
    * None, no way through to the clan: box 4 as well.
    """
    if distance is None:
        return delay_place(DELAY_BOXES, side)
    if math.isnan(distance) or distance < 0:
        raise ValueError(f"no command distance {distance!r} [9.3]")
    if distance <= BOWL_DISTANCE:
        return "bowl"
    return delay_place(max(1, min(DELAY_BOXES, math.floor(distance / DELAY_STEP))), side)


def commander(game, side: str) -> str | None:
    """The unit whose leader commands `side`: the Sō-taishō while neither he nor
    his unit is lost [9.2], then his successors in order [21.2]."""
    sdef = game.side_defs[side]
    chain = ([sdef.so_taisho.unit] if sdef.so_taisho else []) + list(sdef.successors)
    for uid in chain:
        u = game.state.units.get(uid)
        if u is not None and not u.eliminated and not u.leader_killed and \
                game.clan_side(u.clan) == side:
            return uid
    return None


def command_distance(game, side: str, clan: str, origin: str | None = None) -> float | None:
    """[9.3] MP from the Sō-taishō to the clan's nearest unit: roads and paths
    ½, through EZoC but never through an enemy unit; a fortress costs 1 in and
    1 out and cannot be entered if the enemy holds it [15.3]. An off-map
    Sō-taishō counts from his entry hex [12]. None: no way through. `origin`:
    another commander's unit, who counts from his own position [21.2].
    Memoized per position (game.version) and commander: chit selection asks
    for every chit in the Reserve at every pick."""
    return _command_distance(game, side, clan, origin or commander(game, side))


@per_position()
def _command_distance(game, side: str, clan: str, uid: str | None) -> float | None:
    if uid is None:
        return None
    u = game.state.units[uid]
    start = u.hex
    if start is None:
        entry = game.state.clans[u.clan].entry
        if entry is None:
            return None
        start = game.map.entries[entry].hex
    targets = {x.hex for x in game.state.clan_units(clan)}
    if not targets:
        return None
    if not game.map.fortress_of:
        # no fortress: the costs do not depend on the targets, so one search
        # from the commander serves every chit of the selection [9.3]; it
        # settles in rising cost, so it goes only as far as the first of the
        # clan's hexes (a hex settled before is no dearer than one after)
        res = _command_frontier(game, side, start)
        if not any(t in res.cost for t in targets):
            res.settle(until=targets)
        return min((res.cost[t] for t in targets if t in res.cost), default=None)
    res = _command_paths(game, side, start, targets)
    return min((res.cost[t] for t in targets if t in res.cost), default=None)


@per_position(limit=64)
def _command_frontier(game, side: str, start: Hex) -> Frontier:
    # the command's search, settled as far as asked: never into an enemy
    # unit, fortress or not (no target to excuse it), over the map's table
    # of command costs
    mi = game.map
    enemy_hexes = {x.hex for x in game.units_on_map(game.enemy(side))}
    return Frontier(mi.edges("command"), start, closed=enemy_hexes,
                    crossings=lambda h: mi.crossings(h, "command"))


def _command_paths(game, side: str, start: Hex, targets: set[Hex] | None):
    enemy = game.enemy(side)
    enemy_hexes = {x.hex for x in game.units_on_map(enemy)}
    mi = game.map

    def cost(a: Hex, b: Hex):
        if b in enemy_hexes and not mi.is_fortress(b):
            return None
        if mi.is_fortress(b) and b in enemy_hexes and a not in (targets or ()):
            return None
        return mi.command_cost(a, b)

    return shortest_paths(start, cost, neighbours=mi.neighbours, targets=targets)


def chit_destination(game, side: str, clan: str) -> str:
    return hooks.fold(game, "chit_destination", _distance_destination(game, side, clan), side, clan)


def _distance_destination(game, side: str, clan: str) -> str:
    if game.state.clans[clan].off_map:
        return "bowl"  # [9.3] off-map clans go straight into the Bowl
    return distance_destination(command_distance(game, side, clan), side)


def selectable(game, side: str) -> list[str]:
    """Reserve chits that may be picked now (scenario rules restrict some, e.g.
    the vanguard and rearguard of [19.4.2])."""
    h = game.state.honjins[side]
    out = []
    for chit in h.reserve:
        clan = chit_clan(chit)
        if clan is None or not game.state.clan_units(clan, on_map_only=False):
            continue
        if not _chit_mark_allows(game, side, clan):
            continue
        out.append(chit)
    return out


def _chit_mark_allows(game, side: str, clan: str) -> bool:
    """[19.4.2] on the first turn only vanguard clans may be selected; rearguard
    clans only once every other clan of the side has entered the map."""
    mark = _chit_marks(game)[clan]
    defs, clans = game.clan_defs, game.state.clans
    if game.state.turn == game.scenario.turns.start_turn and mark != "vanguard" \
            and clans[clan].off_map \
            and any(defs[c].chit == "vanguard" for c in game.clans_of(side)):
        return False
    return mark != "rearguard" or not any(clans[c].off_map for c in game.clans_of(side)
                                          if c != clan and defs[c].chit != "rearguard")


def _chit_marks(game) -> dict[str, str | None]:
    """Each clan's chit mark, the chosen variants' changes applied: fixed
    for the game, read at every pick of a chit."""
    marks = game.__dict__.get("_chit_marks")
    if marks is None:
        marks = {c: d.chit for c, d in game.clan_defs.items()}
        for v in game.scenario.variants:
            if v.id in game.variants:
                for ch in v.changes:
                    if ch.what == "chit" and ch.target in marks:
                        marks[ch.target] = ch.value
        game.__dict__["_chit_marks"] = marks
    return marks
