"""`rule samurai { markers N lead L }`: the optional rule [16]. Its play lives
in `rules/samurai.py` and `rules/samurai_activation.py` (called from the
activation sequence); this entry only
declares the module and its parameters."""

from tenkatoitsu.kinds.battle.hooks import ScenarioRule, register


@register
class Samurai(ScenarioRule):
    name = "samurai"
    params = {"markers": "markers a side (1)", "lead": "Leadership of a marker (1)"}
