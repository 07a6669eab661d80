"""The contract a kind of game implements, and the records it hands to the
shared services (check, fmt, show, play, sim, replay, log, terminal play, the
GUI shell). A service knows a kind only through this module: it never imports
a kind's package.

A kind is an object with the attributes and methods of `Kind`, registered
under its name through the entry-point group `tenkatoitsu.kinds` (see
`tenkatoitsu.kinds`). Its rules are a generator that yields Decisions and
emits Events (`tenkatoitsu.core`); a game is scenario + seed + decisions."""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any, Callable, Iterable, Mapping, Protocol, Sequence, runtime_checkable

import attrs

from tenkatoitsu.core.decisions import Decision
from tenkatoitsu.core.driver import RuleGen
from tenkatoitsu.core.events import Event, EventDigest
from tenkatoitsu.dsl.diagnostics import Diagnostic


@attrs.frozen
class Seat:
    """A place at the table: a side of a battle, a colour, a daimyo."""

    id: str
    name: str
    colour: str | None = None


@attrs.frozen
class Seats:
    """Who can play a scenario. A battle has fixed sides (`fixed`, every seat
    taken); an area game takes `minimum`..`maximum` players, the first N of
    `choices` in order."""

    choices: tuple[Seat, ...]
    minimum: int
    maximum: int
    default: int
    fixed: bool = False

    @classmethod
    def sides(cls, seats: Sequence[Seat]) -> "Seats":
        n = len(seats)
        return cls(tuple(seats), n, n, n, fixed=True)

    def for_count(self, n: int | None = None) -> tuple[Seat, ...]:
        n = self.default if n is None else n
        if not self.minimum <= n <= self.maximum:
            raise ValueError(f"this scenario takes {self.range_text()} players, not {n}")
        return self.choices[:n]

    def resolve(self, players: Sequence[str] | None = None) -> tuple[str, ...]:
        """The ids of the seats in play: the default count's when `players`
        is None, else those named, each a known seat named once, as many as
        the scenario takes. Raises ValueError otherwise."""
        if players is None:
            return tuple(s.id for s in self.for_count())
        chosen = tuple(players)
        known = [s.id for s in self.choices]
        unknown = [p for p in chosen if p not in known]
        if unknown:
            raise ValueError(f"no seat '{unknown[0]}' (seats: {', '.join(known)})")
        if len(set(chosen)) != len(chosen):
            raise ValueError("a seat is named twice")
        self.for_count(len(chosen))  # raises for a count out of range
        return chosen

    def range_text(self) -> str:
        return str(self.minimum) if self.minimum == self.maximum else \
            f"{self.minimum}-{self.maximum}"


@attrs.frozen
class VariantInfo:
    """A scenario variant as a player chooses it."""

    id: str
    title: str = ""
    group: str | None = None  # variants of one group exclude each other
    default: bool = False
    requires: tuple[str, ...] = ()  # variants it is never played without


@attrs.frozen
class Result:
    """How a game ended (or stands): the winner (None: a draw, or not over),
    each seat's score, the victory level in the rules' words, the turn (or
    round) reached and the one the game began on (a battle's short game
    starts late on its turn track)."""

    winner: str | None
    scores: Mapping[str, int]
    level: str | None = None
    turns: int = 0  #: the turn reached (the last one played, once the game is over)
    first_turn: int = 1

    @property
    def turns_played(self) -> int:
        return max(0, self.turns - self.first_turn + 1)


def level_names_side(level: str, side: str, name: str) -> bool:
    """Whether a victory level's words say whose it is: the side's id or a
    word of its name ("Decisive Oda victory"), not "automatic victory"."""
    said = set(re.findall(r"\w+", level.lower()))
    return bool(said & ({w for w in re.findall(r"\w+", name.lower()) if len(w) > 2}
                        | {side.lower()}))


def event_text(kind: "Kind", game: "Game", event: Event) -> str:
    """An event's words in a log: the kind's own wording (the optional
    `Kind.event_text`, which may name areas and seats as players read them),
    else the event's."""
    own = getattr(kind, "event_text", None)
    return own(game, event) if own is not None else event.text()


@attrs.frozen
class Description:
    """What `check`, `show`, `scenarios` and `show --json` say of a file.

    `summary` completes "FILE: ok: ..."; `lines` are `show`'s text; `board`
    is the JSON of the board (a hex count, or the areas and their links)."""

    name: str
    is_scenario: bool
    summary: str
    lines: tuple[str, ...] = ()
    seats: Seats | None = None
    variants: tuple[VariantInfo, ...] = ()
    board: Mapping[str, Any] = attrs.field(factory=dict)


@attrs.frozen
class GameSetup:
    """What a new game is made of besides its scenario: the seed, the
    variants named (the kind adds the defaults), the seats in play and the
    kind's options (an instance of `Kind.options`)."""

    seed: int = 1
    variants: tuple[str, ...] = ()
    players: tuple[str, ...] | None = None  # seat ids; None: the scenario's default
    options: Any = None


class VariantError(ValueError):
    """Variants that cannot be played together, or that do not exist."""


def resolve_variants(known: Sequence[VariantInfo], names: Iterable[str]) -> tuple[str, ...]:
    """The variants in play: those named (each once), then every default
    variant not named whose group has none named. Raises VariantError for an
    unknown name, two of one group, or a variant in play without one it
    requires (which is never added for the player: they choose it)."""
    by_id = {v.id: v for v in known}
    chosen: list[str] = []
    for n in (n.strip() for n in names):
        if not n:
            continue
        if n not in by_id:
            raise VariantError(f"unknown variant '{n}' (variants: {', '.join(by_id) or 'none'})")
        if n not in chosen:
            chosen.append(n)
    groups: dict[str, str] = {}
    for n in chosen:
        g = by_id[n].group
        if g is not None:
            if g in groups:
                raise VariantError(f"variants '{groups[g]}' and '{n}' exclude each other "
                                   f"(group '{g}')")
            groups[g] = n
    for v in known:
        if v.default and v.id not in chosen and (v.group is None or v.group not in groups):
            chosen.append(v.id)
            if v.group is not None:
                groups[v.group] = v.id
    for n in chosen:
        for needed in by_id[n].requires:
            if needed not in chosen:
                raise VariantError(f"variant '{n}' needs '{needed}'")
    return tuple(chosen)


@runtime_checkable
class Game(Protocol):
    """What the shared services read of a game in progress."""

    scenario: Any
    seed: int
    variants: tuple[str, ...]
    options: Any
    players: tuple[str, ...]
    state: Any
    events: list[Event]
    digest: EventDigest
    listeners: list[Callable[[Event], None]]


class Bot(Protocol):
    name: str

    def attach(self, context: Any) -> None: ...

    def choose(self, decision: Decision) -> Any: ...


#: bot name -> factory(seed, seat id)
BotFactory = Callable[[int, str], Bot]


@runtime_checkable
class Kind(Protocol):
    """One kind of game. Every member exists for the shared services.

    Optional members, looked up with getattr and left out of the Protocol
    (a kind without them is whole): `event_text(game, event)` (see
    `event_text` above); `borrows`, a tuple of other kinds' names whose files
    a file of this kind may `use` (for a map, say): such a file is read and
    built by its own kind, the kind its header names, and handed to
    `include` as that kind's document; a file of any other kind is refused.
    Without `borrows`, a kind's files use files of that kind only.
    `roles(game)`: what each seat plays in this game when the seats do not
    say it (the clan a seat drafted), seat -> its name; `sim` counts each
    role's wins. The terminal's aids are `TerminalAids`."""

    name: str  #: the registry key and the scenario header's `kind NAME`
    title: str
    aliases: tuple[str, ...]  #: other header words that mean this kind
    grammar: Path  #: its .lark file; `%import common (...)` gives the shared tokens
    options: type  #: attrs class of the game options, every field with a default
    score_name: str  #: what a score is called in JSON results ("vp", "castles")
    score_title: str  #: and in text ("VP", "Castles")
    bots: Mapping[str, BotFactory]  #: always has "random"

    # ---- the scenario language
    def build(self, tree: Any, file: str) -> tuple[Any | None, list[Diagnostic]]:
        """A parse tree -> document (a scenario or a library), with problems."""

    def uses(self, doc: Any) -> Sequence[Any]:
        """The document's `use` includes: records with `.path` and `.pos`."""

    def include(self, doc: Any, included: list[Any]) -> tuple[Any, list[Diagnostic]]:
        """The document with its included documents attached."""

    def validate(self, doc: Any) -> list[Diagnostic]: ...

    def is_scenario(self, doc: Any) -> bool:
        """A playable scenario (not a library of tables)."""

    def format(self, doc: Any, original: str) -> str:
        """The canonical text of the file, comments kept."""

    def describe(self, doc: Any) -> Description: ...

    # ---- a game
    def seats(self, scenario: Any) -> Seats: ...

    def new_game(self, scenario: Any, setup: GameSetup) -> Game:
        """Raises VariantError or ValueError for a set-up the scenario refuses."""

    def rules(self, game: Game) -> RuleGen: ...

    def view(self, game: Game, player: str | None, state: Any = None) -> Mapping[str, Any]:
        """What `player` may see (None: everything), of `state` (default: now).
        JSON-able; bots and every screen read it."""

    def result(self, game: Game) -> Result: ...

    def summary(self, game: Game) -> Mapping[str, Any]:
        """What `play --json` adds for this kind (JSON-able)."""

    def attach_bots(self, game: Game, bots: Mapping[str, Bot]) -> None:
        """Give each bot what its seat may see before the game runs."""

    def status_text(self, game: Game, player: str) -> str:
        """The terminal's screen for `player`."""

    def result_lines(self, game: Game, viewer: str | None) -> list[tuple[str, str]]:
        """(rule, line) pairs after a game's result or log that `viewer` may
        read (None: everything), e.g. the battle's plan sheets [10.3]."""


@runtime_checkable
class TerminalAids(Protocol):
    """What a kind may add for terminal play (optional: a kind without them
    is played from its numbered options and `Kind.status_text`). Whatever
    they show, `player` may see."""

    def option_notes(self, game: Game, decision: Decision, player: str,
                     detail: bool = False) -> Mapping[int, str]:
        """Notes on some options of `decision`, by their index in its options:
        one or a few short lines each (a combat's odds), or, with `detail`,
        the whole story (every result with its probability)."""

    def status_screen(self, game: Game, player: str, decision: Decision | None = None,
                      whole_map: bool = False) -> str:
        """`status_text` with the board cut to a terminal's width around the
        pieces `decision` is about (None: every piece), or the whole board."""
