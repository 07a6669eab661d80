"""The pending Decision as a prompt, answered by clicking.

Generic over decision kinds: options whose values are hex ids (or "stay")
are answered by clicking the hex, options that are unit ids by clicking the
counter; every option is also listed, so a decision of any kind, known or
not, can be answered from the list; an advance after combat, a (unit, hex) pair,
by clicking the unit or the hex when that names one pair. A click that is not a legal option is
refused with the rules' own reason. Combats in the options get a preview:
the modifier breakdown and the exact odds of each CRT result [11.6]
(tenkatoitsu.kinds.battle.queries.odds), and so does each Leadership declaration, the last
choice before the dice; a movement shows the MP of each destination and
the path to the one under the mouse (tenkatoitsu.kinds.battle.rules.movement)."""

from __future__ import annotations

import re

from PySide6.QtCore import Signal
from PySide6.QtWidgets import (
    QHBoxLayout,
    QLabel,
    QListWidget,
    QListWidgetItem,
    QPushButton,
    QTextBrowser,
    QVBoxLayout,
    QWidget,
)

from tenkatoitsu.core.decisions import Decision
from tenkatoitsu.hexmap import Hex
from tenkatoitsu.kinds.battle.queries import reach
from tenkatoitsu.kinds.battle.queries.attacks import combats_in
from tenkatoitsu.kinds.battle.queries.combat_modifiers import Leadership
from tenkatoitsu.kinds.battle.queries.odds import combat_odds
from tenkatoitsu.kinds.battle.rules import movement
from tenkatoitsu.kinds.battle.scenario import model as m

_HEX_ID = re.compile(r"^\d{4}$")
_COST = re.compile(r"\(([^()]*)\)\s*$")
_PATH_MODES = {"march-hex": "march", "charge-hex": "charge"}


class MapChoices:
    """How a decision's options map onto the board."""

    def __init__(self, game, d: Decision | None):
        self.hexes: dict[str, object] = {}  # hex id -> option value
        self.hex_text: dict[str, str] = {}  # hex id -> MP or distance shown on the hex
        self.units: dict[str, object] = {}  # unit id -> option value
        self.unit = None  # the unit the decision is about (context)
        if d is None:
            return
        st = game.state
        uid = d.context.get("unit") if isinstance(d.context, dict) else None
        self.unit = uid if isinstance(uid, str) and uid in st.units else None
        w, h = game.scenario.map.width, game.scenario.map.height
        for o in d.options:
            v = o.value
            if isinstance(v, str) and _HEX_ID.match(v):
                hx = Hex.from_id(v)
                if 1 <= hx.col <= w and 1 <= hx.row <= h:
                    self.hexes[v] = v
                    self.hex_text[v] = _cost_text(o.label)
                    continue
            if v == movement.STAY and self.unit and st.units[self.unit].hex is not None:
                hid = st.units[self.unit].hex.id
                self.hexes[hid] = v
                self.hex_text[hid] = "stay"
                continue
            if isinstance(v, str) and v in st.units:
                self.units[v] = v
        self._map_pairs(game, d)

    def _map_pairs(self, game, d: Decision) -> None:
        """[11.12] an advance after combat is a (unit, hex) pair: the unit's
        counter answers it when that unit has one way forward, the hex when
        one unit may enter it; a pair neither names alone stays in the list."""
        pairs = [o.value for o in d.options if isinstance(o.value, list) and len(o.value) == 2
                 and isinstance(o.value[0], str) and o.value[0] in game.state.units
                 and isinstance(o.value[1], str)
                 and _HEX_ID.match(o.value[1])]
        for uid, hid in pairs:
            if sum(p[0] == uid for p in pairs) == 1:
                self.units[uid] = [uid, hid]
            if sum(p[1] == hid for p in pairs) == 1:
                self.hexes[hid] = [uid, hid]
                self.hex_text[hid] = uid

    @property
    def on_map(self) -> bool:
        return bool(self.hexes or self.units)


def _cost_text(label: str) -> str:
    m = _COST.search(label)
    return m.group(1) if m else ""


def path_preview(game, d: Decision, unit: str | None, hid: str) -> list[Hex]:
    """The path the unit would follow to `hid` (a pure query of queries/reach.py)."""
    if unit is None or game.state.units[unit].hex is None:
        return []
    try:
        if d.kind in _PATH_MODES:
            return reach.path_to(game, unit, hid, 1e9, _PATH_MODES[d.kind]) or []
        if d.kind == "withdraw-hex":
            return reach.withdrawal_destinations(game, unit).get(Hex.from_id(hid), [])
    except (KeyError, ValueError):
        return []
    return []


def _odds_block(title: str, odds, note: str = "") -> str:
    bd = odds.breakdown
    rows = "".join(f"<tr><td>{ln.label}</td><td>[{ln.rule}]</td><td align=right>{ln.blue:+d}</td>"
                   f"<td align=right>{ln.red:+d}</td></tr>" for ln in bd.lines)
    res = "".join(f"<tr><td>{text}</td><td align=right>{float(p) * 100:.1f}%</td></tr>"
                  for text, p in odds.results)
    sup = f" (support: {', '.join(odds.supports)})" if odds.supports else ""
    return (f"<p><b>{title}</b>{sup}<br>"
            f"modifiers: blue {bd.blue:+d}, red {bd.red:+d}{note} [11.6]</p>"
            f"<table cellspacing=4><tr><th align=left>modifier</th><th>rule</th><th>blue</th>"
            f"<th>red</th></tr>{rows}</table>"
            f"<p>results (2D6 blue and red, exact):</p><table cellspacing=4>{res}</table>"
            f"<p>value for the attacker: {odds.value:+.2f}</p>")


def odds_html(game, value, totsugeki=()) -> str:
    """The breakdown and the exact result odds of every combat in an option;
    `totsugeki`: the attackers that assault with Totsugeki's bonus [10.4.1]."""
    combats = combats_in(value)
    if not combats:
        return ""
    fighting = [a for c in combats for a in c[0]]
    out = []
    for atk, dfn in combats:
        title = f"{'+'.join(atk)} vs {'+'.join(dfn)}"
        if not atk:
            out.append(f"<p><b>{'+'.join(dfn)}</b> is not attacked</p>")
            continue
        try:
            odds = combat_odds(game, list(atk), list(dfn), fighting=fighting,
                               totsugeki=any(a in totsugeki for a in atk))
        except Exception as e:  # a preview never stops the game; say why it is missing
            out.append(f"<p>{title}: no preview ({e})</p>")
            continue
        out.append(_odds_block(title, odds, " (before Leadership)"))
    return "".join(out)


def _leader(game, pair) -> Leadership | None:
    if not (isinstance(pair, list) and len(pair) == 2 and pair[0] in game.state.units):
        return None
    return Leadership(pair[0], game.lead(pair[0]), m.Die(pair[1]))


def leadership_odds_html(game, context: dict, value) -> str:
    """[11.6] the odds of the combat in `context` if this Leadership is declared
    (with the attacker's, already declared, when the defender chooses)."""
    atk, dfn = context.get("attackers"), context.get("defenders")
    role = context.get("role")
    mine = _leader(game, value)
    if not atk or not dfn or mine is None or role not in ("attacker", "defender"):
        return ""
    a_lead = mine if role == "attacker" else _leader(game, context.get("attacker_leader"))
    d_lead = mine if role == "defender" else None
    try:
        odds = combat_odds(game, list(atk), list(dfn), totsugeki=bool(context.get("totsugeki")),
                           fighting=context.get("fighting"), attacker_leader=a_lead,
                           defender_leader=d_lead)
    except Exception as e:  # a preview never stops the game; say why it is missing
        return f"<p>no preview ({e})</p>"
    note = "" if role == "defender" else " (before the defender's Leadership)"
    return _odds_block(f"{'+'.join(atk)} vs {'+'.join(dfn)}, {mine.unit} on the "
                       f"{mine.die.value} dice", odds, note)


def preview_html(game, d: Decision, value) -> str:
    """What a player reads before choosing this option of `d`."""
    if d.kind == "leadership" and isinstance(d.context, dict):
        return leadership_odds_html(game, d.context, value)
    return odds_html(game, value, d.context.get("totsugeki", ()))


def has_preview(d: Decision) -> bool:
    return (d.kind == "leadership" and bool(d.context.get("attackers"))) or \
        any(combats_in(o.value) for o in d.options)


class DecisionPanel(QWidget):
    """The prompt, the option list and the preview of the selected option."""

    chosen = Signal(object)  # an option value to answer with

    def __init__(self, parent=None):
        super().__init__(parent)
        lay = QVBoxLayout(self)
        self.who = QLabel()
        self.who.setStyleSheet("font-weight: bold")
        self.prompt = QLabel()
        self.prompt.setWordWrap(True)
        self.hint = QLabel()
        self.hint.setWordWrap(True)
        self.hint.setStyleSheet("color: #555")
        self.options = QListWidget()
        self.options.setWordWrap(True)
        self.options.itemDoubleClicked.connect(self._double)
        self.options.currentRowChanged.connect(self._selected)
        row = QHBoxLayout()
        self.choose = QPushButton("Choose")
        self.choose.clicked.connect(self._choose)
        row.addStretch(1)
        row.addWidget(self.choose)
        self.options.setMinimumHeight(54)  # three lines: the panel fits a laptop screen
        self.preview = QTextBrowser()
        self.preview.setMinimumHeight(60)
        self.preview.hide()  # shown for the decisions that have one
        self.refusal = QLabel()
        self.refusal.setWordWrap(True)
        self.refusal.setStyleSheet("color: #b00000")
        for w in (self.who, self.prompt, self.hint):
            lay.addWidget(w)
        lay.addWidget(self.options, 2)
        lay.addLayout(row)
        lay.addWidget(self.refusal)
        lay.addWidget(self.preview, 3)  # the odds table is the longer read
        self.game = None
        self.decision: Decision | None = None

    def show_decision(self, game, d: Decision | None, who: str, answerable: bool,
                      choices: MapChoices) -> None:
        self.game, self.decision = game, d
        self.options.clear()
        self.refusal.clear()
        self.preview.clear()
        if d is None:
            self.who.setText(who)
            self.prompt.setText("")
            self.hint.setText("")
            self.choose.setEnabled(False)
            self.preview.hide()
            return
        self.who.setText(who)
        self.prompt.setText(f"{d.prompt}  [{d.rule}]")
        hints = []
        if choices.hexes:
            hints.append("click a highlighted hex")
        if choices.units:
            hints.append("click a highlighted counter")
        self.hint.setText(("Or " if hints else "") + " or ".join(hints) + (
            " — or pick from the list (double-click, or select and Choose)." if hints else
            "Pick from the list: double-click, or select and Choose."))
        for o in d.options:
            item = QListWidgetItem(o.label + (f" — {o.detail}" if o.detail else ""))
            item.setToolTip(repr(o.value))
            self.options.addItem(item)
        self.options.setEnabled(answerable)
        self.choose.setEnabled(answerable)
        self.preview.setVisible(has_preview(d))
        if has_preview(d):
            self.options.setCurrentRow(0)

    def refuse(self, reason: str) -> None:
        self.refusal.setText(reason)

    def _selected(self, row: int) -> None:
        if self.decision is None or row < 0 or row >= len(self.decision.options):
            return
        html = preview_html(self.game, self.decision, self.decision.options[row].value)
        self.preview.setHtml(html)

    def _double(self, item: QListWidgetItem) -> None:
        self.choose_row(self.options.row(item))

    def _choose(self) -> None:
        self.choose_row(self.options.currentRow())

    def choose_row(self, row: int) -> None:
        # values are looked up by row: Qt would convert None, lists and bools
        if self.decision is not None and 0 <= row < len(self.decision.options):
            self.chosen.emit(self.decision.options[row].value)
