"""The planning screen [SC-6]: the five bins of the tray, TAKE SWORDS,
BUILD (0 or 2), LEVY UNITS, HIRE RONIN and HIRE NINJA, each with − and +
(and "the rest here"), the koku still to place, and the button that seals
the plan once every koku is in a bin. The answer is the list of the five
amounts, as the decision's options list them; a plan that is not one of
them cannot be sealed. With the ninja spying [SC-6.4] it shows the plan he
saw. Only the seat to plan uses it; for any other it says who is planning."""

from __future__ import annotations

from html import escape

from PySide6.QtCore import Qt, Signal
from PySide6.QtWidgets import (
    QGridLayout,
    QHBoxLayout,
    QLabel,
    QPushButton,
    QToolButton,
    QVBoxLayout,
    QWidget,
)
from tenkatoitsu_gui.area.html import rule_link

from tenkatoitsu.kinds.shogun.state import BINS

#: each bin: its name on the tray, what a koku in it does (short, then in full), its rule
BIN_ROWS = {
    "swords": ("TAKE SWORDS", "the highest bid picks first",
               "The highest bid picks its sword first; the sword is the order of play.",
               "SC-7.1"),
    "build": ("BUILD", "0 or 2: a castle or fortress",
              "Exactly 0 or 2: a castle, or a fortress where a castle stands.", "SC-8.1"),
    "levy": ("LEVY UNITS", "a koku: 1B, 2S/2G or 3Sp",
             ("A koku levies 1 bowman, 2 swordsmen or gunners (or one of each), or 3 "
              "spearmen; at most one new unit a province."), "SC-9.1"),
    "ronin": ("HIRE RONIN", "2 ronin a koku, face down",
              "A koku hires 2 ronin, laid face down on your province cards.", "SC-10.1"),
    "ninja": ("HIRE NINJA", "the strictly highest bid",
              "The strictly highest bid hires the ninja; every other bid is lost.", "SC-11.1"),
}
PLAN = "plan"


class PlanningPanel(QWidget):
    chosen = Signal(object)  # the plan sealed: [swords, build, levy, ronin, ninja]
    ruleClicked = Signal(str)

    def __init__(self, parent=None):
        super().__init__(parent)
        lay = QVBoxLayout(self)
        lay.setContentsMargins(6, 4, 6, 4)
        lay.setSpacing(4)
        self.prompt = QLabel(wordWrap=True, textFormat=Qt.TextFormat.RichText)
        self.prompt.linkActivated.connect(self._link)
        lay.addWidget(self.prompt)
        self.spied = QLabel(wordWrap=True, textFormat=Qt.TextFormat.RichText)
        self.spied.setStyleSheet("background: #efe4ff; border: 1px solid #7a5bb5; padding: 4px")
        self.spied.linkActivated.connect(self._link)
        lay.addWidget(self.spied)
        grid = QGridLayout()
        grid.setHorizontalSpacing(4)
        grid.setVerticalSpacing(3)
        self.values = [0] * len(BINS)
        self.amounts: list[QLabel] = []
        self.minus: list[QToolButton] = []
        self.plus: list[QToolButton] = []
        self.rest: list[QToolButton] = []
        for i, b in enumerate(BINS):
            title, hint, full, rule = BIN_ROWS[b]
            name = QLabel(f"<b>{title}</b> {rule_link(rule)}<br><small>{escape(hint)}</small>",
                          textFormat=Qt.TextFormat.RichText, toolTip=full)
            name.linkActivated.connect(self._link)
            minus = QToolButton(text="−", toolTip=f"one koku less in {title}")
            plus = QToolButton(text="+", toolTip=f"one koku more in {title}")
            rest = QToolButton(text="all", toolTip=f"every koku left into {title}")
            amount = QLabel("0", alignment=Qt.AlignmentFlag.AlignCenter)
            amount.setMinimumWidth(28)
            amount.setStyleSheet("font-size: 15px; font-weight: bold; background: #fbf4dc;"
                                 "border: 1px solid #8a7a55; border-radius: 3px")
            for w in (minus, plus, rest):
                w.setMinimumWidth(26)
            minus.clicked.connect(lambda _=False, i=i: self.step(i, -1))
            plus.clicked.connect(lambda _=False, i=i: self.step(i, +1))
            rest.clicked.connect(lambda _=False, i=i: self.all_into(i))
            grid.addWidget(name, i, 0)
            grid.addWidget(minus, i, 1)
            grid.addWidget(amount, i, 2)
            grid.addWidget(plus, i, 3)
            grid.addWidget(rest, i, 4)
            self.amounts.append(amount)
            self.minus.append(minus)
            self.plus.append(plus)
            self.rest.append(rest)
        grid.setColumnStretch(0, 1)
        lay.addLayout(grid)
        self.left = QLabel(textFormat=Qt.TextFormat.RichText, wordWrap=True)
        self.left.linkActivated.connect(self._link)
        lay.addWidget(self.left)
        row = QHBoxLayout()
        self.clear = QPushButton("Clear")
        self.clear.clicked.connect(self.reset)
        self.seal = QPushButton("Seal the plan")
        self.seal.setMinimumHeight(32)
        self.seal.clicked.connect(self._seal)
        row.addWidget(self.clear)
        row.addWidget(self.seal, 1)
        lay.addLayout(row)
        self.refusal = QLabel(wordWrap=True)
        self.refusal.setStyleSheet("color: #b00000")
        lay.addWidget(self.refusal)
        lay.addStretch(1)
        self.decision = None
        self.koku = 0
        self.legal: set[tuple[int, ...]] = set()
        self.build_step = 2
        self.answerable = False

    # ------------------------------------------------------------ showing
    def show_plan(self, decision, who: str, answerable: bool, names: dict[str, str]) -> None:
        """The plan decision (for the seat to plan when `answerable`)."""
        if decision is not self.decision:
            self.values = [0] * len(BINS)
            self.refusal.clear()
        self.decision = decision
        self.answerable = answerable
        ctx = decision.context or {}
        self.legal = {tuple(o.value) for o in decision.options}
        self.koku = ctx.get("koku", max((sum(v) for v in self.legal), default=0))
        builds = sorted({v[1] for v in self.legal} - {0})
        self.build_step = builds[0] if builds else 0
        text = f"{escape(who)}<br>{escape(decision.prompt)} {rule_link(decision.rule)}"
        if not answerable:
            text += "<br><i>Another seat plans in secret: its bins are not shown.</i>"
        self.prompt.setText(text)
        spied = ctx.get("spied") if answerable else None
        if spied:
            house = spied.get("house", "")
            bins = spied.get("bins", {})
            shown = " · ".join(f"{BIN_ROWS[b][0].lower()} <b>{bins.get(b, 0)}</b>" for b in BINS)
            self.spied.setText(f"Your ninja saw the plan of <b>{escape(names.get(house, house))}"
                               f"</b> {rule_link('SC-6.4')}:<br>{shown}")
            self.spied.show()
        else:
            self.spied.hide()
        self._sync()

    def _sync(self) -> None:
        left = self.koku - sum(self.values)
        for i, b in enumerate(BINS):
            self.amounts[i].setText(str(self.values[i]))
            up = self.build_step if b == "build" else 1
            can_add = self.answerable and left >= up and not (b == "build" and self.values[i])
            self.plus[i].setEnabled(can_add)
            self.rest[i].setEnabled(self.answerable and left > 0 and b != "build")
            self.minus[i].setEnabled(self.answerable and self.values[i] > 0)
        self.clear.setEnabled(self.answerable and any(self.values))
        ok = tuple(self.values) in self.legal
        self.seal.setEnabled(self.answerable and ok)
        colour = "#1f6d1f" if left == 0 else "#8b0000"
        self.left.setText(f"Koku: <b>{self.koku}</b> · still to place: "
                          f"<b style='color:{colour}'>{left}</b>"
                          + ("" if left == 0 else " (every koku goes into a bin "
                             f"{rule_link('SC-6.2')})"))

    # ------------------------------------------------------------ changing
    def step(self, i: int, d: int) -> None:
        if not self.answerable:
            return
        b = BINS[i]
        left = self.koku - sum(self.values)
        if b == "build":  # exactly 0 or the build cost [SC-6.3]
            if d < 0:
                self.values[i] = 0
            elif not self.values[i] and left >= self.build_step:
                self.values[i] = self.build_step
        elif d > 0 and left > 0:
            self.values[i] += 1
        elif d < 0 and self.values[i] > 0:
            self.values[i] -= 1
        self._sync()

    def all_into(self, i: int) -> None:
        if not self.answerable or BINS[i] == "build":
            return
        self.values[i] += self.koku - sum(self.values)
        self._sync()

    def reset(self) -> None:
        self.values = [0] * len(BINS)
        self._sync()

    def set_plan(self, values) -> None:
        """Put these amounts in the bins (tests and tools)."""
        self.values = list(values)
        self._sync()

    def _seal(self) -> None:
        if self.answerable and tuple(self.values) in self.legal:
            self.chosen.emit(list(self.values))

    def refuse(self, reason: str) -> None:
        self.refusal.setText(reason)

    def _link(self, href: str) -> None:
        if href.startswith("rule:"):
            self.ruleClicked.emit(href[5:])
