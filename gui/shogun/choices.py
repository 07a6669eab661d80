"""Which provinces of the map answer the pending decision, read from its
options (no rule is computed here): a province named outright (reinforce,
place an army, split the pile), after a verb ("to:", "conquer:", "attack:",
"move:", "castle:", "send:UNIT:"), after an arrow ("TROOP>PROV",
"UNIT:FROM>TO"), after an at ("UNIT@PROV"), an army's id (its province), a
list [PROV, troop, n] (hired ronin), or a declared battle's number (its
target). Qt-free."""

from __future__ import annotations

from tenkatoitsu_gui.area.provinces import ProvinceChoices

from tenkatoitsu.core.decisions import Decision, Option

PLAN, NEXT_BATTLE = "plan", "next-battle"


def army_places(view: dict | None) -> dict[str, str]:
    """army id -> the province of its marker (armies on the board)."""
    if view is None:
        return {}
    return {a["id"]: a["at"] for a in view["armies"] if a["at"]}


def _place(word: str, provinces: set[str], armies: dict[str, str]) -> str | None:
    if word in provinces:
        return word
    return armies.get(word)


def province_of(value, provinces: set[str], view: dict | None = None,
                decision: Decision | None = None) -> str | None:
    """The province an option's value names, or None."""
    armies = army_places(view)
    if isinstance(value, bool):
        return None
    if isinstance(value, int):
        if decision is not None and decision.kind == NEXT_BATTLE and view is not None:
            markers = view["markers"]
            return markers[value][2] if 0 <= value < len(markers) else None
        return None
    if isinstance(value, (list, tuple)):
        return value[0] if value and isinstance(value[0], str) and value[0] in provinces \
            else None
    if not isinstance(value, str):
        return None
    whole = _place(value, provinces, armies)
    if whole is not None:
        return whole
    if ">" in value:
        return _place(value.rpartition(">")[2], provinces, armies)
    if "@" in value:
        return _place(value.rpartition("@")[2], provinces, armies)
    if ":" in value:
        return _place(value.rpartition(":")[2], provinces, armies)
    return None


def province_choices(decision: Decision | None, provinces: set[str],
                     view: dict | None) -> ProvinceChoices:
    if decision is None or decision.kind == PLAN:
        return ProvinceChoices()
    out: dict[str, list[Option]] = {}
    for o in decision.options:
        p = province_of(o.value, provinces, view, decision)
        if p is not None:
            out.setdefault(p, []).append(o)
    focus = None
    army = decision.context.get("army") if decision.context else None
    if army:
        focus = army_places(view).get(army)
    elif decision.context and decision.context.get("battle") in provinces:
        focus = decision.context["battle"]
    return ProvinceChoices({p: tuple(o) for p, o in out.items()}, focus)
