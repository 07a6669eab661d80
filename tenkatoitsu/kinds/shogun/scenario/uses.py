"""`use "FILE"`: a scenario that states only what it changes (a starting
position, other variants) and takes the rest from another shogun scenario,
such as the bundled map `shogun.tks`."""

from __future__ import annotations

import attrs

from tenkatoitsu.dsl.diagnostics import Diagnostic
from tenkatoitsu.kinds.shogun.scenario.model import ShogunScenario

#: the fields that come with each part a file may leave to the one it uses
FIELDS = {
    "map": ("board", "map_title", "shapes"),
    "seats": ("seats",),
    "players": ("players_min", "players_max", "players_default"),
    "components": ("components",),
    "variants": ("variants",),
}


def include(doc: ShogunScenario, included: list) -> tuple[ShogunScenario, list[Diagnostic]]:
    """The document with each part it does not state taken from the first
    used scenario that has it (its own `use` lines are not followed further)."""
    diags: list[Diagnostic] = []
    done: set[str] = set()
    for use, inc in included:
        if not isinstance(inc, ShogunScenario):
            diags.append(Diagnostic(f"'{use.path}' is not a shogun scenario", use.pos))
            continue
        if inc.start is not None:
            diags.append(Diagnostic(f"'{use.path}' has a start block of its own, which is not "
                                    "taken", use.pos, hint="a used file gives the map, seats, "
                                    "players, components and variants", severity="warning"))
        changes = {}
        for part, fields in FIELDS.items():
            if part not in doc.stated and part not in done and part in inc.stated:
                done.add(part)
                for f in fields:
                    changes[f] = getattr(inc, f)
        if "map" in changes:
            changes["sources"] = tuple(s for s in inc.sources if s.what == "map") + doc.sources
        # `stated` stays the file's own: `fmt` writes only what the file states
        doc = attrs.evolve(doc, **changes)
    return doc, diags
