"""Sieges [15]: the siege map's decisions (activities, Sacrifices, losses,
markers) and leaving a siege [15.8] or its end [15.9]. How a siege stands,
and when a clan storms or relieves a fortress, is judged in siege_eval."""

from __future__ import annotations

import functools

from tenkatoitsu.hexmap import Hex
from tenkatoitsu.kinds.battle import state
from tenkatoitsu.kinds.battle.heuristic.safety import safe_score
from tenkatoitsu.kinds.battle.heuristic.siege_eval import (
    RESERVE,
    WORTH_SACRIFICE,
    area_value,
    assault_odds,
    assault_score,
    best_target,
    enemy_of,
    fortress_worth,
    hopeless,
    shuts_out,
    useful_placements,
)
from tenkatoitsu.kinds.battle.heuristic.strategy import leader_worth, unit_worth
from tenkatoitsu.kinds.battle.queries import fortress
from tenkatoitsu.kinds.battle.queries.siege_map import geometry
from tenkatoitsu.kinds.battle.rules import siege as sg
from tenkatoitsu.kinds.battle.rules import siege_actions as sa
from tenkatoitsu.kinds.battle.rules import siege_end

ASSAULT_AIM = 0.65  # the chance of success a worthwhile assault is bid up to
HOLD_AIM = 0.45  # the defender bids until the attacker's chance falls below this
RALLY_VALUE = 0.6  # a sure Out of Combat point back [15.6.1]


def _siege(bot, d) -> state.SiegeState | None:
    return bot.ctx.game.state.sieges.get((d.context or {}).get("fortress"))


def _in_siege(handler):
    """The handler answers given the siege its Decision names and the option
    values; when no such siege is on, the first option is the answer."""
    @functools.wraps(handler)
    def answer(bot, d):
        s = _siege(bot, d)
        values = [o.value for o in d.options]
        if s is None:
            return values[0]
        return handler(bot, d, s, values)
    return answer


# ====================================================================== activities [15.6.1]

def siege_activity(bot, d):
    """[15.6.1] the activity with the best expected gain; end when none pays."""
    s = _siege(bot, d)
    if s is None:
        return sa.END
    g, side = bot.ctx.game, bot.side
    values = {o.value for o in d.options}
    points = (d.context or {}).get("points", 1)
    scores = {sa.END: 0.0}
    if sa.FIRE in values:
        scores[sa.FIRE] = best_target(g, s, side, sa.FIRE)[1]
    if sa.ASSAULT in values:
        t, v = best_target(g, s, side, sa.ASSAULT)
        if points < 2:  # no point left for an Advantage
            v = assault_score(g, s, side, t)
        if s.manpower[side] + s.marker_count(side) <= 1:
            v -= 1.0  # one more loss and the side is beaten [15.9]
        scores[sa.ASSAULT] = v
    if sa.RALLY in values:
        scores[sa.RALLY] = RALLY_VALUE
    if sa.MOVE_TROOPS in values and s.manpower[side] > RESERVE:
        places = useful_placements(g, s, side, s.bases.get(side, []))
        if places:  # needed most when no enemy marker can be struck yet
            scores[sa.MOVE_TROOPS] = 0.5 if sa.targets(g, s, side) else 1.2
    return max(scores, key=lambda k: (scores[k], k == sa.END))


def siege_target(bot, d):
    """[15.6.1] the target of a fire or an assault: the best odds and area."""
    s = _siege(bot, d)
    kind = sa.FIRE if d.kind == "siege-fire-target" else sa.ASSAULT
    t, _ = best_target(bot.ctx.game, s, bot.side, kind) if s else (None, 0)
    return t if t is not None else d.options[0].value


def sacrifice(bot, d):
    """[15.6.1] the attacker bids the fewest points that lift his chance to
    ASSAULT_AIM, when the fortress is worth it and the Manpower is there; the
    defender bids to push it under HOLD_AIM where losing the area hurts."""
    s = _siege(bot, d)
    ctx = d.context or {}
    if s is None or "bids" not in ctx:
        return 0
    g, side = bot.ctx.game, bot.side
    attacker = ctx["attacker"]
    enemy = enemy_of(s, attacker)
    bids = ctx["bids"]
    edge = ctx["committed"] - ctx["defense"] + bids[attacker] - bids[enemy]
    if ctx.get("points", 0) > 0:
        edge += 1  # a Siege Action point is left: he may declare an Advantage
    offer = [o.value for o in d.options if o.value > 0]
    spare = s.manpower[side] - RESERVE
    worth = fortress_worth(g, s.fortress, side)
    target = ctx.get("target")
    if side == attacker:
        if worth < WORTH_SACRIFICE or assault_odds(edge)[0] >= ASSAULT_AIM:
            return 0
        for k in offer:
            if k <= spare and assault_odds(edge + k)[0] >= ASSAULT_AIM:
                return k
        return 0
    stake = worth + (area_value(g, s.fortress, target) if target else 0.0)
    if stake < WORTH_SACRIFICE or assault_odds(edge)[0] < HOLD_AIM:
        return 0
    for k in offer:
        if k <= spare and assault_odds(edge - k)[0] < HOLD_AIM:
            return k
    return 0


def advantage(bot, d):
    """[15.6.1] +1 for a Siege Action point: worth it when the point would
    otherwise buy less than the odds it adds to this assault."""
    s = _siege(bot, d)
    ctx = d.context or {}
    if s is None or "committed" not in ctx:
        return True
    bids = ctx["bids"]
    enemy = enemy_of(s, bot.side)
    edge = ctx["committed"] - ctx["defense"] + bids[bot.side] - bids[enemy]
    # a won assault is worth about 4: the marker, an Out of Combat point, the area
    gain = (assault_odds(edge + 1)[0] - assault_odds(edge)[0]) * 4.0
    g = bot.ctx.game
    later = max(best_target(g, s, bot.side, sa.FIRE)[1], RALLY_VALUE if s.out_of_combat[bot.side]
                else 0.0) if ctx.get("points", 0) > 1 else 0.0
    return gain >= later * 0.5


@_in_siege
def siege_loss(bot, d, s, values):
    """[15.6.1] an assault's loss or a fire's hit: Manpower while above the reserve,
    else the marker worth least (farthest from the keep; never a side's last
    exit while Manpower can pay)."""
    side = bot.side
    if sg.MANPOWER in values and (s.manpower[side] > RESERVE or len(values) == 1):
        return sg.MANPOWER
    markers = [v for v in values if v != sg.MANPOWER]
    if not markers:
        return sg.MANPOWER
    if sg.MANPOWER in values and s.marker_count(side) <= 1:
        return sg.MANPOWER  # the last marker holds the side in the siege [15.9]
    g = bot.ctx.game
    exits = fortress.exit_areas(g, s, side)

    def cost(a):
        last_exit = a in exits and len(exits) == 1
        return area_value(g, s.fortress, a) + (3.0 if last_exit else 0.0)
    cheapest = min(markers, key=cost)
    if sg.MANPOWER in values and cost(cheapest) > 2.5 and s.manpower[side] > 0:
        return sg.MANPOWER
    return cheapest


def force(bot, d):
    """[15.6.1] force a tie into a conquest when the point can be spared and
    the enemy may not answer it."""
    s = _siege(bot, d)
    if s is None:
        return False
    enemy = enemy_of(s, bot.side)
    spare = s.manpower[bot.side] - 1
    return spare >= 1 and (s.manpower[enemy] == 0 or spare >= RESERVE)


def counter(bot, d):
    """[15.6.1] answer the forcing point: it saves the marker and an Out of
    Combat point for one Manpower, unless it is the last point the side has
    and it holds no other marker."""
    s = _siege(bot, d)
    if s is None:
        return True
    return s.manpower[bot.side] > 1 or s.marker_count(bot.side) > 1


@_in_siege
def occupy(bot, d, s, values):
    """[15.6.1] occupy a conquered area nearer the keep: with a new marker
    while Manpower allows, else by moving the marker worth least; leave it
    empty when moving would open the side's last way out."""
    g, side = bot.ctx.game, bot.side
    target = (d.context or {}).get("target")
    if target and shuts_out(g, s, side, target) and sa.NONE in values:
        return sa.NONE
    if sa.NEW in values and s.manpower[side] > RESERVE:
        return sa.NEW
    movable = [v for v in values if v not in (sa.NEW, sa.NONE)]
    exits = fortress.exit_areas(g, s, side)
    movable = [a for a in movable if not (a in exits and len(exits) == 1)]
    tv = area_value(g, s.fortress, target) if target else 0.0
    if movable:
        frm = min(movable, key=lambda a: area_value(g, s.fortress, a))
        if area_value(g, s.fortress, frm) <= tv:
            return frm
    if sa.NEW in values and s.manpower[side] > 1:
        return sa.NEW
    return sa.NONE if sa.NONE in values else values[0]


@_in_siege
def place_marker(bot, d, s, values):
    """[15.5] [15.6.1] [15.7.1] markers where they strike or shield the keep,
    keeping RESERVE Manpower; at least the one a Move troops must place."""
    g, side = bot.ctx.game, bot.side
    starts = (d.context or {}).get("starts")
    best = [a for a in useful_placements(g, s, side, starts) if a in values]
    if not best:
        return sg.DONE if sg.DONE in values else values[0]
    if sg.DONE not in values:
        return best[0]
    floor = RESERVE if s.marker_count(side) else 1  # a first marker even when poor
    return best[0] if s.manpower[side] - 1 >= floor else sg.DONE


# ====================================================================== leaving [15.8]

def relinquish(bot, d):
    """[15.8] leave a hopeless siege (the units live on, where staying loses
    them all [15.9]) by the exit whose hexes are safest; else stay."""
    s = _siege(bot, d)
    areas = [o.value for o in d.options if o.value != siege_end.STAY]
    if s is None or not areas or not hopeless(bot.ctx.game, s, bot.side):
        return siege_end.STAY
    return max(areas, key=lambda a: _exit_safety(bot, s, a))


def _exit_safety(bot, s, area: str) -> float:
    hexes = geometry(bot.ctx.game, s.fortress).linked_hexes(area)
    return max((safe_score(bot, "", h) for h in hexes), default=0.0)


@_in_siege
def exchange(bot, d, s, values):
    """[15.8] pay the leaving clan's Manpower in markers only when others of
    the side stay behind and need the Manpower more than a far marker."""
    g, side = bot.ctx.game, bot.side
    clan = (d.context or {}).get("clan")
    staying = [u for u in fortress.units_inside(g, s.fortress, side)
               if g.state.units[u].clan != clan]
    markers = [v for v in values if v != "pay"]
    if "pay" in values and (not staying or not markers):
        return "pay"
    if not markers:
        return values[0]
    far = min(markers, key=lambda a: area_value(g, s.fortress, a))
    if "pay" in values and staying and area_value(g, s.fortress, far) > 2.0:
        return "pay"
    return far


def exit_hex(bot, d):
    """[15.8] the safest hex to come out on."""
    uid = (d.context or {}).get("unit", "")
    return max(d.options, key=lambda o: (safe_score(bot, uid, Hex.from_id(o.value)),
                                         o.value)).value


# ====================================================================== the end [15.9]

def survivor(bot, d):
    """[15.9] keep the most valuable set of units that fits the Survivor
    score: the unit is kept when the best set of those still to choose holds it."""
    ctx = d.context or {}
    uid, room, pending = ctx.get("unit"), ctx.get("room"), ctx.get("pending")
    values = [o.value for o in d.options]
    if siege_end.KEEP not in values:
        return siege_end.ELIMINATE
    if uid is None or room is None or not pending:
        return siege_end.KEEP
    g = bot.ctx.game
    best = _best_subset(g, pending, room)
    return siege_end.KEEP if uid in best else siege_end.ELIMINATE


def disorganized(bot, d):
    """[15.9] cover the Out of Combat score with the units that cost least
    to disorganize (no leader, least worth): a leader would take the
    leader-loss test [11.10], the commander above all."""
    ctx = d.context or {}
    uid, need, pending = ctx.get("unit"), ctx.get("need"), ctx.get("pending")
    values = [o.value for o in d.options]
    if siege_end.GOOD_ORDER not in values:
        return siege_end.DISORGANIZED
    if uid is None or need is None or not pending or need <= 0:
        return siege_end.GOOD_ORDER
    g = bot.ctx.game

    def cost(u):
        return 0.2 * unit_worth(g, u) + 3.0 * leader_worth(g, u)
    chosen = _cover(g, pending, need, cost)
    return siege_end.DISORGANIZED if uid in chosen else siege_end.GOOD_ORDER


def _best_subset(game, units, room: int) -> set[str]:
    """The units whose Elan + Mass fit `room` with the greatest worth (their
    leaders', the commander's above all); exact, a garrison is a handful of
    units."""
    best, best_v = set(), -1.0
    n = len(units)
    for mask in range(1 << n):
        pick = [units[i] for i in range(n) if mask >> i & 1]
        if sum(fortress.elan_mass(game, u) for u in pick) > room:
            continue
        v = sum(unit_worth(game, u) for u in pick)
        if v > best_v:
            best, best_v = set(pick), v
    return best


def _cover(game, units, need: int, cost) -> set[str]:
    """The cheapest units whose Elan + Mass reach `need`."""
    best, best_c = set(units), float("inf")
    n = len(units)
    for mask in range(1 << n):
        pick = [units[i] for i in range(n) if mask >> i & 1]
        if sum(fortress.elan_mass(game, u) for u in pick) < need:
            continue
        c = sum(cost(u) for u in pick)
        if c < best_c:
            best, best_c = set(pick), c
    return best
