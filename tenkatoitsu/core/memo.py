"""Memoized queries of a game.

Bots and views ask the same question of an unchanged position many times
(the ZoC of a unit, a march search, a command distance). A query decorated
with `per_position` keeps its answers on the game object itself, keyed on its
arguments and the game's `version`, a counter the game bumps whenever a unit
moves or changes side, so that an answer never outlives its position. The
cache lives in the game's ``__dict__``: it goes wherever the game goes and
is dropped with it. Answers are shared, and callers must not change them.

Only the answers of the last few positions are kept: play never comes back
to an older one (a bot's hypothetical position comes back to the real one,
which is among the last), and a game that keeps the answers of every past
position keeps thousands of objects alive for the garbage collector to
walk through."""

from __future__ import annotations

import functools
from typing import Callable

_MISSING = object()

#: positions whose answers are kept: the real one and a bot's few
#: hypothetical ones around it
POSITIONS_KEPT = 4

_STORE = "_memo:positions"  # where a game keeps them


class _Positions:
    """The answers of the last few positions by version, the least recently
    asked about first, each a dict of the queries' answers; `current`: those
    of the position last asked about (`version`). Kept for all the queries at
    once: most are asked once or twice a position."""

    __slots__ = ("current", "kept", "version")

    def __init__(self):
        self.version = None
        self.current: dict = {}
        self.kept: dict = {}

    def switch(self, version) -> dict:
        """The answers of `version`, now the position asked about."""
        kept = self.kept
        current = kept.pop(version, None)
        if current is None:
            current = {}
            if len(kept) >= POSITIONS_KEPT:
                del kept[next(iter(kept))]
        kept[version] = current
        self.version, self.current = version, current
        return current


def _answers_now(game, name: str) -> dict:
    """The answers of query `name` in the game's position now."""
    try:
        positions = game.__dict__[_STORE]
    except KeyError:
        positions = game.__dict__[_STORE] = _Positions()
    current = positions.current if positions.version == game.version \
        else positions.switch(game.version)
    answers = current.get(name)
    if answers is None:
        answers = current[name] = {}
    return answers


def _whole_game(game, name: str) -> dict:
    """The answers of query `name` for the whole game (a `key` without the version)."""
    try:
        return game.__dict__[name]
    except KeyError:
        answers = game.__dict__[name] = {}
        return answers


def per_position(limit: int = 4096, key: Callable | None = None, by: Callable | None = None):
    """Memoize `query(game, *args)` per position (game.version) on its `args`,
    or on what `by(game, *args)` returns (what else of the game it reads: a
    unit's Order...), keeping at most `limit` answers of one position.

    With `key`, on what `key(game, *args)` returns instead, for all the
    game (a key without the version makes an answer for the whole game: a
    siege map's geometry); that cache is emptied when it reaches `limit`
    entries, which bounds the memory of a long game."""

    def decorate(query):
        name = f"_memo:{query.__module__}.{query.__qualname__}"

        answers_of = _answers_now if key is None else _whole_game
        keyed = by if key is None else key

        @functools.wraps(query)
        def memoized(game, *args):
            answers = answers_of(game, name)
            k = args if keyed is None else keyed(game, *args)
            hit = answers.get(k, _MISSING)
            if hit is _MISSING:
                if len(answers) >= limit:
                    answers.clear()
                hit = answers[k] = query(game, *args)
            return hit

        return memoized

    return decorate
