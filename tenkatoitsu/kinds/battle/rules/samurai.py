"""The Samurai optional rule [16]: "the more the water, the higher the boat".

In play when the scenario says `rule samurai { markers N lead L }` (N markers
a side, each of Leadership L; 1 and 1 by default) or the players choose the
option. Marker chits are named ``samurai:<side>:<n>``.

- [16.1] when the VP difference reaches a samurai line (the scenario's
  `samurai-lines`, else 4 and 8), the side behind may put an available marker
  into the Bowl;
- [16.2] drawn, it goes on one of its side's units, which then either tries to
  rally at once or switches its clan to Attack and is activated as by its
  chit [8.2]; its Leadership counts as a normal one;
- [16.3] added to a unit's own Leadership up to 2; removed when killed [11.10]
  (a second leader loss test), when its unit is eliminated, or when its unit
  ends a turn outside an EZoC;
- [16.4] a removed marker is available again; a killed one gives the opponent
  its Leadership in Bundori (which become VP where the scenario counts them);
- [16.5] a marker still in the Bowl at the end of a turn goes to Delay box 1.
"""

from __future__ import annotations

from tenkatoitsu.core.decisions import Decision, yes_no
from tenkatoitsu.kinds.battle import events as ev
from tenkatoitsu.kinds.battle.queries.zoc import is_in_ezoc
from tenkatoitsu.kinds.battle.scenario import model as m

DEFAULT_LINES = (4, 8)
MAX_LEAD = 2  # [16.3]


def _rule(game) -> m.RuleUse | None:
    rules = list(game.scenario.rules)
    for v in game.scenario.variants:
        if v.id in game.variants:
            rules += list(v.rules)
    return next((r for r in rules if r.name == "samurai"), None)


def enabled(game) -> bool:
    return game.options.samurai or _rule(game) is not None


def _param(game, name: str, default: int) -> int:
    r = _rule(game)
    for p in (r.params if r else ()):
        if p.name == name and p.values and isinstance(p.values[0], int):
            return p.values[0]
    return default


def marker_lead(game, chit: str | None = None) -> int:
    """A marker's Leadership: the rule's, unless the marker has its own
    (Mimaki Kaneaki's is 2 [19.6.3])."""
    if chit is not None and chit in game.state.samurai_lead:
        return game.state.samurai_lead[chit]
    return _param(game, "lead", 1)


def setup(game) -> None:
    """Every marker starts available, off the map."""
    if not enabled(game):
        return
    n = _param(game, "markers", 1)
    for side in game.side_ids:
        game.state.samurai_available.extend(f"samurai:{side}:{i}" for i in range(1, n + 1))


def lines(game) -> tuple[int, ...]:
    v = game.scenario.victory
    return (v.samurai_lines if v and v.samurai_lines else DEFAULT_LINES)


def markers_on(game, uid: str) -> list[str]:
    return [c for c, host in game.state.samurai_on.items() if host == uid]


def lead_bonus(game, uid: str) -> int:
    return sum(marker_lead(game, c) for c in markers_on(game, uid)) if game.state.samurai_on else 0


def vp_changed(game, before: int, after: int) -> None:
    """[16.1] the VP marker reached a samurai line: the side behind may call one."""
    if not enabled(game):
        return
    a, b = game.side_ids
    for line in lines(game):
        if abs(before) < line <= abs(after):
            behind = b if after > 0 else a
            game.state.samurai_offers.append(behind)


def offers(game):
    """Ask the side behind whether it brings a samurai into the Bowl [16.1]."""
    st = game.state
    while st.samurai_offers:
        side = st.samurai_offers.pop(0)
        chit = next((c for c in st.samurai_available if c.split(":")[1] == side), None)
        if chit is None:
            continue
        choice = yield Decision(side, "samurai-offer",
                                f"{side}: the VP marker reached a samurai line; bring a samurai "
                                "into the Bowl?",
                                yes_no("yes: the marker goes into the Bowl",
                                       "no: keep it for later"), "16.1")
        if choice:
            st.samurai_available.remove(chit)
            game.move_chit(chit, None, "bowl", "16.1")


def remove(game, chit: str, rule: str, why: str) -> None:
    host = game.state.samurai_on.pop(chit, None)
    if host is None:
        return
    game.state.samurai_available.append(chit)  # [16.4]
    game.note(rule, f"the samurai leaves {host} ({why})")


def kill(game, chit: str, rule: str = "11.10") -> None:
    """[16.3] [16.4] a killed samurai: the opponent gains its Leadership in Bundori."""
    host = game.state.samurai_on.get(chit)
    if host is None:
        return
    side = chit.split(":")[1]
    points = marker_lead(game, chit)
    game.add_bundori(game.enemy(side), points, rule)
    game.emit(ev.LeaderKilled(rule=rule, unit=f"samurai of {host}", bundori=points,
                              to_side=game.enemy(side)))
    remove(game, chit, rule, "killed")


def unit_eliminated(game, uid: str) -> None:
    for chit in markers_on(game, uid):
        remove(game, chit, "16.3", f"{uid} is eliminated")


def end_of_turn(game) -> None:
    """[16.3] a samurai whose unit ends the turn outside an EZoC leaves it."""

    for chit, host in list(game.state.samurai_on.items()):
        if not is_in_ezoc(game, host):
            remove(game, chit, "16.3", "its unit ends the turn out of contact")
