"""How a rule asks a house: a Decision for the seat that plays it, skipped
when there is only one legal answer."""

from __future__ import annotations

from collections.abc import Iterable

from tenkatoitsu.core import decisions
from tenkatoitsu.core.decisions import Option

#: the choices made in secret [SC-5.2] [SC-6.2] [SC-10.3] [SC-11.2]: a
#: screen shared by several humans is handed over before each of them
SEALED = frozenset({"plan", "spy", "build", "levy", "ronin", "ninja"})


def ask(g, house: str, kind: str, prompt: str, options: Iterable[Option], rule: str,
        context: dict | None = None):
    """Yield the Decision and return the answer (a generator: `yield from`)."""
    ctx = {"house": house, "sealed": True} if kind in SEALED else {"house": house}
    ctx.update(context or {})
    return (yield from decisions.ask(g.table.seat_of[house], kind,
                                     f"{g.names.get(house, house)}: {prompt}", options, rule,
                                     ctx))
