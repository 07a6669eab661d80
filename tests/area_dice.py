"""Dice for the rule tests of the area kinds (shogun, clans): they roll
the faces a test gives, in order, and record them as a game's dice do."""

from __future__ import annotations

from tenkatoitsu.core.events import DieRolled


class ScriptedDice:
    """Dice that roll the faces a test gives, in order, and record them as
    the game's dice do. When those run out, `then(n, purpose, side)` gives
    the faces, or else the game's own dice roll on. `orders` are the results
    of the next shuffles (a permutation of what is shuffled)."""

    def __init__(self, game, rolls, then=None, orders=()):
        self.base = getattr(game.dice, "base", game.dice)
        self.rolls = [tuple(r) for r in rolls]
        self.then = then
        self.orders = [list(o) for o in orders]
        self.emit = game.emit
        self.seed = self.base.seed

    def roll(self, n, purpose, rule, *, colour=None, side=None, faces=6):
        if self.rolls:
            got = self.rolls.pop(0)
        elif self.then is not None:
            got = tuple(self.then(n, purpose, side))
        else:
            return self.base.roll(n, purpose, rule, colour=colour, side=side, faces=faces)
        assert len(got) == n, f"{purpose}: {n} dice, the script gave {got}"
        assert all(1 <= f <= faces for f in got)
        self.emit(DieRolled(rule=rule, purpose=purpose, dice=got, colour=colour, side=side))
        return got

    def shuffled(self, items) -> list:
        items = list(items)
        if not self.orders:
            return self.base.shuffled(items)
        out = self.orders.pop(0)
        assert sorted(map(repr, out)) == sorted(map(repr, items)), (out, items)
        return out

    def shuffle_pick(self, items, purpose, rule):
        return self.base.shuffle_pick(items, purpose, rule)

    @property
    def used_up(self) -> bool:
        return not self.rolls and not self.orders


def script_dice(game, *rolls, then=None, orders=()) -> ScriptedDice:
    game.dice = ScriptedDice(game, rolls, then, orders)
    return game.dice
