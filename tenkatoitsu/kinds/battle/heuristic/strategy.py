"""The commander's picture of the battle: what each unit is worth, the VP
the hexes it holds are worth [17.1], and whether the side must attack to
win or may hold what it has."""

from __future__ import annotations

import attrs

from tenkatoitsu.core.memo import per_position
from tenkatoitsu.hexmap import Hex
from tenkatoitsu.kinds.battle.rules.victory import condition_holds, holds, star_controlled

#: worth of a commander whose death ends the game [17.1 automatic victory]
DECISIVE_LEADER = 25.0


@attrs.frozen
class Level:
    """A bot's temperament."""

    name: str
    attack_threshold: float  # expected value (in unit-worth) a clan needs to want Attack
    loss_weight: float  # how much its own losses count against the enemy's
    regroup_wear: float  # mean steps lost at which a clan goes to Regroup [8.5]
    offensive_slack: int  # attacks while its projected VP lead is below margin + this
    delays: bool  # uses [8.6] delays
    optional_advance: bool  # advances after combat when it may [11.12]
    withdraw_below: float  # a contact whose best plan is worth less than this: Regroup
    commander_pull: float = 0.3  # how hard its marches head for the enemy commander


LEVELS = {
    "cautious": Level("cautious", 0.6, 1.4, 1.0, 0, True, False, -0.3),
    "normal": Level("normal", 0.3, 1.2, 1.3, 0, True, True, -0.6),
    "aggressive": Level("aggressive", -0.2, 0.9, 2.2, 99, False, True, -1.5),
}


def decisive_leaders(game, side: str) -> set[str]:
    """Units of `side` whose leader's death is an automatic defeat."""
    out = {uid for uid, winner in _leader_defeats(game)
           if winner != side and game.side_of(uid) == side}
    st = game.side_defs[side].so_taisho
    if st and not out:
        out.add(st.unit)
    return out


@per_position(key=lambda game: id(game.scenario))
def _leader_defeats(game) -> list[tuple[str, str]]:
    """(unit, winner) of the automatic victories by a leader's death [17.1]:
    read for every hit the judge prices, and the scenario's alone (the
    unit's side is asked each time: a clan may change sides [21.4])."""
    v = game.scenario.victory
    return [(a.condition.args[0], a.winner) for a in (v.automatic if v else ())
            if a.condition.kind == "leader-killed" and not a.condition.negated
            and a.condition.args and a.condition.args[0] in game.unit_defs]


def unit_worth(game, uid: str) -> float:
    """What losing the unit costs its side: its Elan (VP) [17.1], its body,
    and its leader (Bundori; the game itself for a decisive commander)."""
    d = game.unit_defs[uid]
    worth = 1.0 + d.elan + 0.25 * (d.mass + d.fire)
    worth += leader_worth(game, uid)
    return worth


def leader_worth(game, uid: str) -> float:
    u = game.state.units[uid]
    d = game.unit_defs[uid]
    if u.leader_killed or not (d.lead > 0 or d.lead_x):
        return 0.0
    side = game.side_of(uid)
    if uid in decisive_leaders(game, side):
        return DECISIVE_LEADER
    return 1.0 + d.lead


def hold_hexes(game) -> dict[Hex, int]:
    """The hexes the victory rules pay for occupying at the end [17.1]
    (Iwasaki-jō's 5 VP [20.5.2]), with their VP. Read once per scenario:
    the combat judge asks for every hit it prices."""
    return _hold_hexes(game)


@per_position(key=lambda game: id(game.scenario))
def _hold_hexes(game) -> dict[Hex, int]:
    victory = game.scenario.victory
    out: dict[Hex, int] = {}
    for r in (victory.vp if victory else ()):
        if r.kind == "hold":
            h = Hex.from_id(f"{r.args[0]:04d}")
            out[h] = out.get(h, 0) + r.args[1]
    return out


def hold_stake(game, uid: str) -> int:
    """The end-of-game VP the unit's side stops holding if it leaves its hex:
    a hold hex [17.1] where it is the side's last unit."""
    u = game.state.units[uid]
    if not u.on_map:
        return 0
    vp = hold_hexes(game).get(u.hex, 0)
    if vp and all(o == uid or game.side_of(o) != game.side_of(uid) for o in game.occupants(u.hex)):
        return vp
    return 0


def projected_lead(game, side: str) -> int:
    """The VP lead `side` would have if the battle ended as it stands [17.1]."""
    st = game.state
    vp = dict(st.vp)
    v = game.scenario.victory
    for rule in (v.vp if v else ()):
        if not rule.at_end:
            continue
        if rule.kind == "bundori":
            for s in game.side_ids:
                vp[s] += rule.args[0] * st.bundori[s]
        elif rule.kind == "hold":
            h = Hex.from_id(f"{rule.args[0]:04d}")
            for s in game.side_ids:
                if holds(game, s, [h]):
                    vp[s] += rule.args[1]
        elif rule.kind == "stars":
            for star in game.scenario.map.stars:
                if star_controlled(game, star):
                    vp[star.side] += star.vp
        elif rule.kind == "units-on-map":
            for s in game.side_ids:
                vp[s] += rule.args[0] * len(game.units_on_map(s))
    return vp[side] - vp[game.enemy(side)]


def margin(game) -> int:
    v = game.scenario.victory
    return v.margin if v and v.margin is not None else 1


#: the leads searched for the level table's threshold of a win
LEAD_SPAN = range(-40, 41)


def win_lead(game, side: str) -> int:
    """The smallest VP lead that wins for `side` at the end: the level table's
    first matching row [19.5.2] with its conditions as they stand now (a tie
    wins for Hashiba at Yamazaki, Akechi needs 1), else the margin [17.1]."""
    v = game.scenario.victory
    if not (v and v.levels):
        return margin(game)
    enemy = game.enemy(side)
    held: dict = {}

    def winner(lead: int):
        for lv in v.levels:
            mine = lead if lv.lead_side == side else -lead
            if mine in lv.lead:
                ok = held.setdefault(lv.title, all(condition_holds(game, c)
                                                     for c in lv.conditions))
                if ok:
                    return None if lv.winner == "none" else lv.winner
        return side if lead >= margin(game) else (enemy if -lead >= margin(game) else None)

    for lead in LEAD_SPAN:
        if winner(lead) == side:
            return lead
    return LEAD_SPAN.stop


def offensive(game, side: str, level: Level) -> bool:
    """Must the side attack? Yes while the battle as it stands does not give
    it a win with a lead of at least 1 VP (plus the level's slack): a tie that
    the table calls a win is one lucky enemy combat from a defeat."""
    needed = max(1, win_lead(game, side))
    return projected_lead(game, side) < needed + level.offensive_slack


#: the last part of the battle in which a side short of a win grows bold
LATE_PART = 0.35


def boldness(game, side: str) -> float:
    """0 .. 1: how much worse odds a side short of a win [17] takes because
    time runs out. Nothing before the last LATE_PART of the turns: early on,
    the enemy who comes onto our ground pays for it, so patience wins VP."""
    if projected_lead(game, side) >= win_lead(game, side):
        return 0.0
    t = game.scenario.turns
    late = max(1.0, LATE_PART * max(1, t.last - t.start_turn))
    left = t.last - game.state.turn
    return max(0.0, min(1.0, 1.0 - left / late))


def attackable(game, side: str, uid: str) -> bool:
    """An enemy unit the side can bring to battle (not inside a fortress [15.3])."""
    u = game.state.units[uid]
    return u.on_map and not game.map.is_fortress(u.hex)


def wear(game, clan: str) -> float:
    units = game.state.clan_units(clan)
    if not units:
        return 0.0
    return sum(u.steps_lost for u in units) / len(units)
