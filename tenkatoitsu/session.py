"""A game of any kind as scenario + seed + decisions: start one, play it with
bots, summarise it, save it, and load it back by replaying every decision.
The one way a game is started, for the CLI, sim, terminal play and the GUI."""

from __future__ import annotations

import re
from collections import Counter
from pathlib import Path, PurePath
from typing import Any, Callable, Collection, Iterable, Mapping, Sequence

import attrs
import cattrs

from tenkatoitsu import kinds
from tenkatoitsu.bundled import SCENARIOS_DIR
from tenkatoitsu.core.driver import Driver
from tenkatoitsu.core.events import Event
from tenkatoitsu.core.persistence import SaveError
from tenkatoitsu.dsl.diagnostics import DiagnosticError, did_you_mean
from tenkatoitsu.dsl.loader import SUFFIX, ScenarioFile, bundled, load_scenario, texts_digest
from tenkatoitsu.dsl.source import MAX_BYTES as MAX_SCENARIO_BYTES
from tenkatoitsu.kinds.contract import Game, GameSetup, Kind, Seats, VariantError
from tenkatoitsu.saves import (
    SAVE_FORMAT,
    SAVE_VERSION,
    SavedScenario,
    SaveFile,
    cut,
    read_save,
    shown,
    structure,
    write_save,
)

MAX_DECISIONS = 200_000

_options = cattrs.Converter(forbid_extra_keys=True)


def options_from(kind: Kind, given: Any) -> Any:
    """The kind's options from an instance, a dict (a save, `--option`), or None."""
    if given is None:
        return kind.options()
    if isinstance(given, kind.options):
        return given
    try:
        return _options.structure(dict(given), kind.options)
    except Exception as e:
        why = cattrs.transform_error(e, path="options", format_exception=_why)
        raise ValueError("bad game options: " + "; ".join(why)) from None


def _why(exc: BaseException, _type) -> str:
    """An option's own reason (a validator's message), else cattrs' words."""
    if isinstance(exc, KeyError):
        return f"missing {exc}"
    return str(exc) or type(exc).__name__


@attrs.define
class Session:
    scenario: ScenarioFile
    game: Game
    driver: Driver

    @property
    def kind(self) -> Kind:
        return self.scenario.kind

    @property
    def scenario_path(self) -> str:
        return self.scenario.path

    @classmethod
    def start(cls, scenario: str | Path | ScenarioFile, *, variants=(), seed: int = 0,
              options: Any = None, players=None,
              on_game: Callable[[Game], None] | None = None) -> "Session":
        """A new game at its first decision. `scenario`: a path, a bundled name or
        a loaded file; `on_game(game)` runs before the first rule does (to
        listen from the first event)."""
        sf = scenario if isinstance(scenario, ScenarioFile) else load_scenario(scenario)
        kind = sf.kind
        setup = GameSetup(seed=seed, variants=tuple(variants),
                          players=tuple(players) if players is not None else None,
                          options=options_from(kind, options))
        game = kind.new_game(sf.document, setup)
        if on_game is not None:
            on_game(game)
        return cls(sf, game, Driver(kind.rules(game)))

    def seat_names(self) -> dict[str, str]:
        seats = {s.id: s.name for s in self.kind.seats(self.game.scenario).choices}
        return {p: seats.get(p, p) for p in self.game.players}

    def player_to_answer(self) -> str | None:
        d = self.driver.pending
        if d is None:
            return None
        return d.side if d.side is not None else self.game.players[0]

    def play_bots(self, bots: Mapping[str, Any], max_decisions: int = MAX_DECISIONS) -> None:
        self.kind.attach_bots(self.game, bots)
        self.driver.run(lambda d: bots[self.player_to_answer()].choose(d), max_decisions)

    def summary(self) -> dict:
        """What `play --json` prints: the result and the kind's own report."""
        g = self.game
        r = self.kind.result(g)
        counts = Counter(type(e).__name__ for e in g.events)
        out = {"scenario": g.scenario.name, "variants": list(g.variants), "seed": g.seed,
               "winner": r.winner, "level": r.level, self.kind.score_name: dict(r.scores),
               "turns": r.turns, "decisions": len(self.driver.answers),
               "events": dict(sorted(counts.items()))}
        out.update(self.kind.summary(g))
        return out

    def save(self, path: str | Path) -> None:
        g, sf = self.game, self.scenario
        write_save(path, SaveFile(
            format=SAVE_FORMAT, version=SAVE_VERSION, kind=self.kind.name,
            scenario=SavedScenario(sf.path, g.scenario.name, sf.text, dict(sf.includes), sf.sha256),
            seed=g.seed, variants=list(g.variants), players=list(g.players),
            options=attrs.asdict(g.options), answers=list(self.driver.answers),
            events=len(g.events), digest=g.digest.hexdigest(), finished=self.driver.finished))


def bots_for(session: Session, names: str, seed: int) -> dict[str, Any]:
    """One bot per player from "a,b,..." (one name: every player)."""
    players = session.game.players
    parts = [p.strip() for p in names.split(",") if p.strip()] or ["random"]
    if len(parts) == 1:
        parts *= len(players)
    if len(parts) != len(players):
        raise ValueError(f"--bots takes one name, or one per player ({', '.join(players)})")
    return {p: make_bot(session.kind, name, seed, p) for p, name in zip(players, parts)}


def undo_point(asked: Sequence[str], humans: Collection[str],
               events_after: Callable[[int], Iterable[Event]]) -> tuple[int | None, Event | None]:
    """How many answers to keep to take back the last decision of a human
    seat (`asked`: the seat of each answer so far; `events_after(k)`: the
    events since answer k). Never back past a die rolled or a chit drawn
    since, as in boardgame.io: they showed what was hidden. (None, None):
    no human decision yet; (None, event): that event stands in the way."""
    k = max((i for i, s in enumerate(asked) if s in humans), default=None)
    if k is None:
        return None, None
    blocker = next((e for e in events_after(k) if e.reveals), None)
    return (None, blocker) if blocker is not None else (k, None)


def make_bot(kind: Kind, name: str, seed: int, player: str):
    """The bot `name` for `player`; settings follow the name, each `:key=value`
    (`hard:think=2`), for a factory that lists them in its `settings`."""
    base, *given = name.split(":")
    try:
        factory = kind.bots[base]
    except KeyError:
        raise ValueError(f"unknown bot '{base}' (bots: {', '.join(kind.bots)})") from None
    if not given:
        return factory(seed, player)
    takes = getattr(factory, "settings", {})
    if not takes:
        raise ValueError(f"bot '{base}' takes no settings (got '{name}')")
    settings = {}
    for item in given:
        key, sep, text = item.partition("=")
        if not sep or key not in takes:
            raise ValueError(f"bot '{base}': '{item}' is not a setting (settings: "
                             f"{', '.join(f'{k}=N' for k in takes)}; e.g. {base}:{next(iter(takes))}=2)")
        try:
            settings[key] = takes[key](text)
        except ValueError:
            raise ValueError(f"bot '{base}': {key} takes a {takes[key].__name__}, not "
                             f"'{text}'") from None
    return factory(seed, player, **settings)


# ---------------------------------------------------------------- loading a save

@attrs.frozen
class ReplayReport:
    """A save replayed: `session` stands after its last answer that replayed."""

    session: Session
    events_match: bool
    digest_match: bool
    message: str
    #: where the scenario came from, when that is worth saying
    scenario_note: str = ""


def saved_scenario(save: SaveFile, save_path: str | Path) -> tuple[ScenarioFile, str]:
    """The scenario a save was played on, and a note on where it came from:
    the copy embedded in the save, else (format 1) the bundled scenario of
    that name. The path the save names is a label: it is never read."""
    kind = _kind(save, save_path)
    sc = save.scenario
    if sc.text is None:
        shipped = _bundled(sc.path, by_stem=True)
        if shipped is None:
            names = ", ".join(p.stem for p in bundled())
            raise SaveError(f"{save_path}: field scenario.path: {shown(sc.path, 200)} is not a "
                            "bundled scenario, and a save without its scenario's text (format "
                            f"version 1) replays only on a bundled one ({names})")
        sf = _loaded(save_path, "scenario.path", shipped)
        note = (f"a save of format version 1 does not carry its scenario: replayed on the "
                f"bundled {shipped.stem}")
    else:
        sf = _embedded(sc, save_path)
        note = _embedded_note(sc)
    if sf.kind is not kind:
        raise SaveError(f"{save_path}: field kind: the save names kind {shown(save.kind)}, its "
                        f"scenario is of kind {shown(sf.kind.name)}")
    return attrs.evolve(sf, path=sc.path), note


def _kind(save: SaveFile, save_path) -> Kind:
    try:
        return kinds.get(save.kind)
    except kinds.UnknownKind as e:
        hint = f"; {e.hint}" if e.hint else ""
        raise SaveError(f"{save_path}: field kind: unknown kind {shown(save.kind)} "
                        f"(kinds: {', '.join(kinds.names()) or 'none'}){hint}") from None


def _bundled(label: str, by_stem: bool) -> Path | None:
    """The bundled scenario a label names: `training` or `training.tks`, or
    (`by_stem`) any path ending in one of those; only the bundled folder is read."""
    pure = PurePath(label)
    if not pure.parts or (not by_stem and len(pure.parts) != 1):
        return None
    stem = pure.stem if pure.suffix == SUFFIX else pure.name
    return next((p for p in bundled() if p.stem == stem), None)


_PLAIN_NAME = re.compile(r"[\w.-]{1,64}")


def _embedded(sc: SavedScenario, save_path) -> ScenarioFile:
    for name, text in [("scenario.text", sc.text), *(
            (f"scenario.includes[{shown(k)}]", v) for k, v in sc.includes.items())]:
        if len(text) > MAX_SCENARIO_BYTES:
            raise SaveError(f"{save_path}: field {name}: longer than a scenario file may be "
                            f"({MAX_SCENARIO_BYTES} bytes)")
    if sc.sha256 is not None and texts_digest(sc.text, sc.includes) != sc.sha256:
        raise SaveError(f"{save_path}: field scenario.text: the scenario copied into the save "
                        "was altered (its digest does not match scenario.sha256)")
    # read as a file of the bundled folder: an include the save lacks comes
    # from the bundled rules library, never from beside the path it names
    stem = PurePath(sc.path).stem
    where = SCENARIOS_DIR / ((stem if _PLAIN_NAME.fullmatch(stem) else "saved") + SUFFIX)
    return _loaded(save_path, "scenario.text", where, sc.text, sc.includes)


def _loaded(save_path, field: str, where: Path, text: str | None = None,
            includes: Mapping[str, str] | None = None) -> ScenarioFile:
    try:
        return load_scenario(where, embedded_text=text, embedded=includes)
    except DiagnosticError as e:
        first = e.diagnostics[0] if e.diagnostics else None
        at = f"line {first.pos.line}: " if first is not None and first.pos is not None else ""
        more = f" (and {len(e.diagnostics) - 1} more)" if len(e.diagnostics) > 1 else ""
        why = cut(at + first.message) if first is not None else "it cannot be read"
        raise SaveError(f"{save_path}: field {field}: the scenario does not load: {why}{more}") \
            from None


def _embedded_note(sc: SavedScenario) -> str:
    shipped = _bundled(sc.path, by_stem=False)
    if shipped is None:
        label = sc.path if sc.path.isprintable() and len(sc.path) <= 200 else shown(sc.path, 200)
        return f"replayed on the copy in the save (the file {label} is not read)"
    try:
        same = shipped.read_text(encoding="utf-8") == sc.text
    except (OSError, UnicodeError):
        same = False
    return "" if same else (f"the bundled scenario {shipped.stem} has changed since the game "
                            "was saved: replayed on the copy in the save")


def _setup(save: SaveFile, sf: ScenarioFile, save_path) -> Any:
    """The save's variants and players checked against the scenario, and its
    options as the kind's: the kind's options, or SaveError naming the field."""
    kind, doc = sf.kind, sf.document
    known = [v.id for v in kind.describe(doc).variants]
    for i, v in enumerate(save.variants):
        if v not in known:
            hint = did_you_mean(v, known) if len(v) <= 60 else None
            raise SaveError(f"{save_path}: field variants[{i}]: no variant {shown(v)} in this "
                            f"scenario (renamed or removed since the game was saved?); variants: "
                            f"{', '.join(known) or 'none'}" + (f"; {hint}" if hint else ""))
    if save.players is not None:
        _check_players(save.players, kind.seats(doc), save_path)
    return structure(save.options, kind.options, save_path, "options")


def _check_players(players: list[str], seats: Seats, save_path) -> None:
    ids = [s.id for s in seats.choices]
    why = None
    unknown = [p for p in players if p not in ids]
    if unknown:
        why = f"no seat {shown(unknown[0])} in this scenario (seats: {', '.join(ids)})"
    elif len(set(players)) != len(players):
        why = "a seat is named twice"
    elif seats.fixed and players != ids:
        why = (f"this scenario is played by its {len(ids)} sides, in this order: {', '.join(ids)} "
               f"(not {', '.join(players) or 'none'})")
    elif not seats.minimum <= len(players) <= seats.maximum:
        why = f"this scenario takes {seats.range_text()} players, not {len(players)}"
    if why:
        raise SaveError(f"{save_path}: field players: {why}")


def load(path: str | Path, *, on_game: Callable[[Game], None] | None = None) -> ReplayReport:
    """Load a save by replaying it; say whether every die and event reproduced.
    A malformed save is a SaveError naming its field; answers that no longer
    replay are an out-of-sync report whose session stands at the last one that did."""
    save = read_save(path)
    scenario, note = saved_scenario(save, path)
    options = _setup(save, scenario, path)
    try:
        session = Session.start(scenario, variants=save.variants, seed=save.seed,
                                options=options, players=save.players, on_game=on_game)
    except VariantError as e:
        raise SaveError(f"{path}: field variants: {cut(str(e))}") from None
    except ValueError as e:
        raise SaveError(f"{path}: the game cannot be set up as saved ({cut(str(e))})") from None
    d = session.driver
    for i, answer in enumerate(save.answers):
        if d.finished:
            return ReplayReport(session, False, False,
                                f"the game ended before answer {i + 1} of {len(save.answers)}",
                                note)
        try:
            d.answer(answer)
        except ValueError as e:
            return ReplayReport(session, False, False,
                                f"answer {i + 1} does not replay: {cut(str(e))}", note)
    g = session.game
    events_ok = len(g.events) == save.events
    digest_ok = g.digest.hexdigest() == save.digest
    if events_ok and digest_ok:
        msg = (f"replayed {len(save.answers)} decisions: all {len(g.events)} events and dice "
               "reproduced")
    else:
        msg = (f"OUT OF SYNC: {len(g.events)} events (saved {save.events}), digest "
               f"{'matches' if digest_ok else 'differs'}")
    return ReplayReport(session, events_ok, digest_ok, msg, note)
