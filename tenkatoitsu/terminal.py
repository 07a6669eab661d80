"""Terminal play of any kind: `tenkatoitsu play SCENARIO --human SEAT|both`.

Each Decision for a human seat is shown with its numbered legal options (and
the rule that asks it); the answer is a number. Before it: the log lines of
what happened since the last question (what the seat may read) and, at each
new turn or on request, the kind's status screen as that seat's PlayerView
shows it. Bad input re-prompts with the reason; end of input leaves cleanly."""

from __future__ import annotations

import sys

HELP = "answer with an option's number; m: map and status; l: all options again; q: quit"


class Quit(Exception):
    """The human quit, or the input ended."""


class Terminal:
    def __init__(self, session, humans: set[str], bots: dict, stdin=None, stdout=None):
        self.session = session
        self.kind = session.kind
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

    def new_events(self, viewer: str | None) -> None:
        events = self.game.events
        for e in events[self.logged:]:
            if not e.terse and e.visible_to(viewer):
                self.say(f"  [{e.rule}] {e.text()}")
        self.logged = len(events)

    def status(self, side: str) -> str:
        return self.kind.status_text(self.game, side)

    def ask(self, decision, side: str):
        self.new_events(side)
        turn = self.kind.result(self.game).turns
        if self.shown_turn.get(side) != turn:
            self.shown_turn[side] = turn
            self.say(self.status(side))
        self.show_options(decision, side)
        while True:
            answer = self.read(f"{side}> ")
            low = answer.lower()
            if low in ("q", "quit"):
                raise Quit("quit")
            if low in ("m", "map"):
                self.say(self.status(side))
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

    def viewer(self) -> str | None:
        """Whose log the screen shows: the one human, or nobody's secrets in hot-seat."""
        return next(iter(self.humans)) if len(self.humans) == 1 else None

    def run(self) -> int:
        g = self.game
        d = self.session.driver
        self.kind.attach_bots(g, {s: b for s, b in self.bots.items() if s not in self.humans})
        try:
            while not d.finished:
                dec = d.pending
                side = dec.side or next((s for s in g.players if s in self.humans), g.players[0])
                if side in self.humans:
                    d.answer(self.ask(dec, side))
                else:
                    d.answer(self.bots[side].choose(dec))
        except Quit as q:
            self.new_events(self.viewer())
            why = "end of input" if str(q) == "end of input" else "you quit"
            self.say(f"game stopped ({why}) at turn {self.kind.result(g).turns} after "
                     f"{len(d.answers)} decisions; it is not finished")
            return 1
        self.new_events(None)
        r = self.kind.result(g)
        names = self.session.seat_names()
        winner = names[r.winner] if r.winner else "nobody"
        self.say(f"game over: {r.level}; winner: {winner}; {self.kind.score_title} "
                 + ", ".join(f"{names[s]} {v}" for s, v in r.scores.items()))
        return 0
