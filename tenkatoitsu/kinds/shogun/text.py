"""The shogun game at the terminal: each colour set's provinces with what
stands in them, its armies, koku, sword and plan, as its seat may see them."""

from __future__ import annotations

from tenkatoitsu.kinds.shogun.view import view_of

SHORT = {"bowman": "B", "swordsman": "S", "gunner": "G", "spearman": "Sp"}
CASTLES = {1: " [castle]", 2: " [fortress]"}


def units(counts: dict, ronin: int = 0) -> str:
    out = " ".join(f"{n}{SHORT[u]}" for u, n in counts.items() if n and u in SHORT)
    if ronin:
        out += f" {ronin}R"
    return out.strip() or "-"


def house_lines(v: dict, h: str) -> list[str]:
    names = v["names"]
    armies = {a["id"]: a for a in v["armies"]}
    head = f"{names[h]}: {v['counts'][h]} provinces, koku {v['koku'][h]}"
    if v["sword"].get(h):
        head += f", sword {v['sword'][h]}"
    if h in v["bins"]:
        head += ", plan " + " ".join(f"{b} {n}" for b, n in v["bins"][h].items() if n)
    if h in v["sealed"]:
        head += ", your sealed plan " + " ".join(f"{b} {n}" for b, n in v["sealed"][h].items()
                                                 if n)
    if v["ninja"] == h:
        head += ", holds the ninja"
    if h in v["eliminated"]:
        return [head + " (out of the game)"]
    out = [head]
    for a in v["armies"]:
        if a["house"] == h and a["at"]:
            at = next(p["name"] for p in v["provinces"] if p["id"] == a["at"])
            mark = " (assassinated)" if a["assassinated"] else ""
            out.append(f"    army {a['number']} in {at}, level {a['level']}{mark}: D "
                       f"{units(a['units'], a['ronin'])}")
    held = []
    for p in v["provinces"]:
        if p["owner"] != h:
            continue
        here = units(p["force"], p["force_ronin"])
        if p["army"] and p["army"] in armies:
            here += f" +army {armies[p['army']]['number']}"
        hid = p.get("hidden", {}).get(h)
        if hid:
            here += f" +{sum(hid)} hidden ronin"
        held.append(f"{p['name']} {here}{CASTLES.get(p['castle'], '')}")
    for i in range(0, len(held), 4):
        out.append("    " + "; ".join(held[i:i + 4]))
    cards = v["face_down"].get(h)
    if cards:
        out.append(f"    face-down cards with ronin: {' '.join(map(str, cards))}")
    return out


def status(g, player: str | None) -> str:
    v = view_of(g, player)
    head = "Shogun: " + (f"round {v['round']}" if v["round"] else "the set-up") + \
        (f", {v['step']}" if v["step"] else "")
    if v["current"]:
        head += f" ({v['names'][v['current']]}'s Wage War)"
    lines = [head]
    for h in v["houses"]:
        lines += house_lines(v, h)
    empty = [p["name"] for p in v["provinces"] if p["owner"] is None]
    lines.append(f"  red rectangle (empty): {', '.join(empty) or '-'}")
    lines.append(f"  master tray: koku {v['koku_supply']}, ronin {v['ronin_supply']}, castles "
                 f"{v['castles_left']}, fortification bases {v['fortresses_left']}")
    b = v["battle"]
    if b:
        lines.append(f"  battle for {g.names.get(b['to'])}: round {b['round']}, attacker "
                     f"{b['sides'][0]}, defender {b['sides'][1]}")
    return "\n".join(lines)
