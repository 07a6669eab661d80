"""Combat choices [11]: the attack plan, the order of combats, Leadership,
who takes the losses, rout [11.11] and advance [11.12].

Every combat is judged by its exact odds [11.6] (the two 2D6 with all the
breakdown's modifiers, odds.result_distribution) weighed by what each loss
costs the side that suffers it (strategy.unit_worth): a step is a quarter of
the unit, an elimination all of it, and a leader at risk [11.10] his worth
times the chance that he dies."""

from __future__ import annotations

from tenkatoitsu.hexmap import Hex
from tenkatoitsu.kinds.battle.heuristic.strategy import (
    decisive_leaders,
    hold_stake,
    leader_worth,
    unit_worth,
)
from tenkatoitsu.kinds.battle.queries import zoc
from tenkatoitsu.kinds.battle.queries.attacks import Combat, combat_dice
from tenkatoitsu.kinds.battle.queries.combat_modifiers import Leadership
from tenkatoitsu.kinds.battle.queries.odds import result_distribution
from tenkatoitsu.kinds.battle.scenario import model as m
from tenkatoitsu.kinds.battle.scenario.results import Hit, parse_result

RETREAT_COST = 0.15  # a retreat [11.7] gives ground; a step if it cannot
#: share of a hold hex's VP lost when its last defender retreats or dies: the
#: winner may advance into it [11.12], though the game may yet retake it
HOLD_LOSS = 0.6
PRICES = 20_000  # bound of CombatJudge._prices


def _terms(game, uid: str) -> tuple[int, float, float, int]:
    """All that pricing a hit on the unit reads: its steps lost, its body and
    leader worth and its hold stake."""
    lw = leader_worth(game, uid)
    return (game.state.units[uid].steps_lost, unit_worth(game, uid) - lw, lw,
            hold_stake(game, uid))


def _hit_cost(terms, hit) -> float:
    if hit is None:
        return 0.0
    steps_lost, body, lw, hold = terms
    dies = hit.eliminated or steps_lost + hit.steps >= 4
    stake = HOLD_LOSS * hold if (hit.retreat or dies) else 0.0
    if dies:
        return body + lw * 4 / 6 + stake  # [11.10] an eliminated unit's leader dies on 1-4
    cost = body * 0.22 * hit.steps * (1 + 0.3 * steps_lost)
    if hit.steps >= 2:
        cost += lw / 6  # [11.10] two steps: the leader dies on a 1
    if hit.retreat:
        cost += RETREAT_COST * body + stake
    return cost


def _loss_cost(terms, loss) -> float:
    if loss is None or not terms:
        return 0.0
    others = [_hit_cost(t, loss.others) for t in terms]
    total_others = sum(others)
    return min(_hit_cost(t, loss.first) + total_others - o for t, o in zip(terms, others))


def hit_cost(game, uid: str, hit) -> float:
    """What `hit` costs the unit's side."""
    if hit is None:
        return 0.0
    return _hit_cost(_terms(game, uid), hit)


def loss_cost(game, units, loss) -> float:
    """The cheapest way for the owner to take `loss` (he chooses the first unit)."""
    if loss is None or not units:
        return 0.0
    return _loss_cost([_terms(game, u) for u in units], loss)


#: id(CRT) -> (the CRT, its distributions, its prices): shared by every
#: judge of every game (the entry keeps the CRT and its results, and so
#: their ids, alive)
_CRTS: dict[int, tuple] = {}


def _crt_tables(crt) -> tuple[dict, dict]:
    """The CRT's results with their chances for each (blue, red), the
    no-effects left out (worth nothing), and its prices for each loss
    weight (CombatJudge._prices)."""
    hit = _CRTS.get(id(crt))
    if hit is None:
        hit = _CRTS[id(crt)] = (crt, {}, {})
    return hit[1], hit[2]


class CombatJudge:
    """Expected value of combats for one side, cached until the position changes.

    Within a position the dice of a combat are read once for each set of
    fighting units, a Leadership declaration only adds its value to its die
    [11.6], and the value of a pair of dice is priced once."""

    def __init__(self, ctx, level):
        self.ctx = ctx
        self.level = level
        self._key = None
        self._cache: dict = {}
        self._best: dict = {}  # (attackers, defenders, fighting) -> best_leader_value
        self._dice: dict = {}  # (attackers, defenders, fighting) -> undeclared (blue, red)
        self._combats: dict = {}  # (attackers, defenders) -> its entry of _prices
        self._dists, prices = _crt_tables(ctx.game.scenario.crt)
        #: (attacker is this side, the attackers' and defenders' _terms) ->
        #: ({(blue, red): value}, {id(result): worth}): a combat's price reads
        #: nothing else, whatever the position or the game (with the same CRT
        #: and loss weight: the judges that share them share it)
        self._prices: dict = prices.setdefault(level.loss_weight, {})

    def _fresh(self):
        g = self.ctx.game
        key = (g.version, len(g.events))
        if key != self._key:
            self._key = key
            self._cache.clear()
            self._best.clear()
            self._dice.clear()
            self._combats.clear()

    def distribution(self, blue: int, red: int):
        d = self._dists.get((blue, red))
        if d is None:
            d = self._dists[(blue, red)] = [
                (res, float(p)) for res, p in
                result_distribution(self.ctx.game.scenario.crt, blue, red).items()
                if not res.is_no_effect]
        return d

    def _dice_of(self, key) -> tuple[int, int]:
        """The undeclared dice of the combat (attackers, defenders, fighting) [11.6]."""
        dice = self._dice.get(key)
        if dice is None:
            with self.ctx.masked():
                dice = self._dice[key] = combat_dice(self.ctx.game, *key)
        return dice

    def value(self, attackers, defenders, fighting=(), a_lead: Leadership | None = None,
              d_lead: Leadership | None = None) -> float:
        """Expected value for the ATTACKER's side: the defenders' losses minus
        the attackers' (weighted by the level when the attacker is this bot)."""
        self._fresh()
        atk, dfn, fight = tuple(attackers), tuple(defenders), tuple(sorted(fighting))
        key = (atk, dfn, fight, a_lead, d_lead)
        v = self._cache.get(key)
        if v is not None:
            return v
        blue, red = self._dice_of(key[:3])
        # as combat_modifiers.breakdown adds the declarations [11.6]
        if a_lead and a_lead.value:
            blue += a_lead.value if a_lead.die == m.Die.BLUE else 0
            red += a_lead.value if a_lead.die == m.Die.RED else 0
        if d_lead and d_lead.value:
            blue -= d_lead.value if d_lead.die == m.Die.BLUE else 0
            red -= d_lead.value if d_lead.die == m.Die.RED else 0
        v = self._cache[key] = self._expected(atk, dfn, blue, red)
        return v

    def _expected(self, attackers, defenders, blue: int, red: int) -> float:
        price = self._combats.get((attackers, defenders))
        if price is None:
            g = self.ctx.game
            pkey = (g.side_of(attackers[0]) == self.ctx.side,
                    tuple(_terms(g, a) for a in attackers), tuple(_terms(g, d) for d in defenders))
            price = self._prices.get(pkey)
            if price is None:
                if len(self._prices) >= PRICES:
                    self._prices.clear()
                price = self._prices[pkey] = ({}, {}, pkey)
            self._combats[(attackers, defenders)] = price
        values, worth, pkey = price
        v = values.get((blue, red))
        if v is None:
            v = 0.0
            for res, p in self.distribution(blue, red):
                x = worth.get(id(res))
                if x is None:
                    x = worth[id(res)] = self._result_worth(pkey, res)
                v += p * x
            values[(blue, red)] = v
        return v

    def _result_worth(self, pkey, res) -> float:
        mine, att, dfn = pkey
        w_att = self.level.loss_weight if mine else 1.0
        w_def = 1.0 if mine else self.level.loss_weight
        if res.exchange:
            gain = min(_hit_cost(t, res.defender.first) for t in dfn) * w_def
            lose = min(_hit_cost(t, res.attacker.first) for t in att) * w_att
        else:
            gain = _loss_cost(dfn, res.defender) * w_def
            lose = _loss_cost(att, res.attacker) * w_att
        return gain - lose

    def best_leader_value(self, attackers, defenders, fighting=()) -> float:
        """The value with the attacker's best Leadership declaration [11.6]."""
        self._fresh()
        return self._best_value((tuple(attackers), tuple(defenders), tuple(sorted(fighting))))

    def _best_value(self, key) -> float:
        best = self._best.get(key)
        if best is None:
            atk, dfn, _ = key
            blue, red = self._dice_of(key)
            best = self._expected(atk, dfn, blue, red)
            lead = self.ctx.game.lead
            for uid in atk:
                v = lead(uid)
                if v > 0:  # on the blue die, then on the red one (value's declarations)
                    best = max(best, self._expected(atk, dfn, blue + v, red))
                    best = max(best, self._expected(atk, dfn, blue, red + v))
            self._best[key] = best
        return best

    def combat_value(self, c: Combat, fighting=()) -> float:
        self._fresh()
        return self._combat_value(c, tuple(sorted(fighting)))

    def _combat_value(self, c: Combat, fight: tuple) -> float:
        if not c.attackers:
            return 0.0
        units = self.ctx.game.state.units
        atk = tuple(a for a in c.attackers if units[a].on_map)
        dfn = tuple(d for d in c.defenders if units[d].on_map)
        if not atk or not dfn:
            return 0.0  # an earlier combat settled it
        return self._best_value((atk, dfn, fight))

    def plan_value(self, plan) -> float:
        self._fresh()
        fight = tuple(sorted({a for c in plan for a in c.attackers}))
        return sum(self._combat_value(c, fight) for c in plan)


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
