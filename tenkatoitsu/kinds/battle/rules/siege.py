"""Fortress sieges [15]: the siege tracks and markers of each besieged
fortress, its beginning [15.5], reinforcements [15.7], the Rally chit
[15.6.2]. Leaving the siege [15.8] and its end [15.9] are in `siege_end`, the
siege activities of the Combat chit [15.6.1] in `siege_actions`, the questions
about a fortress (who is inside, which areas a side may mark) in
`queries.fortress`.

A siege exists from the moment a unit enters a fortress that holds an enemy
unit [15.5] until one side has no unit left inside [15.9]; it is kept in
`GameState.sieges` under the fortress id. Units inside stay on the main map in
the fortress hexes (they neither move, exert a ZoC nor fight there [15.3]);
their strength is the abstract Manpower and Out of Combat scores and the
Control markers on the siege map [15.4].

Readings of the rulebook made here (docs/sieges.md says why):

* The control markers a rule lets a player place are placed when the movement
  that brought the units in is over (the Clan's activation, or the charges of
  a Combat chit), before the next rule runs: `settle`.
* At the beginning of a siege [15.5] the besieged places his markers in any
  areas ("his Base Area and other areas of his choice").
* A base area may always receive a marker (room permitting); a chain of areas
  "free of enemy Control markers" starts only from a base that is free of them.
  Peripheral areas through which a side's units entered become its bases.
* The siege ends [15.9] when a side with units inside has neither a Control
  marker nor Manpower (its units inside are eliminated), and whenever one side
  has no unit left inside (it relinquished the siege): the side still inside is
  the victor and turns its scores back into units (the Survivor score)."""

from __future__ import annotations

from tenkatoitsu.core.decisions import Decision, Option
from tenkatoitsu.hexmap import Hex
from tenkatoitsu.kinds.battle import siege_events as sev
from tenkatoitsu.kinds.battle.queries.fortress import (
    elan_mass,
    enemy_inside,
    is_fit,
    placeable,
    placement_areas,
    units_inside,
)
from tenkatoitsu.kinds.battle.queries.siege_map import geometry
from tenkatoitsu.kinds.battle.scenario import model as m
from tenkatoitsu.kinds.battle.state import SiegeState

MANPOWER, OUT_OF_COMBAT = "manpower", "out-of-combat"
DONE = "done"


# ====================================================================== queries


# ====================================================================== changes

def track(game, s: SiegeState, side: str, which: str, delta: int, reason: str, rule: str) -> None:
    """Move a marker on the Manpower or Out of Combat track; never below 0."""
    scores = s.manpower if which == MANPOWER else s.out_of_combat
    if scores[side] + delta < 0:
        raise ValueError(f"{which} of {side} would fall below 0 ({reason}) [{rule}]")
    if delta == 0:
        return
    scores[side] += delta
    game.emit(sev.SiegeTrack(rule=rule, fortress=s.fortress, side=side, track=which, delta=delta,
                             value=scores[side], reason=reason))


def put_marker(game, s: SiegeState, side: str, area: str, rule: str, reason: str,
               origin: str | None = None) -> None:
    """Place a Control marker (a new one costs 1 Manpower [15.4.4]; `origin`:
    one moved from that area)."""
    g = geometry(game, s.fortress)
    if not placeable(s, g, side, area):
        raise ValueError(f"{side} may not place a Control marker in {area} [15.4.4]")
    if origin is None:
        track(game, s, side, MANPOWER, -1, f"Control marker to {area}", rule)
    else:
        s.markers[origin].remove(side)
        if not s.markers[origin]:
            del s.markers[origin]
    s.markers.setdefault(area, []).append(side)
    game.emit(sev.ControlMarker(rule=rule, fortress=s.fortress, side=side, area=area,
                                action="moved" if origin else "placed", origin=origin,
                                reason=reason))


def remove_marker(game, s: SiegeState, side: str, area: str, rule: str, reason: str) -> None:
    s.markers[area].remove(side)
    if not s.markers[area]:
        del s.markers[area]
    game.emit(sev.ControlMarker(rule=rule, fortress=s.fortress, side=side, area=area,
                                action="removed", reason=reason))


def _add_units(game, s: SiegeState, uids, rule: str, reason: str) -> None:
    """[15.4.1] [15.4.2] units entering add their Elan and Mass to Manpower
    (Good Order, Shaken) or Out of Combat (Disorganized, Exhausted)."""
    for side in s.sides():
        own = [u for u in uids if game.side_of(u) == side]
        fit = sum(elan_mass(game, u) for u in own if is_fit(game, u))
        unfit = sum(elan_mass(game, u) for u in own if not is_fit(game, u))
        track(game, s, side, MANPOWER, fit, reason, rule)
        track(game, s, side, OUT_OF_COMBAT, unfit, reason, rule)


def unit_moved(game, uid: str, path: list[Hex]) -> None:
    """Called by Game.move after every move: a unit that enters a fortress
    holding the enemy begins a siege [15.5] or reinforces one [15.6] [15.7.1].
    Its marker placements are owed until `settle`."""
    f = game.map.fortress_of.get(path[-1])
    if f is None or game.map.fortress_of.get(path[-2]) is f:
        return
    side = game.side_of(uid)
    s = game.state.sieges.get(f.id)
    g = geometry(game, f.id)
    area = g.area_of_entry(path[-2])
    if s is None:
        if not enemy_inside(game, f.id, side):
            return
        s = SiegeState(f.id, besieger=side, besieged=game.enemy(side),
                       manpower={x: 0 for x in game.side_ids},
                       out_of_combat={x: 0 for x in game.side_ids})
        game.state.sieges[f.id] = s
        game.emit(sev.SiegeBegan(rule="15.5", fortress=f.id, besieger=side, besieged=s.besieged))
        besieged = sorted({game.state.units[u].clan for u in units_inside(game, f.id, s.besieged)})
        for clan in besieged:
            game.set_order(clan, m.Order.DEFENSE, "15.5")  # [15.5] the besieged switch to Defense
        _add_units(game, s, units_inside(game, f.id), "15.5", "units in the fortress")
        s.bases = {s.besieged: [g.centre], s.besieger: [area]}
        s.pending = [[s.besieged, None, "15.5"], [side, area, "15.5"]]
        return
    _add_units(game, s, [uid], "15.7.1", f"{uid} enters through {area}")
    bases = s.bases.setdefault(side, [])
    if area not in bases:
        bases.append(area)
    if [side, area, "15.7.1"] not in s.pending:
        s.pending.append([side, area, "15.7.1"])


def place_markers(game, s: SiegeState, side: str, starts, rule: str, why: str,
                  first_required: bool = False):
    """The player places Control markers one at a time, 1 Manpower each,
    until he stops or cannot. Decision siege-place-marker (area id or "done")."""
    g = geometry(game, s.fortress)
    while s.manpower[side] > 0:
        areas = placement_areas(game, s, side, starts)
        if not areas:
            break
        opts = [Option(a, f"a Control marker in {g.name(a)} (1 Manpower)") for a in areas]
        if not first_required:
            opts.append(Option(DONE, "place no more markers"))
        choice = yield Decision(side, "siege-place-marker",
                                f"{side}: {why} at {s.fortress}: place a Control marker "
                                f"(Manpower {s.manpower[side]})", tuple(opts), rule,
                                {"fortress": s.fortress, "starts": starts})
        if choice == DONE:
            break
        put_marker(game, s, side, choice, rule, why)
        first_required = False


# ====================================================================== Rally chit [15.6.2]

def rally_chit(game) -> None:
    """[15.6.2] before the retreats of the Rally phase, each player rolls 1D6
    per Out of Combat point: 1-2 the point is lost, 3-4 nothing, 5-6 it comes
    back to Manpower."""
    for fid in sorted(game.state.sieges):
        s = game.state.sieges[fid]
        for side in game.side_ids:
            n = s.out_of_combat[side]
            if n == 0:
                continue
            faces = game.dice.roll(n, f"rally of {n} Out of Combat points at {fid}", "15.6.2",
                                   side=side)
            lost = sum(1 for f in faces if f <= 2)
            back = sum(1 for f in faces if f >= 5)
            track(game, s, side, OUT_OF_COMBAT, -(lost + back), f"{lost} lost, {back} rallied",
                  "15.6.2")
            track(game, s, side, MANPOWER, back, f"{back} Out of Combat points rallied", "15.6.2")


# ====================================================================== leaving [15.8]


# ====================================================================== end of the siege [15.9]


