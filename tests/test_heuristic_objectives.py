"""The heuristic bot and a VP hex the victory rules pay for occupying at the
end [17.1]: Iwasaki-jō, 5 VP to the side in its hex after turn 16 [20.5.2].
The holder prices the hex into every combat of its last unit there, the
attacker sees it as an objective of the whole army's fight (not one clan's
march), and a unit that may advance after combat [11.12] takes the hex."""

import pytest
from helpers import heuristic_bot as bot_for
from helpers import place

from tenkatoitsu.core.decisions import Decision, Option
from tenkatoitsu.hexmap import Hex
from tenkatoitsu.kinds.battle.game import Game
from tenkatoitsu.kinds.battle.heuristic import combat as hcombat
from tenkatoitsu.kinds.battle.heuristic.objectives import objectives
from tenkatoitsu.kinds.battle.heuristic.strategy import hold_stake
from tenkatoitsu.kinds.battle.scenario.results import Hit

IWASAKI = Hex.from_id("3023")


def test_the_last_unit_in_a_hold_hex_carries_its_vp(nagakute):
    """a3 alone in Iwasaki-jō: if it goes, Ikeda's 5 VP go [20.5.2]; a
    second Ikeda unit in the hex would keep them."""
    g = Game(nagakute, seed=1)
    assert [u for u in g.occupants(IWASAKI)] == ["a3"]
    assert hold_stake(g, "a3") == 5
    assert hold_stake(g, "a2") == 0  # outside the hex
    place(g, "a2", "3023")
    assert hold_stake(g, "a3") == 0 and hold_stake(g, "a2") == 0


def test_a_retreat_from_the_hold_hex_costs_its_vp(nagakute):
    """[11.7] a retreat or an elimination of the castle's last unit costs
    Ikeda the hex's VP too (HOLD_LOSS of them: the winner may advance into
    it [11.12]); a step loss that leaves a3 in the hex does not, nor does
    anything once a second Ikeda unit shares the hex."""
    g = Game(nagakute, seed=1)
    alone = {h: hcombat.hit_cost(g, "a3", h) for h in
             (Hit(steps=1, retreat=True), Hit(eliminated=True), Hit(steps=1))}
    place(g, "a2", "3023")
    shared = {h: hcombat.hit_cost(g, "a3", h) for h in alone}
    stake = hcombat.HOLD_LOSS * 5
    assert alone[Hit(steps=1, retreat=True)] == pytest.approx(shared[Hit(steps=1, retreat=True)] + stake)
    assert alone[Hit(eliminated=True)] == pytest.approx(shared[Hit(eliminated=True)] + stake)
    assert alone[Hit(steps=1)] == pytest.approx(shared[Hit(steps=1)])


def test_an_enemy_held_vp_hex_is_an_objective_of_the_army_not_of_one_clan(nagakute):
    """Iwasaki-jō with Ikeda inside is worth 5 VP to Tokugawa [20.5.2]: an
    objective (so his fight and advances go for it), but one no single clan
    is sent to alone through Ikeda's army."""
    g = Game(nagakute, seed=1)
    assert objectives(g, "tokugawa").get(IWASAKI) == 5.0
    assert IWASAKI not in objectives(g, "ikeda")  # already his
    bot = bot_for(g, "tokugawa")
    assert bot.contested() == {IWASAKI: 5.0}
    assert IWASAKI not in bot._assign().values()
    place(g, "a3", None)  # the castle empties: a march can take it
    place(g, "a1", None)
    place(g, "a2", None)
    bot = bot_for(g, "tokugawa")
    assert bot.contested() == {}
    assert objectives(g, "tokugawa").get(IWASAKI) == 5.0


def test_a_unit_that_may_advance_takes_the_vp_hex(nagakute):
    """[11.12] an optional advance into Iwasaki-jō, emptied by the combat,
    is taken even by a side that is not on the offensive; the bot prefers it
    to an advance onto better ground elsewhere."""
    g = Game(nagakute, seed=1)
    for uid in ("a1", "a2", "a3"):
        place(g, uid, None)
    place(g, "D1", "3022")
    bot = bot_for(g, "tokugawa")
    g.state.vp["tokugawa"] += 10  # well ahead: no optional advance for ground alone
    assert not bot.is_offensive()
    d = Decision("tokugawa", "advance", "Advance after combat (optional)",
                 (Option(["D1", "2922"], "D1 advances into 2922"),
                  Option(["D1", "3023"], "D1 advances into 3023"),
                  Option(None, "no advance")), "11.12")
    assert hcombat.advance(bot, d) == ["D1", "3023"]
    # the same choice without a VP hex: no advance when not on the offensive
    d2 = Decision("tokugawa", "advance", "Advance after combat (optional)",
                  (Option(["D1", "2922"], "D1 advances into 2922"),
                   Option(None, "no advance")), "11.12")
    assert hcombat.advance(bot, d2) is None
