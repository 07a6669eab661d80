"""Colours, sizes and words of the clans view: each clan's colour (the
scenario's, no two alike), the grey of the neutral Ikkō-ikki [§10.5.2], how
strongly it tints the provinces it controls, the short names of the units
(Specialized Warfare's too [§10.2-b]), the regions, the phases, the modules
and the combat phases; the marks of the modules' tracks. The palette of the
map is every province map's (tenkatoitsu_gui.area.style)."""

from __future__ import annotations

from PySide6.QtGui import QColor
from tenkatoitsu_gui.area import style as area_style
from tenkatoitsu_gui.area.style import LAND, mix

from tenkatoitsu.kinds.clans.scenario.model import (
    ARCHERS,
    ARQUEBUSIERS,
    BANNERMEN,
    BUSHI,
    DAIMYO,
    EMPERORS_FAVOR,
    IKKO_IKKI,
    NANBAN_TRADE,
    NEUTRAL,
    PATH_OF_GLORY,
    POLITICAL_PLAY,
    RICE_AND_WAR,
    RONIN,
    SPEARMEN,
    SPECIALIZED_WARFARE,
    SWORDSMEN,
    V83,
)

#: stock colours for a clan whose colour is missing or taken
FALLBACK = ("#c0392b", "#1f5fa8", "#e2b007", "#3c8d2f", "#e0701b", "#7b3fa0", "#138d75",
            "#2b2b2b", "#9aa5b1")
#: how much of a clan's colour tints the provinces it controls (the rest is the land's)
TINT = 0.55
#: the neutral Ikkō-ikki of a Stronghold [§10.5.2]: a grey holder
NEUTRAL_COLOUR = "#8c867a"
#: the units as the map and the panels abbreviate them [§2.1] [§10.2-b] [§10.6.3],
#: in the order a chip lists them
SHORT = {DAIMYO: "D", BUSHI: "B", SPEARMEN: "Sp", SWORDSMEN: "Sw", ARCHERS: "Ar",
         BANNERMEN: "Bn", ARQUEBUSIERS: "Aq", RONIN: "R"}
UNIT_ORDER = tuple(SHORT)
#: the module and edition names, in the rules' order [§10.0]
VARIANTS = {V83: "v83 edition", POLITICAL_PLAY: "Political Play",
            SPECIALIZED_WARFARE: "Specialized Warfare", RICE_AND_WAR: "Rice and War",
            PATH_OF_GLORY: "Path of Glory", IKKO_IKKI: "Ikkō-ikki",
            NANBAN_TRADE: "Nanban Trade", EMPERORS_FAVOR: "Emperor's Favor"}
#: the combat phases of a battle [§10.2-c]
COMBAT_PHASES = {"firearm": "Firearm Phase", "ranged": "Ranged Phase", "melee": "Melee"}
#: the modules' marks: Glory Points, Legitimacy, Koku sown, an Unrest marker's outline
GLORY = "#c58b00"
LEGITIMACY = "#7b3fa0"
RICE = "#e6c757"
UNREST = "#c62828"
REGIONS = {"west": "The West", "center": "The Center", "east": "The East"}
PHASES = {"draft": "the draft", "administration": "Administration",
          "reinforcement": "Reinforcement", "campaign": "Campaign", "winter": "Winter",
          "over": "game over"}
MISSIONS = {"sabotage": "Sabotage", "diversion": "Diversion", "assassination": "Assassination"}

#: the unit of the glyphs on the map, in pixels at the fitted zoom, and its bounds
UNIT = 13.0
UNIT_MIN, UNIT_MAX = 12.0, 24.0


def clan_colours(clans) -> dict[str, QColor]:
    """Each clan's colour, for the clans of the scenario (ClanDefs, in its
    order): one an earlier clan has already taken gets a stock one."""
    clans = list(clans)
    return area_style.distinct_colours([c.id for c in clans], {c.id: c.colour for c in clans},
                                       FALLBACK)


def tint(c: QColor) -> QColor:
    return mix(c, QColor(LAND), TINT)


def clan_colours_with_neutral(clans) -> dict[str, QColor]:
    """The clans' colours, and the Ikkō-ikki's grey."""
    return clan_colours(clans) | {NEUTRAL: QColor(NEUTRAL_COLOUR)}


def short(unit: str) -> str:
    return SHORT.get(unit, unit[:2].title())


def units_text(units: dict) -> str:
    """"1D 3B 2R", "1D 2Sp 1Ar": a clan's units in a province, Daimyō first."""
    rank = {u: i for i, u in enumerate(UNIT_ORDER)}
    order = sorted(units, key=lambda u: (rank.get(u, len(rank) - 1), u))
    return " ".join(f"{units[u]}{short(u)}" for u in order if units[u]) or "—"


def pips(have: int, goal: int, colour: str) -> str:
    """A track as rich text: a filled pip for each point up to the goal, an
    empty one for each point still to come (points beyond the goal: a +N)."""
    full = min(have, goal)
    more = f"<small>+{have - goal}</small>" if have > goal else ""
    return (f"<span style='color:{colour}'>{'●' * full}</span>"
            f"<span style='color:#b5aa90'>{'○' * (goal - full)}</span>{more}")
