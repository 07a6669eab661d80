"""Cards played step by step. A card's effect enumerates its complete plays
(tuples of targets: areas, opponents, counts); the steps a player is offered
are the next targets of the plays that begin with what was already chosen.
So every option leads to a play that can be carried out in full, and a card
none of whose plays exists cannot be chosen [4.I] [7] "must be able to fully
execute". A card that does "up to" N things offers `DONE` once one is done."""

from __future__ import annotations

from itertools import islice
from typing import Callable, Iterable, Iterator

import attrs

from tenkatoitsu.core.events import Event
from tenkatoitsu.kinds.castles.state import CastlesState
from tenkatoitsu.kinds.castles.table import Table

DONE = "done"
Play = tuple
Plays = Callable[[Table, CastlesState, str], Iterable[Play]]
Apply = Callable[[Table, CastlesState, str, Play, Callable[[Event], None]], None]


@attrs.frozen
class Effect:
    id: str
    rule: str
    plays: Plays
    apply: Apply
    #: what each step asks, by its position ("from which area?")
    asks: tuple[str, ...] = ()
    up_to: bool = False  # plays of several lengths: DONE ends one early
    daimyo: bool = False  # a daimyo card [5.D]

    def ask(self, step: int) -> str:
        return self.asks[min(step, len(self.asks) - 1)] if self.asks else "target"


def possible(effect: Effect, t: Table, st: CastlesState, seat: str) -> bool:
    """At least one play can be carried out in full."""
    return next(iter(effect.plays(t, st, seat)), None) is not None


def next_steps(effect: Effect, t: Table, st: CastlesState, seat: str,
               chosen: Play) -> list:
    """The next targets after `chosen`, in the order the plays give them,
    with DONE when `chosen` is itself a whole play; [] when it is complete."""
    k = len(chosen)
    out: dict = {}
    whole = False
    for p in effect.plays(t, st, seat):
        if p[:k] != chosen:
            continue
        if len(p) == k:
            whole = True
        else:
            out.setdefault(p[k], None)
    steps = list(out)
    if steps and whole:
        steps.append(DONE)
    return steps


def sample(effect: Effect, t: Table, st: CastlesState, seat: str, rng,
           limit: int = 4000) -> Play | None:
    """A play at random among the first `limit` (the search bot's playouts)."""
    plays = list(islice(effect.plays(t, st, seat), limit))
    return rng.choice(plays) if plays else None


def sequences(first: Callable[[dict], Iterator], take: Callable[[dict, object], bool],
              up_to: int) -> Iterator[Play]:
    """Every sequence of 1..`up_to` steps, each drawn from `first(used)` and
    allowed by `take(used, step)`, where `used` counts what the steps before
    it took (the same step may repeat while `take` allows it)."""

    def grow(prefix: Play, used: dict) -> Iterator[Play]:
        if prefix:
            yield prefix
        if len(prefix) == up_to:
            return
        for step in first(used):
            if take(used, step):
                used[step] = used.get(step, 0) + 1
                yield from grow(prefix + (step,), used)
                used[step] -= 1

    return grow((), {})
