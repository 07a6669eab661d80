"""The clans panel: the round and its phase, the player order [§4.1], what
wins [§1.2] [§1.3], the ninja [§9.1] (his field operation and its target,
or only that he was hired in secret), the Ronin and castles left; in the
draft, the pick order and the picks [§2.2.2]; then a card for each clan: its
colour, name and seat, its archetype and ability [§2.4], its provinces
against the victory target, its Daimyō and Bushi, its Koku (the viewer's
own only: the others' are behind their screens [§2.1]), its bond as a
vassal with its lord and Liberation Fund [§8.1], or that it is out of the
game [§8.2]. With the modules on, the header names them and what more wins,
and each card shows its tracks: Glory Points against 7 [§10.4], Legitimacy
against 6 [§10.7], the Koku it has sown (open) and stored (its own only)
[§10.3.1], Firearm Technology [§10.6.2], its Honor Pact's partner and its
Blood Feuds [§10.1], and this round's Censure [§10.7.2] or betrayal
[§10.1.3], and the Unrest markers its Bushi lie as [§10.5.1]. A card whose
clan a pending option names is ringed in yellow, and a click on it answers.
Drawn from the seat's view."""

from __future__ import annotations

from html import escape

from PySide6.QtCore import QRectF, QSize, Qt, Signal
from PySide6.QtGui import QColor, QPainter, QPen
from PySide6.QtWidgets import QFrame, QLabel, QSizePolicy, QVBoxLayout, QWidget
from tenkatoitsu_gui.area.html import swatch
from tenkatoitsu_gui.area.style import CANDIDATE
from tenkatoitsu_gui.clans import style

from tenkatoitsu.kinds.clans.scenario.model import (
    ABILITIES,
    EMPERORS_FAVOR,
    IKKO_IKKI,
    KYOTO,
    NANBAN_TRADE,
    PATH_OF_GLORY,
    POLITICAL_PLAY,
    RICE_AND_WAR,
)


def ability_text(ability: str) -> str:
    """The ability's words without the clan's name before them."""
    words = ABILITIES.get(ability, ability)
    return words.partition(": ")[2] or words


def clan_mark(view: dict, colours, clan: str, text: str | None = None) -> str:
    """The clan's name on its colour."""
    name = view["names"].get(clan, clan) if text is None else text
    c = colours.get(clan)
    return swatch(c, escape(name)) if c is not None else f"<b>{escape(name)}</b>"


def ninja_text(view: dict, colours, names: dict[str, str]) -> str:
    n = view["ninja"]
    if n is None:
        return "in the supply"
    if n["holder"] is None:
        return "<i>hired in secret</i>: an assassin may strike in a battle"
    who = clan_mark(view, colours, n["holder"])
    mission = style.MISSIONS.get(n["mission"], n["mission"])
    if n["target"]:
        return f"{who}'s — <b>{escape(mission)}</b> on {escape(names.get(n['target'], n['target']))}"
    return f"{who}'s — <b>{escape(mission)}</b>" + (" (has struck)" if n["used"] else
                                                     " <i>(hidden from the others)</i>")


def draft_html(view: dict, colours, names: dict[str, str], picking: str | None) -> str:
    """The pick order [§2.2.2.1] and the picks made so far."""
    rows = []
    for i, seat in enumerate(view["pick_order"], 1):
        clan = view["clan_of"].get(seat)
        what = clan_mark(view, colours, clan) if clan else \
            ("<b>picks now</b>" if seat == picking else "<i>to pick</i>")
        rows.append(f"{i}. {escape(names.get(seat, seat))}: {what}")
    return "<br>".join(rows)


def variants_text(view: dict) -> str:
    """The edition and the modules in play, in the rules' order."""
    on = view.get("variants", ())
    return " · ".join(words for v, words in style.VARIANTS.items() if v in on)


def header_html(view: dict, colours, names: dict[str, str], picking: str | None = None,
                goals=None) -> str:
    """`goals`: the scenario's components (the Glory and Legitimacy that win)."""
    phase = style.PHASES.get(view["phase"], view["phase"])
    if view["round"]:
        head = f"<b>Round {view['round']}</b> · {escape(phase)}"
    else:
        head = f"<b>{escape(phase.capitalize())}</b>"
    if view["current"]:
        head += f" · {clan_mark(view, colours, view['current'])}'s turn"
    lines = [head]
    if view["phase"] == "draft":
        lines.append("<b>The draft</b> <small>(the last of a random order picks first; the "
                     "first three picks from three different regions)</small>")
        lines.append(draft_html(view, colours, names, picking))
    if view["order"]:
        lines.append("Player order: " + " ".join(
            clan_mark(view, colours, c, f"{i} {view['names'].get(c, c)}")
            for i, c in enumerate(view["order"], 1)))
    mandate = ", ".join(escape(names.get(p, p)) for p in view["mandate"])
    win = f"To win: <b>{view['victory']}</b> provinces, or the Mandate: {mandate}"
    on = view.get("variants", ())
    if goals is not None and PATH_OF_GLORY in on:
        win += f"; on the Path, <b>{goals.glory_to_win}</b> Glory Points"
    if goals is not None and EMPERORS_FAVOR in on:
        win += (f"; {escape(names.get(KYOTO, KYOTO))} held alone with "
                f"<b>{goals.appointed_shogun}</b> Legitimacy")
    lines.append(win)
    if variants_text(view):
        lines.append(f"<small>Playing: {escape(variants_text(view))}</small>")
    lines.append(f"The ninja: {ninja_text(view, colours, names)}")
    lines.append(f"Ronin left {view['ronin_supply']} · castles left {view['castles_left']}")
    return "<br>".join(lines)


def tracks_html(view: dict, colours, clan: str, goals) -> list[str]:
    """A clan's tracks of the modules in play: Glory, Legitimacy, Firearm
    Technology, the pact and the Blood Feuds, this round's marks, its Unrest
    markers. Nothing when no module is on."""
    on = view.get("variants", ())
    d = view["clans"][clan]
    out = []
    if PATH_OF_GLORY in on and d.get("glory") is not None:
        goal = goals.glory_to_win if goals is not None else 7
        out.append(f"Glory {style.pips(d['glory'], goal, style.GLORY)} "
                   f"<b>{d['glory']}</b> / {goal} <small>(on the Path)</small>")
    if EMPERORS_FAVOR in on:
        goal = goals.appointed_shogun if goals is not None else 6
        have = d.get("legitimacy") or 0
        out.append(f"Legitimacy {style.pips(have, goal, style.LEGITIMACY)} "
                   f"<b>{have}</b> / {goal}")
    if NANBAN_TRADE in on and d.get("firearms"):
        out.append("<b>Firearm Technology</b> <small>(Arquebusiers)</small>")
    if POLITICAL_PLAY in on:
        if d.get("pact"):
            out.append(f"Honor Pact with {clan_mark(view, colours, d['pact'])}")
        for victim, betrayer in view.get("feuds", ()):
            if victim == clan:
                out.append(f"<b>Blood Feud</b> against {clan_mark(view, colours, betrayer)} "
                           "<small>(+1 when they fight)</small>")
            elif betrayer == clan:
                out.append(f"<b>Blood Feud</b>: betrayed {clan_mark(view, colours, victim)}")
        if d.get("betrayer"):
            out.append("<b style='color:#b71c1c'>Betrayer</b> this round "
                       "<small>(−1 on attack)</small>")
    if EMPERORS_FAVOR in on and d.get("censured"):
        out.append("<b style='color:#7b3fa0'>Censured</b> this round "
                   "<small>(+1 to attack it)</small>")
    if IKKO_IKKI in on:
        markers = sum(list(r.get("unrest", ())).count(clan) for r in view["provinces"])
        if markers:
            out.append(f"Unrest markers <b>{markers}</b>")
    return out


def clan_html(view: dict, colours, names: dict[str, str], clan: str,
              fund_goal: int, goals=None) -> tuple[str, str]:
    """A clan's card: above its provinces' bar (who, the ability, the
    provinces), and under it (its pieces, its Koku, its bond, its tracks).
    `goals`: the scenario's components (what the tracks run to)."""
    d = view["clans"][clan]
    c = colours.get(clan)
    seat = d["seat"]
    you = view["viewer"] is not None and clan == view["clan"]
    head = f"{swatch(c)} <b>{escape(d['name'])}</b> <small>({escape(names.get(seat, seat))})" \
           f"</small>" + (" <b>(you)</b>" if you else "") + \
        (" ◀" if view["current"] == clan else "")
    archetype = f"<i>{escape(d['archetype'])}</i> — " if d["archetype"] else ""
    lines = [head, f"<small>{archetype}{escape(ability_text(d['ability']))}</small>"]
    if d["eliminated"]:
        lines.append("<i>out of the game</i>")
        return "<br>".join(lines), ""
    lines.append(f"Provinces <b>{d['provinces']}</b> / {view['victory']}"
                 + (f" · Mandate {d['mandate']} of {len(view['mandate'])}" if d["mandate"]
                    else ""))
    koku = f"Koku <b>{d['koku']}</b>" if d["koku"] is not None else \
        "Koku <i>behind the screen</i>"
    more = [f"Daimyō <b>{d['daimyos']}</b> · Bushi <b>{d['bushi']}</b> · {koku}"]
    if RICE_AND_WAR in view.get("variants", ()):
        sown = sum(r.get("sown", {}).get(clan, 0) for r in view["provinces"])
        rice = f"Koku sown <b>{sown}</b>"
        if d.get("stored") is not None:  # the viewer's own, behind its screen [§10.3.1]
            rice += f" · stored <b>{d['stored']}</b>"
        more.append(rice)
    bond = d["vassal"]
    if bond is not None:
        lord = clan_mark(view, colours, bond["lord"]) if bond["lord"] else "no one"
        path = f" · path: {escape(bond['path'])}" if bond["path"] else ""
        more.append(f"<b>Vassal</b> of {lord}{path} · Liberation Fund "
                    f"<b>{bond['fund']}</b> / {fund_goal}")
    more += tracks_html(view, colours, clan, goals)
    return "<br>".join(lines), "<br>".join(more)


def clan_order(view: dict) -> list[str]:
    """The clans in the player order, the others after, those out of the game last."""
    order = [c for c in view["order"] if c in view["clans"]]
    order += [c for c in view["clans"] if c not in order]
    return sorted(order, key=lambda c: view["clans"][c]["eliminated"])


class ProvinceBar(QWidget):
    """The provinces a clan holds against the victory target [§1.2], a tick
    at each fifth province."""

    def __init__(self, parent=None):
        super().__init__(parent)
        self.held, self.goal, self.colour = 0, 1, QColor("#888888")
        self.setFixedHeight(8)
        self.setSizePolicy(QSizePolicy.Policy.Expanding, QSizePolicy.Policy.Fixed)

    def set_count(self, held: int, goal: int, colour: QColor) -> None:
        self.held, self.goal, self.colour = held, max(goal, 1), colour
        self.update()

    def paintEvent(self, _event) -> None:
        p = QPainter(self)
        r = QRectF(0.5, 0.5, self.width() - 1, self.height() - 1)
        p.setPen(QPen(QColor("#8d7f62"), 1))
        p.setBrush(QColor("#efe8d6"))
        p.drawRect(r)
        w = r.width() * min(self.held, self.goal) / self.goal
        p.setPen(Qt.PenStyle.NoPen)
        p.setBrush(self.colour)
        p.drawRect(QRectF(r.left(), r.top(), w, r.height()))
        p.setPen(QPen(QColor(0, 0, 0, 70), 1))
        for k in range(5, self.goal, 5):
            x = r.left() + r.width() * k / self.goal
            p.drawLine(int(x), int(r.top()) + 1, int(x), int(r.bottom()))
        p.end()


class ClanCard(QFrame):
    """A clan's card; `clicked` when a click on it may answer (`set_choice`)."""

    clicked = Signal()

    def __init__(self, parent=None):
        super().__init__(parent)
        self.choice = False
        self.setObjectName("clanCard")
        self.setFrameShape(QFrame.Shape.StyledPanel)
        lay = QVBoxLayout(self)
        lay.setContentsMargins(5, 3, 5, 4)
        lay.setSpacing(2)
        self.text = QLabel(textFormat=Qt.TextFormat.RichText, wordWrap=True)
        self.bar = ProvinceBar()
        self.more = QLabel(textFormat=Qt.TextFormat.RichText, wordWrap=True)
        lay.addWidget(self.text)
        lay.addWidget(self.bar)
        lay.addWidget(self.more)

    def set_choice(self, choice: bool) -> None:
        """Ringed in yellow when a click on it answers the pending decision."""
        if choice == self.choice:
            return
        self.choice = choice
        self.setStyleSheet(f"#clanCard {{ border: 3px solid {CANDIDATE}; border-radius: 3px; }}"
                           if choice else "")
        self.setCursor(Qt.CursorShape.PointingHandCursor if choice else
                       Qt.CursorShape.ArrowCursor)

    def mouseReleaseEvent(self, event) -> None:
        if self.choice and event.button() == Qt.MouseButton.LeftButton:
            self.clicked.emit()
        super().mouseReleaseEvent(event)


class ClansPanel(QWidget):
    """The header (round, order, goal, ninja) and one card per clan in play;
    `clanClicked` with the clan of a card ringed in yellow that is clicked."""

    clanClicked = Signal(str)

    def __init__(self, scenario, names: dict[str, str], colours, parent=None):
        super().__init__(parent)
        self.names = names
        self.colours = colours
        self.goals = scenario.components
        self.fund_goal = scenario.components.liberation_fund
        self.column = QVBoxLayout(self)
        self.column.setContentsMargins(6, 4, 6, 4)
        self.header = QLabel(textFormat=Qt.TextFormat.RichText, wordWrap=True)
        self.column.addWidget(self.header)
        self.column.addStretch(1)
        self.cards: dict[str, ClanCard] = {}

    def show_view(self, view: dict, picking: str | None = None,
                  choices: set[str] = frozenset()) -> None:
        """`picking`: the seat to pick a clan now, in the draft; `choices`: the
        clans a click on whose card answers the pending decision."""
        self.header.setText(header_html(view, self.colours, self.names, picking, self.goals))
        order = clan_order(view)
        if list(self.cards) != order:
            for card in self.cards.values():
                card.deleteLater()
            self.cards = {}
            for c in order:
                card = ClanCard()
                card.clicked.connect(lambda c=c: self.clanClicked.emit(c))
                self.column.insertWidget(self.column.count() - 1, card)
                self.cards[c] = card
        for c, card in self.cards.items():
            d = view["clans"][c]
            top, more = clan_html(view, self.colours, self.names, c, self.fund_goal,
                                  self.goals)
            card.text.setText(top)
            card.more.setText(more)
            card.bar.set_count(d["provinces"], view["victory"],
                               self.colours.get(c, QColor("#888888")))
            card.bar.setVisible(not d["eliminated"])
            card.more.setVisible(bool(more))
            card.set_choice(c in choices)

    def sizeHint(self) -> QSize:
        return self.minimumSizeHint().expandedTo(QSize(320, 0))

    def text(self) -> str:
        return self.header.text() + "".join(c.text.text() + "<br>" + c.more.text()
                                            for c in self.cards.values())
