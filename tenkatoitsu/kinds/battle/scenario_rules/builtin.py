"""Imports every scenario rule module so that each registers itself."""

from tenkatoitsu.kinds.battle.scenario_rules import samurai_rule  # noqa: F401
from tenkatoitsu.kinds.battle.scenario_rules import nagakute  # noqa: F401
from tenkatoitsu.kinds.battle.scenario_rules import sekigahara  # noqa: F401
from tenkatoitsu.kinds.battle.scenario_rules import yamazaki  # noqa: F401
