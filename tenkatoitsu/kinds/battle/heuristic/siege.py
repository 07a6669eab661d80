"""Sieges [15]: the siege map's decisions, and when a clan storms an enemy
fortress, relieves its own or relinquishes a siege.

Everything here is open information: the siege tracks and Control markers
are public [15.4] (view.player_view carries them). The bot measures a side's
strength in a siege as Manpower + markers + half the Out of Combat points
(a point out of combat comes back only half the time [15.6.2]), judges an
assault by its exact odds (two D6, [15.6.1]) and values an area by how near
it lies to the keep (the centre, the besieged's Base Area [15.4]): holding
the keep is what the siege is about."""

from __future__ import annotations

from collections import deque
from functools import lru_cache

from tenkatoitsu.kinds.battle import model as m
from tenkatoitsu.kinds.battle import siege as sg
from tenkatoitsu.kinds.battle import siege_actions as sa
from tenkatoitsu.kinds.battle.heuristic.strategy import hold_hexes, leader_worth, unit_worth
from tenkatoitsu.kinds.battle.siege_map import geometry
from tenkatoitsu.hexmap import Hex, hex_distance

RESERVE = 2  # Manpower kept back for Sacrifices and the forcing point [15.6.1]
ASSAULT_AIM = 0.65  # the chance of success a worthwhile assault is bid up to
HOLD_AIM = 0.45  # the defender bids until the attacker's chance falls below this
WORTH_SACRIFICE = 2.0  # a fortress worth less (VP) is not worth Manpower
HOPELESS = 0.5  # own strength below this share of the enemy's: the siege is lost
#: how much stronger than the garrison a clan must be to storm a fortress, by level
STORM_RATIO = {"cautious": 1.5, "normal": 1.2, "aggressive": 1.0}
RALLY_VALUE = 0.6  # a sure Out of Combat point back [15.6.1]


# ====================================================================== odds [15.6.1]

@lru_cache(maxsize=64)
def assault_odds(edge: int) -> tuple[float, float, float]:
    """(win, tie, lose) for 1D6 + edge against 1D6."""
    win = tie = 0
    for a in range(1, 7):
        for d in range(1, 7):
            x = a + edge - d
            win += x > 0
            tie += x == 0
    return win / 36, tie / 36, 1 - (win + tie) / 36


@lru_cache(maxsize=64)
def expected_losses(edge: int) -> float:
    """[15.6.1] the attacker's expected losses when the defender wins:
    half the difference, rounded up."""
    total, n = 0.0, 0
    for a in range(1, 7):
        for d in range(1, 7):
            x = d - (a + edge)
            if x > 0:
                total += (x + 1) // 2
                n += 1
    return total / n if n else 0.0


def fire_odds(committed: int, defense: int) -> float:
    """[15.6.1] 1D6 + markers - Defense >= 4."""
    need = sa.FIRE_HIT - committed + defense
    return max(0.0, min(1.0, (7 - need) / 6))


# ====================================================================== the siege as a whole

def enemy_of(s: sg.SiegeState, side: str) -> str:
    return s.besieger if side == s.besieged else s.besieged


def strength(s: sg.SiegeState, side: str) -> float:
    return s.manpower[side] + s.marker_count(side) + 0.5 * s.out_of_combat[side]


def hopeless(game, s: sg.SiegeState, side: str) -> bool:
    """The side is losing the siege beyond repair: its strength is below
    HOPELESS of the enemy's and little Manpower is left; or it is the weaker
    and the enemy's fire [15.6.1] would wear it down within two combat
    chits; or nothing but a last marker stands between its units and
    elimination [15.9]."""
    enemy = enemy_of(s, side)
    mine, theirs = strength(s, side), strength(s, enemy)
    if s.manpower[side] == 0 and s.marker_count(side) <= 1 and theirs > mine:
        return True
    if mine < theirs and mine <= 2 * fire_pressure(game, s, enemy):
        return True
    return mine < HOPELESS * theirs and s.manpower[side] <= RESERVE


def fire_pressure(game, s: sg.SiegeState, side: str) -> float:
    """The hits `side` may expect from one combat chit of fire [15.4.3] [15.6.1]."""
    best = 0.0
    for t in sa.targets(game, s, side):
        best = max(best, fire_odds(*committed_and_defense(game, s, side, t)))
    return best * sg.siege_actions_score(game, s, side)[0]


def fortress_worth(game, fid: str, side: str) -> float:
    """What taking (or keeping) the fortress is worth to `side`: the VP of
    holding its hexes [17.1], 2 for each victory level that names it [19.5.2],
    and the Elan of the enemy units inside (their VP if they fall [15.9])."""
    hexes = set(sg.fortress_hexes(game, fid))
    v = game.scenario.victory
    worth = float(sum(vp for h, vp in hold_hexes(game).items() if h in hexes))
    for level in (v.levels if v else ()):
        if any(c.kind in ("controls", "unit-in") and fid in c.args for c in level.conditions):
            worth += 2.0
    for uid in sg.units_inside(game, fid):
        if game.side_of(uid) != side:
            worth += game.unit_defs[uid].elan
    return worth


def area_depth(game, fid: str) -> dict[str, int]:
    """Siege-map steps from each area to the keep (the centre)."""
    cache = game.__dict__.setdefault("_bot_siege_depth", {})
    if fid not in cache:
        g = geometry(game, fid)
        dist = {g.centre: 0}
        todo = deque([g.centre])
        while todo:
            a = todo.popleft()
            for n in g.neighbours[a]:
                if n not in dist:
                    dist[n] = dist[a] + 1
                    todo.append(n)
        cache[fid] = dist
    return cache[fid]


def area_value(game, fid: str, area: str) -> float:
    """1 at the farthest area, more toward the keep (the keep itself the most)."""
    depth = area_depth(game, fid)
    far = max(depth.values())
    return 1.0 + far - depth.get(area, far) + (1.0 if depth.get(area) == 0 else 0.0)


def committed_and_defense(game, s, side: str, target: str) -> tuple[int, int]:
    committed = sg.adjacent_marker_areas(game, s, side, target)
    g = geometry(game, s.fortress)
    defense = min((g.defense(a, target) for a in committed), default=0)
    return len(committed), defense


def _siege(bot, d) -> sg.SiegeState | None:
    return bot.ctx.game.state.sieges.get((d.context or {}).get("fortress"))


# ====================================================================== activities [15.6.1]

def assault_score(game, s, side: str, target: str, advantage: int = 0) -> float:
    """Expected gain of an assault without Sacrifices: the enemy's marker and
    an Out of Combat point (or 2 Manpower on his last marker) and the area,
    against the attacker's losses."""
    c, dv = committed_and_defense(game, s, side, target)
    win, tie, lose = assault_odds(c + advantage - dv)
    enemy = enemy_of(s, side)
    if s.marker_count(enemy) == 1 and s.manpower[enemy] > 1:
        gain = 2.0  # [15.6.1] the last marker holds: 2 Manpower instead
    else:
        gain = 2.0 + 0.5 * area_value(game, s.fortress, target)
    return win * gain - tie * 2.0 - lose * expected_losses(c + advantage - dv)


def best_target(game, s, side: str, kind: str) -> tuple[str | None, float]:
    best, score = None, float("-inf")
    for t in sa.targets(game, s, side):
        if kind == sa.FIRE:
            c, dv = committed_and_defense(game, s, side, t)
            v = fire_odds(c, dv) * (2.0 + 0.1 * area_value(game, s.fortress, t))
        else:
            v = assault_score(game, s, side, t, advantage=1)
        if v > score:
            best, score = t, v
    return best, score


def useful_placements(game, s, side: str, starts) -> list[str]:
    """Areas where a new marker helps, best first: the keep, areas from which
    the side can strike an enemy marker (each adds to a roll [15.6.1]), areas
    nearer the keep."""
    enemy = enemy_of(s, side)
    g = geometry(game, s.fortress)
    out = []
    for a in sg.placement_areas(game, s, side, starts):
        if shuts_out(game, s, side, a):
            continue
        strikes = sum(s.has_marker(enemy, n) for n in g.neighbours[a])
        score = area_value(game, s.fortress, a) + 1.5 * strikes
        if side == s.besieged and a != g.centre and not g.is_peripheral(a) \
                and any(g.is_peripheral(n) for n in g.neighbours[a]):
            score += 2.0  # [15.5] the gates: they cut the besieger's chains to the keep
        if g.is_peripheral(a) and a not in s.bases.get(side, []):
            score -= 1.0
        out.append((score, a))
    return [a for _, a in sorted(out, key=lambda x: (-x[0], g.order.index(x[1])))]


def shuts_out(game, s, side: str, area: str) -> bool:
    """A besieger's marker in the besieged's Base Area (the keep) while the
    besieged still has Manpower: no chain of his could start again [15.6.1],
    so he could neither place a marker nor be brought to 0 markers and 0
    Manpower [15.9]; the siege would never end. The keep is left to him, to
    be assaulted there."""
    g = geometry(game, s.fortress)
    return side == s.besieger and area == g.centre and s.manpower[s.besieged] > 0


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


def siege_loss(bot, d):
    """[15.6.1] an assault's loss or a fire's hit: Manpower while above the reserve,
    else the marker worth least (farthest from the keep; never a side's last
    exit while Manpower can pay)."""
    s = _siege(bot, d)
    values = [o.value for o in d.options]
    if s is None:
        return values[0]
    side = bot.side
    if sg.MANPOWER in values and (s.manpower[side] > RESERVE or len(values) == 1):
        return sg.MANPOWER
    markers = [v for v in values if v != sg.MANPOWER]
    if not markers:
        return sg.MANPOWER
    if sg.MANPOWER in values and s.marker_count(side) <= 1:
        return sg.MANPOWER  # the last marker holds the side in the siege [15.9]
    g = bot.ctx.game
    exits = sg.exit_areas(g, s, side)

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


def occupy(bot, d):
    """[15.6.1] occupy a conquered area nearer the keep: with a new marker
    while Manpower allows, else by moving the marker worth least; leave it
    empty when moving would open the side's last way out."""
    s = _siege(bot, d)
    values = [o.value for o in d.options]
    if s is None:
        return values[0]
    g, side = bot.ctx.game, bot.side
    target = (d.context or {}).get("target")
    if target and shuts_out(g, s, side, target) and sa.NONE in values:
        return sa.NONE
    if sa.NEW in values and s.manpower[side] > RESERVE:
        return sa.NEW
    movable = [v for v in values if v not in (sa.NEW, sa.NONE)]
    exits = sg.exit_areas(g, s, side)
    movable = [a for a in movable if not (a in exits and len(exits) == 1)]
    tv = area_value(g, s.fortress, target) if target else 0.0
    if movable:
        frm = min(movable, key=lambda a: area_value(g, s.fortress, a))
        if area_value(g, s.fortress, frm) <= tv:
            return frm
    if sa.NEW in values and s.manpower[side] > 1:
        return sa.NEW
    return sa.NONE if sa.NONE in values else values[0]


def place_marker(bot, d):
    """[15.5] [15.6.1] [15.7.1] markers where they strike or shield the keep,
    keeping RESERVE Manpower; at least the one a Move troops must place."""
    s = _siege(bot, d)
    values = [o.value for o in d.options]
    if s is None:
        return values[0]
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
    areas = [o.value for o in d.options if o.value != sg.STAY]
    if s is None or not areas or not hopeless(bot.ctx.game, s, bot.side):
        return sg.STAY
    return max(areas, key=lambda a: _exit_safety(bot, s, a))


def _exit_safety(bot, s, area: str) -> float:
    from tenkatoitsu.kinds.battle.heuristic.movement import safe_score

    hexes = geometry(bot.ctx.game, s.fortress).linked_hexes(area)
    return max((safe_score(bot, "", h) for h in hexes), default=0.0)


def exchange(bot, d):
    """[15.8] pay the leaving clan's Manpower in markers only when others of
    the side stay behind and need the Manpower more than a far marker."""
    s = _siege(bot, d)
    values = [o.value for o in d.options]
    if s is None:
        return values[0]
    g, side = bot.ctx.game, bot.side
    clan = (d.context or {}).get("clan")
    staying = [u for u in sg.units_inside(g, s.fortress, side) if g.state.units[u].clan != clan]
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
    from tenkatoitsu.kinds.battle.heuristic.movement import safe_score

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
    if sg.KEEP not in values:
        return sg.ELIMINATE
    if uid is None or room is None or not pending:
        return sg.KEEP
    g = bot.ctx.game
    best = _best_subset(g, pending, room)
    return sg.KEEP if uid in best else sg.ELIMINATE


def disorganized(bot, d):
    """[15.9] cover the Out of Combat score with the units that cost least
    to disorganize (no leader, least worth): a leader would take the
    leader-loss test [11.10], the commander above all."""
    ctx = d.context or {}
    uid, need, pending = ctx.get("unit"), ctx.get("need"), ctx.get("pending")
    values = [o.value for o in d.options]
    if sg.GOOD_ORDER not in values:
        return sg.DISORGANIZED
    if uid is None or need is None or not pending or need <= 0:
        return sg.GOOD_ORDER
    g = bot.ctx.game

    def cost(u):
        return 0.2 * unit_worth(g, u) + 3.0 * leader_worth(g, u)
    chosen = _cover(g, pending, need, cost)
    return sg.DISORGANIZED if uid in chosen else sg.GOOD_ORDER


def _best_subset(game, units, room: int) -> set[str]:
    """The units whose Elan + Mass fit `room` with the greatest worth (their
    leaders', the commander's above all); exact, a garrison is a handful of
    units."""
    best, best_v = set(), -1.0
    n = len(units)
    for mask in range(1 << n):
        pick = [units[i] for i in range(n) if mask >> i & 1]
        if sum(sg.elan_mass(game, u) for u in pick) > room:
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
        if sum(sg.elan_mass(game, u) for u in pick) < need:
            continue
        c = sum(cost(u) for u in pick)
        if c < best_c:
            best, best_c = set(pick), c
    return best


# ====================================================================== the main map [15.3] [15.5]

def siege_order(bot, clan: str, s: sg.SiegeState) -> m.Order:
    """[15.6] [15.8] the order of a clan in a siege: the besieger stays in
    Attack (only Attack may enter [15.7.3]) and leaves it to relinquish a
    hopeless siege [15.8.2]; the besieged holds in Defense and turns to
    Attack only to break out of a hopeless one [15.8.1]."""
    g = bot.ctx.game
    lost = hopeless(g, s, bot.side)
    if bot.side == s.besieger:
        return m.Order.DEFENSE if lost else m.Order.ATTACK
    return m.Order.ATTACK if lost else m.Order.DEFENSE


def garrison_strength(game, fid: str, side: str) -> float:
    """The enemy's strength in the fortress: his siege scores when a siege
    is on, else the Elan + Mass his units inside would bring [15.4]."""
    s = game.state.sieges.get(fid)
    enemy = game.enemy(side)
    if s is not None:
        return strength(s, enemy)
    return sum(sg.elan_mass(game, u) if sg.is_fit(game, u) else 0.5 * sg.elan_mass(game, u)
               for u in sg.units_inside(game, fid, enemy))


def storm_target(bot, clan: str) -> str | None:
    """[15.3] [15.5] an enemy-held fortress worth VP that the clan's units
    next to it (with the side's strength already inside) outnumber by the
    level's STORM_RATIO: the clan should go into Attack and charge in."""
    g = bot.ctx.game
    units = [u for u in g.state.clan_units(clan) if u.id not in bot.decisive
             and sg.siege_of_unit(g, u.id) is None]
    if not units or not g.scenario.map.fortresses:
        return None
    best, ratio = None, STORM_RATIO.get(bot.level.name, 1.2)
    for f in g.scenario.map.fortresses:
        if not sg.enemy_inside(g, f.id, bot.side) or fortress_worth(g, f.id, bot.side) <= 0:
            continue
        near = [u for u in units if min(hex_distance(u.hex, h) for h in f.hexes) <= 1]
        if not near:
            continue
        mine = sum(sg.elan_mass(g, u.id) for u in near if sg.is_fit(g, u.id))
        s = g.state.sieges.get(f.id)
        if s is not None and s.besieger == bot.side:
            mine += strength(s, bot.side)
        if mine >= ratio * garrison_strength(g, f.id, bot.side):
            best = f.id
    return best


def relief_target(game, side: str) -> list[Hex]:
    """[15.7.2] the side's own besieged fortresses that are worth VP: a clan
    in Defense, Movement or Regroup marching there reinforces the garrison."""
    out = []
    for fid, s in sorted(game.state.sieges.items()):
        if s.besieged == side and fortress_worth(game, fid, side) > 0:
            out.extend(sg.fortress_hexes(game, fid))
    return out


def charge_target_bonus(bot, clan: str, eid: str) -> float:
    """A charge target inside the fortress the clan should storm: the charge
    goes in (worth as much as a good attack)."""
    g = bot.ctx.game
    f = g.map.fortress_of.get(g.state.units[eid].hex)
    return 1.0 if f is not None and storm_target(bot, clan) == f.id else 0.0


def trapped_in(bot, h: Hex) -> bool:
    """A hex of a fortress the enemy holds: a unit that ends a retreat or a
    withdrawal there begins a siege, Shaken or worse, and stays [15.3] [15.5]."""
    return sg.is_dead_end(bot.ctx.game, bot.side, h)


def fortress_charge(bot, uid: str, h: Hex) -> float | None:
    """A charge's end in a fortress the enemy holds [15.3]: the best end when
    the clan storms it (the spearhead's target is there, or the clan is
    strong enough), else the worst (a dead end the unit would never leave
    but by relinquishing [15.8]); None for any other hex."""
    g = bot.ctx.game
    f = g.map.fortress_of.get(h)
    if f is None or not sg.enemy_inside(g, f.id, bot.side):
        return None
    if uid not in bot.decisive and (bot.memory.get("storming") == f.id or
                                    storm_target(bot, g.state.units[uid].clan) == f.id):
        return 10.0
    return -10.0


def siege_objectives(game, side: str) -> list[Hex]:
    """Fortress hexes that are objectives although the enemy stands in them:
    the side's own besieged fortress (relief [15.7.2]), and an enemy-held one
    [15.5] when one clan of the side alone outnumbers the garrison by the
    normal STORM_RATIO (one clan is sent to each objective)."""
    out = relief_target(game, side)
    for f in game.scenario.map.fortresses:
        s = game.state.sieges.get(f.id)
        if s is not None or not sg.enemy_inside(game, f.id, side) \
                or fortress_worth(game, f.id, side) <= 0:
            continue
        need = STORM_RATIO["normal"] * garrison_strength(game, f.id, side)
        for clan in game.clans_of(side):
            fit = sum(sg.elan_mass(game, u.id) for u in game.state.clan_units(clan)
                      if sg.is_fit(game, u.id))
            if fit >= need:
                out.extend(f.hexes)
                break
    return out
