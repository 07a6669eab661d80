"""Koku: income [§4.1], costs paid in full or with honor's price [§4.2],
unit upkeep [§4.1] and the winter's mountain supply [§7.1]."""

from __future__ import annotations

from tenkatoitsu.core.decisions import Option
from tenkatoitsu.kinds.clans import events as ev
from tenkatoitsu.kinds.clans.asking import ask
from tenkatoitsu.kinds.clans.state import is_bushi

#: clan abilities that change income [§2.4]: (coastal provinces per Koku, most Koku)
COASTAL_BONUS = {"island-economy": (2, 2), "western-seas": (1, 3), "inland-sea": (3, None)}
ISLAND_ECONOMY_BASE = 4  # [§2.4] Chōsokabe's base income


def base_income(g, clan: str) -> int:
    return ISLAND_ECONOMY_BASE if g.table.ability(clan) == "island-economy" else \
        g.table.components.base_income


def coastal_bonus(g, clan: str) -> int:
    """[§2.4] The clan's one income bonus for coastal provinces [§0.1]."""
    rule = COASTAL_BONUS.get(g.table.ability(clan))
    if rule is None:
        return 0
    per, most = rule
    n = sum(1 for p in g.state.provinces(clan) if p in g.table.coastal) // per
    return n if most is None else min(n, most)


def income(g, clan: str) -> tuple[int, int, int]:
    """[§4.1] [§8.2] (total, provinces, bonus): the base (a clan with no
    province still collects it), a Koku a province, the clan's bonus."""
    held = g.state.count(clan)
    bonus = coastal_bonus(g, clan)
    return base_income(g, clan) + held * g.table.components.province_income + bonus, held, bonus


def collect_income(g) -> None:
    """[§4.1] 1. All players at once."""
    st = g.state
    for c in st.in_play():
        total, held, bonus = income(g, c)
        st.koku[c] += total
        g.emit(ev.IncomeCollected("§4.1", c, total, held, bonus))


def upkeep(g, clan: str) -> int:
    """[§4.1] 2. One Koku for every two Bushi, rounded up; Daimyō are free."""
    per = g.table.components.upkeep_per
    return -(-g.state.bushi(clan) // per)


def mountain_supply(g, clan: str) -> int:
    """[§7.1] One Koku a mountain province held, and one for every three
    units (rounded up) in all of them; Tokugawa pays none [§2.4]."""
    if g.table.ability(clan) == "mountains":
        return 0
    st = g.state
    held = [p for p in st.provinces(clan) if p in g.table.mountain]
    units = sum(st.stack(p, clan) for p in held)
    return len(held) + -(-units // 3)


def pay(g, clan: str, amount: int, what: str, rule: str):
    """A cost the rules demand [§4.2]: paid from the treasury, and for every
    Koku short, two Bushi of the player's choice leave the board. A clan
    never goes into debt."""
    st = g.state
    if amount <= 0:
        return
    paid = min(amount, st.koku[clan])
    st.koku[clan] -= paid
    if paid:
        g.emit(ev.CostPaid(rule, clan, what, paid))
    short = amount - paid
    if short:
        yield from honor_price(g, clan, short, rule)


def honor_price(g, clan: str, short: int, rule: str):
    """[§4.2] Two Bushi removed for every Koku short, the player choosing which."""
    st = g.state
    removed: dict[str, int] = {}
    for _ in range(short * g.table.components.bankruptcy_bushi):
        options = [Option(f"{p}:{u}", f"a {g.names.get(u, u)} in {g.names.get(p, p)}")
                   for p in st.units for u, n in st.units[p].get(clan, {}).items()
                   if n and is_bushi(u)]
        if not options:
            break
        answer = yield from ask(g, clan, "bankrupt", f"{short} Koku short: remove which Bushi?",
                                options, "§4.2")
        p, _, u = answer.partition(":")
        st.of(p, clan)[u] -= 1
        removed[p] = removed.get(p, 0) + 1
    g.emit(ev.Bankrupt("§4.2", clan, short, removed))
