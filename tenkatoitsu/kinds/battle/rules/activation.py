"""The activation sequence [7]: chits drawn at random from the Bowl, each
starting its phase, until the obligatory phases are played (fewer at night
[14], only the combat chits once fatigue sets in [13])."""

from __future__ import annotations

from tenkatoitsu.core.decisions import Decision, Option
from tenkatoitsu.kinds.battle import events as ev
from tenkatoitsu.kinds.battle import hooks
from tenkatoitsu.kinds.battle.queries import fortress
from tenkatoitsu.kinds.battle.queries.zoc import is_in_ezoc
from tenkatoitsu.kinds.battle.rules import (
    battle_plan,
    march,
    orders,
    samurai,
    samurai_activation,
    siege,
    siege_end,
    tactics,
    withdrawal,
)
from tenkatoitsu.kinds.battle.rules import combat as cb
from tenkatoitsu.kinds.battle.rules.clan_phase import (
    clan_phase,
    order_sequence,
    rally_attempts,
    withdraw_near,
)
from tenkatoitsu.kinds.battle.scenario import model as m
from tenkatoitsu.kinds.battle.state import (
    INITIATIVE,
    MARCH,
    RALLY,
    chit_clan,
    clan_chit,
    combat_chit,
    is_obligatory,
)

PASS = "pass"
ACTIVATE, DELAY = "activate", "delay"
NIGHT_MARCH_TEST = 4  # [14] 1D6 + Leadership >= 4


class GameOver(Exception):
    """Raised through the rule generators when a victory condition ends the game."""


def roll_off(game, purpose: str, rule: str) -> list[str]:
    """Each player rolls a die, again on a tie; the highest plays first."""
    while True:
        rolls = {side: game.dice.d6(f"roll-off for the {purpose}", rule, side=side)
                 for side in game.side_ids}
        a, b = game.side_ids
        if rolls[a] != rolls[b]:
            first = a if rolls[a] > rolls[b] else b
            return [first, game.enemy(first)]


def turn_is_over(game, placed: list[str]) -> bool:
    played = game.state.played
    if game.is_fatigue():  # [13] the turn ends with the two combat chits
        return all(combat_chit(s) in played for s in game.side_ids)
    return all(c in played for c in placed)


def draw(game) -> str:
    chit = game.dice.shuffle_pick(game.state.bowl, "draw from the Bowl", "7.1")
    game.emit(ev.ChitDrawn(rule="7.1", chit=chit, left=len(game.state.bowl) - 1))
    return chit


def activation_sequence(game, placed: list[str], check):
    """II. of the turn [3.2]; `check` is called after every phase (automatic victory)."""
    st = game.state
    last_delayed_by: str | None = None
    while not turn_is_over(game, placed) and st.bowl:
        yield from siege_end.settle(game)  # [15.5] [15.7.1] markers owed since the last draw
        chit = draw(game)
        if is_obligatory(chit):
            last_delayed_by = None
            game.move_chit(chit, "bowl", "played", "7.2")
            yield from obligatory_phase(game, chit)
        else:
            clan = chit_clan(chit)
            if clan is None:
                last_delayed_by = None
                if chit.startswith("samurai:"):
                    yield from samurai_activation.activate(game, chit)
                elif chit.startswith("katta:"):
                    yield from tactics.katta(game, chit)
                else:
                    game.move_chit(chit, "bowl", None, "7.1")
                check(game)
                yield from samurai.offers(game)
                continue
            side = game.clan_side(clan)
            use = battle_plan.pending_use(game, clan)
            if not st.clan_units(clan, on_map_only=False):
                game.move_chit(chit, "bowl", None, "7.1")  # the clan is no more
                if use is not None:  # its companions still perform the tactic
                    yield from tactics.perform(game, clan, use)
                    check(game)
                continue
            if last_delayed_by != side:  # [8.6] never two delays in a row
                choice = yield Decision(side, "delay-activation",
                                        f"clan {clan} is drawn: activate it now or put it back?",
                                        (Option(ACTIVATE, f"activate clan {clan}"),
                                         Option(DELAY, "put it back into the Bowl")), "8.6")
                if choice == DELAY:
                    last_delayed_by = side
                    game.note("8.6", f"{side} delays clan {clan}: the chit goes back into the Bowl")
                    continue
            last_delayed_by = None
            if use is not None:
                # [8] f. the tactic logged for this chit replaces the order's steps
                yield from tactics.perform(game, clan, use)
                entered = True
            elif (yield from hooks.handled(game, "activate_clan", clan)):  # [21.6]
                check(game)
                yield from samurai.offers(game)
                continue
            else:
                entered = yield from clan_phase(game, clan)
            if clan_chit(clan) in st.bowl:
                if entered is False:
                    # [12] a clan that could not enter waits on Delay box 1
                    game.move_chit(chit, "bowl", f"delay1:{side}", "12")
                else:
                    game.move_chit(chit, "bowl", f"reserve:{side}", "8")
        check(game)
        yield from samurai.offers(game)
    yield from siege_end.settle(game)


def obligatory_phase(game, chit: str):
    game.state.moved.clear()
    if chit == MARCH:
        yield from march_phase(game)
    elif chit == RALLY:
        yield from rally_phase(game)
    elif chit == INITIATIVE:
        yield from initiative_phase(game)
    elif chit.startswith("combat:"):
        side = chit.split(":", 1)[1]
        game.emit(ev.PhaseStarted(rule="7.2.2", phase="combat phase", side=side))
        yield from cb.combat_phase(game, side, "7.2.2")


def _pass_option(side: str) -> Option:
    return Option(PASS, f"{side} passes (no more activations in this phase)")


def alternate(order: tuple[str, str] | list[str], passed: set[str]):
    """[7.2.1] [7.2.4] the sides take turns in `order`, a side that has passed
    is skipped, until both have passed (the caller adds to `passed`)."""
    turn = 0
    while len(passed) < 2:
        side = order[turn % 2]
        turn += 1
        if side not in passed:
            yield side


def march_phase(game):
    """[7.2.1] players alternately march one clan in Movement, or pass."""
    game.emit(ev.PhaseStarted(rule="7.2.1", phase="march phase"))
    if not any(game.order_of(c) == m.Order.MOVEMENT and not game.state.clans[c].off_map
               and game.state.clan_units(c) for c in game.state.clans):
        game.note("7.2.1", "no clan is in Movement: nothing marches")
        return
    order = roll_off(game, "march phase", "7.2.1")
    done: set[str] = set()
    passed: set[str] = set()
    failed_night: set[str] = set()
    for side in alternate(order, passed):
        eligible = [c for c in game.clans_of(side)
                    if game.order_of(c) == m.Order.MOVEMENT and not game.state.clans[c].off_map
                    and c not in done and c not in failed_night and game.state.clan_units(c)
                    and hooks.allows(game, "may_activate", c)
                    and not fortress.wholly_besieged(game, c)]  # [15.6]
        if not eligible:
            passed.add(side)
            continue
        options = tuple(Option(c, f"march clan {c}") for c in eligible) + (_pass_option(side),)
        choice = yield Decision(side, "march-clan", f"{side}: march phase, choose a clan",
                                options, "7.2.1")
        if choice == PASS:
            passed.add(side)
            continue
        if game.is_night() and not all(hooks.is_night_shelter(game, u.hex)
                                       for u in game.state.clan_units(choice)):
            # [14] a clan off the roads and shelters must pass a test at night
            die = game.dice.d6(f"night march test of clan {choice}", "14", side=side)
            if die + game.clan_lead(choice) < NIGHT_MARCH_TEST:
                game.note("14", f"clan {choice} fails its night march test")
                failed_night.add(choice)
                continue
        done.add(choice)
        yield from march.march(game, choice, 4.0, "7.2.1")


def rally_phase(game):
    """[7.2.3] players alternately activate each of their clans in Regroup:
    units within 3 hexes of an enemy withdraw (with pursuits), the others rally.
    No passing."""
    game.emit(ev.PhaseStarted(rule="7.2.3", phase="rally phase"))
    siege.rally_chit(game)  # [15.6.2] before the retreats
    if not any(game.order_of(c) == m.Order.REGROUP and game.state.clan_units(c)
               for c in game.state.clans):
        game.note("7.2.3", "no clan is in Regroup: nothing to rally")
        return
    order = roll_off(game, "rally phase", "7.2.3")
    done: set[str] = set()
    turn = 0
    idle = 0
    while idle < 2:
        side = order[turn % 2]
        turn += 1
        eligible = [c for c in game.clans_of(side) if game.order_of(c) == m.Order.REGROUP
                    and c not in done and game.state.clan_units(c)
                    and hooks.allows(game, "may_activate", c)]
        if not eligible:
            idle += 1
            continue
        idle = 0
        options = tuple(Option(c, f"activate clan {c} (Regroup)") for c in eligible)
        clan = yield Decision(side, "rally-clan", f"{side}: rally phase, choose a clan in Regroup",
                              options, "7.2.3")
        done.add(clan)
        yield from rally_attempts(game, clan, "7.2.3")
        yield from withdraw_near(game, clan, pursuit=True, rule="7.2.3")


def initiative_phase(game):
    """[7.2.4] clans in Movement or Regroup with a unit in an EZoC, plus one
    free clan of the player's choice first (not at night), may try an order
    change; a natural 1 means Regroup and a withdrawal; success means a Clan
    phase without its order change step."""
    game.emit(ev.PhaseStarted(rule="7.2.4", phase="initiative phase"))
    order = roll_off(game, "initiative phase", "7.2.4")
    activated: set[str] = set()
    passed: set[str] = set()
    free_used: set[str] = set()
    for side in alternate(order, passed):
        pressed = [c for c in game.clans_of(side)
                   if game.order_of(c) in (m.Order.MOVEMENT, m.Order.REGROUP)
                   and c not in activated and not game.state.clans[c].off_map
                   and not hooks.is_undecided(game, c)  # [21.4.1]
                   and any(is_in_ezoc(game, u.id) for u in game.state.clan_units(c))
                   and hooks.allows(game, "may_activate", c)]
        free = []
        if side not in free_used and not game.is_night():
            free = [c for c in game.clans_of(side) if c not in activated and c not in pressed
                    and not game.state.clans[c].off_map and game.state.clan_units(c)
                    and not hooks.is_undecided(game, c)  # [21.4.1]
                    and hooks.allows(game, "may_activate", c)
                    and not fortress.wholly_besieged(game, c)]  # [15.6]
        # the free clan must come first: once the player skips it, it is gone
        free_used.add(side)
        if not pressed and not free:
            passed.add(side)
            continue
        options = [Option(c, f"clan {c} (in an EZoC)") for c in pressed]
        options += [Option(c, f"clan {c} (the free choice)") for c in free]
        options.append(_pass_option(side))
        clan = yield Decision(side, "initiative-clan", f"{side}: initiative phase, choose a clan",
                              tuple(options), "7.2.4")
        if clan == PASS:
            passed.add(side)
            continue
        activated.add(clan)
        current = game.order_of(clan)
        wanted = yield Decision(side, "initiative-order", f"clan {clan} ({current.value}): new order?",
                                tuple(Option(o.value, f"{o.value} (needs "
                                             f"{orders.needed(game, current, o)})")
                                      for o in m.Order if o != current), "7.2.4")
        ok, die = orders.attempt(game, clan, m.Order(wanted), "7.2.4")
        if die == 1:
            # [7.2.4] an unmodified 1: Regroup and withdraw at once
            game.set_order(clan, m.Order.REGROUP, "7.2.4")
            yield from withdrawal.withdraw(game, clan, pursuit=True, rule="7.2.4")
        elif ok:
            game.state.moved.clear()
            game.emit(ev.PhaseStarted(rule="7.2.4", phase="clan phase", side=side, clan=clan))
            yield from order_sequence(game, clan)
