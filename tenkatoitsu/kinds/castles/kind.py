"""The castles kind (Rumble Nation's 11 castles) behind the kind contract
(tenkatoitsu.kinds.contract). Each member hands over to the module that does
the work; nothing here is a rule."""

from __future__ import annotations

from pathlib import Path

import attrs

from tenkatoitsu.bundled import GRAMMAR_DIR
from tenkatoitsu.core.events import DieRolled
from tenkatoitsu.kinds.castles import text
from tenkatoitsu.kinds.castles.bots import BOTS, attach_bots
from tenkatoitsu.kinds.castles.events import CastlesEvent
from tenkatoitsu.kinds.castles.game import Game, play
from tenkatoitsu.kinds.castles.scenario.builder import build
from tenkatoitsu.kinds.castles.scenario.model import CastlesScenario
from tenkatoitsu.kinds.castles.scenario.printer import format_source
from tenkatoitsu.kinds.castles.scenario.validate import validate
from tenkatoitsu.kinds.castles.table import Options
from tenkatoitsu.kinds.castles.view import view_of
from tenkatoitsu.kinds.contract import Description, GameSetup, Result, Seat, Seats, VariantInfo


class CastlesKind:
    name = "castles"
    title = "Castles: area control over the 11 castles of Japan (Rumble Nation)"
    aliases = ()
    grammar: Path = GRAMMAR_DIR / "castles.lark"
    options = Options
    score_name = "scores"  #: the key of `play --json` and `sim`
    score_title = "castle points"
    bots = BOTS

    # ---- the scenario language: one file, no `use`
    def build(self, tree, file: str):
        return build(tree, file)

    def uses(self, doc):
        return ()

    def include(self, doc, included):
        return doc, []

    def validate(self, doc):
        return validate(doc)

    def is_scenario(self, doc) -> bool:
        return isinstance(doc, CastlesScenario)

    def format(self, doc, original: str) -> str:
        return format_source(doc, original)

    def describe(self, doc: CastlesScenario) -> Description:
        b = doc.board
        sea = sum(1 for ln in b.links if ln.kind == "sea")
        seats = self.seats(doc)
        summary = (f'"{doc.name}": {len(b)} castles, {len(b.links)} links ({sea} by sea), '
                   f"{seats.range_text()} players, {len(doc.tactics)} tactic cards")
        lines = [summary]
        lines += [f"  {a.name}" + (f" [{', '.join(sorted(a.flags))}]" if a.flags else "")
                  + ": " + ", ".join(f"{b[n].name}" + (" (sea)" if any(
                      ln.kind == "sea" for ln in b.links_between(a.id, n)) else "")
                      for n in b.neighbours(a.id)) for a in b]
        lines += [f"  tactic {c.name} [{c.rule}]: {c.text}" for c in doc.tactics]
        lines += [f"  daimyo {c.name} [{c.rule}]: {c.text}" for c in doc.daimyo]
        board = {"type": "area",
                 "areas": [{"id": a.id, "name": a.name, "flags": sorted(a.flags),
                            "x": a.pos[0] if a.pos else None,
                            "y": a.pos[1] if a.pos else None} for a in b],
                 "links": [{"a": ln.a, "b": ln.b, "kind": ln.kind} for ln in b.links]}
        return Description(doc.name, True, summary, tuple(lines), seats,
                           self.variants(doc), board)

    def variants(self, doc: CastlesScenario) -> tuple[VariantInfo, ...]:
        return tuple(VariantInfo(v.id, v.title, v.group, v.default) for v in doc.variants)

    # ---- a game
    def seats(self, scenario: CastlesScenario) -> Seats:
        return Seats(tuple(Seat(s.id, s.name, s.colour) for s in scenario.seats),
                     scenario.players_min, scenario.players_max, scenario.players_default)

    def new_game(self, scenario: CastlesScenario, setup: GameSetup) -> Game:
        players = self.seats(scenario).resolve(setup.players)
        return Game(scenario, players=players, variants=setup.variants, seed=setup.seed,
                    options=setup.options if setup.options is not None else Options())

    def rules(self, game: Game):
        return play(game)

    def view(self, game: Game, player, state=None) -> dict:
        return view_of(game, player, state)

    def result(self, game: Game) -> Result:
        st = game.state
        return Result(st.winner, {p: st.score(p) for p in game.players}, st.level, st.turn, 1)

    def summary(self, game: Game) -> dict:
        st = game.state
        return {"seats": list(game.players),
                "castles": {p: [[c.area, c.value, c.size] for c in st.won.get(p, ())]
                            for p in game.players},
                "swords": dict(st.sword), "variants": list(game.variants)}

    def attach_bots(self, game: Game, bots) -> None:
        attach_bots(game, bots)

    def status_text(self, game: Game, player: str) -> str:
        return text.status(game, player)

    def event_text(self, game: Game, event) -> str:
        """The log names areas, seats and cards as players read them."""
        if isinstance(event, CastlesEvent):
            return event.words(game.words)
        if isinstance(event, DieRolled) and event.side in game.words:
            return attrs.evolve(event, side=game.words[event.side]).text()
        return event.text()

    def result_lines(self, game: Game, viewer) -> list[tuple[str, str]]:
        st = game.state
        out = []
        for p in game.players:
            held = ", ".join(f"{game.names[c.area]} {c.value}" + (" (small)" if c.size == "small"
                                                                  else "")
                             for c in st.won.get(p, ()))
            out.append(("6", f"{game.names[p]}: {st.score(p)} points, sword "
                             f"{st.sword.get(p) or '-'}; {held or 'no castle'}"))
        return out


KIND = CastlesKind()
