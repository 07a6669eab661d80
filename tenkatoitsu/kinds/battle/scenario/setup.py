"""The set-up a game starts from: each clan's order, entry and chit and each
unit's hex once the chosen variants apply, and the problems of a set-up (one
unit per hex outside a fortress [6.8], off-map units without an entry arrow,
clans partly off-map [12]). The game reads its opening position here; the
validator checks the base set-up and each variant's."""

from __future__ import annotations

from typing import Iterable

from tenkatoitsu.dsl.builder import INVALID_HEX
from tenkatoitsu.hexmap import Grid, Hex
from tenkatoitsu.kinds.battle.scenario import model as m


def effective_setup(s: m.Scenario, variant_ids: Iterable[str] = ()):
    """Each clan's order and entry and each unit's hex once the chosen variants
    apply, keyed by id; clans that exist only in unchosen variants are left out."""
    chosen = [v for v in s.variants if v.id in set(variant_ids)]
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
    present = {cl.id for _, cl in s.clans() if cl.only is None or cl.only in {v.id for v in chosen}}
    return present, orders, entries, hexes, chits


def setup_problems(s: m.Scenario, grid: Grid, variant: m.Variant | None):
    """Stacking and off-map problems of one set-up: the defaults of every group
    plus `variant`. Yields (key, message, pos); the key names the problem
    without the variant, so that one already found in the base set-up is not
    reported again for each variant."""
    ids = [variant.id] if variant else []
    for v in s.variants:
        if v.is_default and (variant is None or v.group != variant.group) and v.id not in ids:
            ids.append(v.id)
    present, orders, entries, hexes, _ = effective_setup(s, ids)
    moved = {ch.target for ch in (variant.changes if variant else ()) if ch.what == "place"}
    fort = fortress_hexes(s)
    occupied: dict[Hex, str] = {}
    for side, cl, u in s.units():
        if cl.id not in present:
            continue
        h, pos = hexes[u.id]
        if h is None:
            if entries[cl.id] is None:
                yield (("no-entry", u.id), f"unit {u.id} is off-map but clan {cl.id} has no entry "
                       "(`enter ENTRY-ID`) [12]", pos)
            continue
        if h == INVALID_HEX:
            continue
        if not grid.contains(h):
            yield (("off-map", u.id, h), f"unit {u.id}'s hex {h.id if printable(h) else h} is off "
                   f"the map ({grid.width} x {grid.height})", pos)
            continue
        if h in occupied and h not in fort:
            other = occupied[h]
            # report at the statement that put a unit there: a variant's `place` if any
            where = pos
            if other in moved and u.id not in moved:
                where = hexes[other][1]
            yield (("stack", h, frozenset((other, u.id))),
                   f"units {other} and {u.id} are both in hex {h.id}: one unit per hex outside a "
                   "fortress [6.8]", where)
        occupied.setdefault(h, u.id)
    # [12] a clan enters the map altogether: all of it off-map, or none
    for _, cl in s.clans():
        if cl.id not in present:
            continue
        off = [hexes[u.id][0] is None for u in cl.units]
        if any(off) and not all(off):
            yield (("partly", cl.id), f"clan {cl.id} is partly off-map: a clan enters the map "
                   "altogether [12]", cl.pos)


def fortress_hexes(s: m.Scenario) -> set[Hex]:
    return {h for f in (s.map.fortresses if s.map else ()) for h in f.hexes}


def printable(h: Hex) -> bool:
    """Whether the hex has a CCRR id to print (column and row 1..99)."""
    try:
        return 1 <= h.col <= 99 and 1 <= h.row <= 99
    except Exception:
        return False
