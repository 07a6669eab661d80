"""Order changes [8.1]: 1D6 + the clan's highest Leadership against the Order
Change Table, night values at night [14]."""

from __future__ import annotations

from tenkatoitsu.kinds.battle import events as ev
from tenkatoitsu.kinds.battle.scenario import model as m


def needed(game, current: m.Order, new: m.Order) -> int:
    oc = game.scenario.order_change
    row = next(r for r in oc.rows if r.order == current)
    cell = row.cells[oc.columns.index(new)]
    return cell[1] if game.is_night() else cell[0]


def attempt(game, clan: str, new: m.Order, rule: str = "8.1") -> tuple[bool, int]:
    """Roll for an order change; apply it on success. Returns (success, natural die)."""
    current = game.order_of(clan)
    side = game.clan_side(clan)
    hidden = game.options.hidden_orders  # [5.3] the die is open, the orders are not
    purpose = f"order change of clan {clan}" + ("" if hidden else f" to {new.value}")
    die = game.dice.d6(purpose, rule, side=side)
    total = die + game.clan_lead(clan)
    need = needed(game, current, new)
    if total >= need:
        game.set_order(clan, new, rule)
        return True, die
    if hidden:
        game.emit(ev.HiddenOrderChangeFailed(rule=rule, clan=clan, wanted=new.value, total=total,
                                             needed=need, side=side))
    else:
        game.emit(ev.OrderChangeFailed(rule=rule, clan=clan, wanted=new.value, total=total,
                                       needed=need))
    return False, die
