"""One playout: in a copy of the game at the decision, the hidden parts
drawn anew (world.redraw), the candidate answer given, then both sides
played by the normal heuristic to the horizon: the start of the turn
`turns` turns on, or the end of the game. It is scored as the game would
end there: the end-of-game VP counted [17.1], the scenario's levels read
[17.2], 1 for a win, 0.5 for a draw, 0 for a loss, plus MARGIN a VP of
lead, so that among equal results the wider lead counts."""

from __future__ import annotations

import random

from tenkatoitsu.kinds.battle.heuristic import BotContext, HeuristicBot
from tenkatoitsu.kinds.battle.play import final_count
from tenkatoitsu.kinds.battle.search.world import redraw

MARGIN = 0.02  # a VP of lead, in wins
ROLLOUT_LEVEL = "normal"
MAX_DECISIONS = 20_000  # a playout that runs away is a fault, not a result


def playout(game, side: str, answer, seed: int, turns: int) -> float:
    """The score for `side` of one playout of `answer` (the copy is used up)."""
    rng = random.Random(seed)
    game.listeners.clear()  # nobody watches a playout
    redraw(game, side, rng)
    bots = {}
    for s in game.side_ids:
        bots[s] = HeuristicBot(rng.getrandbits(32), s, ROLLOUT_LEVEL)
        bots[s].attach(BotContext(game, s))
    stop = game.state.turn + turns
    flow = game.flow
    try:
        decision = flow.send(answer)
        for _ in range(MAX_DECISIONS):
            if game.state.turn >= stop:
                break
            seat = decision.side if decision.side is not None else game.side_ids[0]
            decision = flow.send(bots[seat].choose(decision))
        else:
            raise RuntimeError(f"a playout ran past {MAX_DECISIONS} decisions")
    except StopIteration:
        pass
    return score(game, side)


def score(game, side: str) -> float:
    """The result for `side` if the game ended now, and a little of its lead."""
    st = game.state
    if not st.over:
        final_count(game)
    won = 1.0 if st.winner == side else 0.5 if st.winner is None else 0.0
    return won + MARGIN * (st.vp[side] - st.vp[game.enemy(side)])
