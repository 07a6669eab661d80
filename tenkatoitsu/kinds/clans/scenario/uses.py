"""`use "FILE"`: a clans scenario takes its map from another scenario, such
as the 68 provinces of the bundled `shogun.tks` (the game's own board is an
image only), and from another clans scenario every part it does not state
itself (model.PARTS).

A used file of another kind is read and built by its own kind (the loader's
`Kind.borrows`); here it is only a document with a `board`, an `AreaMap`, its
`map_title`, `shapes` and `sources` (duck-typed: this kind never imports
another kind's package)."""

from __future__ import annotations

import attrs

from tenkatoitsu.areamap import AreaMap
from tenkatoitsu.dsl.diagnostics import Diagnostic
from tenkatoitsu.dsl.scenario_header import MAP_SOURCE
from tenkatoitsu.kinds.clans.scenario.model import ClansScenario

__all__ = ["FIELDS", "include"]

#: the fields that come with each part a file may leave to the one it uses
FIELDS = {
    "map": ("board", "map_title", "shapes"),
    "seats": ("seats",),
    "players": ("players_min", "players_max", "players_default"),
    "components": ("components",),
    "variants": ("variants",),
    "clans": ("clans",),
    "provinces": ("lists", "sea_zones"),
}


def _map_sources(inc) -> tuple:
    return tuple(s for s in getattr(inc, "sources", ()) if s.what == MAP_SOURCE)


def _parts(parts) -> str:
    return ", ".join(parts) if parts else "nothing"


def include(doc: ClansScenario, included: list) -> tuple[ClansScenario, list[Diagnostic]]:
    """The document with each part it does not state taken from the first
    used file that has it: from a clans scenario any part, from a scenario of
    another kind the map alone (its own `use` lines are not followed further)."""
    diags: list[Diagnostic] = []
    done: set[str] = set()
    #: used clans files whose map is another file's, which is not followed
    borrowed_map = []
    for use, inc in included:
        if isinstance(inc, ClansScenario):
            offered = [part for part in FIELDS if part in inc.stated]
            if "map" not in inc.stated and inc.uses:
                borrowed_map.append((use, inc))
        elif isinstance(getattr(inc, "board", None), AreaMap):
            offered = ["map"]
        else:
            diags.append(Diagnostic(f"'{use.path}' is neither a clans scenario nor a scenario "
                                    "with a map", use.pos,
                                    hint='use "shogun.tks" for the 68 provinces of Japan'))
            continue
        if "map" in offered and not len(inc.board):
            diags.append(Diagnostic(f"'{use.path}' has no map of its own (a file it uses is "
                                    "not followed further)", use.pos,
                                    hint="use the file that states the map"))
            offered.remove("map")
        changes = {}
        for part in offered:
            if part not in doc.stated and part not in done:
                done.add(part)
                for f in FIELDS[part]:
                    changes[f] = getattr(inc, f)
        if not changes:
            diags.append(Diagnostic(f"'{use.path}' gives this file nothing: what it has "
                                    f"({_parts(offered)}) this file states, or an earlier use "
                                    "gave", use.pos, hint="leave out the use",
                                    severity="warning"))
            continue
        if "board" in changes:
            changes["sources"] = _map_sources(inc) + doc.sources
        # `stated` stays the file's own: `fmt` writes only what the file states
        doc = attrs.evolve(doc, **changes)
    if "map" not in doc.stated and "map" not in done:
        for use, inc in borrowed_map:
            theirs = ", ".join(f'"{u.path}"' for u in inc.uses)
            diags.append(Diagnostic(f"'{use.path}' takes its map from {theirs}, and the use "
                                    "lines of a used file are not followed", use.pos,
                                    hint=f"use {theirs.split(', ')[0]} here too"))
    return doc, diags
