"""Kinds in the GUI: each kind of game registers the view that draws it
through the entry-point group `tenkatoitsu_gui.views` (name = the kind's
name, value = "module:Class"), so that the engine never imports Qt and a
kind's package adds its view the same way it adds its rules. The shell (the
window, menus, log, replay bar, hot-seat screen, new game dialog) knows a view
only through `KindView`; the members below its `optional` line a view may
leave out, and the window asks for them with `optional(view, name)`.
"""

from __future__ import annotations

from importlib import import_module
from importlib.metadata import entry_points
from typing import Any, Callable, Protocol

GROUP = "tenkatoitsu_gui.views"

_registered: dict[str, str] = {}


class KindView(Protocol):
    """What a kind's view gives the window. Built as `View(controller, window)`."""

    central: Any  #: the widget in the middle of the window (the map)
    docks: list  #: (title, widget, Qt.DockWidgetArea) for the side panels
    status: Callable[[str], None] | None  #: set by the window: a line in its status bar
    part_sizes: dict[str, tuple[int, int]]  #: the size a part is drawn at when grabbed alone
    side_docks: tuple[str, ...]  #: two dock titles the window widens at the start, or ()

    def show(self, state, viewer, reveal_all: bool, decision, answerable: bool, who: str,
             events=None) -> None:
        """Draw a state (the live one, or a past one in the replay viewer, with
        the events up to it) as `viewer` sees it, and the pending decision."""

    def grab_targets(self) -> dict[str, Any]:
        """Part name -> widget, for `--screenshot --grab NAME`."""

    def prepare_grab(self, name: str, widget) -> None:
        """Make a part ready to be drawn alone (select an option, show a window)."""

    def fit(self) -> None:
        """Fit the map to the window."""

    def zoom(self, factor: float) -> None: ...

    def menu_actions(self) -> list[tuple[str, Callable[[], None]]]:
        """The View menu's entries of this kind (label, action)."""

    def close(self) -> None:
        """The game is leaving the window: close the view's own windows."""

    # ---- optional
    open_rule: Callable[[str], None] | None  #: set by the window: show a rule's summary
    tabbed: tuple[tuple[str, str], ...]  #: (dock in front, dock behind its tab)

    def help_pages(self) -> list[tuple[str, str]]:
        """The Help window's pages of this kind: (title, HTML). A link
        `rule:11.6` opens that rule's summary (`rule_text`)."""

    def rule_text(self, rule: str) -> tuple[str, str] | None:
        """A rule id of the event log -> (title, HTML) of what the rule says,
        or None when the kind has nothing to say of it."""

    def summary_sections(self, viewer) -> list[tuple[str, str]]:
        """The game-over summary's own sections of this kind (title, HTML),
        as `viewer` may read them; without it the summary shows `kind.summary`."""


def optional(view, name: str):
    """A view's optional member, or None when it has none."""
    return getattr(view, name, None)


def register(kind: str, target: str) -> None:
    """Add a view in this process: "module:Class"."""
    _registered[kind] = target


def _declared() -> dict[str, str]:
    found = {ep.name: ep.value for ep in entry_points(group=GROUP)}
    found.update(_registered)
    return found


def view_class(kind: str):
    declared = _declared()
    try:
        target = declared[kind]
    except KeyError:
        raise ValueError(f"the GUI has no view for games of kind '{kind}' "
                         f"(kinds with a view: {', '.join(sorted(declared)) or 'none'})") from None
    module, _, name = target.partition(":")
    return getattr(import_module(module), name)
