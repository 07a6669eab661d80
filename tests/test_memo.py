"""core.memo.per_position: an answer holds while the position holds, is
asked again when a unit moves, and only the last few positions are kept."""

from __future__ import annotations

from tenkatoitsu.core import memo


class Position:
    """A stand-in for a game: only its `version` counts."""

    def __init__(self):
        self.version = 0


def counting():
    asked = []

    @memo.per_position()
    def query(game, x):
        asked.append((game.version, x))
        return (game.version, x)
    return query, asked


def test_an_answer_holds_until_the_position_changes():
    query, asked = counting()
    g = Position()
    assert query(g, 1) == query(g, 1) == (0, 1)
    assert query(g, 2) == (0, 2)
    g.version = 1
    assert query(g, 1) == (1, 1)
    assert asked == [(0, 1), (0, 2), (1, 1)]


def test_a_recent_position_comes_back_with_its_answers_an_old_one_is_asked_again():
    query, asked = counting()
    g = Position()
    for v in range(memo.POSITIONS_KEPT):
        g.version = v
        query(g, "x")
    g.version = 0  # a bot's hypothetical positions, then back to the real one
    query(g, "x")
    assert len(asked) == memo.POSITIONS_KEPT
    for v in range(memo.POSITIONS_KEPT, 2 * memo.POSITIONS_KEPT + 1):
        g.version = v
        query(g, "x")
    g.version = 0
    query(g, "x")
    assert asked[-1] == (0, "x") and len(asked) == 2 * memo.POSITIONS_KEPT + 2


def test_by_and_key_say_what_else_an_answer_reads():
    asked = []

    @memo.per_position(by=lambda game, x: x % 2)
    def parity(game, x):
        asked.append(x)
        return x % 2

    @memo.per_position(key=lambda game, x: x)
    def whole_game(game, x):
        asked.append(("whole", x))
        return x

    g = Position()
    assert parity(g, 1) == parity(g, 3) == 1 and asked == [1]
    assert whole_game(g, 5) == 5
    g.version = 7
    assert whole_game(g, 5) == 5 and asked == [1, ("whole", 5)]  # no version in its key
