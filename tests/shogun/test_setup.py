"""The set-up [SC-4] on the shipped map: the deal by number of players, the
claim, the swords, the first koku, the first reinforcements, the army
markers and the army cards; and the two-player deal into colour sets
[SC-24.2] [SC-24.3]."""

from __future__ import annotations

from collections import Counter

import pytest

from tenkatoitsu.kinds.shogun import events as ev
from tenkatoitsu.kinds.shogun.scenario.model import SPEARMAN
from tenkatoitsu.kinds.shogun.state import PLAN
from tests.shogun.helpers import Run, needs_map, new_game, units

pytestmark = needs_map

DEAL = {3: (22, 2), 4: (17, 0), 5: (13, 3)}
KOKU = {3: 7, 4: 5, 5: 4}
SWORDS = {3: {1, 2, 3}, 4: {1, 2, 3, 4}, 5: {1, 2, 3, 4, 5}}


def set_up(n, seed=1, choose=lambda p: p.values()[0]):
    """The whole set-up answered with `choose`; the game waits at round 1's
    first plan."""
    g = new_game(n, seed)
    r = Run(g)
    r.until("plan", choose=choose)
    assert g.state.round == 1 and g.state.phase == PLAN
    return g, r


@pytest.mark.parametrize("n", [3, 4, 5])
def test_sc_4_4_the_deal_by_number_of_players(n):
    """SC-4.4: every player the same number of cards, floor(68/N); the rest
    lie face up in the red rectangle (3: 22 each, 2 left; 4: 17, 0; 5: 13, 3)."""
    g, r = set_up(n, seed=n)
    (setup,) = r.events(ev.GameSetUp)
    each, left = DEAL[n]
    assert {h: len(ps) for h, ps in setup.deal.items()} == {h: each for h in g.table.houses}
    assert len(setup.unowned) == left
    dealt = [p for ps in setup.deal.values() for p in ps] + list(setup.unowned)
    assert sorted(dealt) == sorted(g.table.board.ids())  # each card once
    st = g.state
    assert all(st.owner[p] is None for p in setup.unowned)
    assert {h: st.count(h) for h in g.table.houses} == {h: each for h in g.table.houses}


@pytest.mark.parametrize("n", [3, 4, 5])
def test_sc_4_6_the_swords_removed_by_number_of_players(n):
    """SC-4.6: 3 players draw swords 1-3, 4 players 1-4, 5 players all five;
    SC-4.10: they are collected after the set-up."""
    g, r = set_up(n, seed=10 + n)
    (setup,) = r.events(ev.GameSetUp)
    assert sorted(setup.swords.values()) == sorted(SWORDS[n])
    assert set(setup.swords) == set(g.table.houses)
    assert g.state.sword == {}


@pytest.mark.parametrize("n", [3, 4, 5])
def test_sc_4_7_the_first_koku(n):
    """SC-4.7: floor(cards/3) koku each: 3 players 7, 4 players 5, 5 players
    4; the master tray holds the rest of the 30."""
    g, _r = set_up(n, seed=20 + n)
    st = g.state
    assert st.koku == {h: KOKU[n] for h in g.table.houses}
    assert st.koku_supply == 30 - n * KOKU[n]


@pytest.mark.parametrize("n", [3, 4, 5])
def test_sc_4_5_and_4_8_claim_and_twelve_spearmen_two_at_a_time(n):
    """SC-4.5: one spearman in every province dealt. SC-4.8: then in sword
    order each player places 2 spearmen in one province, 6 times; a province
    holds at most 3 in the set-up, so 6 provinces end with 3."""
    g, r = set_up(n, seed=30 + n)
    st = g.state
    (setup,) = r.events(ev.GameSetUp)
    order = sorted(g.table.houses, key=lambda h: setup.swords[h])
    placed = r.events(ev.Reinforced)
    assert [e.house for e in placed] == order * 6
    assert all(e.count == 2 for e in placed)
    for h in g.table.houses:
        mine = setup.deal[h]
        spear = Counter(st.force[p][SPEARMAN] for p in mine)
        assert spear == Counter({1: len(mine) - 6, 3: 6})
        assert all(st.force_size(p) == st.force[p][SPEARMAN] for p in mine)
        assert st.tray[h][SPEARMAN] == 36 - len(mine) - 12


def test_sc_4_8_a_province_with_three_spearmen_is_not_offered_again():
    """SC-4.8: at most 3 spearmen in a province during the set-up: once a
    province has had its 2, it is no longer a choice."""
    g = new_game(4, seed=3)
    r = Run(g)
    chosen = {}
    while r.pending.kind == "reinforce":
        house = r.pending.context["house"]
        options = r.pending.values()
        assert not set(options) & set(chosen.get(house, ()))
        assert all(g.state.force[p][SPEARMAN] == 1 for p in options)
        chosen.setdefault(house, []).append(options[-1])
        r.d.answer(options[-1])
    assert all(len(v) == 6 for v in chosen.values())


@pytest.mark.parametrize("n", [3, 5])
def test_sc_4_9_army_markers_one_per_province_in_sword_order(n):
    """SC-4.9: in sword order each player places one army marker at a time,
    3 times, in his own provinces without a marker; each marker stands for
    the army of that number."""
    g, r = set_up(n, seed=40 + n, choose=lambda p: p.values()[-1])
    st = g.state
    (setup,) = r.events(ev.GameSetUp)
    order = sorted(g.table.houses, key=lambda h: setup.swords[h])
    placed = r.events(ev.ArmyPlaced)
    assert [e.army for e in placed] == [f"{h}-{k}" for k in (1, 2, 3) for h in order]
    where = [a.at for h in g.table.houses for a in st.armies[h]]
    assert len(where) == len(set(where)) == 3 * n  # [SC-3.6] one marker a province
    for h in g.table.houses:
        assert all(st.owner[a.at] == h for a in st.armies[h])


def test_sc_4_9_a_province_with_a_marker_is_not_offered_again():
    """SC-4.9: a province that has a marker is no longer a choice."""
    g = new_game(3, seed=5)
    r = Run(g)
    r.until("place-army")
    while r.pending.kind == "place-army":
        house = r.pending.context["house"]
        options = r.pending.values()
        taken = [a.at for a in g.state.armies[house] if a.alive]
        assert not set(options) & set(taken)
        assert sorted(options) == sorted(p for p in g.state.provinces(house) if p not in taken)
        r.d.answer(options[0])


@pytest.mark.parametrize("n", [2, 4])
def test_sc_4_3_each_army_starts_with_b_s_and_two_g(n):
    """SC-4.3: each army card holds its daimyo with 1 bowman, 1 swordsman and
    2 gunners, the experience marker in the first hole; SC-4.1: the rest of
    the colour's 72 units in its tray (36 spearmen [SC-26.10])."""
    g, _r = set_up(n, seed=50 + n)
    st = g.state
    for h in g.table.houses:
        for a in st.armies[h]:
            assert a.alive and a.units == units(bowman=1, swordsman=1, gunner=2)
            assert a.hole == 0 and a.ronin == 0 and not a.assassinated
        assert st.tray[h]["bowman"] == 11 - 3 and st.tray[h]["swordsman"] == 11 - 3
        assert st.tray[h]["gunner"] == 11 - 6
        board = sum(st.force[p][SPEARMAN] for p in st.provinces(h))
        assert st.tray[h][SPEARMAN] + board == 36


# ---------------------------------------------------------------- two players
def test_sc_24_2_two_players_split_34_cards_into_two_sets_of_17():
    """SC-24.2: two piles of 34, one per player; each player splits his pile
    into two colour sets of 17, choosing card by card. SC-24.3: each set
    is set up as a player (claim, 12 spearmen, 3 armies, 5 koku). SC-24.1:
    swords 1-4 for the four sets."""
    g = new_game(players=("red", "blue"), seed=7)
    t = g.table
    assert t.two_players and len(t.houses) == 4
    r = Run(g)
    picks = {}
    while r.pending.kind == "split-pile":
        p = r.pending
        house = p.context["house"]
        assert p.side == t.seat_of[house] and p.side in ("red", "blue")
        assert len(p.context["pile"]) == 34
        picks.setdefault(house, []).append(p.values()[-1])
        r.d.answer(p.values()[-1])
    assert sorted(picks) == sorted(h for h in t.houses if h not in t.players)
    assert all(len(v) == 17 for v in picks.values())
    r.until("plan")
    st = g.state
    (setup,) = r.events(ev.GameSetUp)
    assert {h: len(ps) for h, ps in setup.deal.items()} == {h: 17 for h in t.houses}
    assert setup.unowned == ()
    for second, chosen in picks.items():
        assert sorted(setup.deal[second]) == sorted(chosen)
    for player in t.players:
        pile = [p for h in t.allies(player) for p in setup.deal[h]]
        assert len(pile) == 34
    assert sorted(setup.swords.values()) == [1, 2, 3, 4]
    assert st.koku == {h: 5 for h in t.houses}
    assert len(r.events(ev.Reinforced)) == 4 * 6
    assert len(r.events(ev.ArmyPlaced)) == 4 * 3


def test_sc_24_1_the_colour_sets_of_a_player():
    """SC-24.1: each of the two players controls two colour sets, which
    answer through his seat."""
    g = new_game(players=("green", "red"), seed=1)
    t = g.table
    assert t.players == ("green", "red")
    mine = {p: t.allies(p) for p in t.players}
    assert len(mine["green"]) == len(mine["red"]) == 2
    assert set(mine["green"]) | set(mine["red"]) == set(t.houses)
    assert not set(mine["green"]) & set(mine["red"])
