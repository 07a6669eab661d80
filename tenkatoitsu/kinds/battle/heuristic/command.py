"""Command [9] and activation [7] [8.6]: which chits the CP buy, when a
drawn clan waits, which clan marches or rallies first.

CP: unspent points are lost [9.3], so every point buys a chit, the clans
that matter most first (in contact, wanting a new order, marching to the
fight), chits that reach the Bowl [9.3] before those that go to the Delay
Track. How much a clan's activation is worth is orders.clan_urgency.
Tactics [10.3] compete with the chits (plans.choose_tactic)."""

from __future__ import annotations

from tenkatoitsu.kinds.battle.heuristic import plans
from tenkatoitsu.kinds.battle.heuristic.orders import (
    clan_urgency,
    contact_value,
    enemy_distance,
    wanted_order,
)
from tenkatoitsu.kinds.battle.heuristic.strategy import wear
from tenkatoitsu.kinds.battle.queries import zoc
from tenkatoitsu.kinds.battle.scenario import model as m
from tenkatoitsu.kinds.battle.state import chit_clan


def select_chit(bot, d):
    """[9.3] the most urgent clan's chit, unless a tactic of the plan [10.3]
    is worth more than the chits its CP would buy (plans.choose_tactic)."""
    best, score = "done", 0.0
    scores = {}
    for o in d.options:
        clan = chit_clan(o.value) if isinstance(o.value, str) else None
        if clan is None:
            continue
        s = scores[clan] = clan_urgency(bot, clan) + (0.5 if "Bowl" in o.label else 0.0) + 0.01
        if s > score:
            best, score = o.value, s
    if any(isinstance(o.value, str) and o.value.startswith("tactic:") for o in d.options):
        return plans.choose_tactic(bot, d, scores) or best
    return best


def delay_activation(bot, d):
    """[8.6] put the chit back when acting now is bad and later may be better:
    a clan in Attack facing poor odds in contact, or (cautious) a clan about
    to march into an enemy that may come to it."""
    if not bot.level.delays:
        return "activate"
    clan = d.prompt.split()[1]
    g = bot.ctx.game
    if bot.ctx.bowl_count() < 3:
        return "activate"
    order = bot.ctx.order(clan)
    value = contact_value(bot, clan)
    if order == m.Order.ATTACK and value is not None and value < bot.level.attack_threshold - 0.5 \
            and wanted_order(bot, clan) == m.Order.ATTACK:
        return "delay"
    if order == m.Order.DEFENSE and value is None and wanted_order(bot, clan) == m.Order.DEFENSE \
            and not any(zoc.is_in_ezoc(g, u.id) for u in g.state.clan_units(clan)) \
            and enemy_distance(bot, clan) <= 4 and not bot.is_offensive():
        return "delay"  # let the enemy come onto our ground first
    return "activate"


def march_clan(bot, d):
    """[7.2.1] the clan with the most to gain marches first; pass when none."""
    best, score = "pass", 0.0
    for o in d.options:
        if o.value == "pass":
            continue
        s = clan_urgency(bot, o.value) + 0.1
        if s > score:
            best, score = o.value, s
    return best


def rally_clan(bot, d):
    """[7.2.3] the most worn clan first."""
    g = bot.ctx.game
    return max(d.options, key=lambda o: (wear(g, o.value), o.value)).value
