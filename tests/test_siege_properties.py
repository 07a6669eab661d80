"""Properties over random sieges [15] (the invariants are in siege_checks.py):

- whole random games of training.tks's `siege` variant, where Shibata's clan
  stands before Yokoyama's gates;
- random siege positions (markers, Manpower, Out of Combat) played through
  Combat chits, Rally chits and clan phases with random answers."""

import os
import random
from collections import Counter

from conftest import SCENARIOS
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from siege_checks import SiegeChecker

from tenkatoitsu.hexmap import Hex
from tenkatoitsu.kinds.battle.game import Game
from tenkatoitsu.kinds.battle.load import load_file
from tenkatoitsu.kinds.battle.rules import siege, siege_actions, siege_end
from tenkatoitsu.kinds.battle.rules.clan_phase import clan_phase
from tenkatoitsu.session import Session, bots_for

PLAYOUTS = int(os.environ.get("TENKATOITSU_SIEGE_PLAYOUTS", "10"))
POSITIONS = int(os.environ.get("TENKATOITSU_SIEGE_POSITIONS", "120"))
AREAS = ("honmaru", "gate", "rampart", "a", "b")


def siege_playout(seed):
    session = Session.start(SCENARIOS / "training.tks", variants=("siege",), seed=seed)
    g = session.game
    checker = SiegeChecker(g)
    g.listeners.append(checker)
    bots = bots_for(session, "random", seed)
    d = session.driver
    while not d.finished:
        dec = d.pending
        assert dec.options, f"dead end at {dec.prompt} [{dec.rule}]"
        checker.decision(dec)
        d.answer(bots[dec.side or g.side_ids[0]].choose(dec))
    checker.state()
    return checker


@settings(max_examples=PLAYOUTS, deadline=None, suppress_health_check=list(HealthCheck))
@given(seed=st.integers(0, 10**9))
def test_random_siege_games_keep_the_siege_invariants(seed):
    siege_playout(seed)


def test_random_siege_games_reach_every_procedure():
    seen = Counter()
    for seed in range(40):
        seen.update(siege_playout(seed).seen)
    assert seen["began"] >= 5 and seen["ended"] >= 3 and seen["activities"] >= 20, seen
    assert seen["beaten"] >= 1 and seen["left"] >= 1, seen  # both ways a siege ends [15.9] [15.8]


@st.composite
def positions(draw):
    markers = {}
    for area in AREAS:
        if area in ("a", "b"):
            sides = draw(st.sampled_from([[], ["oda"], ["asai"], ["oda", "asai"]]))
        else:
            sides = draw(st.sampled_from([[], ["oda"], ["asai"]]))
        if sides:
            markers[area] = sides
    track = st.integers(0, 6)
    return (markers, {"oda": draw(track), "asai": draw(track)},
            {"oda": draw(st.integers(0, 4)), "asai": draw(st.integers(0, 4))},
            draw(st.integers(0, 10**6)))


def _drive(gen, rng, checker):
    try:
        dec = next(gen)
        while True:
            assert dec.options, f"dead end at {dec.prompt} [{dec.rule}]"
            checker.decision(dec)
            dec = gen.send(rng.choice(dec.options).value)
    except StopIteration:
        pass


@settings(max_examples=POSITIONS, deadline=None, suppress_health_check=list(HealthCheck))
@given(positions())
def test_random_siege_positions_keep_the_invariants(position):
    markers, manpower, ooc, seed = position
    res = load_file(SCENARIOS / "training.tks")
    g = Game(res.document, variants=("siege",), seed=seed)
    for u in ("B1", "B2"):
        g.move(u, [g.state.units[u].hex, Hex.from_id("0311")], "charge", "6.3")
    s = g.state.sieges["yokoyama"]
    s.pending.clear()
    s.markers, s.manpower, s.out_of_combat = markers, manpower, ooc
    checker = SiegeChecker(g)
    g.listeners.append(checker)
    rng = random.Random(seed)
    _drive(siege_end.check_end(g, "yokoyama"), rng, checker)
    for step in range(6):
        if "yokoyama" not in g.state.sieges:
            break
        kind = rng.choice(["combat:oda", "combat:asai", "rally", "clan:B", "clan:4"])
        if kind.startswith("combat:"):
            _drive(siege_actions.combat_chit(g, kind[7:]), rng, checker)
        elif kind == "rally":
            siege.rally_chit(g)
        else:
            _drive(clan_phase(g, kind[5:]), rng, checker)
            _drive(siege_end.settle(g), rng, checker)
        checker.state()
        for u in g.state.units.values():
            if u.on_map and not g.map.is_fortress(u.hex):
                assert [x for x in g.occupants(u.hex)] == [u.id]
