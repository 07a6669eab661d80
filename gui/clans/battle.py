"""The battle panel: the battle being fought [§6.2] — where, who attacks
whom, each side's units there (its Ronin too [§6.2.4]), and once the dice
are rolled every die of every side against its target number, the hits
marked red [§6.2.3], and each side's hits; then the hits given, the
ninja's strike and the re-roll bought as the events tell them. With no
battle being fought, the last one: its rolls, casualties and who holds the
province after it. With the modules: the combat phase being rolled
(Firearm, Ranged, Melee [§10.2-c]), the Ikkō-ikki's neutral Bushi in grey
[§10.5.2], and what followed the battle — a betrayal [§10.1.3], the
pacification roll, Unrest and an uprising [§10.5], the Koku raided
[§6.2.7]. Read from the seat's view (`view["battle"]`) and the events up to
the state shown (a battle shows every unit in it, so nothing here is
secret)."""

from __future__ import annotations

from html import escape

import attrs
from tenkatoitsu_gui.area.html import HtmlPanel
from tenkatoitsu_gui.area.style import HIT
from tenkatoitsu_gui.clans import style
from tenkatoitsu_gui.clans.panels import clan_mark

from tenkatoitsu.core.events import DieRolled
from tenkatoitsu.kinds.clans import events as ev
from tenkatoitsu.kinds.clans import module_events as mev
from tenkatoitsu.kinds.clans.scenario.model import SPECIALIZED_WARFARE

#: what the events of a battle say, in order, besides the dice
TOLD = (ev.RoninJoined, ev.NinjaStruck, ev.RerollBought, ev.HitAssigned,
        ev.CasualtiesRemoved)
#: what the modules make of a battle once it is over, told after it
AFTER = (mev.Pacified, mev.UnrestRose, mev.Rebelled, mev.DaimyoRetreated, mev.RiceRaided,
         mev.GloryScored, mev.GloryPathTaken)


@attrs.frozen
class Clash:
    """One battle as the events tell it."""

    began: ev.ClashBegan
    lines: tuple = ()  # DieRolled, HitsScored and the TOLD events, in order
    ended: ev.ClashEnded | None = None
    after: tuple = ()  # the AFTER events that followed its end
    betrayal: mev.PactBetrayed | None = None  # the attack on an ally that began it


def last_clash(events) -> Clash | None:
    events = list(events)
    start = next((i for i in range(len(events) - 1, -1, -1)
                  if isinstance(events[i], ev.ClashBegan)), None)
    if start is None:
        return None
    lines, ended, after = [], None, []
    rest = iter(events[start + 1:])
    for e in rest:
        if isinstance(e, ev.ClashEnded):
            ended = e
            break
        if isinstance(e, (DieRolled, ev.HitsScored, *TOLD)):
            lines.append(e)
    for e in rest:  # the battle's aftermath, up to the next thing that happens
        if isinstance(e, AFTER):
            after.append(e)
        elif not isinstance(e, DieRolled):  # the pacification roll: Pacified tells it
            break
    betrayal = None
    for e in reversed(events[max(0, start - 4):start]):
        if isinstance(e, mev.PactBetrayed):
            betrayal = e
            break
    return Clash(events[start], tuple(lines), ended, tuple(after), betrayal)


def die_html(face: int, target: int | None) -> str:
    hit = target is not None and face >= target
    bg, fg = (HIT, "#ffffff") if hit else ("#ddd5c0", "#1b1b1b")
    return (f"<span style='background:{bg}; color:{fg}; font-weight:bold'>"
            f"&nbsp;{face}&nbsp;</span>")


def dice_html(faces, target: int | None) -> str:
    return "&thinsp;".join(die_html(f, target) for f in faces)


def target_text(target: int | None) -> str:
    if target is None:
        return ""
    return f"hits on {target}+" if target <= 6 else "cannot hit"


class BattlePanel(HtmlPanel):
    SIZE = (330, 300)

    def __init__(self, names: dict[str, str], colours, parent=None):
        super().__init__(parent)
        self.names = names
        self.colours = colours
        self.clash: Clash | None = None

    def show_view(self, view: dict, events) -> None:
        self.clash = last_clash(events)
        self.label.setText(self.html(view, self.clash))

    # ------------------------------------------------------------ words
    def _name(self, x: str) -> str:
        return escape(self.names.get(x, x))

    def _who(self, view: dict, clan: str) -> str:
        return clan_mark(view, self.colours, clan, self.names.get(clan, clan))

    def _targets(self, clash: Clash | None, clan: str) -> dict[str, int]:
        if clash is None:
            return {}
        found = [e for e in clash.lines if isinstance(e, ev.HitsScored) and e.clan == clan]
        return dict(found[-1].targets) if found else {}

    def _told(self, view: dict, e) -> str:
        w = self._who
        if isinstance(e, ev.RoninJoined):
            return f"{w(view, e.clan)} hires {e.count} Ronin ({e.cost} Koku)"
        if isinstance(e, ev.NinjaStruck):
            return (f"{w(view, e.clan)}'s ninja strikes: a {self._name(e.unit)} of "
                    f"{w(view, e.victim)} is removed")
        if isinstance(e, ev.RerollBought):
            return f"{w(view, e.clan)} pays {e.cost} Koku to re-roll its failed Bushi"
        if isinstance(e, ev.HitAssigned):
            return f"{w(view, e.by)} hits a {self._name(e.unit)} of {w(view, e.victim)}"
        lost = "; ".join(f"{w(view, c)} loses {escape(style.units_text(u))}"
                         for c, u in e.losses.items() if any(u.values()))
        return f"<b>Casualties</b>: {lost or 'none'}"

    def _betrayal(self, view: dict, clash: Clash | None, province: str) -> str:
        b = clash.betrayal if clash is not None else None
        if b is None or getattr(b, "province", province) != province:
            return ""
        return f"<b style='color:#b71c1c'>A betrayal</b>: {escape(b.words(self.names))}"

    def html(self, view: dict, clash: Clash | None) -> str:
        live = view["battle"]
        if live is not None:
            return self._live(view, live, clash if clash is not None and clash.ended is None
                              and clash.began.province == live["province"] else None)
        if clash is None or clash.ended is None:
            return "<i>No battle has been fought yet.</i>"
        return self._past(view, clash)

    def _live(self, view: dict, b: dict, clash: Clash | None) -> str:
        here = next(r for r in view["provinces"] if r["id"] == b["province"])
        sides = b["sides"]
        phase = b.get("phase")
        phases = style.COMBAT_PHASES.get(phase, phase) if phase and \
            SPECIALIZED_WARFARE in view.get("variants", ()) else ""
        out = [f"<h3 style='margin:2px'>⚔ Battle in {self._name(b['province'])}</h3>",
               f"{self._who(view, b['attacker'])} attacks "
               + ", ".join(self._who(view, c) for c in sides if c != b["attacker"])
               + (f" · <b>{escape(phases)}</b>" if phases else "")]
        betrayal = self._betrayal(view, clash, b["province"])
        if betrayal:
            out.insert(2, "<br><small>" + betrayal + "</small>")
        rows = []
        for c in sides:
            units = here["units"].get(c, {})
            targets = self._targets(clash, c)
            role = "attacker" if c == b["attacker"] else "defender"
            rolled = b["rolls"].get(c)
            dice = []
            if rolled is not None:
                for unit, faces in rolled.items():
                    t = targets.get(unit)
                    dice.append(f"{self._name(unit)} <small>{target_text(t)}</small><br>"
                                f"{dice_html(faces, t)}")
            hits = b["hits"].get(c)
            rows.append(f"<tr><td valign=top>{self._who(view, c)}<br><small>{role}</small></td>"
                        f"<td valign=top>{escape(style.units_text(units))}</td>"
                        f"<td valign=top>{'<br>'.join(dice) or '<i>not rolled</i>'}</td>"
                        f"<td valign=top align=center><b>{'' if hits is None else hits}</b>"
                        f"</td></tr>")
        out.append("<table width='100%' cellspacing=0 cellpadding=3>"
                   "<tr><th align=left>clan</th><th align=left>units</th>"
                   "<th align=left>dice</th><th>hits</th></tr>" + "".join(rows) + "</table>")
        if clash is not None:
            told = [self._told(view, e) for e in clash.lines if isinstance(e, TOLD)]
            if told:
                out.append("<small>" + "<br>".join(told) + "</small>")
        return "<br>".join(out[:2]) + "".join(out[2:])

    def _past(self, view: dict, clash: Clash) -> str:
        b = clash.began
        out = [f"<h3 style='margin:2px'>The last battle: {self._name(b.province)}</h3>",
               f"{self._who(view, b.attacker)} attacked "
               + ", ".join(self._who(view, c) for c in b.defenders)]
        betrayal = self._betrayal(view, clash, b.province)
        if betrayal:
            out.append(f"<small>{betrayal}</small>")
        rolls: dict[str, list] = {}
        for e in clash.lines:
            if isinstance(e, DieRolled) and e.side:
                rolls.setdefault(e.side, []).append(e)
        for e in clash.lines:
            if isinstance(e, ev.HitsScored):
                dice = " ".join(dice_html(r.dice, self._target(e, r.purpose))
                                for r in rolls.get(e.clan, []))
                out.append(f"{self._who(view, e.clan)} {dice} → <b>{e.hits}</b> hit(s)")
            elif isinstance(e, TOLD):
                out.append(f"<small>{self._told(view, e)}</small>")
        e = clash.ended
        out.append(f"<b>{self._who(view, e.controller)} holds it</b>" if e.controller else
                   "<b>No one holds it after the battle</b>")
        out += [f"<small>{escape(a.words(self.names))}</small>" for a in clash.after]
        return "<br>".join(out)

    def _target(self, scored: ev.HitsScored, purpose: str) -> int | None:
        """The target of the unit type a roll's purpose names ("Bushi attacking")."""
        for unit, t in scored.targets.items():
            if purpose.startswith(self.names.get(unit, unit)):
                return t
        return None
