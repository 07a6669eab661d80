"""The Combat chit in a siege [15.6.1]: after his charges, the player spends
his Siege Actions score [15.4.3] on siege activities, one point each: move
troops, conduct an assault (with Sacrifices and an Advantage), fire, rally the
troops. Unused points are lost at the end of the phase.

Readings made here (docs/sieges.md says why):

* Every Control marker of the attacker adjacent to the target area is
  committed to an assault or a fire (the count the roll adds); it is also the
  cap on each player's Sacrifices and the pool of markers losses may take.
* Sacrifices are bid in turns, attacker first, any number of points per bid
  within the cap; the bidding stops after two passes in a row. The
  Manpower point that forces a tie, and the one that answers it, are outside
  the cap.
* "Any connected area" (fire) is an area of the defender's connected to the
  target by areas free of the firer's markers.
* "Move troops" places any number of markers for its one point, at least one."""

from __future__ import annotations

from tenkatoitsu.core.decisions import Decision, Option, yes_no
from tenkatoitsu.kinds.battle import siege_events as sev
from tenkatoitsu.kinds.battle.queries.fortress import (
    adjacent_marker_areas,
    placement_areas,
    reach,
    siege_actions_score,
    units_inside,
)
from tenkatoitsu.kinds.battle.queries.siege_map import geometry
from tenkatoitsu.kinds.battle.rules.siege import (
    MANPOWER,
    OUT_OF_COMBAT,
    place_markers,
    put_marker,
    remove_marker,
    track,
)
from tenkatoitsu.kinds.battle.rules.siege_end import check_end, settle
from tenkatoitsu.kinds.battle.state import SiegeState

MOVE_TROOPS, ASSAULT, FIRE, RALLY, END = "move-troops", "assault", "fire", "rally", "end"
FIRE_HIT = 4  # [15.6.1] 1D6 + markers - Defense >= 4
NEW, NONE = "new", "none"
LAST_MARKER_LOSS = 2  # [15.6.1] exception: Manpower lost instead of the last marker


def _enemy(s: SiegeState, side: str) -> str:
    return s.besieger if side == s.besieged else s.besieged


def targets(game, s: SiegeState, side: str) -> list[str]:
    """Areas holding an enemy Control marker with one of the side's markers
    adjacent (or beside it in a Peripheral Area) [15.6.1] [15.4.4]."""
    g = geometry(game, s.fortress)
    enemy = _enemy(s, side)
    return [a for a in g.order if s.has_marker(enemy, a)
            and adjacent_marker_areas(game, s, side, a)]


def activities(game, s: SiegeState, side: str) -> list[str]:
    """The activities the side can undertake now."""
    out = []
    if s.manpower[side] > 0 and placement_areas(game, s, side, s.bases.get(side, [])):
        out.append(MOVE_TROOPS)
    if targets(game, s, side):
        out += [ASSAULT, FIRE]
    if s.out_of_combat[side] > 0:
        out.append(RALLY)
    return out


LABELS = {MOVE_TROOPS: "move troops: place Control markers (1 Manpower each)",
          ASSAULT: "conduct an assault", FIRE: "fire!",
          RALLY: "rally the troops: 1 Out of Combat point back to Manpower",
          END: "end the siege activities (unused points are lost)"}


def combat_chit(game, side: str):
    """[15.6.1] called by the combat phase after the charges."""

    yield from settle(game)
    for fid in sorted(game.state.sieges):
        s = game.state.sieges.get(fid)
        if s is None or not units_inside(game, fid, side):
            continue
        points, firepower, lead = siege_actions_score(game, s, side)
        game.emit(sev.SiegeActions(rule="15.4.3", fortress=fid, side=side, points=points,
                                   firepower=firepower, leadership=lead))
        while points > 0 and fid in game.state.sieges:
            can = activities(game, s, side)
            opts = tuple(Option(a, LABELS[a]) for a in can) + (Option(END, LABELS[END]),)
            choice = yield Decision(side, "siege-activity",
                                    f"{side} at {fid}: {points} Siege Action points; "
                                    f"Manpower {s.manpower[side]}, Out of Combat "
                                    f"{s.out_of_combat[side]}", opts, "15.6.1",
                                    {"fortress": fid, "points": points})
            if choice == END:
                break
            points -= 1
            game.emit(sev.SiegeActivity(rule="15.6.1", fortress=fid, side=side, activity=choice,
                                        left=points))
            if choice == MOVE_TROOPS:
                yield from place_markers(game, s, side, s.bases.get(side, []), "15.6.1",
                                         "move troops", first_required=True)
            elif choice == ASSAULT:
                points = yield from assault(game, s, side, points)
            elif choice == FIRE:
                yield from fire(game, s, side)
            else:
                track(game, s, side, OUT_OF_COMBAT, -1, "rally the troops", "15.6.1")
                track(game, s, side, MANPOWER, 1, "rally the troops", "15.6.1")
            yield from check_end(game, fid)
        if points > 0 and fid in game.state.sieges:
            game.note("15.6.1", f"{side} leaves {points} Siege Action point"
                                f"{'s' if points != 1 else ''} unused at {fid}")


def _choose_target(game, s: SiegeState, side: str, kind: str, what: str):
    g = geometry(game, s.fortress)
    opts = tuple(Option(a, f"{what} {g.name(a)}") for a in targets(game, s, side))
    return (yield Decision(side, kind, f"{side}: choose the area to {what.lower()}", opts,
                           "15.6.1", {"fortress": s.fortress}))


def _defense(game, s: SiegeState, committed: list[str], target: str) -> int:
    """[15.6.1] the lowest Defense value among the Lines of attack used."""
    g = geometry(game, s.fortress)
    return min(g.defense(a, target) for a in committed)


def sacrifices(game, s: SiegeState, side: str, cap: int, target: str | None = None,
               defense: int = 0, points: int = 0):
    """[15.6.1] Sacrifice bidding, attacker first, in turns, each at most
    `cap` in all; stops after two passes in a row. Decision siege-sacrifice
    (number of Manpower points, 0 = pass). Returns {side: points}."""
    enemy = _enemy(s, side)
    bid = {side: 0, enemy: 0}
    turn, passes = side, 0
    while passes < 2:
        room = min(cap - bid[turn], s.manpower[turn])
        if room <= 0:
            passes += 1
        else:
            opts = (Option(0, "sacrifice no more"),) + tuple(
                Option(k, f"sacrifice {k} Manpower") for k in range(1, room + 1))
            role = "attacker" if turn == side else "defender"
            k = yield Decision(turn, "siege-sacrifice",
                               f"{turn} ({role}): Sacrifices so far {bid[side]} (attacker), "
                               f"{bid[enemy]} (defender), at most {cap} each", opts, "15.6.1",
                               {"fortress": s.fortress, "target": target, "attacker": side,
                                "committed": cap, "defense": defense, "bids": dict(bid),
                                "points": points})
            if k == 0:
                passes += 1
            else:
                passes = 0
                bid[turn] += k
                track(game, s, turn, MANPOWER, -k, "Sacrifice", "15.6.1")
        turn = enemy if turn == side else side
    return bid


def assault(game, s: SiegeState, side: str, points: int):
    """[15.6.1] conduct an assault. Decisions siege-assault-target,
    siege-sacrifice, siege-advantage, then the losses or the conquest.
    Returns the Siege Action points left."""
    enemy = _enemy(s, side)
    target = yield from _choose_target(game, s, side, "siege-assault-target", "Assault")
    committed = adjacent_marker_areas(game, s, side, target)
    defense = _defense(game, s, committed, target)
    bid = yield from sacrifices(game, s, side, len(committed), target, defense, points)
    advantage = 0
    if points > 0:
        take = yield Decision(side, "siege-advantage",
                              f"{side}: declare an Advantage (+1, one more Siege Action point)?",
                              yes_no("declare an Advantage", "no Advantage"),
                              "15.6.1", {"fortress": s.fortress, "target": target,
                                         "committed": len(committed), "defense": defense,
                                         "bids": dict(bid), "points": points})
        if take:
            advantage, points = 1, points - 1
            game.note("15.6.1", f"{side} declares an Advantage ({points} points left)")
    a = game.dice.d6(f"assault on {target}", "15.6.1", side=side)
    d = game.dice.d6(f"defense of {target}", "15.6.1", side=enemy)
    att = a + len(committed) + bid[side] + advantage
    dfn = d + defense + bid[enemy]
    outcome = "attacker" if att > dfn else "defender" if dfn > att else "tie"
    game.emit(sev.AssaultResolved(rule="15.6.1", fortress=s.fortress, side=side, target=target,
                                  attack=att, defense=dfn, outcome=outcome))
    if outcome == "attacker":
        yield from _conquest(game, s, side, target, committed, bid[enemy])
    elif outcome == "defender":
        yield from _attacker_losses(game, s, side, committed, (dfn - att + 1) // 2)
    else:
        yield from _attacker_losses(game, s, side, committed, 1)
        track(game, s, side, OUT_OF_COMBAT, 1, "tied assault", "15.6.1")
        yield from _force(game, s, side, target, committed, bid[enemy])
    return points


def _attacker_losses(game, s: SiegeState, side: str, committed: list[str], losses: int):
    """[15.6.1] each loss: a committed Control marker or 1 Manpower, at the
    attacker's choice. Decision siege-loss (area id or "manpower")."""
    g = geometry(game, s.fortress)
    for i in range(losses):
        opts = [Option(a, f"remove the Control marker in {g.name(a)}") for a in committed
                if s.has_marker(side, a)]
        if s.manpower[side] > 0:
            opts.append(Option(MANPOWER, "lose 1 Manpower"))
        if not opts:
            game.note("15.6.1", f"{side} has no committed marker nor Manpower left: "
                                f"{losses - i} losses fall on nothing")
            return
        choice = yield Decision(side, "siege-loss", f"{side}: assault loss {i + 1} of {losses}",
                                tuple(opts), "15.6.1", {"fortress": s.fortress,
                                                        "losses_left": losses - i})
        if choice == MANPOWER:
            track(game, s, side, MANPOWER, -1, "assault loss", "15.6.1")
        else:
            remove_marker(game, s, side, choice, "15.6.1", "assault loss")


def _force(game, s: SiegeState, side: str, target: str, committed: list[str], def_bid: int):
    """[15.6.1] after a tie, a Manpower point may force the decision, unless
    the defender answers with one of his. Decisions siege-force, siege-counter."""
    enemy = _enemy(s, side)
    if not adjacent_marker_areas(game, s, side, target) or s.manpower[side] == 0 \
            or not s.has_marker(enemy, target):
        return
    force = yield Decision(side, "siege-force",
                           f"{side}: sacrifice 1 Manpower to force the decision at {target}?",
                           yes_no("force the decision", "accept the tie"),
                           "15.6.1", {"fortress": s.fortress, "target": target})
    if not force:
        return
    track(game, s, side, MANPOWER, -1, "forcing Sacrifice", "15.6.1")
    if s.manpower[enemy] > 0:
        counter = yield Decision(enemy, "siege-counter",
                                 f"{enemy}: sacrifice 1 Manpower to keep the tie at {target}?",
                                 yes_no("counter-sacrifice", "give way"),
                                 "15.6.1", {"fortress": s.fortress, "target": target})
        if counter:
            track(game, s, enemy, MANPOWER, -1, "counter-Sacrifice", "15.6.1")
            game.note("15.6.1", f"the tie at {target} stands")
            return
    yield from _conquest(game, s, side, target, committed, def_bid + 0)


def _conquest(game, s: SiegeState, side: str, target: str, committed: list[str], def_bid: int):
    """[15.6.1] the attacker wins: the defender's marker goes and his Out of
    Combat rises by 1; the attacker may move a committed marker in, or place a
    new one. Exception: the defender's last marker stays unless his Manpower
    is 0 or 1; his Manpower falls by 2 instead, his Sacrifices counting
    toward it. Decision siege-occupy (area id, "new" or "none")."""
    enemy = _enemy(s, side)
    g = geometry(game, s.fortress)
    if s.marker_count(enemy) == 1 and s.manpower[enemy] > 1:
        loss = min(max(0, LAST_MARKER_LOSS - def_bid), s.manpower[enemy])
        game.note("15.6.1", f"the last Control marker of {enemy} holds {target}")
        track(game, s, enemy, MANPOWER, -loss, "last Control marker held", "15.6.1")
        return
    remove_marker(game, s, enemy, target, "15.6.1", "assault lost")
    track(game, s, enemy, OUT_OF_COMBAT, 1, "assault lost", "15.6.1")
    if s.has_marker(side, target):
        return
    opts = [Option(a, f"move the Control marker from {g.name(a)}") for a in committed
            if s.has_marker(side, a) and a != target]
    if s.manpower[side] > 0:
        opts.append(Option(NEW, "place a new Control marker (1 Manpower)"))
    opts.append(Option(NONE, "leave the area empty"))
    choice = yield Decision(side, "siege-occupy", f"{side}: occupy {g.name(target)}?",
                            tuple(opts), "15.6.1", {"fortress": s.fortress, "target": target})
    if choice == NEW:
        put_marker(game, s, side, target, "15.6.1", "conquest")
    elif choice != NONE:
        put_marker(game, s, side, target, "15.6.1", "conquest", origin=choice)


def fire(game, s: SiegeState, side: str):
    """[15.6.1] Fire!: 1D6 + the side's markers adjacent to the target - the
    lowest Defense of the lines used; 4 or more: the defender removes a marker
    from the target or an area connected to it, or loses 1 Manpower, then
    adds 1 to Out of Combat. Decisions siege-fire-target, siege-fire-loss."""
    enemy = _enemy(s, side)
    g = geometry(game, s.fortress)
    target = yield from _choose_target(game, s, side, "siege-fire-target", "Fire on")
    committed = adjacent_marker_areas(game, s, side, target)
    defense = _defense(game, s, committed, target)
    die = game.dice.d6(f"fire on {target}", "15.6.1", side=side)
    total = die + len(committed) - defense
    if total < FIRE_HIT:
        game.note("15.6.1", f"fire on {target}: {die} + {len(committed)} - {defense} = {total}: "
                            f"no effect")
        return
    game.note("15.6.1", f"fire on {target}: {die} + {len(committed)} - {defense} = {total}: hit")
    opts = [Option(a, f"remove the Control marker in {g.name(a)}")
            for a in reach(s, g, enemy, [target]) if s.has_marker(enemy, a)]
    if s.manpower[enemy] > 0:
        opts.append(Option(MANPOWER, "lose 1 Manpower"))
    choice = yield Decision(enemy, "siege-fire-loss", f"{enemy}: the fire on {target} hits",
                            tuple(opts), "15.6.1", {"fortress": s.fortress, "target": target})
    if choice == MANPOWER:
        track(game, s, enemy, MANPOWER, -1, "fire", "15.6.1")
    else:
        remove_marker(game, s, enemy, choice, "15.6.1", "fire")
    track(game, s, enemy, OUT_OF_COMBAT, 1, "fire", "15.6.1")
