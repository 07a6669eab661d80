"""Combat choices [11]: the attack plan, the order of combats, Leadership,
who takes the losses, rout [11.11] and advance [11.12].

Every combat is judged by its exact odds [11.6] (the two 2D6 with all the
breakdown's modifiers, odds.result_distribution) weighed by what each loss
costs the side that suffers it (strategy.unit_worth): a step is a quarter of
the unit, an elimination all of it, and a leader at risk [11.10] his worth
times the chance that he dies."""

from __future__ import annotations

from tenkatoitsu.core.memo import per_position
from tenkatoitsu.hexmap import Hex
from tenkatoitsu.kinds.battle.heuristic.strategy import (
    decisive_leaders,
    hold_stake,
    leader_worth,
    unit_worth,
)
from tenkatoitsu.kinds.battle.queries import zoc
from tenkatoitsu.kinds.battle.queries.attacks import Combat, combat_breakdown
from tenkatoitsu.kinds.battle.queries.combat_modifiers import Leadership
from tenkatoitsu.kinds.battle.queries.odds import result_distribution
from tenkatoitsu.kinds.battle.scenario import model as m
from tenkatoitsu.kinds.battle.scenario.results import Hit, parse_result

RETREAT_COST = 0.15  # a retreat [11.7] gives ground; a step if it cannot
#: share of a hold hex's VP lost when its last defender retreats or dies: the
#: winner may advance into it [11.12], though the game may yet retake it
HOLD_LOSS = 0.6


def _unit_key(game, uid: str):
    u = game.state.units[uid]
    # a step lost or a leader killed changes no version: they are in the key
    return (game.version, uid, u.steps_lost, u.leader_killed)


@per_position(key=_unit_key)
def _unit_terms(game, uid: str) -> tuple[float, float, int]:
    """The unit's body and leader worth and its hold stake: what every hit
    priced on it reads (the judge prices thousands a decision)."""
    lw = leader_worth(game, uid)
    return unit_worth(game, uid) - lw, lw, hold_stake(game, uid)


def hit_cost(game, uid: str, hit) -> float:
    """What `hit` costs the unit's side."""
    if hit is None:
        return 0.0
    u = game.state.units[uid]
    body, lw, hold = _unit_terms(game, uid)
    dies = hit.eliminated or u.steps_lost + hit.steps >= 4
    stake = HOLD_LOSS * hold if (hit.retreat or dies) else 0.0
    if dies:
        return body + lw * 4 / 6 + stake  # [11.10] an eliminated unit's leader dies on 1-4
    cost = body * 0.22 * hit.steps * (1 + 0.3 * u.steps_lost)
    if hit.steps >= 2:
        cost += lw / 6  # [11.10] two steps: the leader dies on a 1
    if hit.retreat:
        cost += RETREAT_COST * body + stake
    return cost


def loss_cost(game, units, loss) -> float:
    """The cheapest way for the owner to take `loss` (he chooses the first unit)."""
    if loss is None or not units:
        return 0.0
    others = {u: hit_cost(game, u, loss.others) for u in units}
    total_others = sum(others.values())
    return min(hit_cost(game, u, loss.first) + total_others - others[u] for u in units)


class CombatJudge:
    """Expected value of combats for one side, cached until the position changes."""

    def __init__(self, ctx, level):
        self.ctx = ctx
        self.level = level
        self._key = None
        self._cache: dict = {}
        self._dists: dict = {}

    def _fresh(self):
        g = self.ctx.game
        key = (g.version, len(g.events))
        if key != self._key:
            self._key = key
            self._cache.clear()

    def distribution(self, blue: int, red: int):
        d = self._dists.get((blue, red))
        if d is None:
            d = self._dists[(blue, red)] = [
                (res, float(p)) for res, p in
                result_distribution(self.ctx.game.scenario.crt, blue, red).items()]
        return d

    def value(self, attackers, defenders, fighting=(), a_lead: Leadership | None = None,
              d_lead: Leadership | None = None) -> float:
        """Expected value for the ATTACKER's side: the defenders' losses minus
        the attackers' (weighted by the level when the attacker is this bot)."""
        self._fresh()
        key = (tuple(attackers), tuple(defenders), tuple(sorted(fighting)), a_lead, d_lead)
        v = self._cache.get(key)
        if v is not None:
            return v
        g = self.ctx.game
        with self.ctx.masked():
            bd, _ = combat_breakdown(g, list(attackers), list(defenders), fighting=fighting,
                                     attacker_leader=a_lead, defender_leader=d_lead)
        mine = g.side_of(attackers[0]) == self.ctx.side
        w_att = self.level.loss_weight if mine else 1.0
        w_def = 1.0 if mine else self.level.loss_weight
        v = 0.0
        for res, p in self.distribution(bd.blue, bd.red):
            if res.is_no_effect:
                continue
            if res.exchange:
                gain = min(hit_cost(g, d, res.defender.first) for d in defenders) * w_def
                lose = min(hit_cost(g, a, res.attacker.first) for a in attackers) * w_att
            else:
                gain = loss_cost(g, defenders, res.defender) * w_def
                lose = loss_cost(g, attackers, res.attacker) * w_att
            v += p * (gain - lose)
        self._cache[key] = v
        return v

    def best_leader_value(self, attackers, defenders, fighting=()) -> float:
        """The value with the attacker's best Leadership declaration [11.6]."""
        best = self.value(attackers, defenders, fighting)
        for uid in attackers:
            lead = self.ctx.game.lead(uid)
            if lead > 0:
                for die in (m.Die.BLUE, m.Die.RED):
                    best = max(best, self.value(attackers, defenders, fighting,
                                                Leadership(uid, lead, die)))
        return best

    def combat_value(self, c: Combat, fighting=()) -> float:
        if not c.attackers:
            return 0.0
        g = self.ctx.game
        atk = tuple(a for a in c.attackers if g.state.units[a].on_map)
        dfn = tuple(d for d in c.defenders if g.state.units[d].on_map)
        if not atk or not dfn:
            return 0.0  # an earlier combat settled it
        return self.best_leader_value(atk, dfn, fighting)

    def plan_value(self, plan) -> float:
        fighting = {a for c in plan for a in c.attackers}
        return sum(self.combat_value(c, fighting) for c in plan)


# ---------------------------------------------------------------- handlers

def attack_plan(bot, d):
    """[11.1]-[11.3] the plan with the best total expected value."""
    return max(d.options, key=lambda o: (bot.judge.plan_value(
        [Combat.from_value(c) for c in o.value]), bot.tiebreak())).value


def attack_step(bot, d):
    """One defender at a time: the best combat for it (unattacked is worth 0)."""
    return max(d.options, key=lambda o: (bot.judge.combat_value(Combat.from_value(o.value)),
                                         bot.tiebreak())).value


def combat_order(bot, d):
    """The most promising combat first: its result may open or close the others."""
    return max(d.options, key=lambda o: bot.judge.combat_value(Combat.from_value(o.value))).value


def leadership(bot, d):
    """[11.6] the declaration that serves this side best."""
    ctx = d.context or {}
    attackers, defenders = ctx.get("attackers"), ctx.get("defenders")
    if not attackers or not defenders:
        return max(d.options, key=lambda o: bot.ctx.game.lead(o.value[0])).value
    g = bot.ctx.game
    attacking = g.side_of(attackers[0]) == bot.side
    a_lead = _declared(g, ctx.get("attacker_leader"))

    def score(o):
        uid, die = o.value
        lead = Leadership(uid, g.lead(uid), m.Die(die))
        if attacking:
            return bot.judge.value(attackers, defenders, ctx.get("fighting", ()), lead)
        return -bot.judge.value(attackers, defenders, ctx.get("fighting", ()), a_lead, lead)

    return max(d.options, key=score).value


def _declared(game, value):
    """The attacker's declaration as the Decision's context gives it: [unit, die]."""
    if not value:
        return None
    uid, die = value
    return Leadership(uid, game.lead(uid), m.Die(die))


def assign_loss(bot, d):
    """[11.7] the unit the loss costs least (a leader's unit last)."""
    g = bot.ctx.game
    first = (d.context or {}).get("first")
    hit = None
    if first:
        hit = parse_result(f"d{first}").defender.first
    if hit is None:
        hit = Hit(steps=1)
    return min(d.options, key=lambda o: (hit_cost(g, o.value, hit), o.value)).value


def rout_choice(bot, d):
    """[11.11] seppuku keeps a clan that holds an objective in place, if a
    leader other than the commander can die; otherwise the clan withdraws."""
    g = bot.ctx.game
    clan = _clan_from_prompt(d.prompt)
    if clan and clan in g.state.clans:
        units = g.state.clan_units(clan)
        spare = [u.id for u in units if g.lead(u.id) > 0
                 and u.id not in decisive_leaders(g, bot.side)]
        held = any(u.hex in bot.objective_hexes_held() for u in units)
        if spare and held:
            return "seppuku"
    return "withdrawal"


def _clan_from_prompt(prompt: str) -> str | None:
    # "Clan X: withdrawal or seppuku?"
    if prompt.startswith("Clan ") and ":" in prompt:
        return prompt[5:prompt.index(":")]
    return None


def seppuku_leader(bot, d):
    g = bot.ctx.game
    return min(d.options, key=lambda o: (leader_worth(g, o.value), o.value)).value


def advance(bot, d):
    """[11.12] forced advances: onto the better ground; optional ones only
    when attacking pays, the ground is no worse and the unit stands in no
    more enemy ZoCs than before (unless the hex is an objective)."""
    g = bot.ctx.game
    ctx = bot.ctx
    real = [o for o in d.options if o.value is not None]
    gains = bot.objectives()

    def gain(o):  # a VP hex taken by the advance [17.1], not by the commander
        return 0.0 if o.value[0] in bot.decisive else gains.get(_hex(o.value[1]), 0.0)

    best = max(real, key=lambda o: (gain(o), ctx.ground(_hex(o.value[1])) -
                                    0.3 * (o.value[0] in bot.decisive), o.value[0]))
    if any(o.value is None for o in d.options):
        uid, h = best.value
        here = g.state.units[uid].hex
        if gain(best) > 0 and not hold_stake(g, uid):
            return best.value
        if not bot.level.optional_advance or uid in bot.decisive or \
                not bot.is_offensive() or ctx.ground(_hex(h)) < ctx.ground(here) or \
                (_more_exposed(g, bot.side, here, _hex(h)) and _hex(h) not in gains):
            return None
    return best.value


def _more_exposed(game, side: str, here, there) -> bool:
    """Would the advance put the unit in the ZoC of more enemy units? Each of
    them may attack it [8.2]-[8.5]; only an objective [17.1] is worth that."""
    enemy = game.enemy(side)
    return len(zoc.exerting_on(game, there, enemy)) > len(zoc.exerting_on(game, here, enemy))


def _hex(hid: str):
    return Hex.from_id(hid)
