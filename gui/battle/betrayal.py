"""The Betrayal Aid [21.4] for scenarios with undecided clans (Sekigahara):
each family's influence track with its two clan chits, "Loyal!" at the left
end and "Treason!" at the right [21.4.2], and the Diplomacy Track's three
rows [21.4.3]. It draws `betrayal_aid`, read from the public events, so a
replay shows the aid as it stood."""

from __future__ import annotations

from PySide6.QtCore import QRectF, QSize, Qt
from PySide6.QtGui import QColor, QFont, QPainter, QPen
from PySide6.QtWidgets import QScrollArea, QWidget
from tenkatoitsu_gui.battle import style

from tenkatoitsu.kinds.battle.scenario_rules.betrayal_aid import NEUTRAL, BetrayalAid

ROW = 22.0
NAME_W = 150.0
BOX = 24.0


class BetrayalPanel(QScrollArea):
    """The aid in a scroll area: a short window scrolls it rather than cut it off."""

    def __init__(self, game, parent=None):
        super().__init__(parent)
        self.picture = AidPicture(game)
        self.setWidget(self.picture)
        self.setWidgetResizable(True)
        self.setMinimumWidth(self.picture.minimumWidth() + 24)  # no horizontal scroll

    @property
    def aid(self) -> BetrayalAid | None:
        return self.picture.aid

    def show_aid(self, aid: BetrayalAid | None) -> None:
        self.picture.show_aid(aid)

    def sizeHint(self) -> QSize:  # a start that leaves the map room on a laptop screen
        return QSize(self.minimumWidth(), min(230, self.picture.sizeHint().height() + 4))


class AidPicture(QWidget):
    def __init__(self, game, parent=None):
        super().__init__(parent)
        self.game = game
        self.aid: BetrayalAid | None = None
        self.setMinimumWidth(int(NAME_W + 11 * BOX + 90))

    def show_aid(self, aid: BetrayalAid | None) -> None:
        self.aid = aid
        self.setMinimumHeight(int(self._height()))
        self.updateGeometry()
        self.update()

    def _height(self) -> float:
        n = len(self.aid.families) if self.aid else 0
        return 24 + (n + 1) * ROW + 3 * ROW + 12

    def sizeHint(self) -> QSize:
        return QSize(self.minimumWidth(), int(self._height()))

    def paintEvent(self, e) -> None:
        if self.aid is None:
            return
        p = QPainter(self)
        p.setRenderHint(QPainter.RenderHint.Antialiasing)
        y = self._tracks(p, 4.0)
        self._diplomacy(p, y + 8)
        p.end()

    # ------------------------------------------------------------ influence tracks [21.4.2]
    def _tracks(self, p: QPainter, y: float) -> float:
        aid, g = self.aid, self.game
        most = max(max(r.loyal_of, r.treason_of) for r in aid.families)
        centre = NAME_W + (most + 1) * BOX  # the "Undecided" box
        p.setFont(QFont("DejaVu Sans", 7, QFont.Weight.Bold))
        p.setPen(QColor("#222222"))
        p.drawText(QRectF(NAME_W, y, centre - NAME_W, ROW), Qt.AlignmentFlag.AlignCenter,
                   "← Loyal!")
        p.drawText(QRectF(centre - BOX, y, 3 * BOX, ROW), Qt.AlignmentFlag.AlignCenter,
                   "Undecided")
        p.drawText(QRectF(centre + BOX, y, most * BOX, ROW), Qt.AlignmentFlag.AlignCenter,
                   "Treason! →")
        west, east = style.side_colour(g, aid.west), style.side_colour(g, aid.east)
        for r in aid.families:
            y += ROW
            decided = r.joined is not None
            p.setFont(QFont("DejaVu Sans", 8))
            p.setPen(QColor("#888888") if decided else QColor("#222222"))
            p.drawText(QRectF(4, y, NAME_W - 8, ROW), Qt.AlignmentFlag.AlignVCenter,
                       f"{r.family}  {r.leader}")
            for i in range(1, r.loyal_of + 1):
                self._box(p, QRectF(centre - i * BOX, y + 2, BOX - 2, ROW - 4), decided,
                          end=i == r.loyal_of)
            self._box(p, QRectF(centre, y + 2, BOX - 2, ROW - 4), decided, end=False, mid=True)
            for i in range(1, r.treason_of + 1):
                self._box(p, QRectF(centre + i * BOX, y + 2, BOX - 2, ROW - 4), decided,
                          end=i == r.treason_of)
            if decided:
                who = "neutral: left the battle" if r.joined == NEUTRAL else \
                    f"joined {g.side_defs[r.joined].name}"
                p.setPen(QColor("#222222"))
                p.setFont(QFont("DejaVu Sans", 8, QFont.Weight.Bold))
                p.drawText(QRectF(centre + (most + 1) * BOX + 8, y, 220, ROW),
                           Qt.AlignmentFlag.AlignVCenter, who)
            # the two chits: Ishida's toward the left, Tokugawa's toward the right; a
            # family that joined shows the winner's chit in its end box (a gambit or
            # an attack decides it wherever its chits stood [21.4.1] [21.4.6])
            loyal = r.loyal_of if r.joined == aid.west else r.loyal
            treason = r.treason_of if r.joined in (aid.east, NEUTRAL) else r.treason
            if not decided or r.joined == aid.west:
                self._chit(p, QRectF(centre - loyal * BOX, y + 2, BOX - 2, ROW - 4), west,
                           r.family, upper=True)
            if not decided or r.joined in (aid.east, NEUTRAL):
                self._chit(p, QRectF(centre + treason * BOX, y + 2, BOX - 2, ROW - 4), east,
                           r.family, upper=False)
        return y + ROW

    @staticmethod
    def _box(p: QPainter, r: QRectF, faded: bool, end: bool, mid: bool = False) -> None:
        p.setPen(QPen(QColor("#999999") if faded else QColor("#444444"), 2 if end else 1))
        p.setBrush(QColor("#eeeeee") if faded else
                   QColor("#e8dcc0") if mid else QColor("#f6efdd"))
        p.drawRect(r)

    @staticmethod
    def _chit(p: QPainter, r: QRectF, colour: QColor, text: str, upper: bool) -> None:
        half = QRectF(r.left() + 2, r.top() + (1 if upper else r.height() / 2),
                      r.width() - 4, r.height() / 2 - 1)
        p.setPen(QPen(QColor("#111111"), 1))
        p.setBrush(colour)
        p.drawRect(half)
        p.setPen(style.ink_for(colour))
        p.setFont(QFont("DejaVu Sans", 6, QFont.Weight.Bold))
        p.drawText(half, Qt.AlignmentFlag.AlignCenter, text)

    # ------------------------------------------------------------ Diplomacy Track [21.4.3]
    def _diplomacy(self, p: QPainter, y: float) -> None:
        aid, g = self.aid, self.game
        rows = ((f"Turn {aid.turn}: chits drawn", aid.draws, QColor("#ffffff")),
                ("Loyalty chits", aid.markers[aid.west], style.side_colour(g, aid.west)),
                ("Treason chits", aid.markers[aid.east], style.side_colour(g, aid.east)))
        for title, box, colour in rows:
            p.setFont(QFont("DejaVu Sans", 8))
            p.setPen(QColor("#222222"))
            p.drawText(QRectF(4, y, NAME_W - 8, ROW), Qt.AlignmentFlag.AlignVCenter, title)
            for i in range(0, aid.marker_max + 1):
                r = QRectF(NAME_W + i * BOX, y + 2, BOX - 2, ROW - 4)
                p.setPen(QPen(QColor("#444444"), 1))
                p.setBrush(colour if i == box else QColor("#f6efdd"))
                p.drawRect(r)
                p.setPen(style.ink_for(colour) if i == box else QColor("#666666"))
                p.setFont(QFont("DejaVu Sans", 7, QFont.Weight.Bold if i == box else
                                QFont.Weight.Normal))
                p.drawText(r, Qt.AlignmentFlag.AlignCenter, str(i))
            y += ROW
