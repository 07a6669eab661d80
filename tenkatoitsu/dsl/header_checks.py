"""The checks the area-map kinds' validators share: where to report (the
first of some statements the file wrote, else the scenario's title), the
scenario's title, the players statement, the seats' names and colours, and
the variants' ids and the one default of each group."""

from __future__ import annotations

from tenkatoitsu.dsl.checker import Checker
from tenkatoitsu.dsl.diagnostics import SourcePos


class Places:
    """Where to report: the first of some statements that the file wrote, else
    the scenario's title, else the top of the file."""

    def __init__(self, doc):
        self.where = doc.where
        self.top = doc.where.get("scenario") or SourcePos(doc.file, 1, 1)

    def __call__(self, *keys: str) -> SourcePos:
        return next((self.where[k] for k in keys if k in self.where), self.top)

    def has(self, key: str) -> bool:
        return key in self.where


def player_counts(doc) -> range:
    """Every player count the scenario is for."""
    return range(doc.players_min, doc.players_max + 1)


def check_title(c: Checker, doc, at: Places, example: str):
    if not doc.name.strip():
        c.error("the scenario's title is empty", at("scenario"), hint=example)


def check_players(c: Checker, doc, at: Places, rules: tuple[int, int], cite: str, hint: str):
    """The span within the `rules`' player counts (`cite` says where they are
    written, `hint` how to fix it), the default within the span, and each
    seat once."""
    lo, hi = rules
    if doc.players_min < lo or doc.players_max > hi:
        c.error(f"players {doc.players_min}..{doc.players_max}: the rules are written for "
                f"{lo} to {hi} players {cite}", at("players"), hint=hint)
    if not doc.players_min <= doc.players_default <= doc.players_max:
        c.error(f"the default of {doc.players_default} players is outside "
                f"{doc.players_min}..{doc.players_max}", at("players"),
                hint=f"a number from {doc.players_min} to {doc.players_max}")
    c.unique(doc.seats, lambda s: s.id, "seat")


def check_seat_names(c: Checker, seats, pieces: str):
    """Each seat named, and in a colour of its own (`pieces`: what the colour marks)."""
    colours: dict[str, str] = {}
    for s in seats:
        if not s.name.strip():
            c.error(f"seat '{s.id}' has an empty name", s.pos, hint="the name players read")
        if s.colour.lower() in colours:
            c.warn(f"seats '{colours[s.colour.lower()]}' and '{s.id}' have the same colour "
                   f"{s.colour}", s.pos, hint=f"players tell {pieces} apart by colour")
        colours.setdefault(s.colour.lower(), s.id)


def check_variants(c: Checker, variants, known, at: Places):
    """Each variant once and known, and one default in a group."""
    c.unique(variants, lambda v: v.id, "variant")
    defaults: dict[str | None, str] = {}
    for v in variants:
        if v.id not in known:
            c.unknown("variant", v.id, known, v.pos)
        if v.default and v.group is not None:
            if v.group in defaults:
                c.error(f"variants '{defaults[v.group]}' and '{v.id}' are both the default of "
                        f"group '{v.group}'", at(f"variant {v.id} default"),
                        hint="one variant of a group is played unless another is chosen")
            defaults.setdefault(v.group, v.id)
