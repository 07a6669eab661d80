"""Battle plans [10]: the secret choice at set-up [10.1], the initial orders
and Defensive Position markers [11.8], the activation roll of the command
sequence [10.2], and logging tactics on the sheet when chits are selected
[10.3]. Performing a tactic when its chit is drawn is `tactics.py`.

Decision kinds and their answers:

- ``choose-plan`` [10.1] a plan id (secret: only its side sees it).
- ``initial-order`` [10.1] an order allowed by the plan, for a clan whose
  scenario order the plan forbids.
- ``plan-order`` [10.2] on activation, for each clan without a unit in an
  EZoC: ``"keep"`` or an order among the plan's initial orders.
- ``defensive-position`` [11.8] the unit to stack the next marker with.
- ``plan-cp`` [10.2] how many of this turn's CP to save toward the plan.
- ``plan-attempt`` [10.2] true: roll 2D6 against the CP saved; false: wait.
- ``katta-katta`` [10.4.2] true: put the held Katta! Katta! chit into the Bowl.
- ``tactic-clan`` [10.3] a clan id whose chit is in the Reserve; for Kidō and
  Ashibaya asked again for the companions, with ``"done"`` once one is chosen.

Readings made here:

* The plan's abilities become available when it is active [10.2]: Defensive
  Position markers are placed at set-up when the plan starts active, else at
  once when it becomes active (on units not in an EZoC).
* The activation roll's modifiers (night +2 [14], the scenario's, e.g.
  Yamazaki's +4/+2 [19.4.3], and Mount Tennō's -1 [19.2.3]) modify the 2D6
  total; the CP lost on a failure are the modified total minus the CP saved.
* A tactic that costs more than 1 CP costs 1 when the side received only
  1 CP this turn ([10.4.4], written for Kidō, the only such tactic).
"""

from __future__ import annotations

from tenkatoitsu.core.decisions import Decision, Option, yes_no
from tenkatoitsu.kinds.battle import events as ev
from tenkatoitsu.kinds.battle import hooks
from tenkatoitsu.kinds.battle.queries.chits import selectable
from tenkatoitsu.kinds.battle.queries.zoc import is_in_ezoc
from tenkatoitsu.kinds.battle.scenario import model as m
from tenkatoitsu.kinds.battle.state import TacticUse, chit_clan, clan_chit

NIGHT_MODIFIER = 2  # [14] rolls to activate a battle plan at night
KEEP, DONE = "keep", "done"
KATTA = "katta-katta"
DEFENSIVE_POSITIONS = "defensive-positions"
#: how many clans a tactic activates together [10.4.4] [10.4.5]
MAX_CLANS = {"kido": 4, "ashibaya": 2}
TACTIC_NAMES = {"totsugeki": "Totsugeki", "kotai": "Kōtai", "kido": "Kidō",
                "ashibaya": "Ashibaya", KATTA: "Katta! Katta!"}


def katta_chit(victim: str) -> str:
    """The chit that makes one of `victim`'s clans attack [10.4.2]."""
    return f"katta:{victim}"


# ---------------------------------------------------------------- queries

def plan_of(game, side: str) -> m.BattlePlan | None:
    pid = game.state.honjins[side].plan
    if pid is None:
        return None
    return next((p for p in game.scenario.battle_plans() if p.id == pid), None)


def allowed_orders(plan: m.BattlePlan) -> tuple[m.Order, ...]:
    if "any" in plan.initial_orders:
        return tuple(m.Order)
    return tuple(m.Order(o) for o in plan.initial_orders)


def ability_count(plan: m.BattlePlan | None, name: str) -> int:
    if plan is None:
        return 0
    return sum((a.count or 1) for a in plan.abilities if a.name == name)


def uses(game, side: str, tactic: str) -> int:
    return sum(1 for u in game.state.honjins[side].tactics_used if u.tactic == tactic)


def tactics_left(game, side: str) -> dict[str, int]:
    """Tactic -> how many are left on the sheet (Katta! Katta! included)."""
    plan = plan_of(game, side)
    if plan is None:
        return {}
    out = {t.name: t.count - uses(game, side, t.name) for t in plan.tactics}
    k = ability_count(plan, KATTA)
    if k:
        out[KATTA] = k - uses(game, side, KATTA)
    return out


def tactic_cost(game, side: str, tactic: m.Tactic) -> int:
    cost = tactic.cost or 1
    if cost > 1 and game.state.honjins[side].cp_rolled == 1:
        return 1  # [10.4.4] only 1 CP received this turn
    return cost


def pending_use(game, clan: str) -> TacticUse | None:
    """The logged, not yet performed tactic whose chit is this clan's [10.3]."""
    side = game.clan_side(clan)
    for use in game.state.honjins[side].tactics_used:
        if not use.performed and use.tactic != KATTA and use.clans and use.clans[0] == clan:
            return use
    return None


def clans_with_pending_tactic(game, side: str) -> set[str]:
    return {c for u in game.state.honjins[side].tactics_used if not u.performed
            and u.tactic != KATTA for c in u.clans}


def sheet(game, side: str) -> dict:
    """The Battle Plan Log Sheet as the CLI and the GUI show it (full, for its
    owner: the view hides it from the opponent)."""
    h = game.state.honjins[side]
    plan = plan_of(game, side)
    return {
        "plan": h.plan, "name": plan.name if plan else None, "active": h.plan_active,
        "revealed": h.plan_revealed, "cp_saved": h.plan_cp,
        "initial_orders": list(plan.initial_orders) if plan else [],
        "tactics_left": tactics_left(game, side),
        "used": [{"tactic": u.tactic, "clans": list(u.clans), "turn": u.turn,
                  "performed": u.performed} for u in h.tactics_used],
        "defensive_positions": ability_count(plan, DEFENSIVE_POSITIONS),
    }


def reveal(game, side: str, why: str) -> None:
    h = game.state.honjins[side]
    if h.plan and not h.plan_revealed:
        h.plan_revealed = True
        game.emit(ev.PlanRevealed(rule="10.1", side=side, plan=h.plan, why=why))


# ---------------------------------------------------------------- set-up [10.1]

def setup(game):
    """Each side secretly chooses its plan; an active plan imposes its initial
    orders and brings its abilities at once."""
    plans = game.scenario.battle_plans()
    if not plans:
        return
    for side in game.side_ids:
        pid = yield Decision(side, "choose-plan", f"{side}: choose your battle plan (secret)",
                             tuple(Option(p.id, f"{p.name} ({_summary(p)})") for p in plans),
                             "10.1")
        game.state.honjins[side].plan = pid
        game.emit(ev.PlanChosen(rule="10.1", side=side, plan=pid))
    for side in game.side_ids:
        if game.state.honjins[side].plan_active:
            yield from _initial_orders(game, side)
            yield from _abilities(game, side)


def _summary(plan: m.BattlePlan) -> str:
    parts = [f"{TACTIC_NAMES.get(t.name, t.name)} x{t.count}" for t in plan.tactics]
    parts += [f"{a.name} {a.count or 1}" for a in plan.abilities]
    orders = "any" if "any" in plan.initial_orders else "/".join(plan.initial_orders)
    return f"orders {orders}; " + ", ".join(parts)


def _initial_orders(game, side: str):
    """[10.1] clans whose scenario order the plan does not allow choose one it
    does; off-map clans stay in Movement [12]."""
    allowed = allowed_orders(plan_of(game, side))
    for clan in game.clans_of(side):
        c = game.state.clans[clan]
        if c.off_map or c.order in allowed or hooks.is_undecided(game, clan):  # [21.4.1]
            continue
        choice = yield Decision(side, "initial-order",
                                f"clan {clan} may not start in {c.order.value} under this plan: "
                                "choose its order",
                                tuple(Option(o.value, o.value) for o in allowed), "10.1",
                                {"clan": clan})
        game.set_order(clan, m.Order(choice), "10.1")


def _abilities(game, side: str):
    plan = plan_of(game, side)
    k = ability_count(plan, KATTA)
    if k:
        # [10.4.2] the opponent receives the chit when the plan becomes active
        game.move_chit(katta_chit(side), None, f"held:{game.enemy(side)}", "10.4.2")
        reveal(game, side, "the opponent receives Katta! Katta!")
    n = ability_count(plan, DEFENSIVE_POSITIONS)
    for i in range(n):
        candidates = _marker_candidates(game, side)
        if not candidates:
            game.note("11.8", f"{side} has no unit to stack its defensive position markers with")
            break
        uid = yield Decision(side, "defensive-position",
                             f"{side}: stack defensive position marker {i + 1} of {n} with a unit",
                             tuple(Option(u, f"{u} in {game.state.units[u].hex.id}")
                                   for u in candidates), "11.8", {"marker": i + 1, "of": n})
        u = game.state.units[uid]
        u.defensive_position = True
        reveal(game, side, "defensive position markers")
        game.emit(ev.DefensivePositionPlaced(rule="11.8", side=side, unit=uid, hex=u.hex.id))


def _marker_candidates(game, side: str) -> list[str]:
    """[11.8] one marker a hex: units without one, in hexes without one; during
    play, not in an EZoC."""
    marked = {u.hex for u in game.units_on_map(side) if u.defensive_position}
    out = []
    for u in game.units_on_map(side):
        if u.hex in marked or u.defensive_position or hooks.is_undecided(game, u.clan):  # [21.4.1]
            continue
        if game.state.turn > game.scenario.turns.start_turn and is_in_ezoc(game, u.id):
            continue
        out.append(u.id)
    return sorted(out)


# ---------------------------------------------------------------- activation [10.2]

def activation_modifier(game, side: str) -> int:
    h = game.state.honjins[side]
    mod = h.plan_modifier + hooks.total(game, "plan_modifier", side)
    if game.is_night():
        mod += NIGHT_MODIFIER
    return mod


def activation_phase(game):
    """II.c. of the command sequence: save CP toward the plan, then perhaps roll."""
    for side in game.side_ids:
        h = game.state.honjins[side]
        if h.plan is None or h.plan_active:
            continue
        if h.cp > 0:
            n = yield Decision(side, "plan-cp",
                               f"{side}: save how many of your {h.cp} CP toward the battle plan "
                               f"({h.plan_cp} saved)?",
                               tuple(Option(i, f"{i} CP") for i in range(h.cp + 1)), "10.2",
                               {"cp": h.cp, "saved": h.plan_cp,
                                "modifier": activation_modifier(game, side)})
            if n:
                h.cp -= n
                h.plan_cp += n
                game.emit(ev.PlanCpSaved(rule="10.2", side=side, cp=n, total=h.plan_cp))
        if h.plan_cp <= 0:
            continue
        mod = activation_modifier(game, side)
        go = yield Decision(side, "plan-attempt",
                            f"{side}: try to activate the battle plan now? (2D6{mod:+d} must be "
                            f"<= {h.plan_cp} CP saved; on a failure the difference is lost)",
                            yes_no("roll to activate", "not this turn"),
                            "10.2", {"saved": h.plan_cp, "modifier": mod})
        if not go:
            continue
        roll = sum(game.dice.roll(2, "battle plan activation", "10.2", side=side))
        total = roll + mod
        if total <= h.plan_cp:
            game.emit(ev.PlanActivation(rule="10.2", side=side, roll=roll, modifier=mod,
                                        saved=h.plan_cp, success=True))
            h.plan_active = True
            h.plan_cp = 0
            yield from _new_orders(game, side)
            yield from _abilities(game, side)
        else:
            lost = min(h.plan_cp, total - h.plan_cp)
            game.emit(ev.PlanActivation(rule="10.2", side=side, roll=roll, modifier=mod,
                                        saved=h.plan_cp, success=False, lost=lost))
            h.plan_cp -= lost


def _new_orders(game, side: str):
    """[10.2] clans without a unit in an EZoC may take an initial order of the plan."""
    allowed = allowed_orders(plan_of(game, side))
    for clan in game.clans_of(side):
        c = game.state.clans[clan]
        units = game.state.clan_units(clan)
        if c.off_map or not units or any(is_in_ezoc(game, u.id) for u in units) \
                or hooks.is_undecided(game, clan):  # [21.4.1] undecided clans take no order
            continue
        options = [Option(KEEP, f"keep {c.order.value}")]
        options += [Option(o.value, o.value) for o in allowed if o != c.order]
        if len(options) == 1:
            continue
        choice = yield Decision(side, "plan-order",
                                f"the battle plan is active: clan {clan} ({c.order.value}) "
                                "takes a new order?", tuple(options), "10.2", {"clan": clan})
        if choice != KEEP:
            game.set_order(clan, m.Order(choice), "10.2")


# ---------------------------------------------------------------- tactics at selection [10.3]

def tactic_options(game, side: str) -> list[Option]:
    """The tactics the side may log now: plan active, some left, CP enough,
    and a clan to give it to."""
    h = game.state.honjins[side]
    plan = plan_of(game, side)
    if plan is None or not h.plan_active:
        return []
    out = []
    for t in plan.tactics:
        left = t.count - uses(game, side, t.name)
        cost = tactic_cost(game, side, t)
        if left <= 0 or cost > h.cp or not tactic_clans(game, side, t.name, []):
            continue
        out.append(Option(f"tactic:{t.name}",
                          f"log {TACTIC_NAMES.get(t.name, t.name)} ({left} left, {cost} CP)"))
    return out


def tactic_clans(game, side: str, tactic: str, chosen: list[str]) -> list[str]:
    """Clans whose chit is in the Reserve and may take the tactic: on the map
    (Ashibaya may also bring an off-map clan on: it marches [10.4.5]). Only
    chits the player could pick [9.3]: a scenario's restriction such as the
    vanguard and rearguard of [19.4.2] binds a tactic too."""
    pending = clans_with_pending_tactic(game, side)
    out = []
    for chit in selectable(game, side):
        clan = chit_clan(chit)
        if clan in chosen or clan in pending:
            continue
        if game.state.clans[clan].off_map and tactic != "ashibaya":
            continue
        out.append(clan)
    return sorted(out)


def log_tactic(game, side: str, tactic_name: str):
    """[10.3] log the tactic with its clans and the turn, pay, and put the
    first clan's chit into the Bowl whatever the distance (the companions of
    Kidō and Ashibaya aside). Returns the CP spent."""
    h = game.state.honjins[side]
    tactic = next(t for t in plan_of(game, side).tactics if t.name == tactic_name)
    cost = tactic_cost(game, side, tactic)
    chosen: list[str] = []
    most = MAX_CLANS.get(tactic_name, 1)
    while len(chosen) < most:
        clans = tactic_clans(game, side, tactic_name, chosen)
        if not clans:
            break
        options = [Option(c, f"clan {c}" + (" (its chit into the Bowl)" if not chosen
                                             else " (its chit aside)")) for c in clans]
        if chosen:
            options.append(Option(DONE, f"no more clans ({len(chosen)} chosen)"))
        choice = yield Decision(side, "tactic-clan",
                                f"{side}: {TACTIC_NAMES[tactic_name]}: choose clan "
                                f"{len(chosen) + 1} (up to {most})",
                                tuple(options), "10.3", {"tactic": tactic_name, "chosen": chosen})
        if choice == DONE:
            break
        chosen.append(choice)
    h.tactics_used.append(TacticUse(tactic_name, chosen, game.state.turn))
    h.cp -= cost
    reveal(game, side, f"{TACTIC_NAMES[tactic_name]} is logged")
    game.emit(ev.TacticAssigned(rule="10.3", side=side, tactic=tactic_name, clans=tuple(chosen),
                                turn=game.state.turn, cost=cost))
    game.move_chit(clan_chit(chosen[0]), f"reserve:{side}", "bowl", "10.3")
    for clan in chosen[1:]:
        game.move_chit(clan_chit(clan), f"reserve:{side}", "aside", "10.4.4")
    return cost


def katta_phase(game):
    """[10.4.2] the holder of a Katta! Katta! chit may put it into the Bowl at
    no cost while the Bowl is prepared (a chit left in the Bowl stays there)."""
    for side in game.side_ids:
        h = game.state.honjins[side]
        for chit in list(h.katta):
            victim = chit.split(":", 1)[1]
            if not game.units_on_map(victim):
                continue
            go = yield Decision(side, "katta-katta",
                                f"{side}: put the Katta! Katta! chit of {victim} into the Bowl?",
                                yes_no("into the Bowl (free)", "keep it"),
                                "10.4.2", {"victim": victim})
            if go:
                game.move_chit(chit, f"held:{side}", "bowl", "10.4.2")
