"""A drawn samurai marker [16.2]: it goes on one of its side's units, which
rallies at once or switches its clan to Attack and is activated as by its chit
[8.2]."""

from __future__ import annotations

from tenkatoitsu.core.decisions import Decision, Option
from tenkatoitsu.kinds.battle import events as ev
from tenkatoitsu.kinds.battle import hooks
from tenkatoitsu.kinds.battle.queries.tables import lookup
from tenkatoitsu.kinds.battle.rules import retreat
from tenkatoitsu.kinds.battle.rules.clan_phase import order_sequence
from tenkatoitsu.kinds.battle.scenario import model as m

RALLY, ATTACK, KEEP = "rally", "attack", "keep"


def activate(game, chit: str):
    """[16.2] the samurai chit is drawn: place it, then rally or attack."""

    side = chit.split(":")[1]
    game.move_chit(chit, "bowl", None, "16.2")
    hosts = [u.id for u in game.units_on_map(side) if not hooks.is_undecided(game, u.clan)]
    if not hosts:
        game.state.samurai_available.append(chit)
        return
    uid = yield Decision(side, "samurai-host", f"{side}: place the samurai on which unit?",
                         tuple(Option(u, f"on {u} ({game.state_name(u)})") for u in hosts)
                         + (Option(KEEP, "do not place it (it becomes available again)"),), "16.2")
    if uid == KEEP:
        game.state.samurai_available.append(chit)
        return
    game.state.samurai_on[chit] = uid
    game.note("16.2", f"a samurai joins {uid} (Leadership {game.lead(uid)})")
    clan = game.state.units[uid].clan
    what = yield Decision(side, "samurai-action", f"the samurai with {uid}: rally or attack?",
                          (Option(RALLY, f"{uid} tries to rally at once"),
                           Option(ATTACK, f"clan {clan} switches to Attack and is activated")),
                          "16.2")
    if what == RALLY:
        die = game.dice.d6(f"samurai rally of {uid}", "16.2", side=side)
        effect = lookup(game.scenario.table("rally"), die + game.clan_lead(clan), die)
        if effect[0] == "retreat":
            yield from retreat.rally_retreat(game, uid, "16.2")
        elif effect[0] == "rally":
            game.rally(uid, effect[1], "16.2")
        else:
            game.note("16.2", f"{uid} does not rally")
    else:
        game.set_order(clan, m.Order.ATTACK, "16.2")
        game.state.moved.clear()
        game.emit(ev.PhaseStarted(rule="16.2", phase="clan phase (samurai)", side=side, clan=clan))
        yield from order_sequence(game, clan)
