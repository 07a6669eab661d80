"""How a siege settles and ends: the Control markers owed once a movement is
over [15.5] [15.7.1], leaving the siege through an exit area [15.8], and its
end [15.9]: a side beaten on the siege map, the victor's survivors, and the
rout tests [11.11] of the clans that lost units inside."""

from __future__ import annotations

from tenkatoitsu.core.decisions import Decision, Option
from tenkatoitsu.hexmap import Hex
from tenkatoitsu.kinds.battle import siege_events as sev
from tenkatoitsu.kinds.battle.queries.fortress import (
    DISORGANIZED_STEPS,
    clan_siege,
    elan_mass,
    exit_areas,
    is_beaten,
    is_fit,
    may_relinquish,
    reach,
    units_inside,
)
from tenkatoitsu.kinds.battle.queries.reach import can_enter
from tenkatoitsu.kinds.battle.queries.siege_map import geometry
from tenkatoitsu.kinds.battle.rules.losses import leader_loss_test, rout_check
from tenkatoitsu.kinds.battle.rules.siege import (
    MANPOWER,
    OUT_OF_COMBAT,
    place_markers,
    remove_marker,
    track,
)
from tenkatoitsu.kinds.battle.state import SiegeState

STAY = "stay"
KEEP, ELIMINATE = "keep", "eliminate"
DISORGANIZED, GOOD_ORDER = "disorganized", "good-order"


def exit_hexes(game, s: SiegeState, side: str, area: str, uid: str) -> dict[Hex, list[Hex]]:
    """[15.8] the hexes linked to the exit area, or if none is free the
    nearest free hexes beyond them (never a fortress hex), each with its path
    from the unit's hex."""

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


def end_emptied(game):
    """[15.9] a siege one side no longer has a unit in is over at once: a
    rout after a battle on the main map [11.11] can take the last units out
    of a fortress, and the siege must not outlive them until the next draw."""
    for fid in sorted(game.state.sieges):
        s = game.state.sieges[fid]
        if any(not units_inside(game, fid, side) for side in s.sides()):
            yield from check_end(game, fid)


def check_end(game, fid: str):
    """[15.9] a side with units inside that has no Control marker and no
    Manpower loses them all; once one side has no unit inside, the siege is
    over and the other side, if any, keeps survivors. Then the rout test
    [11.11] of each clan that lost a unit and still has some on the map."""

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
