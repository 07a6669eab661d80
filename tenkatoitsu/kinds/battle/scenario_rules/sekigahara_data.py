"""The data of `rule sekigahara { ... }` [21]: the Betrayal Aid (influence
tracks, Diplomacy Track and its events table, pledges, feudal bonds) and the
scenario's special clans, read from the rule's parameters and checked against
the scenario with located errors. Values are numbers and quoted ids."""

from __future__ import annotations

import attrs

from tenkatoitsu.kinds.battle.scenario import (
    model as m,  #: parameter name -> what it holds (the validator reports unknown names)
)

PARAMS = {
    "second-commander": "[21.2] UNIT FAMILY: a commander who rolls for CP once FAMILY joins",
    "track": "[21.4.2] FAMILY LOYAL TREASON: boxes from Undecided to Loyal! and to Treason!",
    "draws": "[21.4.3] Influence chits drawn on each turn (row 1 of the Diplomacy Track)",
    "loyalty": "[21.4.3] the start box of Ishida's Diplomacy marker (row 2)",
    "treason": "[21.4.3] the start box of Tokugawa's Diplomacy marker (row 3)",
    "diplomacy-max": "[21.4.3] the last box of rows 2 and 3",
    "event": "[21.4.3] EVENT SIDE MARKER BOXES: a line of the Diplomacy events table",
    "vp-lead": "[21.4.3] the VP lead that moves a Diplomacy marker",
    "pledge": "[21.4.3] TURN VP: one of Tokugawa's pledges, in order",
    "always-drawn": "[21.4.3] FAMILY...: whose (white) Treason chit is always in the Betrayal Bowl",
    "bond": "[21.4.5] FAMILY SIDE OTHER BOXES: when FAMILY joins SIDE, OTHER's chit of "
            "that side moves BOXES",
    "gambit": "[21.4.6] FAMILY: the clan the arquebuses may force to decide",
    "stays-loyal": "[21.4.7] CLAN...: removed from the game when its family betrays",
    "redeploy": "[21.4.8] FAMILY ENTRY-NOW ENTRY-LATER BOX: immediate activation or redeployment",
    "rout-follows": "[21.5] CLAN FOLLOWER...: when CLAN routs, its followers rout too",
    "free-companion": "[21.5] CLAN COMPANION...: one companion's chit free with CLAN's",
    "impetuous": "[21.6] CLAN...: Ii and Matsudaira, who may go in first",
    "impetuous-trigger": "[21.6] CLAN...: a first activation of one of these rolls for it",
    "hatamoto": "[21.7.2.1] CLAN...: the first fight or support of each gives Ishida 1 VP",
    "lost-head": "[21.7.2.3] UNIT ROLL: his Bundori counts only on 1D6 >= ROLL",
}

EVENTS = ("first-eliminated", "vp-lead", "first-regroup")


def family(clan: str) -> str:
    """The letter (Ishida) or number (Tokugawa) a large clan's parts share
    [21.5]: A1, A2, A3 -> A; 18A, 18B -> 18."""
    if clan[:1].isdigit():
        n = len(clan) - len(clan.lstrip("0123456789"))
    else:
        n = len(clan) - len(clan.lstrip("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz"))
    return clan[:n] or clan


@attrs.frozen
class Bond:
    source: str  # the family that joins
    side: str  # the side it joins
    target: str  # the family whose chit of that side moves
    boxes: int


@attrs.frozen
class DiplomacyEvent:
    kind: str  # first-eliminated | vp-lead | first-regroup
    happens_to: str  # the side whose unit/clan/lead it is
    marker: str  # the side whose Diplomacy marker moves
    boxes: int


@attrs.frozen
class Redeploy:
    family: str
    entry_now: str
    entry_later: str
    box: int


@attrs.frozen
class SekigaharaData:
    commander: tuple[str, str] | None = None  # (unit, family)
    tracks: dict = attrs.field(factory=dict)  # family -> (loyal boxes, treason boxes)
    draws: tuple[int, ...] = ()
    loyalty: int = 2
    treason: int = 2
    diplomacy_max: int = 6
    events: tuple[DiplomacyEvent, ...] = ()
    vp_lead: int = 4
    pledges: tuple[tuple[int, int], ...] = ()  # (turn, VP)
    always_drawn: tuple[str, ...] = ()
    bonds: tuple[Bond, ...] = ()
    gambit: str | None = None
    stays_loyal: tuple[str, ...] = ()
    redeploy: Redeploy | None = None
    rout_follows: tuple[tuple[str, ...], ...] = ()
    free_companion: tuple[str, ...] = ()
    impetuous: tuple[str, ...] = ()
    impetuous_trigger: tuple[str, ...] = ()
    hatamoto: tuple[str, ...] = ()
    lost_head: tuple[str, int] | None = None

    def draws_on(self, turn: int) -> int:
        if not self.draws:
            return 0
        return self.draws[min(turn, len(self.draws)) - 1]


# shapes: each value is "s" (a quoted id) or "n" (a number); "*" repeats the last
SHAPES = {
    "second-commander": "ss", "track": "snn", "draws": "n*", "loyalty": "n", "treason": "n",
    "diplomacy-max": "n", "event": "sssn", "vp-lead": "n", "pledge": "nn", "always-drawn": "s*",
    "bond": "sssn", "gambit": "s", "stays-loyal": "s*", "redeploy": "sssn",
    "rout-follows": "ss*", "free-companion": "ss*", "impetuous": "s*",
    "impetuous-trigger": "s*", "hatamoto": "s*", "lost-head": "sn",
}


def _shape_ok(shape: str, values: tuple) -> bool:
    want = shape
    if shape.endswith("*"):  # the last letter repeats; at least the fixed part
        fixed = shape[:-1]
        if len(values) < len(fixed):
            return False
        want = fixed + fixed[-1] * (len(values) - len(fixed))
    if len(values) != len(want):
        return False
    return all(isinstance(v, str) if w == "s" else isinstance(v, int) for v, w in zip(values, want))


def read(use: m.RuleUse) -> SekigaharaData:
    """The data of a well-formed rule (the validator has checked it)."""
    kw: dict = {"tracks": {}}
    lists: dict[str, list] = {"events": [], "pledges": [], "bonds": [], "rout_follows": []}
    for p in use.params:
        v = p.values
        if not _shape_ok(SHAPES.get(p.name, ""), v):
            continue
        if p.name == "second-commander":
            kw["commander"] = (v[0], v[1])
        elif p.name == "track":
            kw["tracks"][v[0]] = (v[1], v[2])
        elif p.name == "draws":
            kw["draws"] = tuple(v)
        elif p.name in ("loyalty", "treason", "vp-lead"):
            kw[p.name.replace("-", "_")] = v[0]
        elif p.name == "diplomacy-max":
            kw["diplomacy_max"] = v[0]
        elif p.name == "event":
            lists["events"].append(DiplomacyEvent(*v))
        elif p.name == "pledge":
            lists["pledges"].append((v[0], v[1]))
        elif p.name == "bond":
            lists["bonds"].append(Bond(*v))
        elif p.name == "gambit":
            kw["gambit"] = v[0]
        elif p.name == "redeploy":
            kw["redeploy"] = Redeploy(*v)
        elif p.name == "rout-follows":
            lists["rout_follows"].append(tuple(v))
        elif p.name == "lost-head":
            kw["lost_head"] = (v[0], v[1])
        else:
            kw[p.name.replace("-", "_")] = tuple(v)
    kw.update({k: tuple(x) for k, x in lists.items()})
    return SekigaharaData(**kw)


def check(scenario: m.Scenario, use: m.RuleUse, checker) -> None:
    """Every parameter's shape, and every clan, unit, side, entry and family it
    names, against the scenario; each problem located at its parameter."""
    clans = {c.id: c for _, c in scenario.clans()}
    units = {u.id for _, _, u in scenario.units()}
    sides = {s.id for s in scenario.sides}
    entries = {e.id for e in scenario.map.entries} if scenario.map else set()
    undecided = {family(c.id) for c in clans.values() if "undecided" in c.flags}

    def err(msg, p, hint=None):
        checker.error(f"rule sekigahara: {msg}", p.pos or use.pos, hint)

    def need(kind, name, known, p):
        if name not in known:
            err(f"unknown {kind} '{name}'", p, f"known: {', '.join(sorted(known)) or 'none'}")

    tracked = set()
    for p in use.params:
        shape = SHAPES.get(p.name)
        if shape is None:
            continue  # reported as an unknown parameter
        v = p.values
        if not _shape_ok(shape, v):
            words = {"s": "a quoted id", "n": "a number", "*": "..."}
            err(f"'{p.name}' takes {' '.join(words[c] for c in shape)}", p,
                PARAMS[p.name])
            continue
        if any(isinstance(x, int) and x < 0 for x in v):
            err(f"'{p.name}' takes no negative number", p)
        if p.name == "second-commander":
            need("unit", v[0], units, p)
            need("undecided clan family", v[1], undecided, p)
        elif p.name == "track":
            need("undecided clan family", v[0], undecided, p)
            tracked.add(v[0])
            if v[1] < 1 or v[2] < 1:
                err("an influence track has at least one box each way", p)
        elif p.name in ("always-drawn",):
            for f in v:
                need("undecided clan family", f, undecided, p)
        elif p.name == "event":
            if v[0] not in EVENTS:
                err(f"unknown Diplomacy event '{v[0]}'", p, f"known: {', '.join(EVENTS)}")
            need("side", v[1], sides, p)
            need("side", v[2], sides, p)
        elif p.name == "bond":
            need("undecided clan family", v[0], undecided, p)
            need("side", v[1], sides, p)
            need("undecided clan family", v[2], undecided, p)
        elif p.name == "gambit":
            need("undecided clan family", v[0], undecided, p)
        elif p.name == "redeploy":
            need("undecided clan family", v[0], undecided, p)
            need("entry", v[1], entries, p)
            need("entry", v[2], entries, p)
            if not 1 <= v[3] <= m.DELAY_BOXES:
                err(f"the Delay box is 1 to {m.DELAY_BOXES} [2.3]", p)
        elif p.name in ("stays-loyal", "rout-follows", "free-companion", "impetuous",
                        "impetuous-trigger", "hatamoto"):
            for c in v:
                need("clan", c, clans, p)
        elif p.name == "lost-head":
            need("unit", v[0], units, p)
            if not 1 <= v[1] <= 6:
                err("the roll is 1 to 6", p)
    for f in sorted(undecided - tracked):
        checker.error(f"rule sekigahara: undecided clan family '{f}' has no influence track",
                      use.pos, f'track "{f}" 3 3')
