"""The twelve tactic cards [5.1]-[5.12]: when each may be chosen (only if it
can be carried out in full [4.I] [7]), the targets it offers, and what it
does to the position. "Soldier" never means the daimyo [5.D] [7]. Then the
display, the one card per player, and the lock after a last piece [4.I]."""

from __future__ import annotations

import random

import pytest

from tenkatoitsu.kinds.castles import events as ev
from tenkatoitsu.kinds.castles.game import actions
from tenkatoitsu.kinds.castles.tactics import TACTICS as EFFECTS
from tenkatoitsu.kinds.castles.targeting import DONE, next_steps, possible
from tests.castles.helpers import (
    AREAS,
    card,
    card_through,
    put,
    script_dice,
    soldiers,
    start,
    table,
)


def can(g, seat, tactic):
    return possible(EFFECTS[tactic], g.table, g.state, seat)


def plays(g, seat, tactic):
    return list(EFFECTS[tactic].plays(g.table, g.state, seat))


def play(g, seat, tactic, *answers):
    return card_through(g, seat, f"tactic:{tactic}", *answers)




# ---- [5.1] Scout

def test_scout_needs_a_soldier():
    g = table(variants=("daimyo",))
    assert not can(g, "red", "scout")
    put(g, {}, daimyo={"red": "kyo"})  # the daimyo is no soldier [5.D]
    assert not can(g, "red", "scout")


def test_scout_moves_one_soldier_to_an_adjacent_area():
    """[5.1] "Move 1 of your Soldiers to an adjacent Area" (sea links too [7])."""
    g = table()
    put(g, {"usuki": {"red": 3}, "kyo": {"blue": 1}})
    d = card(g, "red", "tactic:scout")
    assert d.pending.kind == "card-target" and d.pending.rule == "5.1"
    assert d.pending.values() == ["oko", "shuri", "yoshida"]  # from Usuki (asked: one area)
    d.answer("shuri")
    assert d.finished
    assert soldiers(g) == {"usuki": {"red": 2}, "shuri": {"red": 1}, "kyo": {"blue": 1}}


def test_scout_from_which_area():
    g = table()
    put(g, {"usuki": {"red": 1}, "kyo": {"red": 1}})
    d = card(g, "red", "tactic:scout")
    assert d.pending.values() == ["usuki", "kyo"]
    d.answer("kyo")
    assert d.pending.values() == ["oko", "yoshida", "kasugayama", "kiyosu"]


def test_scout_one_target_not_asked():
    """A step with one possible target is taken without asking."""
    g = table()
    put(g, {"shuri": {"red": 1}})  # Shuri's one neighbour: Usuki
    play(g, "red", "scout")
    assert soldiers(g) == {"usuki": {"red": 1}}
    (played,) = [e for e in g.events if isinstance(e, ev.CardPlayed)]
    assert played.targets == ("shuri", "usuki") and played.rule == "5.1"


def test_scout_never_moves_the_daimyo():
    g = table(variants=("daimyo",))
    put(g, {"shuri": {"red": 1}}, daimyo={"red": "shuri"})
    play(g, "red", "scout")
    assert g.state.daimyo_at["red"] == "shuri"


# ---- [5.2] Over the Mountain, [5.3] Marine

def test_over_the_mountain_needs_two_soldiers():
    """[7] "must have 2 Soldiers to use Over the Mountain"."""
    g = table(variants=("daimyo",))
    put(g, {"kyo": {"red": 1}, "kiyosu": {"red": 1}}, daimyo={"red": "kyo"})
    assert not can(g, "red", "over-the-mountain")  # 1 + the daimyo is not 2 soldiers
    put(g, {"kyo": {"red": 1}})
    assert can(g, "red", "over-the-mountain")


def test_over_the_mountain_needs_a_land_neighbour():
    g = table()
    put(g, {"usuki": {"red": 5}, "oko": {"red": 2}, "tokuyama": {"red": 4}})  # sea only
    assert not can(g, "red", "over-the-mountain")
    assert can(g, "red", "marine")


def test_over_the_mountain_land_only():
    g = table()
    put(g, {"kyo": {"red": 3}})
    d = card(g, "red", "tactic:over-the-mountain")
    assert d.pending.values() == ["yoshida", "kasugayama", "kiyosu"]  # not Okō (sea)
    d.answer("kiyosu")
    assert d.finished
    assert soldiers(g) == {"kyo": {"red": 1}, "kiyosu": {"red": 2}}


def test_marine_needs_a_sea_neighbour():
    g = table()
    put(g, {"kasugayama": {"red": 4}, "kiyosu": {"red": 3}, "odawara": {"red": 2}})
    assert not can(g, "red", "marine")
    assert can(g, "red", "over-the-mountain")


def test_marine_sea_only():
    g = table()
    put(g, {"kyo": {"red": 2}, "kiyosu": {"red": 1}})
    play(g, "red", "marine")  # Kyō's one sea link: Okō; no question
    assert soldiers(g) == {"oko": {"red": 2}, "kiyosu": {"red": 1}}


def test_marine_needs_two_in_one_area():
    g = table()
    put(g, {"usuki": {"red": 1}, "oko": {"red": 1}})
    assert not can(g, "red", "marine")


def test_marine_from_which_area():
    g = table()
    put(g, {"yonezawa": {"red": 2}, "usuki": {"red": 2}, "kyo": {"red": 1}})
    assert plays(g, "red", "marine") == [("usuki", "oko"), ("usuki", "shuri"),
                                         ("usuki", "yoshida"), ("yonezawa", "tokuyama")]


# ---- [5.4] Sub Squad

def test_sub_squad_needs_two():
    g = table()
    put(g, {"kyo": {"red": 1}, "usuki": {"red": 1}})
    assert not can(g, "red", "sub-squad")


@pytest.mark.parametrize("have,moved", [(2, 1), (3, 1), (4, 2), (5, 2), (9, 4)])
def test_sub_squad_moves_half_rounded_down(have, moved):
    """[5.4] "Move half your Soldiers (rounded down) from one Area to an adjacent Area"."""
    g = table()
    put(g, {"kyo": {"red": have, "blue": 3}})
    play(g, "red", "sub-squad", "oko")  # sea neighbours count too [7]
    assert soldiers(g) == {"kyo": {"red": have - moved, "blue": 3}, "oko": {"red": moved}}


def test_sub_squad_daimyo_not_counted():
    g = table(variants=("daimyo",))
    put(g, {"kyo": {"red": 3}}, daimyo={"red": "kyo"})
    play(g, "red", "sub-squad", "kiyosu")
    assert soldiers(g) == {"kyo": {"red": 2}, "kiyosu": {"red": 1}}
    assert g.state.daimyo_at["red"] == "kyo"


# ---- [5.5] Ninja

def test_ninja_needs_soldiers_in_two_areas():
    g = table(variants=("daimyo",))
    put(g, {"kyo": {"red": 6}}, daimyo={"red": "tokuyama"})
    assert not can(g, "red", "ninja")  # the daimyo's area is no "area where you have a soldier"
    put(g, {"tokuyama": {"red": 1}})
    assert can(g, "red", "ninja")


def test_ninja_any_area_with_a_soldier_not_only_adjacent():
    """[5.5] "Move 1 of your Soldiers to any Area where you have at least 1 Soldier"."""
    g = table()
    put(g, {"shuri": {"red": 2}, "tokuyama": {"red": 1}, "kyo": {"blue": 1}})
    d = card(g, "red", "tactic:ninja")
    assert d.pending.values() == ["shuri", "tokuyama"]
    d.answer("shuri")
    assert d.finished  # one place to go: Tokuyama (not Kyō: no red soldier there)
    assert soldiers(g) == {"shuri": {"red": 1}, "tokuyama": {"red": 2}, "kyo": {"blue": 1}}


# ---- [5.6] Entering Kyo

def test_entering_kyo_needs_a_soldier_adjacent_to_kyo():
    g = table(variants=("daimyo",))
    put(g, {"kyo": {"red": 3}, "usuki": {"red": 3}, "odawara": {"red": 2}},
        daimyo={"red": "kiyosu"})
    assert not can(g, "red", "entering-kyo")  # the daimyo beside Kyō is no soldier
    put(g, {"oko": {"red": 1}})  # Okō: beside Kyō across the sea [7]
    assert can(g, "red", "entering-kyo")


def test_entering_kyo_any_number_from_several_areas():
    """[5.6] "Move any number of your Soldiers from one or more Areas adjacent to
    Kyo into Kyo": a count per area, at least one soldier in all."""
    g = table()
    put(g, {"oko": {"red": 1}, "kiyosu": {"red": 2}, "kyo": {"blue": 2}})
    d = card(g, "red", "tactic:entering-kyo")
    assert d.pending.values() == ["oko:0", "oko:1"]
    d.answer("oko:0")
    assert d.pending.values() == ["kiyosu:1", "kiyosu:2"]  # none at all is no play
    d.answer("kiyosu:2")
    assert d.finished
    assert soldiers(g) == {"oko": {"red": 1}, "kyo": {"blue": 2, "red": 2}}


def test_entering_kyo_all_of_them():
    g = table()
    put(g, {"oko": {"red": 1}, "yoshida": {"red": 1}, "kasugayama": {"red": 3},
            "kiyosu": {"red": 2}})
    play(g, "red", "entering-kyo", "oko:1", "yoshida:1", "kasugayama:3", "kiyosu:2")
    assert soldiers(g) == {"kyo": {"red": 7}}


def test_entering_kyo_one_source_one_soldier_not_asked():
    g = table()
    put(g, {"yoshida": {"red": 1}, "usuki": {"red": 4}})
    play(g, "red", "entering-kyo")
    assert soldiers(g) == {"kyo": {"red": 1}, "usuki": {"red": 4}}


# ---- [5.7] Support

def test_support_needs_stock_and_a_soldier_on_the_map():
    g = table(variants=("daimyo",))
    assert not can(g, "red", "support")  # nothing on the map
    put(g, {}, daimyo={"red": "kyo"})
    assert not can(g, "red", "support")  # the daimyo is no soldier
    put(g, {"kyo": {"red": 1}})
    assert can(g, "red", "support")
    g.state.stock["red"] = 0
    assert not can(g, "red", "support")  # no soldier in stock


def test_support_places_one_from_stock():
    """[5.7] "Place 1 Soldier from your Stock into an Area where you already have
    at least 1 Soldier"."""
    g = table()
    put(g, {"kyo": {"red": 1}, "odawara": {"red": 2}, "usuki": {"blue": 1}})
    d = card(g, "red", "tactic:support")
    assert d.pending.values() == ["kyo", "odawara"]
    d.answer("odawara")
    assert d.finished
    assert soldiers(g) == {"kyo": {"red": 1}, "odawara": {"red": 3}, "usuki": {"blue": 1}}
    assert g.state.stock["red"] == 18 - 4


def test_support_with_the_daimyo_still_in_stock_is_not_a_last_piece():
    g = table(variants=("daimyo",))
    put(g, {"kyo": {"red": 15}})
    play(g, "red", "support")
    st = g.state
    assert st.stock["red"] == 0 and st.daimyo_in_stock["red"]
    assert not st.finished("red") and not st.locked and st.sword["red"] is None


# ---- [5.8] Rebel

def test_rebel_needs_an_enemy_soldier_and_stock():
    g = table(variants=("daimyo",))
    put(g, {"kyo": {"red": 3}}, daimyo={"blue": "kiyosu"})
    assert not can(g, "red", "rebel")  # the blue daimyo is no soldier
    put(g, {"kiyosu": {"blue": 1}})
    assert can(g, "red", "rebel")
    g.state.stock["red"] = 0
    assert not can(g, "red", "rebel")


def test_rebel_replaces_an_enemy_soldier():
    """[5.8] "Replace 1 enemy Soldier with 1 of your own from Stock. Return enemy
    to their Stock." Anywhere on the map."""
    g = table()
    put(g, {"tokuyama": {"blue": 2, "yellow": 1}, "kyo": {"yellow": 1}})
    d = card(g, "red", "tactic:rebel")
    assert d.pending.values() == ["kyo", "tokuyama"]
    d.answer("tokuyama")
    assert d.pending.values() == ["blue", "yellow"]
    d.answer("blue")
    assert d.finished
    assert soldiers(g) == {"tokuyama": {"blue": 1, "yellow": 1, "red": 1},
                           "kyo": {"yellow": 1}}
    assert g.state.stock == {"red": 17, "blue": 17, "yellow": 16}


def test_rebel_not_on_own_soldiers():
    g = table()
    put(g, {"kyo": {"red": 3}})
    assert not can(g, "red", "rebel")


# ---- [5.9] Exile

def test_exile_needs_an_enemy_where_you_have_soldiers():
    g = table(variants=("daimyo",))
    put(g, {"kyo": {"blue": 3}, "kiyosu": {"red": 2}}, daimyo={"red": "kyo"})
    assert not can(g, "red", "exile")  # only the red daimyo is with the enemy
    put(g, {"kiyosu": {"blue": 0}}, daimyo={"blue": "kiyosu"})
    assert not can(g, "red", "exile")  # the blue daimyo is no soldier to exile
    put(g, {"kiyosu": {"yellow": 1}})
    assert can(g, "red", "exile")


def test_exile_moves_one_enemy_soldier_out():
    """[5.9] "From an Area where you have Soldiers, move 1 enemy Soldier to an
    adjacent Area"."""
    g = table()
    put(g, {"kiyosu": {"red": 1, "blue": 2, "yellow": 1}})
    d = card(g, "red", "tactic:exile")
    assert d.pending.values() == ["blue", "yellow"]  # the area: one, not asked
    d.answer("blue")
    assert d.pending.values() == ["kyo", "kasugayama", "tsutsujigasaki", "odawara"]
    d.answer("odawara")
    assert d.finished
    assert soldiers(g) == {"kiyosu": {"red": 1, "blue": 1, "yellow": 1},
                           "odawara": {"blue": 1}}


# ---- [5.10] Prisoner

def test_prisoner_needs_an_enemy_beside_your_soldiers():
    g = table()
    put(g, {"kyo": {"red": 2}, "tokuyama": {"blue": 3}, "usuki": {"yellow": 1}})
    assert not can(g, "red", "prisoner")  # no enemy in an area next to Kyō
    put(g, {"oko": {"yellow": 1}})
    assert can(g, "red", "prisoner")


def test_prisoner_moves_an_enemy_to_your_area():
    """[5.10] "Move 1 enemy Soldier from any Area to an adjacent Area where you
    have Soldiers"."""
    g = table()
    put(g, {"kyo": {"red": 2}, "oko": {"red": 1}, "yoshida": {"blue": 3}})
    d = card(g, "red", "tactic:prisoner")
    # from Yoshida (the one area with an enemy next to red) - blue - to Okō or Kyō
    assert d.pending.values() == ["oko", "kyo"]
    d.answer("oko")
    assert d.finished
    assert soldiers(g) == {"kyo": {"red": 2}, "oko": {"red": 1, "blue": 1},
                           "yoshida": {"blue": 2}}


def test_prisoner_destination_needs_your_soldier_not_daimyo():
    g = table(variants=("daimyo",))
    put(g, {"yoshida": {"blue": 3}, "tokuyama": {"red": 1}}, daimyo={"red": "kyo"})
    assert not can(g, "red", "prisoner")


# ---- [5.11] Decoy

def test_decoy_needs_two_of_one_opponent_with_one_of_yours():
    g = table(variants=("daimyo",))
    put(g, {"kyo": {"red": 1, "blue": 1, "yellow": 1}})
    assert not can(g, "red", "decoy")  # 1 + 1 of two opponents is not 2 of one
    put(g, {"kiyosu": {"blue": 2}}, daimyo={"red": "kiyosu"})
    assert not can(g, "red", "decoy")  # only the daimyo with them
    put(g, {"kyo": {"yellow": 1}})
    assert can(g, "red", "decoy")


def test_decoy_moves_one_of_yours_and_two_of_theirs_together():
    """[5.11] "From the same Area, move 1 of your Soldiers and 2 of an opponent's
    Soldiers to the same adjacent Area"."""
    g = table()
    put(g, {"kyo": {"red": 2, "blue": 3, "yellow": 2}})
    d = card(g, "red", "tactic:decoy")
    assert d.pending.values() == ["blue", "yellow"]
    d.answer("blue")
    assert d.pending.values() == ["oko", "yoshida", "kasugayama", "kiyosu"]
    d.answer("oko")
    assert d.finished
    assert soldiers(g) == {"kyo": {"red": 1, "blue": 1, "yellow": 2},
                           "oko": {"red": 1, "blue": 2}}


# ---- [5.12] Retreat (errata: 2 soldiers)

def test_retreat_needs_two_soldiers():
    g = table(variants=("daimyo",))
    put(g, {"kyo": {"red": 1}}, daimyo={"red": "kyo"})
    assert not can(g, "red", "retreat")
    put(g, {"usuki": {"red": 1}})
    assert can(g, "red", "retreat")


def test_retreat_two_from_one_area():
    """[5.12] "Return 2 of your Soldiers ... to your Stock" (the errata's 2, not 3)."""
    g = table()
    put(g, {"kyo": {"red": 5}})
    play(g, "red", "retreat")
    assert soldiers(g) == {"kyo": {"red": 3}}
    assert g.state.stock["red"] == 15


def test_retreat_from_two_areas():
    """[5.12] "(Can be from multiple Areas.)"."""
    g = table()
    put(g, {"kyo": {"red": 1}, "tokuyama": {"red": 2}})
    assert plays(g, "red", "retreat") == [("kyo", "tokuyama"), ("tokuyama", "tokuyama")]
    d = card(g, "red", "tactic:retreat")
    assert d.pending.values() == ["kyo", "tokuyama"]
    d.answer("kyo")
    assert d.finished
    assert soldiers(g) == {"tokuyama": {"red": 1}}
    assert g.state.stock["red"] == 18 - 1


# ---- must fully execute: every option leads to a whole play [4.I] [7]

def _random_position(g, rng):
    st = g.state
    for p in g.players:
        for _ in range(rng.randint(0, 5)):
            a = rng.choice(AREAS)
            n = rng.randint(1, 3)
            if st.stock[p] >= n:
                st.soldiers[a][p] = st.soldiers[a].get(p, 0) + n
                st.stock[p] -= n
        if rng.random() < 0.2:
            st.stock[p] = 0


def _walk(effect, g, seat, chosen, leaves):
    steps = next_steps(effect, g.table, g.state, seat, chosen)
    if not steps:
        leaves.append(chosen)
        return
    assert steps != [DONE]
    for s in steps:
        if s == DONE:
            leaves.append(chosen)
        else:
            _walk(effect, g, seat, chosen + (s,), leaves)


@pytest.mark.parametrize("seed", range(12))
def test_every_option_leads_to_a_whole_play(seed):
    """[7] "Can I partially use a Tactic Card? No. Must be able to fully execute
    the action": following the options offered always ends in a play the card
    carries out in full, and only whole plays are offered."""
    rng = random.Random(seed)
    g = table(rng.choice([2, 3, 4]))
    _random_position(g, rng)
    seat = g.players[0]
    for tactic, effect in EFFECTS.items():
        whole = set(effect.plays(g.table, g.state, seat))
        leaves: list = []
        if whole:
            _walk(effect, g, seat, (), leaves)
        assert set(leaves) == whole, tactic
        for play_ in list(whole)[:40]:
            st = g.state.copy()
            effect.apply(g.table, st, seat, play_, lambda e: None)
            for area in AREAS:
                assert all(n > 0 for n in st.soldiers[area].values())
            for p in g.players:
                on_map = sum(st.soldiers[a].get(p, 0) for a in AREAS)
                before = sum(g.state.soldiers[a].get(p, 0) for a in AREAS)
                assert on_map + st.stock[p] == before + g.state.stock[p]


# ---- the display, one card each, the lock [4.I]

def test_card_leaves_the_display_and_lies_before_the_player():
    """[4.I] "Place card in front of you and resolve effect immediately"."""
    g = table()
    put(g, {"kyo": {"red": 2}})
    play(g, "red", "retreat")
    assert "retreat" not in g.state.display
    assert g.state.tactics_used["red"] == ["retreat"]
    assert "tactic:retreat" not in actions(g.table, g.state, "blue")


def test_only_cards_in_the_display_are_offered():
    g = table()
    put(g, {"kyo": {"red": 2}, "kiyosu": {"blue": 2}})
    g.state.display = ["scout", "marine", "rebel"]
    assert actions(g.table, g.state, "red") == ["deploy", "tactic:scout", "tactic:marine",
                                                "tactic:rebel"]


def test_only_cards_that_can_be_fully_executed_are_offered():
    g = table()
    put(g, {"kyo": {"red": 1}})
    assert actions(g.table, g.state, "red") == [
        "deploy", "tactic:scout", "tactic:support"]


def test_one_tactic_card_per_player_by_default():
    """[4.I] "Tactic Cards can only be used once per game per player"."""
    g = table()
    put(g, {"kyo": {"red": 3}})
    play(g, "red", "scout", "kiyosu")
    assert actions(g.table, g.state, "red") == ["deploy"]


def test_option_tactics_per_player():
    g = table(tactics_per_player=2)
    put(g, {"kyo": {"red": 3}})
    play(g, "red", "scout", "kiyosu")
    assert "tactic:support" in actions(g.table, g.state, "red")
    play(g, "red", "support", "kyo")
    assert actions(g.table, g.state, "red") == ["deploy"]
    assert g.state.tactics_used["red"] == ["scout", "support"]


def test_cards_locked_after_a_last_piece_deployed():
    """[4.I] "Once any player has placed all their Soldier Cubes, no further
    Tactic Cards may be used" - the others' too."""
    g = table()
    put(g, {"kyo": {"red": 2, "blue": 2, "yellow": 2}})
    g.state.stock["red"] = 1
    script_dice(g, (1, 1, 1))
    d = start(g)
    assert d.pending.kind == "choose-action"
    d.answer("deploy")
    d.answer("keep")
    assert g.state.locked and g.state.sword["red"] == 3
    locks = [e for e in g.events if isinstance(e, ev.TacticsLocked)]
    assert [e.seat for e in locks] == ["red"]
    # blue could play cards but may not: no action question, the dice at once
    assert d.pending.kind == "reroll" and d.pending.side == "blue"
    assert actions(g.table, g.state, "blue") == ["deploy"]


@pytest.mark.parametrize("tactic", ["support", "rebel"])
def test_cards_locked_when_a_card_places_the_last_piece(tactic):
    """The last piece placed by a card (Support [5.7], Rebel [5.8]) takes the
    highest sword and locks the cards, as a deployed one does."""
    g = table()
    put(g, {"kyo": {"red": 2, "blue": 2}})
    g.state.stock["red"] = 1
    play(g, "red", tactic)  # one target each: Kyō (and blue's soldier)
    st = g.state
    assert st.finished("red") and st.sword["red"] == 3 and st.swords_left == [2, 1]
    assert st.locked
    assert actions(g.table, st, "blue") == ["deploy"]
    assert actions(g.table, st, "yellow") == ["deploy"]


def test_tactic_card_through_a_turn():
    """A whole turn: the card chosen, its targets, no dice rolled."""
    g = table()
    g.state.display = ["scout", "ninja"]
    put(g, {"kyo": {"red": 1}, "shuri": {"red": 1}})
    d = start(g)
    assert d.pending.values() == ["deploy", "tactic:scout", "tactic:ninja"]
    d.answer("tactic:ninja")
    assert d.pending.kind == "card-target" and d.pending.rule == "5.5"
    d.answer("shuri")
    assert soldiers(g) == {"kyo": {"red": 2}}
    assert g.state.display == ["scout"]
    assert d.pending.side == "blue"
    rolls = [e for e in g.events if type(e).__name__ == "DieRolled"]
    assert [r.side for r in rolls] == ["blue"]  # red rolled no dice
    assert [e.card for e in g.events if isinstance(e, ev.CardPlayed)] == ["ninja"]
