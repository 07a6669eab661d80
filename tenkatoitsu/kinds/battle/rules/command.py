"""The command sequence [9]: the Delay phase with the Messenger table, command
points, and the selection of chits into the Bowl by distance from the
Sō-taishō. Battle plan activation [10.2] is played between CP and selection."""

from __future__ import annotations

from tenkatoitsu.core.decisions import Decision, Option
from tenkatoitsu.kinds.battle import events as ev
from tenkatoitsu.kinds.battle import hooks
from tenkatoitsu.kinds.battle.queries.chits import chit_destination, commander, selectable
from tenkatoitsu.kinds.battle.queries.tables import lookup
from tenkatoitsu.kinds.battle.rules import battle_plan as bp
from tenkatoitsu.kinds.battle.scenario import model as m
from tenkatoitsu.kinds.battle.state import (
    INITIATIVE,
    MARCH,
    RALLY,
    chit_clan,
    combat_chit,
    delay_place,
    is_obligatory,
    place_name,
)

DONE = "done"


# ---------------------------------------------------------------- [9.1]

def delay_phase(game):
    """[9.1] Chits left in the Bowl go to the messengers; box 1 empties into
    the Bowl and the Delay Track slides down one box."""
    st = game.state
    for chit in list(st.bowl):
        if is_obligatory(chit):
            game.move_chit(chit, "bowl", None, "9.4")  # back to the game aid
            continue
        clan = chit_clan(chit)
        if clan is None:  # samurai and Katta! Katta! chits have rules of their own
            side = chit.split(":")[1]
            if chit.startswith("samurai:"):
                game.move_chit(chit, "bowl", f"delay1:{side}", "16.5")
            continue
        side = game.clan_side(clan)
        if not game.state.clan_units(clan, on_map_only=False):
            game.move_chit(chit, "bowl", None, "9.1")  # the clan is gone
            continue
        if st.clans[clan].off_map or clan in bp.clans_with_pending_tactic(game, side):
            # [9.1] exception: off-map clans and clans assigned a tactic wait in box 1
            game.move_chit(chit, "bowl", f"delay1:{side}", "9.1")
            continue
        roll = game.dice.d6(f"messenger for clan {clan}", "9.1", side=side)
        effect = lookup(game.scenario.table("messengers"), roll, roll)
        if effect[0] == "reserve":
            game.move_chit(chit, "bowl", f"reserve:{side}", "9.1")
        else:  # the table's boxes are 1 to 4, as `check` makes sure [2.3]
            game.move_chit(chit, "bowl", delay_place(effect[1], side), "9.1")
    for side, h in st.honjins.items():
        for chit in list(h.delay[0]):
            game.move_chit(chit, f"delay1:{side}", "bowl", "9.1")
        for box in range(1, 4):
            for chit in list(h.delay[box]):
                game.move_chit(chit, f"delay{box + 1}:{side}", f"delay{box}:{side}", "9.1")
    return
    yield  # a generator, like every phase


# ---------------------------------------------------------------- [9.2]


def command_points(game, side: str) -> int:
    """[9.2] roll on the command table: -1 if the Sō-taishō's clan is not in
    Defense (or an exempt order [19.2.1]), minus the opponent's Bundori."""
    h = game.state.honjins[side]
    sdef = game.side_defs[side]
    uid = commander(game, side)
    if uid is None or sdef.so_taisho is None:
        game.note("9.2", f"{side} has no Sō-taishō: no command points")
        h.cp = 0
        return 0
    roll = game.dice.d6("command points", "9.2", side=side)
    mod = 0
    order = game.unit_order(uid)
    exempt = set(sdef.so_taisho.exempt) | {m.Order.DEFENSE}
    if order not in exempt:
        mod -= 1
    opp_bundori = game.state.bundori[game.enemy(side)]
    mod += lookup(game.scenario.table("bundori"), opp_bundori)[0]
    cp = lookup(game.scenario.table(sdef.so_taisho.table), roll + mod)[0]
    h.cp = h.cp_rolled = cp
    game.emit(ev.CommandPoints(rule="9.2", side=side, roll=roll, modifier=mod, cp=cp))
    return cp


# ---------------------------------------------------------------- [9.3]


def select_chits(game, side: str):
    """[9.3] Each CP picks one chit from the Reserve; unused CP are lost. A
    tactic of the active plan may be logged instead [10.3]."""
    h = game.state.honjins[side]
    while h.cp > 0:
        options = bp.tactic_options(game, side)
        for chit in selectable(game, side):
            dest = chit_destination(game, side, chit_clan(chit))
            options.append(Option(chit, f"clan {chit_clan(chit)} -> {place_name(dest)}"))
        if not options:
            break
        options.append(Option(DONE, f"keep the {h.cp} remaining CP unspent (they are lost)"))
        choice = yield Decision(side, "select-chit", f"{side}: pick a clan chit ({h.cp} CP left)",
                                tuple(options), "9.3")
        if choice == DONE:
            break
        if choice.startswith("tactic:"):
            yield from bp.log_tactic(game, side, choice.split(":", 1)[1])
            continue
        dest = chit_destination(game, side, chit_clan(choice))
        game.move_chit(choice, f"reserve:{side}", dest, "9.3")
        h.cp -= 1
        yield from hooks.each(game, "chit_selected", side, choice, dest)  # [21.5]
    yield from hooks.each(game, "chit_selection", side)
    h.cp = 0


def obligatory_chits(game) -> list[str]:
    """[9.4] the five obligatory chits; at night without the two combat chits [14]."""
    chits = [MARCH, RALLY, INITIATIVE]
    if not game.is_night():
        chits += [combat_chit(s) for s in game.side_ids]
    return chits


def command_sequence(game):
    """I. of the turn [3.2]: delay, command points, battle plans [10.2],
    selection [9.3] (with tactics [10.3] and Katta! Katta! [10.4.2]), the
    obligatory chits [9.4]."""
    game.emit(ev.PhaseStarted(rule="9.1", phase="delay phase"))
    yield from delay_phase(game)
    game.emit(ev.PhaseStarted(rule="9.2", phase="command points"))
    for side in game.side_ids:
        command_points(game, side)
    yield from hooks.each(game, "after_command_points")
    game.emit(ev.PhaseStarted(rule="10.2", phase="battle plan activation"))
    yield from bp.activation_phase(game)
    game.emit(ev.PhaseStarted(rule="9.3", phase="chit selection"))
    for side in game.side_ids:
        yield from select_chits(game, side)
    yield from bp.katta_phase(game)
    for chit in obligatory_chits(game):
        game.move_chit(chit, None, "bowl", "9.4")
