"""Specialized Warfare [§10.2] and the Nanban Trade [§10.6]: which units a
clan recruits, how far they move, and their combat phases — the
arquebusiers' Firearm Phase, the archers' Ranged Phase, then the Melee
[§10.2-c]. Without the module every unit fights in the Melee alone."""

from __future__ import annotations

from tenkatoitsu.kinds.clans.scenario.model import (
    ARQUEBUSIERS,
    BANNERMEN,
    BUSHI,
    DAIMYO,
    FIREARM,
    MELEE,
    NANBAN_TRADE,
    RANGED,
    RONIN,
    SPEARMEN,
    SPECIALIZED_WARFARE,
    SWORDSMEN,
)

#: the Ashigaru, whom a Bannerman leads one province further [§10.2-b] [U-24]
ASHIGARU = (SPEARMEN, ARQUEBUSIERS)
SPEAR_WALL = 2  # Spearmen needed for the wall's +1 on defense [§10.2-b]
DUEL_DICE = 2  # a Swordsman attacking alone [§10.2-b] [U-23]


def specialized(g) -> bool:
    return g.table.module(SPECIALIZED_WARFARE)


def nanban(g) -> bool:
    return g.table.module(NANBAN_TRADE)


def phases(g) -> tuple[str, ...]:
    """[§10.2-c] The rolling phases of a battle."""
    return (FIREARM, RANGED, MELEE) if specialized(g) else (MELEE,)


def recruitable(g, clan: str) -> list[str]:
    """The units a clan may recruit: the Bushi, or under Specialized Warfare
    its four units [U-21] (the Arquebusiers once it has Firearm Technology
    [§10.6.3] [U-25])."""
    comp = g.table.components
    if not specialized(g):
        return [BUSHI]
    out = []
    for u in comp.units:
        if u.id in (DAIMYO, RONIN, BUSHI) or not u.cost:
            continue
        if u.module is not None and u.module not in g.variants:
            continue
        if u.id == ARQUEBUSIERS and clan not in g.state.firearms:
            continue
        out.append(u.id)
    return out


def starting_unit(g) -> str:
    """The one Bushi of the set-up [§2.3]: a Spearman when the Bushi are
    replaced (the cheap Ashigaru)."""
    return SPEARMEN if specialized(g) else BUSHI


def movement_points(g, unit: str, company: dict[str, int]) -> int:
    """[§6.1] A Bushi 2, a Daimyō 3; an Ashigaru with a Bannerman in its
    province 3 [§10.2-b] [U-24]."""
    comp = g.table.components
    if unit == DAIMYO:
        return comp.daimyo_moves
    if specialized(g) and unit in ASHIGARU and company.get(BANNERMEN):
        return comp.bushi_moves + 1
    return comp.bushi_moves


def rolls_in(g, unit: str, phase: str, attacking: bool) -> int:
    """The face a unit needs in this phase (0: it does not roll): shooters
    fire in their phase whichever side they are on [U-22]; in the Melee the
    attacker's shooters and Bannermen do not attack, and every defender
    rolls its defense."""
    row = g.table.components.unit(unit)
    if phase != MELEE:
        return row.attack if row.phase == phase else 0
    if attacking:
        return row.attack if row.phase == MELEE else 0
    return row.defense


def dice_of(g, unit: str, n: int, side_units: dict[str, int], phase: str,
            attacking: bool) -> int:
    """Dice for `n` units: a Swordsman alone on the attack rolls two."""
    row = g.table.components.unit(unit)
    if specialized(g) and unit == SWORDSMEN and attacking and phase == MELEE and \
            sum(side_units.values()) == 1:
        return DUEL_DICE
    return n * row.dice


def spear_wall(g, unit: str, side_units: dict[str, int], attacking: bool) -> int:
    """[§10.2-b] +1 on the Spearmen's defense with two or more of them."""
    if specialized(g) and not attacking and unit == SPEARMEN and \
            side_units.get(SPEARMEN, 0) >= SPEAR_WALL:
        return 1
    return 0
