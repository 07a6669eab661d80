"""Random-bot playouts of the historical battles: every variant plays to the
end with the invariants of test_playouts.py checked at every decision; a
saved long game replays exactly (the rule modules' own state included)."""

import pytest

from tenkatoitsu.session import Session, bots_for, load

from conftest import SCENARIOS
from test_playouts import check_invariants

VARIANTS = [
    ("yamazaki.tks", ("short",), 1),
    ("yamazaki.tks", ("long",), 2),
    ("yamazaki.tks", ("short", "hosokawa"), 3),
    ("yamazaki.tks", ("long", "hosokawa"), 4),
    ("yamazaki.tks", ("short", "tsutsui"), 5),
    ("yamazaki.tks", ("long", "tsutsui"), 6),
    ("yamazaki.tks", ("short", "mimaki"), 7),
    ("yamazaki.tks", ("long", "mimaki"), 8),
    ("nagakute.tks", (), 1),
    ("nagakute.tks", (), 2),
]


def play_out(name, variants, seed, n_max=20_000):
    session = Session.start(SCENARIOS / name, variants=variants, seed=seed)
    g, d = session.game, session.driver
    bots = bots_for(session, "random", seed)
    n = 0
    while not d.finished:
        if n % 10 == 0:
            check_invariants(g)
        dec = d.pending
        assert dec.options, f"dead end at {dec.prompt} [{dec.rule}]"
        d.answer(bots[dec.side or g.side_ids[0]].choose(dec))
        n += 1
        assert n < n_max, "runaway game"
    check_invariants(g)
    return session


@pytest.mark.parametrize("name, variants, seed", VARIANTS)
def test_every_variant_plays_to_the_end(name, variants, seed):
    s = play_out(name, variants, seed)
    st = s.game.state
    assert st.over and st.level is not None
    last = s.game.scenario.turns.last
    assert st.turn == last or st.level == "automatic victory"


def test_a_saved_long_game_replays(tmp_path):
    s = play_out("yamazaki.tks", ("long", "tsutsui", "mimaki", "hosokawa"), 11)
    path = tmp_path / "yamazaki.json"
    s.save(path)
    report = load(path)
    assert report.events_match and report.digest_match, report.message
