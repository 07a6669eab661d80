"""Fortress sieges [15]: the siege tracks and markers of each besieged
fortress, its beginning [15.5], reinforcements [15.7], the Rally chit
[15.6.2], leaving the siege [15.8] and its end [15.9]. The siege activities of
the Combat chit [15.6.1] are in `siege_actions`.

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

import attrs

from tenkatoitsu.kinds.battle import model as m
from tenkatoitsu.kinds.battle import siege_events as sev
from tenkatoitsu.kinds.battle.siege_map import SiegeGeometry, geometry
from tenkatoitsu.core.decisions import Decision, Option
from tenkatoitsu.hexmap import Hex

MANPOWER, OUT_OF_COMBAT = "manpower", "out-of-combat"
DONE, STAY = "done", "stay"
KEEP, ELIMINATE = "keep", "eliminate"
DISORGANIZED, GOOD_ORDER = "disorganized", "good-order"
DISORGANIZED_STEPS = 2  # [4.3] Good Order 0, Shaken 1, Disorganized 2, Exhausted 3
#: [15.3] [15.7.2] Orders with which the besieged player's units may enter
BESIEGED_ENTRY_ORDERS = (m.Order.DEFENSE, m.Order.MOVEMENT, m.Order.REGROUP)


@attrs.define
class SiegeState:
    """One siege: the two players' tracks and Control markers [15.4]."""

    fortress: str
    besieger: str
    besieged: str  # the player whose Base Area is the centre [15.4]
    manpower: dict[str, int]
    out_of_combat: dict[str, int]
    #: area -> the sides with a Control marker there (one; one per side in a
    #: Peripheral Area [15.4.4])
    markers: dict[str, list[str]] = attrs.field(factory=dict)
    bases: dict[str, list[str]] = attrs.field(factory=dict)  # side -> its Base Areas [15.2]
    #: marker placements owed: [side, area, rule] (area None: the besieged's
    #: free placement at the beginning [15.5])
    pending: list[list] = attrs.field(factory=list)

    def sides(self) -> tuple[str, str]:
        return self.besieged, self.besieger

    def has_marker(self, side: str, area: str) -> bool:
        return side in self.markers.get(area, ())

    def marker_count(self, side: str) -> int:
        return sum(side in v for v in self.markers.values())


# ====================================================================== queries

def fortress_hexes(game, fid: str) -> tuple[Hex, ...]:
    return geometry(game, fid).fortress.hexes


def units_inside(game, fid: str, side: str | None = None) -> list[str]:
    """Units on the map in any hex of the fortress (of `side`), by id."""
    out = []
    for h in fortress_hexes(game, fid):
        for uid in game.occupants(h):
            if side is None or game.side_of(uid) == side:
                out.append(uid)
    return sorted(out)


def enemy_inside(game, fid: str, side: str) -> bool:
    return any(game.side_of(u) != side for h in fortress_hexes(game, fid)
               for u in game.occupants(h))


def siege_of_unit(game, uid: str) -> SiegeState | None:
    u = game.state.units[uid]
    if not u.on_map:
        return None
    f = game.map.fortress_of.get(u.hex)
    return game.state.sieges.get(f.id) if f is not None else None


def clan_siege(game, clan: str) -> SiegeState | None:
    """The siege some of the clan's units are in, if any."""
    for u in game.state.clan_units(clan):
        s = siege_of_unit(game, u.id)
        if s is not None:
            return s
    return None


def wholly_besieged(game, clan: str) -> bool:
    """Every unit of the clan on the map is in a siege [15.6]."""
    units = game.state.clan_units(clan)
    return bool(units) and all(siege_of_unit(game, u.id) is not None for u in units)


def elan_mass(game, uid: str) -> int:
    d = game.unit_defs[uid]
    return d.elan + d.mass


def is_fit(game, uid: str) -> bool:
    """Good Order or Shaken: counts toward Manpower [15.4.1]; Disorganized or
    Exhausted: toward Out of Combat [15.4.2]."""
    return game.state.units[uid].steps_lost <= 1


def may_enter_fortress(game, side: str, h: Hex, mover: str | None) -> bool:
    """[15.3] entering a fortress: free when no enemy unit is inside; else
    the besieger's units must be in Attack, the besieged's in Defense,
    Movement or Regroup [15.7.2] [15.7.3]. Without a known mover (the entry
    of an off-map clan) an enemy-held fortress is not entered."""
    f = game.map.fortress_of[h]
    if not enemy_inside(game, f.id, side):
        return True
    if mover is None:
        return False
    u = game.state.units[mover]
    if u.hex is not None and game.map.fortress_of.get(u.hex) is f:
        return True  # already inside
    s = game.state.sieges.get(f.id)
    besieged = s.besieged if s is not None else game.enemy(side)
    order = game.unit_order(mover)
    if side == besieged:
        return order in BESIEGED_ENTRY_ORDERS
    return order == m.Order.ATTACK


def is_dead_end(game, side: str, h: Hex) -> bool:
    """[15.3] a fortress holding an enemy unit: a unit that enters it stays
    inside (it leaves only by relinquishing the siege [15.8])."""
    f = game.map.fortress_of.get(h)
    return f is not None and enemy_inside(game, f.id, side)


def placeable(s: SiegeState, g: SiegeGeometry, side: str, area: str) -> bool:
    """[15.4.4] at most one marker per area; a Peripheral Area may hold one of
    each side."""
    if s.has_marker(side, area):
        return False
    return g.is_peripheral(area) or not s.markers.get(area)


def reach(s: SiegeState, g: SiegeGeometry, side: str, starts) -> list[str]:
    """The `starts` and the areas connected to one of them by an
    uninterrupted sequence of areas free of enemy Control markers (a start
    holding an enemy marker leads nowhere)."""
    enemy = s.besieger if side == s.besieged else s.besieged
    free = lambda a: not s.has_marker(enemy, a)
    out = set(starts) | set(g.connected([a for a in starts if free(a)], free))
    return [a for a in g.order if a in out]


def placement_areas(game, s: SiegeState, side: str, starts=None) -> list[str]:
    """Where `side` may place a Control marker now: anywhere with room when
    `starts` is None (the besieged at the beginning [15.5]), else in the
    starts and the areas connected to them [15.5] [15.6.1] [15.7.1]."""
    g = geometry(game, s.fortress)
    areas = g.order if starts is None else reach(s, g, side, starts)
    return [a for a in areas if placeable(s, g, side, a)]


def adjacent_marker_areas(game, s: SiegeState, side: str, target: str) -> list[str]:
    """The areas of `side`'s markers adjacent to `target` [15.6.1]; in a
    Peripheral Area holding markers of both sides, his own there too (the
    enemy is then adjacent [15.4.4])."""
    g = geometry(game, s.fortress)
    out = [a for a in g.neighbours[target] if s.has_marker(side, a)]
    if g.is_peripheral(target) and s.has_marker(side, target):
        out.append(target)
    return [a for a in g.order if a in out]


def siege_actions_score(game, s: SiegeState, side: str) -> tuple[int, int, int]:
    """[15.4.3] 1 + the Firepower of the side's units in the fortress + their
    highest Leadership: (score, firepower, leadership)."""
    inside = units_inside(game, s.fortress, side)
    fire = sum(game.unit_defs[u].fire for u in inside)
    lead = max((game.lead(u) for u in inside), default=0)
    return 1 + fire + lead, fire, lead


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


def settle(game):
    """The marker placements owed by units that entered a fortress [15.5]
    [15.7.1], then the end-of-siege check [15.9]."""
    for fid in sorted(game.state.sieges):
        s = game.state.sieges.get(fid)
        while s is not None and s.pending:
            side, area, rule = s.pending.pop(0)
            why = ("the besieged places his Control markers" if area is None
                   else f"units entered through {area}")
            yield from place_markers(game, s, side, None if area is None else [area], rule, why)
        yield from check_end(game, fid)


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

def may_relinquish(game, clan: str) -> bool:
    """[15.8.1] the besieged player's clans must be in Attack, [15.8.2] the
    besieger's must have left Attack."""
    s = clan_siege(game, clan)
    if s is None:
        return False
    attack = game.order_of(clan) == m.Order.ATTACK
    return attack if game.clan_side(clan) == s.besieged else not attack


def exit_areas(game, s: SiegeState, side: str) -> list[str]:
    """[15.8] Peripheral Areas with a Control marker of the side."""
    g = geometry(game, s.fortress)
    return [a for a in g.peripheral if s.has_marker(side, a)]


def exit_hexes(game, s: SiegeState, side: str, area: str, uid: str) -> dict[Hex, list[Hex]]:
    """[15.8] the hexes linked to the exit area, or if none is free the
    nearest free hexes beyond them (never a fortress hex), each with its path
    from the unit's hex."""
    from tenkatoitsu.kinds.battle.movement import can_enter

    g = geometry(game, s.fortress)
    start = game.state.units[uid].hex
    ring = {h: [start, h] for h in g.linked_hexes(area) if game.map.grid.contains(h)}
    seen = set(ring) | set(g.fortress.hexes)
    while ring:
        free = {h: p for h, p in ring.items() if not game.map.is_fortress(h)
                and can_enter(game, side, h, uid)}
        if free:
            return free
        nxt = {}
        for h, p in sorted(ring.items()):
            for n in game.map.neighbours(h):
                if n not in seen and not game.map.is_impassable(h, n):
                    seen.add(n)
                    nxt[n] = p + [n]
        ring = nxt
    return {}


def relinquish_offer(game, clan: str):
    """[15.6] [15.8] the Clan chit of a clan in a siege: once its Order allows
    it, the clan may leave through a Peripheral Area holding a marker of its
    side. Decision siege-relinquish (area id or "stay"). True if it left."""
    s = clan_siege(game, clan)
    if s is None or not may_relinquish(game, clan):
        return False
    side = game.clan_side(clan)
    areas = exit_areas(game, s, side)
    if not areas:
        game.note("15.8", f"clan {clan} cannot relinquish the siege of {s.fortress}: no "
                          f"Peripheral Area holds a Control marker of {side}")
        return False
    g = geometry(game, s.fortress)
    opts = tuple(Option(a, f"leave through {g.name(a)}") for a in areas) + \
        (Option(STAY, "stay in the siege"),)
    choice = yield Decision(side, "siege-relinquish",
                            f"clan {clan}: relinquish the siege of {s.fortress}?", opts, "15.8",
                            {"fortress": s.fortress, "clan": clan})
    if choice == STAY:
        return False
    yield from relinquish(game, s, clan, choice)
    return True


def relinquish(game, s: SiegeState, clan: str, area: str):
    """[15.8] all the clan's units inside leave through `area`: Manpower
    loses the Elan and Mass of those in Good Order or Shaken (each point may
    be paid with a Control marker connected to the exit area instead), Out of
    Combat those of the Disorganized and Exhausted; the units are placed on
    the hexes linked to the area, which ends their movement.
    Decisions siege-exchange (area id or "pay"), siege-exit-hex (hex id)."""
    side = game.clan_side(clan)
    g = geometry(game, s.fortress)
    units = [u for u in units_inside(game, s.fortress, side) if game.state.units[u].clan == clan]
    game.emit(sev.ClanLeftSiege(rule="15.8", fortress=s.fortress, clan=clan, area=area))
    due = sum(elan_mass(game, u) for u in units if is_fit(game, u))
    ooc_due = sum(elan_mass(game, u) for u in units if not is_fit(game, u))
    while due > 0:
        swap = [a for a in reach(s, g, side, [area]) if s.has_marker(side, a)]
        if not swap:
            break
        opts = [Option(a, f"remove the Control marker in {g.name(a)} instead of 1 Manpower")
                for a in swap]
        if s.manpower[side] >= due:  # reading: markers must make up what Manpower lacks
            opts.append(Option("pay", f"pay the {due} Manpower left"))
        choice = yield Decision(side, "siege-exchange",
                                f"clan {clan} leaves: {due} Manpower to remove "
                                f"(Manpower {s.manpower[side]})", tuple(opts), "15.8",
                                {"fortress": s.fortress, "clan": clan})
        if choice == "pay":
            break
        remove_marker(game, s, side, choice, "15.8", "exchanged for 1 Manpower")
        due -= 1
    paid = min(due, s.manpower[side])
    track(game, s, side, MANPOWER, -paid, f"clan {clan} leaves", "15.8")
    if paid < due:
        game.note("15.8", f"{side} has only {paid} of the {due} Manpower clan {clan} takes out")
    out = min(ooc_due, s.out_of_combat[side])
    track(game, s, side, OUT_OF_COMBAT, -out, f"clan {clan} leaves", "15.8")
    for uid in units:
        dests = exit_hexes(game, s, side, area, uid)
        if not dests:
            game.note("15.8", f"{uid} finds no free hex to leave {s.fortress}: it is eliminated")
            game.eliminate(uid, "15.8")
            continue
        choice = yield Decision(side, "siege-exit-hex",
                                f"{uid} leaves {s.fortress}: choose its hex",
                                tuple(Option(h.id, h.id) for h in sorted(dests)), "15.8",
                                {"fortress": s.fortress, "unit": uid})
        game.move(uid, dests[Hex.from_id(choice)], "exit", "15.8")
    yield from check_end(game, s.fortress)


# ====================================================================== end of the siege [15.9]

def end_emptied(game):
    """[15.9] a siege one side no longer has a unit in is over at once: a
    rout after a battle on the main map [11.11] can take the last units out
    of a fortress, and the siege must not outlive them until the next draw."""
    for fid in sorted(game.state.sieges):
        s = game.state.sieges[fid]
        if any(not units_inside(game, fid, side) for side in s.sides()):
            yield from check_end(game, fid)


def is_beaten(game, s: SiegeState, side: str) -> bool:
    """[15.9] no Control marker left on the siege map and Manpower 0."""
    return s.marker_count(side) == 0 and s.manpower[side] == 0


def check_end(game, fid: str):
    """[15.9] a side with units inside that has no Control marker and no
    Manpower loses them all; once one side has no unit inside, the siege is
    over and the other side, if any, keeps survivors. Then the rout test
    [11.11] of each clan that lost a unit and still has some on the map."""
    from tenkatoitsu.kinds.battle.combat import leader_loss_test, rout_check

    s = game.state.sieges.get(fid)
    if s is None:
        return
    inside = {side: units_inside(game, fid, side) for side in s.sides()}
    before = {u for units in inside.values() for u in units}
    for side in s.sides():
        if inside[side] and is_beaten(game, s, side):
            game.note("15.9", f"{side} has no Control marker and no Manpower left in {fid}: "
                              f"its units inside are eliminated")
            for uid in inside[side]:
                leader_loss_test(game, uid, eliminated=True, steps=4, rule="15.9")
                game.eliminate(uid, "15.9")
            inside[side] = []
    left = [side for side in s.sides() if inside[side]]
    if len(left) == 2:
        return
    del game.state.sieges[fid]
    if not left:
        game.emit(sev.SiegeEnded(rule="15.9", fortress=fid, victor=None))
    else:
        victor = left[0]
        score = s.manpower[victor] + s.out_of_combat[victor] + s.marker_count(victor)
        game.emit(sev.SiegeEnded(rule="15.9", fortress=fid, victor=victor, survivor_score=score,
                                 out_of_combat=s.out_of_combat[victor]))
        yield from survivors(game, fid, victor, inside[victor], score, s.out_of_combat[victor])
    lost = sorted({game.state.units[u].clan for u in before if game.state.units[u].eliminated})
    for clan in lost:
        if game.state.clan_units(clan):
            yield from rout_check(game, clan, "11.11")


def survivors(game, fid: str, side: str, units: list[str], score: int, out_of_combat: int):
    """[15.9] the victor keeps units whose Elan + Mass total at most his
    Survivor score (the others are eliminated), then makes Disorganized kept
    units totalling at least his Out of Combat score (the others are in Good
    Order); leader-loss tests for the eliminated and the Disorganized.
    Decisions siege-survivor (keep/eliminate), siege-disorganized."""
    from tenkatoitsu.kinds.battle.combat import leader_loss_test

    room = score
    kept: list[str] = []
    gone: list[str] = []
    dis: list[str] = []
    for uid in units:
        em = elan_mass(game, uid)
        opts = ([Option(KEEP, f"keep {uid} (Elan + Mass {em})")] if em <= room else []) + \
            [Option(ELIMINATE, f"eliminate {uid}")]
        choice = yield Decision(side, "siege-survivor",
                                f"{fid}: Survivor score {room} left: keep {uid}?", tuple(opts),
                                "15.9", {"fortress": fid, "unit": uid, "room": room,
                                         "pending": units[units.index(uid):]})
        if choice == KEEP:
            kept.append(uid)
            room -= em
        else:
            leader_loss_test(game, uid, eliminated=True, steps=4, rule="15.9")
            game.eliminate(uid, "15.9")
            gone.append(uid)
    need = out_of_combat
    for i, uid in enumerate(kept):
        em = elan_mass(game, uid)
        rest = sum(elan_mass(game, u) for u in kept[i + 1:])
        opts = [Option(DISORGANIZED, f"{uid} becomes Disorganized")]
        if rest >= need:
            opts.append(Option(GOOD_ORDER, f"{uid} is in Good Order"))
        choice = yield Decision(side, "siege-disorganized",
                                f"{fid}: Out of Combat {need} still to cover: state of {uid}?",
                                tuple(opts), "15.9", {"fortress": fid, "unit": uid, "need": need,
                                                      "pending": kept[i:]})
        u = game.state.units[uid]
        target = DISORGANIZED_STEPS if choice == DISORGANIZED else 0
        if choice == DISORGANIZED:
            need = max(0, need - em)
            dis.append(uid)
        if u.steps_lost > target:
            game.rally(uid, u.steps_lost - target, "15.9")
        elif u.steps_lost < target:
            game.lose_steps(uid, target - u.steps_lost, "15.9")
        if choice == DISORGANIZED:
            leader_loss_test(game, uid, eliminated=False, steps=DISORGANIZED_STEPS, rule="15.9")
    game.emit(sev.SiegeSurvivors(rule="15.9", fortress=fid, side=side, kept=tuple(kept),
                                 eliminated=tuple(gone), disorganized=tuple(dis)))


def view(game) -> dict:
    """The siege tracks and markers, open to both players."""
    return {fid: {"besieger": s.besieger, "besieged": s.besieged,
                  "manpower": dict(s.manpower), "out_of_combat": dict(s.out_of_combat),
                  "markers": {a: list(v) for a, v in s.markers.items()}}
            for fid, s in sorted(game.state.sieges.items())}
