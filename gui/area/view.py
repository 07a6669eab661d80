"""The plumbing an area-map kind's view (tenkatoitsu_gui.kinds.KindView)
shares: the map's zoom kept across undo and redo, the shell's fit and zoom,
a click on an area answering the pending decision (a menu when several
options name it, a refusal when none does), hovering an area saying it in
the tooltip and the status bar, and the docks' helpers. It decides nothing."""

from __future__ import annotations

from collections.abc import Callable

from PySide6.QtCore import QPointF
from PySide6.QtGui import QCursor
from PySide6.QtWidgets import QDockWidget, QMenu, QScrollArea


def dock_of(widget) -> QDockWidget | None:
    """The dock a widget stands in, if any."""
    while widget is not None and not isinstance(widget, QDockWidget):
        widget = widget.parentWidget()
    return widget


def scrolled(widget) -> QScrollArea:
    area = QScrollArea()
    area.setWidgetResizable(True)
    area.setWidget(widget)
    return area


class AreaView:
    """A kind's view sets `map` (an AreaCanvas) and `options` (the shell's
    OptionsPanel), keeps `view`, `pending`, `answerable` and `choices` up to
    date, and says `describe(area)`; `AREAS` and `MARKED` word a refusal."""

    AREAS = "area(s)"  # what the map's areas are called
    MARKED = "ringed in yellow"  # how the map marks the areas a click answers
    #: each view's own: an area's tooltip
    describe: Callable[[str], str]

    def __init__(self, controller, choices):
        """`choices`: the kind's empty choices (none answered on the map)."""
        self.controller = controller
        self.status = None  # a callable showing a line in the status bar
        self.open_rule = None  # a callable opening a rule's summary in the Help window
        self.view: dict | None = None  # the seat's view of the state shown
        self.pending = None  # the decision shown, when live
        self.answerable = False
        self.choices = choices
        self.menu: QMenu | None = None  # the options of an area clicked that has several

    def keep_zoom(self, window) -> None:
        """Undo, redo, a branch: the map as the window's last view had zoomed it."""
        old = getattr(window, "view", None)
        if isinstance(old, type(self)):
            self.map.zoom_factor, self.map.pan = old.map.zoom_factor, QPointF(old.map.pan)

    def prepare_grab(self, name: str, widget) -> None:
        """Every part draws itself as it is."""

    def fit(self) -> None:
        self.map.fit()

    def zoom(self, factor: float) -> None:
        self.map.zoom(factor)

    def menu_actions(self) -> list:
        return []

    def close(self) -> None:
        if self.menu is not None:
            self.menu.close()

    # ------------------------------------------------------------ naming
    def area_name(self, area: str) -> str:
        return self.map.names[area]

    def option_label(self, option) -> str:
        return option.label

    # ------------------------------------------------------------ hovering
    def _preview(self, area: str | None, opts) -> None:
        """What the map marks for the options of the area hovered (none here)."""

    def _area_hovered(self, area: str) -> None:
        opts = self.choices.options.get(area) if area else None
        self._preview(area, opts)
        if not area:
            self.map.setToolTip("")
            return
        text = self.describe(area)
        if opts:
            text = " / ".join(self.option_label(o) for o in opts) + " — " + text
        self.map.setToolTip(text)
        if self.status:
            self.status(text)

    # ------------------------------------------------------------ answering
    def _answer(self, value) -> None:
        reason = self.controller.answer(value)  # None, or why the rules refuse it
        if reason:
            self.refuse(reason)

    def refuse(self, reason: str, area: str | None = None) -> None:
        self.options.refuse(reason)
        self.map.flash_refused(area)
        if self.status:
            self.status(reason)

    def _area_clicked(self, area: str) -> None:
        if not self.answerable or not self.choices.options:
            return
        opts = self.choices.options.get(area)
        if not opts:
            n = len(self.choices.options)
            self.refuse(f"{self.area_name(area)} is not a choice now: the {n} {self.AREAS} "
                        f"you may choose are {self.MARKED}.", area)
        elif len(opts) == 1:
            self._answer(opts[0].value)
        else:  # several answers name this area (how many, which piece, which troop): ask
            self.menu = QMenu(self.map)
            for o in opts:
                self.menu.addAction(self.option_label(o), lambda v=o.value: self._answer(v))
            self.menu.popup(QCursor.pos())
