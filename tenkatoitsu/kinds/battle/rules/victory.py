"""Victory [17]: automatic victories during play, the end-of-game VP, and the
scenario's victory levels or margin; and the standing of a battle in progress
(the result if it ended now), which changes nothing."""

from __future__ import annotations

import attrs

from tenkatoitsu.hexmap import Hex
from tenkatoitsu.kinds.battle.queries.zoc import enemy_zoc
from tenkatoitsu.kinds.battle.scenario import model as m


def fortress_hexes(game, fid: str) -> set[Hex]:
    return {h for f in game.scenario.map.fortresses if f.id == fid for h in f.hexes}


def holds(game, side: str, hexes) -> bool:
    """A side holds hexes where only its units stand."""
    sides = {game.side_of(u) for h in hexes for u in game.occupants(h)}
    return sides == {side}


def condition_holds(game, c: m.Condition) -> bool:
    st = game.state
    if c.kind == "leader-killed":  # [17.1] killed by [11.10], not merely eliminated
        u = st.units.get(c.args[0])
        value = u is not None and u.leader_killed
    elif c.kind == "eliminated":
        value = all(u.eliminated for u in st.units.values() if u.clan in c.args)
    elif c.kind == "controls":
        value = holds(game, c.args[0], fortress_hexes(game, c.args[1]))
    elif c.kind == "holds":
        value = holds(game, c.args[0], [c.args[1]])
    elif c.kind == "unit-in":
        u = st.units.get(c.args[0])
        value = u is not None and u.on_map and u.hex in fortress_hexes(game, c.args[1])
    else:
        raise ValueError(f"unknown condition {c.kind}")
    return value != c.negated


def automatic_winner(game) -> str | None:
    v = game.scenario.victory
    for a in (v.automatic if v else ()):
        if condition_holds(game, a.condition):
            return a.winner
    return None


def star_controlled(game, star: m.Star) -> bool:
    """[21.7.3] a unit of the star's side in the hex and no EZoC there."""
    occ = game.occupants(star.hex)
    return any(game.side_of(u) == star.side for u in occ) and \
        star.hex not in enemy_zoc(game, star.side)


@attrs.frozen
class Award:
    """VP a source counted at the end gives [17.1]."""

    side: str
    vp: int
    reason: str
    rule: str


def end_of_game_awards(game) -> list[Award]:
    """What each source counted at the end would give in the position now;
    changes nothing."""
    v = game.scenario.victory
    out: list[Award] = []
    for rule in (v.vp if v else ()):
        if not rule.at_end:
            continue
        if rule.kind == "bundori":  # [17.1] Bundori count as VP at the end
            for side in game.side_ids:
                out.append(Award(side, rule.args[0] * game.state.bundori[side], "Bundori",
                                 "17.1"))
        elif rule.kind == "hold":
            h = Hex.from_id(f"{rule.args[0]:04d}")
            for side in game.side_ids:
                if holds(game, side, [h]):
                    out.append(Award(side, rule.args[1], f"holds {h.id}", "17.1"))
        elif rule.kind == "stars":
            for star in game.scenario.map.stars:
                if star_controlled(game, star):
                    out.append(Award(star.side, star.vp, f"star {star.hex.id}", "21.7.3"))
        elif rule.kind == "units-on-map":
            for side in game.side_ids:
                n = len(game.units_on_map(side))
                out.append(Award(side, rule.args[0] * n, f"{n} units on the map", "21.7.3"))
    return [a for a in out if a.vp]


def end_of_game_vp(game) -> None:
    for a in end_of_game_awards(game):
        game.add_vp(a.side, a.vp, a.reason, a.rule)


def final_result(game) -> tuple[str | None, str | None]:
    """(winner or None for a draw, level title)."""
    return result_for(game, game.state.vp)


def result_for(game, vp) -> tuple[str | None, str | None]:
    """The result the scenario's levels or margin give for these VP, the
    conditions of a level read in the position now."""
    v = game.scenario.victory
    for lv in (v.levels if v else ()):
        other = game.enemy(lv.lead_side)
        lead = vp[lv.lead_side] - vp[other]
        if lead in lv.lead and all(condition_holds(game, c) for c in lv.conditions):
            return (None if lv.winner == "none" else lv.winner), lv.title
    a, b = game.side_ids
    diff = vp[a] - vp[b]
    margin = v.margin if v and v.margin is not None else 1
    if diff >= margin:
        return a, f"{game.side_defs[a].name} wins"
    if -diff >= margin:
        return b, f"{game.side_defs[b].name} wins"
    return None, "draw"


@attrs.frozen
class Standing:
    """Where a battle stands: the VP on the track, what the sources counted at
    the end would add, and the result if it ended now (the scenario's special
    rules at the end aside). Every input is open to both players."""

    vp: dict
    awards: tuple[Award, ...]
    final_vp: dict
    winner: str | None
    level: str | None


def standing(game) -> Standing:
    """Changes nothing; `game` may be a past position (view.GameAt)."""
    st = game.state
    if st.over:
        return Standing(dict(st.vp), (), dict(st.vp), st.winner, st.level)
    awards = tuple(end_of_game_awards(game))
    final = dict(st.vp)
    for a in awards:
        final[a.side] += a.vp
    winner, level = result_for(game, final)
    return Standing(dict(st.vp), awards, final, winner, level)
