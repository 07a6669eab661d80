"""Running a game whose rules are generators.

`Driver` holds the rule generator. `pending` is the Decision waiting for an
answer (None when the game is over); `answer(value)` checks the value against
the legal options, records it and runs the rules to the next Decision. No
threads and no callbacks: a GUI calls `answer` when the player clicks, a bot
at once, a replay from the saved list."""

from __future__ import annotations

from typing import Callable, Generator

from tenkatoitsu.core.decisions import Decision, IllegalAnswer

RuleGen = Generator[Decision, object, object]


class Driver:
    def __init__(self, rules: RuleGen):
        self._gen = rules
        self.answers: list = []
        self.pending: Decision | None = None
        self.result: object = None
        self._advance(None, first=True)

    @property
    def finished(self) -> bool:
        return self.pending is None

    def _advance(self, value, first: bool = False) -> None:
        try:
            self.pending = next(self._gen) if first else self._gen.send(value)
        except StopIteration as stop:
            self.pending = None
            self.result = stop.value

    def answer(self, value) -> None:
        if self.pending is None:
            raise IllegalAnswer("the game is over: there is nothing to answer")
        checked = self.pending.check(value)
        self.answers.append(checked)
        self._advance(checked)

    def run(self, choose: Callable[[Decision], object], max_decisions: int = 1_000_000) -> object:
        """Answer every decision with `choose` until the game ends."""
        n = 0
        while self.pending is not None:
            self.answer(choose(self.pending))
            n += 1
            if n > max_decisions:
                raise RuntimeError(f"runaway game: more than {max_decisions} decisions")
        return self.result
