"""The heuristic opponent: one module per concern, each importing only
those listed above it.

- context.py     what a bot may see (PlayerView + public queries, hidden orders masked)
- strategy.py    levels, unit worth, VP held, attack-or-hold
- safety.py      how safe a hex is for a unit (withdrawals, retreats, exits)
- siege_eval.py  how a siege stands, which fortress to storm or relieve [15]
- objectives.py  the hexes and fortresses a side fights for [17]
- orders.py      order changes [8.1], the initiative phase [7.2.4], a clan's urgency
- plans.py       battle plans: the sheet, activation, tactics, Katta! Katta!, markers [10] [11.8]
- command.py     CP and chits [9.3], delays [8.6], march and rally phases [7.2]
- movement.py    march, charge, deployment, withdrawal, retreat, pursuit [6]
- combat.py      attack plans and exact odds, Leadership, losses, rout, advance [11]
- siege.py       the siege map's decisions, leaving a siege, its end [15]
- scenario.py    the scenario modules' decisions (Yamazaki [19], Sekigahara [21])
- bot.py         HeuristicBot and its table of handlers (kind -> function)
"""

from tenkatoitsu.kinds.battle.heuristic.bot import HANDLERS, HeuristicBot, fallback
from tenkatoitsu.kinds.battle.heuristic.context import BotContext
from tenkatoitsu.kinds.battle.heuristic.strategy import LEVELS

__all__ = ["HANDLERS", "HeuristicBot", "fallback", "BotContext", "LEVELS"]
