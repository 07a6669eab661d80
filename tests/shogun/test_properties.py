"""Properties of whole games (hypothesis): random seeds, 2-5 players, random
legal answers from a seeded random.Random. At every decision: the units of
each colour conserved [SC-1.2] [SC-20.6], the 30 koku [SC-1.3], the 26
ronin [SC-10.2], no province held without a unit [SC-12.5] and nothing in
the red rectangle [SC-17.8], the limits [SC-3.3] [SC-3.4] [SC-3.6]; no
seat's sealed plan or hidden ronin in another seat's view [SC-6.2]
[SC-10.3]; and a game is its seed and its answers."""

from __future__ import annotations

import random

from hypothesis import given, settings
from hypothesis import strategies as hs

from tenkatoitsu.core.driver import Driver
from tenkatoitsu.kinds.shogun.game import play
from tenkatoitsu.kinds.shogun.scenario.model import REGULARS
from tenkatoitsu.kinds.shogun.state import OVER, SETUP
from tenkatoitsu.kinds.shogun.view import view_of
from tests.shogun.helpers import SEATS, needs_map, new_game

pytestmark = needs_map

games = {"seed": hs.integers(0, 2**31 - 1), "n": hs.integers(2, 5),
         "answers": hs.integers(0, 2**31 - 1)}
quick = settings(max_examples=12, deadline=None)
SEALED = ("plan", "spy", "ronin")


def make(seed, n, round_limit=12):
    return new_game(n, seed, round_limit=round_limit)


def box(g) -> dict[str, int]:
    return {u: g.table.components.unit(u).count for u in REGULARS}


def check_pieces(g):
    """Tray + board + army cards = the box, for every colour a house plays;
    a house whose colours went to the player who eliminated it holds none."""
    st, per = g.state, box(g)
    taken = {c for h in st.houses for c in st.colours[h][1:]}
    for h in st.houses:
        pieces = st.pieces(h)
        n = 0 if (h in st.eliminated and h in taken) else len(st.colours[h])
        assert pieces == {u: per[u] * n for u in REGULARS}, (h, pieces, n)
        assert all(v >= 0 for v in st.tray[h].values())
        for a in st.armies[h]:
            assert all(v >= 0 for v in a.units.values())
            if st.phase != SETUP:  # [SC-20.2] a lost army's card is empty
                assert a.alive or (a.regulars() == 0 and a.ronin == 0)


def check_supplies(g):
    st = g.state
    assert st.koku_supply + sum(st.koku.values()) == 30
    assert st.koku_supply >= 0 and all(k >= 0 for k in st.koku.values())
    hidden = sum(x.total() for h in st.houses for x in st.hidden.get(h, {}).values())
    revealed = sum(a.ronin for h in st.houses for a in st.armies[h]) + \
        sum(st.force_ronin.values())
    assert st.ronin_supply + hidden + revealed + sum(st.in_hand.values()) == 26
    assert st.ronin_supply >= 0
    assert 0 <= st.castles_left and 0 <= st.fortresses_left
    assert st.castles_left + sum(1 for c in st.castle.values() if c) == 10
    assert st.fortresses_left + sum(1 for c in st.castle.values() if c == 2) == 5


def check_board(g, kind):
    st, c = g.state, g.table.components
    for p, owner in st.owner.items():
        armies = st.armies_at(p)
        if owner is None:
            # [SC-17.8] the red rectangle: no unit, no ronin, no army marker
            assert st.force_size(p) == 0 and st.force_ronin[p] == 0 and not armies
            assert not any(p in st.hidden.get(h, {}) for h in st.houses)
            continue
        if kind != "casualty":  # a battle's casualties are removed one at a time
            assert st.occupied(p), (p, owner, kind)  # [SC-12.5]
        assert all(a.house == owner for a in armies)
        assert st.force_size(p) <= c.force_limit  # [SC-3.4]
        if kind not in ("move-army", "garrison", "casualty", "call-off"):
            assert len(armies) <= 1, (p, kind)  # [SC-3.6]
    for h in st.houses:
        for a in st.living(h):
            assert a.units["bowman"] + a.units["swordsman"] <= c.samurai_squares
            assert a.units["gunner"] + a.units["spearman"] <= c.ashigaru_squares


def check_views(g):
    """[SC-6.2] [SC-10.3] A seat's view holds its own sealed plan and hidden
    ronin only."""
    st, t = g.state, g.table
    for seat in g.players:
        mine = set(t.allies(seat))
        v = view_of(g, seat)
        assert set(v["sealed"]) <= mine
        for row in v["provinces"]:
            assert set(row.get("hidden", {})) <= mine
        assert v["ninja_kept"] is None or st.ninja in mine


def play_out(g, answers, check=True, views_every=7):
    rng = random.Random(answers)
    d = Driver(play(g))
    chosen = []
    while d.pending is not None:
        dec = d.pending
        values = dec.values()
        assert values and len(values) == len({repr(v) for v in values})
        assert dec.side in g.players
        if check:
            check_pieces(g)
            check_supplies(g)
            check_board(g, dec.kind)
            if len(chosen) % views_every == 0 or dec.kind in SEALED:
                check_views(g)
        a = rng.choice(values)
        chosen.append(a)
        d.answer(a)
    return chosen


@quick
@given(**games)
def test_whole_game_invariants(seed, n, answers):
    """Units, koku and ronin conserved; the board as the rules hold it; the
    game ends with a winner or at the round limit [SC-5.5] [SC-23]."""
    g = make(seed, n)
    play_out(g, answers)
    st = g.state
    assert st.phase == OVER
    check_pieces(g)
    check_supplies(g)
    check_board(g, "")
    if st.winner:
        assert st.winner in g.players


def sealed_points(g_seed, n, answers, limit=400):
    """The answers of a random game and the indexes of its sealed decisions."""
    g = make(g_seed, n)
    rng = random.Random(answers)
    d = Driver(play(g))
    chosen, points = [], []
    while d.pending is not None and len(chosen) < limit:
        if d.pending.kind in ("plan", "ronin") and len(d.pending.values()) > 1:
            points.append(len(chosen))
        a = rng.choice(d.pending.values())
        chosen.append(a)
        d.answer(a)
    return chosen, points


def replay(seed, n, answers):
    g = make(seed, n)
    d = Driver(play(g))
    for a in answers:
        d.answer(a)
    return g, d


@settings(max_examples=15, deadline=None)
@given(**games, pick=hs.integers(0, 10**6), other=hs.integers(0, 10**6))
def test_a_sealed_choice_changes_nothing_another_seat_sees(seed, n, answers, pick, other):
    """SC-6.2 / SC-10.3: answer one sealed decision (a plan, a ronin
    placement) two different ways: until the reveal, every other seat's view
    and the events it may read are the same (but for the spy, who is shown
    the plan he named [SC-6.4])."""
    chosen, points = sealed_points(seed, n, answers)
    if not points:
        return
    k = points[pick % len(points)]
    g, d = replay(seed, n, chosen[:k])
    dec = d.pending
    values = dec.values()
    a = values[pick % len(values)]
    b = values[(pick + 1 + other % (len(values) - 1)) % len(values)]
    assert a != b
    chooser = dec.side
    mark = len(g.events)
    ga, da = replay(seed, n, chosen[:k] + [a])
    gb, db = replay(seed, n, chosen[:k] + [b])
    others = [s for s in ga.players if s != chooser]

    def seen(game, seat):
        out = []
        for e in game.events[mark:]:
            if getattr(type(e), "reveals", False) and type(e).__name__ in (
                    "PlansRevealed", "RoninCards"):
                break  # the reveal: from here the table may know
            if e.visible_to(seat):
                out.append(e.to_dict())
        return out

    for seat in others:
        assert seen(ga, seat) == seen(gb, seat), (seat, dec.kind)
    still = da.pending is not None and db.pending is not None and \
        da.pending.kind in SEALED and db.pending.kind in SEALED
    if still:
        for seat in others:
            if seat == da.pending.side and da.pending.kind == "plan" and \
                    "spied" in da.pending.context:
                continue  # the spy is shown the bins of the player he named
            assert view_of(ga, seat) == view_of(gb, seat), (seat, dec.kind)
            if da.pending.side == db.pending.side == seat and \
                    da.pending.kind == db.pending.kind:
                assert da.pending.options == db.pending.options
                assert da.pending.context == db.pending.context


@settings(max_examples=10, deadline=None)
@given(**games)
def test_same_seed_same_answers_same_events(seed, n, answers):
    """A game is its scenario, seed and answers: replaying them reproduces
    every event and die, and the same digest."""
    g1 = make(seed, n)
    chosen = play_out(g1, answers, check=False)
    g2, d = replay(seed, n, chosen)
    assert d.finished
    assert g2.digest.hexdigest() == g1.digest.hexdigest()
    assert g2.digest.count == len(g1.events)
    assert g2.state == g1.state


@settings(max_examples=8, deadline=None)
@given(seed=hs.integers(0, 2**31 - 1), n=hs.integers(2, 5))
def test_the_set_up_is_the_seeds(seed, n):
    """The deal and the swords come from the seed alone [SC-4.4] [SC-4.6]."""
    a, b = make(seed, n), make(seed, n)
    da, db = Driver(play(a)), Driver(play(b))
    assert da.pending == db.pending
    assert a.digest.hexdigest() == b.digest.hexdigest()
    assert tuple(SEATS[:n]) == a.players
