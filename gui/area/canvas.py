"""The map canvas of the area-map views: a widget that fits the map to its
size, zooms with the wheel about the point under the mouse, pans by dragging,
and reports the area under a click (a press and release without a drag) or
under the mouse. A kind's map says where its areas are (`frame`, `area_at`)
and paints them; the shapes it draws are made by `polygon_path`."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from PySide6.QtCore import QPointF, QRectF, Qt, Signal
from PySide6.QtGui import QColor, QPainter, QPainterPath, QPen, QPolygonF
from PySide6.QtWidgets import QWidget

DRAG = 5  # pixels a press moves before it is a drag, not a click


def polygon_path(polys) -> QPainterPath:
    """The polygons (each a list of (x, y)) as one path, overlaps filled."""
    path = QPainterPath()
    path.setFillRule(Qt.FillRule.WindingFill)
    for poly in polys:
        if poly:
            path.addPolygon(QPolygonF([QPointF(x, y) for x, y in poly]))
            path.closeSubpath()
    return path


class AreaCanvas(QWidget):
    """A kind's map sets `choices` (whose `options` are the areas a click
    answers), `view` and the glyph unit's bounds, and provides `frame()`
    (with `to_screen` and `to_world`) and `area_at(pt)`."""

    areaClicked = Signal(str)
    areaHovered = Signal(str)  # "" off every area
    #: each map's own: the frame of the map on the widget (`to_screen`, `to_world`)
    frame: Callable[[], Any]
    #: and the area under a point of the widget, if any
    area_at: Callable[[QPointF], str | None]

    ZOOM_MIN, ZOOM_MAX = 0.5, 5.0
    #: the unit of the glyphs, in pixels at the fitted zoom, and its bounds
    UNIT, UNIT_MIN, UNIT_MAX = 16.0, 12.0, 24.0

    def __init__(self, choices, parent=None):
        super().__init__(parent)
        self.view: dict | None = None
        self.choices = choices
        self.hover: str | None = None
        self.refused: str | None = None
        self.zoom_factor = 1.0
        self.pan = QPointF(0, 0)
        self._press: QPointF | None = None
        self._dragged = False
        self.setMouseTracking(True)
        self.setMinimumSize(360, 260)

    def flash_refused(self, area: str | None) -> None:
        self.refused = area
        self.update()

    # ------------------------------------------------------------ zoom and pan
    def fit(self) -> None:
        self.zoom_factor, self.pan = 1.0, QPointF(0, 0)
        self.update()

    def zoom(self, factor: float, at: QPointF | None = None) -> None:
        new = min(max(self.zoom_factor * factor, self.ZOOM_MIN), self.ZOOM_MAX)
        if new == self.zoom_factor:
            return
        at = at if at is not None else QPointF(self.width() / 2, self.height() / 2)
        world = self.frame().to_world(at)
        self.zoom_factor = new
        self.pan += at - self.frame().to_screen(world)  # the point under the mouse stays put
        self.update()

    def unit(self) -> float:
        """The glyphs' size: they follow the zoom slowly, within readable bounds."""
        return min(max(self.UNIT * self.zoom_factor ** 0.5, self.UNIT_MIN), self.UNIT_MAX)

    # ------------------------------------------------------------ mouse
    def wheelEvent(self, e) -> None:
        self.zoom(1.2 if e.angleDelta().y() > 0 else 1 / 1.2, e.position())

    def mousePressEvent(self, e) -> None:
        if e.button() == Qt.MouseButton.LeftButton:
            self._press, self._dragged = e.position(), False

    def mouseMoveEvent(self, e) -> None:
        if self._press is not None and e.buttons() & Qt.MouseButton.LeftButton:
            delta = e.position() - self._press
            if self._dragged or delta.manhattanLength() >= DRAG:
                self._dragged = True
                self.pan += delta
                self._press = e.position()
                self.update()
            return
        area = self.area_at(e.position())
        if area != self.hover:
            self.hover = area
            self.setCursor(Qt.CursorShape.PointingHandCursor if area in self.choices.options
                           else Qt.CursorShape.ArrowCursor)
            self.areaHovered.emit(area or "")
            self.update()

    def mouseReleaseEvent(self, e) -> None:
        if e.button() == Qt.MouseButton.LeftButton and self._press is not None \
                and not self._dragged:
            area = self.area_at(e.position())
            if area:
                self.areaClicked.emit(area)
        self._press = None

    def leaveEvent(self, e) -> None:
        if self.hover is not None:
            self.hover = None
            self.areaHovered.emit("")
            self.update()

    # ------------------------------------------------------------ painting
    def painter(self, background: str) -> QPainter:
        """A painter on the widget, antialiased, over the `background` colour."""
        p = QPainter(self)
        p.setRenderHint(QPainter.RenderHint.Antialiasing)
        p.setRenderHint(QPainter.RenderHint.TextAntialiasing)
        p.fillRect(self.rect(), QColor(background))
        return p

    @staticmethod
    def legend_box(p: QPainter, box: QRectF, alpha: int) -> None:
        """The key's box, light and a little see-through."""
        p.setPen(QPen(QColor(0, 0, 0, 60), 1))
        p.setBrush(QColor(255, 251, 238, alpha))
        p.drawRoundedRect(box, 5, 5)
