"""[10.4.1] a Totsugeki's bonus is in the odds a player reads before choosing:
the combat decisions name the attackers that assault with it."""

from tenkatoitsu.dsl.loader import load_scenario
from tenkatoitsu.kinds.battle import text
from tenkatoitsu.kinds.battle.queries.attacks import combats_in
from tenkatoitsu.kinds.battle.queries.odds import combat_odds
from tenkatoitsu.session import Session, make_bot


def first_totsugeki_choice(seed: int = 15):
    """Play training with normal bots to the first combat choice made under a
    Totsugeki (seed 15: B2's charge, a combat-order decision)."""
    s = Session.start(load_scenario("training"), variants=(), seed=seed, options={},
                      players=None)
    bots = {p: make_bot(s.kind, "normal", seed, p) for p in s.game.side_ids}
    d = s.driver
    while not d.finished:
        dec = d.pending
        if dec.kind in ("attack-plan", "combat-order") and dec.context.get("totsugeki") \
                and len(dec.options) > 1:
            return s.game, dec
        d.answer(bots[dec.side].choose(dec))
    raise AssertionError("no Totsugeki attack in this game")


def test_10_4_1_the_combat_choice_names_the_units_with_the_bonus_and_the_odds_count_it():
    game, dec = first_totsugeki_choice()
    bonus = dec.context["totsugeki"]
    assert bonus and all(u in game.state.moved for u in bonus)
    notes = text.combat_notes(game, dec, dec.side)
    for i, o in enumerate(dec.options):
        (atk, dfn), = [c for c in combats_in(o.value) if c[0]]
        fighting = sorted({a for opt in dec.options for c in combats_in(opt.value)
                           for a in c[0]})
        with_bonus = combat_odds(game, atk, dfn, totsugeki=bool(set(bonus) & set(atk)),
                                 fighting=fighting)
        assert f"value {with_bonus.value:+.2f}" in notes[i]
        if set(bonus) & set(atk):
            plain = combat_odds(game, atk, dfn, totsugeki=False, fighting=fighting)
            assert with_bonus.breakdown.blue == plain.breakdown.blue + 2  # [10.4.1] +2
