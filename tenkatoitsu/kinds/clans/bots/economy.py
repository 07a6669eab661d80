"""The heuristic's Koku: Reinforcement [§5]
(recruits where they can expand or strike, of the types each task needs
under Specialized Warfare [§10.2], the ninja [§9.1], a castle or the Hōjō
Fortress where the Daimyō stand [§9.2] [§2.4], Firearm Technology from a
Trading Post [§10.6.2], the Unrest markers that matter pacified [§10.5.3]),
never spending what the winter's mountain supply [§7.1] and the next upkeep
[§4.1] will ask; under the Cycle of Rice and War [§10.3] the Koku left sown
so that even a famine pays the Winter, the rest stored as a war chest and
spent at once when it can raise the army that wins; the Bushi given up
when a cost cannot be paid [§4.2]; and a vassal's choices [§8.1.1]
[§8.1.2]."""

from __future__ import annotations

from tenkatoitsu.core.decisions import Decision
from tenkatoitsu.kinds.clans.bots import politics
from tenkatoitsu.kinds.clans.bots.reading import (
    ASSASSINATION,
    COASTAL_INCOME,
    DIVERSION,
    MOUNTAINS,
    WALL,
    Board,
    split,
)
from tenkatoitsu.kinds.clans.scenario.model import (
    ARCHERS,
    ARQUEBUSIERS,
    BANNERMEN,
    BUSHI,
    DAIMYO,
    SPEARMEN,
    SWORDSMEN,
)

DONE = "done"
#: the units beyond the victory's count a war chest must raise [§1.2]
CHEST_MARGIN = 3
ASSAULT, REBUILDING = "assault", "rebuilding"

# ---------------------------------------------------------------- Koku

def income_next(b: Board, provinces: int) -> int:
    """[§4.1] What the clan will collect with `provinces` (under the Cycle of
    Rice and War, the fixed Stipend [§10.3.2-P2]; the coastal bonuses add
    to either [U-31])."""
    comp = b.t.components
    ability = b.ability()
    if b.rice:
        v = comp.stipend
    else:
        base = 4 if ability == "island-economy" else comp.base_income
        v = base + provinces * comp.province_income
    rule = COASTAL_INCOME.get(ability)
    if rule:
        per, most = rule
        n = sum(1 for p in b.mine() if p in b.t.coastal) // per
        v += n if most is None else min(n, most)
    return v


def mountain_cost(b: Board, extra: int = 0) -> int:
    """[§7.1] This winter's mountain provisions for the mountains where the
    clan's units stand now (held, or to be won in a battle), and `extra`
    units more in the mountains."""
    if b.ability() == MOUNTAINS:
        return 0
    held = [p for p in b.t.mountain if b.my_units(p)]
    units = sum(b.stack(p) for p in held) + extra
    return len(held) + -(-units // 3) if held or extra else 0


def maintenance(b: Board, extra: int = 0) -> int:
    """[§4.1] A Koku for every two Bushi, rounded up."""
    per = b.t.components.upkeep_per
    return -(-(b.clans[b.me]["bushi"] + extra) // per)


def winter_cost(b: Board, extra: int = 0) -> int:
    """What the Winter will ask of the treasury: the mountain provisions
    [§7.1]; under the Cycle of Rice and War the maintenance of every unit
    too [§10.3.2-W2]."""
    cost = mountain_cost(b, extra)
    if b.rice:
        cost += maintenance(b)
    return cost


def reserve(b: Board) -> int:
    """Koku kept back for the winter, and for Ronin [§6.2.4] once a rival
    holds a province next to ours (under the Cycle of Rice and War the
    treasury is sown or stored before the campaign: nothing is kept for
    Ronin)."""
    if b.rice:  # [§10.3.2-W2] the Winter's maintenance and mountains, sown
        keep = _sow_need(b, b.clans[b.me]["bushi"])
    else:
        keep = mountain_cost(b)
        if keep:
            keep += 1  # the mountain stacks may grow
    if not b.rice and any(b.ctrl[q] not in (None, b.me) and not b.allied(b.me, b.ctrl[q])
                          for p in b.mine() for q in b.t.neighbours[p]):
        keep += 2
    if b.pacts and b.ally() is None and b.free(b.me) and politics.candidates(b):
        keep += b.t.components.pact_offer + b.t.components.pact_pledge  # [§10.1.1]
    return keep


def bushi_room(b: Board) -> int:
    """Bushi the clan can keep paying for [§4.1]: the next upkeep must be
    covered by the next income and what is left. Under the Cycle of Rice
    and War the maintenance must be sown out of a Stipend that does not grow
    with the land [§10.3.2]: about twice the Stipend and what the harvest
    gives back."""
    comp = b.t.components
    mine = b.count()
    if b.rice:  # even after a famine the next Stipend must sow the maintenance
        future = income_next(b, mine) + 1 - mountain_cost(b)
        return max(comp.upkeep_per * future - b.clans[b.me]["bushi"], war_chest(b))
    future = income_next(b, mine + 2)
    return comp.upkeep_per * future - b.clans[b.me]["bushi"]


def war_chest(b: Board) -> int:
    """[§10.3.1] Under the Cycle of Rice and War the Stipend keeps about ten
    Bushi, and Koku stored is safe from spoilage: the clan stores what it
    does not need, and spends the whole chest at once on the army that can
    stand in enough provinces to win [§1.2] (its units, the recruits, a
    few more for the battles), or that can take the Mandate's provinces
    [§1.3] when it holds all but one. Such an army cannot be kept (the next
    winter's maintenance comes out of the chest, then bankruptcy [§4.2]
    thins it): it must win at once. 0 while the chest is too small."""
    units = b.clans[b.me]["units"]
    spare = b.koku - _sow_need(b, b.clans[b.me]["bushi"])
    short = b.target + CHEST_MARGIN - units
    held = sum(1 for q in b.mandate if b.ctrl[q] == b.me)
    if b.mandate and held >= len(b.mandate) - 1:
        short = min(short, CHEST_MARGIN)
    # every recruit raises the sowing by half a Koku [§4.1]
    if short <= 0 or spare - short - -(-short // b.t.components.upkeep_per) < 0:
        return 0
    return spare


# ---------------------------------------------------------------- Reinforcement [§5]

class Reinforcements:
    """One Reinforcement turn's plan: steps (value of a `reinforce` option,
    for a recruit the count and the unit type) and the ninja's mission."""

    def __init__(self):
        self.steps: list[tuple[str, int, str | None]] = []
        self.mission: str | None = None
        self.target: str | None = None


def plan_reinforcement(bot, b: Board, values: list) -> Reinforcements:
    comp = b.t.components
    plan = Reinforcements()
    spare = b.koku - reserve(b)
    court = _court(b)
    threat = b.threat()
    # [§10.6.2] Firearm Technology once, from a Trading Post held alone
    if "firearms" in values and spare >= comp.firearm_cost:
        plan.steps.append(("firearms", 0, None))
        spare -= comp.firearm_cost
    # [§10.5.3-a] Unrest markers where one more lost battle raises the province
    for v in values:
        if isinstance(v, str) and v.startswith("pacify:") and spare >= comp.pacify_cost + 1:
            p = v.partition(":")[2]
            if _unrest_risk(b, p, threat):
                plan.steps.append((v, 0, None))
                spare -= comp.pacify_cost
    # a castle, or the Hōjō Fortress, where the Daimyō stand [§9.2] [§2.4]
    wall = b.ability() == WALL
    cost = comp.fortress_cost if wall else comp.castle_cost
    if court is not None and f"castle:{court}" in values:
        td, tb = threat.get(court, (0, 0))
        need = cost + (1 if wall else 4)
        if spare >= need and (wall or td + tb >= 3):
            plan.steps.append((f"castle:{court}", 0, None))
            spare -= cost
    if court is not None and f"fortify:{court}" in values:
        td, tb = threat.get(court, (0, 0))
        if td * 3 + tb >= 6 and spare >= comp.fortify_cost + 2:
            plan.steps.append((f"fortify:{court}", 0, None))
            spare -= comp.fortify_cost
    # the ninja [§9.1]
    if "ninja" in values and spare >= comp.ninja_cost and not b.rice:
        mission = _ninja_mission(b, court, spare)
        if mission is not None:
            plan.steps.append(("ninja", 0, None))
            plan.mission, plan.target = mission
            spare -= comp.ninja_cost
    # recruits [§5.1] [§5.2]
    places = [v.partition(":")[2] for v in values if isinstance(v, str)
              and v.startswith("recruit:")]
    n = max(0, min(spare, bushi_room(b)))
    if b.rice:  # [§10.3.2-W2] the winter's maintenance is sown from what is left
        bushi = b.clans[b.me]["bushi"]
        while n and b.koku - spend(plan, comp, wall) - n < _sow_need(b, bushi + n):
            n -= 1
    if places and n:
        where = _recruit_places(bot, b, places, n)
        # recruits in the mountains raise the winter's supply [§7.1]
        while True:
            used = sum(sum(r.values()) for r in where.values())
            up = sum(sum(r.values()) for p, r in where.items() if p in b.t.mountain)
            if not used or b.rice or \
                    b.koku - used - spend(plan, comp, wall) >= mountain_cost(b, up):
                break
            p = max(where, key=lambda q: (q in b.t.mountain and sum(where[q].values()) > 0,
                                          sum(where[q].values())))
            role = max(where[p], key=lambda r: where[p][r])
            where[p][role] -= 1
        budget = b.koku - spend(plan, comp, wall)
        for p, roles in where.items():
            for unit, k in _unit_mix(b, p, roles):
                price = comp.unit(unit).cost if comp.has_unit(unit) else 1
                k = min(k, budget // max(1, price))
                if k > 0:
                    plan.steps.append((f"recruit:{p}", k, unit))
                    budget -= k * price
    return plan


def spend(plan: Reinforcements, comp, wall: bool) -> int:
    """Koku the plan spends but on recruits."""
    cost = 0
    for value, _, _ in plan.steps:
        what = value.partition(":")[0]
        cost += {"castle": comp.fortress_cost if wall else comp.castle_cost,
                 "fortify": comp.fortify_cost, "ninja": comp.ninja_cost,
                 "firearms": comp.firearm_cost, "pacify": comp.pacify_cost}.get(what, 0)
    return cost


def _sow_need(b: Board, bushi: int) -> int:
    """[§10.3.2-W2] Koku to sow so that even a famine's harvest (1 a Koku)
    pays the Winter: maintenance of `bushi` units, the mountains, one more."""
    per = b.t.components.upkeep_per
    return -(-bushi // per) + mountain_cost(b) + 1


def _unrest_risk(b: Board, p: str, threat: dict) -> bool:
    """[§10.5.2] Whether a marker in `p` is worth 2 Koku: the province has
    our Daimyō or a big stack, or a rival can strike it."""
    if b.ctrl.get(p) != b.me:
        return False
    d, bu = split(b.my_units(p))
    td, tb = threat.get(p, (0, 0))
    return d > 0 or bu >= 3 or td * 1.5 + tb * 0.34 >= 0.5 * (d * 1.5 + bu * 0.34 + 0.34)


def _court(b: Board) -> str | None:
    """Where most of the clan's Daimyō stand."""
    best, where = 0, None
    for p in b.units:
        d = b.my_units(p).get(DAIMYO, 0)
        if d > best:
            best, where = d, p
    return where


def _ninja_mission(b: Board, court: str | None, spare: int):
    """A Diversion over the Daimyō when a strong enemy can reach them; the
    hidden Assassination when Koku is plentiful and battles are near."""
    threat = b.threat()
    if court is not None and b.ctrl.get(court) == b.me:
        td, tb = threat.get(court, (0, 0))
        d, bu = split(b.my_units(court))
        if d >= 2 and spare >= 5 and td * 1.5 + tb * 0.34 >= d * 1.5 + bu * 0.17:
            return DIVERSION, court
    fronts = sum(1 for p in b.mine() for q in b.t.neighbours[p]
                 if b.ctrl[q] not in (None, b.me))
    if spare >= 9 and fronts >= 2:
        return ASSASSINATION, None
    return None


def _recruit_places(bot, b: Board, places: list[str], n: int) -> dict[str, dict[str, int]]:
    """Where `n` recruits do most, and what for: next to empty provinces not
    yet covered by a spare Bushi ("expand"), then next to weak enemy
    provinces ("attack"), then at threatened provinces ("defend")."""
    limit = b.limit
    reach = {p: b.reach(b.me, p, b.ashigaru_reach(p)) for p in places}
    # empty provinces some Bushi already there can take
    covered: set[str] = set()
    bm = b.t.components.bushi_moves
    for p in b.mine():
        spare = max(0, split(b.my_units(p))[1] - 1)
        if not spare:
            continue
        empties = [q for q in (reach.get(p) or b.reach(b.me, p, bm)) if b.empty(q)]
        for q in empties[:spare]:
            covered.add(q)
    threat = b.threat()
    out = {p: {} for p in places}
    weak = {}
    for q in b.units:
        if b.strangers(q) and not b.diverted(q):
            d, bu = b.enemy_side(q)
            weak[q] = d * 4 + bu
    taken = {p: 0 for p in places}
    for _ in range(n):
        best, where, why = 0.0, None, None
        for p in places:
            have = b.stack(p) + taken[p]
            if b.t.v83 and have >= limit:
                continue  # [v83 §3.2] the limit holds after every step
            v, role = 0.0, None
            fresh = [q for q in reach[p] if b.empty(q) and q not in covered]
            if fresh:
                v, role = 3.0 + 0.1 * len(fresh), "expand"
            else:
                targets = [weak[q] for q in reach[p] if q in weak]
                if targets:
                    v = 1.2 + 0.3 / (1 + min(targets)) - 0.1 * max(0, have - limit)
                    role = "attack"
                td, tb = threat.get(p, (0, 0))
                if td + tb and have < limit:
                    v += 0.6
                    role = role or "defend"
                    if td * 1.5 + tb * 0.34 > 0.34 * have:
                        role = "defend"
            v -= 0.05 * taken[p]
            if v > best:
                best, where, why = v, p, role
        if where is None:
            break
        taken[where] += 1
        out[where][why] = out[where].get(why, 0) + 1
        fresh = [q for q in reach[where] if b.empty(q) and q not in covered]
        if fresh:
            covered.add(min(fresh, key=lambda q: (reach[where][q], q)))
    return {p: r for p, r in out.items() if r}


def _unit_mix(b: Board, p: str, roles: dict[str, int]) -> list[tuple[str, int]]:
    """[§10.2] The units for the recruits of `p` by what they are for: the
    cheap Ashigaru Spearmen walk out to hold the empty land (a Bannerman
    leads a big group of them a province further), Archers and Swordsmen
    (and Arquebusiers, with the technology [§10.6.3]) go to the attacks,
    Spearmen in pairs for the Spear Wall hold the threatened provinces,
    with Archers behind them. The core game: the Bushi."""
    total = sum(roles.values())
    if not b.sw:
        return [(BUSHI, total)] if total else []
    units = b.my_units(p)
    firearms = bool(b.row(b.me).get("firearms"))
    out: dict[str, int] = {}

    def put(u, k=1):
        out[u] = out.get(u, 0) + k
    expand = roles.get("expand", 0)
    if expand >= 4 and not units.get(BANNERMEN):
        put(BANNERMEN)
        expand -= 1
    if expand:
        put(SPEARMEN, expand)
    attack = roles.get("attack", 0)
    cycle = ([ARQUEBUSIERS] if firearms else []) + [ARCHERS, SWORDSMEN]
    for i in range(attack):
        put(cycle[i % len(cycle)])
    defend = roles.get("defend", 0)
    spears = units.get(SPEARMEN, 0)  # those walking out make no wall
    for i in range(defend):
        if spears < 2 or i % 2:
            put(SPEARMEN)
            spears += 1
        else:
            put(ARCHERS)
    return list(out.items())


def reinforce(bot, b: Board | None, d: Decision):
    values = d.values()
    key = ("reinforce", b.round if b else None)
    if bot.reinforce_key != key or bot.reinforcements is None:
        bot.reinforce_key = key
        bot.reinforcements = plan_reinforcement(bot, b, values)
    plan = bot.reinforcements
    while plan.steps:
        value, count, unit = plan.steps.pop(0)
        if value in values:
            bot.recruit_count = count
            bot.recruit_unit = unit
            return value
    return DONE


def recruit(bot, b, d: Decision):
    want = getattr(bot, "recruit_count", 0) or max(d.values())
    return min(d.values(), key=lambda v: (abs(v - want), -v))


def recruit_unit(bot, b, d: Decision):
    """[§10.2] The type the plan chose, else the cheapest defender."""
    values = d.values()
    unit = getattr(bot, "recruit_unit", None)
    if unit in values:
        return unit
    for u in (SPEARMEN, ARCHERS, SWORDSMEN):
        if u in values:
            return u
    return values[0]


def firearms_post(bot, b: Board, d: Decision):
    """[§10.6.2-c] The Trading Post with room for the three Arquebusiers,
    the least threatened."""
    threat = b.threat()

    def score(p):
        td, tb = threat.get(p, (0, 0))
        return min(3, b.limit - b.stack(p)) * 2 - 0.2 * (td + tb)
    return bot.best((score(p), p) for p in d.values())


def ninja(bot, b, d: Decision):
    plan = bot.reinforcements
    mission = plan.mission if plan is not None else None
    values = d.values()
    if mission in values:
        return mission
    return ASSASSINATION if ASSASSINATION in values else None


def ninja_target(bot, b: Board, d: Decision):
    plan = bot.reinforcements
    values = d.values()
    if plan is not None and plan.target in values:
        return plan.target
    # Sabotage: the enemy province with the most units next to ours
    scored = []
    for q in values:
        if b.ctrl.get(q) in (None, b.me):
            continue
        d_, bu = b.enemy_side(q)
        near = any(b.ctrl.get(p) == b.me for p in b.t.neighbours[q])
        scored.append(((d_ * 3 + bu) * (2 if near else 1), q))
    return bot.best(scored) if scored else None


# ---------------------------------------------------------------- the Cycle of Rice and War

def _allocation(bot, b: Board) -> list[tuple[str, int]]:
    """[§10.3.2-P5] Where every Koku left goes: enough sown on the safest
    provinces that even a famine pays the Winter's maintenance and
    mountains [-W2] (a Koku sown yields at least one), the rest stored
    (safe from raids and from the spoilage that halves the treasury [-W3])."""
    koku = b.koku
    need = min(koku, _sow_need(b, b.clans[b.me]["bushi"]))
    threat = b.threat()

    def risk(p):
        td, tb = threat.get(p, (0, 0))
        d, bu = split(b.my_units(p))
        inner = sum(1 for q in b.t.neighbours[p] if b.ctrl[q] == b.me)
        return (td * 1.5 + tb * 0.34) - 0.3 * (d * 1.5 + bu * 0.34) - 0.1 * inner \
            + (0.5 if p in b.t.mountain else 0.0)
    fields = sorted(b.mine(), key=lambda p: (risk(p), p))
    plan: list[tuple[str, int]] = []
    if need and fields:
        # spread over the safest fields: a province lost is a harvest lost
        k = max(1, min(len(fields), 3, need // 2))
        for i in range(k):
            share = need // k + (1 if i < need % k else 0)
            if share:
                plan.append((f"sow:{fields[i]}", share))
    rest = koku - sum(n for _, n in plan)
    if rest > 0:
        plan.append(("store", rest))
    return plan


def allocate(bot, b: Board, d: Decision):
    key = ("allocate", b.round)
    if bot.alloc_key != key:
        bot.alloc_key = key
        bot.alloc_plan = _allocation(bot, b)
    values = d.values()
    while bot.alloc_plan:
        where, n = bot.alloc_plan.pop(0)
        if where in values:
            bot.alloc_want = n
            return where
    bot.alloc_want = b.koku
    return "store" if "store" in values else values[0]


def allocate_count(bot, b, d: Decision):
    want = getattr(bot, "alloc_want", 0) or max(d.values())
    return min(d.values(), key=lambda v: (abs(v - want), -v))


# ---------------------------------------------------------------- costs [§4.2]

def bankrupt(bot, b: Board, d: Decision):
    """[§4.2] A Bushi from the biggest stack, away from danger."""
    threat = b.threat()

    def score(v):
        p = v.partition(":")[0]
        n = b.stack(p)
        td, tb = threat.get(p, (0, 0))
        return n * 2 - (5 if n <= 1 else 0) - 0.2 * (td + tb)
    return bot.best((score(v), v) for v in d.values())


# ---------------------------------------------------------------- vassals [§8.1]

def give_up(bot, b: Board, d: Decision):
    """[§8.1.1] The provinces that keep fewest units and are worth least."""
    def score(p):
        return -b.stack(p) * 1.0 - b.province_worth(p)
    return bot.best((score(p), p) for p in d.values())


def dismiss(bot, b: Board, d: Decision):
    """[§8.1.1] From the biggest stacks, Bushi before anything else."""
    def score(v):
        p, _, u = v.partition(":")
        n = b.stack(p)
        return n * 2 - (5 if n <= 1 else 0) - (20 if u == DAIMYO else 0)
    return bot.best((score(v), v) for v in d.values())


def vassal_path(bot, b: Board, d: Decision):
    """[§8.1.2] The Gekokujō Assault when a free clan's last Daimyō stands
    where the clan's units can strike it; else the Liberation Fund."""
    values = d.values()
    if ASSAULT in values and b.koku >= 3:
        for p in b.units:
            for c, us in b.units[p].items():
                if c == b.me or not b.free(c) or b.daimyos(c) != 1 or not us.get(DAIMYO):
                    continue
                for q in b.units:
                    if b.my_units(q) and p in b.reach(b.me, q, b.t.components.bushi_moves):
                        mine = split(b.my_units(q))[1]
                        if mine >= 3:
                            return ASSAULT
    return REBUILDING if REBUILDING in values else values[0]


def deposit(bot, b, d: Decision):
    """[§8.1.2] As much as the fund takes."""
    return max(d.values())


def retreat(bot, b: Board, d: Decision):
    """A unit leaving a province: to the province of ours with most units
    and least danger; an option that is not a province is left to the
    fallback."""
    values = [v for v in d.values() if v in b.units]
    if not values:
        return None
    threat = b.threat()

    def score(q):
        td, tb = threat.get(q, (0, 0))
        return (2 if b.ctrl[q] == b.me else 0) + 0.1 * b.stack(q) - 0.2 * (td + tb)
    return bot.best((score(q), q) for q in values)
