"""The siege map window [15]: each fortress's siege map from the scenario
(`siege-map`): the base area, the key areas and the peripheral areas linked to
main-map hexes, the lines of attack with the Defense value at each end; the
units inside the fortress and, when the state keeps sieges
(`game.state.sieges`), their control markers and Manpower. A decision whose
options are area ids of a siege map is answered by clicking the area."""

from __future__ import annotations

from PySide6.QtCore import QPointF, QRectF, Qt, Signal
from PySide6.QtGui import QBrush, QColor, QFont, QPainter, QPen
from PySide6.QtWidgets import (
    QGraphicsRectItem,
    QGraphicsScene,
    QGraphicsSimpleTextItem,
    QGraphicsView,
    QLabel,
    QTabWidget,
    QVBoxLayout,
    QWidget,
)

ROWS = {"base": 0, "key": 1, "peripheral": 2}
AREA_W, AREA_H = 170.0, 70.0
ROW_GAP, COL_GAP = 70.0, 30.0
AREA_FILL = {"base": "#c9b27c", "key": "#d9c9a0", "peripheral": "#b8c9a0"}


def siege_record(state, siege_map_id: str):
    """What the state holds of this siege, if the siege rules keep any."""
    sieges = getattr(state, "sieges", None)
    if not sieges:
        return None
    if isinstance(sieges, dict):
        return sieges.get(siege_map_id)
    return next((s for s in sieges if getattr(s, "siege_map", None) == siege_map_id
                 or getattr(s, "id", None) == siege_map_id), None)


def _field(record, name: str):
    if record is None:
        return None
    return record.get(name) if isinstance(record, dict) else getattr(record, name, None)


def _control(record) -> dict[str, str]:
    """Area -> who holds a Control marker there (the engine's `SiegeState.markers`
    lists the sides; a Peripheral Area may hold both [15.4.4])."""
    control = _field(record, "control")
    if control:
        return control
    return {a: " + ".join(sides) for a, sides in (_field(record, "markers") or {}).items()}


def _tracks(record) -> str | None:
    """The Manpower and Out of Combat tracks [15.4.1] [15.4.2], per side."""
    manpower = _field(record, "manpower")
    if manpower is None:
        return None
    if not isinstance(manpower, dict):
        return f"Manpower: {manpower}"
    ooc = _field(record, "out_of_combat") or {}
    return "   ".join(f"{side}: Manpower {mp}, Out of Combat {ooc.get(side, 0)}"
                       for side, mp in manpower.items())


class SiegeMapView(QGraphicsView):
    areaClicked = Signal(str, str)  # siege map id, area id

    def __init__(self, game, siege_map, parent=None):
        super().__init__(parent)
        self.game, self.sm = game, siege_map
        self.setScene(QGraphicsScene(self))
        self.setRenderHint(QPainter.RenderHint.Antialiasing)
        self.setBackgroundBrush(QBrush(QColor("#efe6cc")))
        self.rects: dict[str, QRectF] = {}
        self.options: set[str] = set()
        self._layout()

    def _layout(self) -> None:
        rows: dict[int, list] = {}
        for a in self.sm.areas:
            rows.setdefault(ROWS.get(a.kind, 3), []).append(a)
        width = max(len(v) for v in rows.values()) * (AREA_W + COL_GAP)
        for r, areas in rows.items():
            n = len(areas)
            x0 = (width - n * (AREA_W + COL_GAP)) / 2
            for i, a in enumerate(areas):
                self.rects[a.id] = QRectF(x0 + i * (AREA_W + COL_GAP), r * (AREA_H + ROW_GAP),
                                          AREA_W, AREA_H)

    def show_state(self, state, options: set[str]) -> None:
        self.options = options
        sc = self.scene()
        sc.clear()
        fort = self._fortress()  # the engine keeps sieges by fortress id
        record = siege_record(state, fort.id) if fort is not None else None
        record = record or siege_record(state, self.sm.id)
        control = _control(record)
        tracks = _tracks(record)
        font = QFont("DejaVu Sans", 8)
        for ln in self.sm.lines:  # lines of attack, Defense value at each end
            ra, rb = self.rects.get(ln.a), self.rects.get(ln.b)
            if ra is None or rb is None:
                continue
            pa, pb = ra.center(), rb.center()
            sc.addLine(pa.x(), pa.y(), pb.x(), pb.y(), QPen(QColor("#7a1f1f"), 3)).setZValue(0)
            for value, near, far in ((ln.defense_a, pa, pb), (ln.defense_b, pb, pa)):
                if value is None:
                    continue
                pt = QPointF(near.x() + (far.x() - near.x()) * 0.3,
                             near.y() + (far.y() - near.y()) * 0.3)
                # the Defense value at this end, on top of the area boxes
                sc.addEllipse(pt.x() - 9, pt.y() - 9, 18, 18, QPen(QColor("#111111")),
                              QBrush(QColor("#ffffff"))).setZValue(2)
                t = QGraphicsSimpleTextItem(str(value))
                t.setFont(QFont("DejaVu Sans", 8, QFont.Weight.Bold))
                t.setPos(pt.x() - 4, pt.y() - 8)
                t.setZValue(3)
                sc.addItem(t)
        inside = self._garrison(state)
        for a in self.sm.areas:
            r = self.rects[a.id]
            fill = AREA_FILL.get(a.kind, "#dddddd")
            pen = QPen(QColor("#ffe600"), 4) if a.id in options else QPen(QColor("#333333"), 1.5)
            item = QGraphicsRectItem(r)
            item.setPen(pen)
            item.setBrush(QColor(fill))
            item.setData(0, a.id)
            item.setZValue(1)
            sc.addItem(item)
            lines = [f"{a.name or a.id} ({a.kind})"]
            if a.defense is not None:
                lines.append(f"Defense {a.defense}")
            if a.hexes:
                lines.append("linked to " + " ".join(h.id for h in a.hexes))
            if a.kind == "base" and inside:
                lines.append("inside: " + ", ".join(inside))
            if a.id in control:
                lines.append(f"control: {control[a.id]}")
            t = QGraphicsSimpleTextItem("\n".join(lines))
            t.setZValue(1.5)
            t.setFont(font)
            t.setPos(r.left() + 6, r.top() + 4)
            sc.addItem(t)
        if tracks is not None:
            t = QGraphicsSimpleTextItem(tracks)
            t.setFont(QFont("DejaVu Sans", 10, QFont.Weight.Bold))
            t.setPos(0, -30)
            sc.addItem(t)
        sc.setSceneRect(sc.itemsBoundingRect().adjusted(-20, -20, 20, 20))

    def _fortress(self):
        return next((f for f in self.game.scenario.map.fortresses
                     if f.siege_map == self.sm.id), None)

    def _garrison(self, state) -> list[str]:
        fort = self._fortress()
        if fort is None:
            return []
        return [u.id for u in state.units.values()
                if u.hex is not None and not u.eliminated and u.hex in fort.hexes]

    def mouseReleaseEvent(self, e) -> None:
        super().mouseReleaseEvent(e)
        pt = self.mapToScene(e.position().toPoint())
        for aid, r in self.rects.items():
            if r.contains(pt):
                self.areaClicked.emit(self.sm.id, aid)
                return


class SiegeWindow(QWidget):
    """One tab per siege map of the scenario."""

    areaClicked = Signal(str, str)

    def __init__(self, game, parent=None):
        super().__init__(parent)
        self.setWindowTitle(f"Siege maps — {game.scenario.name}")
        self.resize(720, 460)
        lay = QVBoxLayout(self)
        self.tabs = QTabWidget()
        self.views: dict[str, SiegeMapView] = {}
        maps = game.scenario.siege_maps()
        for sm in maps:
            v = SiegeMapView(game, sm)
            v.areaClicked.connect(self.areaClicked)
            self.views[sm.id] = v
            self.tabs.addTab(v, sm.name)
        lay.addWidget(self.tabs)
        self.note = QLabel("" if maps else "This scenario has no siege map.")
        lay.addWidget(self.note)

    def area_options(self, decision) -> set[str]:
        if decision is None:
            return set()
        ids = {a.id for v in self.views.values() for a in v.sm.areas}
        return {o.value for o in decision.options if isinstance(o.value, str) and o.value in ids}

    def show_state(self, state, decision) -> None:
        opts = self.area_options(decision)
        for v in self.views.values():
            v.show_state(state, opts)
            v.fitInView(v.scene().sceneRect(), Qt.AspectRatioMode.KeepAspectRatio)
