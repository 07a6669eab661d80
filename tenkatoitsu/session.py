"""A game of any kind as scenario + seed + decisions: start one, play it with
bots, summarise it, save it, and load it back by replaying every decision.
The one way a game is started, for the CLI, sim, terminal play and the GUI."""

from __future__ import annotations

from collections import Counter
from pathlib import Path
from typing import Any, Callable, Mapping

import attrs
import cattrs

from tenkatoitsu import kinds
from tenkatoitsu.core.driver import Driver
from tenkatoitsu.core.persistence import SaveError
from tenkatoitsu.dsl.loader import ScenarioFile, find_scenario, load_scenario, texts_digest
from tenkatoitsu.kinds.contract import Game, GameSetup, Kind
from tenkatoitsu.saves import (
    SAVE_FORMAT,
    SAVE_VERSION,
    SavedScenario,
    SaveFile,
    read_save,
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


def make_bot(kind: Kind, name: str, seed: int, player: str):
    try:
        factory = kind.bots[name]
    except KeyError:
        raise ValueError(f"unknown bot '{name}' (bots: {', '.join(kind.bots)})") from None
    return factory(seed, player)


# ---------------------------------------------------------------- loading a save

@attrs.frozen
class ReplayReport:
    session: Session
    events_match: bool
    digest_match: bool
    message: str
    #: where the scenario came from, when not simply from its file
    scenario_note: str = ""


def saved_scenario(save: SaveFile, save_path: str | Path) -> tuple[ScenarioFile, str]:
    """The scenario a save was played on, and a note when it is not the file
    as it stands: the save's embedded copy is played when the file is missing
    or has changed since, so a save replays from any folder."""
    kind = _kind(save, save_path)
    sc = save.scenario
    found = _scenario_file(sc.path, save_path)
    if sc.text is None:  # version 1: the file is all there is
        if found is not None:
            return attrs.evolve(load_scenario(found), path=sc.path), ""
        shipped = find_scenario(Path(sc.path).stem)  # a shipped scenario saved by its path
        if shipped.is_file():
            return attrs.evolve(load_scenario(shipped), path=sc.path), \
                f"the scenario {sc.path} is not here: replayed on the bundled {shipped.stem}"
        raise SaveError(f"{save_path}: the scenario {sc.path} is not found (a save of format "
                        "version 1 does not carry its scenario)")
    if found is not None:
        current = load_scenario(found)
        if current.sha256 == sc.sha256 and current.kind is kind:
            return attrs.evolve(current, path=sc.path), ""
        note = (f"the scenario file {found} has changed since the game was saved: "
                "replayed on the copy in the save")
    else:
        note = f"the scenario {sc.path} is not here: replayed on the copy in the save"
    if sc.sha256 is not None and texts_digest(sc.text, sc.includes) != sc.sha256:
        raise SaveError(f"{save_path}: the scenario copied into the save was altered "
                        "(its digest does not match)")
    return load_scenario(sc.path, embedded_text=sc.text, embedded=sc.includes), note


def _kind(save: SaveFile, save_path) -> Kind:
    try:
        return kinds.get(save.kind)
    except kinds.UnknownKind as e:
        raise SaveError(f"{save_path}: {e}") from None


def _scenario_file(ref: str, save_path: str | Path) -> Path | None:
    """The scenario as the save names it: as given, beside the save, or bundled."""
    given = find_scenario(ref)
    if given.is_file():
        return given
    beside = Path(save_path).parent / ref
    return beside if not Path(ref).is_absolute() and beside.is_file() else None


def load(path: str | Path, *, on_game: Callable[[Game], None] | None = None) -> ReplayReport:
    """Load a save by replaying it; say whether every die and event reproduced."""
    save = read_save(path)
    scenario, note = saved_scenario(save, path)
    try:
        session = Session.start(scenario, variants=save.variants, seed=save.seed,
                                options=save.options, players=save.players, on_game=on_game)
    except ValueError as e:
        raise SaveError(f"{path}: {e}") from None
    d = session.driver
    for i, answer in enumerate(save.answers):
        if d.finished:
            return ReplayReport(session, False, False,
                                f"the game ended before answer {i + 1} of {len(save.answers)}",
                                note)
        try:
            d.answer(answer)
        except ValueError as e:
            return ReplayReport(session, False, False, f"answer {i + 1} does not replay: {e}", note)
    g = session.game
    events_ok = len(g.events) == save.events
    digest_ok = g.digest.hexdigest() == save.digest
    if events_ok and digest_ok:
        msg = f"replayed {len(save.answers)} decisions: all {len(g.events)} events and dice reproduced"
    else:
        msg = (f"OUT OF SYNC: {len(g.events)} events (saved {save.events}), digest "
               f"{'matches' if digest_ok else 'differs'}")
    return ReplayReport(session, events_ok, digest_ok, msg, note)
