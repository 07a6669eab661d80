"""Victory [17]: automatic victories during play, the end-of-game VP, and the
scenario's victory levels or margin."""

from __future__ import annotations

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


def end_of_game_vp(game) -> None:
    v = game.scenario.victory
    for rule in (v.vp if v else ()):
        if not rule.at_end:
            continue
        if rule.kind == "bundori":  # [17.1] Bundori count as VP at the end
            for side in game.side_ids:
                game.add_vp(side, rule.args[0] * game.state.bundori[side], "Bundori", "17.1")
        elif rule.kind == "hold":
            h = Hex.from_id(f"{rule.args[0]:04d}")
            for side in game.side_ids:
                if holds(game, side, [h]):
                    game.add_vp(side, rule.args[1], f"holds {h.id}", "17.1")
        elif rule.kind == "stars":
            for star in game.scenario.map.stars:
                if star_controlled(game, star):
                    game.add_vp(star.side, star.vp, f"star {star.hex.id}", "21.7.3")
        elif rule.kind == "units-on-map":
            for side in game.side_ids:
                n = len(game.units_on_map(side))
                game.add_vp(side, rule.args[0] * n, f"{n} units on the map", "21.7.3")


def final_result(game) -> tuple[str | None, str | None]:
    """(winner or None for a draw, level title)."""
    v = game.scenario.victory
    vp = game.state.vp
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
