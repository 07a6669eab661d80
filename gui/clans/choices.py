"""Which provinces of the map answer the pending decision, read from its
options (no rule is computed here): a province named outright (a battle to
fight, a ninja's target, a province given up; the modules' Legitimate Claim,
a retreat, the Trading Post for the Arquebusiers), before or after a colon
("from:P", "to:P", "recruit:P", "castle:P", "fortify:P"; the modules' "sow:P",
"pacify:P", "sail:P", "betray:P"; "P:bushi" for a unit there); in the draft,
a clan's home province stands for the clan. The
province the decision is about (its context's "province") is its focus.
Qt-free."""

from __future__ import annotations

from tenkatoitsu_gui.area.provinces import ProvinceChoices

from tenkatoitsu.core.decisions import Decision, Option

DRAFT = "draft"


def province_of(value, provinces: set[str], homes: dict[str, str] | None = None) -> str | None:
    """The province an option's value names, or None; `homes`: clan -> its
    home province, for the values that are clans (the draft)."""
    if not isinstance(value, str):
        return None
    if value in provinces:
        return value
    for word in value.split(":"):
        if word in provinces:
            return word
    if homes and value in homes:
        return homes[value]
    return None


def province_choices(decision: Decision | None, provinces: set[str],
                     homes: dict[str, str]) -> ProvinceChoices:
    """`homes`: each clan's home province (the draft's choices on the map)."""
    if decision is None:
        return ProvinceChoices()
    clan_homes = homes if decision.kind == DRAFT else None
    out: dict[str, list[Option]] = {}
    for o in decision.options:
        p = province_of(o.value, provinces, clan_homes)
        if p is not None:
            out.setdefault(p, []).append(o)
    focus = (decision.context or {}).get("province")
    return ProvinceChoices({p: tuple(o) for p, o in out.items()},
                           focus if focus in provinces else None)
