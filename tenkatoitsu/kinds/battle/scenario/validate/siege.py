"""Checks of a siege map [15]: one base area, peripheral areas linked to
main-map hexes, lines of attack between known areas, every area reachable
from the centre."""

from __future__ import annotations

from collections import defaultdict

from tenkatoitsu.dsl.builder import INVALID_HEX
from tenkatoitsu.dsl.checker import Checker
from tenkatoitsu.hexmap import Hex
from tenkatoitsu.kinds.battle.scenario import model as m


def check_siege_map(c: Checker, sm: m.SiegeMap):
    areas = c.unique(sm.areas, lambda a: a.id, f"area of siege map '{sm.id}'")
    bases = [a for a in sm.areas if a.kind == "base"]
    if len(bases) != 1:
        c.error(f"siege map '{sm.id}' needs exactly one base area (the centre) [15.2]", sm.pos)
    periph = [a for a in sm.areas if a.kind == "peripheral"]
    if not periph:
        c.error(f"siege map '{sm.id}' has no peripheral area [15.2]", sm.pos)
    for a in sm.areas:
        if a.kind == "peripheral" and not a.hexes:
            c.error(f"peripheral area '{a.id}' must name the main-map hex(es) it links to "
                    "[15.2]", a.pos, hint=f"peripheral {a.id} hex 0305")
        if a.kind != "peripheral" and a.hexes:
            c.error(f"only peripheral areas link to main-map hexes ('{a.id}' is {a.kind})", a.pos)
        if a.kind == "peripheral" and a.defense not in (None, 0):
            c.error(f"peripheral area '{a.id}': combat inside a peripheral area has Defense 0 "
                    "[15.1]", a.pos)
    linked: dict[Hex, str] = {}
    for a in periph:
        for h in a.hexes:
            if h in linked and linked[h] != a.id and h != INVALID_HEX:
                # [15.7.1] units enter through the area bearing their hex's letter: one letter a hex
                c.error(f"hex {h.id} is linked to both peripheral areas '{linked[h]}' and "
                        f"'{a.id}' of siege map '{sm.id}'", a.pos)
            linked.setdefault(h, a.id)
    adj: dict[str, set[str]] = defaultdict(set)
    for ln in sm.lines:
        for end in (ln.a, ln.b):
            if end not in areas:
                c.unknown(f"area of siege map '{sm.id}'", end, areas, ln.pos)
        if ln.a == ln.b:
            c.error(f"line of attack from '{ln.a}' to itself", ln.pos)
        adj[ln.a].add(ln.b)
        adj[ln.b].add(ln.a)
    # every area must be reachable from the centre, else markers could never get there
    if bases and areas:
        seen, todo = {bases[0].id}, [bases[0].id]
        while todo:
            for n in adj[todo.pop()]:
                if n not in seen:
                    seen.add(n)
                    todo.append(n)
        for a in sm.areas:
            if a.id not in seen:
                c.error(f"area '{a.id}' of siege map '{sm.id}' is not connected to the centre by "
                        "lines of attack", a.pos)
