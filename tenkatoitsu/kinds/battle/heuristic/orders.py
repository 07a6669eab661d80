"""Orders [8.1] [7.2.4]: what each clan should be doing, by situation.

- worn (mean steps lost at the level's threshold): Regroup, to withdraw and
  rally [8.5];
- in contact: Attack where the exact odds pay (the level's threshold), else
  Defense on the ground it holds;
- out of contact: when the side must attack (strategy.offensive), Attack if
  the enemy is within a charge, else Movement to march to the fight; when it
  may hold, Movement toward an objective it lacks, else Defense.

A clan whose order is not the one it wants, or that is in contact or near
the enemy, gains most from being activated now (clan_urgency): the chits
[9.3], the marches [7.2.1] and the tactics [10.3] are weighed by it."""

from __future__ import annotations

import itertools

from tenkatoitsu.hexmap import hexes_within
from tenkatoitsu.kinds.battle import hooks
from tenkatoitsu.kinds.battle.heuristic import siege_eval
from tenkatoitsu.kinds.battle.heuristic.strategy import attackable, decisive_leaders, wear
from tenkatoitsu.kinds.battle.queries import charge_paths, fortress, reach, zoc
from tenkatoitsu.kinds.battle.queries.attacks import attack_groups, group_plans
from tenkatoitsu.kinds.battle.queries.reach import CHARGE_MP
from tenkatoitsu.kinds.battle.scenario import model as m

ATTACK, DEFENSE, MOVEMENT, REGROUP = (m.Order.ATTACK, m.Order.DEFENSE, m.Order.MOVEMENT,
                                      m.Order.REGROUP)
CHARGE_REACH = 3  # hexes: a charge has 3 MP [6.3.3]
PLAN_SAMPLE = 60  # plans looked at per group when judging a clan's contact
SPEARHEADS_JUDGED = 2  # the fittest units: one of them will lead the charge
DESPERATE_ODDS = 3.0  # how much worse odds a side short of a win takes on the last turn
EXPOSED_STEPS = 2  # steps lost [4.3] at which one more bad result eliminates the unit


def contact_value(bot, clan: str, attack: bool = True) -> float | None:
    """The expected value of the best attack plan the clan's units in contact
    could make [11.1]-[11.3], every one of them attacking when `attack` (the
    clan in Attack [11.2]); None when it is not in contact."""
    g = bot.ctx.game
    return bot._cached(("contact", clan, attack), lambda: _plan_value(
        bot, [u.id for u in g.state.clan_units(clan)], attack))


def _plan_value(bot, units, attack: bool) -> float | None:
    g = bot.ctx.game
    with bot.ctx.masked():
        groups = attack_groups(g, bot.side, units)
    if not groups:
        return None
    total = 0.0
    for grp in groups:
        must = frozenset(grp.attackers) if attack else None
        plans = itertools.islice(group_plans(grp, must), PLAN_SAMPLE)
        total += max(map(bot.judge.plan_value, plans), default=0.0)
    return total


def beyond_reach(g, uid: str, mp: float) -> bool:
    """No end of the unit's charge of `mp` MP [6.3] can touch an enemy (its
    every value is None): the nearest enemy is farther than its cheapest
    steps and the last hex to contact, or no hex the charge reaches within
    `mp` is next to one (every end is such a hex, or the start)."""
    d = reach.nearest_enemy_distance(g, g.state.units[uid].hex, g.side_of(uid))
    if d is None or d > (mp + reach.EPS) / charge_paths.min_charge_step(g) + 1:
        return True
    return not charge_paths.contact_within(g, uid, mp)


def unit_contact_value(bot, uid: str, h) -> float | None:
    """The value of the unit's forced attacks [11.1] were it to end a charge on h.
    Cached: the charge and the Totsugeki judgements look at the same ends
    (the units that moved this phase are in the key: a new phase clears them
    without an event, and they decide assault or not [11.5])."""
    g = bot.ctx.game
    if h not in charge_paths.enemy_contact(g, g.side_of(uid))[1]:
        return None  # no enemy next to h: nothing to attack [11.1]

    def compute():
        key = _surroundings(bot, uid, h, bot._cached_exact("unit-parts", dict))
        v = bot.local_values.get(key, _MISSING)
        if v is _MISSING:
            if len(bot.local_values) >= LOCAL_VALUES:
                bot.local_values.clear()
            with bot.ctx.hypothetical(uid, h):
                v = bot.local_values[key] = _plan_value(bot, [uid], attack=True)
        return v
    moved = frozenset(bot.ctx.game.state.moved)
    return bot._cached_exact(("unit-contact", uid, h, moved), compute)


_MISSING = object()
_DECISIVE = ("decisive leaders",)  # their entry among the units' parts
LOCAL_VALUES = 50_000  # bound of HeuristicBot.local_values
#: how far the forced attacks of a unit on h read the position: its defenders
#: (1), the units that support against them (2) and the enemies whose ZoC
#: keeps those from supporting (3) [11.1] [11.6.1]
LOCAL_RADIUS = 3
_DISCS: dict = {}


def _part(g, uid: str, known: dict) -> tuple:
    """What the unit brings to a surroundings but its hex (the Order by its
    value: a key hashed this often hashes no enum)."""
    p = known.get(uid)
    if p is None:
        u = g.state.units[uid]
        c = g.state.clans[u.clan]
        p = known[uid] = (u.steps_lost, u.leader_killed, u.defensive_position, c.order.value,
                          c.side, hooks.is_undecided(g, u.clan), g.lead(uid))
    return p


def _surroundings(bot, uid: str, h, known: dict):
    """All that the value of the unit's forced attacks from h reads, as the
    position would be after its charge there (ctx.hypothetical: it stands
    last on h, and it moved unless it stays): the units within LOCAL_RADIUS
    with their hexes, states, Orders (the view's masking follows from the
    side), sides, undecided clans [21.4.1] and Leadership, whether the unit
    moved (assault [11.5]), and the decisive leaders [17.1] (leader_worth),
    and night and fatigue [14]. The same surroundings give the same value,
    whatever happens elsewhere. `known`: the units' parts and the decisive
    leaders, as the position has them."""
    g = bot.ctx.game
    disc = _DISCS.get(h)
    if disc is None:
        disc = _DISCS[h] = tuple(hexes_within(h, LOCAL_RADIUS))
    occ = g._occ
    stays = g.state.units[uid].hex == h
    parts = []
    for x in disc:
        for o in occ.get(x, ()):
            if o != uid or stays:
                parts.append((o, x, _part(g, o, known)))
        if x == h and not stays:
            parts.append((uid, h, _part(g, uid, known)))
    decisive = known.get(_DECISIVE)
    if decisive is None:
        decisive = known[_DECISIVE] = tuple(frozenset(decisive_leaders(g, s))
                                            for s in g.side_ids)
    moved = not stays or uid in g.state.moved
    return (uid, h, moved, tuple(parts), g.is_night(), g.is_fatigue(), decisive)


def charge_value(bot, clan: str) -> float | None:
    """The best charge [6.3] a spearhead of the clan can make: the value of
    its attacks from the best end it may choose; None when no charge reaches
    an enemy."""
    g = bot.ctx.game

    def compute():
        best = None
        free = [u.id for u in g.state.clan_units(clan)
                if u.id not in bot.decisive and not zoc.is_in_ezoc(g, u.id)]
        free.sort(key=lambda uid: (g.state.units[uid].steps_lost, -_strength(g, uid), uid))
        for uid in free[:SPEARHEADS_JUDGED]:
            if beyond_reach(g, uid, CHARGE_MP):
                continue
            for t in charge_paths.charge_targets(g, uid):
                for h in charge_paths.spearhead_destinations(g, uid, t):
                    v = unit_contact_value(bot, uid, h)
                    if v is not None and (best is None or v > best):
                        best = v
        return best

    return bot._cached(("charge", clan), compute)


def free_charge_pays(bot, clan: str, current: m.Order) -> bool:
    """Is Attack worth more than Defense to a clan in contact? Units in an
    EZoC attack under either order [8.2] [8.4] [11.1], and Defense adds the
    choice of [11.2], Firepower against assaults (Yari Fusuma, not Hangeki
    [11.5]) and no forced advance [11.12]: Attack only pays for the charge
    [6.3] of the clan's units still free of an EZoC."""
    cv = charge_value(bot, clan)
    threshold = bot.level.attack_threshold - DESPERATE_ODDS * bot.boldness()
    if current == ATTACK:
        threshold -= 0.3  # no flip-flopping on the margin
    return cv is not None and cv >= threshold


def _strength(g, uid: str) -> int:
    d = g.unit_defs[uid]
    return d.elan + d.mass + d.fire


def enemy_distance(bot, clan: str) -> int:
    """Hexes from the clan to the nearest enemy it can bring to battle: a
    question of the position alone."""
    return bot._positional(("enemy-distance", clan), lambda: _enemy_distance(bot, clan))


def _enemy_distance(bot, clan: str) -> int:
    g = bot.ctx.game
    foes = bot._positional("attackable-foes", lambda: [
        e.hex for e in bot.ctx.enemy_units() if attackable(g, bot.side, e.id)])
    best = None
    for u in g.state.clan_units(clan):
        q, r = u.hex
        for fq, fr in foes:  # hex_distance, inlined: a clan against every foe
            dq, dr = fq - q, fr - r
            d = (abs(dq) + abs(dr) + abs(dq + dr)) >> 1
            if best is None or d < best:
                best = d
    return 99 if best is None else best


def open_objective(bot, clan: str) -> bool:
    """The clan's objective hex stands empty: a march [6.5] can take it."""
    h = bot.clan_objective(clan)
    return h is not None and not bot.ctx.game.occupants(h)


def exposed(bot, clan: str) -> bool:
    """A unit of the clan in an EZoC is one bad result from elimination: every
    combat there [8.2]-[8.5] risks its Elan (VP [17.1]) and its leader
    (Bundori [11.10]) while it can do little harm, and a withdrawal [8.5]
    only gives ground. (The mean wear of a clan of fresh units hides it.)"""
    g = bot.ctx.game
    return any(u.steps_lost >= EXPOSED_STEPS and zoc.is_in_ezoc(g, u.id)
               for u in g.state.clan_units(clan))


def wanted_order(bot, clan: str) -> m.Order:
    g = bot.ctx.game
    lv = bot.level
    current = bot.ctx.order(clan)
    units = g.state.clan_units(clan)
    if not units:
        return current
    s = fortress.clan_siege(g, clan)
    if s is not None:
        return siege_eval.siege_order(bot, clan, s)  # [15.6] [15.8]
    if any(u.id in bot.decisive for u in units) and bot.ctx.order(clan) == DEFENSE:
        return DEFENSE  # the commander's own clan holds: his death ends the battle [17.1]
    if any(u.hex in bot.objective_hexes_held() for u in units) and \
            contact_value(bot, clan, attack=True) is None:
        return DEFENSE  # it holds VP [17.1] [21.7.3]: it stays
    if wear(g, clan) >= lv.regroup_wear:
        return REGROUP
    value = contact_value(bot, clan, attack=True)
    if exposed(bot, clan) and (value is None or value < lv.attack_threshold) and \
            not any(u.hex in bot.objective_hexes_held() for u in units):
        return REGROUP  # withdraw it before the next combat gives away its Elan [17.1]
    if value is None and siege_eval.storm_target(bot, clan) is not None:
        return ATTACK  # [15.3] only a clan in Attack enters an enemy-held fortress
    if value is not None:
        keep = 0.15 if current == ATTACK else 0.0  # no flip-flopping on the margin
        keep += DESPERATE_ODDS * bot.boldness()
        if value >= lv.attack_threshold - keep and free_charge_pays(bot, clan, current):
            return ATTACK
        forced = contact_value(bot, clan, attack=False)
        held = any(u.hex in bot.objective_hexes_held() for u in units)
        if forced is not None and forced < lv.withdraw_below and not held:
            return REGROUP  # a contact that bleeds us: withdraw [8.5]
        return DEFENSE
    dist = enemy_distance(bot, clan)
    if bot.is_offensive():
        if dist <= CHARGE_REACH + 1:
            cv = charge_value(bot, clan)
            threshold = lv.attack_threshold - DESPERATE_ODDS * bot.boldness()
            if current == ATTACK:
                threshold -= 0.3  # no flip-flopping on the margin
            if cv is not None and cv >= threshold:
                return ATTACK
            if open_objective(bot, clan):
                return MOVEMENT  # VP a march can take [6.5] [17.1]: no time to wait
            # hold at a distance; out of Attack, Movement is the easier change [8.1]
            return current if current in (DEFENSE, MOVEMENT) else MOVEMENT
        return MOVEMENT
    if bot.clan_objective(clan) is not None:
        return MOVEMENT
    if current == REGROUP and wear(g, clan) > 0 and dist > CHARGE_REACH:
        return REGROUP  # finish rallying
    return DEFENSE


def forced_bad_charge(bot, clan: str) -> bool:
    """A clan in Attack out of contact that would have to charge [6.3] badly
    if its order change [8.1] failed."""
    if bot.ctx.order(clan) != m.Order.ATTACK or contact_value(bot, clan) is not None:
        return False
    cv = charge_value(bot, clan)
    return cv is not None and cv < bot.level.attack_threshold and \
        wanted_order(bot, clan) != m.Order.ATTACK


def clan_urgency(bot, clan: str) -> float:
    """How much an activation of the clan is worth now."""
    g = bot.ctx.game
    units = g.state.clan_units(clan, on_map_only=False)
    if not units:
        return -1.0
    if g.state.clans[clan].off_map:
        return 2.0 + (1.0 if bot.is_offensive() else 0.0)
    score = 0.0
    order = bot.ctx.order(clan)
    want = wanted_order(bot, clan)
    if want != order:
        score += 1.5
    if forced_bad_charge(bot, clan):
        score += 2.0  # its activation starts with the order change that spares it [8.1]
    value = contact_value(bot, clan)
    if value is not None:
        score += 2.0 + max(-1.0, min(2.0, value))
    dist = enemy_distance(bot, clan)
    if order in (m.Order.ATTACK, m.Order.MOVEMENT):
        score += max(0.0, 2.0 - dist / 4)
    if order == m.Order.REGROUP and wear(g, clan) > 0:
        score += 1.0
    if bot.clan_objective(clan) is not None:
        score += 1.0
    return score + len(units) * 0.05


def order_change(bot, d):
    """[8.1] try for the wanted order; keep the current one otherwise."""
    clan = d.prompt.split()[1]
    want = wanted_order(bot, clan)
    for o in d.options:
        if o.value == want.value:
            return o.value
    return "keep"


def initiative_clan(bot, d):
    """[7.2.4] a clan whose order is wrong for its situation; the free
    choice only when the gain is worth the risk of a natural 1."""
    best, gain = "pass", 0.0
    g = bot.ctx.game
    for o in d.options:
        if o.value == "pass":
            continue
        clan = o.value
        current = bot.ctx.order(clan)
        want = wanted_order(bot, clan)
        if want == current:
            continue
        pressed = "EZoC" in o.label
        engaged = any(zoc.is_in_ezoc(g, u.id) for u in g.state.clan_units(clan))
        if current == ATTACK and want == REGROUP and engaged:
            # in contact, stuck in Attack (Regroup needs a 5 [8.1]) and wanting
            # out (worn or bled): a success and a natural 1 both withdraw it
            # [7.2.4] before its next forced attack [7.2.2] [11.1]
            best, gain = clan, 3.0
            continue
        if current == ATTACK and want == DEFENSE and not pressed:
            continue  # the clan fights either way; a natural 1 would withdraw it [7.2.4]
        if not pressed and any(u.hex in bot.objective_hexes_held()
                               for u in g.state.clan_units(clan)):
            continue  # a natural 1 would withdraw it from the VP it holds [7.2.4] [17.1]
        score = 2.0 if pressed else (1.0 if want in (ATTACK, MOVEMENT) else 0.5)
        if engaged and want == REGROUP:
            score -= 0.5  # a failure there withdraws anyway
        if score > gain:
            best, gain = clan, score
    return best


def initiative_order(bot, d):
    clan = d.prompt.split()[1]
    want = wanted_order(bot, clan).value
    values = [o.value for o in d.options]
    return want if want in values else values[0]


def ignore_across_river(bot, d):
    """[8.1] keep attacking across a river only when the side must attack."""
    return not bot.is_offensive()
