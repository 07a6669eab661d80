"""A shogun game: the scenario, the colour sets in play, the one seeded dice
source, the state and the event stream, and the rules as a generator of
Decisions (`play`): the set-up [SC-4], then game rounds of nine actions
[SC-5.1] until a player is Shogun [SC-23] or the round limit."""

from __future__ import annotations

from collections.abc import Iterable

from tenkatoitsu.core.record import GameRecord
from tenkatoitsu.kinds import contract
from tenkatoitsu.kinds.contract import VariantInfo
from tenkatoitsu.kinds.shogun import actions
from tenkatoitsu.kinds.shogun import events as ev
from tenkatoitsu.kinds.shogun.outcome import (
    DRAW,
    MOST_PROVINCES,
    SHOGUN_AT_ROUND_END,
    GameOver,
    finish,
    lose_daimyo,
    score,
)
from tenkatoitsu.kinds.shogun.scenario.model import ShogunScenario
from tenkatoitsu.kinds.shogun.setup import empty_state, from_start, set_up
from tenkatoitsu.kinds.shogun.state import PLAN, ShogunState
from tenkatoitsu.kinds.shogun.table import Options, Table
from tenkatoitsu.kinds.shogun.war import wage_war


def resolve_variants(scenario: ShogunScenario, names: Iterable[str]) -> tuple[str, ...]:
    return contract.resolve_variants(
        [VariantInfo(v.id, v.title, v.group, v.default) for v in scenario.variants], names)


class Game(GameRecord):
    """A shogun game as the shared services read it (contract.Game)."""

    def __init__(self, scenario: ShogunScenario, *, players: tuple[str, ...],
                 variants: Iterable[str] = (), seed: int = 1, options: Options | None = None):
        super().__init__(seed)
        options = Options() if options is None else options
        self.scenario, self.options = scenario, options
        self.variants = resolve_variants(scenario, variants)
        self.players = tuple(players)
        self.table = Table.of(scenario, self.players, self.variants, options)
        seat_names = {s.id: s.name for s in scenario.seats}
        #: what the log calls every id: provinces, colour sets, armies
        self.names = {a.id: a.name for a in scenario.board} | seat_names
        for h in self.table.houses:
            for n in (1, 2, 3):
                self.names[f"{h}-{n}"] = f"{seat_names[h]} army {n}"
        self.words = self.names
        self.state: ShogunState = empty_state(self.table)


def play(g: Game):
    """The whole game [SC-4] [SC-5]."""
    try:
        if g.scenario.start is None:
            yield from set_up(g)
        else:
            from_start(g)
        while True:
            yield from game_round(g)
            end_of_round(g)
    except GameOver:
        return


STEPS = (("Plan", actions.plan), ("Take Swords", actions.take_swords),
         ("Build", actions.build), ("Levy Units", actions.levy),
         ("Hire Ronin", actions.hire_ronin), ("Hire Ninja", actions.hire_ninja))


def game_round(g: Game):
    st = g.state
    st.round += 1
    st.phase = PLAN
    g.emit(ev.RoundBegan("SC-5.1", st.round))
    yield from successors(g)
    for name, action in STEPS:  # [SC-5.1] Actions 1-6, everyone at once [SC-5.2]
        st.step = name
        yield from action(g)
    st.step = "Wage War"
    yield from wage_war(g)  # Action 7
    st.step = "Remove Ronin"
    actions.remove_ronin(g)  # Action 8
    st.step = "Collect Koku"
    actions.collect_koku(g)  # Action 9
    st.step = ""


def successors(g: Game):
    """[SC-5.3] [SC-11.10] A successor for each assassinated daimyo whose army
    has a unit left: upright again, experience back to the first hole.
    [SC-26.5] An army of the daimyo alone has no one left to follow him."""
    st = g.state
    for h in g.table.houses:
        for army in st.armies[h]:
            if not army.alive or not army.assassinated:
                continue
            if army.regulars():
                army.assassinated, army.assassin, army.hole = False, None, 0
                g.emit(ev.SuccessorAppointed("SC-11.10", army.id))
            else:
                yield from lose_daimyo(g, army, army.assassin, "SC-11.10")


def end_of_round(g: Game) -> None:
    """[SC-24.6] [SC-23.2] The victories checked when a round ends, then the
    round limit (a game option: the box has none)."""
    t, st = g.table, g.state
    held = {p: score(g, p) for p in t.players}
    need = t.components.victory_two_players if t.two_players else \
        t.components.victory if t.longer_game else None
    if need is not None:
        over = [p for p in t.players if held[p] >= need]
        if over:
            best = max(held[p] for p in over)
            top = [p for p in over if held[p] == best]
            if len(top) == 1:  # [SC-26.15] a tie plays another round
                rule = "SC-24.6" if t.two_players else "SC-23.2"
                finish(g, top[0], SHOGUN_AT_ROUND_END, rule)
    if st.round >= t.options.round_limit:
        best = max(held.values())
        top = [p for p in t.players if held[p] == best]
        if len(top) == 1:
            finish(g, top[0], MOST_PROVINCES, "SC-23")
        finish(g, None, DRAW, "SC-23")
