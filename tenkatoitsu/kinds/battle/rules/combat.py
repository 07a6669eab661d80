"""Combat [11]: the attack plan of each group [11.1]-[11.3], the combined
attack roll [11.4], the resolution on the CRT [11.5]-[11.9], the results
[11.7] and advance after combat [11.12]; and the combat phase that runs them
[7.2.2]. Leader loss [11.10] and rout [11.11] are in `losses`.

Rules are generators: they yield a `Decision` whenever a player chooses and
receive the chosen option's value. The pure queries (`attack_groups`,
`attack_plans`, `supports`, `combat_breakdown`) are in `queries.attacks`.

Decision kinds and their answers (JSON values):

- ``charge-clan`` [7.2.2] which clan in Attack charges next: clan id.
- ``attack-plan`` [11.1]-[11.3] the whole plan of one connected group of
  attackers and defenders: a list of combats, each ``[[attackers], [defenders]]``.
- ``attack-step`` (a group with more than PLAN_LIMIT plans) how the first
  undecided defender is dealt with: one combat, ``[[], [d]]`` = d not attacked.
- ``combat-order`` which combat is resolved next: ``[[attackers], [defenders]]``.
- ``leadership`` [11.6] whose Leadership and on which dice: ``[unit, "blue"|"red"]``.
- ``assign-loss`` [11.7] the unit taking M / X (or the step of a1-d1): unit id.
- ``retreat-order`` [11.7] which of several retreating units goes next: unit id.
- ``rout-choice`` [11.11] ``"withdrawal"`` or ``"seppuku"``.
- ``seppuku-leader`` [11.11] which leader commits seppuku: unit id.
- ``advance`` [11.12] ``[unit, hex id]``, or None (only when no unit in Attack must).

The movement module asks its own (retreat-hex, withdraw-unit, withdraw-hex,
pursuit decisions, charge-*) when combat calls it.
"""

from __future__ import annotations

import itertools
from typing import Iterable

import attrs

from tenkatoitsu.core.decisions import Decision, Option
from tenkatoitsu.hexmap import Hex
from tenkatoitsu.kinds.battle import hooks
from tenkatoitsu.kinds.battle.events import CombatDeclared, CombatResolved
from tenkatoitsu.kinds.battle.queries import reach, zoc
from tenkatoitsu.kinds.battle.queries.attacks import (
    Combat,
    Group,
    attack_groups,
    clan_of,
    combat_breakdown,
    completable,
    defender_choices,
    group_plans,
    hex_of,
    on_map,
    plan_label,
    plan_value,
    strict_attackers,
    targets_of,
)
from tenkatoitsu.kinds.battle.queries.combat_modifiers import Breakdown, Leadership
from tenkatoitsu.kinds.battle.queries.tables import crt_result
from tenkatoitsu.kinds.battle.rules import charge, retreat, siege_actions, siege_end
from tenkatoitsu.kinds.battle.rules.losses import ROUT, leader_loss_test, rout_check
from tenkatoitsu.kinds.battle.rules.movement import choose_unit
from tenkatoitsu.kinds.battle.scenario import model as m
from tenkatoitsu.kinds.battle.scenario.results import CombatResult, Hit

ATTACK, DEFENSE, REGROUP = m.Order.ATTACK, m.Order.DEFENSE, m.Order.REGROUP
#: a group with more complete plans than this is planned one defender at a
#: time ("attack-step"), each step offering only choices that can still be
#: completed into a legal plan
PLAN_LIMIT = 400


# ===================================================================== events


# ===================================================================== plans


# ===================================================================== queries


# ===================================================================== combat phase

def combat_phase(game, side: str, rule: str = "7.2.2"):
    """[7.2.2] the clans of `side` in Attack charge, in the order the player
    chooses; then every unit of `side` in an EZoC attacks [11.1]."""
    charged: set[str] = set()
    while True:
        eligible = [c for c in sorted(game.clans_of(side))
                    if c not in charged and game.order_of(c) == ATTACK
                    and not game.state.clans[c].off_map
                    and any(not zoc.is_in_ezoc(game, u.id) and not reach.is_besieged(game, u.id)
                            for u in game.state.clan_units(c))]
        if not eligible:
            break
        if len(eligible) == 1:
            clan = eligible[0]
        else:
            clan = yield Decision(side, "charge-clan", "Which clan in Attack charges next?",
                                  tuple(Option(c, f"clan {c} ({game.clan_defs[c].name})")
                                        for c in eligible), rule)
        charged.add(clan)
        yield from charge.charge(game, clan, mp=3.0, rule="6.3")
    yield from siege_actions.combat_chit(game, side)  # [15.6.1] step b in the fortresses
    units = [u.id for u in game.units_on_map(side) if zoc.is_in_ezoc(game, u.id)
             and not hooks.is_undecided(game, u.clan)]  # [21.4.1] undecided clans do not attack
    return (yield from attacks(game, side, units, rule="11.1"))


# ===================================================================== attacks

@attrs.define
class CombatRecord:
    """What became of one planned combat: `resolved` (with its report),
    `excluded` (every attacker's clan lost the combined attack roll [11.4]) or
    `void` (its units were gone or out of contact when its turn came)."""

    planned: Combat
    attackers: tuple[str, ...]
    status: str = "pending"
    report: "CombatReport | None" = None


def attacks(game, side: str, units: Iterable[str], *, kido: bool = False,
            totsugeki_clans: Iterable[str] = (), rule: str = "11.1"):
    """[11.1]-[11.4] the activated `units` of `side` in an EZoC attack: one
    plan per connected group, the combined attack rolls, then each combat in
    the order the attacker chooses. Returns the list of CombatRecords."""
    totsugeki_clans = set(totsugeki_clans)
    units = list(units)
    # [10.4.1] the units that charged under a Totsugeki assault with its bonus:
    # the decisions name them, so that a preview of the odds counts it
    bonus = sorted(u for u in units
                   if clan_of(game, u) in totsugeki_clans and u in game.state.moved)
    groups = attack_groups(game, side, units)
    planned: list[Combat] = []
    for g in groups:
        plan = yield from _choose_plan(game, side, g, rule, bonus)
        planned.extend(plan)
    if not planned:
        return []

    # [11.4] combined attack
    excluded: set[str] = set()
    for c in planned:
        family = {cl: hooks.fold(game, "attack_family", cl)
                  for cl in {clan_of(game, a) for a in c.attackers} - excluded}
        clans = sorted(set(family.values()))  # [21.5] a large clan rolls as one
        if len(clans) < 2:
            continue
        if kido:
            game.note("10.4.4", f"Kidō: clans {', '.join(clans)} attack {'+'.join(c.defenders)} "
                                "together without a combined attack roll")
            continue
        rolls = {cl: game.dice.d6(f"combined attack: clan {cl}", "11.4", side=side) for cl in clans}
        best = max(rolls.values())
        winners = [cl for cl in clans if rolls[cl] == best]
        losers = [cl for cl in clans if rolls[cl] != best]
        excluded |= {cl for cl, f in family.items() if f in losers}
        game.note("11.4", f"combined attack on {'+'.join(c.defenders)}: "
                  + ", ".join(f"clan {cl} rolls {rolls[cl]}" for cl in clans)
                  + f"; {' and '.join('clan ' + w for w in winners)} attack"
                  + (f"; {', '.join('clan ' + x for x in losers)} may not attack this phase"
                     if losers else ""))
    records = []
    for c in planned:
        atk = tuple(a for a in c.attackers if clan_of(game, a) not in excluded)
        rec = CombatRecord(c, atk)
        if not atk:
            rec.status = "excluded"
            game.note("11.4", f"{'+'.join(c.defenders)} is not attacked: its attackers' clans "
                              "lost the combined attack roll")
        records.append(rec)
    fighting = {a for r in records for a in r.attackers}

    # resolve in the order the attacker chooses
    pending = [r for r in records if r.status == "pending"]
    while pending:
        if len(pending) == 1:
            rec = pending[0]
        else:
            value = yield Decision(
                side, "combat-order", "Which combat is resolved next?",
                tuple(Option(Combat(r.attackers, r.planned.defenders).value(),
                             Combat(r.attackers, r.planned.defenders).label()) for r in pending),
                "11.6", {"totsugeki": bonus})
            key = Combat.from_value(value)
            rec = next(r for r in pending if (r.attackers, r.planned.defenders) ==
                       (key.attackers, key.defenders))
        pending.remove(rec)
        atk, dfn = _still_fighting(game, rec.attackers, rec.planned.defenders)
        if not atk or not dfn:
            rec.status = "void"
            game.note("11.3", f"combat {Combat(rec.attackers, rec.planned.defenders).label()} "
                              "does not take place: its units are gone or no longer in contact")
            continue
        tot = any(clan_of(game, a) in totsugeki_clans and a in game.state.moved for a in atk)
        rec.report = yield from resolve_combat(game, list(atk), list(dfn), totsugeki=tot,
                                               fighting=fighting)
        rec.status = "resolved"
    return records


def _still_fighting(game, attackers, defenders) -> tuple[tuple[str, ...], tuple[str, ...]]:
    """Drop units eliminated or moved out of contact by an earlier combat (a rout,
    a withdrawal, an advance)."""
    atk = [a for a in attackers if on_map(game, a)]
    dfn = [d for d in defenders if on_map(game, d)]
    if len(atk) == 1:
        t = targets_of(game, atk[0])
        dfn = [d for d in dfn if d in t]
    else:
        atk = [a for a in atk if all(d in targets_of(game, a) for d in dfn)]
    return tuple(atk), tuple(dfn)


def _choose_plan(game, side: str, g: Group, rule: str, bonus: list[str] = ()):
    plans = list(itertools.islice(group_plans(g), PLAN_LIMIT + 1))
    must_a = ", ".join(sorted(g.must_attack)) or "none"
    must_d = ", ".join(sorted(g.must_be_attacked)) or "none"
    ctx = {"attackers": list(g.attackers), "defenders": list(g.defenders),
           "must_attack": sorted(g.must_attack), "must_be_attacked": sorted(g.must_be_attacked),
           "totsugeki": [u for u in bonus if u in g.attackers]}
    if len(plans) == 1:
        game.note(rule, f"attacks: {plan_label(plans[0])} (the only legal plan)")
        return plans[0]
    if len(plans) <= PLAN_LIMIT:
        options = tuple(Option(plan_value(p), plan_label(p)) for p in plans)
        value = yield Decision(
            side, "attack-plan",
            f"Plan the attacks of {', '.join(g.attackers)} on {', '.join(g.defenders)} "
            f"(must attack: {must_a}; must be attacked: {must_d})",
            options, rule, context=ctx)
        plan = plans[[o.value for o in options].index(value)]
        game.note(rule, f"attacks: {plan_label(plan)}")
        return plan
    # too many plans to list: one defender at a time, every step completable
    must = strict_attackers(g)
    combats: tuple[Combat, ...] = ()
    while True:
        decided = {d for c in combats for d in c.defenders}
        undecided = [d for d in g.defenders if d not in decided]
        if not undecided:
            break
        used = frozenset(a for c in combats for a in c.attackers)
        d = undecided[0]
        choices = [c for c in defender_choices(g, d, frozenset(undecided) - {d}, used)
                   if completable(g, must, combats + (c,))]
        if len(choices) == 1:
            pick = choices[0]
        else:
            value = yield Decision(side, "attack-step", f"How is {d} attacked?",
                                   tuple(Option(c.value(), c.label()) for c in choices), rule,
                                   context=ctx)
            pick = Combat.from_value(value)
        combats += (pick,)
    plan = tuple(sorted(c for c in combats if c.attackers))
    game.note(rule, f"attacks: {plan_label(plan)}")
    return plan


# ===================================================================== resolution

@attrs.define
class CombatReport:
    attackers: tuple[str, ...]
    defenders: tuple[str, ...]
    breakdown: Breakdown
    supports: tuple[str, ...]
    blue_dice: tuple[int, ...]
    red_dice: tuple[int, ...]
    blue: int
    red: int
    result: CombatResult
    outcome: "Outcome"


@attrs.define
class Outcome:
    """What a combat result did [11.7]-[11.12]."""

    steps: dict[str, int] = attrs.field(factory=dict)  # steps lost in this combat
    eliminated: list[str] = attrs.field(factory=list)
    retreated: list[str] = attrs.field(factory=list)
    leaders_killed: list[str] = attrs.field(factory=list)
    routs: dict[str, str] = attrs.field(factory=dict)  # clan -> rout table result
    advanced: list[tuple[str, str]] = attrs.field(factory=list)  # (unit, hex id)


def _declare_leadership(game, side: str, units: list[str], role: str, combat: dict | None = None):
    """[11.6] which unit's Leadership, and on which die. `combat` (the units,
    Totsugeki, who fights, the attacker's declaration) goes in the Decision's
    context: what the GUI's odds preview of each choice needs."""
    leaders = [u for u in units if game.lead(u) > 0]
    if not leaders:
        return None
    options = tuple(Option([u, die.value],
                           f"{u}: Leadership {game.lead(u)} on the {die.value} dice")
                    for u in leaders for die in (m.Die.BLUE, m.Die.RED))
    sign = "+" if role == "attacker" else "-"
    value = yield Decision(side, "leadership",
                           f"Declare the {role}'s Leadership ({sign}value on the blue or red dice)",
                           options, "11.6", context=dict(combat or {}, role=role))
    uid, die = value
    game.note("11.6", f"{role} {uid} uses Leadership {game.lead(uid)} on the {die} dice")
    return Leadership(uid, game.lead(uid), m.Die(die))


def resolve_combat(game, attackers: list[str], defenders: list[str], *, totsugeki: bool = False,
                   fighting: Iterable[str] | None = None, rule: str = "11.6"):
    """[11.6] one combat: leadership declarations (attacker first), the roll of
    blue and red 2D6, the CRT, then the result [11.7]-[11.12]. `fighting`:
    every unit attacking this phase (none of them supports [11.6.1]).
    Returns a CombatReport."""
    attackers = [a for a in attackers if on_map(game, a)]
    defenders = [d for d in defenders if on_map(game, d)]
    if not attackers or not defenders:
        game.note(rule, "no combat: a side has no unit left")
        return None
    yield from hooks.each(game, "before_combat", attackers, defenders)  # [21.4.1]
    side, dside = game.side_of(attackers[0]), game.side_of(defenders[0])
    fighting = None if fighting is None else list(fighting)
    combat = {"attackers": list(attackers), "defenders": list(defenders),
              "totsugeki": totsugeki, "fighting": fighting}
    a_lead = yield from _declare_leadership(game, side, attackers, "attacker", combat)
    combat["attacker_leader"] = [a_lead.unit, a_lead.die.value] if a_lead else None
    d_lead = yield from _declare_leadership(game, dside, defenders, "defender", combat)
    bd, sup = combat_breakdown(game, attackers, defenders, totsugeki=totsugeki,
                               fighting=fighting, attacker_leader=a_lead, defender_leader=d_lead)
    game.emit(CombatDeclared(rule=rule, attackers=tuple(attackers), defenders=tuple(defenders),
                             supports=tuple(sup), blue=bd.blue, red=bd.red,
                             lines=tuple((ln.label, ln.rule, ln.blue, ln.red) for ln in bd.lines)))
    label = f"{'+'.join(attackers)} vs {'+'.join(defenders)}"
    blue = tuple(game.dice.roll(2, f"combat {label}", rule, colour="blue", side=side))
    red = tuple(game.dice.roll(2, f"combat {label}", rule, colour="red", side=side))
    bt, rt = sum(blue) + bd.blue, sum(red) + bd.red
    result = crt_result(game.scenario.crt, rt, bt)
    game.emit(CombatResolved(rule=rule, attackers=tuple(attackers), defenders=tuple(defenders),
                             blue=bt, red=rt, result=result.text()))
    outcome = yield from apply_result(game, attackers, defenders, result)
    return CombatReport(tuple(attackers), tuple(defenders), bd, tuple(sup), blue, red, bt, rt,
                        result, outcome)


def apply_result(game, attackers: list[str], defenders: list[str], result: CombatResult):
    """[11.7] apply a CRT result to the units that fought, then leader loss
    [11.10], rout [11.11] and advance after combat [11.12]. Returns an Outcome."""
    out = Outcome()
    fought = list(attackers) + list(defenders)
    out.steps = {u: 0 for u in fought}
    vacated: dict[str, list[Hex]] = {}  # side that left -> hexes
    retreats: list[str] = []
    side_a = game.side_of(attackers[0])
    side_d = game.side_of(defenders[0])

    def hit(uid: str, h: Hit) -> None:
        where = hex_of(game, uid)
        if h.eliminated:
            game.eliminate(uid, "11.7")
        elif h.steps:
            game.lose_steps(uid, h.steps, "11.7")
            out.steps[uid] += h.steps
        if game.state.units[uid].eliminated:
            out.eliminated.append(uid)
            vacated.setdefault(game.side_of(uid), []).append(where)
        elif h.retreat:
            retreats.append(uid)

    if result.is_no_effect:
        game.note("11.7", "no effect")
    elif result.exchange:  # a1-d1
        alive_a = [u for u in attackers if on_map(game, u)]
        a = yield from choose_unit(game, side_a, alive_a, "assign-loss",
                                    f"{result.text()}: which attacking unit loses "
                                    f"{result.attacker.first.text()}?", "11.7")
        alive_d = [u for u in defenders if on_map(game, u)]
        d = yield from choose_unit(game, side_d, alive_d, "assign-loss",
                                    f"{result.text()}: which defending unit loses "
                                    f"{result.defender.first.text()}?", "11.7")
        hit(a, result.attacker.first)
        hit(d, result.defender.first)
    else:
        for units, loss, owner, who in ((attackers, result.attacker, side_a, "attacking"),
                                        (defenders, result.defender, side_d, "defending")):
            if loss is None:
                continue
            alive = [u for u in units if on_map(game, u)]
            if not alive:
                continue
            if loss.first == loss.others:
                first = alive[0]
            else:
                first = yield from choose_unit(
                    game, owner, alive, "assign-loss",
                    f"{result.text()}: which {who} unit takes {loss.first.text()}"
                    + (f" (the others take {loss.others.text()})" if len(alive) > 1 else "") + "?",
                    "11.7", first=loss.first.text(), others=loss.others.text())
            for u in [first] + [x for x in alive if x != first]:
                hit(u, loss.first if u == first else loss.others)

    # [11.7] retreat one hex without entering an EZoC, else one more step
    if retreats:
        while retreats:
            owner = game.side_of(retreats[0])
            same = [u for u in retreats if game.side_of(u) == owner]
            uid = yield from choose_unit(game, owner, same, "retreat-order",
                                          "Which unit retreats next?", "11.7")
            retreats.remove(uid)
            if not on_map(game, uid):
                continue
            where = hex_of(game, uid)
            ok = yield from retreat.retreat_after_combat(game, uid, rule="11.7")
            if ok:
                out.retreated.append(uid)
                vacated.setdefault(owner, []).append(where)
            else:
                game.note("11.7", f"{uid} cannot retreat: it stays and loses one more step")
                game.lose_steps(uid, 1, "11.7")
                out.steps[uid] += 1
                if game.state.units[uid].eliminated:
                    out.eliminated.append(uid)
                    vacated.setdefault(owner, []).append(where)

    # [11.10] leader loss
    for uid in fought:
        if leader_loss_test(game, uid, eliminated=uid in out.eliminated, steps=out.steps[uid]):
            out.leaders_killed.append(uid)

    # [11.11] rout, as soon as a unit is eliminated (before any advance)
    for uid in out.eliminated:
        clan = clan_of(game, uid)
        if clan in out.routs:
            continue
        before = {u.id: u.hex for u in game.state.clan_units(clan)}
        res = yield from rout_check(game, clan)
        out.routs[clan] = res or "none"
        if res == ROUT:
            for u, h in before.items():
                if u in fought and game.state.units[u].eliminated:
                    vacated.setdefault(game.side_of(u), []).append(h)
    if out.eliminated and game.state.sieges:
        yield from siege_end.end_emptied(game)  # [15.9] a rout emptied a besieged fortress

    # [11.12] advance after combat
    for adv_side, own in ((side_a, attackers), (side_d, defenders)):
        hexes = vacated.get(game.enemy(adv_side), [])
        if hexes:
            moved = yield from advance_after_combat(game, adv_side, own, hexes)
            out.advanced += moved
    return out


def advance_after_combat(game, side: str, fought: Iterable[str], hexes: Iterable[Hex],
                         rule: str = "11.12"):
    """[11.12] into each hex vacated by an eliminated or retreating enemy, a
    unit in Attack that fought in the combat must advance, one in Defense may.
    Each unit advances once at most; EZoC does not stop it. Returns the moves."""
    fought = [u for u in fought]
    open_hexes = list(dict.fromkeys(hexes))
    done: list[tuple[str, str]] = []
    advanced: set[str] = set()
    while True:
        pairs = []
        for h in open_hexes:
            if game.occupants(h):
                continue
            for u in fought:
                if u in advanced or not on_map(game, u) or game.side_of(u) != side:
                    continue
                here = hex_of(game, u)
                if not here.is_adjacent(h) or game.map.crossing(here, h).impassable:
                    continue
                order = game.unit_order(u)
                if order in (ATTACK, DEFENSE):
                    pairs.append((u, h, order))
        must = [(u, h) for u, h, o in pairs if o == ATTACK]
        may = [(u, h) for u, h, o in pairs if o == DEFENSE]
        if not must and not may:
            break
        if must and len(must) == 1:
            u, h = must[0]
        else:
            options = [Option([u, h.id], f"{u} advances into {h.id}") for u, h in (must or may)]
            if not must:
                options.append(Option(None, "no advance"))
            value = yield Decision(side, "advance",
                                   "Advance after combat" + (" (a unit in Attack must)" if must
                                                             else " (optional)"),
                                   tuple(options), rule)
            if value is None:
                break
            u, h = value[0], Hex.from_id(value[1])
        game.move(u, [hex_of(game, u), h], "advance", rule)
        advanced.add(u)
        open_hexes.remove(h)
        done.append((u, h.id))
    return done
