"""The cards the castles rules know, by id: a scenario's `tactic` and `daimyo`
statements must name one of these, and the engine keys each card's effect on
its id."""

from __future__ import annotations

#: the twelve tactic cards [5.1]-[5.12], in the rules' order, with their rule ids
TACTICS: tuple[tuple[str, str], ...] = (
    ("scout", "5.1"),
    ("over-the-mountain", "5.2"),
    ("marine", "5.3"),
    ("sub-squad", "5.4"),
    ("ninja", "5.5"),
    ("entering-kyo", "5.6"),
    ("support", "5.7"),
    ("rebel", "5.8"),
    ("exile", "5.9"),
    ("prisoner", "5.10"),
    ("decoy", "5.11"),
    ("retreat", "5.12"),
)
TACTIC_IDS: tuple[str, ...] = tuple(card for card, _ in TACTICS)
#: tactic id -> its rule id
TACTIC_RULES: dict[str, str] = dict(TACTICS)

#: the six daimyo cards of the advanced rules [5.D], in the rules' order
DAIMYO_IDS: tuple[str, ...] = ("uesugi", "oda", "chosokabe", "takeda", "mori", "otomo")
DAIMYO_RULE = "5.D"

#: the tactic that needs Kyō on the map (the area flagged `kyo`) [5.6]
ENTERING_KYO = "entering-kyo"
#: the variant of the advanced rules: each player's daimyo and a daimyo card [5.D]
DAIMYO_VARIANT = "daimyo"
#: every variant the engine knows
VARIANT_IDS: tuple[str, ...] = (DAIMYO_VARIANT,)
