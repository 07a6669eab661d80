"""Scenario kinds in the GUI: a registry from a kind's name to the view that
supplies its central map view and its side docks. The hex battle
("tenkatoitsu") is the first; the area-control and Shogun kinds register here
when they come.

A kind view is built with the GameController and provides:

- `central`: the widget in the middle of the window (the map),
- `docks`: a list of (title, widget, Qt.DockWidgetArea),
- `show(state, viewer, reveal_all, decision, answerable, who, events=None)`:
  draw a state (the live one, or a past one in the replay viewer, with the
  events up to it) and the pending decision,
- `grab_targets()`: name -> widget, for `--screenshot --grab NAME`.
"""

from __future__ import annotations

import importlib

#: kind name -> "module:class" of its view (imported when first used)
KINDS: dict[str, str] = {
    "tenkatoitsu": "tenkatoitsu_gui.battle.view:BattleView",
}


def register(kind: str, target: str) -> None:
    KINDS[kind] = target


def view_class(kind: str):
    try:
        target = KINDS[kind]
    except KeyError:
        raise ValueError(f"the GUI has no view for scenarios of kind '{kind}' "
                         f"(kinds: {', '.join(KINDS)})") from None
    module, _, name = target.partition(":")
    return getattr(importlib.import_module(module), name)
