"""The players and the supply: each player's colour, name, stock (and the
daimyo still in it), sword token, the tactic card played, the daimyo card,
castle tokens taken and score; below, what is left in the supply (swords,
reinforcement cubes, small castle tokens). Drawn from the seat's view."""

from __future__ import annotations

from html import escape

from PySide6.QtCore import QSize, Qt
from PySide6.QtWidgets import QLabel, QVBoxLayout, QWidget
from tenkatoitsu_gui.area.html import swatch
from tenkatoitsu_gui.castles import style


def card_names(scenario) -> dict[str, str]:
    return {c.id: c.name for c in (*scenario.tactics, *scenario.daimyo)}


def players_html(view: dict, cards: dict[str, str]) -> str:
    """A player a row (stock, sword, score), the cards they played below it."""
    names, rows = view["names"], []
    colours = style.seat_colours(view)
    for p in view["players"]:
        turn = " ◀" if p == view["current"] else ""
        stock = str(view["stock"][p]) + (" + D" if view["daimyo_in_stock"].get(p) else "")
        sword = view["sword"].get(p)
        played = [escape(cards.get(c, c)) for c in view["tactics_used"].get(p, ())]
        daimyo = view["daimyo_cards"].get(p)
        if daimyo:
            used = " (used)" if view["daimyo_used"].get(p) else ""
            played.append(f"<i>{escape(cards.get(daimyo, daimyo))}</i>{used}")
        rows.append(
            f"<tr><td rowspan=2>{swatch(colours[p])}</td>"
            f"<td><b>{escape(names.get(p, p))}{turn}</b></td>"
            f"<td align=center>{stock}</td>"
            f"<td align=center>{sword if sword else '—'}</td>"
            f"<td align=right><b>{view['scores'][p]}</b></td></tr>"
            f"<tr><td colspan=4 style='color:#5a5246; font-size:small'>"
            f"{' · '.join(played) or 'no card played'}</td></tr>")
    head = ("<tr><th></th><th align=left>player</th><th>stock</th><th>sword</th>"
            "<th align=right>score</th></tr>")
    return f"<table cellspacing=0 cellpadding=1 width='100%'>{head}{''.join(rows)}</table>"


def supply_html(view: dict) -> str:
    swords = ", ".join(map(str, view["swords_left"])) or "none"
    phase = {"deployment": f"Deployment, turn {view['turn']}", "war": "The war",
             "over": "Game over"}.get(view["phase"], view["phase"])
    lines = [f"<b>{escape(phase)}</b> · swords left: {swords}",
             f"reinforcements in supply: {view['white_supply']}"]
    if view["small_castles"]:
        lines.append("small castles left: " + (" ".join(map(str, view["small_left"])) or "none"))
    return "<br>".join(lines)


class PlayersPanel(QWidget):
    def __init__(self, scenario, parent=None):
        super().__init__(parent)
        self.cards = card_names(scenario)
        lay = QVBoxLayout(self)
        lay.setContentsMargins(6, 4, 6, 4)
        self.table = QLabel(textFormat=Qt.TextFormat.RichText)
        self.supply = QLabel(textFormat=Qt.TextFormat.RichText)
        lay.addWidget(self.table)
        lay.addWidget(self.supply)

    def show_view(self, view: dict) -> None:
        self.table.setText(players_html(view, self.cards))
        self.supply.setText(supply_html(view))
        # the whole table, always, and no more: the rest of the column is the war's
        self.setFixedHeight(self.layout().sizeHint().height())

    def sizeHint(self) -> QSize:
        return self.minimumSizeHint().expandedTo(QSize(330, 0))

    def text(self) -> str:
        return self.table.text() + self.supply.text()
