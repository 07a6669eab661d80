"""How a siege [15] stands, as the bot judges it: the odds of fire and
assault, each side's strength, what a fortress and each area of it are
worth; and on the main map, which enemy fortress a clan should storm and
which of its own it should relieve. The siege map's decisions use it
(siege.py), as do the orders [8.1] and charges [6.3] of clans near a
fortress and the side's objectives.

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

from tenkatoitsu.core.memo import per_position
from tenkatoitsu.hexmap import Hex, hex_distance
from tenkatoitsu.kinds.battle import state
from tenkatoitsu.kinds.battle.heuristic.strategy import hold_hexes
from tenkatoitsu.kinds.battle.queries import fortress
from tenkatoitsu.kinds.battle.queries.siege_map import geometry
from tenkatoitsu.kinds.battle.rules import siege_actions as sa
from tenkatoitsu.kinds.battle.scenario import model as m

RESERVE = 2  # Manpower kept back for Sacrifices and the forcing point [15.6.1]
WORTH_SACRIFICE = 2.0  # a fortress worth less (VP) is not worth Manpower
HOPELESS = 0.5  # own strength below this share of the enemy's: the siege is lost
#: how much stronger than the garrison a clan must be to storm a fortress, by level
STORM_RATIO = {"cautious": 1.5, "normal": 1.2, "aggressive": 1.0}


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

def enemy_of(s: state.SiegeState, side: str) -> str:
    return s.besieger if side == s.besieged else s.besieged


def strength(s: state.SiegeState, side: str) -> float:
    return s.manpower[side] + s.marker_count(side) + 0.5 * s.out_of_combat[side]


def hopeless(game, s: state.SiegeState, side: str) -> bool:
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


def fire_pressure(game, s: state.SiegeState, side: str) -> float:
    """The hits `side` may expect from one combat chit of fire [15.4.3] [15.6.1]."""
    best = 0.0
    for t in sa.targets(game, s, side):
        best = max(best, fire_odds(*committed_and_defense(game, s, side, t)))
    return best * fortress.siege_actions_score(game, s, side)[0]


def fortress_worth(game, fid: str, side: str) -> float:
    """What taking (or keeping) the fortress is worth to `side`: the VP of
    holding its hexes [17.1], 2 for each victory level that names it [19.5.2],
    and the Elan of the enemy units inside (their VP if they fall [15.9])."""
    hexes = set(fortress.fortress_hexes(game, fid))
    v = game.scenario.victory
    worth = float(sum(vp for h, vp in hold_hexes(game).items() if h in hexes))
    for level in (v.levels if v else ()):
        if any(c.kind in ("controls", "unit-in") and fid in c.args for c in level.conditions):
            worth += 2.0
    for uid in fortress.units_inside(game, fid):
        if game.side_of(uid) != side:
            worth += game.unit_defs[uid].elan
    return worth


@per_position(key=lambda game, fid: fid)
def area_depth(game, fid: str) -> dict[str, int]:
    """Siege-map steps from each area to the keep (the centre), once a game."""
    g = geometry(game, fid)
    dist = {g.centre: 0}
    todo = deque([g.centre])
    while todo:
        a = todo.popleft()
        for n in g.neighbours[a]:
            if n not in dist:
                dist[n] = dist[a] + 1
                todo.append(n)
    return dist


def area_value(game, fid: str, area: str) -> float:
    """1 at the farthest area, more toward the keep (the keep itself the most)."""
    depth = area_depth(game, fid)
    far = max(depth.values())
    return 1.0 + far - depth.get(area, far) + (1.0 if depth.get(area) == 0 else 0.0)


def committed_and_defense(game, s, side: str, target: str) -> tuple[int, int]:
    committed = fortress.adjacent_marker_areas(game, s, side, target)
    g = geometry(game, s.fortress)
    defense = min((g.defense(a, target) for a in committed), default=0)
    return len(committed), defense


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
    for a in fortress.placement_areas(game, s, side, starts):
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


# ====================================================================== the main map [15.3] [15.5]

def siege_order(bot, clan: str, s: state.SiegeState) -> m.Order:
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
    return sum(fortress.elan_mass(game, u) * (1 if fortress.is_fit(game, u) else 0.5)
               for u in fortress.units_inside(game, fid, enemy))


def storm_target(bot, clan: str) -> str | None:
    """[15.3] [15.5] an enemy-held fortress worth VP that the clan's units
    next to it (with the side's strength already inside) outnumber by the
    level's STORM_RATIO: the clan should go into Attack and charge in."""
    g = bot.ctx.game
    units = [u for u in g.state.clan_units(clan) if u.id not in bot.decisive
             and fortress.siege_of_unit(g, u.id) is None]
    if not units or not g.scenario.map.fortresses:
        return None
    best, ratio = None, STORM_RATIO.get(bot.level.name, 1.2)
    for f in g.scenario.map.fortresses:
        if not fortress.enemy_inside(g, f.id, bot.side) or fortress_worth(g, f.id, bot.side) <= 0:
            continue
        near = [u for u in units if min(hex_distance(u.hex, h) for h in f.hexes) <= 1]
        if not near:
            continue
        mine = sum(fortress.elan_mass(g, u.id) for u in near if fortress.is_fit(g, u.id))
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
            out.extend(fortress.fortress_hexes(game, fid))
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
    return fortress.is_dead_end(bot.ctx.game, bot.side, h)


def fortress_charge(bot, uid: str, h: Hex) -> float | None:
    """A charge's end in a fortress the enemy holds [15.3]: the best end when
    the clan storms it (the spearhead's target is there, or the clan is
    strong enough), else the worst (a dead end the unit would never leave
    but by relinquishing [15.8]); None for any other hex."""
    g = bot.ctx.game
    f = g.map.fortress_of.get(h)
    if f is None or not fortress.enemy_inside(g, f.id, bot.side):
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
        if s is not None or not fortress.enemy_inside(game, f.id, side) \
                or fortress_worth(game, f.id, side) <= 0:
            continue
        need = STORM_RATIO["normal"] * garrison_strength(game, f.id, side)
        for clan in game.clans_of(side):
            fit = sum(fortress.elan_mass(game, u.id) for u in game.state.clan_units(clan)
                      if fortress.is_fit(game, u.id))
            if fit >= need:
                out.extend(f.hexes)
                break
    return out
