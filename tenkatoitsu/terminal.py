"""Terminal play: `tenkatoitsu play SCENARIO --human SIDE|both`.

Each Decision for a human side is shown with its numbered legal options (and
the rule that asks it); the answer is a number. Before it: the log lines of
what happened since the last question and, at each new turn or on request,
a compact text map and status as the human's PlayerView shows them (opponent
orders hidden with the hidden orders option [5.3], the Bowl only counted).
Bad input re-prompts with the reason; end of input leaves cleanly."""

from __future__ import annotations

import sys

from tenkatoitsu.battle.bots import attach_bots
from tenkatoitsu.battle.scenario_rules.betrayal_aid import betrayal_aid
from tenkatoitsu.battle.view import player_view
from tenkatoitsu.hexmap import Hex

HELP = "answer with an option's number; m: map and status; l: all options again; q: quit"
TERRAIN_MARK = {"clear": ".", "heights": "^", "woods": "w", "village": "v", "marsh": "~",
                "encampment": "e", "fortress": "#"}
ORDER_MARK = {"attack": "A", "movement": "M", "defense": "D", "regroup": "R", "hidden": "?"}


class Quit(Exception):
    """The human quit, or the input ended."""


def status(game, side: str) -> str:
    """The side's view of the battle: turn, VP, Honjins, and every unit on the map."""
    v = player_view(game, side)
    names = {s: game.side_defs[s].name for s in game.side_ids}
    tags = [f"turn {v['turn']}"] + (["night"] if v["night"] else []) + \
        (["fatigue"] if v["fatigue"] else [])
    out = [f"== {', '.join(tags)}; VP " + ", ".join(f"{names[s]} {n}" for s, n in v["vp"].items())
           + f"; Bowl: {v['bowl']['count']} chits (viewer: {names[side]})"]
    for s, h in v["honjins"].items():
        delay = " ".join(f"{i + 1}:[{','.join(c.removeprefix('clan:') for c in box)}]"
                         for i, box in enumerate(h["delay"]))
        reserve = ",".join(c.removeprefix("clan:") for c in h["reserve"])
        out.append(f"   {names[s]}: Reserve [{reserve}] Delay {delay}")
    aid = betrayal_aid(game, game.events)
    if aid is not None:
        out.append(betrayal_line(game, aid))
    out.append(text_map(game, v))
    by_clan: dict[str, list[str]] = {}
    for u in v["units"]:
        if u["hex"] is None:
            continue
        state = game.state_name(u["id"]) if u["steps_lost"] else ""
        by_clan.setdefault(u["clan"], []).append(f"{u['id']}@{u['hex']}" + (f"({state})" if state
                                                                             else ""))
    for cid, c in v["clans"].items():
        units = by_clan.get(cid)
        if units or c["off_map"]:
            where = " ".join(units or []) or "off the map"
            out.append(f"   clan {cid} [{game.clan_side(cid)}] {c['order']}: {where}")
    return "\n".join(out)


def betrayal_line(game, aid) -> str:
    """[21.4.2] [21.4.3] the Betrayal Aid in two lines: each family's chits
    (boxes toward Loyal! / toward Treason!) or the side it joined (or
    neutral), and the Diplomacy markers."""
    fams = " ".join(f"{r.family}:{r.loyal}/{r.loyal_of}<>{r.treason}/{r.treason_of}"
                    if r.joined is None else f"{r.family}={r.joined}" for r in aid.families)
    return (f"   Betrayal Aid (Loyal! <> Treason!): {fams}\n"
            f"   Diplomacy: {aid.draws} chits drawn this turn; Loyalty chits "
            f"{aid.markers[aid.west]}, Treason chits {aid.markers[aid.east]}")


def text_map(game, view: dict) -> str:
    """A compact grid, one cell per hex (columns across, rows down; odd and
    even columns are staggered on the real map): a unit id, or a terrain mark
    (. clear ^ heights w woods v village ~ marsh # fortress), the order's
    initial after an id (A M D R, ? hidden)."""
    mp = game.scenario.map
    at = {}
    for u in view["units"]:
        if u["hex"] is not None:
            order = view["clans"][u["clan"]]["order"]
            at.setdefault(u["hex"], []).append(u["id"] + ORDER_MARK.get(order, ""))
    width = max([4] + [len("+".join(x)) for x in at.values()]) + 1
    lines = ["     " + "".join(f"{c:02d}".ljust(width) for c in range(1, mp.width + 1)).rstrip()]
    for r in range(1, mp.height + 1):
        cells = []
        for c in range(1, mp.width + 1):
            h = Hex.from_colrow(c, r)
            units = at.get(h.id)
            cell = "+".join(units) if units else TERRAIN_MARK.get(game.map.terrain_at(h), "?")
            cells.append(cell.ljust(width))
        lines.append(f"  {r:02d} " + "".join(cells).rstrip())
    return "\n".join(lines)


class Terminal:
    def __init__(self, session, humans: set[str], bots: dict, stdin=None, stdout=None):
        self.session = session
        self.game = session.game
        self.humans = humans
        self.bots = bots
        self.stdin = stdin or sys.stdin
        self.stdout = stdout or sys.stdout
        self.logged = 0
        self.shown_turn: dict[str, int] = {}

    def say(self, text: str = "") -> None:
        print(text, file=self.stdout, flush=True)

    def read(self, prompt: str) -> str:
        self.stdout.write(prompt)
        self.stdout.flush()
        line = self.stdin.readline()
        if not line:
            self.say()
            raise Quit("end of input")
        if not self.stdin.isatty():
            self.say(line.rstrip("\n"))  # echo piped answers so that a transcript reads well
        return line.strip()

    def new_events(self) -> None:
        events = self.game.events
        for e in events[self.logged:]:
            if type(e).__name__ not in ("ChitMoved", "DieRolled"):
                self.say(f"  [{e.rule}] {e.text()}")
        self.logged = len(events)

    def ask(self, decision, side: str):
        self.new_events()
        if self.shown_turn.get(side) != self.game.state.turn:
            self.shown_turn[side] = self.game.state.turn
            self.say(status(self.game, side))
        self.show_options(decision, side)
        while True:
            answer = self.read(f"{side}> ")
            low = answer.lower()
            if low in ("q", "quit"):
                raise Quit("quit")
            if low in ("m", "map"):
                self.say(status(self.game, side))
                continue
            if low in ("l", "list", "?", "h", "help"):
                self.say(HELP)
                self.show_options(decision, side)
                continue
            if not answer.isdigit():
                self.say(f"  '{answer}' is not a number: {HELP}")
                continue
            k = int(answer)
            if not 1 <= k <= len(decision.options):
                self.say(f"  {k} is not an option: choose 1 to {len(decision.options)}")
                continue
            return decision.options[k - 1].value

    def show_options(self, decision, side: str) -> None:
        who = "" if decision.prompt.startswith(f"{side}:") else f"{side}: "
        self.say(f"{who}{decision.prompt} [{decision.rule}]")
        for i, o in enumerate(decision.options, 1):
            self.say(f"  {i:3d}. {o.label}" + (f" ({o.detail})" if o.detail else ""))

    def run(self) -> int:
        g = self.game
        d = self.session.driver
        attach_bots(g, {s: b for s, b in self.bots.items() if s not in self.humans})
        try:
            while not d.finished:
                dec = d.pending
                side = dec.side or next((s for s in g.side_ids if s in self.humans), g.side_ids[0])
                if side in self.humans:
                    d.answer(self.ask(dec, side))
                else:
                    d.answer(self.bots[side].choose(dec))
        except Quit as q:
            self.new_events()
            why = "end of input" if str(q) == "end of input" else "you quit"
            self.say(f"game stopped ({why}) at turn {g.state.turn} after "
                     f"{len(d.answers)} decisions; it is not finished")
            return 1
        self.new_events()
        st = g.state
        winner = g.side_defs[st.winner].name if st.winner else "nobody"
        self.say(f"game over: {st.level}; winner: {winner}; VP "
                 + ", ".join(f"{g.side_defs[s].name} {v}" for s, v in st.vp.items()))
        return 0
