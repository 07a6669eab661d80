"""The daimyo of the advanced rules [5.D]: the six daimyo cards as written,
when each may be played, and the daimyo in the war (2 strength)."""

from __future__ import annotations

import random

import pytest

from tenkatoitsu.kinds.castles import events as ev
from tenkatoitsu.kinds.castles.daimyo import DAIMYO_CARDS as EFFECTS
from tenkatoitsu.kinds.castles.game import actions
from tenkatoitsu.kinds.castles.targeting import DONE, next_steps, possible
from tenkatoitsu.kinds.castles.war import resolve, strength
from tests.castles.helpers import (
    AREAS,
    DAIMYO,
    TACTICS,
    card,
    card_through,
    clear,
    fixed_castles,
    new_game,
    put,
    soldiers,
    start,
)
from tests.castles.helpers import (
    table as helpers_table,
)


def table(n=3, **options):
    return helpers_table(n, ("daimyo",), **options)


def can(g, seat, name):
    return possible(EFFECTS[name], g.table, g.state, seat)


def play(g, seat, name, *answers):
    return card_through(g, seat, f"daimyo:{name}", *answers)




# ---- when a daimyo card may be played

@pytest.mark.parametrize("name", DAIMYO)
def test_no_daimyo_card_while_the_daimyo_is_in_stock(name):
    """Every card acts from (or moves) the daimyo: none before it is on the map."""
    g = table()
    put(g, {a: {"red": 1, "blue": 1} for a in AREAS})
    assert not can(g, "red", name)


def test_daimyo_card_offered_once_and_beside_a_tactic():
    """[5.D] "Daimyo Cards are one-time use, activated during Deployment Phase
    (instead of Deploy or Tactic)". The engine counts the daimyo card apart from
    the one tactic card a player may use."""
    g = table()
    g.state.daimyo_card["red"] = "oda"
    put(g, {"kyo": {"red": 2}}, daimyo={"red": "kyo"})
    assert "daimyo:oda" in actions(g.table, g.state, "red")
    assert "daimyo:oda" not in actions(g.table, g.state, "blue")  # not blue's card
    play(g, "red", "oda", "kiyosu", "alone")
    st = g.state
    assert st.daimyo_used["red"] and st.display == list(TACTICS)
    assert st.tactics_used["red"] == []
    legal = actions(g.table, st, "red")
    assert "daimyo:oda" not in legal and "tactic:scout" in legal
    played = [e for e in g.events if isinstance(e, ev.CardPlayed)]
    assert [(e.card, e.daimyo, e.rule) for e in played] == [("oda", True, "5.D")]


def test_daimyo_card_through_a_turn():
    g = table()
    g.state.daimyo_card["red"] = "mori"
    g.state.display = []
    put(g, {}, daimyo={"red": "shuri"})
    d = start(g)
    assert d.pending.values() == ["deploy", "daimyo:mori"]
    d.answer("daimyo:mori")  # Shuri's one neighbour: Usuki; nothing more to ask
    assert soldiers(g) == {"usuki": {"red": 1}}
    assert d.pending.side == "blue"
    assert not [e for e in g.events if type(e).__name__ == "DieRolled" and e.side == "red"]


def test_daimyo_cards_locked_with_the_tactics():
    """The engine reads the lock [4.I] ("no further Tactic Cards") as closing the
    daimyo cards too."""
    g = table()
    g.state.daimyo_card["red"] = "oda"
    put(g, {"kyo": {"red": 2}}, daimyo={"red": "kyo"})
    g.state.locked = True
    assert actions(g.table, g.state, "red") == ["deploy"]


def test_no_daimyo_cards_without_the_variant():
    g = new_game(3, seed=1)
    fixed_castles(g)
    clear(g)
    put(g, {"kyo": {"red": 2}})
    assert all(not a.startswith("daimyo:") for a in actions(g.table, g.state, "red"))


# ---- Uesugi Kenshin

def test_uesugi_land_only():
    """"From your Daimyo's Area, move up to 3 of your Soldiers to adjacent land Areas"."""
    g = table()
    put(g, {"usuki": {"red": 4}}, daimyo={"red": "usuki"})
    assert not can(g, "red", "uesugi")  # Usuki: sea links only
    g = table()
    put(g, {}, daimyo={"red": "kyo"})
    assert not can(g, "red", "uesugi")  # no soldier with the daimyo
    put(g, {"kiyosu": {"red": 3}})
    assert not can(g, "red", "uesugi")  # soldiers elsewhere do not count


def test_uesugi_up_to_three():
    g = table()
    put(g, {"kyo": {"red": 5}}, daimyo={"red": "kyo"})
    d = card(g, "red", "daimyo:uesugi")
    assert d.pending.values() == ["yoshida", "kasugayama", "kiyosu"]  # not Okō (sea)
    d.answer("kiyosu")
    assert d.pending.values() == ["yoshida", "kasugayama", "kiyosu", DONE]
    d.answer("kiyosu")
    d.answer("yoshida")
    assert d.finished  # three moved: no more
    assert soldiers(g) == {"kyo": {"red": 2}, "kiyosu": {"red": 2}, "yoshida": {"red": 1}}
    assert g.state.daimyo_at["red"] == "kyo"


def test_uesugi_stop_early_and_limited_by_soldiers():
    g = table()
    put(g, {"kyo": {"red": 1}}, daimyo={"red": "kyo"})
    play(g, "red", "uesugi", "kasugayama")  # one soldier: nothing more to offer
    assert soldiers(g) == {"kasugayama": {"red": 1}}
    g = table()
    put(g, {"kyo": {"red": 4}}, daimyo={"red": "kyo"})
    play(g, "red", "uesugi", "kasugayama", DONE)
    assert soldiers(g) == {"kyo": {"red": 3}, "kasugayama": {"red": 1}}


# ---- Oda Nobunaga

def test_oda_daimyo_alone():
    """"Move your Daimyo to an adjacent Area; may bring 1 Soldier with you"."""
    g = table()
    put(g, {"kiyosu": {"red": 2}}, daimyo={"red": "kyo"})
    d = card(g, "red", "daimyo:oda")
    assert d.pending.values() == ["oko", "yoshida", "kasugayama", "kiyosu"]  # sea too [7]
    d.answer("oko")  # no red soldier in Kyō: alone, not asked
    assert d.finished
    assert g.state.daimyo_at["red"] == "oko"
    assert soldiers(g) == {"kiyosu": {"red": 2}}


@pytest.mark.parametrize("company,left,moved", [("alone", 3, 0), ("with a soldier", 2, 1)])
def test_oda_may_bring_one_soldier(company, left, moved):
    g = table()
    put(g, {"kyo": {"red": 3}}, daimyo={"red": "kyo"})
    d = card(g, "red", "daimyo:oda")
    d.answer("kiyosu")
    assert d.pending.values() == ["alone", "with a soldier"]
    d.answer(company)
    assert d.finished
    assert g.state.daimyo_at["red"] == "kiyosu"
    assert g.state.own("kyo", "red") == left and g.state.own("kiyosu", "red") == moved


# ---- Chōsokabe Motochika

def test_chosokabe_sea_only():
    """"From your Daimyo's Area, move up to 3 units (Soldiers or Daimyo) to
    adjacent sea-connected Areas"."""
    g = table()
    put(g, {"kasugayama": {"red": 4}}, daimyo={"red": "kasugayama"})
    assert not can(g, "red", "chosokabe")  # Kasugayama: land links only


def test_chosokabe_the_daimyo_alone_may_sail():
    g = table()
    put(g, {}, daimyo={"red": "yonezawa"})
    play(g, "red", "chosokabe")  # one unit, one sea link: Tokuyama
    assert g.state.daimyo_at["red"] == "tokuyama"


def test_chosokabe_up_to_three_units():
    g = table()
    put(g, {"usuki": {"red": 4}}, daimyo={"red": "usuki"})
    d = card(g, "red", "daimyo:chosokabe")
    assert d.pending.values() == ["soldier>oko", "soldier>shuri", "soldier>yoshida",
                                  "daimyo>oko", "daimyo>shuri", "daimyo>yoshida"]
    d.answer("daimyo>oko")
    assert d.pending.values() == ["soldier>oko", "soldier>shuri", "soldier>yoshida", DONE]
    d.answer("soldier>oko")
    d.answer("soldier>shuri")
    assert d.finished
    assert g.state.daimyo_at["red"] == "oko"
    assert soldiers(g) == {"usuki": {"red": 2}, "oko": {"red": 1}, "shuri": {"red": 1}}


def test_chosokabe_soldiers_limited():
    g = table()
    put(g, {"kyo": {"red": 1}}, daimyo={"red": "kyo"})
    play(g, "red", "chosokabe", "soldier>oko", "daimyo>oko")
    assert soldiers(g) == {"oko": {"red": 1}} and g.state.daimyo_at["red"] == "oko"


# ---- Takeda Shingen

def test_takeda_needs_opponents_soldiers():
    """"From your Daimyo's Area, move up to 3 opponent Soldiers to adjacent Areas"."""
    g = table()
    put(g, {"kyo": {"red": 3}}, daimyo={"red": "kyo", "blue": "kyo"})
    assert not can(g, "red", "takeda")  # red's own, and the blue daimyo: no
    put(g, {"kiyosu": {"blue": 2}})
    assert not can(g, "red", "takeda")  # not in the daimyo's area
    put(g, {"kyo": {"yellow": 1}})
    assert can(g, "red", "takeda")


def test_takeda_up_to_three_of_several_opponents():
    g = table()
    put(g, {"shuri": {"blue": 2, "yellow": 5, "red": 1}}, daimyo={"red": "shuri"})
    d = card(g, "red", "daimyo:takeda")
    assert d.pending.values() == ["blue>usuki", "yellow>usuki"]
    d.answer("blue>usuki")
    d.answer("blue>usuki")
    assert d.pending.values() == ["yellow>usuki", DONE]  # blue has no more there
    d.answer("yellow>usuki")
    assert d.finished
    assert soldiers(g) == {"shuri": {"yellow": 4, "red": 1},
                           "usuki": {"blue": 2, "yellow": 1}}


# ---- Mōri Motonari

def test_mori_needs_stock():
    g = table()
    put(g, {}, daimyo={"red": "kyo"})
    assert can(g, "red", "mori")  # no soldier needed beside the daimyo
    g.state.stock["red"] = 0
    assert not can(g, "red", "mori")


def test_mori_up_to_three_different_areas():
    """"Place 1 Soldier from Stock to an Area adjacent to your Daimyo (up to 3
    times, 1 per Area)"."""
    g = table()
    put(g, {"kiyosu": {"blue": 2}}, daimyo={"red": "kyo"})
    d = card(g, "red", "daimyo:mori")
    assert d.pending.values() == ["oko", "yoshida", "kasugayama", "kiyosu"]
    d.answer("kiyosu")
    assert d.pending.values() == ["oko", "yoshida", "kasugayama", DONE]  # not Kiyosu again
    d.answer("oko")
    d.answer("kasugayama")
    assert d.finished
    assert soldiers(g) == {"kiyosu": {"blue": 2, "red": 1}, "oko": {"red": 1},
                           "kasugayama": {"red": 1}}
    assert g.state.stock["red"] == 13


def test_mori_limited_by_neighbours_and_stock():
    g = table()
    put(g, {}, daimyo={"red": "usuki"})
    g.state.stock["red"] = 2
    d = card(g, "red", "daimyo:mori")
    d.answer("shuri")
    d.answer("yoshida")
    assert d.finished  # the stock is empty
    st = g.state
    assert st.finished("red") and st.sword["red"] == 3 and st.locked  # a card's last piece


# ---- Ōtomo Sōrin

def test_otomo_needs_an_enemy_soldier_beside_the_daimyo():
    g = table()
    put(g, {"kyo": {"blue": 3}, "tokuyama": {"yellow": 1}}, daimyo={"red": "kyo",
                                                                     "blue": "kiyosu"})
    assert not can(g, "red", "otomo")  # not in the daimyo's own area; a daimyo is no soldier
    put(g, {"oko": {"yellow": 1}})
    assert can(g, "red", "otomo")
    g.state.stock["red"] = 0
    assert not can(g, "red", "otomo")


def test_otomo_up_to_two_different_areas():
    """"In up to 2 different Areas adjacent to your Daimyo, replace 1 enemy Soldier
    with 1 of your own (return enemy to Stock)"."""
    g = table()
    put(g, {"oko": {"blue": 2, "yellow": 1}, "kiyosu": {"yellow": 2}, "odawara": {"blue": 1}},
        daimyo={"red": "kyo"})
    d = card(g, "red", "daimyo:otomo")
    assert d.pending.values() == ["blue>oko", "yellow>oko", "yellow>kiyosu"]
    d.answer("blue>oko")
    assert d.pending.values() == ["yellow>kiyosu", DONE]  # Okō is done
    d.answer("yellow>kiyosu")
    assert d.finished
    assert soldiers(g) == {"oko": {"blue": 1, "yellow": 1, "red": 1},
                           "kiyosu": {"yellow": 1, "red": 1}, "odawara": {"blue": 1}}
    assert g.state.stock == {"red": 14, "blue": 16 - 3 + 1, "yellow": 16 - 3 + 1}


def test_otomo_last_piece_locks():
    g = table()
    put(g, {"oko": {"blue": 2}, "kiyosu": {"yellow": 2}}, daimyo={"red": "kyo"})
    g.state.stock["red"] = 1
    play(g, "red", "otomo", "blue>oko")  # the stock is empty: no second replacement
    st = g.state
    assert st.finished("red") and st.locked and st.sword["red"] == 3


# ---- must fully execute: every option leads to a whole play

@pytest.mark.parametrize("seed", range(10))
def test_every_option_leads_to_a_whole_play(seed):
    rng = random.Random(seed)
    g = table(rng.choice([2, 3, 4]))
    st = g.state
    for p in g.players:
        for _ in range(rng.randint(1, 5)):
            a = rng.choice(AREAS)
            n = rng.randint(1, 3)
            if st.stock[p] >= n:
                put(g, {a: {p: n}})
        put(g, {}, daimyo={p: rng.choice(AREAS)})
    seat = g.players[0]

    def walk(effect, chosen, leaves):
        steps = next_steps(effect, g.table, st, seat, chosen)
        if not steps:
            leaves.append(chosen)
        for s in steps:
            if s == DONE:
                leaves.append(chosen)
            else:
                walk(effect, chosen + (s,), leaves)

    for name, effect in EFFECTS.items():
        whole = set(effect.plays(g.table, st, seat))
        leaves: list = []
        if whole:
            walk(effect, (), leaves)
        assert set(leaves) == whole, name
        assert all(1 <= len(p) for p in whole)
        for p in list(whole)[:60]:
            st2 = st.copy()
            effect.apply(g.table, st2, seat, p, lambda e: None)
            for q in g.players:
                total = st2.stock[q] + sum(st2.soldiers[a].get(q, 0) for a in AREAS)
                assert total == 16
                assert all(n > 0 for a in AREAS for n in st2.soldiers[a].values())


# ---- the daimyo in the war [5.D]

def test_daimyo_counts_two_in_the_war():
    """[5.D] "During War Phase: Daimyo counts as 2 strength"."""
    g = table()
    st = g.state
    put(g, {"kyo": {"red": 1, "blue": 2}}, daimyo={"red": "kyo"})
    assert strength(g.table, st, "kyo", "red") == 3
    assert strength(g.table, st, "kyo", "blue") == 2
    st.sword.update(red=1, blue=3)
    resolve(g.table, st, "kyo", lambda e: None)
    assert [c.area for c in st.won["red"]] == ["kyo"]


def test_daimyo_alone_holds_an_area():
    g = table()
    st = g.state
    put(g, {"kyo": {"blue": 1}}, daimyo={"red": "kyo"})
    st.sword.update(red=1, blue=3)
    resolve(g.table, st, "kyo", lambda e: None)
    assert [(c.area, c.size) for c in st.won["red"]] == [("kyo", "large")]
    assert [(c.area, c.value, c.size) for c in st.won["blue"]] == [("kyo", 3, "small")]
