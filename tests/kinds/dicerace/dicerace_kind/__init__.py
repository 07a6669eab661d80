"""Dice race: a minimal kind of game that lives in one folder, to prove that
a kind needs no edit of the engine. `KIND` is what the registry hands out;
the GUI's view is `dicerace_kind.view.DiceRaceView` (Qt only there)."""

from dicerace_kind.kind import KIND

__all__ = ["KIND"]
