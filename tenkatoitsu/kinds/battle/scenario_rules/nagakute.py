"""Nagakute 1584 [20]: `rule nagakute { side "tokugawa" entry-turn 3 }`.

Ikeda's surprise (his plan inactive, every clan in Regroup) and Tokugawa's
active plan [20.4], the automatic victory, Iwasaki-jō's 5 VP and the 2-VP
margin after turn 16 [20.5] are data in scenarios/nagakute.tks. What the
language cannot say is when the off-map clans may come: Tokugawa's clans
off the map enter "from Turn 3 on" [20.3], so their chits stay off the Honjin
until then and cannot be picked [9.3]."""

from __future__ import annotations

from tenkatoitsu.kinds.battle.hooks import ScenarioRule, register
from tenkatoitsu.kinds.battle.state import clan_chit


@register
class Nagakute(ScenarioRule):
    name = "nagakute"
    params = {"side": "the side whose off-map clans wait (tokugawa) [20.3]",
              "entry-turn": "the first turn their chits may be picked (3)"}

    def __init__(self, game, use):
        super().__init__(game, use)
        self.side = self.param("side", "tokugawa")
        self.waiting: list[str] = []

    def setup(self, game):
        """[20.3] the off-map clans' chits wait beside the Honjin."""
        if game.state.turn < self.param("entry-turn", 3):
            for clan in game.clans_of(self.side):
                chit = clan_chit(clan)
                if game.state.clans[clan].off_map and chit in game.state.honjins[self.side].reserve:
                    game.move_chit(chit, f"reserve:{self.side}", "waiting", "20.3")
                    self.waiting.append(chit)
        return iter(())

    def start_of_turn(self, game):
        """[20.3] from turn 3 on they may be picked like any other chit."""
        if self.waiting and game.state.turn >= self.param("entry-turn", 3):
            for chit in self.waiting:
                game.move_chit(chit, "waiting", f"reserve:{self.side}", "20.3")
            self.waiting.clear()
        return iter(())
