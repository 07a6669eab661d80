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


def _add(totals: dict, die: m.Die, value: int) -> tuple[int, int]:
    b = value if die == m.Die.BLUE else 0
    r = value if die == m.Die.RED else 0
    totals["blue"] += b
    totals["red"] += r
    return b, r


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
    types = {(t.name, t.role): t for t in combat_types.rows}
    mods = {r.name: r for r in modifiers.rows}
    state_by_steps = {v: k for k, v in states.levels}
    totals = {"blue": 0, "red": 0}
    lines: list[Line] = []

    def stat_lines(f: Fighter, role: str, sign: int):
        ct = types[(f.combat_type, role)]
        for term in ct.terms:
            if term.if_prepared and f.id not in firearms_prepared:
                continue
            value = sign * getattr(f, term.stat)
            if value:
                b, r = _add(totals, term.die, value)
                if explain:
                    lines.append(Line(f"{f.id} {f.combat_type}: {term.stat} {value:+d}", "11.5", b, r))

    for f in attackers:
        stat_lines(f, "attacker", +1)
        t = terrain_modifier(f)
        if t:
            if explain:
                lines.append(Line(f"{f.id}: terrain {t:+d}", "11.6.2", t, 0))
            totals["blue"] += t
    for f in defenders:
        stat_lines(f, "defender", -1)
        if f.defensive_position and f.order == m.Order.DEFENSE:
            dp = mods["defensive-position"]
            b, r = _add(totals, dp.die, dp.value)
            if explain:
                lines.append(Line(f"{f.id}: defensive position {dp.value:+d}", "11.8", b, r))

    # [11.6] states: + the smallest defender modifier, - the largest attacker one
    d_state = min((f.steps_lost for f in defenders), default=0)
    a_state = max((f.steps_lost for f in attackers), default=0)
    if d_state:
        b, r = _add(totals, mods["defender-state"].die, d_state)
        if explain:
            lines.append(Line(f"defender {state_by_steps.get(d_state, d_state)} {d_state:+d}", "11.6", b, r))
    if a_state:
        b, r = _add(totals, mods["attacker-state"].die, -a_state)
        if explain:
            lines.append(Line(f"attacker {state_by_steps.get(a_state, a_state)} {-a_state:+d}", "11.6", b, r))

    moving = (m.Order.MOVEMENT, m.Order.REGROUP)
    if defenders and all(f.order in moving for f in defenders):
        mo = mods["defender-moving"]
        b, r = _add(totals, mo.die, mo.value)
        if explain:
            lines.append(Line(f"all defenders in Movement or Regroup {mo.value:+d}", "11.6", b, r))
    if any(f.order in moving for f in attackers):
        mo = mods["attacker-moving"]
        b, r = _add(totals, mo.die, mo.value)
        if explain:
            lines.append(Line(f"an attacker in Movement or Regroup {mo.value:+d}", "11.6", b, r))
    if supports:
        su = mods["support"]
        b, r = _add(totals, su.die, su.value * supports)
        if explain:
            lines.append(Line(f"support x{supports} {su.value * supports:+d}", "11.6.1", b, r))
    if totsugeki and any(f.combat_type == SHINGEKI for f in attackers):
        to = mods["totsugeki"]
        b, r = _add(totals, to.die, to.value)
        if explain:
            lines.append(Line(f"Totsugeki {to.value:+d}", "10.4.1", b, r))
    if attacker_leader and attacker_leader.value:
        b, r = _add(totals, attacker_leader.die, attacker_leader.value)
        if explain:
            lines.append(Line(f"{attacker_leader.unit}: leadership {attacker_leader.value:+d} "
                              f"({attacker_leader.die.value})", "11.6", b, r))
    if defender_leader and defender_leader.value:
        b, r = _add(totals, defender_leader.die, -defender_leader.value)
        if explain:
            lines.append(Line(f"{defender_leader.unit}: leadership {-defender_leader.value:+d} "
                              f"({defender_leader.die.value})", "11.6", b, r))
    return Breakdown(totals["blue"], totals["red"], tuple(lines), frozenset(firearms_prepared))
