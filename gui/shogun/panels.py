"""The colour sets and the master tray: the round and its step, the sword
order, what is left in the master tray [SC-4.2]; for each colour set its
provinces, koku, sword, revealed plan (the viewer's own sealed one),
face-down ronin cards, the ninja, its tray of units to levy, and its three
army cards as the box prints them [SC-1.6]: the daimyo's square, 4 samurai
squares (S: bowmen, swordsmen), 10 ashigaru squares (A: gunners,
spearmen), the revealed ronin below and the experience track with its
marker's hole [SC-19]. Drawn from the seat's view."""

from __future__ import annotations

from html import escape

from PySide6.QtCore import QPointF, QRectF, QSize, Qt
from PySide6.QtGui import QColor, QPainter, QPen
from PySide6.QtWidgets import QFrame, QLabel, QSizePolicy, QVBoxLayout, QWidget
from tenkatoitsu_gui.area.html import swatch
from tenkatoitsu_gui.shogun import glyphs, style

from tenkatoitsu.kinds.shogun.state import BINS

BIN_NAMES = {"swords": "swords", "build": "build", "levy": "levy", "ronin": "ronin",
             "ninja": "ninja"}
STEPS = {"set-up": "the set-up", "plan": "Plan", "war": "Wage War", "over": "game over"}
SAMURAI = ("bowman", "swordsman")  # on the S squares [SC-1.6]
ASHIGARU = ("gunner", "spearman")  # on the A squares


def plan_text(bins: dict) -> str:
    return " · ".join(f"{BIN_NAMES[b]} {bins.get(b, 0)}" for b in BINS)


def sword_order(view: dict) -> list[str]:
    return sorted((h for h in view["sword"] if h not in view["eliminated"]),
                  key=lambda h: view["sword"][h])


def header_html(view: dict) -> str:
    names = view["names"]
    colours = style.house_colours(view)
    phase = STEPS.get(view["phase"], view["phase"])
    head = f"<b>Round {view['round']}</b> · {escape(phase)}" if view["round"] else \
        f"<b>{escape(phase.capitalize())}</b>"
    step = view["step"]
    if step and step != phase:
        head += f" · {'phase ' if len(step) == 1 else ''}{escape(step)}"  # A-D: Wage War's
    if view["current"]:
        head += f" · {swatch(colours[view['current']], escape(names[view['current']]))} at war"
    order = sword_order(view)
    lines = [head]
    if order:
        lines.append("Sword order: " + " ".join(
            swatch(colours[h], f"{view['sword'][h]} {escape(names[h])}") for h in order))
    lines.append(f"Master tray: koku {view['koku_supply']} · ronin {view['ronin_supply']} · "
                 f"castles {view['castles_left']} · fortification bases "
                 f"{view['fortresses_left']}")
    goal = view["victory"]
    lines.append(f"To win: {goal} provinces" + (" (both sets, at a round's end)"
                                                 if view["two_players"] else ""))
    return "<br>".join(lines)


def house_html(view: dict, h: str) -> str:
    names, colours = view["names"], style.house_colours(view)
    c = colours[h]
    seat = view["seat_of"].get(h, h)
    by = f" <small>({escape(names.get(seat, seat))}'s)</small>" if view["two_players"] \
        and seat != h else ""
    turn = " ◀" if view["current"] == h else ""
    if view["viewer"] is not None and seat == view["viewer"]:
        turn = " (you)" + turn
    parts = [f"<b>{view['counts'][h]}</b> provinces", f"koku <b>{view['koku'].get(h, 0)}</b>"]
    if view["sword"].get(h):
        parts.append(f"sword <b>{view['sword'][h]}</b>")
    if view["ninja"] == h:
        parts.append("<b>holds the ninja</b>" + (" (kept to spy)" if view["ninja_kept"] else ""))
    lines = [f"{swatch(c)} <b>{escape(names[h])}</b>{by}{turn} — " + " · ".join(parts)]
    if h in view["eliminated"]:
        lines.append("<i>out of the game</i>")
        return "<br>".join(lines)
    if h in view["bins"]:
        lines.append(f"plan: {plan_text(view['bins'][h])}")
    elif h in view["sealed"]:
        lines.append(f"<i>your sealed plan: {plan_text(view['sealed'][h])}</i>")
    elif h in view["planned"]:
        lines.append("<i>has planned (sealed)</i>")
    cards = view["face_down"].get(h) or []
    if cards:
        lines.append(f"face-down cards with ronin: {' · '.join(map(str, cards))}")
    if view["in_hand"].get(h):
        lines.append(f"ronin hired, not yet laid: {view['in_hand'][h]}")
    tray = view["tray"].get(h, {})
    lines.append("<small>tray: " + style.units_text(tray) + "</small>")
    return "<br>".join(lines)


class ArmyCards(QWidget):
    """A colour set's three army cards, side by side."""

    SQUARE = 13.0

    def __init__(self, parent=None):
        super().__init__(parent)
        self.armies: list[dict] = []
        self.colour = QColor("#888888")
        self.names: dict[str, str] = {}
        self.track: int = 10  # holes of the experience track
        self.squares = (4, 10)  # S and A squares of a card
        self.setSizePolicy(QSizePolicy.Policy.Preferred, QSizePolicy.Policy.Fixed)

    def sizeHint(self) -> QSize:
        return QSize(300, self._height())

    def minimumSizeHint(self) -> QSize:
        return QSize(240, self._height())

    def _rows(self) -> int:
        """Rows of A squares, under the D and S squares' row."""
        cols = self.squares[0] + 1
        return max(1, -(-self.squares[1] // cols))

    def _height(self) -> int:
        s = self.SQUARE
        return int(s * 1.2 + (s + 1) * (1 + self._rows()) + s + 8)

    def set_armies(self, armies: list[dict], colour: QColor, names: dict[str, str],
                   track: int, squares: tuple[int, int] = (4, 10)) -> None:
        self.armies, self.colour, self.names, self.track = armies, colour, names, track
        self.squares = squares
        self.setFixedHeight(self._height())
        self.update()

    def paintEvent(self, _event) -> None:
        p = QPainter(self)
        p.setRenderHint(QPainter.RenderHint.Antialiasing)
        n = max(len(self.armies), 1)
        gap = 6.0
        cw = (self.width() - gap * (n - 1) - 2) / n
        for i, a in enumerate(self.armies):
            self._card(p, QRectF(1 + i * (cw + gap), 1, cw, self.height() - 2), a)
        p.end()

    def _card(self, p: QPainter, box: QRectF, a: dict) -> None:
        lost = a["at"] is None
        p.setOpacity(0.45 if lost else 1.0)
        p.setPen(QPen(QColor("#5a4e3a"), 1))
        p.setBrush(QColor("#fbf6e4"))
        p.drawRoundedRect(box, 4, 4)
        cols = self.squares[0] + 1
        s = min(self.SQUARE, (box.width() - 6) / cols - 1)
        x0, y = box.left() + 3, box.top() + 2
        title = QRectF(x0, y, box.width() - 6, s * 1.15)
        glyphs.army_marker(p, QPointF(x0 + s * 0.5, title.center().y()), s * 0.45, self.colour,
                           a["number"], a["level"], a["assassinated"])
        p.setPen(QColor(style.INK))
        p.setFont(style.font(s * 0.72, bold=False))
        where = "lost" if lost else self.names.get(a["at"], a["at"])
        p.drawText(title.adjusted(glyphs.army_marker_width(s * 0.45) + s * 0.2, 0, 0, 0),
                   Qt.AlignmentFlag.AlignLeft | Qt.AlignmentFlag.AlignVCenter, where)
        y += s * 1.2
        # the daimyo's square, then the 4 S squares
        self._square(p, QRectF(x0, y, s, s), "D", not lost and not a["assassinated"],
                     crossed=a["assassinated"])
        for k, text in enumerate(self._fill(a["units"], SAMURAI, self.squares[0])):
            self._square(p, QRectF(x0 + (k + 1) * (s + 1), y, s, s), text, bool(text))
        y += s + 1
        for k, text in enumerate(self._fill(a["units"], ASHIGARU, self.squares[1])):
            row, col = divmod(k, cols)
            self._square(p, QRectF(x0 + col * (s + 1), y + row * (s + 1), s, s), text,
                         bool(text))
        y += self._rows() * (s + 1)
        # the ronin below the squares, and the experience track [SC-19.2]
        p.setPen(QColor(style.INK))
        p.setFont(style.font(s * 0.7, bold=False))
        p.drawText(QRectF(x0, y, box.width() * 0.4, s), Qt.AlignmentFlag.AlignVCenter,
                   f"+{a['ronin']}R" if a["ronin"] else "")
        holes = max(self.track, 1)
        left = x0 + box.width() * 0.36
        step = (box.right() - 4 - left) / holes
        for k in range(holes):
            c = QPointF(left + step * (k + 0.5), y + s * 0.5)
            p.setPen(QPen(QColor("#5a4e3a"), 0.8))
            p.setBrush(QColor("#1b1b1b") if k == a["hole"] else QColor("#ffffff"))
            p.drawEllipse(c, min(step * 0.36, s * 0.3), min(step * 0.36, s * 0.3))
        p.setOpacity(1.0)

    @staticmethod
    def _fill(units: dict, kinds, squares: int) -> list[str]:
        out = []
        for u in kinds:
            out += [style.SHORT[u]] * units.get(u, 0)
        return (out + [""] * squares)[:squares]

    def _square(self, p: QPainter, r: QRectF, text: str, filled: bool,
                crossed: bool = False) -> None:
        p.setPen(QPen(QColor("#5a4e3a"), 0.8))
        p.setBrush(self.colour if filled else QColor("#ffffff"))
        p.drawRect(r)
        if text:
            p.setPen(style.ink_for(self.colour) if filled else QColor("#9a9080"))
            p.setFont(style.font(r.height() * 0.62))
            p.drawText(r, Qt.AlignmentFlag.AlignCenter, text)
        if crossed:
            p.setPen(QPen(QColor(style.BATTLE), 1.6))
            p.drawLine(r.topLeft(), r.bottomRight())
            p.drawLine(r.topRight(), r.bottomLeft())


class HouseCard(QFrame):
    def __init__(self, parent=None):
        super().__init__(parent)
        self.setFrameShape(QFrame.Shape.StyledPanel)
        lay = QVBoxLayout(self)
        lay.setContentsMargins(4, 3, 4, 3)
        lay.setSpacing(2)
        self.text = QLabel(textFormat=Qt.TextFormat.RichText, wordWrap=True)
        self.cards = ArmyCards()
        lay.addWidget(self.text)
        lay.addWidget(self.cards)


class HousesPanel(QWidget):
    """The header (round, swords, master tray) and one card per colour set."""

    def __init__(self, scenario, parent=None):
        super().__init__(parent)
        self.province_names = {a.id: a.name for a in scenario.board}
        c = scenario.components
        self.track = len(c.experience)
        self.squares = (c.samurai_squares, c.ashigaru_squares)
        self.column = QVBoxLayout(self)
        self.column.setContentsMargins(6, 4, 6, 4)
        self.header = QLabel(textFormat=Qt.TextFormat.RichText, wordWrap=True)
        self.column.addWidget(self.header)
        self.column.addStretch(1)
        self.cards: dict[str, HouseCard] = {}

    def show_view(self, view: dict) -> None:
        self.header.setText(header_html(view))
        colours = style.house_colours(view)
        if list(self.cards) != view["houses"]:
            for card in self.cards.values():
                card.deleteLater()
            self.cards = {}
            for h in view["houses"]:
                card = HouseCard()
                self.column.insertWidget(self.column.count() - 1, card)
                self.cards[h] = card
        for h, card in self.cards.items():
            card.text.setText(house_html(view, h))
            armies = [a for a in view["armies"] if a["house"] == h]
            card.cards.set_armies(armies, colours[h], self.province_names, self.track,
                                  self.squares)
            card.cards.setVisible(h not in view["eliminated"])

    def sizeHint(self) -> QSize:
        return self.minimumSizeHint().expandedTo(QSize(330, 0))

    def text(self) -> str:
        return self.header.text() + "".join(c.text.text() for c in self.cards.values())
