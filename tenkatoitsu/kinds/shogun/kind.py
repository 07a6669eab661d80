"""The shogun kind (Shogun, 1986) behind the kind contract
(tenkatoitsu.kinds.contract). Each member hands over to the module that does
the work; nothing here is a rule."""

from __future__ import annotations

from pathlib import Path

from tenkatoitsu.bundled import GRAMMAR_DIR
from tenkatoitsu.core.events import DieRolled
from tenkatoitsu.kinds.contract import Description, GameSetup, Result, Seat, Seats, VariantInfo
from tenkatoitsu.kinds.shogun import text
from tenkatoitsu.kinds.shogun.bots import BOTS, attach_bots
from tenkatoitsu.kinds.shogun.events import ShogunEvent
from tenkatoitsu.kinds.shogun.game import Game, play
from tenkatoitsu.kinds.shogun.outcome import level_of, score
from tenkatoitsu.kinds.shogun.scenario.builder import build
from tenkatoitsu.kinds.shogun.scenario.model import DOUBTFUL, ShogunScenario
from tenkatoitsu.kinds.shogun.scenario.printer import format_source
from tenkatoitsu.kinds.shogun.scenario.uses import include
from tenkatoitsu.kinds.shogun.scenario.validate import validate
from tenkatoitsu.kinds.shogun.table import Options
from tenkatoitsu.kinds.shogun.view import view_of


class ShogunKind:
    name = "shogun"
    title = "Shogun (1986): the 68 provinces of Japan, secret koku, d12 battles"
    aliases = ()
    grammar: Path = GRAMMAR_DIR / "shogun.lark"
    options = Options
    score_name = "provinces"
    score_title = "provinces"
    bots = BOTS

    # ---- the scenario language: a file may `use` another for what it leaves out
    def build(self, tree, file: str):
        return build(tree, file)

    def uses(self, doc):
        return doc.uses if isinstance(doc, ShogunScenario) else ()

    def include(self, doc, included):
        return include(doc, included)

    def validate(self, doc):
        return validate(doc)

    def is_scenario(self, doc) -> bool:
        return isinstance(doc, ShogunScenario)

    def format(self, doc, original: str) -> str:
        return format_source(doc, original)

    def describe(self, doc: ShogunScenario) -> Description:
        b = doc.board
        sea = sum(1 for ln in b.links if ln.kind == "sea")
        doubt = sum(1 for ln in b.links if DOUBTFUL in ln.flags)
        seats = self.seats(doc)
        summary = (f'"{doc.name}": {len(b)} provinces, {len(b.links) - sea} land borders, '
                   f"{sea} sea lanes ({doubt} doubtful), {seats.range_text()} players")
        lines = [summary]
        lines += [f"  {a.name}" + (f" [{', '.join(sorted(a.flags))}]" if a.flags else "")
                  + ": " + ", ".join(b[n].name + (" (sea)" if all(
                      ln.kind == "sea" for ln in b.links_between(a.id, n)) else "")
                      for n in b.neighbours(a.id)) for a in b]
        board = {"type": "area",
                 "areas": [{"id": a.id, "name": a.name, "flags": sorted(a.flags),
                            "region": a.region,
                            "x": a.pos[0] if a.pos else None,
                            "y": a.pos[1] if a.pos else None} for a in b],
                 "links": [{"a": ln.a, "b": ln.b, "kind": ln.kind, "flags": sorted(ln.flags)}
                           for ln in b.links]}
        return Description(doc.name, True, summary, tuple(lines), seats,
                           self.variants(doc), board)

    def variants(self, doc: ShogunScenario) -> tuple[VariantInfo, ...]:
        return tuple(VariantInfo(v.id, v.title, v.group, v.default) for v in doc.variants)

    # ---- a game
    def seats(self, scenario: ShogunScenario) -> Seats:
        return Seats(tuple(Seat(s.id, s.name, s.colour) for s in scenario.seats),
                     scenario.players_min, scenario.players_max, scenario.players_default)

    def new_game(self, scenario: ShogunScenario, setup: GameSetup) -> Game:
        if setup.players is None and scenario.start is not None:
            players = tuple(scenario.start.players)
        else:
            players = self.seats(scenario).resolve(setup.players)
        if len(players) == 2 and len(scenario.seats) < 4:
            raise ValueError("the two-player game needs four colours [SC-24.1]")
        return Game(scenario, players=players, variants=setup.variants, seed=setup.seed,
                    options=setup.options if setup.options is not None else Options())

    def rules(self, game: Game):
        return play(game)

    def view(self, game: Game, player, state=None) -> dict:
        return view_of(game, player, state)

    def result(self, game: Game) -> Result:
        st = game.state
        return Result(st.winner, {p: score(game, p) for p in game.players}, st.level,
                      st.round, 1)

    def summary(self, game: Game) -> dict:
        st, t = game.state, game.table
        return {"seats": list(game.players), "rounds": st.round,
                "colour_sets": {h: t.seat_of[h] for h in t.houses},
                "provinces_by_set": {h: st.count(h) for h in t.houses},
                "eliminated": list(st.eliminated), "variants": list(game.variants)}

    def attach_bots(self, game: Game, bots) -> None:
        attach_bots(game, bots)

    def status_text(self, game: Game, player: str) -> str:
        return text.status(game, player)

    def event_text(self, game: Game, event) -> str:
        """The log names provinces, colour sets and armies as players read them."""
        if isinstance(event, ShogunEvent):
            return event.words(game.words)
        if isinstance(event, DieRolled):
            # d12s are read one by one against a value [SC-16.3], never added up
            who = game.words.get(event.side, event.side)
            return f"{who + ' ' if who else ''}rolls {' '.join(map(str, event.dice))} " \
                   f"({event.purpose})"
        return event.text()

    def result_lines(self, game: Game, viewer) -> list[tuple[str, str]]:
        st, t = game.state, game.table
        out = []
        for p in game.players:
            sets = [h for h in t.houses if t.seat_of[h] == p]
            armies = ", ".join(f"army {a.number} level {level_of(game, a)}"
                               for h in sets for a in st.living(h)) or "no daimyo"
            out.append(("SC-23", f"{game.names[p]}: {score(game, p)} provinces; {armies}"))
        return out


KIND = ShogunKind()
