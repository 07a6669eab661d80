"""Decisions: what a rule asks a player, with the legal answers.

A rule procedure yields a Decision; the driver resumes it with an answer that
must be one of `options` (compared by value). Bots choose among the options,
the GUI highlights them, tests count them. Answers are JSON values (strings,
numbers, booleans, None, lists of those) so that a saved game is readable."""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

import attrs


class IllegalAnswer(ValueError):
    """An answer that is not among the legal options; carries the reason."""


@attrs.frozen
class Option:
    value: Any  # JSON value sent back to the rule
    label: str  # what a player reads
    detail: str | None = None


def yes_no(yes: str, no: str) -> tuple[Option, Option]:
    """The two options of a yes-or-no question: True labelled `yes`, then False."""
    return (Option(True, yes), Option(False, no))


@attrs.frozen
class Decision:
    """A question for `side` (None: either player may answer, e.g. a roll-off)."""

    side: str | None
    kind: str  # machine name: choose-clan, choose-order, move-unit, ...
    prompt: str
    options: tuple[Option, ...]
    rule: str
    context: dict = attrs.field(factory=dict, eq=False, hash=False)

    def values(self) -> list:
        return [o.value for o in self.options]

    def check(self, answer) -> Any:
        for o in self.options:
            if o.value == answer:
                return o.value
        legal = ", ".join(repr(o.value) for o in self.options[:12])
        more = " ..." if len(self.options) > 12 else ""
        raise IllegalAnswer(f"{answer!r} is not a legal answer to '{self.prompt}' "
                            f"[{self.rule}]; legal: {legal}{more}")


def ask(side: str | None, kind: str, prompt: str, options: Iterable[Option], rule: str,
        context: dict | None = None):
    """Yield the Decision and return the answer (a generator: `yield from`).
    A question with one legal answer is not asked; one with none is a fault
    of the rules that asked it."""
    options = tuple(options)
    if not options:
        raise RuntimeError(f"no legal answer to '{prompt}' [{rule}]")
    if len(options) == 1:
        return options[0].value
    answer = yield Decision(side, kind, prompt, options, rule, dict(context or {}))
    return answer
