"""Colours and marks of the hex battle: terrain as on the printed map, order
and state markers, clan colours."""

from __future__ import annotations

import hashlib

from PySide6.QtGui import QColor

TERRAIN = {
    "clear": "#e8e2c4",
    "heights": "#cdb07a",
    "woods": "#7fa462",
    "village": "#d9c7a3",
    "encampment": "#e0cfa8",
    "marsh": "#a9c4b4",
    "fortress": "#b9b4aa",
}

HEXSIDE = {  # colour, width in scene units
    "river": ("#3f79c4", 7.0),
    "ford": ("#8fb9e8", 7.0),
    "stream": ("#5d96d6", 3.5),
    "slope": ("#8a5a2b", 3.0),
    "wall": ("#5a5a5a", 5.0),
    "impassable": ("#202020", 6.0),
    "woods": ("#4b6e38", 2.0),
    "marsh": ("#5f8a78", 2.0),
}

ORDER = {  # letter and colour of the Order markers [5.2]
    "attack": ("A", "#c0392b"),
    "defense": ("D", "#2e5e9e"),
    "movement": ("M", "#2e8b57"),
    "regroup": ("R", "#d4a017"),
    "hidden": ("?", "#707070"),
}

STATE = {1: ("S", "#f1c40f"), 2: ("D", "#e67e22"), 3: ("E", "#c0392b")}  # [4.3]

SIDE_FALLBACK = ("#3a5fa0", "#a03a4a")


def colour(text: str | None, fallback: str = "#888888") -> QColor:
    c = QColor(text) if text else QColor()
    return c if c.isValid() else QColor(fallback)


def terrain_colour(name: str) -> QColor:
    if name in TERRAIN:
        return QColor(TERRAIN[name])
    # an unknown terrain of a new scenario: a stable pale colour from its name
    h = int(hashlib.md5(name.encode()).hexdigest()[:6], 16)
    return QColor.fromHsv(h % 360, 60, 220)


def clan_colour(game, clan: str) -> QColor:
    cd = game.clan_defs[clan]
    side = game.state.clans[clan].side if clan in game.state.clans else None
    sd = game.side_defs.get(side) if side else None
    i = game.side_ids.index(side) if side in game.side_ids else 0
    return colour(cd.color or (sd.color if sd else None), SIDE_FALLBACK[i % 2])


def side_colour(game, side: str) -> QColor:
    i = game.side_ids.index(side)
    return colour(game.side_defs[side].color, SIDE_FALLBACK[i % 2])


def ink_for(bg: QColor) -> QColor:
    """Black or white, whichever reads on `bg`."""
    return QColor("#111111") if bg.lightness() > 150 else QColor("#ffffff")
