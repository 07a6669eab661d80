"""Losses beyond the combat result: the leader loss test [11.10] of a unit that
lost 2 steps or was eliminated (and its samurai's [16.3]), the Leader Killed
marker and its Bundori, and the rout test [11.11] of a clan that lost a unit:
rout, withdrawal or seppuku."""

from __future__ import annotations

from tenkatoitsu.core.decisions import Decision, Option
from tenkatoitsu.kinds.battle import hooks
from tenkatoitsu.kinds.battle.events import LeaderKilled, RoutTested
from tenkatoitsu.kinds.battle.queries.tables import lookup
from tenkatoitsu.kinds.battle.rules import samurai, withdrawal
from tenkatoitsu.kinds.battle.rules.movement import choose_unit
from tenkatoitsu.kinds.battle.scenario import model as m

ROUT, WITHDRAWAL, SEPPUKU = "rout", "withdrawal", "seppuku"  # [11.11] results of the rout table
WITHDRAWAL_OR_SEPPUKU = "withdrawal-or-seppuku"


def _bundori_value(game, uid: str) -> int:
    d = game.unit_defs[uid]
    return d.lead if d.lead > 0 else 1  # the X cross gives 1 [4.1]


def leader_loss_test(game, uid: str, *, eliminated: bool, steps: int, rule: str = "11.10") -> bool:
    """[11.10] a unit with a leader that lost 2 steps (or more) in a combat loses
    him on 1D6 = 1; an eliminated one on 1D6 <= 4. A samurai with the unit
    takes a test of his own [16.3]. Not a generator. True if the unit's own
    leader died."""
    markers = samurai.markers_on(game, uid)
    if not has_leader(game, uid) and not markers:
        return False
    if eliminated:
        threshold, why = 4, "eliminated"
    elif steps >= 2:
        threshold, why = 1, f"lost {steps} steps"
    else:
        return False
    killed = False
    if has_leader(game, uid):
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
        yield from withdrawal.withdraw(game, clan, units=None, pursuit=True, rule=rule)
        game.set_order(clan, m.Order.REGROUP, rule)
    elif result == SEPPUKU:
        yield from seppuku(game, clan, rule)
    yield from hooks.each(game, "after_rout", clan, result)  # [21.5] rout of a large clan
    return result


def seppuku(game, clan: str, rule: str = "11.11"):
    """A leader of the clan commits suicide: a Leader Killed marker on a unit
    with a Leadership value (else on one with the X cross); the opponent gains
    its Leadership in Bundori, or 1 if the clan has no leader left."""
    units = [u.id for u in game.state.clan_units(clan)]
    leaders = [u for u in units if game.lead(u) > 0] or \
              [u for u in units if has_leader(game, u)]
    if not leaders:
        to = game.enemy(game.clan_side(clan))
        game.add_bundori(to, 1, rule)
        game.note(rule, f"clan {clan} has no leader left for seppuku: {to} still gains 1 Bundori")
        return None
    uid = yield from choose_unit(game, game.clan_side(clan), leaders, "seppuku-leader",
                                  f"Clan {clan}: which leader commits seppuku?", rule)
    kill_leader(game, uid, rule)
    return uid


def has_leader(game, uid: str) -> bool:
    """A unit whose leader can die [11.10]: a Leadership value, or the X cross [4.1]."""
    d = game.unit_defs[uid]
    return not game.state.units[uid].leader_killed and (d.lead > 0 or d.lead_x)
