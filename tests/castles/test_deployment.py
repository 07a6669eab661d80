"""[4.I] The deployment phase: the action before the dice, the one reroll,
the split of the dice, placing soldiers, the last piece and the sword, the
turn order, the end of the phase."""

from __future__ import annotations

from itertools import product

import pytest

from tenkatoitsu.core.decisions import IllegalAnswer
from tenkatoitsu.core.events import DieRolled
from tenkatoitsu.kinds.castles import events as ev
from tenkatoitsu.kinds.castles.deployment import soldiers_for, splits
from tenkatoitsu.kinds.castles.state import OVER
from tests.castles.helpers import (
    VALUES,
    clear,
    fixed_castles,
    new_game,
    put,
    script_dice,
    start,
)

BY_VALUE = {v: a for a, v in VALUES.items()}


def events_of(g, kind):
    return [e for e in g.events if isinstance(e, kind)]


def test_action_chosen_before_rolling():
    """[4.I] "choose one of the following actions before rolling dice"."""
    g = new_game(3, seed=1)
    fixed_castles(g)
    clear(g)
    put(g, {"kyo": {"red": 1}})
    g.state.display = ["scout"]
    d = start(g)
    assert d.pending.kind == "choose-action" and d.pending.side == "red"
    assert d.pending.values() == ["deploy", "tactic:scout"]
    rolled = len(events_of(g, DieRolled))
    assert rolled == 0 and g.state.roll is None
    d.answer("deploy")
    assert len(events_of(g, DieRolled)) == 1
    assert d.pending.kind == "reroll"
    chosen = events_of(g, ev.ActionChosen)[0]
    assert g.events.index(chosen) < g.events.index(events_of(g, DieRolled)[0])


def test_no_action_question_when_only_deploy_is_possible():
    """An empty map: no card can be fully executed, so the player rolls at once."""
    g = new_game(3, seed=1)
    d = start(g)
    assert d.pending.kind == "reroll" and d.pending.side == "red"
    assert len(events_of(g, DieRolled)) == 1


def test_one_reroll_of_all_three_dice():
    """[4.I] "May reroll all 3 dice once per turn": the second roll is final."""
    g = new_game(3)
    fixed_castles(g)
    script_dice(g, (1, 2, 3), (4, 4, 4), (6, 6, 6))
    d = start(g)
    assert d.pending.kind == "reroll"
    assert d.pending.values() == ["keep", "reroll"]
    assert d.pending.context["dice"] == [1, 2, 3]
    assert g.state.roll == (1, 2, 3)
    d.answer("reroll")
    # (4, 4, 4): one split only, so red places at once; no second reroll is
    # offered: the next question is blue's
    assert g.state.soldiers[BY_VALUE[8]] == {"red": 2}
    assert d.pending.kind == "reroll" and d.pending.side == "blue"
    assert d.pending.context["dice"] == [6, 6, 6]
    rolls = events_of(g, DieRolled)
    assert [r.dice for r in rolls] == [(1, 2, 3), (4, 4, 4), (6, 6, 6)]
    assert [r.purpose for r in rolls] == ["deployment", "reroll", "deployment"]


def test_no_second_reroll_before_the_split():
    """After a reroll the next question is the split, never another reroll."""
    g = new_game(2)
    fixed_castles(g)
    script_dice(g, (1, 1, 1), (1, 2, 6))
    d = start(g)
    d.answer("reroll")
    assert d.pending.kind == "split"
    assert d.pending.values() == [1, 2, 6]
    with pytest.raises(IllegalAnswer):
        d.answer("reroll")


def test_keep_the_first_roll():
    g = new_game(2)
    fixed_castles(g)
    script_dice(g, (2, 3, 3))
    d = start(g)
    d.answer("keep")
    assert d.pending.kind == "split"
    assert not g.state.rerolled


@pytest.mark.parametrize("die,count", [(1, 1), (2, 1), (3, 2), (4, 2), (5, 3), (6, 3)])
def test_soldiers_half_the_die_rounded_up(die, count):
    """[4.I] "die value ÷ 2, rounded up (Example: roll 5 → deploy 3 cubes; roll 2 → deploy 1)"."""
    assert soldiers_for(die) == count


def test_splits_offered():
    """[4.I] Two dice name the area by their sum, the third the soldiers: one
    split per distinct die face."""
    g = new_game(3)
    fixed_castles(g)
    script_dice(g, (1, 2, 5))
    d = start(g)
    d.answer("keep")
    assert d.pending.kind == "split"
    assert d.pending.values() == [1, 2, 5]
    assert d.pending.context["splits"] == {1: "kasugayama", 2: "kyo", 5: "oko"}
    d.answer(5)  # 1 + 2 = 3 -> Okō; the 5 deploys 3
    assert g.state.soldiers["oko"] == {"red": 3}
    assert g.state.stock["red"] == 15
    (split,) = events_of(g, ev.DiceSplit)
    assert (split.area, split.area_dice, split.count_die, split.count) == ("oko", (1, 2), 5, 3)


def test_splits_every_roll():
    """Every roll of three dice: one split per distinct face, the area the castle
    whose token is the sum of the other two, the count half the die rounded up."""
    g = new_game(3)
    fixed_castles(g)
    for dice in product(range(1, 7), repeat=3):
        got = splits(g.state, dice)
        assert [s.count_die for s in got] == list(dict.fromkeys(dice))
        for s in got:
            rest = list(dice)
            rest.remove(s.count_die)
            assert sorted(s.area_dice) == sorted(rest)
            assert VALUES[s.area] == sum(rest)
            assert s.count == (s.count_die + 1) // 2


def test_one_distinct_face_no_split_question():
    g = new_game(3)
    fixed_castles(g)
    script_dice(g, (3, 3, 3))
    d = start(g)
    d.answer("keep")
    assert g.state.soldiers["kyo"] == {"red": 2}  # 3 + 3 = 6 -> Kyō, the 3 deploys 2
    assert d.pending.side == "blue"


def test_split_with_a_pair():
    g = new_game(3)
    fixed_castles(g)
    script_dice(g, (2, 6, 2))
    d = start(g)
    d.answer("keep")
    assert d.pending.values() == [2, 6]
    assert d.pending.context["splits"] == {2: "kiyosu", 6: "shuri"}


def test_splits_follow_the_shuffled_tokens():
    """The area is the castle whose token is the sum, wherever the shuffle put it."""
    g = new_game(3, seed=4)
    by_value = {v: a for a, v in g.state.castle.items()}
    got = {s.count_die: s.area for s in splits(g.state, (1, 4, 6))}
    assert got == {1: by_value[10], 4: by_value[7], 6: by_value[5]}


def test_deploy_what_is_left_of_the_stock():
    """[4.I] "Must deploy full number unless Stock is exhausted"."""
    g = new_game(3)
    fixed_castles(g)
    g.state.stock["red"] = 2
    script_dice(g, (6, 6, 6))
    d = start(g)
    d.answer("keep")
    assert g.state.soldiers["tokuyama"] == {"red": 2}
    assert g.state.stock["red"] == 0
    (placed,) = events_of(g, ev.PiecesDeployed)
    assert placed.soldiers == 2


def test_last_piece_takes_highest_sword_and_turns_skipped():
    """[4.I] "If this was your last cube, take the highest-value Sword Token
    available. Your turns are skipped for the rest of the phase." The turns go
    clockwise from the first player."""
    g = new_game(3)
    fixed_castles(g)
    st = g.state
    st.stock.update(red=1, blue=4, yellow=4)
    script_dice(g, *[(1, 1, 1)] * 9)  # 1 + 1 = 2 -> Usuki, 1 soldier each turn
    d = start(g)
    d.run(lambda dec: "keep")
    seats = [e.seat for e in events_of(g, ev.DeploymentTurn)]
    assert seats == ["red", "blue", "yellow", "blue", "yellow", "blue", "yellow", "blue",
                     "yellow"]
    swords = [(e.seat, e.sword) for e in events_of(g, ev.SwordTaken)]
    assert swords == [("red", 3), ("blue", 2), ("yellow", 1)]
    assert st.sword == {"red": 3, "blue": 2, "yellow": 1}
    assert st.swords_left == []
    assert st.soldiers["usuki"] == {"red": 1, "blue": 4, "yellow": 4}


def test_turn_order_clockwise_four_players():
    g = new_game(4)
    fixed_castles(g)
    g.state.display = []  # no card to choose: every turn rolls at once
    script_dice(g, *[(1, 1, 1)] * 8)
    d = start(g)
    for _ in range(8):
        d.answer("keep")
    seats = [e.seat for e in events_of(g, ev.DeploymentTurn)]
    assert seats[:8] == ["red", "blue", "yellow", "black"] * 2


def test_two_player_swords():
    g = new_game(2)
    fixed_castles(g)
    g.state.stock.update(red=3, blue=1)
    g.state.display = []
    script_dice(g, (1, 1, 1), (1, 1, 1), (6, 6, 6))
    d = start(g)
    d.run(lambda dec: "keep")
    assert g.state.sword == {"blue": 2, "red": 1}


def test_phase_ends_when_every_piece_is_placed_and_display_discarded():
    """[4.I] "Phase ends when all players have placed all Soldier Cubes.
    Remaining Tactic Cards are discarded." Then the war [4.II]."""
    g = new_game(2)
    fixed_castles(g)
    st = g.state
    st.stock.update(red=2, blue=2)
    shown = list(st.display)
    script_dice(g, (3, 3, 3), (3, 3, 3))
    d = start(g)
    d.answer("keep")
    d.answer("keep")
    assert d.finished
    (ended,) = events_of(g, ev.DeploymentEnded)
    assert list(ended.discarded) == shown
    assert st.display == []
    assert st.phase == OVER
    names = [type(e).__name__ for e in g.events]
    assert names.index("DeploymentEnded") < names.index("WarBegan")
    assert all(st.finished(p) for p in st.players)


def test_no_turn_after_everyone_finished():
    """Nothing is asked once every piece is placed."""
    g = new_game(3)
    for p in g.players:
        g.state.stock[p] = 0
        g.state.sword[p] = 1  # (a sword each: the war needs none here)
    d = start(g)
    assert d.finished
    assert not events_of(g, ev.DeploymentTurn)


# ---- the daimyo is placed like a soldier [5.D]

def test_daimyo_may_be_one_of_the_pieces():
    """[5.D] "Daimyo is placed like a Soldier during Deployment"."""
    g = new_game(2, variants=("daimyo",))
    fixed_castles(g)
    script_dice(g, (3, 3, 3))
    d = start(g)
    d.answer("keep")
    assert d.pending.kind == "deploy-daimyo"
    assert d.pending.values() == [True, False]
    d.answer(True)
    st = g.state
    assert st.soldiers["kyo"] == {"red": 1} and st.daimyo_at["red"] == "kyo"
    assert st.stock["red"] == 15 and not st.daimyo_in_stock["red"]


def test_soldiers_only():
    g = new_game(2, variants=("daimyo",))
    fixed_castles(g)
    script_dice(g, (3, 3, 3))
    d = start(g)
    d.answer("keep")
    d.answer(False)
    st = g.state
    assert st.soldiers["kyo"] == {"red": 2} and st.daimyo_at["red"] is None
    assert st.stock["red"] == 14 and st.daimyo_in_stock["red"]


def test_daimyo_must_go_when_soldiers_run_short():
    g = new_game(2, variants=("daimyo",))
    fixed_castles(g)
    g.state.stock["red"] = 1
    script_dice(g, (5, 5, 5))
    d = start(g)
    d.answer("keep")  # 3 to deploy, 1 soldier and the daimyo left: both go
    st = g.state
    assert st.soldiers["yonezawa"] == {"red": 1} and st.daimyo_at["red"] == "yonezawa"
    assert st.finished("red") and st.sword["red"] == 2
    assert d.pending.side == "blue"


def test_last_soldier_placed_daimyo_still_in_stock_not_finished():
    """All 16 soldiers placed but the daimyo still in stock: the player plays on
    (the daimyo is one of the pieces to place)."""
    g = new_game(2, variants=("daimyo",))
    fixed_castles(g)
    st = g.state
    st.stock["red"] = 1
    st.display = []
    script_dice(g, (1, 1, 1), (1, 1, 1), (1, 1, 1))
    d = start(g)
    d.answer("keep")
    assert d.pending.kind == "deploy-daimyo"
    d.answer(False)
    assert st.stock["red"] == 0 and st.daimyo_in_stock["red"]
    assert not st.finished("red") and st.sword["red"] is None and not st.locked
    d.answer("keep")  # blue
    d.answer(False)
    d.answer("keep")  # red: the daimyo alone
    assert st.daimyo_at["red"] == "usuki" and st.finished("red") and st.sword["red"] == 2
    assert st.locked
