"""Memoized queries of a game.

Bots and views ask the same question of an unchanged position many times
(the ZoC of a unit, a march search, a command distance). A query decorated
with `per_position` keeps its answers on the game object itself, keyed on its
arguments and the game's `version`, a counter the game bumps whenever a unit
moves or changes side, so that an answer never outlives its position. The
cache is a plain dict in the game's ``__dict__``: it goes wherever the game
goes and is dropped with it. Answers are shared, and callers must not change
them."""

from __future__ import annotations

import functools
from typing import Callable

_MISSING = object()


def per_position(limit: int = 4096, key: Callable | None = None):
    """Memoize `query(game, *args)` on (game.version, *args), or on what `key(game,
    *args)` returns (a key without the version makes an answer for the whole
    game: a siege map's geometry). The cache is emptied when it reaches `limit`
    entries, which bounds the memory of a long game."""

    def decorate(query):
        name = f"_memo:{query.__module__}.{query.__qualname__}"

        @functools.wraps(query)
        def memoized(game, *args):
            cache = game.__dict__.get(name)
            if cache is None:
                cache = game.__dict__[name] = {}
            k = key(game, *args) if key is not None else (game.version, *args)
            hit = cache.get(k, _MISSING)
            if hit is _MISSING:
                if len(cache) >= limit:
                    cache.clear()
                hit = cache[k] = query(game, *args)
            return hit

        return memoized

    return decorate
