"""Sekigahara's betrayals [21.4]: the undecided clans, their influence tracks,
the Diplomacy Track and its events, Tokugawa's pledges, the Betrayal Bowl
drawn each turn, joining a side, the feudal bonds, the arquebuses gambit,
Matsuno Shigemoto and Chōsokabe.

Influence chits are ``loyalty:<family>`` and ``treason:<family>``; a large
clan's parts share one family and move together [21.5]. An undecided clan's
activation chits lie on its influence track (in no container of the game)
until it joins a side; then the winner's chit enters play for free and the
other is discarded [21.4.2]."""

from __future__ import annotations

import attrs

from tenkatoitsu.core.decisions import Decision, Option
from tenkatoitsu.core.events import Event
from tenkatoitsu.kinds.battle.scenario import model as m
from tenkatoitsu.kinds.battle.scenario_rules.sekigahara_data import SekigaharaData, family
from tenkatoitsu.kinds.battle.state import clan_chit, delay_place

NEUTRAL = "neutral"
SHOOT, HOLD_FIRE = "shoot", "hold"
NOW, REDEPLOY = "now", "redeploy"


@attrs.frozen
class InfluenceMoved(Event):
    """[21.4.4] a clan chit moved on its influence track."""

    family: str = ""
    side: str = ""
    box: int = 0
    of: int = 0

    def text(self):
        end = "Loyal!" if self.side == "loyal" else "Treason!"
        return f"influence: clan {self.family}'s chit at box {self.box} of {self.of} toward {end}"


@attrs.frozen
class ClanJoined(Event):
    """[21.4.2] an undecided clan joins a side (side None: it stays neutral)."""

    family: str = ""
    clans: tuple[str, ...] = ()
    side: str | None = None
    how: str = ""

    def text(self):
        many = len(self.clans) > 1
        who = ("clans " if many else "clan ") + ", ".join(self.clans)
        if self.side is None:
            return f"{who} {'stay' if many else 'stays'} neutral ({self.how}) and leave the battle"
        return f"{who} {'join' if many else 'joins'} {self.side} ({self.how})"


@attrs.frozen
class DiplomacyMoved(Event):
    """[21.4.3] a Diplomacy marker moved on its row."""

    side: str = ""
    box: int = 0
    reason: str = ""

    def text(self):
        return f"Diplomacy: {self.side}'s marker to box {self.box} ({self.reason})"


@attrs.frozen
class GambitFired(Event):
    """[21.4.6] Tokugawa fired on an undecided clan: the chit he drew from
    the Betrayal Bowl as it stood (the odds he took) decides the clan."""

    side: str = ""
    family: str = ""
    treason: int = 0
    loyalty: int = 0
    chit: str = ""

    def text(self):
        kind, _, fam = self.chit.partition(":")
        return (f"{self.side} fires on clan {self.family}: the {kind} chit of clan {fam} is drawn "
                f"from a Betrayal Bowl of {self.treason} Treason and {self.loyalty} Loyalty "
                "chits, and goes back into it")


@attrs.frozen
class PledgesWritten(Event):
    """[21.4.3] Tokugawa's pledges, written on a sheet: his secret."""

    side: str = ""
    pledges: int = 0

    def visible_to(self, viewer):
        return viewer is None or viewer == self.side

    def text(self):
        return f"{self.side} secretly writes {self.pledges} land pledge(s)"


@attrs.frozen
class UnitRemoved(Event):
    """A unit leaves the game without being eliminated (no VP) [21.4.1] [21.4.7]."""

    unit: str = ""
    why: str = ""

    def text(self):
        return f"{self.unit} leaves the game: {self.why}"


class Betrayals:
    """The Betrayal Aid of one game and its procedures."""

    def __init__(self, game, data: SekigaharaData):
        self.game = game
        self.data = data
        self.families: dict[str, list[str]] = {}  # undecided family -> its clans in play
        for c in game.state.clans.values():
            if "undecided" in game.clan_defs[c.id].flags:
                self.families.setdefault(family(c.id), []).append(c.id)
        first = next(iter(self.families.values()), None)
        self.west = game.clan_side(first[0]) if first else game.side_ids[0]
        self.east = game.enemy(self.west)
        self.undecided: set[str] = {c for cs in self.families.values() for c in cs}
        self.track: dict[str, list[int]] = {f: [0, 0] for f in self.families}  # [loyal, treason]
        self.joined: dict[str, str] = {}  # family -> side or NEUTRAL
        self.marker = {self.west: data.loyalty, self.east: data.treason}
        self.pledges = 0
        self.bowl: list[str] = []  # the Betrayal Bowl
        self.pending: list[tuple[str, str]] = []  # (chit, place) once the Delay phase is over
        self.before_command = False
        self.events_seen: set[tuple[str, str]] = set()  # (event kind, side) once only
        self.lead_on: set[str] = set()  # sides whose 4-VP lead moved their marker
        self.waiting: list[tuple[str, int, str]] = []  # marker moves for the next turn
        self.in_play = False  # the first turn has begun

    # ------------------------------------------------------------ queries
    def is_undecided(self, clan: str) -> bool:
        return clan in self.undecided

    def track_len(self, fam: str, side: str) -> int:
        loyal, treason = self.data.tracks.get(fam, (3, 3))
        return loyal if side == self.west else treason

    def neutral_family(self, fam: str) -> bool:
        return all("neutral-on-defection" in self.game.clan_defs[c].flags
                   for c in self.families.get(fam, ()))

    # ------------------------------------------------------------ set-up
    def setup(self):
        """[21.4.2] undecided clans' chits go to their tracks; [21.4.3]
        Tokugawa writes down his pledges."""
        g = self.game
        for c in sorted(self.undecided):
            chit = clan_chit(c)
            if chit in g.state.honjins[self.west].reserve:
                g.move_chit(chit, f"reserve:{self.west}", None, "21.4.2")
        if self.families:
            g.note("21.4.2", "undecided clans on the Betrayal Aid: "
                   + ", ".join(f"{f} ({'+'.join(cs)})" for f, cs in sorted(self.families.items())))
        if self.data.pledges:
            opts = [Option(0, "no pledge")]
            vp = 0
            for i, (turn, v) in enumerate(self.data.pledges, 1):
                vp += v
                opts.append(Option(i, f"{i} pledge{'s' if i > 1 else ''}: Diplomacy marker +{i} "
                                      f"by turn {turn}; Ishida +{vp} VP at the end if you lead"))
            self.pledges = yield Decision(self.east, "pledges",
                                          f"{self.east}: how many land pledges (secret)?",
                                          tuple(opts), "21.4.3",
                                          {"pledges": [list(p) for p in self.data.pledges]})
            g.emit(PledgesWritten(rule="21.4.3", side=self.east, pledges=self.pledges))

    def pledge_vp(self) -> int:
        return sum(v for _, v in self.data.pledges[:self.pledges])

    # ------------------------------------------------------------ the Diplomacy Track
    def on_event(self, event) -> None:
        """Record the events of the Diplomacy table as they happen [21.4.3]."""
        name = type(event).__name__
        if name == "TurnStarted":
            self.in_play = True  # orders given at the set-up [10.1] are no switch
        elif name == "UnitEliminated":
            self._happened("first-eliminated", self.game.side_of(event.unit))
        elif name in ("OrderChanged", "HiddenOrderChanged") and \
                event.new == m.Order.REGROUP.value and self.in_play:
            self._happened("first-regroup", self.game.clan_side(event.clan))

    def _happened(self, kind: str, side: str) -> None:
        if (kind, side) in self.events_seen:
            return
        self.events_seen.add((kind, side))
        for e in self.data.events:
            if e.kind == kind and e.happens_to == side:
                self.waiting.append((e.marker, e.boxes, f"{kind.replace('-', ' ')} of {side}"))

    def move_marker(self, side: str, boxes: int, reason: str) -> None:
        box = max(0, min(self.data.diplomacy_max, self.marker[side] + boxes))
        if box != self.marker[side]:
            self.marker[side] = box
            self.game.emit(DiplomacyMoved(rule="21.4.3", side=side, box=box, reason=reason))

    def update_diplomacy(self) -> None:
        """[21.4.3] at the start of a turn: last turn's events, the VP leads,
        the pledges due this turn."""
        g = self.game
        for side, boxes, why in self.waiting:
            self.move_marker(side, boxes, why)
        self.waiting.clear()
        for side in (self.west, self.east):
            lead = g.state.vp[side] - g.state.vp[g.enemy(side)]
            for e in self.data.events:
                if e.kind != "vp-lead" or e.happens_to != side:
                    continue
                if lead >= self.data.vp_lead and side not in self.lead_on:
                    self.move_marker(e.marker, e.boxes, f"{side} leads by {lead} VP")
                elif lead < self.data.vp_lead and side in self.lead_on:
                    self.move_marker(e.marker, -e.boxes, f"{side} no longer leads by "
                                                         f"{self.data.vp_lead} VP")
            if lead >= self.data.vp_lead:
                self.lead_on.add(side)
            else:
                self.lead_on.discard(side)
        for i, (turn, _) in enumerate(self.data.pledges[:self.pledges], 1):
            if turn == g.state.turn:
                self.move_marker(self.east, 1, f"pledge {i}")

    # ------------------------------------------------------------ the Betrayal Bowl
    def turn(self):
        """[21.4.3] update the Diplomacy Track, prepare the Betrayal Bowl, the
        gambit [21.4.6], draw [21.4.4], empty the Bowl."""
        g = self.game
        self.before_command = True
        self.update_diplomacy()
        if not self.open_families():
            self.before_command = False
            return
        for side, kind in ((self.west, "loyalty"), (self.east, "treason")):
            chosen: list[str] = []
            choosable = [f for f in self.open_families()
                         if not (kind == "treason" and f in self.data.always_drawn)]
            while len(chosen) < self.marker[side]:
                opts = [Option(f, f"{kind} chit of clan {f}") for f in choosable if f not in chosen]
                if not opts:
                    break
                f = yield Decision(side, "influence-chit",
                                   f"{side}: a {kind} chit for the Betrayal Bowl "
                                   f"({len(chosen) + 1} of {self.marker[side]})", tuple(opts),
                                   "21.4.3", {"kind": kind})
                chosen.append(f)
            self.bowl += [f"{kind}:{f}" for f in chosen]
        self.bowl += [f"treason:{f}" for f in self.data.always_drawn if f in self.open_families()]
        g.note("21.4.3", f"the Betrayal Bowl holds {len(self.bowl)} influence chits")
        yield from self.gambit()
        draws = min(self.data.draws_on(g.state.turn), len(self.bowl))
        for _ in range(draws):
            if not self.bowl:  # a join discarded the family's other chits
                break
            chit = g.dice.shuffle_pick(self.bowl, "draw from the Betrayal Bowl", "21.4.4")
            self.bowl.remove(chit)
            kind, _, fam = chit.partition(":")
            if fam in self.joined:
                g.note("21.4.4", f"the {kind} chit of clan {fam} is drawn: clan {fam} has "
                                 "already joined a side, no effect")
                continue
            side = self.west if kind == "loyalty" else self.east
            g.note("21.4.4", f"the {kind} chit of clan {fam} is drawn")
            yield from self.advance(fam, side, 1, "21.4.4")
        self.bowl.clear()  # [21.4.4] the players take their chits back
        g.note("21.4.4", "the Betrayal Bowl is emptied: the influence chits go back to the players")
        self.before_command = False

    def open_families(self) -> list[str]:
        return sorted(f for f in self.families if f not in self.joined)

    def gambit(self):
        """[21.4.6] Tokugawa may fire on Kobayakawa to force a decision."""
        g = self.game
        fam = self.data.gambit
        if fam is None or fam in self.joined or not self.bowl:
            return
        # the counts follow from the public markers: the player sees his odds
        treason = sum(c.startswith("treason:") for c in self.bowl)
        loyalty = len(self.bowl) - treason
        choice = yield Decision(self.east, "arquebus-gambit",
                                f"{self.east}: fire the arquebuses at clan {fam} to force it to "
                                f"decide? The Betrayal Bowl holds {treason} Treason and {loyalty} "
                                f"Loyalty chits: it betrays on {treason} in {len(self.bowl)}",
                                (Option(SHOOT, "fire: draw one influence chit now"),
                                 Option(HOLD_FIRE, "hold fire")), "21.4.6",
                                {"family": fam, "treason": treason, "loyalty": loyalty})
        if choice != SHOOT:
            return
        chit = g.dice.shuffle_pick(self.bowl, "the arquebuses gambit", "21.4.6")
        side = self.east if chit.startswith("treason:") else self.west
        g.emit(GambitFired(rule="21.4.6", side=self.east, family=fam, treason=treason,
                           loyalty=loyalty, chit=chit))
        yield from self.join(fam, side, "the arquebuses gambit", "21.4.6")

    def advance(self, fam: str, side: str, boxes: int, rule: str):
        """[21.4.4] the family's chit of `side` moves toward its end box; at
        the end box the family joins that side [21.4.2]."""
        if fam in self.joined or fam not in self.families:
            return
        i = 0 if side == self.west else 1
        length = self.track_len(fam, side)
        self.track[fam][i] = min(length, self.track[fam][i] + boxes)
        self.game.emit(InfluenceMoved(rule=rule, family=fam,
                                      side="loyal" if i == 0 else "treason",
                                      box=self.track[fam][i], of=length))
        if self.track[fam][i] >= length:
            yield from self.join(fam, side, "Loyal!" if i == 0 else "Treason!", rule)

    # ------------------------------------------------------------ joining a side
    def join(self, fam: str, side: str, how: str, rule: str = "21.4.2"):
        """[21.4.2] the family joins `side` for the rest of the game."""
        g = self.game
        if fam in self.joined or fam not in self.families:
            return
        clans = [c for c in self.families[fam] if c in g.state.clans]
        self.undecided -= set(clans)  # in place: the rules read this very set
        g.version += 1  # ZoCs change
        self.bowl = [c for c in self.bowl if c.partition(":")[2] != fam]
        if side == self.east and self.neutral_family(fam):
            # [21.4.1] Shimazu and Mōri stay neutral: they leave the battle
            self.joined[fam] = NEUTRAL
            g.emit(ClanJoined(rule="21.4.1", family=fam, clans=tuple(clans), side=None, how=how))
            for c in clans:
                for u in list(g.state.clan_units(c, on_map_only=False)):
                    remove_unit(g, u.id, "21.4.1", f"clan {c} stays neutral")
            return
        self.joined[fam] = side
        g.emit(ClanJoined(rule=rule, family=fam, clans=tuple(clans), side=side, how=how))
        g.note("21.4.2", f"the {g.enemy(side)} chits and the influence chits of clan {fam} "
                         "are discarded")
        for c in clans:
            if side == self.east and c in self.data.stays_loyal:
                # [21.4.7] Matsuno Shigemoto refuses to betray
                for u in list(g.state.clan_units(c, on_map_only=False)):
                    remove_unit(g, u.id, "21.4.7", f"clan {c} refuses to follow its clan's treason")
                continue
            if side == self.east:
                g.state.clans[c].side = side
                g.version += 1  # its units change sides: ZoCs and each side's units
                g.set_order(c, m.Order.ATTACK, "21.4.2")  # treason: Attack at once
            else:
                order = yield Decision(side, "joining-order",
                                       f"{side}: clan {c} stays loyal: choose its Order",
                                       tuple(Option(o.value, o.value) for o in m.Order), "21.4.2",
                                       {"clan": c})
                g.set_order(c, m.Order(order), "21.4.2")
            if not g.state.clan_units(c, on_map_only=False):
                continue
            yield from self.place_chit(c, side)
        if side == self.east and any(c in self.data.stays_loyal for c in self.families[fam]):
            yield from self.samurai_for_ishida()
        if self.data.commander and self.data.commander[1] == fam and side == self.west:
            g.note("21.2", f"{self.data.commander[0]} now commands beside the Sō-taishō: "
                           "he rolls for Command Points each turn")
        for b in self.data.bonds:  # [21.4.5]
            if b.source == fam and b.side == side:
                g.note("21.4.5", f"bond: clan {fam} joining {side} moves clan {b.target}")
                yield from self.advance(b.target, side, b.boxes, "21.4.5")

    def place_chit(self, clan: str, side: str):
        """[21.4.2] the free chit: into the activation Bowl; [21.4.8] Chōsokabe
        may instead be redeployed through another entry from a Delay box."""
        g = self.game
        place = "bowl"
        rd = self.data.redeploy
        if rd is not None and family(clan) == rd.family:
            choice = yield Decision(side, "chosokabe",
                                    f"{side}: clan {clan} joins you: activate it at once or "
                                    "redeploy it?",
                                    (Option(NOW, f"at once: chit in the Bowl, enters at {rd.entry_now}"),
                                     Option(REDEPLOY, f"redeploy: chit on Delay box {rd.box}, "
                                                      f"enters at {rd.entry_later}")), "21.4.8",
                                    {"clan": clan, "entry_now": rd.entry_now,
                                     "entry_later": rd.entry_later, "box": rd.box})
            st = g.state.clans[clan]
            st.entry = rd.entry_now if choice == NOW else rd.entry_later
            if choice == REDEPLOY:
                place = delay_place(rd.box, side)  # [2.3] checked 1-4 by `check`
        chit = clan_chit(clan)
        if self.before_command:
            self.pending.append((chit, place))  # after the Delay phase
        else:
            g.move_chit(chit, None, place, "21.4.2")

    def place_pending(self) -> None:
        for chit, place in self.pending:
            self.game.move_chit(chit, None, place, "21.4.2")
        self.pending.clear()

    def samurai_for_ishida(self):
        """[21.4.7] if Tokugawa leads when Kobayakawa betrays, Ishida takes a
        samurai chit (if one is available) into the activation Bowl."""
        g = self.game
        if g.state.vp[self.east] <= g.state.vp[self.west]:
            return
        chit = next((c for c in g.state.samurai_available if c.split(":")[1] == self.west), None)
        if chit is None:
            g.note("21.4.7", f"{self.west} would take a samurai chit: none is available")
            return
        g.state.samurai_available.remove(chit)
        g.move_chit(chit, None, "bowl", "21.4.7")
        return
        yield  # a generator


def remove_unit(game, uid: str, rule: str, why: str) -> None:
    """Take a unit out of the game without eliminating it: no VP, no rout."""
    u = game.state.units[uid]
    game._lift(uid)
    u.eliminated = True
    u.hex = None
    u.defensive_position = False
    game.version += 1
    game.emit(UnitRemoved(rule=rule, unit=uid, why=why))
