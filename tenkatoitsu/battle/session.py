"""A game as scenario + seed + decisions: start one, play it with bots,
save it, and load it back by replaying every decision."""

from __future__ import annotations

from collections import Counter
from pathlib import Path

import attrs

from tenkatoitsu.battle import battle_plan
from tenkatoitsu.battle.bots import attach_bots, make_bot
from tenkatoitsu.battle.game import Game, Options
from tenkatoitsu.battle.load import load_scenario
from tenkatoitsu.battle.play import play
from tenkatoitsu.core.driver import Driver
from tenkatoitsu.core.persistence import (SAVE_FORMAT, SAVE_VERSION, SaveError, read_save,
                                          write_json_atomically)

MAX_DECISIONS = 200_000


@attrs.define
class Session:
    scenario_path: str
    game: Game
    driver: Driver

    @classmethod
    def start(cls, scenario_path: str | Path, *, variants=(), seed: int = 0,
              options: Options = Options()) -> "Session":
        scenario = load_scenario(scenario_path)
        game = Game(scenario, variants=variants, seed=seed, options=options)
        return cls(str(scenario_path), game, Driver(play(game)))

    def play_bots(self, bots: dict[str, object]) -> None:
        attach_bots(self.game, bots)

        def choose(decision):
            side = decision.side or self.game.side_ids[0]
            return bots[side].choose(decision)

        self.driver.run(choose, MAX_DECISIONS)

    def summary(self) -> dict:
        st = self.game.state
        counts = Counter(type(e).__name__ for e in self.game.events)
        return {"scenario": self.game.scenario.name, "variants": list(self.game.variants),
                "seed": self.game.seed, "winner": st.winner, "level": st.level,
                "vp": dict(st.vp), "turns": st.turn, "decisions": len(self.driver.answers),
                "plans": {s: battle_plan.sheet(self.game, s) for s in self.game.side_ids},
                "events": dict(sorted(counts.items()))}

    def save(self, path: str | Path) -> None:
        g = self.game
        write_json_atomically(path, {
            "format": SAVE_FORMAT, "version": SAVE_VERSION,
            "scenario": self.scenario_path, "scenario_name": g.scenario.name,
            "variants": list(g.variants), "seed": g.seed, "options": attrs.asdict(g.options),
            "answers": list(self.driver.answers),
            "events": len(g.events), "digest": g.digest.hexdigest(),
            "finished": self.driver.finished,
        })


def bots_for(game: Game, names: str, seed: int) -> dict[str, object]:
    parts = [p.strip() for p in names.split(",") if p.strip()] or ["random"]
    if len(parts) == 1:
        parts *= 2
    if len(parts) != 2:
        raise ValueError("--bots takes one or two names, one per side")
    return {side: make_bot(name, seed, side) for side, name in zip(game.side_ids, parts)}


@attrs.frozen
class ReplayReport:
    session: Session
    events_match: bool
    digest_match: bool
    message: str


def load(path: str | Path) -> ReplayReport:
    """Load a save by replaying it; say whether every die and event reproduced."""
    data = read_save(path)
    scen = Path(data["scenario"])
    if not scen.is_absolute() and not scen.exists():
        alt = Path(path).parent / scen
        scen = alt if alt.exists() else scen
    try:
        opts = Options(**data.get("options", {}))
    except TypeError:
        raise SaveError(f"{path}: unknown game options {data.get('options')}") from None
    session = Session.start(scen, variants=data["variants"], seed=data["seed"], options=opts)
    session.scenario_path = data["scenario"]
    d = session.driver
    for i, answer in enumerate(data["answers"]):
        if d.finished:
            return ReplayReport(session, False, False,
                                f"the game ended before answer {i + 1} of {len(data['answers'])}")
        try:
            d.answer(answer)
        except ValueError as e:
            return ReplayReport(session, False, False, f"answer {i + 1} does not replay: {e}")
    g = session.game
    events_ok = len(g.events) == data.get("events")
    digest_ok = g.digest.hexdigest() == data.get("digest")
    if events_ok and digest_ok:
        msg = f"replayed {len(data['answers'])} decisions: all {len(g.events)} events and dice reproduced"
    else:
        msg = (f"OUT OF SYNC: {len(g.events)} events (saved {data.get('events')}), digest "
               f"{'matches' if digest_ok else 'differs'}")
    return ReplayReport(session, events_ok, digest_ok, msg)
