"""[7] FAQ or Edge Cases: one test per question, quoted."""

from __future__ import annotations

from tenkatoitsu.core.events import DieRolled
from tenkatoitsu.kinds.castles import events as ev
from tenkatoitsu.kinds.castles.daimyo import DAIMYO_CARDS
from tenkatoitsu.kinds.castles.game import actions
from tenkatoitsu.kinds.castles.tactics import TACTICS as EFFECTS
from tenkatoitsu.kinds.castles.targeting import possible
from tenkatoitsu.kinds.castles.war import reinforcement_targets
from tests.castles.helpers import (
    TACTICS,
    card,
    put,
    script_dice,
    start,
    table,
)


def war(g, swords):
    st = g.state
    for p in g.players:
        st.stock[p] = 0
        st.daimyo_in_stock[p] = False
    st.sword.update(swords)
    st.swords_left = []
    assert start(g).finished
    return g


def sent(g):
    return [(e.seat, e.frm, e.to, e.n) for e in g.events
            if isinstance(e, ev.ReinforcementsSent)]


def strengths(g):
    return {e.area: e.strengths for e in g.events if isinstance(e, ev.AreaResolved)}


def test_faq_tactic_card_after_rolling_dice():
    """[7] "Can I use a Tactic Card after rolling dice?" No. Must choose action
    before rolling."""
    g = table(variants=("daimyo",))
    put(g, {"kyo": {"red": 2, "blue": 2}})
    script_dice(g, (1, 2, 5))
    d = start(g)
    assert d.pending.kind == "choose-action"
    assert "tactic:scout" in d.pending.values()
    assert not [e for e in g.events if isinstance(e, DieRolled)]
    d.answer("deploy")
    asked = []
    while d.pending is not None and d.pending.side == "red":
        asked.append(d.pending)
        d.answer(d.pending.values()[0])
    assert [q.kind for q in asked] == ["reroll", "split", "deploy-daimyo"]
    for q in asked:
        assert not any(str(v).startswith(("tactic:", "daimyo:")) for v in q.values())
    assert g.state.display == list(TACTICS)  # no card was played in the turn


def test_faq_partially_use_a_tactic_card():
    """[7] "Can I partially use a Tactic Card?" No. Must be able to fully
    execute the action (e.g., must have 2 Soldiers to use Over the Mountain)."""
    g = table()
    put(g, {"kyo": {"red": 1, "blue": 1}, "kiyosu": {"red": 1}})
    legal = actions(g.table, g.state, "red")
    for partial in ("over-the-mountain", "marine", "sub-squad", "decoy"):
        assert f"tactic:{partial}" not in legal
    put(g, {"kyo": {"red": 1}})  # now 2 in Kyō
    assert "tactic:over-the-mountain" in actions(g.table, g.state, "red")
    # Retreat: 2 soldiers (the errata), with 1 on the map it cannot be played
    g = table()
    put(g, {"kyo": {"red": 1}})
    assert "tactic:retreat" not in actions(g.table, g.state, "red")
    # and once chosen, the card is carried out in full: 2 move, never 1
    g = table()
    put(g, {"kyo": {"red": 2}})
    d = card(g, "red", "tactic:over-the-mountain")
    d.answer("kiyosu")
    assert d.finished and g.state.soldiers["kiyosu"] == {"red": 2}


def test_faq_when_does_deployment_end():
    """[7] "When does the Deployment Phase end?" When all players have placed
    all their Soldier Cubes."""
    g = table(2)
    st = g.state
    st.display = []
    st.stock.update(red=1, blue=3)
    script_dice(g, (1, 1, 1), (1, 1, 1), (1, 1, 1), (1, 1, 1))
    d = start(g)
    d.answer("keep")  # red places its last cube: the phase goes on for blue
    assert st.phase == "deployment" and st.finished("red")
    d.answer("keep")
    d.answer("keep")
    assert st.phase == "deployment" and d.pending.side == "blue"
    d.answer("keep")  # blue's last
    assert d.finished
    names = [type(e).__name__ for e in g.events]
    assert names.count("DeploymentTurn") == 4
    last_turn = len(names) - 1 - names[::-1].index("DeploymentTurn")
    assert names[last_turn:names.index("WarBegan") + 1] == [
        "DeploymentTurn", "ActionChosen", "DieRolled", "DiceSplit", "PiecesDeployed", "SwordTaken",
        "DeploymentEnded", "WarBegan"]


def test_faq_tactic_cards_after_someone_finishes():
    """[7] "Can I use Tactic Cards after someone finishes?" No. Once any player
    places their last cube, Tactic Cards are locked."""
    g = table()
    put(g, {"kyo": {"red": 2, "blue": 2, "yellow": 2}})
    assert len(actions(g.table, g.state, "blue")) > 1
    g.state.stock["yellow"] = 1
    d = card(g, "yellow", "tactic:support")  # yellow's last cube, placed by a card
    assert d.finished
    assert g.state.locked
    for p in g.players:
        assert actions(g.table, g.state, p) == ["deploy"]


def test_faq_reinforcements_count_in_later_areas():
    """[7] "Do Reinforcements count toward strength in later Areas?" Yes.
    Reinforcements placed during resolution of lower-value Areas count in
    higher-value Areas."""
    g = table()
    put(g, {"kyo": {"red": 1}, "kiyosu": {"red": 2, "blue": 3}})
    war(g, {"red": 1, "blue": 2, "yellow": 3})
    assert ("red", "kyo", "kiyosu", 2) in sent(g)
    assert strengths(g)["kiyosu"] == {"red": 4, "blue": 3}
    assert [c.area for c in g.state.won["red"]] == ["kyo", "kiyosu"]


def test_faq_reinforcements_area_without_token():
    """[7] "Can Reinforcements be placed in an Area without a Large Castle
    Token?" No. Only in Areas that still have their Large Castle Token."""
    g = table()
    # Kyō (6) goes to blue before Kiyosu (8), which red wins: red's soldier in
    # Kyō does not draw reinforcements, Kyō's token is gone
    put(g, {"kyo": {"red": 1, "blue": 3}, "kiyosu": {"red": 2}, "kasugayama": {"red": 1}})
    war(g, {"red": 1, "blue": 2, "yellow": 3})
    assert [s for s in sent(g) if s[1] == "kiyosu"] == []
    assert not g.state.white["kyo"]
    st = g.state
    st.token.update(kyo=False, kasugayama=True)
    assert reinforcement_targets(g.table, st, "kiyosu", "red") == ["kasugayama"]


def test_faq_returned_soldiers_redeployed():
    """[7] "Can I use my own returned Soldiers (e.g., from Retreat)?" Yes.
    Soldiers returned to Stock can be redeployed normally."""
    g = table()
    st = g.state
    put(g, {"kyo": {"red": 2}})
    st.stock["red"] = 1
    st.display = ["retreat"]
    script_dice(g, (1, 1, 1), (2, 2, 2), (6, 6, 6))
    d = start(g)
    d.answer("tactic:retreat")  # both from Kyō: stock 1 + 2
    assert st.stock["red"] == 3 and st.soldiers["kyo"] == {}
    d.answer("keep")  # blue
    d.answer("keep")  # yellow
    d.answer("keep")  # red: (6, 6, 6) -> Tokuyama, 3 soldiers: all three from stock
    assert st.soldiers["tokuyama"] == {"red": 3}
    assert st.finished("red") and st.sword["red"] == 3


def test_faq_adjacent_includes_sea():
    """[7] "Does 'adjacent' include sea-connected Areas?" Yes. Thick lines on map
    indicate adjacency, even across sea."""
    g = table()
    put(g, {"yonezawa": {"red": 1, "blue": 1}, "tokuyama": {"red": 1}})
    # Scout and Exile across the Yonezawa-Tokuyama sea link
    assert ("yonezawa", "tokuyama") in EFFECTS["scout"].plays(g.table, g.state, "red")
    assert ("yonezawa", "blue", "tokuyama") in EFFECTS["exile"].plays(g.table, g.state, "red")
    # and reinforcements
    g = table()
    put(g, {"yonezawa": {"red": 1}, "tokuyama": {"red": 1, "blue": 2}})
    war(g, {"red": 1, "blue": 2, "yellow": 3})
    assert sent(g) == [("red", "yonezawa", "tokuyama", 2)]
    assert [c.area for c in g.state.won["red"]] == ["yonezawa", "tokuyama"]


def test_faq_daimyo_targeted_by_soldier_cards():
    """[7] "Can Daimyo be targeted by cards affecting Soldiers?" No. Daimyo are not
    considered Soldiers for card effects."""
    g = table(variants=("daimyo",))
    st = g.state
    # blue's daimyo alone in Kyō beside red's soldiers; red's own daimyo alone in Okō
    put(g, {"kyo": {"red": 2}, "kiyosu": {"red": 1}}, daimyo={"blue": "kyo", "red": "oko"})
    st.daimyo_card["red"] = "takeda"
    for enemy_card in ("rebel", "exile", "prisoner", "decoy"):
        assert not possible(EFFECTS[enemy_card], g.table, st, "red"), enemy_card
    assert not possible(DAIMYO_CARDS["takeda"], g.table, st, "red")
    assert not possible(DAIMYO_CARDS["otomo"], g.table, st, "red")
    # red's own daimyo: Scout/Ninja move only the soldiers
    for play in EFFECTS["scout"].plays(g.table, st, "red"):
        assert play[0] != "oko"
    for play in EFFECTS["ninja"].plays(g.table, st, "red"):
        assert "oko" not in play


def test_faq_reinforcements_into_area_just_won():
    """[7] "Can I place Reinforcements in an Area I just won?" No. Reinforcements
    go to adjacent Areas, not the one just resolved."""
    g = table()
    put(g, {"kyo": {"red": 3}, "kiyosu": {"red": 1}})
    war(g, {"red": 1, "blue": 2, "yellow": 3})
    assert sent(g) == [("red", "kyo", "kiyosu", 2)]
    assert not g.state.white["kyo"]
    assert all(frm != to for _, frm, to, _ in sent(g))
