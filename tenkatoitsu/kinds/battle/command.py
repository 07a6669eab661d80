"""The command sequence [9]: the Delay phase with the Messenger table, command
points, and the selection of chits into the Bowl by distance from the
Sō-taishō. Battle plan activation [10.2] is played between CP and selection."""

from __future__ import annotations

import math

from tenkatoitsu.kinds.battle import battle_plan as bp
from tenkatoitsu.kinds.battle import events as ev
from tenkatoitsu.kinds.battle import model as m
from tenkatoitsu.kinds.battle import scenario_rules as sr
from tenkatoitsu.kinds.battle.state import (INITIATIVE, MARCH, RALLY, chit_clan, combat_chit,
                                      is_obligatory)
from tenkatoitsu.kinds.battle.tables import lookup
from tenkatoitsu.core.decisions import Decision, Option
from tenkatoitsu.hexmap import Hex, shortest_paths

BOWL_DISTANCE = 14  # [9.3] at 14 MP or less the chit goes straight into the Bowl
DELAY_STEP = 15  # [9.3] else into Delay box floor(d / 15)
DONE = "done"


# ---------------------------------------------------------------- [9.1]

def delay_phase(game):
    """[9.1] Chits left in the Bowl go to the messengers; box 1 empties into
    the Bowl and the Delay Track slides down one box."""
    st = game.state
    for chit in list(st.bowl):
        if is_obligatory(chit):
            game.move_chit(chit, "bowl", None, "9.4")  # back to the game aid
            continue
        clan = chit_clan(chit)
        if clan is None:  # samurai and Katta! Katta! chits have rules of their own
            side = chit.split(":")[1]
            if chit.startswith("samurai:"):
                game.move_chit(chit, "bowl", f"delay1:{side}", "16.5")
            continue
        side = game.clan_side(clan)
        if not game.state.clan_units(clan, on_map_only=False):
            game.move_chit(chit, "bowl", None, "9.1")  # the clan is gone
            continue
        if st.clans[clan].off_map or clan in bp.clans_with_pending_tactic(game, side):
            # [9.1] exception: off-map clans and clans assigned a tactic wait in box 1
            game.move_chit(chit, "bowl", f"delay1:{side}", "9.1")
            continue
        roll = game.dice.d6(f"messenger for clan {clan}", "9.1", side=side)
        effect = lookup(game.scenario.table("messengers"), roll, roll)
        if effect[0] == "reserve":
            game.move_chit(chit, "bowl", f"reserve:{side}", "9.1")
        else:
            box = max(1, min(4, effect[1]))
            game.move_chit(chit, "bowl", f"delay{box}:{side}", "9.1")
    for side, h in st.honjins.items():
        for chit in list(h.delay[0]):
            game.move_chit(chit, f"delay1:{side}", "bowl", "9.1")
        for box in range(1, 4):
            for chit in list(h.delay[box]):
                game.move_chit(chit, f"delay{box + 1}:{side}", f"delay{box}:{side}", "9.1")
    return
    yield  # a generator, like every phase


# ---------------------------------------------------------------- [9.2]

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


def command_points(game, side: str) -> int:
    """[9.2] roll on the command table: -1 if the Sō-taishō's clan is not in
    Defense (or an exempt order [19.2.1]), minus the opponent's Bundori."""
    h = game.state.honjins[side]
    sdef = game.side_defs[side]
    uid = commander(game, side)
    if uid is None or sdef.so_taisho is None:
        game.note("9.2", f"{side} has no Sō-taishō: no command points")
        h.cp = 0
        return 0
    roll = game.dice.d6("command points", "9.2", side=side)
    mod = 0
    order = game.unit_order(uid)
    exempt = set(sdef.so_taisho.exempt) | {m.Order.DEFENSE}
    if order not in exempt:
        mod -= 1
    opp_bundori = game.state.bundori[game.enemy(side)]
    mod += lookup(game.scenario.table("bundori"), opp_bundori)[0]
    cp = lookup(game.scenario.table(sdef.so_taisho.table), roll + mod)[0]
    h.cp = h.cp_rolled = cp
    game.emit(ev.CommandPoints(rule="9.2", side=side, roll=roll, modifier=mod, cp=cp))
    return cp


# ---------------------------------------------------------------- [9.3]

def command_distance(game, side: str, clan: str, origin: str | None = None) -> float | None:
    """[9.3] MP from the Sō-taishō to the clan's nearest unit: roads and paths
    ½, through EZoC but never through an enemy unit; a fortress costs 1 in and
    1 out and cannot be entered if the enemy holds it [15.3]. An off-map
    Sō-taishō counts from his entry hex [12]. None: no way through. `origin`:
    another commander's unit, who counts from his own position [21.2].
    Memoized per position (game.version) and commander: chit selection asks
    for every chit in the Reserve at every pick."""
    uid = origin or commander(game, side)
    cache = game.__dict__.setdefault("_command_distance_cache", {})
    key = (side, clan, uid, game.version)
    if key not in cache:
        if len(cache) > 4096:
            cache.clear()
        cache[key] = _command_distance(game, side, clan, uid)
    return cache[key]


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
        # from the commander serves every chit of the selection [9.3]
        cache = game.__dict__.setdefault("_command_paths_cache", {})
        key = (side, start, game.version)
        if key not in cache:
            if len(cache) > 64:
                cache.clear()
            cache[key] = _command_paths(game, side, start, None).cost
        costs = cache[key]
        return min((costs[t] for t in targets if t in costs), default=None)
    res = _command_paths(game, side, start, targets)
    return min((res.cost[t] for t in targets if t in res.cost), default=None)


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
    return sr.fold(game, "chit_destination", _distance_destination(game, side, clan), side, clan)


def _distance_destination(game, side: str, clan: str) -> str:
    if game.state.clans[clan].off_map:
        return "bowl"  # [9.3] off-map clans go straight into the Bowl
    d = command_distance(game, side, clan)
    if d is None:
        return f"delay4:{side}"  # no messenger gets through: the longest delay
    if d <= BOWL_DISTANCE:
        return "bowl"
    return f"delay{min(4, math.floor(d / DELAY_STEP))}:{side}"


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
    mark = game.clan_defs[clan].chit
    for v in game.scenario.variants:
        if v.id in game.variants:
            for ch in v.changes:
                if ch.what == "chit" and ch.target == clan:
                    mark = ch.value
    vanguards = [c for c in game.clans_of(side) if game.clan_defs[c].chit == "vanguard"]
    if game.state.turn == game.scenario.turns.start_turn and vanguards and mark != "vanguard" \
            and game.state.clans[clan].off_map:
        return False
    if mark == "rearguard":
        others = [c for c in game.clans_of(side)
                  if c != clan and game.clan_defs[c].chit != "rearguard"]
        if any(game.state.clans[c].off_map for c in others):
            return False
    return True


def select_chits(game, side: str):
    """[9.3] Each CP picks one chit from the Reserve; unused CP are lost. A
    tactic of the active plan may be logged instead [10.3]."""
    h = game.state.honjins[side]
    while h.cp > 0:
        options = bp.tactic_options(game, side)
        for chit in selectable(game, side):
            dest = chit_destination(game, side, chit_clan(chit))
            where = "the Bowl" if dest == "bowl" else f"Delay box {dest[5]}"
            options.append(Option(chit, f"clan {chit_clan(chit)} -> {where}"))
        if not options:
            break
        options.append(Option(DONE, f"keep the {h.cp} remaining CP unspent (they are lost)"))
        choice = yield Decision(side, "select-chit", f"{side}: pick a clan chit ({h.cp} CP left)",
                                tuple(options), "9.3")
        if choice == DONE:
            break
        if choice.startswith("tactic:"):
            yield from bp.log_tactic(game, side, choice.split(":", 1)[1])
            continue
        dest = chit_destination(game, side, chit_clan(choice))
        game.move_chit(choice, f"reserve:{side}", dest, "9.3")
        h.cp -= 1
        yield from sr.each(game, "chit_selected", side, choice, dest)  # [21.5]
    yield from sr.each(game, "chit_selection", side)
    h.cp = 0


def obligatory_chits(game) -> list[str]:
    """[9.4] the five obligatory chits; at night without the two combat chits [14]."""
    chits = [MARCH, RALLY, INITIATIVE]
    if not game.is_night():
        chits += [combat_chit(s) for s in game.side_ids]
    return chits


def command_sequence(game):
    """I. of the turn [3.2]: delay, command points, battle plans [10.2],
    selection [9.3] (with tactics [10.3] and Katta! Katta! [10.4.2]), the
    obligatory chits [9.4]."""
    game.emit(ev.PhaseStarted(rule="9.1", phase="delay phase"))
    yield from delay_phase(game)
    game.emit(ev.PhaseStarted(rule="9.2", phase="command points"))
    for side in game.side_ids:
        command_points(game, side)
    yield from sr.each(game, "after_command_points")
    game.emit(ev.PhaseStarted(rule="10.2", phase="battle plan activation"))
    yield from bp.activation_phase(game)
    game.emit(ev.PhaseStarted(rule="9.3", phase="chit selection"))
    for side in game.side_ids:
        yield from select_chits(game, side)
    yield from bp.katta_phase(game)
    for chit in obligatory_chits(game):
        game.move_chit(chit, None, "bowl", "9.4")
