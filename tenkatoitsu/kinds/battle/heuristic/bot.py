"""The heuristic bot: a sensible commander at one of three levels
(strategy.LEVELS: cautious, normal, aggressive).

It sees only its BotContext (the PlayerView and public queries). Each
Decision kind has a handler in HANDLERS (kind -> function(bot, decision));
a kind it does not know gets the fallback, the first option that is not a
pass, so new rules never crash it."""

from __future__ import annotations

import random

from tenkatoitsu.bots import DeadEnd
from tenkatoitsu.core.decisions import Decision
from tenkatoitsu.hexmap import hex_distance
from tenkatoitsu.kinds.battle.heuristic import (
    combat,
    command,
    movement,
    orders,
    plans,
    scenario,
    siege,
)
from tenkatoitsu.kinds.battle.heuristic.context import BotContext
from tenkatoitsu.kinds.battle.heuristic.objectives import objectives
from tenkatoitsu.kinds.battle.heuristic.strategy import (
    LEVELS,
    Level,
    boldness,
    decisive_leaders,
    hold_hexes,
    offensive,
)
from tenkatoitsu.kinds.battle.queries import zoc
from tenkatoitsu.kinds.battle.rules.victory import holds

#: answers that decline: the fallback avoids them when it can
DECLINE = ("pass", "done", "keep", "stay", None, False)
_MISSING = object()


def _yes(bot, d):
    return True


def _first(bot, d):
    return d.options[0].value


def fallback(bot, d):
    for o in d.options:
        if o.value not in DECLINE:
            return o.value
    return d.options[0].value


def samurai_host(bot, d):
    """[16.2] on the unit in the thick of it with the worst state."""
    g = bot.ctx.game
    real = [o for o in d.options if o.value != "keep"]
    if not real:
        return d.options[0].value
    return max(real, key=lambda o: (zoc.is_in_ezoc(g, o.value),
                                    g.state.units[o.value].steps_lost, o.value)).value


def samurai_action(bot, d):
    """[16.2] rally a worn unit, else attack."""
    return "rally" if bot.memory.get("samurai-worn") else "attack"


HANDLERS = {
    # command [9] and activation [7] [8.6]
    "select-chit": command.select_chit,
    "delay-activation": command.delay_activation,
    "march-clan": command.march_clan,
    "rally-clan": command.rally_clan,
    # orders [8.1] [7.2.4]
    "order-change": orders.order_change,
    "ignore-across-river": orders.ignore_across_river,
    "initiative-clan": orders.initiative_clan,
    "initiative-order": orders.initiative_order,
    "rally": _yes,
    # movement [6]
    "march-unit": movement.march_unit,
    "march-hex": movement.march_hex,
    "charge-clan": command.march_clan,
    "charge-spearhead": movement.charge_spearhead,
    "charge-target": movement.charge_target,
    "charge-hex": movement.charge_hex,
    "charge-unit": movement.charge_unit,
    "deploy-unit": movement.deploy_unit,
    "deploy-hex": movement.deploy_hex,
    "withdraw-unit": movement.withdraw_unit,
    "withdraw-hex": movement.withdraw_hex,
    "retreat-hex": movement.retreat_hex,
    "rally-retreat-hex": movement.retreat_hex,
    "avoid-pursuit": movement.avoid_pursuit,
    "pursuer": movement.pursuer,
    # combat [11]
    "attack-plan": combat.attack_plan,
    "attack-step": combat.attack_step,
    "combat-order": combat.combat_order,
    "leadership": combat.leadership,
    "assign-loss": combat.assign_loss,
    "retreat-order": _first,
    "rout-choice": combat.rout_choice,
    "seppuku-leader": combat.seppuku_leader,
    "advance": combat.advance,
    # battle plans [10] and defensive positions [11.8]
    "choose-plan": plans.choose_plan,
    "initial-order": plans.initial_order,
    "plan-order": plans.plan_order,
    "plan-cp": plans.plan_cp,
    "plan-attempt": plans.plan_attempt,
    "tactic-clan": plans.tactic_clan,
    "kido-move": plans.kido_move,
    "ashibaya-move": plans.ashibaya_move,
    "katta-katta": plans.katta_katta,
    "katta-clan": plans.katta_clan,
    "defensive-position": plans.defensive_position,
    # samurai [16]
    "samurai-offer": _yes,
    "samurai-host": samurai_host,
    "samurai-action": samurai_action,
    # sieges [15]
    "siege-activity": siege.siege_activity,
    "siege-assault-target": siege.siege_target,
    "siege-fire-target": siege.siege_target,
    "siege-sacrifice": siege.sacrifice,
    "siege-advantage": siege.advantage,
    "siege-loss": siege.siege_loss,
    "siege-fire-loss": siege.siege_loss,
    "siege-force": siege.force,
    "siege-counter": siege.counter,
    "siege-occupy": siege.occupy,
    "siege-place-marker": siege.place_marker,
    "siege-relinquish": siege.relinquish,
    "siege-exchange": siege.exchange,
    "siege-exit-hex": siege.exit_hex,
    "siege-survivor": siege.survivor,
    "siege-disorganized": siege.disorganized,
    # scenario modules: Yamazaki [19], Sekigahara [21]
    "encampment": scenario.encampment,
    "encampment-clan": scenario.encampment_clan,
    "encampment-hex": scenario.encampment_hex,
    "recall-chit": scenario.best_chit,
    "free-chit": scenario.best_chit,
    "free-companion": scenario.best_chit,
    "ninjas": scenario.ninjas,
    "entry-hex": scenario.entry_hex,
    "pledges": scenario.pledges,
    "influence-chit": scenario.influence_chit,
    "arquebus-gambit": scenario.arquebus_gambit,
    "joining-order": scenario.joining_order,
    "chosokabe": scenario.chosokabe,
    "impetuous-unit": scenario.impetuous_unit,
    "impetuous-hex": scenario.impetuous_hex,
}


class HeuristicBot:
    """Plays one side with the judgement of `level`."""

    def __init__(self, seed: int, side: str, level: str | Level = "normal"):
        self.side = side
        self.level = LEVELS[level] if isinstance(level, str) else level
        self.name = self.level.name
        self.rng = random.Random(f"{seed}:{side}:{self.name}")
        self.ctx: BotContext | None = None
        self.judge: combat.CombatJudge | None = None
        self.memory: dict = {}
        self._memos: dict[str, tuple] = {}  # slot -> (position key, {name: value})
        #: orders.unit_contact_value by the surroundings it reads, across positions
        self.local_values: dict = {}

    def attach(self, ctx: BotContext) -> None:
        self.ctx = ctx
        self.judge = combat.CombatJudge(ctx, self.level)
        g = ctx.game
        self.decisive = decisive_leaders(g, self.side)
        self.enemy_decisive = decisive_leaders(g, ctx.enemy)

    def choose(self, decision: Decision):
        if not decision.options:
            raise DeadEnd(f"dead end: '{decision.prompt}' [{decision.rule}] has no legal option")
        if len(decision.options) == 1:
            return decision.options[0].value
        if self.ctx is None:
            return fallback(self, decision)
        handler = HANDLERS.get(decision.kind, fallback)
        value = handler(self, decision)
        if not any(o.value == value for o in decision.options):
            value = fallback(self, decision)  # a handler's slip never makes an illegal answer
        return value

    def tiebreak(self) -> float:
        return self.rng.random()

    # ---------------------------------------------------------------- strategy, cached per position
    def _memo(self, slot: str, key, name, fn):
        """fn() remembered under `name` while the position `key` of `slot` holds."""
        memo = self._memos.get(slot)
        if memo is None or memo[0] != key:
            memo = self._memos[slot] = (key, {})
        values = memo[1]
        v = values.get(name, _MISSING)
        if v is _MISSING:
            v = values[name] = fn()
        return v

    def _positional(self, name, fn):
        """Until a unit moves, enters, leaves or changes side (game.version),
        for values that read the units' positions alone."""
        return self._memo("position", self.ctx.game.version, name, fn)

    def _cached(self, name, fn):
        """Until a counter moves, the turn changes or VP/Bundori are scored."""
        g = self.ctx.game
        st = g.state
        # _memo inlined: the bot's most frequent question
        key = (g.version, st.turn, *st.vp.values(), *st.bundori.values())
        memo = self._memos.get("turn")
        if memo is None or memo[0] != key:
            memo = self._memos["turn"] = (key, {})
        values = memo[1]
        v = values.get(name, _MISSING)
        if v is _MISSING:
            v = values[name] = fn()
        return v

    def _cached_exact(self, name, fn):
        """Like `_cached`, but until anything at all happens (a move or an
        event: the CombatJudge's key), for values that read the units' states
        and orders too."""
        g = self.ctx.game
        return self._memo("event", (g.version, len(g.events)), name, fn)

    def is_offensive(self) -> bool:
        return self._cached("offensive", lambda: offensive(self.ctx.game, self.side, self.level))

    def boldness(self) -> float:
        """0 .. 1: how much worse odds the side takes, short of a win (strategy.boldness)."""
        return self._cached("boldness", lambda: boldness(self.ctx.game, self.side))

    def objectives(self):
        return self._cached("objectives", lambda: objectives(self.ctx.game, self.side))

    def objective_hexes_held(self):
        def held():
            g = self.ctx.game
            out = {h for h in hold_hexes(g) if holds(g, self.side, [h])}
            for star in g.scenario.map.stars:
                if star.side == self.side:
                    out.add(star.hex)
            return out
        return self._cached("held", held)

    def contested(self) -> dict:
        """Objectives the enemy stands on (not fortresses: siege_objectives):
        hexes worth VP [17.1] that only a fight wins (Iwasaki-jō [20.5.2])."""
        def compute():
            g = self.ctx.game
            return {h: vp for h, vp in self.objectives().items()
                    if not g.map.is_fortress(h)
                    and any(g.side_of(u) != self.side for u in g.occupants(h))}
        return self._cached("contested", compute)

    def clan_objective(self, clan: str):
        """The objective hex this clan is the nearest to (one clan per objective)."""
        return self._cached("assignments", self._assign).get(clan)

    def _assign(self):
        g = self.ctx.game
        out = {}
        taken = set()
        for h, _vp in sorted(self.objectives().items(), key=lambda kv: -kv[1]):
            if h in self.contested():
                continue  # taken by the whole army's fight (movement.goal_score), not a march
            best, dist = None, 13
            for c in g.clans_of(self.side):
                if c in taken:
                    continue
                units = [u for u in g.state.clan_units(c) if u.id not in self.decisive]
                if not units:
                    continue
                dd = min(hex_distance(u.hex, h) for u in units)
                if dd < dist:
                    best, dist = c, dd
            if best is not None:
                out[best] = h
                taken.add(best)
        return out

