"""What every area kind's game keeps the same way: the events in the order
they happen, their running digest (a replay's check), the listeners that
watch them (the window, sim) and the one seeded dice source, whose every
roll is an event too."""

from __future__ import annotations

from collections.abc import Callable

from tenkatoitsu.core.dice import Dice
from tenkatoitsu.core.events import Event, EventDigest


class GameRecord:
    def __init__(self, seed: int):
        self.seed = seed
        self.events: list[Event] = []
        self.digest = EventDigest()
        self.listeners: list[Callable[[Event], None]] = []
        self.dice = Dice(seed, self.emit)

    def emit(self, event: Event) -> None:
        self.events.append(event)
        self.digest.add(event)
        for listener in self.listeners:
            listener(event)
