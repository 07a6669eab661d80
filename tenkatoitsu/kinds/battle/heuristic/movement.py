"""Movement choices [6]: where each unit goes on a march, a charge, a
deployment, a withdrawal or a retreat, and who pursues.

A destination is scored by the clan's goal (a distance field over the map
toward the enemy or an objective, objectives.objectives), the ground it gives a
defender (BotContext.ground), cohesion with friends [6.2.4], and for a
charge the hexside the attack will cross [11.6.2]. The commander whose death
loses the battle keeps about four hexes from the enemy."""

from __future__ import annotations

from tenkatoitsu.hexmap import Hex, hex_distance
from tenkatoitsu.kinds.battle.heuristic import orders, siege_eval
from tenkatoitsu.kinds.battle.heuristic.safety import friends_adjacent, safe_score
from tenkatoitsu.kinds.battle.heuristic.strategy import attackable, unit_worth, wear
from tenkatoitsu.kinds.battle.queries import charge_paths, reach
from tenkatoitsu.kinds.battle.rules import movement as mv

COMMANDER_DISTANCE = 4
HOLD_WEIGHT = 3.0
HOLD_MARCH = 10.0  # more than any march's gain toward a goal (4 MP, 8 on a road)


def _here(bot, uid):
    return bot.ctx.game.state.units[uid].hex


def _hexval(value, here: Hex | None) -> Hex:
    return here if value == mv.STAY else Hex.from_id(value)


def enemy_hexes(bot) -> list[Hex]:
    """The hexes of the enemies the side can bring to battle: a question of
    the position alone (asked of every hex a unit may go to)."""
    g = bot.ctx.game
    return list(bot._positional("attackable-foes", lambda: [
        e.hex for e in bot.ctx.enemy_units() if attackable(g, bot.side, e.id)]))


def goal_score(bot, uid: str, h: Hex) -> float:
    """Higher is nearer the unit's goal."""
    g = bot.ctx.game
    ctx = bot.ctx
    if uid in bot.decisive:
        foes = enemy_hexes(bot)
        d = min((hex_distance(h, f) for f in foes), default=99)
        mates = [u.hex for u in ctx.my_units() if u.id != uid]
        near = min((hex_distance(h, f) for f in mates), default=0)
        return -abs(min(d, 8) - COMMANDER_DISTANCE) - 0.3 * near
    clan = g.state.units[uid].clan
    obj = bot.clan_objective(clan)
    if obj is not None:
        f = ctx.distance_field((obj,))
        return -f.get(h, 99.0)
    foes = enemy_hexes(bot)
    if not foes:
        return 0.0
    f = ctx.distance_field(foes)
    score = -f.get(h, 99.0)
    cmd = [g.state.units[e].hex for e in bot.enemy_decisive if g.state.units[e].on_map
           and attackable(g, bot.side, e)]
    if cmd and bot.is_offensive():
        score -= bot.level.commander_pull * ctx.distance_field(cmd).get(h, 99.0)
    return score


def holds_vp(bot, uid: str, h: Hex) -> bool:
    """A hex that gives the side VP at the end while it stands there [17.1] [21.7.3]."""
    return uid not in bot.decisive and h in bot.objective_hexes_held()


def place_score(bot, uid: str, h: Hex) -> float:
    s = goal_score(bot, uid, h) + 0.4 * bot.ctx.ground(h) + 0.15 * friends_adjacent(bot, h, uid)
    if h == _here(bot, uid) and holds_vp(bot, uid, h):
        s += HOLD_MARCH  # a march never walks off the VP the side holds
    return s


def _best_hex(bot, d, uid, score):
    here = _here(bot, uid)
    return max(d.options, key=lambda o: (score(_hexval(o.value, here)), bot.tiebreak())).value


# ---------------------------------------------------------------- march [6.5] [12]

#: goal-score gain below which a march is no progress
PROGRESS = 0.5


def can_progress(bot, uid: str) -> bool:
    """Could the unit, marching first [6.5.1], end nearer its goal? A unit at
    the tail of a column on a road or ford cannot pass the friends ahead
    [6.8]: were it the anchor [6.2.4], the whole clan would stay put."""
    g = bot.ctx.game
    here = _here(bot, uid)

    def compute():
        base = goal_score(bot, uid, here)
        return any(goal_score(bot, uid, h) > base + PROGRESS
                   for h in reach.march_destinations(g, uid) if h != here)

    return bot._cached_exact(("progress", uid), compute)


def march_unit(bot, d):
    """The unit farthest from its goal first, among those that can get nearer
    to it: it sets the anchor the others follow [6.2.4]. The head of a column
    moves before the units it blocks; a unit that holds VP before all."""
    if any(_here(bot, o.value) is None for o in d.options):
        return d.options[0].value

    def key(o):
        h = _here(bot, o.value)
        # a unit on VP the side holds first: it stays, and the others close up to it
        return (holds_vp(bot, o.value, h), can_progress(bot, o.value),
                -goal_score(bot, o.value, h), o.value)

    return max(d.options, key=key).value


def march_hex(bot, d):
    uid = d.context.get("unit")
    if uid is None:
        return d.options[0].value
    return _best_hex(bot, d, uid, lambda h: place_score(bot, uid, h))


# ---------------------------------------------------------------- charge [6.3]

def best_charge(bot, uid: str, targets=None) -> tuple[float, str | None]:
    """The value of the unit's best charge as spearhead [6.3.1] (its forced
    attacks from the best end it may choose), with the target."""
    g = bot.ctx.game
    best, pick = None, None
    for t in (targets if targets is not None else charge_paths.charge_targets(g, uid)):
        for h in charge_paths.spearhead_destinations(g, uid, t):
            v = orders.unit_contact_value(bot, uid, h)
            v = 0.0 if v is None else v
            if best is None or v > best:
                best, pick = v, t
    return (0.0 if best is None else best), pick


def charge_spearhead(bot, d):
    """The unit whose charge pays best (or costs least): a cheap unit leads a
    forced charge into bad odds, the commander never leads."""
    g = bot.ctx.game
    bot.memory["storming"] = None  # a new charge: charge_target says whether it storms

    def key(o):
        u = g.state.units[o.value]
        dd = g.unit_defs[o.value]
        return (o.value not in bot.decisive, round(best_charge(bot, o.value)[0], 6),
                -u.steps_lost, dd.elan + dd.mass + dd.fire, o.value)

    return max(d.options, key=key).value


def target_score(bot, eid: str) -> float:
    g = bot.ctx.game
    e = g.state.units[eid]
    return unit_worth(g, eid) * (1 + 0.35 * e.steps_lost) - 1.5 * bot.ctx.ground(e.hex)


def charge_target(bot, d):
    uid = d.context.get("unit")
    clan = d.context.get("clan")
    storm = {o.value: siege_eval.charge_target_bonus(bot, clan, o.value) for o in d.options}
    pick = max(d.options, key=lambda o: (round(best_charge(bot, uid, [o.value])[0] + storm[o.value],
                                               6), target_score(bot, o.value), o.value)).value
    bot.memory["charge-target"] = pick
    # [15.5] charging a garrison: the followers go in with the spearhead
    g = bot.ctx.game
    f = g.map.fortress_of.get(g.state.units[pick].hex)
    bot.memory["storming"] = f.id if f is not None and storm[pick] else None
    return pick


def attack_edge(bot, h: Hex, foe: Hex) -> float:
    """The blue modifier an attack from h into foe would get [11.6.2]."""
    eff = bot.ctx.game.map.crossing(h, foe)
    if eff.impassable or eff.no_attack:
        return -3.0
    return float(eff.blue)


def charge_hex(bot, d):
    uid = d.context.get("unit")
    g = bot.ctx.game
    target = bot.memory.get("charge-target") if d.context.get("spearhead") else None
    foes = enemy_hexes(bot)

    def score(h: Hex) -> float:
        storm = siege_eval.fortress_charge(bot, uid, h)
        if storm is not None:
            return storm  # [15.5] [15.7.1] into the fortress the clan storms, or not at all
        if uid not in bot.decisive:
            v = orders.unit_contact_value(bot, uid, h)
            if v is not None:
                return 3.0 * v + 0.3 * bot.ctx.ground(h)
        if target is not None and g.state.units[target].on_map:
            th = g.state.units[target].hex
            dist = hex_distance(h, th)
            s = -2.0 * dist + (attack_edge(bot, h, th) if dist == 1 else 0.0)
        else:
            adj = [f for f in foes if hex_distance(h, f) == 1]
            s = -1.0 * min((hex_distance(h, f) for f in foes), default=0)
            if adj:
                s += max(attack_edge(bot, h, f) for f in adj)
        if uid in bot.decisive:
            s = goal_score(bot, uid, h)
        return s + 0.3 * bot.ctx.ground(h) + 0.1 * friends_adjacent(bot, h, uid)

    return _best_hex(bot, d, uid, score)


def charge_unit(bot, d):
    return d.options[0].value


# ---------------------------------------------------------------- deployment [6.4]

def deploy_score(bot, uid: str, h: Hex) -> float:
    s = 0.6 * bot.ctx.ground(h) + 0.15 * friends_adjacent(bot, h, uid)
    obj = bot.objectives()
    if h in obj and uid not in bot.decisive:
        s += obj[h]
    if h in bot.objective_hexes_held() and uid not in bot.decisive:
        s += HOLD_WEIGHT  # stay on what gives VP
    if uid in bot.decisive:
        s += goal_score(bot, uid, h)
    elif bot.is_offensive():
        s += 0.2 * goal_score(bot, uid, h)
    return s


def deploy_unit(bot, d):
    """[6.4] move the unit that gains most from one hex; pass when none gains."""
    g = bot.ctx.game
    best, gain = "pass", 0.25
    for o in d.options:
        if o.value == "pass":
            continue
        here = _here(bot, o.value)
        base = deploy_score(bot, o.value, here)
        for h in reach.deployment_hexes(g, o.value):
            s = deploy_score(bot, o.value, h) - base
            if s > gain:
                best, gain = o.value, s
    return best


def deploy_hex(bot, d):
    uid = d.context.get("unit")
    return _best_hex(bot, d, uid, lambda h: deploy_score(bot, uid, h))


# ---------------------------------------------------------------- withdrawal, retreat, pursuit

def withdraw_unit(bot, d):
    return min(d.options, key=lambda o: (o.value in bot.decisive, o.value)).value


def withdraw_hex(bot, d):
    uid = d.context.get("unit")
    return _best_hex(bot, d, uid, lambda h: safe_score(bot, uid, h)
                     - 10.0 * siege_eval.trapped_in(bot, h))  # [15.5] not into the enemy's fortress


def retreat_hex(bot, d):
    uid = d.context.get("unit")
    return _best_hex(bot, d, uid, lambda h: safe_score(bot, uid, h)
                     - 10.0 * siege_eval.trapped_in(bot, h))


def avoid_pursuit(bot, d):
    """[6.7] pursue, unless the clan is worn or the side need not attack."""
    clan = d.context.get("clan")
    g = bot.ctx.game
    if clan and (wear(g, clan) >= bot.level.regroup_wear or
                 (not bot.is_offensive() and bot.level.name == "cautious")):
        if any(o.value == mv.ORDER_CHANGE for o in d.options):
            return mv.ORDER_CHANGE
    return mv.PURSUE


def pursuer(bot, d):
    g = bot.ctx.game
    return min(d.options, key=lambda o: (o.value in bot.decisive,
                                         g.state.units[o.value].steps_lost, o.value)).value
