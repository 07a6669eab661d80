"""Which areas of the map answer the pending decision, read from its options
and context (no rule is computed here): a card's step whose value is an area
("kiyosu"), a piece sent to one ("blue>kiyosu"), soldiers taken from one
("kiyosu:2"), and the split of the dice, whose options are count dice that
`context["splits"]` maps to areas. Qt-free."""

from __future__ import annotations

import attrs

from tenkatoitsu.core.decisions import Decision, Option

SPLIT, CARD_TARGET, DEPLOY_DAIMYO = "split", "card-target", "deploy-daimyo"


@attrs.frozen
class AreaChoices:
    """area -> the options a click on it may answer (one, or several to pick
    from); `chosen`: areas the card in play has already chosen; `target`: the
    area a decision is about without being answered on the map."""

    options: dict = attrs.field(factory=dict)
    chosen: tuple[str, ...] = ()
    target: str | None = None

    def areas(self) -> set[str]:
        return set(self.options)


def area_of(value, areas: set[str]) -> str | None:
    """The area an option's value names, or None."""
    if not isinstance(value, str):
        return None
    if value in areas:
        return value
    if ">" in value:
        area = value.partition(">")[2]
        return area if area in areas else None
    if ":" in value:
        area = value.partition(":")[0]
        return area if area in areas else None
    return None


def split_areas(decision: Decision | None) -> dict:
    """The split decision's count die -> the area its two other dice name."""
    if decision is None or decision.kind != SPLIT:
        return {}
    return {_number(k): a for k, a in decision.context.get("splits", {}).items()}


def _number(key):
    """A count die as the options give it (a save's JSON may turn keys to text)."""
    return int(key) if isinstance(key, str) and key.isdigit() else key


def area_choices(decision: Decision | None, areas: set[str]) -> AreaChoices:
    if decision is None:
        return AreaChoices()
    out: dict[str, list[Option]] = {}
    if decision.kind == SPLIT:
        by_die = split_areas(decision)
        for o in decision.options:
            if by_die.get(o.value) in areas:
                out.setdefault(by_die[o.value], []).append(o)
        return AreaChoices(out)
    if decision.kind == DEPLOY_DAIMYO:
        return AreaChoices(target=decision.context.get("area"))
    if decision.kind != CARD_TARGET:
        return AreaChoices()
    for o in decision.options:
        a = area_of(o.value, areas)
        if a is not None:
            out.setdefault(a, []).append(o)
    chosen = tuple(a for a in (area_of(v, areas) for v in decision.context.get("chosen", ()))
                   if a is not None)
    return AreaChoices(out, chosen)
