"""The set-up a game starts from: each clan's order, entry and chit and each
unit's hex once the chosen variants apply. The game reads its opening
position here; validate/setups.py checks the base set-up and each variant's."""

from __future__ import annotations

from typing import Iterable

from tenkatoitsu.hexmap import Hex
from tenkatoitsu.kinds.battle.scenario import model as m


def effective_setup(s: m.Scenario, variant_ids: Iterable[str] = ()):
    """Each clan's order and entry and each unit's hex once the chosen variants
    apply, keyed by id; clans that exist only in unchosen variants are left out."""
    wanted = set(variant_ids)
    chosen = [v for v in s.variants if v.id in wanted]
    orders, entries, hexes, chits = {}, {}, {}, {}
    for _, cl in s.clans():
        orders[cl.id], entries[cl.id], chits[cl.id] = cl.order, cl.entry, cl.chit
        for u in cl.units:
            hexes[u.id] = (u.hex, u.hex_pos or u.pos)
    for v in chosen:
        for ch in v.changes:
            if ch.what == "order":
                orders[ch.target] = ch.value
            elif ch.what == "enter":
                entries[ch.target] = ch.value
            elif ch.what == "chit":
                chits[ch.target] = ch.value
            elif ch.what == "place":
                hexes[ch.target] = (ch.value, ch.pos)
    chosen_ids = {v.id for v in chosen}
    present = {cl.id for _, cl in s.clans() if cl.only is None or cl.only in chosen_ids}
    return present, orders, entries, hexes, chits


def fortress_hexes(s: m.Scenario) -> set[Hex]:
    return {h for f in (s.map.fortresses if s.map else ()) for h in f.hexes}


def printable(h: Hex) -> bool:
    """Whether the hex has a CCRR id to print (column and row 1..99)."""
    try:
        return 1 <= h.col <= 99 and 1 <= h.row <= 99
    except Exception:
        return False
