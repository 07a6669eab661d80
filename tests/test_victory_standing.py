"""The standing of a battle [17]: the VP now, what the sources counted at the
end would add, and the result if the battle ended now. It changes nothing,
reads a past position as it stood, and at the last moment of a game is the
game's own result."""

import copy

import pytest

from tenkatoitsu.kinds.battle import play
from tenkatoitsu.kinds.battle.events import TurnStarted
from tenkatoitsu.kinds.battle.rules import victory
from tenkatoitsu.kinds.battle.view import GameAt
from tenkatoitsu.session import Session, bots_for


def start(scenario: str, seed: int) -> Session:
    s = Session.start(scenario, seed=seed)
    s.kind.attach_bots(s.game, bots_for(s, "random", seed))
    return s


def test_17_the_standing_changes_nothing():
    s = start("training", 2)
    g = s.game
    bots = bots_for(s, "random", 2)
    for _ in range(400):
        if s.driver.pending is None:
            break
        before = (len(g.events), dict(g.state.vp), g.version, dict(g.state.bundori))
        victory.standing(g)
        assert (len(g.events), dict(g.state.vp), g.version, dict(g.state.bundori)) == before
        s.driver.answer(bots[s.player_to_answer()].choose(s.driver.pending))


@pytest.mark.parametrize("seed", [1, 2, 3, 4, 5])
def test_17_the_standing_at_the_last_moment_is_the_result(monkeypatch, seed):
    seen = []
    real = play.end_of_game_vp

    def counting(game):
        seen.append(victory.standing(game))
        real(game)

    monkeypatch.setattr(play, "end_of_game_vp", counting)
    s = start("training", seed)
    s.play_bots(bots_for(s, "random", seed))
    st = s.game.state
    if not seen:  # an automatic victory ended it first
        assert st.level == "automatic victory"
        return
    (last,) = seen
    assert last.final_vp == st.vp
    assert (last.winner, last.level) == (st.winner, st.level)
    assert sum(a.vp for a in last.awards) == sum(st.vp.values()) - sum(last.vp.values())


def test_17_a_past_position_stands_as_it_stood():
    """GameAt places the units of the past state: who held a hex then."""
    s = start("training", 3)
    g = s.game
    bots = bots_for(s, "random", 3)
    kept = []
    g.listeners.append(lambda e: isinstance(e, TurnStarted) and kept.append(
        (copy.deepcopy(g.state), victory.standing(g))))
    s.play_bots(bots)
    assert len(kept) >= 8
    assert any(then.awards != kept[0][1].awards for _, then in kept)  # the map changed
    for state, then in kept:
        assert victory.standing(GameAt(g, state)) == then
