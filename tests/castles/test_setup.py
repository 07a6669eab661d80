"""[3] Set-up by player count, and the daimyo variant's set-up [5.D]."""

from __future__ import annotations

import pytest

from tenkatoitsu.kinds.castles import events as ev
from tenkatoitsu.kinds.castles.state import DEPLOYMENT
from tests.castles.helpers import AREAS, DAIMYO, TACTICS, new_game


@pytest.mark.parametrize("n,display", [(2, 3), (3, 4), (4, 5)])
def test_display_by_player_count(n, display):
    """[3.3] 2 players: 3 cards, 3 players: 4, 4 players: 5 (the rest unused)."""
    st = new_game(n, seed=5).state
    assert len(st.display) == display
    assert len(set(st.display)) == display
    assert set(st.display) <= set(TACTICS)


def test_display_is_shuffled():
    """[3.3] The tactic cards are shuffled: the display changes from game to game."""
    shown = {tuple(new_game(4, seed=s).state.display) for s in range(12)}
    assert len(shown) > 1


@pytest.mark.parametrize("n,swords", [(2, [2, 1]), (3, [3, 2, 1]), (4, [4, 3, 2, 1])])
def test_swords_by_player_count(n, swords):
    """[3.4] 2 players: the 3 and 4 swords removed; 3 players: the 4 removed."""
    st = new_game(n).state
    assert st.swords_left == swords  # highest first: the last piece takes the first
    assert all(st.sword[p] is None for p in st.players)


@pytest.mark.parametrize("n,small", [(2, False), (3, True), (4, True)])
def test_small_castles_only_for_three_and_four(n, small):
    """[3.4] 2 players: all Small Castle Tokens removed."""
    g = new_game(n)
    assert g.table.small_castles is small
    assert g.state.small_left == ([1, 1, 2, 2, 3, 3, 4, 4, 5, 5, 6] if small else [])


@pytest.mark.parametrize("n", [2, 3, 4])
def test_large_castles_a_permutation(n):
    """[3.2] The Large Castle Tokens 2-12, one on each of the 11 castles, face up."""
    st = new_game(n, seed=11).state
    assert set(st.castle) == set(AREAS)
    assert sorted(st.castle.values()) == list(range(2, 13))
    assert all(st.token.values())


def test_large_castles_shuffled_per_game():
    """[3.2] Shuffled face down: different games put different values on the castles."""
    layouts = {tuple(new_game(3, seed=s).state.castle[a] for a in AREAS) for s in range(10)}
    assert len(layouts) > 1


def test_same_seed_same_set_up():
    a, b = new_game(4, seed=9).state, new_game(4, seed=9).state
    assert a == b


@pytest.mark.parametrize("n", [2, 3, 4])
def test_eighteen_soldiers_each(n):
    """[3.5] 18 soldier cubes each, all in stock; none on the map."""
    g = new_game(n)
    st = g.state
    assert st.players == g.players and len(st.players) == n
    assert all(st.stock[p] == 18 for p in st.players)
    assert not any(st.soldiers[a] for a in AREAS)
    assert not any(st.daimyo_in_stock.values())
    assert all(st.daimyo_at[p] is None for p in st.players)
    assert all(c is None for c in st.daimyo_card.values())
    assert st.phase == DEPLOYMENT and not st.locked


@pytest.mark.parametrize("n", [2, 3, 4])
def test_daimyo_variant_set_up(n):
    """[5.D] The daimyo meeple joins the stock and 2 soldiers leave it (16); each
    player is dealt a daimyo card, no two the same."""
    g = new_game(n, seed=3, variants=("daimyo",))
    st = g.state
    assert g.table.daimyo
    assert all(st.stock[p] == 16 for p in st.players)
    assert all(st.daimyo_in_stock[p] for p in st.players)
    assert all(st.pieces_in_stock(p) == 17 for p in st.players)
    cards = [st.daimyo_card[p] for p in st.players]
    assert all(c in DAIMYO for c in cards)
    assert len(set(cards)) == n
    assert not any(st.daimyo_used.values())


def test_daimyo_cards_dealt_at_random():
    deals = {tuple(new_game(4, seed=s, variants=("daimyo",)).state.daimyo_card.values())
             for s in range(10)}
    assert len(deals) > 1


@pytest.mark.parametrize("n,reinforce", [(2, 1), (3, 2), (4, 2)])
def test_supply(n, reinforce):
    """[2] [3.4] About 30 white reinforcement cubes in the shared supply."""
    g = new_game(n)
    assert g.state.white_supply == 30
    assert g.table.reinforce == reinforce
    assert not any(g.state.white[a] for a in AREAS)


def test_set_up_event():
    """[3] The set-up is recorded: values, display, swords, small tokens, first player."""
    g = new_game(3, seed=2, variants=("daimyo",))
    (setup,) = [e for e in g.events if isinstance(e, ev.CastlesSetUp)]
    assert setup.rule == "3"
    assert setup.castles == g.state.castle
    assert list(setup.display) == g.state.display
    assert list(setup.swords) == [3, 2, 1]
    assert setup.daimyo_cards == g.state.daimyo_card
    assert setup.first == "red"
