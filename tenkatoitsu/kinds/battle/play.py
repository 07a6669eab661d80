"""A whole game as one rule generator: turn after turn, the command sequence
then the activation sequence [3.2], until the last turn or a victory.

The game keeps the generator it is played by (`game.flow`) and every answer
given to it (`game.answers`): a search plays on from the position in a copy
of the process, or rebuilds the position by replaying the answers."""

from __future__ import annotations

from tenkatoitsu.kinds.battle import events as ev
from tenkatoitsu.kinds.battle import hooks
from tenkatoitsu.kinds.battle.rules import battle_plan, samurai
from tenkatoitsu.kinds.battle.rules.activation import GameOver, activation_sequence
from tenkatoitsu.kinds.battle.rules.command import command_sequence, obligatory_chits
from tenkatoitsu.kinds.battle.rules.victory import automatic_winner, end_of_game_vp, final_result


def check_automatic(game) -> None:
    for rule in game.rules:
        rule.after_phase(game)
    winner = automatic_winner(game) or hooks.first(game, "automatic_winner")
    if winner is not None:
        game.state.winner = winner
        game.state.level = "automatic victory"
        raise GameOver(winner)


def end_of_turn(game) -> None:
    """Obligatory chits go back to the game aid; clan chits still in the Bowl
    wait there for the next Delay phase [9.1]; samurai out of contact leave [16.3]."""
    samurai.end_of_turn(game)
    for chit in list(game.state.played):
        game.move_chit(chit, "played", None, "3.2")


def final_count(game) -> None:
    """The end of the game: end-of-game VP [17.1], the scenario rules' last
    word, then the result its levels give [17.2]."""
    end_of_game_vp(game)
    for rule in game.rules:
        rule.end_of_game(game)
    game.state.winner, game.state.level = hooks.fold(game, "final_result", final_result(game))


def play(game):
    """The game's rules, answered through `game.flow`; answers land in `game.answers`."""
    game.answers = []
    game.flow = _answered(game, _sequence(game))
    return game.flow


def _answered(game, rules):
    """The rules' decisions passed on, each answer kept on the game."""
    try:
        decision = next(rules)
        while True:
            answer = yield decision
            game.answers.append(answer)
            decision = rules.send(answer)
    except StopIteration as end:
        return end.value


def _sequence(game):
    st = game.state
    last = game.scenario.turns.last
    try:
        yield from battle_plan.setup(game)  # [10.1] secret choice, initial orders, [11.8]
        yield from hooks.each(game, "setup")
        while True:
            game.emit(ev.TurnStarted(rule="3.2", turn=st.turn, night=game.is_night(),
                                     fatigue=game.is_fatigue()))
            yield from hooks.each(game, "start_of_turn")
            yield from command_sequence(game)
            placed = obligatory_chits(game)
            yield from activation_sequence(game, placed, check_automatic)
            end_of_turn(game)
            yield from hooks.each(game, "end_of_turn")
            check_automatic(game)
            if st.turn >= last:
                break
            st.turn += 1
        final_count(game)
    except GameOver:
        pass
    st.over = True
    game.emit(ev.GameEnded(rule="17", winner=st.winner, level=st.level,
                           vp=tuple((s, st.vp[s]) for s in game.side_ids)))
    return st.winner
