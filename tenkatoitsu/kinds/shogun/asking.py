"""How a rule asks a house: a Decision for the seat that plays it, skipped
when there is only one legal answer."""

from __future__ import annotations

from collections.abc import Iterable

from tenkatoitsu.core.decisions import Decision, Option

#: the choices made in secret [SC-5.2] [SC-6.2] [SC-10.3] [SC-11.2]: a
#: screen shared by several humans is handed over before each of them
SEALED = frozenset({"plan", "spy", "build", "levy", "ronin", "ninja"})


def ask(g, house: str, kind: str, prompt: str, options: Iterable[Option], rule: str,
        context: dict | None = None):
    """Yield the Decision and return the answer (a generator: `yield from`)."""
    options = tuple(options)
    if not options:
        raise RuntimeError(f"no legal answer to '{prompt}' [{rule}]")
    if len(options) == 1:
        return options[0].value
    ctx = {"house": house, "sealed": True} if kind in SEALED else {"house": house}
    if context:
        ctx.update(context)
    answer = yield Decision(g.table.seat_of[house], kind,
                            f"{g.names.get(house, house)}: {prompt}", options, rule, ctx)
    return answer
