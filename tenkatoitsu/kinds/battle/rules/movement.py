"""Movement [6]: what the moves share. Each move has its module: the charge
[6.3] (`charge`), deployment [6.4] (`deployment`), the march with the entry of
off-map clans [6.5] [12] (`march`), withdrawal and pursuit [6.6] [6.7]
(`withdrawal`), the retreats [11.7] [8.5] (`retreat`); where a unit may go is
asked of `queries.reach` and `queries.charge_paths`.

Rules are generators: they ``yield`` a :class:`Decision` whenever the owner
(or, for a pursuit, the opponent) must choose, and receive the chosen
option's value. Values are JSON strings: printed hex ids (``"0305"``), unit
ids, and ``"stay"`` / ``"pass"`` where the rules allow not moving. Every
Decision is yielded, even when it has a single option, so that a saved game
lists every choice the rules asked for, forced or not. Every move goes through
``game.move`` (entries through ``game.enter``), so it is an event naming its
rule.
"""

from __future__ import annotations

from typing import Iterable

from tenkatoitsu.core.decisions import Decision, Option
from tenkatoitsu.hexmap import Hex

STAY = "stay"
PASS = "pass"
PURSUE = "pursue"
ORDER_CHANGE = "order-change"


# ====================================================================== basics


def _label_hex(h: Hex, start: Hex | None, extra: str = "") -> str:
    base = f"stay in {h.id}" if h == start else h.id
    return f"{base} ({extra})" if extra else base


def _hex_value(h: Hex, start: Hex | None) -> str:
    return STAY if h == start else h.id


def from_value(value: str, start: Hex) -> Hex:
    return start if value == STAY else Hex.from_id(value)


def hex_options(hexes: Iterable[Hex], start: Hex | None, extra=None) -> tuple[Option, ...]:
    """Options for destination hexes, sorted by id; the unit's own hex is 'stay'."""
    out = []
    for h in sorted(hexes):
        info = extra(h) if extra else ""
        out.append(Option(_hex_value(h, start), _label_hex(h, start, info)))
    return tuple(out)


def unit_options(game, uids: Iterable[str]) -> tuple[Option, ...]:
    out = []
    for uid in uids:
        u = game.state.units[uid]
        name = game.unit_defs[uid].name if uid in game.unit_defs else uid
        where = u.hex.id if u.hex is not None else "off-map"
        out.append(Option(uid, f"{uid} {name} ({where})" if name else f"{uid} ({where})"))
    return tuple(out)


# ====================================================================== reachable hexes


# ====================================================================== charge [6.3]


# ====================================================================== deployment [6.4]


# ====================================================================== march [6.5] and entry [12]


# ============================================================ withdrawal [6.6], pursuit [6.7]


# ====================================================================== retreats [11.7] [8.5]


def choose_unit(game, side: str, units: list[str], kind: str, prompt: str, rule: str, **ctx):
    if len(units) == 1:
        return units[0]
    return (yield Decision(side, kind, prompt, tuple(Option(u, u) for u in units), rule,
                           context=ctx))


def next_to_move(game, side: str, kind: str, clan: str, verb: str, remaining: list[str],
                 rule: str):
    """Which unit of the clan moves next: the player orders the moves [6.2.4]
    (each later unit keeps near those already moved). Takes it off `remaining`."""
    uid = yield Decision(side, kind, f"Clan {clan} {verb}: choose the next unit to move",
                         unit_options(game, remaining), rule, {"clan": clan})
    remaining.remove(uid)
    return uid
