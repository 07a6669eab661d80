"""The draft as a dialog [§2.2.2]: the pick order (the last of a random
order picks first) with the picks made so far; the nine clans by strategic
region [§2.2.1], each with its colour, archetype, home province and ability
[§2.4], taken by whom or still free; the Regional Restriction Rule in words
[§2.2.2.2] — the clans it shuts out are those the rules do not offer (the
decision's options: nothing is computed here). A click on a clan's button
answers the pick."""

from __future__ import annotations

from html import escape

from PySide6.QtCore import QSize, Qt, Signal
from PySide6.QtWidgets import (
    QDialog,
    QFrame,
    QGridLayout,
    QLabel,
    QPushButton,
    QVBoxLayout,
)
from tenkatoitsu_gui.area.html import swatch
from tenkatoitsu_gui.clans import style
from tenkatoitsu_gui.clans.panels import ability_text, draft_html

from tenkatoitsu.kinds.clans.scenario.model import REGIONS


def restriction_html(clans, offered: set[str], taken: list[str], answerable: bool) -> str:
    """What the Regional Restriction Rule leaves to this pick, read from the
    options offered: a free clan not offered is shut out by it."""
    free = [c for c in clans if c.id not in taken]
    shut = [c for c in free if c.id not in offered]
    regions = {c.id: c.region for c in clans}
    claimed = [style.REGIONS.get(r, r) for r in REGIONS if r in {regions[t] for t in taken}]
    if not answerable and not offered:
        return ""
    if shut:
        open_ = sorted({style.REGIONS.get(regions[c], regions[c]) for c in offered})
        return (f"<b>Regional Restriction</b>: the first three picks come from three different "
                f"regions. Claimed: {escape(', '.join(claimed))}; this pick is from "
                f"{escape(' or '.join(open_))}.")
    if len(taken) >= 3:
        return "The Regional Restriction is lifted: any clan still free may be picked."
    return "<b>Regional Restriction</b>: the first three picks come from three different regions."


class ClanBox(QFrame):
    """A clan of the draft: its words, and the button that picks it."""

    def __init__(self, clan, colour, home: str, parent=None):
        super().__init__(parent)
        self.clan = clan
        self.setFrameShape(QFrame.Shape.StyledPanel)
        lay = QVBoxLayout(self)
        lay.setContentsMargins(8, 4, 6, 4)
        lay.setSpacing(3)
        self.words = QLabel(textFormat=Qt.TextFormat.RichText, wordWrap=True)
        self.base = (f"{swatch(colour)} <b>{escape(clan.name)}</b>"
                     + (f" — <i>{escape(clan.archetype)}</i>" if clan.archetype else "")
                     + f"<br><small>home: <b>{escape(home)}</b><br>"
                     f"{escape(ability_text(clan.ability))}</small>")
        self.words.setText(self.base)
        self.status = QLabel(textFormat=Qt.TextFormat.RichText, wordWrap=True)
        self.button = QPushButton(f"Pick {clan.name}")
        lay.addWidget(self.words)
        lay.addWidget(self.status)
        lay.addWidget(self.button)


class DraftDialog(QDialog):
    chosen = Signal(object)  # the clan picked

    def __init__(self, scenario, names: dict[str, str], colours, parent=None):
        super().__init__(parent)
        self.setWindowTitle("The draft: pick your clan")
        self.setModal(False)
        self.names = names
        self.colours = colours
        self.clans = list(scenario.clans)
        lay = QVBoxLayout(self)
        self.head = QLabel(textFormat=Qt.TextFormat.RichText, wordWrap=True)
        self.order = QLabel(textFormat=Qt.TextFormat.RichText, wordWrap=True)
        self.rule = QLabel(textFormat=Qt.TextFormat.RichText, wordWrap=True)
        lay.addWidget(self.head)
        lay.addWidget(self.order)
        lay.addWidget(self.rule)
        grid = QGridLayout()
        lay.addLayout(grid)
        self.boxes: dict[str, ClanBox] = {}
        regions = [r for r in REGIONS if any(c.region == r for c in self.clans)]
        regions += sorted({c.region for c in self.clans} - set(regions))
        for col, region in enumerate(regions):
            title = QLabel(f"<b>{escape(style.REGIONS.get(region, region.title()))}</b>")
            grid.addWidget(title, 0, col)
            row = 1
            for c in self.clans:
                if c.region != region:
                    continue
                box = ClanBox(c, colours[c.id], names.get(c.home, c.home))
                box.button.clicked.connect(lambda _=False, v=c.id: self._pick(v))
                grid.addWidget(box, row, col)
                self.boxes[c.id] = box
                row += 1
        for col in range(len(regions)):
            grid.setColumnStretch(col, 1)
        lay.addStretch(1)

    def _pick(self, clan: str) -> None:
        self.chosen.emit(clan)

    def sizeHint(self) -> QSize:
        return QSize(820, 560)

    def show_draft(self, decision, view: dict, answerable: bool) -> None:
        """`decision`: the pending pick (None: no pick to make here)."""
        offered = {o.value for o in decision.options} if decision is not None else set()
        picking = decision.side if decision is not None else None
        taken = [view["clan_of"][s] for s in view["pick_order"] if s in view["clan_of"]]
        by = {c: s for s, c in view["clan_of"].items()}
        who = self.names.get(picking, picking) if picking else None
        if answerable and who:
            self.head.setText(f"<h3 style='margin:2px'>{escape(who)}: pick your clan "
                              f"<small>[§2.2.2.2]</small></h3>")
        else:
            self.head.setText("<h3 style='margin:2px'>The draft <small>[§2.2.2]</small></h3>"
                              + (f"{escape(who)} is picking." if who else ""))
        self.order.setText("<b>Pick order</b><br>" + draft_html(view, self.colours, self.names,
                                                                 picking))
        self.rule.setText(restriction_html(self.clans, offered, taken, answerable))
        for cid, box in self.boxes.items():
            if cid in by:
                seat = by[cid]
                box.status.setText(f"<i>taken by {escape(self.names.get(seat, seat))}</i>")
            elif offered and cid not in offered:
                box.status.setText("<i>shut out by the Regional Restriction</i>")
            else:
                box.status.setText("free")
            box.button.setEnabled(answerable and cid in offered)
            box.setEnabled(cid not in by)

    def text(self) -> str:
        return "".join(w.text() for w in (self.head, self.order, self.rule)) + "".join(
            b.words.text() + b.status.text() for b in self.boxes.values())
