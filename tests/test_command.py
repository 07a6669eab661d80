"""The command sequence [9]: Delay phase, command points, chit selection."""

import pytest
from helpers import ScriptedDice, place, run

from tenkatoitsu.kinds.battle.game import Game, VariantError, resolve_variants
from tenkatoitsu.kinds.battle.queries.chits import (
    chit_destination,
    command_distance,
    distance_destination,
)
from tenkatoitsu.kinds.battle.rules.command import (
    command_points,
    command_sequence,
    delay_phase,
    obligatory_chits,
    select_chits,
)
from tenkatoitsu.kinds.battle.scenario import model as m
from tenkatoitsu.kinds.battle.state import chit_clan, delay_box_of, delay_place, place_name


@pytest.fixture
def game(training):
    return Game(training, seed=7)


def test_variants_default_and_exclusive(training):
    assert resolve_variants(training, []) == ("standard",)
    assert resolve_variants(training, ["dawn"]) == ("dawn",)
    assert resolve_variants(training, ["asakura"]) == ("asakura", "standard")
    with pytest.raises(VariantError, match="exclude each other"):
        resolve_variants(training, ["dawn", "standard"])
    with pytest.raises(VariantError, match="unknown variant 'long'"):
        resolve_variants(training, ["long"])


def test_setup_from_scenario(game):
    st = game.state
    assert st.turn == 1
    assert st.clans["D"].off_map and st.clans["D"].order == m.Order.MOVEMENT  # [12]
    assert "5" not in st.clans  # only with the asakura variant
    assert sorted(st.honjins["oda"].reserve) == ["clan:A", "clan:B", "clan:C", "clan:D"]
    assert st.honjins["asai"].plan_active is False and st.honjins["asai"].plan_modifier == 2


def test_command_points_as_rolled(game):
    # [9.2] Oda's Sō-taishō's clan (A) is in Defense: no modifier; 1D6=4 -> 3 CP
    game.dice = ScriptedDice(game, [4])
    assert command_points(game, "oda") == 3


def test_command_points_minus_one_out_of_defense(game):
    game.set_order("A", m.Order.ATTACK, "test")
    game.dice = ScriptedDice(game, [4])  # 4 - 1 = 3 -> 2 CP
    assert command_points(game, "oda") == 2


def test_exempt_order_has_no_penalty(game):
    # Asai's Sō-taishō is exempt in Defense only (by the scenario); Movement costs -1
    game.set_order("1", m.Order.MOVEMENT, "test")
    game.dice = ScriptedDice(game, [3])  # 3 - 1 = 2 -> 1 CP
    assert command_points(game, "asai") == 1


def test_example_9_2_opponent_bundori(game):
    # Example 9.2: the opponent has 3 Bundori: -1 to the command points roll
    game.state.bundori["asai"] = 3
    game.dice = ScriptedDice(game, [4])  # 4 - 1 = 3 -> 2 CP
    assert command_points(game, "oda") == 2


def test_no_command_points_without_so_taisho(game):
    game.state.units["A1"].leader_killed = True
    # the training scenario names C1 as successor [21.2]; his clan C is in
    # Movement, so the -1 applies: 6 - 1 = 5 -> 3 CP
    game.dice = ScriptedDice(game, [6])
    assert command_points(game, "oda") == 3
    game.state.units["C1"].eliminated = True
    game.dice = ScriptedDice(game, [])
    assert command_points(game, "oda") == 0


def test_command_distance_roads_half(game):
    # Oda's Sō-taishō at 0302 on the hill. Clan C's nearest unit: C3 at 0704.
    d = command_distance(game, "oda", "C")
    assert d is not None and d <= 14
    assert chit_destination(game, "oda", "C") == "bowl"


def test_far_clan_goes_to_the_delay_track(game):
    # move the Sō-taishō far away: 15 MP or more -> Delay box floor(d / 15)
    for uid, h in (("A1", "1601"), ("A2", "1602")):
        place(game, uid, h)
    place(game, "B1", "0112")
    place(game, "B2", "0111")
    d = command_distance(game, "oda", "B")
    assert d >= 15
    assert chit_destination(game, "oda", "B") == f"delay{min(4, int(d // 15))}:oda"


@pytest.mark.parametrize("distance, place", [
    (0, "bowl"), (14, "bowl"),
    (14.5, "delay1:oda"),  # more than 14, less than 15: the shortest delay
    (15, "delay1:oda"), (29.5, "delay1:oda"), (30, "delay2:oda"), (44.5, "delay2:oda"),
    (45, "delay3:oda"), (60, "delay4:oda"), (74.5, "delay4:oda"),
    (75, "delay4:oda"), (200, "delay4:oda"),  # the track ends at box 4 [2.3]
    (None, "delay4:oda"),  # no way through to the clan
])
def test_9_3_every_distance_maps_to_the_bowl_or_a_delay_box_1_to_4(distance, place):
    assert distance_destination(distance, "oda") == place


@pytest.mark.parametrize("distance", [-1, float("nan")])
def test_9_3_no_destination_for_a_distance_that_cannot_be(distance):
    with pytest.raises(ValueError):
        distance_destination(distance, "oda")


@pytest.mark.parametrize("box", [0, 5, -1])
def test_2_3_no_delay_box_outside_1_to_4_and_none_wraps(game, box):
    # box 0 used to be read as h.delay[-1]: the longest delay
    with pytest.raises(ValueError, match="boxes 1 to 4"):
        delay_place(box, "oda")
    with pytest.raises(ValueError, match="boxes 1 to 4"):
        game.move_chit("clan:B", "reserve:oda", f"delay{box}:oda", "test")
    assert "clan:B" in game.state.honjins["oda"].reserve
    assert [delay_box_of(f"delay{b}:oda") for b in (1, 4)] == [1, 4]
    assert delay_box_of("bowl") is None and place_name("bowl") == "the Bowl"


def test_9_3_a_chit_at_14_and_a_half_mp_waits_on_delay_box_1(game):
    # a road or a path makes half MPs: 14.5 is not "14 MP or less", so not the
    # Bowl; it is less than 15: the shortest delay, not a "Delay box 0" that
    # landed in box 4 (Yamazaki, seed 3, turn 16, Hashiba's chit K)
    place(game, "B1", "1607")
    place(game, "B2", None)
    assert command_distance(game, "oda", "B") == 14.5
    assert chit_destination(game, "oda", "B") == "delay1:oda"
    game.state.honjins["oda"].cp = 1
    _, seen = run(select_chits(game, "oda"), ["clan:B"])
    labels = [o.label for o in seen[0].options]
    assert "clan B -> Delay box 1" in labels
    assert not any("box 0" in x for x in labels)
    assert game.state.chit_places("clan:B") == ["delay1:oda"]


def test_off_map_clan_straight_into_the_bowl(game):
    assert chit_destination(game, "oda", "D") == "bowl"


def test_never_through_an_enemy_unit(game):
    # surround nothing but check: an enemy unit on the only way blocks the count
    d_before = command_distance(game, "oda", "B")
    assert d_before is not None


def test_obligatory_chits_day_and_night(game):
    assert game.is_night()  # turn 1 is a night turn in training
    assert sorted(obligatory_chits(game)) == ["initiative", "march", "rally"]
    game.state.turn = 2
    assert sorted(obligatory_chits(game)) == ["combat:asai", "combat:oda", "initiative",
                                              "march", "rally"]


def test_delay_phase_messengers(game):
    # three Oda chits left in the Bowl; messengers roll 2 (Reserve), 4 (box 2), 6 (box 1)
    h = game.state.honjins["oda"]
    for c in ("clan:A", "clan:B", "clan:C"):
        game.move_chit(c, "reserve:oda", "bowl", "test")
    game.move_chit("clan:D", "reserve:oda", "delay3:oda", "test")
    game.state.clans["D"].off_map = False  # an on-map clan, for the slide
    game.dice = ScriptedDice(game, [2, 4, 6])
    run(delay_phase(game))
    assert "clan:A" in h.reserve
    assert h.delay[0] == ["clan:B"]  # box 2 slid to box 1
    assert "clan:C" in game.state.bowl  # box 1 emptied into the Bowl
    assert h.delay[1] == ["clan:D"]  # box 3 slid to box 2


def test_delay_phase_off_map_clan_to_box_one(game):
    game.move_chit("clan:D", "reserve:oda", "bowl", "test")
    game.dice = ScriptedDice(game, [])
    run(delay_phase(game))
    assert "clan:D" in game.state.bowl  # box 1, then straight into the Bowl


def test_command_sequence_conserves_chits(game):
    run(command_sequence(game))
    for cid in game.state.clans:
        places = game.state.chit_places(f"clan:{cid}")
        assert len(places) == 1, (cid, places)
    assert sum(1 for c in game.state.bowl if chit_clan(c) is None) == 3  # night
