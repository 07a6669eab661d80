"""The war phase [4.II] and the scores [6], on positions made by hand: the
order of the areas, strength and the sword tie-break, the castle tokens, the
reinforcements (their cascade, the finite supply) and the final standings."""

from __future__ import annotations

import pytest

from tenkatoitsu.kinds.castles import events as ev
from tenkatoitsu.kinds.castles.state import LARGE, OVER, SMALL
from tenkatoitsu.kinds.castles.war import order, ranking, reinforcement_targets, strength
from tests.castles.helpers import (
    AREAS,
    VALUES,
    clear,
    new_game,
    put,
    start,
)
from tests.castles.helpers import (
    table as helpers_table,
)


def table(n=3, variants=()):
    return helpers_table(n, variants, every_card=False)


def war(g, swords):
    """Every piece placed (the deployment has nothing left to do): the war runs."""
    st = g.state
    for p in g.players:
        st.stock[p] = 0
        st.daimyo_in_stock[p] = False
    st.sword.update(swords)
    st.swords_left = []
    d = start(g)
    assert d.finished and st.phase == OVER
    return g


def claims(g, seat):
    return [(c.area, c.value, c.size) for c in g.state.won.get(seat, ())]


def events(g, kind):
    return [e for e in g.events if isinstance(e, kind)]


def sent(g):
    return [(e.seat, e.frm, e.to, e.n, e.reused) for e in events(g, ev.ReinforcementsSent)]


# ---- [4.II] the order

def test_areas_in_ascending_order_of_their_tokens():
    """[4.II] "Resolve Areas in ascending order of Large Castle Token value (2 → 12)"."""
    g = new_game(3, seed=7)
    clear(g)
    put(g, {a: {"red": 1} for a in AREAS})
    war(g, {"red": 3, "blue": 2, "yellow": 1})
    resolved = [e.area for e in events(g, ev.AreaResolved)]
    assert [g.state.castle[a] for a in resolved] == list(range(2, 13))
    assert list(events(g, ev.WarBegan)[0].order) == resolved
    assert g.state.resolved == resolved


def test_order_in_board_order_when_values_follow_it():
    g = table()
    assert order(g.state) == list(AREAS)  # VALUES: board order is value order


# ---- [4.II.1] strength and the winner

def test_strength_soldiers_and_reinforcements():
    """[4.II.1] "Total strength = Soldier Cubes + Reinforcement Cubes in the Area"."""
    g = table()
    put(g, {"kyo": {"red": 2, "blue": 3}})
    g.state.white["kyo"] = {"red": 2}
    assert strength(g.table, g.state, "kyo", "red") == 4
    assert strength(g.table, g.state, "kyo", "blue") == 3
    assert strength(g.table, g.state, "kyo", "yellow") == 0


def test_highest_strength_wins_runner_up_small_token():
    """[4.II.2] "Winner takes the Large Castle Token. In 3- or 4-player games:
    runner-up takes a Small Castle Token = half the Large Token's value,
    rounded down"; the third takes nothing."""
    g = table(4)
    put(g, {"tsutsujigasaki": {"red": 1, "blue": 4, "yellow": 3, "black": 2}})
    war(g, {"red": 4, "blue": 3, "yellow": 2, "black": 1})
    assert claims(g, "blue") == [("tsutsujigasaki", 9, LARGE)]
    assert claims(g, "yellow") == [("tsutsujigasaki", 4, SMALL)]  # 9 // 2
    assert claims(g, "black") == [] and claims(g, "red") == []
    (res,) = [e for e in events(g, ev.AreaResolved) if e.area == "tsutsujigasaki"]
    assert (res.winner, res.runner_up, res.by_sword) == ("blue", "yellow", False)
    assert res.strengths == {"red": 1, "blue": 4, "yellow": 3, "black": 2}


@pytest.mark.parametrize("area,small", [("usuki", 1), ("oko", 1), ("shuri", 2), ("yoshida", 2),
                                        ("kyo", 3), ("kasugayama", 3), ("kiyosu", 4),
                                        ("tsutsujigasaki", 4), ("yonezawa", 5),
                                        ("odawara", 5), ("tokuyama", 6)])
def test_small_token_half_rounded_down(area, small):
    g = table()
    put(g, {area: {"red": 2, "blue": 1}})
    war(g, {"red": 1, "blue": 2, "yellow": 3})
    assert claims(g, "blue") == [(area, small, SMALL)]
    assert small == VALUES[area] // 2


def test_tie_broken_by_the_higher_sword():
    """[4.II.1] "Tiebreaker: higher Sword Token" - for the runner-up as well."""
    g = table(4)
    put(g, {"kiyosu": {"red": 2, "blue": 2, "yellow": 1, "black": 1}})
    war(g, {"red": 1, "blue": 2, "yellow": 4, "black": 3})
    assert claims(g, "blue") == [("kiyosu", 8, LARGE)]
    # the runner-up is red (2) ahead of yellow and black (1, whatever their swords)
    assert claims(g, "red") == [("kiyosu", 4, SMALL)]
    (res,) = [e for e in events(g, ev.AreaResolved) if e.area == "kiyosu"]
    assert res.by_sword and (res.winner, res.runner_up) == ("blue", "red")


def test_runner_up_by_sword():
    g = table(4)
    put(g, {"kiyosu": {"red": 3, "blue": 1, "yellow": 1}})
    war(g, {"red": 1, "blue": 2, "yellow": 4, "black": 3})
    assert claims(g, "yellow") == [("kiyosu", 4, SMALL)]
    assert claims(g, "blue") == []


def test_two_players_no_small_token():
    """[3.4] "In 2-player game: ... remove all Small Castle Tokens"."""
    g = table(2)
    put(g, {"tokuyama": {"red": 1, "blue": 3}})
    war(g, {"red": 1, "blue": 2})
    assert claims(g, "blue") == [("tokuyama", 12, LARGE)]
    assert claims(g, "red") == []


def test_lone_occupant_no_small_token():
    """[4.II.2] "If only one player occupies the Area: they win Large Token; no
    Small Token awarded"."""
    g = table()
    put(g, {"tokuyama": {"yellow": 1}})
    war(g, {"red": 3, "blue": 2, "yellow": 1})
    assert claims(g, "yellow") == [("tokuyama", 12, LARGE)]
    assert g.state.small_left == [1, 1, 2, 2, 3, 3, 4, 4, 5, 5, 6]


def test_empty_area_token_removed():
    """[4.II.2] "If no units in Area: remove Large Castle Token (no one claims it)"."""
    g = table()
    put(g, {"kyo": {"red": 1}})
    war(g, {"red": 3, "blue": 2, "yellow": 1})
    removed = [(e.area, e.value) for e in events(g, ev.CastleTokenRemoved)]
    assert removed == [(a, VALUES[a]) for a in AREAS if a != "kyo"]
    assert not any(g.state.token.values())
    assert claims(g, "red") == [("kyo", 6, LARGE)]
    assert sum(len(v) for v in g.state.won.values()) == 1


# ---- [4.II.3] reinforcements

def test_reinforcements_two_per_eligible_area():
    """[4.II.3] "Winner places Reinforcement Cubes in adjacent Areas that still
    have a Large Castle Token present [and] contain at least one of their
    Soldier Cubes": 2 each in a 3- or 4-player game."""
    g = table()
    st = g.state
    # Kiyosu (8) won by red; neighbours Kyō 6 (resolved), Kasugayama 7 (resolved),
    # Tsutsujigasaki 9 (red there), Odawara 11 (no red)
    put(g, {"kyo": {"red": 1}, "kasugayama": {"blue": 1}, "kiyosu": {"red": 3},
            "tsutsujigasaki": {"red": 1, "blue": 5}, "odawara": {"blue": 2}})
    war(g, {"red": 3, "blue": 2, "yellow": 1})
    assert ("red", "kiyosu", "tsutsujigasaki", 2, 0) in sent(g)
    assert [s for s in sent(g) if s[1] == "kiyosu"] == [("red", "kiyosu", "tsutsujigasaki", 2, 0)]
    # Kyō (6) won by red: Kiyosu (red there) gets 2; Kasugayama (no red) none;
    # Okō and Yoshida were resolved before it (tokens gone)
    assert [s for s in sent(g) if s[1] == "kyo"] == [("red", "kyo", "kiyosu", 2, 0)]
    # Kasugayama (7) won by blue alone: 2 of blue's to Tsutsujigasaki too
    assert [s for s in sent(g) if s[1] == "kasugayama"] == [
        ("blue", "kasugayama", "tsutsujigasaki", 2, 0)]
    assert st.white["tsutsujigasaki"] == {"red": 2, "blue": 2}


def test_reinforcements_one_per_area_with_two_players():
    g = table(2)
    put(g, {"kyo": {"red": 1}, "kiyosu": {"red": 1, "blue": 1}, "oko": {"blue": 1}})
    war(g, {"red": 1, "blue": 2})
    assert [s for s in sent(g) if s[1] == "kyo"] == [("red", "kyo", "kiyosu", 1, 0)]
    # Kiyosu: red 1 + 1 beats blue 1
    assert ("kiyosu", 8, LARGE) in claims(g, "red")


def test_reinforcements_across_the_sea():
    """[7] "Does 'adjacent' include sea-connected Areas? Yes"."""
    g = table()
    put(g, {"yonezawa": {"red": 1}, "tokuyama": {"red": 1, "blue": 2}})
    war(g, {"red": 3, "blue": 2, "yellow": 1})
    assert sent(g) == [("red", "yonezawa", "tokuyama", 2, 0)]
    assert ("tokuyama", 12, LARGE) in claims(g, "red")


def test_no_reinforcements_into_the_area_just_won_or_resolved():
    g = table()
    put(g, {"usuki": {"red": 2}, "oko": {"red": 1}, "shuri": {"red": 1},
            "yoshida": {"red": 1}})
    war(g, {"red": 3, "blue": 2, "yellow": 1})
    for seat, frm, to, n, reused in sent(g):
        assert to != frm and VALUES[to] > VALUES[frm]
    assert sent(g) == [("red", "usuki", "oko", 2, 0), ("red", "usuki", "shuri", 2, 0),
                       ("red", "usuki", "yoshida", 2, 0), ("red", "oko", "yoshida", 2, 0)]


def test_reinforcement_targets_need_the_token():
    g = table()
    st = g.state
    put(g, {"kyo": {"red": 1}, "kiyosu": {"red": 1}, "oko": {"red": 1}})
    st.token["kiyosu"] = False
    assert reinforcement_targets(g.table, st, "kyo", "red") == ["oko"]


def test_reinforcement_cascade():
    """[4.II.3] [7] Reinforcements count in the later areas: a low area won
    sends reinforcements that turn a higher one, which sends more on."""
    g = table()
    st = g.state
    put(g, {"kyo": {"red": 1},                               # 6: red alone
            "kasugayama": {"red": 1, "blue": 2},             # 7: 1 + 2 beats 2
            "kiyosu": {"red": 1, "blue": 4},                 # 8: 1 + 2 + 2 beats 4
            "tsutsujigasaki": {"red": 1, "yellow": 4},       # 9: 1 + 2 + 2 beats 4
            "odawara": {"red": 1, "blue": 6}})               # 11: 1 + 2 + 2 loses to 6
    war(g, {"red": 1, "blue": 2, "yellow": 3})
    assert sent(g) == [
        ("red", "kyo", "kasugayama", 2, 0), ("red", "kyo", "kiyosu", 2, 0),
        ("red", "kasugayama", "kiyosu", 2, 0), ("red", "kasugayama", "tsutsujigasaki", 2, 0),
        ("red", "kiyosu", "tsutsujigasaki", 2, 0), ("red", "kiyosu", "odawara", 2, 0),
        ("red", "tsutsujigasaki", "odawara", 2, 0)]
    strengths = {e.area: e.strengths for e in events(g, ev.AreaResolved)}
    assert strengths["kasugayama"] == {"red": 3, "blue": 2}
    assert strengths["kiyosu"] == {"red": 5, "blue": 4}
    assert strengths["tsutsujigasaki"] == {"red": 5, "yellow": 4}
    assert strengths["odawara"] == {"red": 5, "blue": 6}
    assert claims(g, "red") == [("kyo", 6, LARGE), ("kasugayama", 7, LARGE),
                                ("kiyosu", 8, LARGE), ("tsutsujigasaki", 9, LARGE),
                                ("odawara", 5, SMALL)]
    assert claims(g, "blue") == [("kasugayama", 3, SMALL), ("kiyosu", 4, SMALL),
                                 ("odawara", 11, LARGE)]
    assert claims(g, "yellow") == [("tsutsujigasaki", 4, SMALL)]
    assert st.white_supply == 30 - 14
    assert {p: st.score(p) for p in g.players} == {"red": 35, "blue": 18, "yellow": 4}
    assert st.winner == "red"


def test_finite_supply_reused_from_resolved_areas():
    """[4.II.3] "If supply runs out, reuse Reinforcements from already-resolved
    Areas" (the supply is the box's ~30 cubes [2]; here 2 are left)."""
    g = table()
    st = g.state
    put(g, {"kyo": {"red": 1}, "kasugayama": {"red": 1, "blue": 2},
            "kiyosu": {"red": 1, "blue": 4}})
    st.white_supply = 2
    war(g, {"red": 1, "blue": 2, "yellow": 3})
    # Kyō: 2 to Kasugayama empty the supply; none left for Kiyosu, none to reuse
    # yet. Kasugayama won by red: its 2 reinforcements go on to Kiyosu
    assert sent(g) == [("red", "kyo", "kasugayama", 2, 0),
                       ("red", "kasugayama", "kiyosu", 2, 2)]
    assert st.white_supply == 0
    assert st.white["kasugayama"] == {} and st.white["kiyosu"] == {"red": 2}
    strengths = {e.area: e.strengths for e in events(g, ev.AreaResolved)}
    assert strengths["kiyosu"] == {"red": 3, "blue": 4}
    assert ("kiyosu", 8, LARGE) in claims(g, "blue")


def test_supply_partly_fresh_partly_reused():
    g = table()
    st = g.state
    put(g, {"usuki": {"blue": 1}, "oko": {"red": 1}, "yoshida": {"red": 1},
            "kyo": {"red": 1}})
    st.white_supply = 3
    war(g, {"red": 1, "blue": 2, "yellow": 3})
    # Usuki (blue): nothing of blue's beside it. Okō (red): 2 to Yoshida, then the
    # last 1 to Kyō (the supply empty, no resolved area holds a cube yet). Yoshida
    # (red, 1 + 2): 2 to Kyō, taken back from Yoshida itself, now resolved.
    assert sent(g)[:2] == [("red", "oko", "yoshida", 2, 0), ("red", "oko", "kyo", 1, 0)]
    assert sent(g)[2] == ("red", "yoshida", "kyo", 2, 2)
    total = st.white_supply + sum(sum(v.values()) for v in st.white.values())
    assert total == 3


def test_daimyo_makes_an_area_eligible_for_reinforcements():
    """The engine's reading: the daimyo is "otherwise treated as a Soldier" in the
    war [5.D], so an area holding only the winner's daimyo receives reinforcements
    (the rules say "at least one of their Soldier Cubes" [4.II.3])."""
    g = table(variants=("daimyo",))
    put(g, {"kyo": {"red": 1}, "kiyosu": {"blue": 3}}, daimyo={"red": "kiyosu"})
    war(g, {"red": 1, "blue": 2, "yellow": 3})
    assert ("red", "kyo", "kiyosu", 2, 0) in sent(g)
    strengths = {e.area: e.strengths for e in events(g, ev.AreaResolved)}
    assert strengths["kiyosu"] == {"red": 4, "blue": 3}  # daimyo 2 + 2 reinforcements


def test_ranking_lists_only_those_present():
    g = table()
    put(g, {"kyo": {"red": 1, "yellow": 2}})
    g.state.sword.update(red=3, blue=2, yellow=1)
    ranked, strengths = ranking(g.table, g.state, "kyo")
    assert ranked == ["yellow", "red"] and strengths == {"yellow": 2, "red": 1}


# ---- [6] scoring

def test_scores_large_plus_small():
    """[6] "players sum: Values of all Large Castle Tokens captured, Values of
    all Small Castle Tokens captured"."""
    g = table()
    put(g, {"tokuyama": {"red": 3, "blue": 1}, "shuri": {"blue": 2, "red": 1},
            "usuki": {"yellow": 1}})
    war(g, {"red": 3, "blue": 2, "yellow": 1})
    st = g.state
    assert {p: st.score(p) for p in g.players} == {"red": 12 + 2, "blue": 6 + 4, "yellow": 2}
    (end,) = events(g, ev.CastlesEnded)
    assert end.scores == {"red": 14, "blue": 10, "yellow": 2}
    assert end.winner == "red" and st.winner == "red" and st.level == "most castle points"
    assert end.rule == "6"


def test_score_tie_broken_by_the_higher_sword():
    """[6] "Tiebreaker: Player with highest Sword Token wins"."""
    g = table(2)
    put(g, {"usuki": {"red": 1}, "oko": {"red": 1}, "yoshida": {"blue": 1}})
    war(g, {"red": 1, "blue": 2})
    st = g.state
    assert st.score("red") == st.score("blue") == 5
    assert st.winner == "blue"
    assert "sword" in st.level


def test_score_tie_other_way():
    g = table(2)
    put(g, {"usuki": {"red": 1}, "oko": {"red": 1}, "yoshida": {"blue": 1}})
    war(g, {"red": 2, "blue": 1})
    assert g.state.winner == "red"
