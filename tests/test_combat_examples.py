"""The worked combat modifier examples of [11.6] and [11.6.2], reproduced with
the shipped tables: they fix which die each value goes to, and with which sign."""

import pytest

from tenkatoitsu.kinds.battle.queries.combat_modifiers import (
    HANGEKI,
    RANSEN,
    SHINGEKI,
    YARI_FUSUMA,
    Fighter,
    Leadership,
    breakdown,
    combat_type_of,
    has_firearms_prepared,
    terrain_modifier,
)
from tenkatoitsu.kinds.battle.queries.terrain import DOWN, UP, crossing
from tenkatoitsu.kinds.battle.scenario import model as m

A, D, MV = m.Order.ATTACK, m.Order.DEFENSE, m.Order.MOVEMENT
BLUE, RED = m.Die.BLUE, m.Die.RED


@pytest.fixture
def fight(rules):
    def run(attackers, defenders, **kw):
        return breakdown(attackers, defenders, combat_types=rules.combat_types,
                         modifiers=rules.combat_modifiers, states=rules.states, **kw)
    return run


@pytest.fixture
def side(rules):
    """Effects of crossing a hexside type, optionally up or down."""
    return lambda name, direction=None: crossing(rules.terrain_chart, name, direction)


def test_example_1_melee_leadership_on_blue(fight, side):
    # Clan B (0/3 and Ii Naomasa 2/3, Leadership 1) attacks the 1/2 unit of F; all in melee
    b1 = Fighter("B-0/3", 0, 3, order=A, hexsides=((side("open"), RANSEN),))
    b2 = Fighter("Ii Naomasa", 2, 3, lead=1, order=A, hexsides=((side("open"), RANSEN),))
    f = Fighter("F", 1, 2, fire=1, order=A)
    r = fight([b1, b2], [f], attacker_leader=Leadership("Ii Naomasa", 1, BLUE))
    assert (r.blue, r.red) == (1, 5)


def test_example_2_assault_against_counter_attack(fight, side):
    # one unit of B already in contact (melee), the other assaults; F in Attack: Hangeki
    b1 = Fighter("B-ransen", 0, 3, order=A, hexsides=((side("open"), HANGEKI),))
    b2 = Fighter("B-shingeki", 2, 3, lead=1, order=A, combat_type=SHINGEKI,
                 hexsides=((side("open"), HANGEKI),))
    f = Fighter("F", 1, 2, order=A, combat_type=HANGEKI)
    r = fight([b1, b2], [f], attacker_leader=Leadership("B-shingeki", 1, BLUE))
    assert (r.blue, r.red) == (2, 4)
    lines = {ln.label: (ln.blue, ln.red) for ln in r.lines}
    assert lines["F hangeki: elan -1"] == (-1, 0)
    assert lines["F hangeki: mass -2"] == (0, -2)


def test_example_2bis_assault_against_closed_ranks(fight, side):
    # F in Defense closes ranks (Yari Fusuma): Firepower to blue, and the plain
    # hexside gives the assaulting unit -1 (Terrain Effect Chart)
    b1 = Fighter("B-ransen", 0, 3, order=A, hexsides=((side("open"), YARI_FUSUMA),))
    b2 = Fighter("B-shingeki", 2, 3, lead=1, order=A, combat_type=SHINGEKI,
                 hexsides=((side("open"), YARI_FUSUMA),))
    f = Fighter("F", 1, 2, fire=2, order=D, combat_type=YARI_FUSUMA)
    r = fight([b1, b2], [f], attacker_leader=Leadership("B-shingeki", 1, BLUE))
    assert terrain_modifier(b2) == -1 and terrain_modifier(b1) == 0
    assert (r.blue, r.red) == (0, 3)


def test_example_3_slope_denies_firearms_prepared_when_not_every_hexside(fight, side):
    # the leader unit attacks up a slope (-1, firearms prepared), the other across a
    # plain hexside: F is not attacked only through prepared hexsides
    up = (side("slope", UP), RANSEN)
    plain = (side("open"), RANSEN)
    b1 = Fighter("B-leader", 2, 3, lead=1, order=A, hexsides=(up,))
    b2 = Fighter("B-0/3", 0, 3, order=A, hexsides=(plain,))
    f = Fighter("F", 0, 3, fire=2, order=D)
    prepared = has_firearms_prepared(f, [up[0], plain[0]])
    assert prepared is False
    r = fight([b1, b2], [f], attacker_leader=Leadership("B-leader", 1, BLUE))
    assert (r.blue, r.red) == (0, 5)
    # had both come up the slope, F would have fired even in melee [11.9]
    assert has_firearms_prepared(f, [up[0], up[0]]) is True
    r2 = fight([b1, b2], [f], firearms_prepared=frozenset({"F"}),
               attacker_leader=Leadership("B-leader", 1, BLUE))
    assert r2.blue == -2


def test_example_3bis_downhill_non_obligatory(fight, side):
    # F (0/3, Defense) attacks; a non-obligatory (downhill) hexside separates it from
    # the B leader (2/3, L1): it may attack both ...
    down = (side("slope", DOWN), RANSEN)
    plain = (side("open"), RANSEN)
    assert side("slope", DOWN).non_obligatory
    f = Fighter("F", 0, 3, order=D, hexsides=(down, plain))
    b_leader = Fighter("B-leader", 2, 3, lead=1, order=A)
    b2 = Fighter("B-0/3", 0, 3, order=A)
    r = fight([f], [b_leader, b2], defender_leader=Leadership("B-leader", 1, BLUE))
    assert (r.blue, r.red) == (0, -5)
    # ... or only the 0/3 unit across the plain hexside
    f_alone = Fighter("F", 0, 3, order=D, hexsides=(plain,))
    r = fight([f_alone], [b2])
    assert (r.blue, r.red) == (0, 0)


def test_example_4_downhill_with_support(fight, side):
    # F attacks only the 0/3 unit of B across a non-obligatory hexside, supported by D
    f = Fighter("F", 0, 3, order=D, hexsides=((side("slope", DOWN), RANSEN),))
    b2 = Fighter("B-0/3", 0, 3, order=A)
    r = fight([f], [b2], supports=1)
    assert (r.blue, r.red) == (2, 0)


def test_terrain_example_each_attacker_counts_its_own_minus_one(side):
    # [11.6.2] two units of clan A attack X, each across a -1 hexside: -2 in all
    up = (side("slope", UP), RANSEN)
    a1 = Fighter("A1", 1, 2, order=A, hexsides=(up,))
    a2 = Fighter("A2", 1, 2, order=A, hexsides=(up,))
    assert terrain_modifier(a1) + terrain_modifier(a2) == -2


def test_terrain_example_plus_one_once_per_attacker(side):
    # X attacks both units of A, each across a +1 hexside: +1 once
    down = (side("slope", DOWN), RANSEN)
    x = Fighter("X", 1, 2, order=A, hexsides=(down, down))
    assert terrain_modifier(x) == 1


def test_combat_types_by_priority():
    # [11.5] a moving attacker assaults; its target counter-attacks if in Attack,
    # else closes ranks; everyone else is in melee
    assert combat_type_of(True, True, True, False) == SHINGEKI
    assert combat_type_of(False, True, True, False) == RANSEN
    assert combat_type_of(False, False, True, True) == HANGEKI
    assert combat_type_of(False, False, False, True) == YARI_FUSUMA
    assert combat_type_of(False, False, True, False) == RANSEN


def test_state_and_order_modifiers(fight, side):
    # [11.6] + smallest defender state, - largest attacker state; +2 all defenders
    # moving, -2 an attacker moving; +2 Totsugeki on an assault
    a1 = Fighter("a1", 0, 0, order=MV, steps_lost=1)
    a2 = Fighter("a2", 0, 0, order=A, steps_lost=2, combat_type=SHINGEKI)
    d1 = Fighter("d1", 0, 0, order=MV, steps_lost=1, combat_type=YARI_FUSUMA)
    d2 = Fighter("d2", 0, 0, order=m.Order.REGROUP, steps_lost=3, combat_type=YARI_FUSUMA)
    r = fight([a1, a2], [d1, d2], totsugeki=True)
    assert r.blue == 1 - 2 + 2 - 2 + 2
    assert r.red == 0


def test_defensive_position_only_in_defense(fight):
    a = Fighter("a", 0, 0, order=A)
    d = Fighter("d", 0, 0, fire=1, order=D, defensive_position=True)
    assert fight([a], [d]).blue == -1
    assert has_firearms_prepared(d, []) is True
    d_attack = Fighter("d", 0, 0, order=A, defensive_position=True)
    assert fight([a], [d_attack]).blue == 0
    assert has_firearms_prepared(d_attack, []) is False
