"""Ishida's Loyalty chits at Sekigahara [21.4.3]: a waverer off the map
(Chōsokabe, who enters once he joins a side [21.4.8]) is worth its strength."""

from __future__ import annotations

from tenkatoitsu.kinds.battle.game import Game
from tenkatoitsu.kinds.battle.heuristic import scenario as sc
from tenkatoitsu.core.decisions import Decision, Option

from helpers import heuristic_bot, place


def loyalty_chit(families):
    return Decision("ishida", "influence-chit", "ishida: a loyalty chit for the Betrayal Bowl",
                    tuple(Option(f, f"loyalty chit of clan {f}") for f in families), "21.4.3",
                    {"kind": "loyalty"})


def strength(game, clan):
    return sum(game.unit_defs[u.id].elan + game.unit_defs[u.id].mass + game.unit_defs[u.id].fire
               for u in game.state.clan_units(clan, on_map_only=False))


def test_chosokabe_off_the_map_is_worth_his_three_units(sekigahara):
    g = Game(sekigahara, seed=1)
    bot = heuristic_bot(g, "ishida")
    assert not g.state.clan_units("R")  # [21.4.8] he begins off the map
    assert sc.family_worth(bot, "R") >= strength(g, "R")
    # one unit each at Nangūsan's foot is worth less than his three
    assert sc.family_worth(bot, "R") > max(sc.family_worth(bot, f) for f in ("P", "Q"))
    assert bot.choose(loyalty_chit(["P", "Q", "R"])) == "R"


def test_chosokabe_on_the_map_is_counted_once(sekigahara):
    g = Game(sekigahara, seed=1)
    bot = heuristic_bot(g, "ishida")
    off = sc.family_worth(bot, "R")
    for uid, hex_id in zip(("R1", "R2", "R3"), ("1814", "1815", "1816")):
        place(g, uid, hex_id)
    g.version += 1  # the bot's caches key on the position
    on = sc.family_worth(bot, "R")
    assert on >= off  # nearer the fight, never less
    assert on <= 3 * strength(g, "R")  # its strength once, times the nearness factor (< 3)
