"""Dice modifiers of one combat [11.5]-[11.9], as a pure function of who fights
how. The engine builds the Fighters from the game state; the GUI shows the
Breakdown before the roll; the worked examples of [11.6] are its tests.

Which value goes to which die, and with which sign, comes from the scenario's
tables (combat-types, combat-modifiers, states, terrain chart), never from code.
"""

from __future__ import annotations

from typing import Iterable

import attrs

from tenkatoitsu.kinds.battle.scenario import model as m

BLUE = m.Die.BLUE
SHINGEKI, RANSEN, HANGEKI, YARI_FUSUMA = "shingeki", "ransen", "hangeki", "yari-fusuma"


@attrs.frozen
class Fighter:
    """One unit in one combat."""

    id: str
    elan: int
    mass: int
    fire: int = 0
    lead: int = 0
    order: m.Order = m.Order.DEFENSE
    steps_lost: int = 0  # state modifier [4.3]
    combat_type: str = RANSEN  # [11.5]
    #: attackers: the effects of each hexside it attacks through, seen from it,
    #: paired with the combat type of the defender behind that hexside
    hexsides: tuple[tuple[m.Effects, str], ...] = ()
    defensive_position: bool = False  # defenders: stacked with a marker [11.8]


@attrs.frozen
class Line:
    """One line of the breakdown, as a player would read it."""

    label: str
    rule: str
    blue: int = 0
    red: int = 0


@attrs.frozen
class Breakdown:
    blue: int
    red: int
    lines: tuple[Line, ...]
    firearms_prepared: frozenset[str] = frozenset()  # defenders using Firepower in melee


@attrs.frozen
class Leadership:
    """A leader's value and the die its owner puts it on, declared before the
    roll, attacker first [11.6]."""

    unit: str
    value: int
    die: m.Die


def combat_type_of(moved_into_contact: bool, is_attacker: bool, in_attack: bool,
                   target_of_assault: bool) -> str:
    """[11.5], by decreasing priority."""
    if is_attacker:
        return SHINGEKI if moved_into_contact else RANSEN
    if target_of_assault:
        return HANGEKI if in_attack else YARI_FUSUMA
    return RANSEN


def has_firearms_prepared(defender: Fighter, attacked_through: Iterable[m.Effects]) -> bool:
    """[11.9] a defender in Defense with a Defensive Position marker, or attacked
    only through hexsides that bear the Firearms Prepared symbol."""
    if defender.order != m.Order.DEFENSE:
        return False
    if defender.defensive_position:
        return True
    effects = list(attacked_through)
    return bool(effects) and all(e.firearms_prepared for e in effects)


def terrain_modifier(f: Fighter) -> int:
    """[11.6.2] -1 and +1 apply as soon as one hexside bears them, each kind
    once per attacking unit; an assault-only -1 counts against closed ranks."""
    minus = plus = False
    for eff, defender_type in f.hexsides:
        value = eff.blue
        if f.combat_type == SHINGEKI and defender_type == YARI_FUSUMA:
            value += eff.assault_blue
        if value < 0:
            minus = True
        elif value > 0:
            plus = True
    return (1 if plus else 0) - (1 if minus else 0)


#: id(table) -> (table, its index): the scenario's tables are read by every
#: combat a bot weighs, and never change (the entry keeps the table, and so
#: its id, alive)
_INDEXES: dict[int, tuple] = {}


def _index(table, build):
    hit = _INDEXES.get(id(table))
    if hit is None:
        hit = _INDEXES[id(table)] = (table, build(table))
    return hit[1]


def breakdown(
    attackers: list[Fighter],
    defenders: list[Fighter],
    *,
    combat_types: m.CombatTypes,
    modifiers: m.CombatModifiers,
    states: m.States,
    firearms_prepared: frozenset[str] = frozenset(),
    supports: int = 0,
    totsugeki: bool = False,
    attacker_leader: Leadership | None = None,
    defender_leader: Leadership | None = None,
    explain: bool = True,
) -> Breakdown:
    """The blue and red modifiers of a combat with every line that makes them
    (none without `explain`: the same dice, for a judge that weighs many)."""
    types = _index(combat_types, lambda t: {(r.name, r.role): r.terms for r in t.rows})
    mods = _index(modifiers, lambda t: {r.name: r for r in t.rows})
    blue = red = 0
    lines: list[Line] = []

    def add(die: m.Die, value: int, rule: str, label: str, *args):
        # the label is formatted only when explained: a judge weighs thousands
        nonlocal blue, red
        if die is BLUE:
            blue += value
            if explain:
                lines.append(Line(label.format(*args), rule, value, 0))
        else:
            red += value
            if explain:
                lines.append(Line(label.format(*args), rule, 0, value))

    for role, sign, fighters in (("attacker", 1, attackers), ("defender", -1, defenders)):
        for f in fighters:
            for term in types[(f.combat_type, role)]:
                if term.if_prepared and f.id not in firearms_prepared:
                    continue
                value = sign * getattr(f, term.stat)
                if value:
                    add(term.die, value, "11.5", "{} {}: {} {:+d}", f.id, f.combat_type,
                        term.stat, value)
            if sign > 0:
                t = terrain_modifier(f)
                if t:
                    add(BLUE, t, "11.6.2", "{}: terrain {:+d}", f.id, t)
            elif f.defensive_position and f.order == m.Order.DEFENSE:
                dp = mods["defensive-position"]
                add(dp.die, dp.value, "11.8", "{}: defensive position {:+d}", f.id, dp.value)

    # [11.6] states: + the smallest defender modifier, - the largest attacker one
    d_state = min((f.steps_lost for f in defenders), default=0)
    a_state = max((f.steps_lost for f in attackers), default=0)
    if d_state or a_state:
        state_by_steps = _index(states, lambda t: {v: k for k, v in t.levels})
        if d_state:
            add(mods["defender-state"].die, d_state, "11.6", "defender {} {:+d}",
                state_by_steps.get(d_state, d_state), d_state)
        if a_state:
            add(mods["attacker-state"].die, -a_state, "11.6", "attacker {} {:+d}",
                state_by_steps.get(a_state, a_state), -a_state)

    moving = (m.Order.MOVEMENT, m.Order.REGROUP)
    if defenders and all(f.order in moving for f in defenders):
        mo = mods["defender-moving"]
        add(mo.die, mo.value, "11.6", "all defenders in Movement or Regroup {:+d}", mo.value)
    if any(f.order in moving for f in attackers):
        mo = mods["attacker-moving"]
        add(mo.die, mo.value, "11.6", "an attacker in Movement or Regroup {:+d}", mo.value)
    if supports:
        su = mods["support"]
        add(su.die, su.value * supports, "11.6.1", "support x{} {:+d}", supports,
            su.value * supports)
    if totsugeki and any(f.combat_type == SHINGEKI for f in attackers):
        to = mods["totsugeki"]
        add(to.die, to.value, "10.4.1", "Totsugeki {:+d}", to.value)
    if attacker_leader and attacker_leader.value:
        add(attacker_leader.die, attacker_leader.value, "11.6", "{}: leadership {:+d} ({})",
            attacker_leader.unit, attacker_leader.value, attacker_leader.die.value)
    if defender_leader and defender_leader.value:
        add(defender_leader.die, -defender_leader.value, "11.6", "{}: leadership {:+d} ({})",
            defender_leader.unit, -defender_leader.value, defender_leader.die.value)
    return Breakdown(blue, red, tuple(lines), frozenset(firearms_prepared))
