"""Checks of the variants and the set-ups they make: the base set-up and each
variant's (one unit per hex [6.8], off-map clans with an entry [12]), what
each variant changes, one default per group, and the rule modules a scenario
or a variant switches on."""

from __future__ import annotations

from tenkatoitsu.dsl.checker import Checker
from tenkatoitsu.hexmap import Grid
from tenkatoitsu.kinds.battle import hooks
from tenkatoitsu.kinds.battle.scenario import model as m
from tenkatoitsu.kinds.battle.scenario.validate.setups import SetupChecker


def check_setups(c: Checker, s: m.Scenario, grid: Grid):
    setups = SetupChecker(s, grid)
    for _, msg, pos in setups.base_problems():
        c.error(msg, pos)
    for v in s.variants:
        if v.is_default:
            continue  # the base set-up already includes it
        for _, msg, pos in setups.variant_problems(v):
            c.error(msg.replace(": ", f" in variant '{v.id}': ", 1) if ": " in msg
                    else f"{msg} (variant '{v.id}')", pos)


def check_variants(c: Checker, s: m.Scenario, grid: Grid):
    c.unique(s.variants, lambda v: v.id, "variant")
    clans = {cl.id for _, cl in s.clans()}
    units = {u.id for _, _, u in s.units()}
    sides = {sd.id for sd in s.sides}
    entries = {e.id for e in s.map.entries}
    defaults: dict[str | None, m.Variant] = {}
    for v in s.variants:
        if v.is_default:
            if v.group in defaults:
                c.error(f"variants '{defaults[v.group].id}' and '{v.id}' are both the default"
                        + (f" of group '{v.group}'" if v.group else ""), v.pos)
            defaults[v.group] = v
        if v.is_default and v.group is None:
            c.error(f"default variant '{v.id}' needs a group (the variants it excludes)", v.pos,
                    hint="group length")
        for ch in v.changes:
            if ch.what == "start" and s.turns and not (s.turns.first <= ch.value <= s.turns.last):
                c.error(f"start turn {ch.value} is outside the turn track", ch.pos)
            if ch.what in ("order", "enter", "chit") and ch.target not in clans:
                c.unknown("clan", ch.target, clans, ch.pos)
            if ch.what == "enter" and ch.value not in entries:
                c.unknown("entry", ch.value, entries, ch.pos)
            if ch.what == "place" and ch.target not in units:
                c.unknown("unit", ch.target, units, ch.pos)
            if ch.what == "plan" and ch.target not in sides:
                c.unknown("side", ch.target, sides, ch.pos)


def check_rule_modules(c: Checker, s: m.Scenario):
    """The `rule` statements of the scenario, then of each variant: known
    modules, known parameters, and each module's own checks."""
    # scenario rule modules the engine knows, with their parameters
    RULE_MODULES = hooks.known_params()  # noqa: N806
    for r in s.rules + tuple(r for v in s.variants for r in v.rules):
        if r.name not in RULE_MODULES:
            c.unknown("rule module", r.name, RULE_MODULES, r.pos)
            continue
        for p in r.params:
            if p.name not in RULE_MODULES[r.name]:
                c.unknown(f"parameter of rule '{r.name}'", p.name, RULE_MODULES[r.name], p.pos)
        hooks.REGISTRY[r.name].check(s, r, c)
