"""The pictures of the Help window's legends, drawn by the map's own painters:
a one- or two-hex board of one terrain, hexside or mark (BoardItem), and
counters with their markers (CounterItem), full size and as the compact
counter of a zoomed-out map. Each is a PNG data URI for rich text."""

from __future__ import annotations

import base64
import math

import attrs
from PySide6.QtCore import QBuffer, QByteArray, QIODevice, QPointF, QRectF, Qt
from PySide6.QtGui import QColor, QImage, QPainter
from PySide6.QtWidgets import QGraphicsScene
from tenkatoitsu_gui.battle import geometry as geo
from tenkatoitsu_gui.battle import style
from tenkatoitsu_gui.battle.board import BoardItem
from tenkatoitsu_gui.battle.counters import CounterFace, CounterItem

from tenkatoitsu.hexmap import Hex
from tenkatoitsu.kinds.battle.queries.mapindex import MapIndex
from tenkatoitsu.kinds.battle.scenario import model as m

A, B = Hex.from_colrow(2, 1), Hex.from_colrow(2, 2)  # the legend boards' hexes, A above B
SEAM = m.Map(3, 2)  # A and B with their neighbours around the side they share
BOARD_SCALE = 0.7
COUNTER_SCALE = 1.25  # the printed counter, a little larger than on the map
COMPACT_SCALE = 0.45  # zoomed out: the compact counter


def data_uri(image: QImage) -> str:
    data = QByteArray()
    buf = QBuffer(data)
    buf.open(QIODevice.OpenModeFlag.WriteOnly)
    image.save(buf, "PNG")
    buf.close()
    return "data:image/png;base64," + base64.b64encode(bytes(data)).decode("ascii")


def render(items, source: QRectF, scale: float) -> QImage:
    """`items` in a scene, the `source` rectangle of it drawn at `scale`."""
    scene = QGraphicsScene()
    for it in items:
        scene.addItem(it)
    w, h = math.ceil(source.width() * scale), math.ceil(source.height() * scale)
    image = QImage(w, h, QImage.Format.Format_ARGB32_Premultiplied)
    image.fill(Qt.GlobalColor.transparent)
    p = QPainter(image)
    p.setRenderHint(QPainter.RenderHint.Antialiasing)
    scene.render(p, QRectF(0, 0, w, h), source)
    p.end()
    return image


class LegendBoard:
    """What BoardItem reads of a game, for a legend's small map."""

    def __init__(self, game, mp: m.Map):
        self.scenario = attrs.evolve(game.scenario, map=mp)
        self.map = MapIndex(self.scenario)
        self.side_defs, self.side_ids = game.side_defs, game.side_ids
        self.state = game.state


def _hex_rect(*hexes: Hex, pad: float = 4.0) -> QRectF:
    xs = [x for h in hexes for x, _ in geo.corners(h)]
    ys = [y for h in hexes for _, y in geo.corners(h)]
    return QRectF(min(xs) - pad, min(ys) - pad, max(xs) - min(xs) + 2 * pad,
                  max(ys) - min(ys) + 2 * pad)


def board_picture(game, mp: m.Map, source: QRectF, scale: float = BOARD_SCALE) -> str:
    return data_uri(render([BoardItem(LegendBoard(game, mp))], source, scale))


def terrain_picture(game, terrain: str, fortress: bool = False) -> str:
    """One hex of a terrain (a fortress with its outline and keep)."""
    forts = (m.Fortress("legend", terrain, (A,), ""),) if fortress else ()
    mp = attrs.evolve(SEAM, terrain=(m.TerrainArea(terrain, (A,)),), fortresses=forts)
    return board_picture(game, mp, _hex_rect(A))


def hexside_picture(game, kind: str, directed: bool = False) -> str:
    """Clear hexes and the feature between A and B; a directed one climbs
    from A (above) into B."""
    mp = attrs.evolve(SEAM, hexsides=(m.HexsideFeature(kind, A, B, directed),))
    return board_picture(game, mp, _seam())


def _seam() -> QRectF:
    """Around the side A and B share."""
    (x1, y1), (x2, y2) = geo.hexside_segment(A, B)
    cx, cy = (x1 + x2) / 2, (y1 + y2) / 2
    return QRectF(cx - 40, cy - 36, 80, 72)


def route_picture(game, kind: str) -> str:
    mp = attrs.evolve(SEAM, routes=(m.Route(kind, None, (A, B)),))
    return board_picture(game, mp, _seam())


def zone_picture(game) -> str:
    mp = attrs.evolve(SEAM, zones=(m.Zone("legend", None, (B,)),))
    return board_picture(game, mp, _seam())


def star_picture(game, side: str, vp: int) -> str:
    """The star alone, larger than on the map: its VP must read."""
    mp = attrs.evolve(SEAM, stars=(m.Star(A, vp, side),))
    cx, cy = geo.centre(A)
    return board_picture(game, mp, QRectF(cx + 6, cy - 32, 36, 36), 1.6)


def entry_picture(game) -> str:
    """The arrow and its letter, beyond the map's edge."""
    mp = m.Map(1, 1, entries=(m.Entry("A", Hex.from_colrow(1, 1)),))
    rect = _hex_rect(Hex.from_colrow(1, 1))
    return board_picture(game, mp, QRectF(-24, rect.top(), rect.center().x() + 24,
                                          rect.height()))


# ------------------------------------------------------------ counters

def sample_face(game, **changes) -> CounterFace:
    """A counter of the first side's colour with typical values."""
    colour = style.side_colour(game, game.side_ids[0])
    face = CounterFace("3a", colour, 4, 3, 1, 1, False, False, False, False)
    return attrs.evolve(face, **changes)


def counter_picture(face: CounterFace, compact: bool = False) -> str:
    half = 36.0
    item = CounterItem(face)
    item.setPos(QPointF(0, 0))
    return data_uri(render([item], QRectF(-half, -half, 2 * half, 2 * half),
                           COMPACT_SCALE if compact else COUNTER_SCALE))


def colour_swatch(colour: str, size: int = 14) -> str:
    image = QImage(size, size, QImage.Format.Format_ARGB32_Premultiplied)
    image.fill(QColor(colour))
    return data_uri(image)
