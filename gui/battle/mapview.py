"""The hex map in a QGraphicsView: the board, the counters of the state shown,
and the highlights of the pending decision. Zoom with the wheel, pan by
dragging; a click (a press and release without a drag) reports the hex and the
counter under it; hovering reports what is in the hex."""

from __future__ import annotations

from PySide6.QtCore import QPointF, QRectF, Qt, Signal
from PySide6.QtGui import QBrush, QColor, QFont, QPainter, QPainterPath, QPen
from PySide6.QtWidgets import QGraphicsItem, QGraphicsScene, QGraphicsView
from tenkatoitsu_gui.battle import geometry as geo
from tenkatoitsu_gui.battle import style
from tenkatoitsu_gui.battle.board import BoardItem, HexIdsItem, hex_polygon
from tenkatoitsu_gui.battle.counters import CounterFace, CounterItem

from tenkatoitsu.hexmap import Hex
from tenkatoitsu.kinds.battle.game import STATE_NAMES
from tenkatoitsu.kinds.battle.view import HIDDEN, GameAt, player_view

STACK_OFFSET = 6.0


class HighlightItem(QGraphicsItem):
    """The legal hexes of the pending decision (with their MP), and the path
    to the hex under the mouse."""

    def __init__(self, scene_rect: QRectF):
        super().__init__()
        self._rect = scene_rect
        self.hexes: dict[str, str] = {}  # hex id -> short text (MP cost)
        self.path: list[Hex] = []
        self.refused: Hex | None = None
        self.setZValue(5)

    def boundingRect(self) -> QRectF:
        return self._rect

    def paint(self, p: QPainter, option, widget=None) -> None:
        p.setRenderHint(QPainter.RenderHint.Antialiasing)
        for hid, text in self.hexes.items():
            h = Hex.from_id(hid)
            p.setPen(QPen(QColor("#ffe600"), 3))
            p.setBrush(QColor(255, 240, 0, 70))
            p.drawPolygon(hex_polygon(h, 0.92))
            if text:
                cx, cy = geo.centre(h)
                p.setFont(QFont("DejaVu Sans", 7, QFont.Weight.Bold))
                rect = QRectF(cx - 26, cy + geo.HEX_H / 2 - 15, 52, 11)
                p.setPen(Qt.PenStyle.NoPen)
                p.setBrush(QColor(0, 0, 0, 150))
                p.drawRoundedRect(rect, 3, 3)
                p.setPen(QColor("#ffffff"))
                p.drawText(rect, Qt.AlignmentFlag.AlignCenter, text)
        if len(self.path) > 1:
            pen = QPen(QColor(220, 30, 30, 200), 4, Qt.PenStyle.SolidLine)
            pen.setCapStyle(Qt.PenCapStyle.RoundCap)
            p.setPen(pen)
            path = QPainterPath(QPointF(*geo.centre(self.path[0])))
            for h in self.path[1:]:
                path.lineTo(QPointF(*geo.centre(h)))
            p.setBrush(Qt.BrushStyle.NoBrush)
            p.drawPath(path)
        if self.refused is not None:
            p.setPen(QPen(QColor("#d00000"), 4))
            p.setBrush(Qt.BrushStyle.NoBrush)
            p.drawPolygon(hex_polygon(self.refused, 0.8))


class MapView(QGraphicsView):
    hexClicked = Signal(str)  # hex id
    unitClicked = Signal(str, str)  # unit id, hex id
    hovered = Signal(str)  # hex id ("" off the map)

    def __init__(self, game, parent=None):
        super().__init__(parent)
        self.game = game
        self.setScene(QGraphicsScene(self))
        mp = game.scenario.map
        w, h = geo.scene_size(mp.width, mp.height)
        self.scene().setSceneRect(0, 0, w, h)
        self.board = BoardItem(game)
        self.scene().addItem(self.board)
        self.ids = HexIdsItem(game)
        self.scene().addItem(self.ids)
        self.highlight = HighlightItem(self.scene().sceneRect())
        self.scene().addItem(self.highlight)
        self.counters: dict[str, CounterItem] = {}
        self.setRenderHint(QPainter.RenderHint.Antialiasing)
        self.setDragMode(QGraphicsView.DragMode.ScrollHandDrag)
        self.setTransformationAnchor(QGraphicsView.ViewportAnchor.AnchorUnderMouse)
        self.setViewportUpdateMode(QGraphicsView.ViewportUpdateMode.SmartViewportUpdate)
        self.setBackgroundBrush(QBrush(QColor("#5b5140")))
        self.setMouseTracking(True)
        self._press = None
        self.option_units: set[str] = set()
        self.selected_unit: str | None = None
        self.state = game.state
        self.stacks: dict[str, list[str]] = {}

    # ------------------------------------------------------------ zoom and pan
    def wheelEvent(self, e) -> None:
        factor = 1.2 if e.angleDelta().y() > 0 else 1 / 1.2
        self.zoom(factor)

    def zoom(self, factor: float) -> None:
        scale = self.transform().m11() * factor
        if 0.2 <= scale <= 5:
            self.scale(factor, factor)

    def fit(self) -> None:
        self.fitInView(self.scene().sceneRect(), Qt.AspectRatioMode.KeepAspectRatio)

    def mousePressEvent(self, e) -> None:
        self._press = e.position()
        super().mousePressEvent(e)

    def mouseReleaseEvent(self, e) -> None:
        super().mouseReleaseEvent(e)
        if self._press is not None and (e.position() - self._press).manhattanLength() < 5 \
                and e.button() == Qt.MouseButton.LeftButton:
            self.click_at(self.mapToScene(e.position().toPoint()))
        self._press = None

    def mouseMoveEvent(self, e) -> None:
        super().mouseMoveEvent(e)
        if not e.buttons():
            h = self.hex_at(self.mapToScene(e.position().toPoint()))
            self.hovered.emit(h.id if h else "")

    def hex_at(self, pt: QPointF) -> Hex | None:
        mp = self.game.scenario.map
        return geo.hex_at(pt.x(), pt.y(), mp.width, mp.height)

    def click_at(self, pt: QPointF) -> None:
        """A click: the counter under it (the top one of a stack) if any, else the hex."""
        h = self.hex_at(pt)
        for item in self.scene().items(pt):
            if isinstance(item, CounterItem):
                self.unitClicked.emit(item.face.id, h.id if h else "")
                return
        if h is not None:
            self.hexClicked.emit(h.id)

    def click_point_of(self, uid: str | None = None, hid: str | None = None) -> QPointF:
        """The viewport point a player clicks for a counter or a hex (tests)."""
        if uid is not None:
            pt = self.counters[uid].scenePos()
        else:
            x, y = geo.centre(Hex.from_id(hid))
            pt = QPointF(x, y + geo.HEX_H * 0.38)  # the hex's lower rim, clear of counters
        return self.mapFromScene(pt)

    # ------------------------------------------------------------ state
    def show_state(self, state, viewer: str | None, reveal_all: bool) -> None:
        """Place the counters of `state` as `viewer` sees them."""
        game = self.game
        self.state = state
        hidden_orders = set()
        if not reveal_all and viewer is not None:  # what the viewer may see [5.3]
            pv = player_view(game if state is game.state else GameAt(game, state), viewer)
            hidden_orders = {c for c, info in pv["clans"].items() if info["order"] == HIDDEN}
        samurai_hosts = set(state.samurai_on.values())
        stacks: dict[str, list[str]] = {}
        for u in state.units.values():
            if u.hex is not None and not u.eliminated:
                stacks.setdefault(u.hex.id, []).append(u.id)
        self.stacks = stacks
        seen = set()
        for hid, uids in stacks.items():
            cx, cy = geo.centre(Hex.from_id(hid))
            for i, uid in enumerate(uids):
                u = state.units[uid]
                d = game.unit_defs[uid]
                order = "hidden" if u.clan in hidden_orders else state.clans[u.clan].order.value
                face = CounterFace(uid, style.clan_colour(game, u.clan), d.elan, d.mass, d.fire,
                                   d.lead, d.lead_x, u.leader_killed, d.so_taisho, d.taisho,
                                   u.steps_lost, order, u.defensive_position, uid in samurai_hosts)
                mark = "selected" if uid == self.selected_unit else (
                    "option" if uid in self.option_units else None)
                item = self.counters.get(uid)
                if item is None:
                    item = self.counters[uid] = CounterItem(face)
                    self.scene().addItem(item)
                item.set_face(face, mark)
                item.setPos(cx + i * STACK_OFFSET, cy - 6 - i * STACK_OFFSET)
                item.setZValue(10 + i)
                item.setVisible(True)
                seen.add(uid)
        for uid, item in self.counters.items():
            if uid not in seen:
                item.setVisible(False)

    def set_highlights(self, hexes: dict[str, str], units: set[str], selected: str | None) -> None:
        self.highlight.hexes = dict(hexes)
        self.highlight.path = []
        self.highlight.refused = None
        self.option_units = set(units)
        self.selected_unit = selected
        self.highlight.update()

    def show_path(self, path: list[Hex]) -> None:
        self.highlight.path = list(path)
        self.highlight.update()

    def flash_refused(self, hid: str | None) -> None:
        self.highlight.refused = Hex.from_id(hid) if hid else None
        self.highlight.update()

    # ------------------------------------------------------------ hover details
    def describe_hex(self, hid: str) -> str:
        """What a wargamer wants to know of a hex: its id, terrain and units
        first (the status bar may cut the rest), then its features."""
        g = self.game
        h = Hex.from_id(hid)
        idx = g.map
        parts = [f"{hid}: {idx.terrain_at(h)}"]
        lab = [lb.text for lb in g.scenario.map.labels if lb.hex == h]
        if lab:
            parts[0] += f" ({', '.join(lab)})"
        for uid in self.stacks.get(hid, []):
            u = self.state.units[uid]
            d = g.unit_defs[uid]
            lead = "X" if d.lead_x else str(d.lead)
            if u.leader_killed:
                lead = "0 (leader killed)"
            parts.append(f"{uid} {d.name} (clan {u.clan}): Elan {d.elan} Mass {d.mass} "
                         f"Fire {d.fire} Lead {lead}, {STATE_NAMES[u.steps_lost]}")
        if h in idx.fortress_of:
            parts.append(f"fortress {idx.fortress_of[h].name}")
        zones = [z for z, hs in idx.zones.items() if h in hs]
        if zones:
            parts.append("zone " + ", ".join(zones))
        if h in idx.stars:
            s = idx.stars[h]
            parts.append(f"star: {s.vp} VP for {s.side}")
        if h in idx.route_hexes:
            parts.append("road/path")
        sides = []
        for n in idx.neighbours(h):
            name = idx.hexside_type_name(h, n)
            key = (min(h, n), max(h, n))
            marks = sorted(idx.marks.get(key, ()))
            if name != "open" or marks:
                sides.append(f"{n.id}: {name}" + (f" ({', '.join(marks)})" if marks else ""))
        if sides:
            parts.append("hexsides " + "; ".join(sides))
        return " | ".join(parts)
