"""Chits as small coloured tiles in rich text: clan chits in the clan's
colour, the obligatory chits [3.2], Katta! Katta! [10.4.2] and samurai [16]."""

from __future__ import annotations

from html import escape

from tenkatoitsu_gui.battle import style

from tenkatoitsu.kinds.battle.state import chit_clan

OBLIGATORY = {"march": ("March", "#2e8b57"), "rally": ("Rally", "#d4a017"),
              "initiative": ("Initiative", "#6a5acd")}


def chit_face(game, chit: str) -> tuple[str, str]:
    """(text, background colour) of a chit."""
    clan = chit_clan(chit)
    if clan is not None:
        col = style.clan_colour(game, clan).name() if clan in game.clan_defs else "#888888"
        return clan, col
    if chit in OBLIGATORY:
        return OBLIGATORY[chit]
    kind, _, side = chit.partition(":")
    sc = style.side_colour(game, side).name() if side in game.side_defs else "#555555"
    if kind == "combat":
        return f"Combat {side}", sc
    if kind == "katta":
        return f"Katta! {side}", sc
    if kind == "samurai":
        return f"Samurai {side}", sc
    return chit, "#777777"


def chit_html(game, chit: str) -> str:
    text, bg = chit_face(game, chit)
    ink = style.ink_for(style.colour(bg)).name()
    return (f"<span style='background-color:{bg}; color:{ink}; font-weight:bold'>"
            f"&nbsp;{escape(text)}&nbsp;</span>")


def chits_html(game, chits) -> str:
    return " ".join(chit_html(game, c) for c in chits) or "<i>empty</i>"
