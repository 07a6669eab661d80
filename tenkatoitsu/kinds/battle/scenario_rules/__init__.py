"""The catalogue of scenario rules: importing this package registers every
module with the hooks registry (`battle/hooks.py`). Only the kind's plugin
module imports it; the rules core knows the modules through the hooks alone."""

from tenkatoitsu.kinds.battle.scenario_rules import nagakute, samurai_rule, sekigahara, yamazaki

__all__ = ["nagakute", "samurai_rule", "sekigahara", "yamazaki"]
