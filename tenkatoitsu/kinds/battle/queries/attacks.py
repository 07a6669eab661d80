"""Who must attack whom [11.1]-[11.3], as questions: the defenders each unit is
in contact with, the connected groups of attackers and defenders, every legal
attack plan of a group, the units that support a combat [11.4], and the
modifiers of a combat line by line [11.6]. Bots, the GUI and the odds read
these; nothing here changes the game."""

from __future__ import annotations

import itertools
from typing import Iterable, Iterator

import attrs

from tenkatoitsu.core.memo import per_position
from tenkatoitsu.hexmap import Hex
from tenkatoitsu.kinds.battle import hooks
from tenkatoitsu.kinds.battle.queries import zoc
from tenkatoitsu.kinds.battle.queries.combat_modifiers import (
    SHINGEKI,
    Breakdown,
    Fighter,
    Leadership,
    breakdown,
    combat_type_of,
    has_firearms_prepared,
)
from tenkatoitsu.kinds.battle.scenario import model as m


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


def is_combat_value(value) -> bool:
    """`[[attackers], [defenders]]`: what `Combat.value` makes."""
    return isinstance(value, list) and len(value) == 2 and all(
        isinstance(x, list) and all(isinstance(u, str) for u in x) for x in value)


def combats_in(value) -> list[tuple[list[str], list[str]]]:
    """The combats an option's value stands for: one, a plan (a list of them,
    as `plan_value` makes), or none."""
    if is_combat_value(value):
        return [tuple(value)]
    if isinstance(value, list) and value and all(is_combat_value(c) for c in value):
        return [tuple(c) for c in value]
    return []


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


def hex_of(game, uid: str) -> Hex | None:
    return game.state.units[uid].hex


def on_map(game, uid: str) -> bool:
    return game.state.units[uid].on_map


def clan_of(game, uid: str) -> str:
    return game.state.units[uid].clan


def targets_of(game, uid: str) -> tuple[str, ...]:
    """The enemy units this unit may attack: in its ZoC [11.1], not across a
    hexside where an attack is impossible (Terrain Effect Chart)."""
    u = game.state.units[uid]
    if not u.on_map:
        return ()
    out = []
    for d in zoc.enemies_in_zoc(game, uid):
        if not game.map.crossing(u.hex, hex_of(game, d)).no_attack:
            out.append(d)
    return tuple(sorted(out))


def attack_edges(game, side: str, units: Iterable[str]) -> dict[str, tuple[str, ...]]:
    """For each activated unit of `side` in an EZoC: the enemy units it may attack."""
    out: dict[str, tuple[str, ...]] = {}
    for uid in sorted(set(units)):
        if uid not in game.state.units or not on_map(game, uid) or game.side_of(uid) != side:
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
        must_a = frozenset(a for a in atts if game.unit_order(a) == m.Order.ATTACK)
        must_d = set()
        for d in defs:
            if hooks.is_undecided(game, clan_of(game, d)) and any(
                    not hooks.is_undecided(game, clan_of(game, e)) for a in adj_d[d] for e in edges[a]):
                continue  # [21.4.1] may be ignored when another enemy unit is attacked
            for a in adj_d[d]:
                # [11.2] a unit not in Attack need not attack across a
                # non-obligatory hexside; one in Attack always must
                crossing = game.map.crossing(hex_of(game, a), hex_of(game, d))
                if a in must_a or not crossing.non_obligatory:
                    must_d.add(d)
                    break
        groups.append(Group(
            attackers=tuple(sorted(atts)), defenders=tuple(sorted(defs)),
            adj_a={a: tuple(edges[a]) for a in sorted(atts)},
            adj_d={d: tuple(sorted(adj_d[d])) for d in sorted(defs)},
            must_attack=must_a, must_be_attacked=frozenset(must_d)))
    return groups


def defender_choices(g: Group, d: str, undecided: frozenset[str], used: frozenset[str]) -> list[Combat]:
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
    for c in defender_choices(g, d, und - {d}, used):
        yield from _extend(g, must_attack, combats + (c,), used | set(c.attackers),
                           decided | set(c.defenders))


def group_plans(g: Group, must_attack: frozenset[str] | None = None) -> Iterator[Plan]:
    """The complete legal plans of a group [11.1]-[11.3]: every unit in Attack
    (or in `must_attack`) attacks, every defender that must be attacked is,
    nobody twice. (A plan always exists: a spanning star forest; should none
    be found, units in Attack may be left out.)"""
    found = False
    must = g.must_attack if must_attack is None else must_attack
    for p in _extend(g, must, (), frozenset(), frozenset()):
        found = True
        yield p
    if not found:
        yield from _extend(g, frozenset(), (), frozenset(), frozenset())


def completable(g: Group, must: frozenset[str], combats: tuple[Combat, ...]) -> bool:
    """Can this partial plan still be completed into a legal one?"""
    used = frozenset(a for c in combats for a in c.attackers)
    decided = frozenset(d for c in combats for d in c.defenders)
    return next(_extend(g, must, combats, used, decided), None) is not None


def strict_attackers(g: Group) -> frozenset[str]:
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


def supports(game, attackers: Iterable[str], defenders: Iterable[str],
             fighting: Iterable[str]) -> list[str]:
    """[11.6.1] friendly units exerting a ZoC on one of the defending units that
    fight in no combat this phase and are not in the EZoC of another enemy unit."""
    attackers, defenders = list(attackers), list(defenders)
    if not attackers or not defenders:
        return []
    units, clans = game.state.units, game.state.clans
    side = clans[units[attackers[0]].clan].side
    enemy = game.enemy(side)
    busy = set(fighting)
    busy.update(attackers)
    dset = set(defenders)
    dhexes = {units[d].hex for d in defenders if units[d].on_map}
    neighbours, occupants = game.map.neighbours, game.occupants
    out = set()
    # a ZoC covers only adjacent hexes [4.2]: the units next to a defender,
    # and the enemies next to them
    for dh in dhexes:
        for h in neighbours(dh):
            for uid in occupants(h):
                if uid in busy or uid in out or clans[units[uid].clan].side != side or \
                        zoc.support_reach(game, uid).isdisjoint(dhexes):
                    continue
                if any(e not in dset and clans[units[e].clan].side == enemy
                       and h in zoc.zoc_of(game, e) for n in neighbours(h) for e in occupants(n)):
                    continue
                out.add(uid)
    return sorted(out)


def combat_fighters(game, attackers: list[str], defenders: list[str]
                    ) -> tuple[list[Fighter], list[Fighter], frozenset[str]]:
    """The Fighters of a combat as the state stands, with the defenders using
    their Firepower because of prepared firearms [11.9]."""
    st = game.state
    moved, units, clans, defs = st.moved, st.units, st.clans, game.unit_defs
    crossing, lead = game.map.crossing, game.lead
    assault = any(a in moved for a in attackers)
    dfs = []
    for d in defenders:
        ud, us = defs[d], units[d]
        order = clans[us.clan].order
        ct = combat_type_of(False, False, order == m.Order.ATTACK, assault)  # [11.5] 2-4
        dfs.append(Fighter(d, ud.elan, ud.mass, ud.fire, lead(d), order, us.steps_lost, ct,
                           (), us.defensive_position))
    afs = []
    through: list[list[m.Effects]] = [[] for _ in dfs]  # each defender's hexsides attacked
    for a in attackers:
        ua, us = defs[a], units[a]
        order = clans[us.clan].order
        ct = combat_type_of(a in moved, True, order == m.Order.ATTACK, False)  # [11.5] 1 or 4
        sides = []
        for f, effects in zip(dfs, through):
            eff = crossing(us.hex, units[f.id].hex)
            sides.append((eff, f.combat_type))
            effects.append(eff)
        afs.append(Fighter(a, ua.elan, ua.mass, ua.fire, lead(a), order, us.steps_lost, ct,
                           tuple(sides)))
    prepared = frozenset(f.id for f, effects in zip(dfs, through)
                         if has_firearms_prepared(f, effects))
    return afs, dfs, prepared


@per_position(key=lambda game: id(game.scenario))
def _combat_tables(game) -> tuple:
    """The scenario's combat tables, looked up once a game: a bot judges thousands of combats."""
    sc = game.scenario
    return sc.combat_types, sc.combat_modifiers, sc.states


def combat_breakdown(game, attackers: list[str], defenders: list[str], *, totsugeki: bool = False,
                     fighting: Iterable[str] | None = None,
                     attacker_leader: Leadership | None = None,
                     defender_leader: Leadership | None = None,
                     explain: bool = True) -> tuple[Breakdown, list[str]]:
    """The dice modifiers of a combat and the units supporting it. A pure query.
    Without `explain`, the dice alone (breakdown)."""
    sup = supports(game, attackers, defenders, set(fighting or ()) | set(attackers))
    bd = _breakdown(game, attackers, defenders, len(sup), totsugeki=totsugeki,
                    attacker_leader=attacker_leader, defender_leader=defender_leader,
                    explain=explain)
    return bd, sup


def _breakdown(game, attackers: Iterable[str], defenders: Iterable[str], supporting: int, *,
               totsugeki: bool = False, attacker_leader: Leadership | None = None,
               defender_leader: Leadership | None = None, explain: bool = True) -> Breakdown:
    afs, dfs, prepared = combat_fighters(game, list(attackers), list(defenders))
    combat_types, modifiers, states = _combat_tables(game)
    return breakdown(afs, dfs, combat_types=combat_types, modifiers=modifiers, states=states,
                     firearms_prepared=prepared, supports=supporting,
                     totsugeki=totsugeki and any(f.combat_type == SHINGEKI for f in afs),
                     attacker_leader=attacker_leader, defender_leader=defender_leader,
                     explain=explain)


COMBAT_DICE = 8192  # bound of the game's cache of combat_dice


def combat_dice(game, attackers: tuple[str, ...], defenders: tuple[str, ...],
                fighting: Iterable[str]) -> tuple[int, int]:
    """The blue and red modifiers of `combat_breakdown` (no Totsugeki, no
    Leadership declared), cached on the game by all they read: the fighters'
    hexes (the hexsides [11.6.2] [11.9]), states, Orders, Leadership and,
    for the attackers, whether they moved (assault [11.5]), and how many
    units support [11.6.1]. A bot judges the same combat again and again
    while units elsewhere move."""
    sup = len(supports(game, attackers, defenders, set(fighting) | set(attackers)))
    st = game.state
    units, clans, moved, lead = st.units, st.clans, st.moved, game.lead
    states = []
    for a in attackers:
        u = units[a]
        states.append((u.hex, u.steps_lost, lead(a), clans[u.clan].order, a in moved))
    for d in defenders:
        u = units[d]
        states.append((u.hex, u.steps_lost, lead(d), clans[u.clan].order, u.defensive_position))
    return _combat_dice(game, attackers, defenders, sup, tuple(states))


@per_position(limit=COMBAT_DICE, key=lambda game, *args: args)
def _combat_dice(game, attackers, defenders, sup: int, _states: tuple) -> tuple[int, int]:
    # keyed by its arguments alone, for the whole game: `_states` is all else it reads
    bd = _breakdown(game, attackers, defenders, sup, explain=False)
    return bd.blue, bd.red
