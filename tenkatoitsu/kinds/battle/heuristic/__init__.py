"""The heuristic opponent (issue #8): one module per concern.

- context.py   what a bot may see (PlayerView + public queries, hidden orders masked)
- strategy.py  levels, unit worth, objectives, attack-or-hold
- orders.py    order changes [8.1] and the initiative phase [7.2.4]
- command.py   CP and chits [9.3], delays [8.6], march and rally phases [7.2]
- movement.py  march, charge, deployment, withdrawal, retreat, pursuit [6]
- combat.py    attack plans and exact odds, Leadership, losses, rout, advance [11]
- plans.py     battle plans: the sheet, activation, tactics, Katta! Katta!, markers [10] [11.8]
- bot.py       HeuristicBot and its table of handlers (kind -> function)
"""

from tenkatoitsu.kinds.battle.heuristic.bot import HANDLERS, HeuristicBot, fallback
from tenkatoitsu.kinds.battle.heuristic.context import BotContext
from tenkatoitsu.kinds.battle.heuristic.strategy import LEVELS

__all__ = ["HANDLERS", "HeuristicBot", "fallback", "BotContext", "LEVELS"]
