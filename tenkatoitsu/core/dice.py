"""The one seeded dice source of a game. Every roll is recorded as an event, so
a game is scenario + seed + decisions and a replay reproduces every die."""

from __future__ import annotations

import random
from typing import Callable

from tenkatoitsu.core.events import DieRolled, Event


class Dice:
    def __init__(self, seed: int, emit: Callable[[Event], None]):
        self.seed = seed
        self._rng = random.Random(seed)
        self._emit = emit

    def reseed(self, seed) -> None:
        """Roll from a new stream: a search's copy of a game rolls dice of its
        own, never the dice the game will roll."""
        self._rng = random.Random(seed)

    def roll(self, n: int, purpose: str, rule: str, *, colour: str | None = None,
             side: str | None = None, faces: int = 6) -> tuple[int, ...]:
        """`n` dice of `faces` faces (a d12 game passes 12)."""
        got = tuple(self._rng.randint(1, faces) for _ in range(n))
        self._emit(DieRolled(rule=rule, purpose=purpose, dice=got, colour=colour, side=side))
        return got

    def d6(self, purpose: str, rule: str, **kw) -> int:
        return self.roll(1, purpose, rule, **kw)[0]

    def two_d6(self, purpose: str, rule: str, **kw) -> int:
        return sum(self.roll(2, purpose, rule, **kw))

    def shuffle_pick(self, items: list, purpose: str, rule: str):
        """Draw one item at random (a chit from the Bowl); the draw is recorded by
        the caller's own event, the choice comes from the same seeded stream."""
        if not items:
            raise IndexError("draw from an empty container")
        return items[self._rng.randrange(len(items))]

    def shuffled(self, items) -> list:
        """The items in a random order from the game's one stream (a shuffled
        deck, tokens dealt face down); the caller's event records the result."""
        out = list(items)
        self._rng.shuffle(out)
        return out
