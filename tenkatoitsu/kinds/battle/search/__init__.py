"""The searching opponent (`hard`): the normal heuristic's answer, checked
against the other answers by Monte Carlo playouts at the decisions that
shape a battle.

- world.py     what the searching side cannot see, drawn anew in a copy [5.3] [10.1]
- playout.py   one playout from a copy of the game, and how it is scored [17]
- branch.py    copies of the game at the decision: a forked process, or a replay
- bot.py       SearchBot: the candidates, the playouts' rounds, its settings
"""

from tenkatoitsu.kinds.battle.search.bot import SEARCHED, SearchBot

__all__ = ["SEARCHED", "SearchBot"]
