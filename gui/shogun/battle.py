"""The battle panel: the battle being fought (or the last one), die by die.
Its head says who attacks whom from where [SC-15.2], naval or not [SC-18.6];
then each side's troops as the screens show them (`view["battle"]`); then
every combat round [SC-16.1] as the events tell it: each step's roll, one d12
a unit, the dice that hit marked red [SC-16.2] [SC-16.3], the casualties
each owner removed [SC-17.1], and how the battle ended [SC-17.7]. Read from
the seat's view and the events up to the state shown (a battle reveals
every unit in it, so nothing here is secret)."""

from __future__ import annotations

from html import escape

import attrs
from tenkatoitsu_gui.area.html import HtmlPanel, mark, rule_link
from tenkatoitsu_gui.shogun import style

from tenkatoitsu.kinds.shogun import events as ev

UNIT_NAMES = {"bowman": "bowmen", "gunner": "gunners", "daimyo": "daimyo",
              "swordsman": "swordsmen", "ronin": "ronin", "spearman": "spearmen"}
TROOP_NAMES = {"army": "army", "force": "provincial force", "bonus": "bonus defenders"}
SIDE_ORDER = ("daimyo", "bowman", "swordsman", "gunner", "spearman", "ronin")


@attrs.frozen
class Round:
    """One combat round (or the naval first strike): its rolls and removals, in order."""

    first_strike: bool = False
    lines: tuple = ()  # Hits and Casualty events


@attrs.frozen
class BattleRecord:
    began: ev.BattleBegan
    revealed: tuple = ()  # RoninRevealed and BonusDefenders before the first roll
    rounds: tuple[Round, ...] = ()
    ended: ev.BattleEnded | None = None
    after: tuple = ()  # what the battle changed: provinces lost, daimyos lost


AFTER = (ev.ProvinceLost, ev.DaimyoLost, ev.Eliminated, ev.ExperienceGained, ev.Conquered)


def last_battle(events) -> BattleRecord | None:
    """The last battle fought against a defender (an empty province's is no combat)."""
    events = list(events)
    start = next((i for i in range(len(events) - 1, -1, -1)
                  if isinstance(events[i], ev.BattleBegan) and events[i].defender), None)
    if start is None:
        return None
    began = events[start]
    revealed = []
    i = start - 1
    while i >= 0 and isinstance(events[i], ev.RoninRevealed):  # turned up as it began
        revealed.insert(0, events[i])
        i -= 1
    rounds: list[list] = []
    flags: list[bool] = []
    last_key = None
    rolled: set[str] = set()  # the unit types rolled at last_key
    ended = None
    after = []
    for e in events[start + 1:]:
        if ended is not None:
            if isinstance(e, AFTER):
                after.append(e)
                continue
            break
        if isinstance(e, ev.BattleBegan):
            break
        if isinstance(e, (ev.BonusDefenders, ev.RoninRevealed)) and not rounds:
            revealed.append(e)
        elif isinstance(e, ev.Hits):
            # a round's rolls go step by step, the attacker first in each step, each
            # unit type of the step once: a roll that does not follow begins a round
            key = (e.step, 0 if e.house == began.attacker else 1)
            if last_key is None or key < last_key or (key == last_key and e.unit in rolled):
                first = began.naval and not rounds and key[1] == 1
                rounds.append([])
                flags.append(first)
            if key != last_key or not rounds[-1] or isinstance(rounds[-1][-1], ev.Casualty):
                rolled = set()
            rolled.add(e.unit)
            rounds[-1].append(e)
            last_key = key
        elif isinstance(e, ev.Casualty):
            if not rounds:
                rounds.append([])
                flags.append(False)
            rounds[-1].append(e)
        elif isinstance(e, ev.BattleEnded):
            ended = e
    return BattleRecord(began, tuple(revealed),
                        tuple(Round(f, tuple(r)) for f, r in zip(flags, rounds)), ended,
                        tuple(after))


def dice_html(e: ev.Hits) -> str:
    out = []
    for d in e.dice:
        hit = d <= e.value
        bg, fg = (style.HIT, "#ffffff") if hit else ("#ddd5c0", "#1b1b1b")
        out.append(f"<span style='background:{bg}; color:{fg}; font-weight:bold'>"
                   f"&nbsp;{d}&nbsp;</span>")
    return "&thinsp;".join(out)


def troops_html(side: dict, names: dict[str, str]) -> str:
    rows = []
    for troop, units in side.items():
        if not units:
            continue
        what = " ".join(f"{n}{style.SHORT.get(u, u)}" for u in SIDE_ORDER
                        for n in [units.get(u, 0)] if n)
        rows.append(f"{escape(TROOP_NAMES.get(troop, troop))}: <b>{what}</b>")
    return "<br>".join(rows) or "<i>nothing left</i>"


def battle_html(view: dict, record: BattleRecord | None, names: dict[str, str]) -> str:
    """`names`: every id (provinces, colour sets, armies) -> its name."""
    if record is None:
        return "<i>No battle has been fought yet.</i>"
    colours = style.house_colours(view)

    def marked(h: str, name: str) -> str:
        c = colours.get(h)
        return (f"{mark(c)} " if c is not None else "") + f"<b>{escape(names.get(name, name))}</b>"

    def who(h: str) -> str:
        return marked(h, h)

    def troop_of(h: str, troop: str) -> str:
        """An army by its name ("Green army 2"), a force as its colour set's."""
        if troop in TROOP_NAMES:
            return f"{who(h)}'s {escape(TROOP_NAMES[troop])}"
        return marked(h, troop)

    b = record.began
    live = view["battle"] if view["battle"] and view["battle"]["to"] == b.to else None
    head = "⚔ The battle for" if record.ended is None else "The last battle:"
    out = [f"<h3 style='margin:2px'>{head} {escape(names.get(b.to, b.to))}</h3>",
           f"{troop_of(b.attacker, b.troop)} from {escape(names.get(b.frm, b.frm))} attacks "
           f"{who(b.defender)} {rule_link('SC-15.2')}"
           + (" — <b>naval invasion</b>: the defender strikes first "
              + rule_link("SC-18.6") if b.naval else "")]
    if live is not None:
        att, dfn = live["sides"]
        out.append(f"<table width='100%' cellspacing=0 cellpadding=3>"
                   f"<tr><th align=left>attacker</th><th align=left>defender</th></tr>"
                   f"<tr><td valign=top bgcolor='#f7eeee'>{who(live['attacker'])}<br>"
                   f"{troops_html(att, names)}</td>"
                   f"<td valign=top bgcolor='#eef1f7'>{who(live['defender'])}<br>"
                   f"{troops_html(dfn, names)}</td></tr></table>"
                   f"<small>as combat round {live['round']} began</small>")
    for e in record.revealed:
        if isinstance(e, ev.RoninRevealed):
            out.append(f"<small>{who(e.house)} reveals ronin: {e.army} with the army, "
                       f"{e.force} with the force {rule_link(e.rule)}"
                       "</small>")
        else:
            out.append(f"<small>{e.count} bonus {escape(UNIT_NAMES.get(e.unit, e.unit))} "
                       f"defend {rule_link(e.rule)}</small>")
    n = 0
    for r in record.rounds:
        if r.first_strike:
            title = "Naval first strike"
        else:
            n += 1
            title = f"Combat round {n}"
        rows = []
        for e in r.lines:
            if isinstance(e, ev.Hits):
                rows.append(f"<tr><td>{e.step}</td><td>{who(e.house)} "
                            f"{escape(UNIT_NAMES.get(e.unit, e.unit))} ≤{e.value}</td>"
                            f"<td nowrap>{dice_html(e)} → <b>{e.hits}</b></td></tr>")
            else:
                troop = TROOP_NAMES.get(e.troop, names.get(e.troop, e.troop))
                rows.append(f"<tr><td></td><td colspan=2><span style='color:#8b0000'>✖</span> "
                            f"{who(e.house)} removes a {escape(e.unit)} "
                            f"({escape(troop)})</td></tr>")
        out.append(f"<p style='margin:4px 0 0 0'><b>{title}</b> "
                   f"{rule_link('SC-16.1')}</p>"
                   f"<table cellspacing=0 cellpadding=2><tr><th>step</th><th align=left>rolls"
                   f"</th><th align=left>dice → hits</th></tr>{''.join(rows)}</table>")
    if record.ended is not None:
        e = record.ended
        out.append(f"<p><b>{escape(e.result.capitalize())}</b> after {e.rounds} combat "
                   f"round(s) {rule_link(e.rule)}</p>")
        for a in record.after:
            out.append(f"<small>[{escape(a.rule)}] {escape(a.words(names))}</small>")
    return "<br>".join(out[:2]) + "".join(
        x if x.startswith(("<table", "<p")) else "<br>" + x for x in out[2:])


class BattlePanel(HtmlPanel):
    SIZE = (330, 320)

    def __init__(self, names: dict[str, str], parent=None):
        super().__init__(parent)
        self.names = names
        self.record: BattleRecord | None = None

    def show_view(self, view: dict, events) -> None:
        self.record = last_battle(events)
        self.label.setText(battle_html(view, self.record, self.names))
