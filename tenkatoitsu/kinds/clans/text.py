"""The clans game at the terminal: each clan's Koku (your own), provinces,
Daimyō and units, where they stand, and the province counts that decide the
player order, as its seat may see them."""

from __future__ import annotations

from tenkatoitsu.kinds.clans.view import view_of

SHORT = {"daimyo": "D", "bushi": "B", "ronin": "R"}


def units(counts: dict) -> str:
    return " ".join(f"{n}{SHORT.get(u, u[:2].title())}" for u, n in counts.items() if n) or "-"


def clan_lines(g, v: dict, c: str) -> list[str]:
    d = v["clans"][c]
    head = f"{d['name']} ({g.names[d['seat']]}): {d['provinces']} provinces, " \
           f"{d['daimyos']} Daimyō, {d['bushi']} Bushi"
    if d["koku"] is not None:
        head += f", {d['koku']} Koku"
    if d["vassal"]:
        lord = d["vassal"]["lord"]
        head += f", vassal of {v['names'].get(lord, 'no one')} (fund {d['vassal']['fund']})"
    if d["glory"] is not None:
        head += f", {d['glory']} Glory"
    if d["legitimacy"]:
        head += f", {d['legitimacy']} Legitimacy"
    if d["stored"]:
        head += f", {d['stored']} Koku stored"
    if d["pact"]:
        head += f", pact with {v['names'][d['pact']]}"
    if d["firearms"]:
        head += ", firearms"
    if d["eliminated"]:
        return [head + " (out of the game)"]
    out = [head]
    held = []
    for p in v["provinces"]:
        if c not in p["units"]:
            continue
        mark = ""
        if p["castle"]:
            mark = " [fortress]" if p["castle"]["fortress"] else " [castle]"
            if p["castle"]["fortified"]:
                mark += "+"
        if p["controller"] is None:
            mark += " (contested)"
        if p["sown"].get(c):
            mark += f" sown {p['sown'][c]}"
        if p["unrest"]:
            mark += f" unrest {len(p['unrest'])}"
        held.append(f"{p['name']} {units(p['units'][c])}{mark}")
    for i in range(0, len(held), 4):
        out.append("    " + "; ".join(held[i:i + 4]))
    return out


def status(g, player: str | None) -> str:
    v = view_of(g, player)
    head = "Shogun: Gekokujō: " + (f"round {v['round']}, {v['phase']}" if v["round"]
                                   else "the draft")
    if v["current"]:
        head += f" ({v['names'][v['current']]}'s turn)"
    lines = [head]
    if v["order"]:
        lines.append("  player order: " + ", ".join(v["names"][c] for c in v["order"]))
    for c in v["clans"]:
        lines += clan_lines(g, v, c)
    n = v["ninja"]
    if n:
        who = v["names"].get(n["holder"], "someone, in secret")
        lines.append(f"  the ninja: {who}" + (f", {n['mission']} on {g.names[n['target']]}"
                                               if n["target"] else ""))
    holds = [p["name"] for p in v["provinces"] if "ikko-ikki" in p["units"]]
    if holds:
        lines.append("  Ikkō-ikki Strongholds: " + ", ".join(holds))
    if v["feuds"]:
        lines.append("  Blood Feuds: " + "; ".join(f"{v['names'][a]} against {v['names'][b]}"
                                                   for a, b in v["feuds"]))
    lines.append(f"  to win: {v['victory']} provinces, or the three Mandate provinces; "
                 f"Ronin left {v['ronin_supply']}, castles left {v['castles_left']}")
    return "\n".join(lines)
