"""Terminal play of any kind: `tenkatoitsu play SCENARIO --human SEAT|both`.

Each Decision for a human seat is shown with its numbered legal options (and
the rule that asks it), each with the kind's notes on it (a battle's combat
odds, when the kind gives some: `TerminalAids`). The answer is an option's
number, or its value typed out (a hex id such as 0305, a unit or clan id).
Before it: the log lines of what happened since the last question (what the
seat may read) and, at each new turn or on request, the kind's status screen
as that seat's PlayerView shows it. `u` takes back the seat's last decision
by replaying the game without it. Bad input re-prompts with the reason; end
of input leaves cleanly."""

from __future__ import annotations

import sys

from tenkatoitsu.core.decisions import Decision
from tenkatoitsu.kinds.contract import event_text
from tenkatoitsu.session import Session, make_bot, undo_point

HELP = ("  answer: an option's number, or a value it holds (a hex such as 0305, a unit or a "
        "clan id;\n  #N: the number N, =V: the value V)\n  commands: u: undo your last decision; "
        "o N: option N's notes in full; s: status;\n  m: status with the whole map; "
        "l: the options again; q: quit")
#: a viewer that is no seat: it reads only what every player may read
NO_SEAT = "(no seat)"
#: what `ask` returns when the game was rewound instead of answered
UNDONE = object()


class Quit(Exception):
    """The human quit, or the input ended."""


def pick(decision: Decision, text: str) -> tuple[int | None, str]:
    """The option `text` chooses, by number or by the string value it holds:
    (its index, a remark or "") or (None, why not). A number is an option's
    number even when it is another option's value too (the remark says so:
    `=V` is always the value, `#N` always the number); a value that several
    options hold chooses none."""
    text = text.strip()
    n = len(decision.options)
    numbers = _numbers(text)
    if numbers is not None and _is_numbers(decision):
        found = [i for i, o in enumerate(decision.options) if list(o.value) == numbers]
        return (found[0], "") if found else \
            (None, f"  {' '.join(map(str, numbers))} is not a legal answer [{decision.rule}]")
    if text.startswith("#"):
        k = _number(text[1:], n)
        return (k, "") if k is not None else (None, f"  {text} is not an option: choose #1 to #{n}")
    if text.startswith("="):
        value = text[1:].strip()
        return _one_value(decision, value, _by_value(decision, value))
    k = _number(text, n)
    found = _by_value(decision, text)
    if k is not None:
        if found and found != [k]:
            others = ", ".join(str(i + 1) for i in found)
            return k, (f"  '{text}' taken as option {k + 1} ({_label(decision, k)}); option "
                       f"{others} holds the value {text}: ={text} chooses it (u: undo)")
        return k, ""
    if found:
        return _one_value(decision, text, found)
    if text.isascii() and text.isdigit() and not text.startswith("0"):
        return None, f"  {text} is not an option: choose 1 to {n}"
    return None, (f"  '{text}' is neither an option's number (1 to {n}) nor a value one holds "
                  "(l: help)")


def _numbers(text: str) -> list[int] | None:
    """Several whole numbers typed in a row ("2 0 1 0 0"), else None."""
    parts = text.replace(",", " ").split()
    if len(parts) < 2 or not all(p.isascii() and p.isdigit() for p in parts):
        return None
    return [int(p) for p in parts]


def _is_numbers(decision: Decision) -> bool:
    """Answers that are rows of numbers (a plan's koku in each bin)."""
    return all(isinstance(o.value, (list, tuple)) and o.value and
               all(isinstance(x, int) for x in o.value) for o in decision.options)


#: a question with more answers than this lists none when they are rows of numbers
LONG_LIST = 40


def _one_value(decision: Decision, text: str, found: list[int]) -> tuple[int | None, str]:
    if len(found) == 1:
        return found[0], ""
    if not found:
        return None, f"  no option has the value '{text}'"
    shown = ", ".join(str(i + 1) for i in found[:12]) + (" ..." if len(found) > 12 else "")
    return None, f"  '{text}' is ambiguous: options {shown} hold it; type the number of one"


def _number(text: str, n: int) -> int | None:
    """An option's index from its number (no leading zero: 0305 is a hex)."""
    if text.isascii() and text.isdigit() and not text.startswith("0") and 1 <= int(text) <= n:
        return int(text) - 1
    return None


def _atoms(value) -> list[str]:
    """The strings a value is made of (ids, hexes); numbers are chosen by the
    option's number only."""
    if isinstance(value, str):
        return [value]
    if isinstance(value, (list, tuple)):
        return [a for v in value for a in _atoms(v)]
    return []


def _by_value(decision: Decision, text: str) -> list[int]:
    """The options whose value is `text` (exactly, else in any case), else
    those whose value holds every word of it (a unit and a hex of an advance)."""
    values = [o.value for o in decision.options]
    plain = [i for i, v in enumerate(values) if isinstance(v, str) and v == text]
    if plain:
        return plain
    low = text.lower()
    plain = [i for i, v in enumerate(values) if isinstance(v, str) and v.lower() == low]
    if plain:
        return plain
    words = low.replace(",", " ").split()
    if not words:
        return []
    return [i for i, v in enumerate(values)
            if (atoms := {a.lower() for a in _atoms(v)}) and all(w in atoms for w in words)]


def _label(decision: Decision, k: int) -> str:
    o = decision.options[k]
    return o.label if len(o.label) <= 40 else o.label[:37] + "..."


class Terminal:
    """A game at the terminal. `bots` plays the seats no human holds; after an
    undo each is made afresh, by its name, as at the start of a game."""

    def __init__(self, session: Session, humans: set[str], bots: dict, stdin=None, stdout=None):
        self.session = session
        self.kind = session.kind
        self.humans = humans
        self.bot_names = {s: b.name for s, b in bots.items()}
        self.bots = bots
        self.stdin = stdin or sys.stdin
        self.stdout = stdout or sys.stdout
        self.shown_turn: dict[str, int] = {}
        self._notes_of: Decision | None = None  # the decision whose notes are kept
        self._notes: dict[bool, dict[int, str]] = {}
        #: who answered each decision, and how many events there were before it
        self.asked: list[str] = []
        self.marks: list[int] = []
        self.logged = 0  # events printed (a loaded game's past is not printed again)
        if session.driver.answers:  # a loaded game: replayed once more, to know who answered
            self._restart(list(session.driver.answers))

    @property
    def game(self):
        return self.session.game

    @property
    def driver(self):
        return self.session.driver

    # ------------------------------------------------------------ output and input
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
                self.say(f"  [{e.rule}] {event_text(self.session.kind, self.game, e)}")
        self.logged = len(events)

    def screen(self, side: str, decision: Decision | None = None, whole_map: bool = False) -> str:
        """The kind's status screen for `side`, cut round `decision` if it can be."""
        focused = getattr(self.kind, "status_screen", None)
        if focused is None:
            return self.kind.status_text(self.game, side)
        return focused(self.game, side, decision, whole_map)

    def notes(self, decision: Decision, side: str, detail: bool = False) -> dict[int, str]:
        """The kind's notes on the options (none if it gives none); a note
        that fails says so instead of stopping the game."""
        if self._notes_of is not decision:
            self._notes_of, self._notes = decision, {}
        if detail not in self._notes:
            give = getattr(self.kind, "option_notes", None)
            try:
                self._notes[detail] = dict(give(self.game, decision, side, detail)) if give else {}
            except Exception as e:  # an aid never stops a game
                self._notes[detail] = {0: f"(no notes: {type(e).__name__}: {e})"}
        return self._notes[detail]

    # ------------------------------------------------------------ a human's decision
    def ask(self, decision: Decision, side: str):
        """The value `side` chooses, or UNDONE when it took back a decision."""
        sealed = bool(decision.context.get("sealed")) and len(self.humans) > 1
        if sealed:  # hot-seat: nobody else may watch a secret choice being made
            self.blank()
            self.read(f"{side}'s secret choice: pass the terminal to {side}, then press Enter ")
        value = self._ask(decision, side)
        if sealed and value is not UNDONE:
            self.blank()
            self.say(f"  {side}'s choice is sealed")
        return value

    def blank(self) -> None:
        """Clear the screen (a terminal), or scroll what was on it away."""
        if self.stdout.isatty():
            self.stdout.write("\033[2J\033[H")
        else:
            self.say("\n" * 40)

    def _ask(self, decision: Decision, side: str):
        self.new_events(side)
        turn = self.kind.result(self.game).turns
        if self.shown_turn.get(side) != turn:
            self.shown_turn[side] = turn
            self.say(self.screen(side, decision))
        self.show_options(decision, side)
        while True:
            answer = self.read(f"{side}> ")
            low = answer.lower()
            if low in ("q", "quit"):
                raise Quit("quit")
            if low in ("u", "undo"):
                why = self.undo()
                if why:
                    self.say(f"  {why}")
                    continue
                return UNDONE
            if low in ("m", "map"):
                self.say(self.screen(side, decision, whole_map=True))
                continue
            if low in ("s", "status"):
                self.say(self.screen(side, decision))
                continue
            if low in ("l", "list", "?", "h", "help"):
                self.say(HELP)
                self.show_options(decision, side)
                continue
            words = low.split()
            if words and words[0] in ("o", "odds") and len(words) <= 2:
                self.show_note(decision, side, words[1] if len(words) == 2 else "")
                continue
            k, why = pick(decision, answer)
            if why:
                self.say(why)
            if k is not None:
                return decision.options[k].value

    def show_options(self, decision: Decision, side: str) -> None:
        who = "" if decision.prompt.startswith(f"{side}:") else f"{side}: "
        self.say(f"{who}{decision.prompt} [{decision.rule}]")
        if len(decision.options) > LONG_LIST and _is_numbers(decision):
            first = decision.options[0]
            self.say(f"  type {len(first.value)} numbers in a row, e.g. "
                     f"{' '.join(map(str, first.value))} ({first.label}); "
                     f"{len(decision.options)} legal answers")
            return
        notes = self.notes(decision, side)
        for i, o in enumerate(decision.options, 1):
            self.say(f"  {i:3d}. {o.label}" + (f" ({o.detail})" if o.detail else ""))
            for line in notes.get(i - 1, "").splitlines():
                self.say(f"         {line}")

    def show_note(self, decision: Decision, side: str, number: str) -> None:
        k = _number(number, len(decision.options))
        if k is None:
            self.say(f"  o N: the notes of option N, 1 to {len(decision.options)}")
            return
        note = self.notes(decision, side, detail=True).get(k)
        self.say(note if note else f"  no notes on option {k + 1}")

    # ------------------------------------------------------------ undo
    def undo_point(self) -> tuple[int | None, str]:
        """How many answers to keep to take back the last decision of a human
        seat, or None and why not: never back past a die rolled or a chit
        drawn since (they showed what was hidden), as the window's Undo."""
        k, e = undo_point(self.asked, self.humans, lambda k: self.game.events[self.marks[k]:])
        if e is not None:
            since = f"[{e.rule}] {event_text(self.session.kind, self.game, e)}" if e.visible_to(self.viewer()) else \
                "a die was rolled or a chit drawn"
            return None, f"cannot take back your last decision: since then {since}"
        if k is None:
            return None, "nothing to undo: no decision of yours has been made yet"
        return k, ""

    def undo(self) -> str:
        """Take back the last decision of a human seat, and the bots' answers
        after it: "" if done (the game stands at that decision again), else why not."""
        k, why = self.undo_point()
        if k is None:
            return why
        answers = list(self.driver.answers)
        side, value = self.asked[k], answers[k]
        self._restart(answers[:k])
        d = self.driver.pending
        label = next((o.label for o in d.options if o.value == value), repr(value))
        after = len(answers) - k - 1
        self.say(f"  undone: {side}'s answer '{label}' to '{d.prompt}' [{d.rule}]"
                 + (f", and the {after} answer{'s' if after != 1 else ''} after it"
                    if after else ""))
        return ""

    def _restart(self, answers: list) -> None:
        """A new session from the same scenario, seed and set-up, with `answers`
        replayed: how undo and a loaded game begin."""
        g = self.game
        session = Session.start(self.session.scenario, variants=g.variants, seed=g.seed,
                                options=g.options, players=g.players)
        self.asked, self.marks = [], []
        for a in answers:
            self.asked.append(self._seat_to_answer(session))
            self.marks.append(len(session.game.events))
            session.driver.answer(a)
        self.session = session
        self.bots = {s: make_bot(self.kind, name, g.seed, s) for s, name in self.bot_names.items()}
        self.kind.attach_bots(self.game, {s: b for s, b in self.bots.items()
                                          if s not in self.humans})
        self.logged = len(self.game.events)
        self._notes_of = None

    def _seat_to_answer(self, session: Session) -> str:
        """The seat of the pending decision; one open to all goes to a human."""
        d, players = session.driver.pending, session.game.players
        return d.side or next((s for s in players if s in self.humans), players[0])

    # ------------------------------------------------------------ the game
    def viewer(self) -> str:
        """Whose log the screen shows: the one human, or nobody's secrets in hot-seat."""
        return next(iter(self.humans)) if len(self.humans) == 1 else NO_SEAT

    def run(self) -> int:
        self.kind.attach_bots(self.game, {s: b for s, b in self.bots.items()
                                          if s not in self.humans})
        try:
            while not self.driver.finished:
                dec = self.driver.pending
                side = self._seat_to_answer(self.session)
                if side in self.humans:
                    value = self.ask(dec, side)
                    if value is UNDONE:
                        continue
                else:
                    value = self.bots[side].choose(dec)
                self.asked.append(side)
                self.marks.append(len(self.game.events))
                self.driver.answer(value)
        except Quit as q:
            self.new_events(self.viewer())
            why = "end of input" if str(q) == "end of input" else "you quit"
            self.say(f"game stopped ({why}) at turn {self.kind.result(self.game).turns} after "
                     f"{len(self.driver.answers)} decisions; it is not finished")
            return 1
        g = self.game
        self.new_events(None)
        r = self.kind.result(g)
        names = self.session.seat_names()
        winner = names[r.winner] if r.winner else "nobody"
        self.say(f"game over: {r.level}; winner: {winner}; {self.kind.score_title} "
                 + ", ".join(f"{names[s]} {v}" for s, v in r.scores.items()))
        self.say(f"  {turns_text(r)}")
        for rule, line in self.kind.result_lines(g, None):  # the game is over: no more secrets
            self.say(f"  [{rule}] {line}")
        return 0


def turns_text(result) -> str:
    """What a game's turns were: "turns played: 11 (turns 11 to 21)"."""
    first, last = result.first_turn, result.turns
    span = f"turn {last}" if first == last else f"turns {first} to {last}"
    return f"turns played: {result.turns_played} ({span})"
