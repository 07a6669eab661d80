"""The Betrayal Aid read from the events [21.4.2] [21.4.3] agrees with the
rule's own state at every turn of played games, and a replay's past moment
shows the aid as it stood then."""

from pathlib import Path

import pytest

from tenkatoitsu import sim
from tenkatoitsu.kinds.battle.scenario_rules.betrayal_aid import NEUTRAL, betrayal_aid

SEKIGAHARA = str(Path(__file__).resolve().parents[1] / "scenarios" / "sekigahara.tks")


def _check(game, events):
    aid = betrayal_aid(game, events)
    b = next(r for r in game.rules if r.name == "sekigahara").betrayals
    assert {r.family: [r.loyal, r.treason] for r in aid.families} == b.track
    assert {r.family: r.joined for r in aid.families if r.joined} == b.joined
    assert aid.markers == b.marker
    for r in aid.families:
        assert r.loyal_of == b.track_len(r.family, aid.west) and 0 <= r.loyal <= r.loyal_of
        assert r.treason_of == b.track_len(r.family, aid.east) and 0 <= r.treason <= r.treason_of
        assert r.goes_neutral == (r.family in ("C", "N"))  # Shimazu and Mōri [21.4.1]
        if r.joined == NEUTRAL:
            assert r.goes_neutral
    return aid


@pytest.mark.parametrize("index", [0, 1, 2])
def test_the_aid_from_the_events_is_the_rules_state_at_every_turn(index):
    turns = []

    def watch(game, e):  # as each turn starts and as each activation chit is drawn
        if type(e).__name__ in ("TurnStarted", "ChitDrawn"):
            aid = _check(game, game.events)
            assert aid.turn == game.state.turn
            turns.append(aid.turn)

    game = sim.play_game(sim.SimSpec(SEKIGAHARA, 3, ("random", "random"), seed=7),
                         index, watch).game
    assert len(set(turns)) == game.state.turn  # every turn was checked
    aid = _check(game, game.events)  # and the end
    assert sum(r.joined is not None for r in aid.families) >= 1  # something happened
    # a past moment: before the first join every family is undecided
    first = next(i for i, e in enumerate(game.events) if type(e).__name__ == "ClanJoined")
    assert all(r.joined is None for r in betrayal_aid(game, game.events[:first]).families)


def test_no_aid_without_betrayals():
    spec = sim.SimSpec(str(Path(SEKIGAHARA).with_name("yamazaki.tks")), 1, ("random", "random"))
    game = sim.play_game(spec, 0).game
    assert betrayal_aid(game, game.events) is None
