"""Battle plans [10] and Defensive Positions [11.8]: which sheet to take,
when to save CP toward an inactive plan and roll for it, which tactic to log
for which clans, and (as the opponent) when to play Katta! Katta!.

Values are in the unit of orders.clan_urgency (what one activation of a
clan is worth now), so that a tactic is weighed against the clan chits the
same CP would buy. The bot reads only its own sheet (the PlayerView shows it
to its owner) and the public position; the opponent's plan stays hidden."""

from __future__ import annotations

import itertools
import math
from fractions import Fraction

from tenkatoitsu.hexmap import Hex, hex_distance
from tenkatoitsu.kinds.battle.heuristic.orders import (
    CHARGE_REACH,
    PLAN_SAMPLE,
    SPEARHEADS_JUDGED,
    beyond_reach,
    charge_value,
    clan_urgency,
    contact_value,
    enemy_distance,
    unit_contact_value,
    wanted_order,
)
from tenkatoitsu.kinds.battle.heuristic.strategy import hold_hexes, wear
from tenkatoitsu.kinds.battle.queries import charge_paths, zoc
from tenkatoitsu.kinds.battle.queries.attacks import attack_groups, group_plans
from tenkatoitsu.kinds.battle.queries.odds import TWO_D6
from tenkatoitsu.kinds.battle.rules import battle_plan as bp
from tenkatoitsu.kinds.battle.rules.tactics import TOTSUGEKI_MP
from tenkatoitsu.kinds.battle.rules.victory import holds
from tenkatoitsu.kinds.battle.scenario import model as m

ATTACK, DEFENSE, MOVEMENT, REGROUP = (m.Order.ATTACK, m.Order.DEFENSE, m.Order.MOVEMENT,
                                      m.Order.REGROUP)

# ---------------------------------------------------------------- the sheet [10.1]

#: what one use of a tactic is worth to a side that must attack / may hold
TACTIC_WORTH = {"totsugeki": (1.2, 0.7), "kotai": (0.5, 0.9), "kido": (1.5, 0.9),
                "ashibaya": (0.7, 0.4)}
MARKER_WORTH = (0.2, 0.8)  # one Defensive Position marker [11.8]
KATTA_COST = (0.4, 0.9)  # one Katta! Katta! handed to the opponent [10.4.2]
RESTRICTED_ORDER_COST = 0.8  # a clan that may not start in the order it wants [10.1]
TACTICS_PER_TURN = 0.7  # how many tactics a side can afford a turn (1-3 CP)
NEAR_EQUAL = 2.0  # sheets this close to the best may be drawn (not predictable) ...
SHEET_TEMPERATURE = 0.5  # ... the better, the likelier


def _turns_left(game) -> int:
    return max(1, game.scenario.turns.last - game.state.turn + 1)


def plan_worth(bot, plan: m.BattlePlan, active: bool) -> float:
    """What the sheet brings this side over the game."""
    g = bot.ctx.game
    k = 0 if bot.is_offensive() else 1
    clans = [c for c in g.clans_of(bot.side) if g.state.clan_units(c, on_map_only=False)]
    off_map = [c for c in clans if g.state.clans[c].off_map]
    turns = _turns_left(g)
    if not active:  # [10.2] the turns spent saving for an even chance and rolling
        day = bp.activation_modifier(g, bot.side) - (bp.NIGHT_MODIFIER if g.is_night() else 0)
        turns -= 1 + needed_cp(0, day) / MEAN_SPARE
    if turns <= 0:
        return 0.0
    uses = []
    for t in plan.tactics:
        w = TACTIC_WORTH.get(t.name, (0.5, 0.5))[k]
        if t.name == "kido":
            w *= min(4, len(clans)) / 3  # [10.4.4] up to four clans at once
        elif t.name == "ashibaya" and off_map:
            w += 0.5  # [10.4.5] an off-map clan enters with 6 MP
        uses += [w / (t.cost or 1) ** 0.5] * t.count
    uses.sort(reverse=True)
    worth = sum(uses[:max(1, round(turns * TACTICS_PER_TURN))])
    on_map = len(g.units_on_map(bot.side))
    markers = min(bp.ability_count(plan, bp.DEFENSIVE_POSITIONS), on_map)
    # [11.8] an inactive plan places them later, only out of an EZoC
    worth += markers * MARKER_WORTH[k] * (1.0 if active else 0.5)
    worth -= bp.ability_count(plan, bp.KATTA) * KATTA_COST[k] * (1.0 if active else 0.6)
    if active:  # [10.1] clans whose order the sheet forbids must take another
        allowed = bp.allowed_orders(plan)
        for c in clans:
            if not g.state.clans[c].off_map and g.order_of(c) not in allowed and \
                    wanted_order(bot, c) not in allowed:
                worth -= RESTRICTED_ORDER_COST
    return worth


def choose_plan(bot, d):
    """[10.1] the sheet that suits the side, drawn among the near-best
    (weights falling off exponentially with the gap to the best)."""
    g = bot.ctx.game
    plans = {p.id: p for p in g.scenario.battle_plans()}
    active = g.state.honjins[bot.side].plan_active
    scored = [(plan_worth(bot, plans[o.value], active), o.value) for o in d.options
              if o.value in plans]
    if not scored:
        return d.options[0].value
    best = max(s for s, _ in scored)
    near = sorted((v, math.exp((s - best) / SHEET_TEMPERATURE)) for s, v in scored
                  if s >= best - NEAR_EQUAL)
    return bot.rng.choices([v for v, _ in near], weights=[w for _, w in near])[0]


def initial_order(bot, d):
    """[10.1] the order the clan wants if the sheet allows it, else the nearest in spirit."""
    clan = d.context.get("clan")
    values = [o.value for o in d.options]
    want = wanted_order(bot, clan) if clan else None
    prefs = [want, ATTACK, MOVEMENT, DEFENSE, REGROUP] if bot.is_offensive() else \
        [want, DEFENSE, MOVEMENT, ATTACK, REGROUP]
    for o in prefs:
        if o is not None and o.value in values:
            return o.value
    return values[0]


def plan_order(bot, d):
    """[10.2] activation gives each free clan its wanted order without a roll."""
    clan = d.context.get("clan")
    want = wanted_order(bot, clan).value
    return want if any(o.value == want for o in d.options) else bp.KEEP


# ---------------------------------------------------------------- activation [10.2]

SUCCESS_WANTED = 0.55  # the chance of success worth a roll with turns to spare
ACTIVE_TURNS_WANTED = 3  # an activation later than this before the end is not worth saving
MEAN_SPARE = 1.5  # CP a turn the side can usually spare


def success_chance(saved: int, modifier: int) -> float:
    """[10.2] P(2D6 + modifier <= saved CP), exact."""
    hits = sum(n for total, n in TWO_D6.items() if total + modifier <= saved)
    return float(Fraction(hits, 36))


def needed_cp(saved: int, modifier: int) -> int:
    """CP to save for a SUCCESS_WANTED chance."""
    n = max(0, saved)
    while success_chance(n, modifier) < SUCCESS_WANTED:
        n += 1
    return n


def urgent(bot, clan: str) -> bool:
    """A clan that needs its chit this turn: in contact, off the map when the
    side must come on, wanting a new order near the enemy, or about to charge."""
    g = bot.ctx.game
    units = g.state.clan_units(clan, on_map_only=False)
    if not units:
        return False
    if g.state.clans[clan].off_map:
        return bot.is_offensive()
    if contact_value(bot, clan) is not None or any(zoc.is_in_ezoc(g, u.id) for u in units):
        return True
    dist = enemy_distance(bot, clan)
    order = bot.ctx.order(clan)
    if wanted_order(bot, clan) != order and dist <= CHARGE_REACH + 3:
        return True
    return order == ATTACK and dist <= CHARGE_REACH + 1


def plan_cp(bot, d):
    """[10.2] save the CP no urgent clan needs, while an activation can still
    come early enough to pay (never the chits of clans in contact)."""
    ctx = d.context
    cp, saved, mod = ctx.get("cp", 0), ctx.get("saved", 0), ctx.get("modifier", 0)
    g = bot.ctx.game
    need = needed_cp(saved, mod) - saved
    turns_to_save = -(-need // MEAN_SPARE) if need > 0 else 0
    if _turns_left(g) - turns_to_save < ACTIVE_TURNS_WANTED:
        return 0
    busy = sum(1 for c in g.clans_of(bot.side) if urgent(bot, c))
    spare = max(0, cp - busy)
    return min(spare, max(need, 0), cp)


def plan_attempt(bot, d):
    """[10.2] roll when the exact chance is good; the nearer the end, the
    smaller the chance worth taking (saved CP are worth nothing at the end)."""
    p = success_chance(d.context.get("saved", 0), d.context.get("modifier", 0))
    left = _turns_left(bot.ctx.game)
    wanted = SUCCESS_WANTED if left > 4 else (0.4 if left > 2 else 0.05)
    return p >= wanted


# ---------------------------------------------------------------- tactics [10.3] [10.4]

BOWL_BONUS = 0.5  # as command.select_chit: a chit in the Bowl beats one on the Delay Track
KIDO_ONE_COST = 1.5  # [10.4.4] an unmodified 1: Regroup, the opponent withdraws the clan
KIDO_ONE_COST_FREE = 0.5  # the same for a clan out of any EZoC


def _value_or_none(*values):
    vals = [v for v in values if v is not None]
    return max(vals) if vals else None


def totsugeki_reach(bot, clan: str) -> float | None:
    """[10.4.1] the best forced attack after a 5 MP charge of one of the
    clan's free units (None when none reaches an enemy)."""
    g = bot.ctx.game

    def compute():
        best = None
        free = sorted((u.id for u in g.state.clan_units(clan)
                       if u.id not in bot.decisive and not zoc.is_in_ezoc(g, u.id)),
                      key=lambda uid: (g.state.units[uid].steps_lost, uid))
        for uid in free[:SPEARHEADS_JUDGED]:
            if beyond_reach(g, uid, TOTSUGEKI_MP):
                continue
            for t in charge_paths.charge_targets(g, uid):
                for h in charge_paths.spearhead_destinations(g, uid, t, TOTSUGEKI_MP):
                    best = _value_or_none(best, unit_contact_value(bot, uid, h))
        return best

    return bot._cached(("totsugeki", clan), compute)


def totsugeki_gain(bot, clan: str) -> float | None:
    """[10.4.1] Attack without the order roll, a 5 MP charge, assaults +2."""
    g = bot.ctx.game
    if g.state.clans[clan].off_map or wear(g, clan) >= bot.level.regroup_wear:
        return None
    if any(u.id in bot.decisive for u in g.state.clan_units(clan)):
        # the commander's own clan holds (orders.wanted_order): a charge may
        # make him the spearhead [6.3.1], and his death ends the battle [17.1]
        return None
    contact = contact_value(bot, clan, attack=True)
    reach = totsugeki_reach(bot, clan)
    value = _value_or_none(contact, reach)
    if value is None or value < bot.level.attack_threshold:
        return None
    gain = 0.3 * min(value, 3.0)
    if bot.ctx.order(clan) != ATTACK:
        gain += 0.6  # no order change roll to fail [8.1]
    if reach is not None and reach >= bot.level.attack_threshold:
        gain += 0.5  # its chargers assault with +2 [10.4.1]
    return gain


def kotai_gain(bot, clan: str) -> float | None:
    """[10.4.3] a worn or losing clan in contact withdraws without pursuit."""
    g = bot.ctx.game
    units = g.state.clan_units(clan)
    engaged = [u for u in units if zoc.is_in_ezoc(g, u.id)]
    if not engaged:
        return None
    worn = wear(g, clan) >= bot.level.regroup_wear
    forced = contact_value(bot, clan, attack=False)
    losing = forced is not None and forced < bot.level.withdraw_below
    if not (worn or losing or wanted_order(bot, clan) == REGROUP):
        return None
    if any(u.hex in bot.objective_hexes_held() for u in units) and not worn:
        return None  # it holds VP: it stays [17.1]
    gain = 0.6 + 0.4 * wear(g, clan) + 0.3 * len(engaged)  # no pursuit [6.7]
    if bot.ctx.order(clan) != REGROUP:
        gain += 0.5  # Regroup without the order roll [8.1]
    if bot.ctx.order(clan) == ATTACK:
        gain += 0.7  # ... which from Attack needs a 5 [8.1]: else it attacks again [11.2]
    return gain


def kido_candidates(bot) -> list[tuple[str, float]]:
    """[10.4.4] clans that should strike now, with what each adds."""
    g = bot.ctx.game
    out = []
    for clan in bp.tactic_clans(g, bot.side, "kido", []):
        if wanted_order(bot, clan) not in (ATTACK, DEFENSE):
            continue  # in contact it may want Defense and still strike [8.2]
        value = _value_or_none(contact_value(bot, clan, attack=True), charge_value(bot, clan))
        if value is None or value < bot.level.attack_threshold:
            continue
        lead = g.clan_lead(clan)
        p_act = 5 / 6 if lead >= 1 else 4 / 6  # 1D6 + Leadership >= 3
        engaged = any(zoc.is_in_ezoc(g, u.id) for u in g.state.clan_units(clan))
        one = KIDO_ONE_COST if engaged else KIDO_ONE_COST_FREE
        out.append((clan, p_act * (0.5 + 0.3 * min(value, 2.0)) - one / 6))
    out.sort(key=lambda cv: (-cv[1], cv[0]))
    return out[:bp.MAX_CLANS["kido"]]


def ashibaya_candidates(bot) -> list[tuple[str, float]]:
    """[10.4.5] clans far from the fight that should march to it (an
    off-map clan enters with 6 MP)."""
    g = bot.ctx.game
    out = []
    for clan in bp.tactic_clans(g, bot.side, "ashibaya", []):
        if g.state.clans[clan].off_map:
            if bot.is_offensive():
                out.append((clan, 1.0))
            continue
        units = g.state.clan_units(clan)
        if any(zoc.is_in_ezoc(g, u.id) for u in units) or wanted_order(bot, clan) != MOVEMENT:
            continue
        dist = enemy_distance(bot, clan)
        if dist > CHARGE_REACH + 2 or bot.clan_objective(clan) is not None:
            out.append((clan, 0.6 + 0.05 * min(dist, 12)))
    out.sort(key=lambda cv: (-cv[1], cv[0]))
    return out[:bp.MAX_CLANS["ashibaya"]]


def tactic_pick(bot, tactic: str) -> tuple[list[str], float] | None:
    """The clans the tactic should go to and its gain over plain activations."""
    g = bot.ctx.game
    if tactic in ("totsugeki", "kotai"):
        fn = totsugeki_gain if tactic == "totsugeki" else kotai_gain
        best = None
        for clan in bp.tactic_clans(g, bot.side, tactic, []):
            gain = fn(bot, clan)
            if gain is not None and (best is None or gain > best[1]):
                best = ([clan], gain)
        return best
    if tactic == "kido":
        cands = kido_candidates(bot)
        if len(cands) < 2:
            return None  # one clan: a Totsugeki or its own chit does it without the risk
        return [c for c, _ in cands], sum(v for _, v in cands)
    if tactic == "ashibaya":
        cands = ashibaya_candidates(bot)
        if not cands:
            return None
        return [c for c, _ in cands], sum(v for _, v in cands)
    return None


def reserve_margin(bot, tactic: str) -> float:
    """How much a tactic must gain to be used now: more while few are left
    and many turns remain (keep them for the right moment)."""
    g = bot.ctx.game
    left = bp.tactics_left(g, bot.side).get(tactic, 0)
    scarcity = max(0.0, 1.0 - 2.0 * left / _turns_left(g))
    return 0.4 + 0.6 * scarcity


def choose_tactic(bot, d, chit_scores: dict[str, float]):
    """[10.3] the tactic option worth more than the chits its CP would buy,
    or None. `chit_scores`: clan -> the score of its chit option.

    The CP budget buys either the best chits, or the tactic's clans plus the
    best chits the rest of the CP buy; the tactic's gain must beat the
    difference by the reserve margin."""
    g = bot.ctx.game
    h = g.state.honjins[bot.side]  # this side's own sheet (its PlayerView shows it)
    plan = bp.plan_of(g, bot.side)
    if plan is None:
        return None
    budget = h.cp
    ranked = sorted(chit_scores.values(), reverse=True)
    without = sum(s for s in ranked[:budget] if s > 0)
    best, best_net = None, 0.0
    for o in d.options:
        if not (isinstance(o.value, str) and o.value.startswith("tactic:")):
            continue
        name = o.value.split(":", 1)[1]
        pick = tactic_pick(bot, name)
        if pick is None:
            continue
        clans, gain = pick
        cost = bp.tactic_cost(g, bot.side, next(t for t in plan.tactics if t.name == name))
        rest = sorted((s for c, s in chit_scores.items() if c not in clans), reverse=True)
        with_ = gain + sum(clan_urgency(bot, c) + BOWL_BONUS for c in clans) + \
            sum(s for s in rest[:max(0, budget - cost)] if s > 0)
        net = with_ - without - reserve_margin(bot, name)
        if net > best_net:
            best, best_net = (o.value, name, clans), net
    if best is None:
        return None
    bot.memory["tactic-clans"] = (best[1], best[2])
    return best[0]


def tactic_clan(bot, d):
    """[10.3] the clans chosen with the tactic, in order; then done."""
    tactic = d.context.get("tactic")
    chosen = d.context.get("chosen") or []
    values = [o.value for o in d.options]
    name, clans = bot.memory.get("tactic-clans", (None, []))
    if name == tactic:
        for c in clans:
            if c not in chosen and c in values:
                return c
    if bp.DONE in values:
        return bp.DONE
    return max(values, key=lambda c: (clan_urgency(bot, c), c))


_ORDER_RANK = {REGROUP: 0, DEFENSE: 1, MOVEMENT: 2, ATTACK: 3}


def kido_move(bot, d):
    """[10.4.4] c. the clans that clear the way (Regroup, Defense) first, the
    attackers last so that they charge beside the others."""
    return min(d.options, key=lambda o: (_ORDER_RANK.get(bot.ctx.order(o.value), 2),
                                         -clan_urgency(bot, o.value), o.value)).value


def ashibaya_move(bot, d):
    """[10.4.5] the clan nearer the enemy first: it does not block the road
    of the one behind; an off-map clan enters last."""
    g = bot.ctx.game
    return min(d.options, key=lambda o: (g.state.clans[o.value].off_map,
                                         enemy_distance(bot, o.value), o.value)).value


# ---------------------------------------------------------------- Katta! Katta! [10.4.2]

KATTA_WORTH = 0.3  # the harm a forced attack must do to be worth the chit


def forced_attack_value(bot, clan: str) -> float | None:
    """The best plan the opponent's clan could make were all its units in
    contact forced to attack [11.2] (for its owner); None out of contact."""
    g = bot.ctx.game
    units = [u.id for u in g.state.clan_units(clan)]

    def compute():
        with bot.ctx.masked():
            groups = attack_groups(g, g.clan_side(clan), units)
        if not groups:
            return None
        total = 0.0
        for grp in groups:
            plans = itertools.islice(group_plans(grp, frozenset(grp.attackers)), PLAN_SAMPLE)
            total += max(map(bot.judge.plan_value, plans), default=0.0)
        return total

    return bot._cached(("forced", clan), compute)


def katta_harm(bot, clan: str) -> float:
    """What the switch to Attack and a Clan phase [10.4.2] costs the clan's
    owner: a bad forced attack, or leaving an objective or good ground."""
    g = bot.ctx.game
    units = g.state.clan_units(clan)
    if not units:
        return -1.0
    victim = g.clan_side(clan)
    order = bot.ctx.order(clan)
    forced = forced_attack_value(bot, clan)
    if forced is not None:
        harm = -forced
        if order == ATTACK:
            harm -= 0.8  # it would attack anyway: the chit only gives it an activation
    elif order == ATTACK:
        harm = -0.5  # a free activation of a clan already in Attack
    else:  # out of contact: it is stuck in Attack until an order change succeeds [8.1]
        harm = 0.1
        if any(holds(g, victim, [u.hex]) and _objective_of(g, victim, u.hex) for u in units):
            harm += 0.8  # it must charge off what gives it VP [17.1]
        harm += 0.3 * max(0.0, max(bot.ctx.ground(u.hex) for u in units))
        near = min((hex_distance(u.hex, e.hex) for u in units for e in bot.ctx.my_units()),
                   default=99) <= CHARGE_REACH + 1
        if near:
            harm += 0.3  # it charges into us on our ground
            if any(u.id in bot.enemy_decisive for u in units):
                harm += 1.0  # the commander charges: his death ends the battle [17.1]
    return harm


def _objective_of(game, side: str, h: Hex) -> bool:
    if h in hold_hexes(game):
        return True
    return any(s.hex == h and s.side == side for s in game.scenario.map.stars)


def _victim_clans(bot, victim: str) -> list[str]:
    g = bot.ctx.game
    return [c for c in g.clans_of(victim)
            if not g.state.clans[c].off_map and g.state.clan_units(c)]


def katta_katta(bot, d):
    """[10.4.2] into the Bowl when one of the owner's clans would be hurt by
    a forced Attack."""
    victim = d.context.get("victim") or bot.ctx.enemy
    return max((katta_harm(bot, c) for c in _victim_clans(bot, victim)),
               default=-1.0) >= KATTA_WORTH


def katta_clan(bot, d):
    """[10.4.2] the clan whose forced Attack hurts its owner most."""
    return max(d.options, key=lambda o: (katta_harm(bot, o.value), o.value)).value


# ---------------------------------------------------------------- Defensive Position [11.8]

def marker_score(bot, uid: str) -> float:
    """[11.8] a marker helps a unit in Defense that will be attacked where it
    stands: on an objective, on good ground, facing the enemy."""
    g = bot.ctx.game
    u = g.state.units[uid]
    s = bot.ctx.ground(u.hex)
    if u.hex in bot.objective_hexes_held() or _objective_of(g, bot.side, u.hex):
        s += 2.0
    order = bot.ctx.order(u.clan)
    s += 1.0 if order == DEFENSE else (-0.5 if order in (ATTACK, MOVEMENT) else 0.0)
    foe = min((hex_distance(u.hex, e.hex) for e in bot.ctx.enemy_units()), default=9)
    s += 0.4 * max(0, 4 - foe)
    if uid in bot.decisive:
        s += 1.5  # the commander's hex: his death ends the battle [17.1]
    d = g.unit_defs[uid]
    return s + 0.1 * (d.mass + d.fire)


def defensive_position(bot, d):
    return max(d.options, key=lambda o: (marker_score(bot, o.value), o.value)).value
