"""Imports every scenario rule module so that each registers itself."""

from tenkatoitsu.battle.scenario_rules import samurai_rule  # noqa: F401
from tenkatoitsu.battle.scenario_rules import sekigahara  # noqa: F401
