"""The castles game at the terminal: the board as a table of areas in the
order the war will fight them, with each area's token and every player's
cubes, then the stocks, swords and the tactic display."""

from __future__ import annotations

from tenkatoitsu.kinds.castles.view import view_of


def _cubes(v: dict, area: dict) -> str:
    parts = []
    for p in v["players"]:
        n = area["soldiers"].get(p, 0)
        w = area["white"].get(p, 0)
        d = p in area["daimyo"]
        if n or w or d:
            parts.append(f"{v['names'][p]} {n}" + ("+D" if d else "") + (f"+{w}w" if w else ""))
    return ", ".join(parts) or "-"


def board_lines(g, player: str | None) -> list[str]:
    v = view_of(g, player)
    rows = sorted(v["areas"], key=lambda a: a["value"])
    width = max(len(a["name"]) for a in rows)
    out = [f"  {'castle':<{width}}  value  cubes (soldiers, +D daimyo, +w reinforcements)"]
    for a in rows:
        mark = "" if a["token"] else ("  (won)" if a["id"] in v["resolved"] else "")
        out.append(f"  {a['name']:<{width}}  {a['value']:>5}  {_cubes(v, a)}{mark}")
    return out


def status(g, player: str | None) -> str:
    v = view_of(g, player)
    names = v["names"]
    head = f"Castles: {v['phase']} phase, turn {v['turn']}" + \
        (f"; {names.get(v['current'], v['current'])} to play" if v["current"] else "")
    seats = []
    for p in v["players"]:
        d = " + daimyo" if v["daimyo_in_stock"].get(p) else ""
        sword = v["sword"].get(p)
        card = g.words.get(v["daimyo_cards"].get(p))
        used = ", ".join(g.words[c] for c in v["tactics_used"][p])
        seats.append(f"  {names[p]:<8} stock {v['stock'][p]:>2}{d}"
                     + (f"  sword {sword}" if sword else "")
                     + (f"  daimyo card {card}" + (" (used)" if v["daimyo_used"].get(p) else "")
                        if card else "")
                     + (f"  played {used}" if used else "")
                     + f"  score {v['scores'][p]}")
    cards = ", ".join(g.words[c] for c in v["display"]) or "-"
    lock = " (locked: a player has placed every piece)" if v["locked"] else ""
    return "\n".join([head, *board_lines(g, player), *seats,
                      f"  tactic display: {cards}{lock}",
                      f"  swords left: {', '.join(map(str, v['swords_left'])) or '-'}"
                      f"; reinforcements in supply: {v['white_supply']}"])
