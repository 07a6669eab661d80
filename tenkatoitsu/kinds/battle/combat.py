"""Combat [11]: who must attack whom [11.1]-[11.3], the combined attack roll
[11.4], the resolution on the CRT [11.5]-[11.9], the results [11.7], leader
loss [11.10], rout [11.11] and advance after combat [11.12]; and the combat
phase that runs them [7.2.2].

Rules are generators: they yield a `Decision` whenever a player chooses and
receive the chosen option's value. The pure queries (`attack_groups`,
`attack_plans`, `supports`, `combat_breakdown`) are what bots and the GUI read.

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
from typing import Iterable, Iterator

import attrs

from tenkatoitsu.kinds.battle import model as m
from tenkatoitsu.kinds.battle import scenario_rules as sr
from tenkatoitsu.kinds.battle import zoc
from tenkatoitsu.kinds.battle.combat_modifiers import (
    SHINGEKI, Breakdown, Fighter, Leadership, breakdown, combat_type_of, has_firearms_prepared)
from tenkatoitsu.kinds.battle.events import CombatResolved, LeaderKilled
from tenkatoitsu.kinds.battle.results import CombatResult, Hit
from tenkatoitsu.kinds.battle.tables import crt_result, lookup
from tenkatoitsu.core.decisions import Decision, Option
from tenkatoitsu.core.events import Event
from tenkatoitsu.hexmap import Hex

ATTACK, DEFENSE, REGROUP = m.Order.ATTACK, m.Order.DEFENSE, m.Order.REGROUP

#: a group with more complete plans than this is planned one defender at a
#: time ("attack-step"), each step offering only choices that can still be
#: completed into a legal plan
PLAN_LIMIT = 400

ROUT, WITHDRAWAL, SEPPUKU = "rout", "withdrawal", "seppuku"
WITHDRAWAL_OR_SEPPUKU = "withdrawal-or-seppuku"


# ===================================================================== events

@attrs.frozen
class CombatDeclared(Event):
    """The modifiers of a combat, line by line, shown before the dice are rolled."""

    attackers: tuple[str, ...] = ()
    defenders: tuple[str, ...] = ()
    supports: tuple[str, ...] = ()
    blue: int = 0
    red: int = 0
    lines: tuple[tuple[str, str, int, int], ...] = ()  # (label, rule, blue, red)

    def text(self):
        detail = "; ".join(f"{label} [{rule}]" for label, rule, _, _ in self.lines)
        return (f"combat {'+'.join(self.attackers)} vs {'+'.join(self.defenders)}: modifiers "
                f"blue {self.blue:+d}, red {self.red:+d}" + (f" ({detail})" if detail else ""))


@attrs.frozen
class RoutTested(Event):
    """[11.11] 1D6 + highest Leadership + 1 per non-exhausted unit of the clan."""

    clan: str = ""
    roll: int = 0
    leadership: int = 0
    fresh_units: int = 0
    total: int = 0
    result: str = ""

    def text(self):
        return (f"rout test of clan {self.clan}: {self.roll} + leadership {self.leadership} "
                f"+ {self.fresh_units} non-exhausted = {self.total}: {self.result}")


# ===================================================================== plans

@attrs.frozen(order=True)
class Combat:
    """One combat of a plan: several attackers against one defender, or one
    attacker against several defenders [11.3]. No attackers: the defender is
    left unattacked (only inside the step-by-step planning)."""

    attackers: tuple[str, ...]
    defenders: tuple[str, ...]

    def value(self) -> list:
        return [list(self.attackers), list(self.defenders)]

    @classmethod
    def from_value(cls, value) -> "Combat":
        a, d = value
        return cls(tuple(a), tuple(d))

    def label(self) -> str:
        if not self.attackers:
            return f"{'+'.join(self.defenders)} not attacked"
        return f"{'+'.join(self.attackers)} vs {'+'.join(self.defenders)}"


Plan = tuple[Combat, ...]


def plan_value(plan: Plan) -> list:
    return [c.value() for c in plan]


def plan_label(plan: Plan) -> str:
    return "; ".join(c.label() for c in plan) or "no attack"


@attrs.frozen
class Group:
    """A connected group of the attacker/defender adjacency graph: the unit of
    one planning decision."""

    attackers: tuple[str, ...]
    defenders: tuple[str, ...]
    adj_a: dict = attrs.field(eq=False)  # attacker -> defenders it may attack
    adj_d: dict = attrs.field(eq=False)  # defender -> attackers that may attack it
    must_attack: frozenset[str] = frozenset()  # activated units in Attack [11.2]
    must_be_attacked: frozenset[str] = frozenset()  # [11.1] minus the [11.2] exemptions


def _hex(game, uid: str) -> Hex | None:
    return game.state.units[uid].hex


def _on_map(game, uid: str) -> bool:
    return game.state.units[uid].on_map


def _clan(game, uid: str) -> str:
    return game.state.units[uid].clan


def targets_of(game, uid: str) -> tuple[str, ...]:
    """The enemy units this unit may attack: in its ZoC [11.1], not across a
    hexside where an attack is impossible (Terrain Effect Chart)."""
    u = game.state.units[uid]
    if not u.on_map:
        return ()
    out = []
    for d in zoc.enemies_in_zoc(game, uid):
        if not game.map.crossing(u.hex, _hex(game, d)).no_attack:
            out.append(d)
    return tuple(sorted(out))


def attack_edges(game, side: str, units: Iterable[str]) -> dict[str, tuple[str, ...]]:
    """For each activated unit of `side` in an EZoC: the enemy units it may attack."""
    out: dict[str, tuple[str, ...]] = {}
    for uid in sorted(set(units)):
        if uid not in game.state.units or not _on_map(game, uid) or game.side_of(uid) != side:
            continue
        t = targets_of(game, uid)
        if t:
            out[uid] = t
    return out


def attack_groups(game, side: str, units: Iterable[str]) -> list[Group]:
    """The connected groups of attackers and defenders, each with who must
    attack [11.2] and who must be attacked [11.1]."""
    edges = attack_edges(game, side, units)
    adj_d: dict[str, list[str]] = {}
    for a, ds in edges.items():
        for d in ds:
            adj_d.setdefault(d, []).append(a)
    seen: set[str] = set()
    groups: list[Group] = []
    for start in sorted(edges):
        if start in seen:
            continue
        atts, defs = set(), set()
        todo = [("a", start)]
        while todo:
            kind, x = todo.pop()
            if kind == "a":
                if x in atts:
                    continue
                atts.add(x)
                todo += [("d", d) for d in edges[x]]
            else:
                if x in defs:
                    continue
                defs.add(x)
                todo += [("a", a) for a in adj_d[x]]
        seen |= atts
        must_a = frozenset(a for a in atts if game.unit_order(a) == ATTACK)
        must_d = set()
        for d in defs:
            if sr.is_undecided(game, _clan(game, d)) and any(
                    not sr.is_undecided(game, _clan(game, e)) for a in adj_d[d] for e in edges[a]):
                continue  # [21.4.1] may be ignored when another enemy unit is attacked
            for a in adj_d[d]:
                # [11.2] a unit not in Attack need not attack across a
                # non-obligatory hexside; one in Attack always must
                crossing = game.map.crossing(_hex(game, a), _hex(game, d))
                if a in must_a or not crossing.non_obligatory:
                    must_d.add(d)
                    break
        groups.append(Group(
            attackers=tuple(sorted(atts)), defenders=tuple(sorted(defs)),
            adj_a={a: tuple(edges[a]) for a in sorted(atts)},
            adj_d={d: tuple(sorted(adj_d[d])) for d in sorted(defs)},
            must_attack=must_a, must_be_attacked=frozenset(must_d)))
    return groups


def _choices(g: Group, d: str, undecided: frozenset[str], used: frozenset[str]) -> list[Combat]:
    """Every way the first undecided defender `d` can be dealt with."""
    out: list[Combat] = []
    free = [a for a in g.adj_d[d] if a not in used]
    for k in range(1, len(free) + 1):  # several attackers (or one) against d
        for s in itertools.combinations(free, k):
            out.append(Combat(tuple(s), (d,)))
    for a in free:  # one attacker against d and other defenders
        others = [e for e in g.adj_a[a] if e != d and e in undecided]
        for k in range(1, len(others) + 1):
            for t in itertools.combinations(others, k):
                out.append(Combat((a,), tuple(sorted((d,) + t))))
    if d not in g.must_be_attacked:
        out.append(Combat((), (d,)))
    return out


def _extend(g: Group, must_attack: frozenset[str], combats: tuple[Combat, ...],
            used: frozenset[str], decided: frozenset[str]) -> Iterator[Plan]:
    undecided = [d for d in g.defenders if d not in decided]
    if not undecided:
        if must_attack <= used:
            yield tuple(sorted(c for c in combats if c.attackers))
        return
    und = frozenset(undecided)
    for a in must_attack - used:  # prune: an Attack unit left with nobody to attack
        if not any(d in und for d in g.adj_a[a]):
            return
    for d in und & g.must_be_attacked:  # prune: a defender nobody can attack any more
        if all(a in used for a in g.adj_d[d]):
            return
    d = undecided[0]
    for c in _choices(g, d, und - {d}, used):
        yield from _extend(g, must_attack, combats + (c,), used | set(c.attackers),
                           decided | set(c.defenders))


def group_plans(g: Group) -> Iterator[Plan]:
    """The complete legal plans of a group [11.1]-[11.3]: every unit in Attack
    attacks, every defender that must be attacked is, nobody twice. (A plan
    always exists: a spanning star forest; should none be found, units in
    Attack may be left out.)"""
    found = False
    for p in _extend(g, g.must_attack, (), frozenset(), frozenset()):
        found = True
        yield p
    if not found:
        yield from _extend(g, frozenset(), (), frozenset(), frozenset())


def _feasible(g: Group, must: frozenset[str], combats: tuple[Combat, ...]) -> bool:
    """Can this partial plan still be completed into a legal one?"""
    used = frozenset(a for c in combats for a in c.attackers)
    decided = frozenset(d for c in combats for d in c.defenders)
    return next(_extend(g, must, combats, used, decided), None) is not None


def _strict(g: Group) -> frozenset[str]:
    """The units in Attack that must attack: all of them, unless no legal plan allows it."""
    full = next(_extend(g, g.must_attack, (), frozenset(), frozenset()), None)
    return g.must_attack if full is not None else frozenset()


def attack_plans(game, side: str, units: Iterable[str], limit: int | None = None) -> list[Plan]:
    """Every complete plan of the activated `units` (the product of the plans
    of each group), as sorted tuples of Combats. A pure query."""
    per_group = [list(group_plans(g)) for g in attack_groups(game, side, units)]
    out = []
    for combo in itertools.product(*per_group):
        out.append(tuple(sorted(c for plan in combo for c in plan)))
        if limit is not None and len(out) >= limit:
            break
    return out


# ===================================================================== queries

def supports(game, attackers: Iterable[str], defenders: Iterable[str],
             fighting: Iterable[str]) -> list[str]:
    """[11.6.1] friendly units exerting a ZoC on one of the defending units that
    fight in no combat this phase and are not in the EZoC of another enemy unit."""
    attackers, defenders = list(attackers), list(defenders)
    if not attackers or not defenders:
        return []
    side = game.side_of(attackers[0])
    busy = set(fighting) | set(attackers)
    dset = set(defenders)
    dhexes = {_hex(game, d) for d in defenders if _on_map(game, d)}
    others = [u.id for u in game.units_on_map(game.enemy(side)) if u.id not in dset]
    out = []
    for u in game.units_on_map(side):
        if u.id in busy:
            continue
        # a ZoC covers only adjacent hexes [4.2]: the cheap test first
        if not any(u.hex.is_adjacent(h) for h in dhexes) or \
                not (zoc.support_reach(game, u.id) & dhexes):
            continue
        if any(u.hex in zoc.zoc_of(game, e) for e in others):
            continue
        out.append(u.id)
    return sorted(out)


def combat_fighters(game, attackers: list[str], defenders: list[str]
                    ) -> tuple[list[Fighter], list[Fighter], frozenset[str]]:
    """The Fighters of a combat as the state stands, with the defenders using
    their Firepower because of prepared firearms [11.9]."""
    moved = game.state.moved
    assault = any(a in moved for a in attackers)
    dfs, dtype = [], {}
    for d in defenders:
        ud, us = game.unit_defs[d], game.state.units[d]
        order = game.unit_order(d)
        ct = combat_type_of(False, False, order == ATTACK, assault)  # [11.5] 2-4
        dtype[d] = ct
        dfs.append(Fighter(d, ud.elan, ud.mass, ud.fire, game.lead(d), order, us.steps_lost, ct,
                           (), us.defensive_position))
    afs = []
    for a in attackers:
        ua, us = game.unit_defs[a], game.state.units[a]
        order = game.unit_order(a)
        ct = combat_type_of(a in moved, True, order == ATTACK, False)  # [11.5] 1 or 4
        sides = tuple((game.map.crossing(us.hex, _hex(game, d)), dtype[d]) for d in defenders)
        afs.append(Fighter(a, ua.elan, ua.mass, ua.fire, game.lead(a), order, us.steps_lost, ct,
                           sides))
    prepared = frozenset(
        f.id for f in dfs
        if has_firearms_prepared(f, [game.map.crossing(_hex(game, a), _hex(game, f.id))
                                     for a in attackers]))
    return afs, dfs, prepared


def combat_breakdown(game, attackers: list[str], defenders: list[str], *, totsugeki: bool = False,
                     fighting: Iterable[str] | None = None,
                     attacker_leader: Leadership | None = None,
                     defender_leader: Leadership | None = None) -> tuple[Breakdown, list[str]]:
    """The dice modifiers of a combat and the units supporting it. A pure query."""
    afs, dfs, prepared = combat_fighters(game, attackers, defenders)
    sup = supports(game, attackers, defenders, set(fighting or ()) | set(attackers))
    sc = game.scenario
    bd = breakdown(afs, dfs, combat_types=sc.combat_types, modifiers=sc.combat_modifiers,
                   states=sc.states, firearms_prepared=prepared, supports=len(sup),
                   totsugeki=totsugeki and any(f.combat_type == SHINGEKI for f in afs),
                   attacker_leader=attacker_leader, defender_leader=defender_leader)
    return bd, sup


def _has_leader(game, uid: str) -> bool:
    """A unit whose leader can die [11.10]: a Leadership value, or the X cross [4.1]."""
    d = game.unit_defs[uid]
    return not game.state.units[uid].leader_killed and (d.lead > 0 or d.lead_x)


def _bundori_value(game, uid: str) -> int:
    d = game.unit_defs[uid]
    return d.lead if d.lead > 0 else 1  # the X cross gives 1 [4.1]


# ===================================================================== combat phase

def combat_phase(game, side: str, rule: str = "7.2.2"):
    """[7.2.2] the clans of `side` in Attack charge, in the order the player
    chooses; then every unit of `side` in an EZoC attacks [11.1]."""
    from tenkatoitsu.kinds.battle import movement, siege_actions

    charged: set[str] = set()
    while True:
        eligible = [c for c in sorted(game.clans_of(side))
                    if c not in charged and game.order_of(c) == ATTACK
                    and not game.state.clans[c].off_map
                    and any(not zoc.is_in_ezoc(game, u.id) and not movement.is_besieged(game, u.id)
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
        yield from movement.charge(game, clan, mp=3.0, rule="6.3")
    yield from siege_actions.combat_chit(game, side)  # [15.6.1] step b in the fortresses
    units = [u.id for u in game.units_on_map(side) if zoc.is_in_ezoc(game, u.id)
             and not sr.is_undecided(game, u.clan)]  # [21.4.1] undecided clans do not attack
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
    groups = attack_groups(game, side, units)
    planned: list[Combat] = []
    for g in groups:
        plan = yield from _choose_plan(game, side, g, rule)
        planned.extend(plan)
    if not planned:
        return []

    # [11.4] combined attack
    excluded: set[str] = set()
    for c in planned:
        family = {cl: sr.fold(game, "attack_family", cl)
                  for cl in {_clan(game, a) for a in c.attackers} - excluded}
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
        atk = tuple(a for a in c.attackers if _clan(game, a) not in excluded)
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
                "11.6")
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
        tot = any(_clan(game, a) in totsugeki_clans and a in game.state.moved for a in atk)
        rec.report = yield from resolve_combat(game, list(atk), list(dfn), totsugeki=tot,
                                               fighting=fighting)
        rec.status = "resolved"
    return records


def _still_fighting(game, attackers, defenders) -> tuple[tuple[str, ...], tuple[str, ...]]:
    """Drop units eliminated or moved out of contact by an earlier combat (a rout,
    a withdrawal, an advance)."""
    atk = [a for a in attackers if _on_map(game, a)]
    dfn = [d for d in defenders if _on_map(game, d)]
    if len(atk) == 1:
        t = targets_of(game, atk[0])
        dfn = [d for d in dfn if d in t]
    else:
        atk = [a for a in atk if all(d in targets_of(game, a) for d in dfn)]
    return tuple(atk), tuple(dfn)


def _choose_plan(game, side: str, g: Group, rule: str):
    plans = list(itertools.islice(group_plans(g), PLAN_LIMIT + 1))
    must_a = ", ".join(sorted(g.must_attack)) or "none"
    must_d = ", ".join(sorted(g.must_be_attacked)) or "none"
    ctx = {"attackers": list(g.attackers), "defenders": list(g.defenders),
           "must_attack": sorted(g.must_attack), "must_be_attacked": sorted(g.must_be_attacked)}
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
    must = _strict(g)
    combats: tuple[Combat, ...] = ()
    while True:
        decided = {d for c in combats for d in c.defenders}
        undecided = [d for d in g.defenders if d not in decided]
        if not undecided:
            break
        used = frozenset(a for c in combats for a in c.attackers)
        d = undecided[0]
        choices = [c for c in _choices(g, d, frozenset(undecided) - {d}, used)
                   if _feasible(g, must, combats + (c,))]
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
    attackers = [a for a in attackers if _on_map(game, a)]
    defenders = [d for d in defenders if _on_map(game, d)]
    if not attackers or not defenders:
        game.note(rule, "no combat: a side has no unit left")
        return None
    yield from sr.each(game, "before_combat", attackers, defenders)  # [21.4.1]
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


def _choose_unit(game, side: str, units: list[str], kind: str, prompt: str, rule: str, **ctx):
    if len(units) == 1:
        return units[0]
    return (yield Decision(side, kind, prompt, tuple(Option(u, u) for u in units), rule,
                           context=ctx))


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
        where = _hex(game, uid)
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
        alive_a = [u for u in attackers if _on_map(game, u)]
        a = yield from _choose_unit(game, side_a, alive_a, "assign-loss",
                                    f"{result.text()}: which attacking unit loses "
                                    f"{result.attacker.first.text()}?", "11.7")
        alive_d = [u for u in defenders if _on_map(game, u)]
        d = yield from _choose_unit(game, side_d, alive_d, "assign-loss",
                                    f"{result.text()}: which defending unit loses "
                                    f"{result.defender.first.text()}?", "11.7")
        hit(a, result.attacker.first)
        hit(d, result.defender.first)
    else:
        for units, loss, owner, who in ((attackers, result.attacker, side_a, "attacking"),
                                        (defenders, result.defender, side_d, "defending")):
            if loss is None:
                continue
            alive = [u for u in units if _on_map(game, u)]
            if not alive:
                continue
            if loss.first == loss.others:
                first = alive[0]
            else:
                first = yield from _choose_unit(
                    game, owner, alive, "assign-loss",
                    f"{result.text()}: which {who} unit takes {loss.first.text()}"
                    + (f" (the others take {loss.others.text()})" if len(alive) > 1 else "") + "?",
                    "11.7", first=loss.first.text(), others=loss.others.text())
            for u in [first] + [x for x in alive if x != first]:
                hit(u, loss.first if u == first else loss.others)

    # [11.7] retreat one hex without entering an EZoC, else one more step
    if retreats:
        from tenkatoitsu.kinds.battle import movement
        while retreats:
            owner = game.side_of(retreats[0])
            same = [u for u in retreats if game.side_of(u) == owner]
            uid = yield from _choose_unit(game, owner, same, "retreat-order",
                                          "Which unit retreats next?", "11.7")
            retreats.remove(uid)
            if not _on_map(game, uid):
                continue
            where = _hex(game, uid)
            ok = yield from movement.retreat_after_combat(game, uid, rule="11.7")
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
        clan = _clan(game, uid)
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
        from tenkatoitsu.kinds.battle import siege
        yield from siege.end_emptied(game)  # [15.9] a rout emptied a besieged fortress

    # [11.12] advance after combat
    for adv_side, own in ((side_a, attackers), (side_d, defenders)):
        hexes = vacated.get(game.enemy(adv_side), [])
        if hexes:
            moved = yield from advance_after_combat(game, adv_side, own, hexes)
            out.advanced += moved
    return out


def leader_loss_test(game, uid: str, *, eliminated: bool, steps: int, rule: str = "11.10") -> bool:
    """[11.10] a unit with a leader that lost 2 steps (or more) in a combat loses
    him on 1D6 = 1; an eliminated one on 1D6 <= 4. A samurai with the unit
    takes a test of his own [16.3]. Not a generator. True if the unit's own
    leader died."""
    from tenkatoitsu.kinds.battle import samurai

    markers = samurai.markers_on(game, uid)
    if not _has_leader(game, uid) and not markers:
        return False
    if eliminated:
        threshold, why = 4, "eliminated"
    elif steps >= 2:
        threshold, why = 1, f"lost {steps} steps"
    else:
        return False
    killed = False
    if _has_leader(game, uid):
        roll = game.dice.d6(f"leader loss: {uid}", rule, side=game.side_of(uid))
        if roll <= threshold:
            kill_leader(game, uid, rule)
            killed = True
        else:
            game.note(rule, f"the leader of {uid} ({why}) survives: {roll} > {threshold}")
    for chit in markers:
        roll = game.dice.d6(f"leader loss: the samurai of {uid}", "16.3", side=game.side_of(uid))
        if roll <= threshold:
            samurai.kill(game, chit, "16.3")
        else:
            game.note("16.3", f"the samurai of {uid} ({why}) survives: {roll} > {threshold}")
    return killed


def kill_leader(game, uid: str, rule: str) -> int:
    """A Leader Killed marker: Leadership 0, the opponent gains Bundori equal to
    the original Leadership (1 for the X cross)."""
    game.state.units[uid].leader_killed = True
    points = _bundori_value(game, uid)
    to = game.enemy(game.side_of(uid))
    game.add_bundori(to, points, rule)
    game.emit(LeaderKilled(rule=rule, unit=uid, bundori=points, to_side=to))
    return points


def rout_check(game, clan: str, rule: str = "11.11"):
    """[11.11] after one of its units is eliminated: 1D6 + the clan's highest
    Leadership + 1 per non-exhausted unit, on the scenario's rout table.
    Returns the result applied (None if the clan has no unit left)."""
    units = game.state.clan_units(clan)
    if not units:
        return None
    side = game.clan_side(clan)
    if "never-routs" in game.clan_defs[clan].flags:
        game.note(rule, f"clan {clan} never routs")
        return "never-routs"
    table = game.scenario.table("rout")
    if table is None:
        game.note(rule, "no rout table in this scenario: no rout test")
        return None
    lead = game.clan_lead(clan)
    fresh = sum(1 for u in units if u.steps_lost < 3)
    roll = game.dice.d6(f"rout: clan {clan}", rule, side=side)
    total = roll + lead + fresh
    result = str(lookup(table, total, roll)[0])
    game.emit(RoutTested(rule=rule, clan=clan, roll=roll, leadership=lead, fresh_units=fresh,
                         total=total, result=result))
    if result == WITHDRAWAL_OR_SEPPUKU:
        result = yield Decision(side, "rout-choice", f"Clan {clan}: withdrawal or seppuku?",
                                (Option(WITHDRAWAL, "withdrawal: the whole clan withdraws and "
                                                    "switches to Regroup"),
                                 Option(SEPPUKU, "seppuku: a leader of the clan commits suicide")),
                                rule)
    if result == ROUT:
        for u in list(units):
            game.eliminate(u.id, rule)
    elif result == WITHDRAWAL:
        from tenkatoitsu.kinds.battle import movement
        yield from movement.withdraw(game, clan, units=None, pursuit=True, rule=rule)
        game.set_order(clan, REGROUP, rule)
    elif result == SEPPUKU:
        yield from seppuku(game, clan, rule)
    yield from sr.each(game, "after_rout", clan, result)  # [21.5] rout of a large clan
    return result


def seppuku(game, clan: str, rule: str = "11.11"):
    """A leader of the clan commits suicide: a Leader Killed marker on a unit
    with a Leadership value (else on one with the X cross); the opponent gains
    its Leadership in Bundori, or 1 if the clan has no leader left."""
    units = [u.id for u in game.state.clan_units(clan)]
    leaders = [u for u in units if game.lead(u) > 0] or \
              [u for u in units if _has_leader(game, u)]
    if not leaders:
        to = game.enemy(game.clan_side(clan))
        game.add_bundori(to, 1, rule)
        game.note(rule, f"clan {clan} has no leader left for seppuku: {to} still gains 1 Bundori")
        return None
    uid = yield from _choose_unit(game, game.clan_side(clan), leaders, "seppuku-leader",
                                  f"Clan {clan}: which leader commits seppuku?", rule)
    kill_leader(game, uid, rule)
    return uid


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
                if u in advanced or not _on_map(game, u) or game.side_of(u) != side:
                    continue
                here = _hex(game, u)
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
        game.move(u, [_hex(game, u), h], "advance", rule)
        advanced.add(u)
        open_hexes.remove(h)
        done.append((u, h.id))
    return done
