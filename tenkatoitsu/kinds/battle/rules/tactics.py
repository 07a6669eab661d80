"""Performing a battle plan's tactics [10.4] when their chit is drawn: the
Clan phase's step f [8] in place of the order's steps.

Decision kinds and their answers:

- ``kido-move`` [10.4.4] c. which activated clan moves next: clan id.
- ``ashibaya-move`` [10.4.5] which clan marches first: clan id.
- ``katta-clan`` [10.4.2] (asked of the chit's holder) which of the
  opponent's clans must attack: clan id.

The moves and combats ask their own decisions (charge, march, combat ...).
"""

from __future__ import annotations

from tenkatoitsu.core.decisions import Decision, Option
from tenkatoitsu.kinds.battle import events as ev
from tenkatoitsu.kinds.battle.rules import battle_plan as bp
from tenkatoitsu.kinds.battle.rules import charge, march, withdrawal
from tenkatoitsu.kinds.battle.rules import combat as cb
from tenkatoitsu.kinds.battle.rules.clan_phase import (
    order_change_step,
    order_movement,
    order_sequence,
    rally_attempts,
    regroup_sequence,
)
from tenkatoitsu.kinds.battle.scenario import model as m
from tenkatoitsu.kinds.battle.state import TacticUse, clan_chit

TOTSUGEKI_MP = 5.0  # [10.4.1] instead of the charge's 3
ASHIBAYA_MP = 6.0  # [10.4.5] instead of the march's 4
KIDO_NOT_ACTIVATED = 2  # [10.4.4] 1D6 + Leadership <= 2: not activated


def _units(game, clans) -> list[str]:
    return [u.id for c in clans for u in game.state.clan_units(c)]


def _in_play(game, clan: str) -> bool:
    return bool(game.state.clan_units(clan, on_map_only=False))


def perform(game, clan: str, use: TacticUse):
    """[10.4] the drawn chit's clan performs the tactic logged for it; the
    companions' chits come back from aside to the Reserve afterwards."""
    side = game.clan_side(clan)
    use.performed = True
    clans = [c for c in use.clans if _in_play(game, c)]
    game.state.moved.clear()
    game.emit(ev.PhaseStarted(rule="10.4", phase=f"tactic {bp.TACTIC_NAMES[use.tactic]}",
                              side=side, clan=clan))
    game.emit(ev.TacticPerformed(rule="10.4", side=side, tactic=use.tactic, clans=tuple(clans)))
    if use.tactic == "totsugeki" and clans:
        # [10.4.1] Attack, a 5 MP charge, every unit in the ZoC attacked, assaults +2
        game.set_order(clan, m.Order.ATTACK, "10.4.1")
        yield from charge.charge(game, clan, TOTSUGEKI_MP, "10.4.1")
        yield from cb.attacks(game, side, _units(game, [clan]), totsugeki_clans=[clan],
                              rule="10.4.1")
    elif use.tactic == "kotai" and clans:
        # [10.4.3] Regroup, rally, withdraw without pursuit, no combat
        game.set_order(clan, m.Order.REGROUP, "10.4.3")
        yield from regroup_sequence(game, clan, pursuit=False, combat=False, rule="10.4.3")
    elif use.tactic == "kido":
        yield from kido(game, side, clans)
    elif use.tactic == "ashibaya":
        yield from ashibaya(game, side, clans)
    for other in use.clans[1:]:
        chit = clan_chit(other)
        if chit in game.state.aside:
            dest = f"reserve:{side}" if _in_play(game, other) else None
            game.move_chit(chit, "aside", dest, "10.4.4")


def kido(game, side: str, clans: list[str]):
    """[10.4.4] each clan rolls 1D6 + its Leadership: an unmodified 1 puts it
    in Regroup and the opponent withdraws it; 2 or less, it stays; the others
    act together: order changes, rallies, moves in the player's order, then
    attack without the combined attack roll [11.4]."""
    activated = []
    for clan in clans:
        if game.state.clans[clan].off_map or not game.state.clan_units(clan):
            continue
        die = game.dice.d6(f"Kidō activation of clan {clan}", "10.4.4", side=side)
        total = die + game.clan_lead(clan)
        if die == 1:
            game.note("10.4.4", f"clan {clan} rolls an unmodified 1: Regroup, and the opponent "
                                "withdraws it")
            game.set_order(clan, m.Order.REGROUP, "10.4.4")
            yield from withdrawal.withdraw(game, clan, pursuit=True, rule="10.4.4",
                                         chooser=game.enemy(side))
        elif total <= KIDO_NOT_ACTIVATED:
            game.note("10.4.4", f"clan {clan} rolls {die}+{game.clan_lead(clan)} = {total}: "
                                "not activated")
        else:
            game.note("10.4.4", f"clan {clan} rolls {die}+{game.clan_lead(clan)} = {total}: "
                                "activated")
            activated.append(clan)
    if not activated:
        return
    for clan in activated:  # a. each may try to change its order
        yield from order_change_step(game, clan)
    for clan in activated:  # b. clans in Regroup rally
        if game.order_of(clan) == m.Order.REGROUP:
            yield from rally_attempts(game, clan, "10.4.4")
    remaining = [c for c in activated if game.state.clan_units(c)]
    while remaining:  # c. each moves by its order, in the player's order
        clan = remaining[0]
        if len(remaining) > 1:
            clan = yield Decision(side, "kido-move", "Kidō: which clan moves next?",
                                  tuple(Option(c, f"clan {c} ({game.order_of(c).value})")
                                        for c in remaining), "10.4.4")
        remaining.remove(clan)
        yield from order_movement(game, clan)
    # d. every unit of the activated clans attacks what is in its ZoC, together
    yield from cb.attacks(game, side, _units(game, activated), kido=True, rule="10.4.4")


def ashibaya(game, side: str, clans: list[str]):
    """[10.4.5] the clans switch to Movement, march with 6 MP (an off-map clan
    enters), then every unit in an EZoC attacks."""
    for clan in clans:
        game.set_order(clan, m.Order.MOVEMENT, "10.4.5")
    remaining = list(clans)
    while remaining:
        clan = remaining[0]
        if len(remaining) > 1:
            clan = yield Decision(side, "ashibaya-move", "Ashibaya: which clan marches first?",
                                  tuple(Option(c, f"clan {c}") for c in remaining), "10.4.5")
        remaining.remove(clan)
        yield from march.march(game, clan, ASHIBAYA_MP, "10.4.5")
    yield from cb.attacks(game, side, _units(game, clans), rule="10.4.5")


def katta(game, chit: str):
    """[10.4.2] the holder chooses one of the plan owner's clans on the map:
    it switches to Attack and plays a Clan phase without the order change
    step. The chit goes back to the holder while uses are left."""
    victim = chit.split(":", 1)[1]
    holder = game.enemy(victim)
    clans = sorted(c for c in game.clans_of(victim)
                   if not game.state.clans[c].off_map and game.state.clan_units(c))
    left = bp.tactics_left(game, victim).get(bp.KATTA, 0)
    if not clans or left <= 0:
        game.note("10.4.2", f"Katta! Katta!: {victim} has no clan on the map")
        game.move_chit(chit, "bowl", f"held:{holder}" if left > 0 else None, "10.4.2")
        return
    clan = yield Decision(holder, "katta-clan",
                          f"{holder}: Katta! Katta!: which clan of {victim} must attack?",
                          tuple(Option(c, f"clan {c}") for c in clans),  # its order may be hidden [5.3]
                          "10.4.2", {"victim": victim})
    h = game.state.honjins[victim]
    h.tactics_used.append(TacticUse(bp.KATTA, [clan], game.state.turn, performed=True))
    game.emit(ev.TacticPerformed(rule="10.4.2", side=victim, tactic=bp.KATTA, clans=(clan,)))
    game.move_chit(chit, "bowl", f"held:{holder}" if left > 1 else None, "10.4.2")
    game.state.moved.clear()
    game.set_order(clan, m.Order.ATTACK, "10.4.2")
    game.emit(ev.PhaseStarted(rule="10.4.2", phase="clan phase", side=victim, clan=clan))
    yield from order_sequence(game, clan)
