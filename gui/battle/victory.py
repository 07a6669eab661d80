"""The victory panel [17]: the scenario's victory block in words (automatic
victories, the sources of VP, the level table or the margin, the last turn,
the samurai lines [16.1]) and the standing of the battle: the VP of each side,
what the sources counted at the end would add, and who would win, at which
level, if it ended now. Everything it shows is open to both players (the VP
track, the Bundori, the map), so it reads the same from either seat."""

from __future__ import annotations

from html import escape

from PySide6.QtCore import Signal
from PySide6.QtWidgets import QLabel, QScrollArea, QVBoxLayout, QWidget

from tenkatoitsu.hexmap import Hex
from tenkatoitsu.kinds.battle.hooks import ScenarioRule
from tenkatoitsu.kinds.battle.rules import samurai
from tenkatoitsu.kinds.battle.rules.victory import standing
from tenkatoitsu.kinds.battle.scenario import model as m
from tenkatoitsu.kinds.battle.view import GameAt
from tenkatoitsu.kinds.contract import level_names_side


def rule_link(rule: str) -> str:
    """A rule id that the Help window opens."""
    return f'<a href="rule:{rule}">[{rule}]</a>'


def side_name(game, side: str) -> str:
    return game.side_defs[side].name if side in game.side_defs else side


def unit_words(game, uid: str) -> str:
    d = game.unit_defs.get(uid)
    return f"{uid} ({d.name})" if d is not None and d.name else uid


def clan_words(game, cid: str) -> str:
    d = game.clan_defs.get(cid)
    return f"{cid} ({d.name})" if d is not None and d.name else cid


def fortress_words(game, fid: str) -> str:
    f = next((f for f in game.scenario.map.fortresses if f.id == fid), None)
    return f.name if f is not None and f.name else fid


def hex_words(game, h) -> str:
    label = next((lab.text for lab in game.scenario.map.labels if lab.hex == h), None)
    return f"hex {h.id}" + (f" ({label})" if label else "")


def condition_words(game, c: m.Condition) -> str:
    a = c.args
    if c.kind == "leader-killed":
        text = f"the leader of {unit_words(game, a[0])} is killed {rule_link('11.10')}"
    elif c.kind == "eliminated":
        clans = [clan_words(game, x) for x in a]
        text = ("clan " if len(clans) == 1 else "clans ") + _and(clans) + \
            (" is" if len(clans) == 1 else " are") + " wholly eliminated"
    elif c.kind == "controls":
        text = f"{side_name(game, a[0])} holds {fortress_words(game, a[1])} alone"
    elif c.kind == "holds":
        text = f"{side_name(game, a[0])} alone stands in {hex_words(game, a[1])}"
    elif c.kind == "unit-in":
        text = f"{unit_words(game, a[0])} is in {fortress_words(game, a[1])}"
    else:
        text = f"{c.kind} {' '.join(str(x) for x in a)}"
    return f"not: {text}" if c.negated else text


def _and(items: list[str]) -> str:
    return items[0] if len(items) == 1 else ", ".join(items[:-1]) + " and " + items[-1]


def vp_source_words(game, r: m.VpRule) -> str:
    n = r.args[0] if r.args else 1
    when = " at the end" if r.at_end else " as it happens"
    if r.kind == "elan-eliminated":
        return f"{n} VP for each Elan point of the enemy's units eliminated{when} " + \
            rule_link("17.1")
    if r.kind == "bundori":
        return f"{n} VP for each Bundori point (enemy leaders killed){when} {rule_link('17.1')}"
    if r.kind == "hold":
        where = hex_words(game, Hex.from_id(f"{r.args[0]:04d}"))
        return f"{r.args[1]} VP to the side alone in {where}{when} {rule_link('17.1')}"
    if r.kind == "stars":
        return ("each star hex: its VP to the side whose colour it bears, if one of that "
                f"side's units stands in it outside any enemy zone of control{when} "
                + rule_link("21.7.3"))
    if r.kind == "units-on-map":
        return f"{n} VP for each of one's own units on the map{when} {rule_link('21.7.3')}"
    return f"{r.kind} {' '.join(str(x) for x in r.args)}{when}"


def lead_words(game, lv: m.VictoryLevel) -> str:
    who, lo, hi = side_name(game, lv.lead_side), lv.lead.lo, lv.lead.hi
    if lo is None and hi is None:
        return "any VP"
    if lo is None:
        return f"{who} ahead by {hi} VP or less (or behind)" if hi >= 0 else \
            f"{who} behind by {-hi} VP or more"
    if hi is None:
        return f"{who} ahead by {lo} VP or more" if lo > 0 else \
            f"{who} level or ahead" if lo == 0 else \
            f"{who} ahead, level, or behind by {-lo} VP at most"
    if lo == hi:
        return f"{who} ahead by exactly {lo} VP" if lo else "the sides level"
    if lo == 0:
        return f"{who} level or ahead by up to {hi} VP"
    return f"{who} ahead by {lo} to {hi} VP"


def conditions_html(game) -> str:
    """The scenario's victory block in words."""
    v = game.scenario.victory
    t = game.scenario.turns
    out = [f"<p>The battle ends after turn <b>{t.last}</b>, or at once on an automatic "
           f"victory {rule_link('17')}.</p>"]
    if v is None:
        return "".join(out) + "<p>This scenario gives no victory conditions.</p>"
    if v.automatic:
        rows = "".join(f"<li><b>{escape(side_name(game, a.winner))}</b> wins if "
                       f"{condition_words(game, a.condition)}</li>" for a in v.automatic)
        out.append(f"<p><b>Automatic victory</b></p><ul>{rows}</ul>")
    if v.vp:
        rows = "".join(f"<li>{vp_source_words(game, r)}</li>" for r in v.vp)
        out.append(f"<p><b>Victory points</b></p><ul>{rows}</ul>")
    if v.levels:
        rows = []
        for lv in v.levels:
            winner = None if lv.winner == "none" else lv.winner
            who = "" if names_winner(game, winner, lv.title) else \
                f" ({escape('a draw' if winner is None else side_name(game, winner))})"
            cond = "".join(f"<br>if {condition_words(game, c)}" for c in lv.conditions)
            rows.append(f"<tr><td><b>{escape(lv.title)}</b>{who}</td>"
                        f"<td>{escape(lead_words(game, lv))}{cond}</td></tr>")
        out.append("<p><b>Levels</b> at the end, the first that applies:</p>"
                   f"<table cellspacing=4>{''.join(rows)}</table>")
    margin = v.margin if v.margin is not None else 1
    out.append(f"<p>{'Otherwise the' if v.levels else 'At the end the'} side ahead by "
               f"<b>{margin} VP</b> or more wins; else the battle is a draw.</p>")
    if samurai.enabled(game):
        lines = ", ".join(str(x) for x in samurai.lines(game))
        out.append(f"<p>Samurai lines at a lead of {lines} VP: the side behind may call a "
                   f"samurai {rule_link('16.1')}.</p>")
    for note in v.notes:
        out.append(f"<p><i>{escape(note.text)}</i></p>")
    return "".join(out)


def end_rules(game) -> list[str]:
    """The special rules of the game that act at the end (extra VP, a changed result)."""
    return [r.name for r in game.rules
            if type(r).end_of_game is not ScenarioRule.end_of_game
            or type(r).final_result is not ScenarioRule.final_result]


def vp_text(game, vp: dict) -> str:
    return " — ".join(f"{escape(side_name(game, s))} <b>{vp[s]}</b>" for s in game.side_ids)


def names_winner(game, winner: str | None, title: str) -> bool:
    """Whether a level's title says who wins (a side's name, or a draw)."""
    if winner is None:
        return "draw" in title.lower()
    return level_names_side(title, winner, side_name(game, winner))


def result_words(game, winner, level) -> str:
    """The level, and the winner when the level does not name him."""
    who = "a draw" if winner is None else f"{side_name(game, winner)} wins"
    if not level:
        return f"<b>{escape(who)}</b>"
    named = names_winner(game, winner, level)
    return f"<b>{escape(level)}</b>" + ("" if named else f" ({escape(who)})")


def standing_html(game, state) -> str:
    """Where the battle stands at `state` (the live one, or a past one)."""
    s = standing(game if state is game.state else GameAt(game, state))
    a, b = game.side_ids
    lead = s.vp[a] - s.vp[b]
    ahead = "level" if lead == 0 else \
        f"{escape(side_name(game, a if lead > 0 else b))} leads by {abs(lead)}"
    out = [f"<p>Turn <b>{state.turn}</b> of {game.scenario.turns.last}. "
           f"VP: {vp_text(game, s.vp)} ({ahead})</p>"]
    if state.over:
        out.append(f"<p>The battle is over: {result_words(game, s.winner, s.level)}.</p>")
        return "".join(out)
    if s.awards:
        rows = "".join(f"<li>{escape(side_name(game, w.side))} +{w.vp}: {escape(w.reason)} "
                       f"{rule_link(w.rule)}</li>" for w in s.awards)
        out.append(f"<p>Counted at the end, as things stand:</p><ul>{rows}</ul>")
    out.append(f"<p>If the battle ended now: {vp_text(game, s.final_vp)}<br>"
               f"{result_words(game, s.winner, s.level)}</p>")
    special = end_rules(game)
    if special:
        out.append(f"<p><i>Not counted here: what the special rules ({', '.join(special)}) "
                   "add or change at the end.</i></p>")
    return "".join(out)


class VictoryPanel(QScrollArea):
    """The standing, then the conditions; a rule id clicked is `ruleClicked`."""

    ruleClicked = Signal(str)

    def __init__(self, game, parent=None):
        super().__init__(parent)
        self.game = game
        self.conditions = conditions_html(game)  # the scenario's: it never changes
        self.label = QLabel()
        self.label.setWordWrap(True)
        self.label.setTextFormat(self.label.textFormat().RichText)
        self.label.setOpenExternalLinks(False)
        self.label.linkActivated.connect(lambda href: self.ruleClicked.emit(
            href.removeprefix("rule:")))
        inner = QWidget()
        lay = QVBoxLayout(inner)
        lay.addWidget(self.label)
        lay.addStretch(1)
        self.setWidget(inner)
        self.setWidgetResizable(True)
        self.setMinimumWidth(240)

    def show_state(self, state) -> None:
        self.label.setText("<h3>Standing</h3>" + standing_html(self.game, state)
                           + "<h3>Victory conditions</h3>" + self.conditions)

    def text(self) -> str:
        return self.label.text()
