"""How a rule asks a player: a Decision for the seat that plays the clan,
skipped when there is only one legal answer."""

from __future__ import annotations

from collections.abc import Iterable

from tenkatoitsu.core import decisions
from tenkatoitsu.core.decisions import Option

#: the choices made behind the screen: a screen shared by several humans is
#: handed over before each of them (the covert ninja [§9.1], a pact's fist
#: [§10.1.4-b], Koku stored [§10.3.1])
SEALED = frozenset({"ninja", "fist", "allocate", "allocate-count"})


def ask_seat(g, seat: str, kind: str, prompt: str, options: Iterable[Option], rule: str,
             context: dict | None = None):
    """Yield the Decision and return the answer (a generator: `yield from`)."""
    ctx = {"sealed": True} if kind in SEALED else {}
    ctx.update(context or {})
    return (yield from decisions.ask(seat, kind, prompt, options, rule, ctx))


def ask(g, clan: str, kind: str, prompt: str, options: Iterable[Option], rule: str,
        context: dict | None = None):
    """Ask the seat that plays `clan`; the prompt starts with the clan's name."""
    ctx = {"clan": clan}
    if context:
        ctx.update(context)
    return (yield from ask_seat(g, g.state.seat_of[clan], kind,
                                f"{g.names.get(clan, clan)}: {prompt}", options, rule, ctx))
