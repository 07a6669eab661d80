"""Command-line words shared by `tenkatoitsu` and the GUI's command: lists
given as "a,b,c" and a kind's game options given as --option KEY=VALUE."""

from __future__ import annotations

import json


def names(text: str | None) -> list[str]:
    """"a, b,,c" -> ["a", "b", "c"]."""
    return [p.strip() for p in (text or "").split(",") if p.strip()]


def game_options(items, hidden_orders: bool = False) -> dict:
    """--option KEY=VALUE (VALUE read as JSON when it is: true, 3, "x"; else
    as text) and the battle's --hidden-orders; the kind checks names and types."""
    out = {}
    for item in items or ():
        key, sep, value = item.partition("=")
        if not sep:
            raise ValueError(f"--option takes KEY=VALUE, not '{item}'")
        key = key.strip().replace("-", "_")
        try:
            out[key] = json.loads(value)
        except json.JSONDecodeError:
            out[key] = value
    if hidden_orders:
        out["hidden_orders"] = True
    return out
