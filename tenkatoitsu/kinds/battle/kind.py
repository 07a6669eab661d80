"""The battle kind as the shared services see it: Tenkatoitsu's hex battles
behind the kind contract (tenkatoitsu.kinds.contract). Each member hands over
to the module that does the work; nothing here is a rule."""

from __future__ import annotations

from pathlib import Path

import attrs

from tenkatoitsu.bundled import GRAMMAR_DIR
from tenkatoitsu.dsl.diagnostics import Diagnostic
from tenkatoitsu.kinds.battle import (
    scenario_rules,  # noqa: F401  (registers the special rules)
    text,
)
from tenkatoitsu.kinds.battle.bots import BOTS, attach_bots
from tenkatoitsu.kinds.battle.events import TurnStarted
from tenkatoitsu.kinds.battle.game import Game, Options
from tenkatoitsu.kinds.battle.play import play
from tenkatoitsu.kinds.battle.rules import battle_plan
from tenkatoitsu.kinds.battle.scenario import model as m
from tenkatoitsu.kinds.battle.scenario.builder import Builder
from tenkatoitsu.kinds.battle.scenario.printer import format_source
from tenkatoitsu.kinds.battle.scenario.validate import validate
from tenkatoitsu.kinds.battle.view import view_at
from tenkatoitsu.kinds.contract import Description, GameSetup, Result, Seat, Seats, VariantInfo


class BattleKind:
    name = "battle"
    title = "Tenkatoitsu: hex-and-counter battles (Hexasim)"
    aliases = ("tenkatoitsu",)  # the kind word of the first scenario files
    grammar: Path = GRAMMAR_DIR / "tenkatoitsu.lark"
    options = Options
    score_name = "vp"
    score_title = "VP"
    bots = BOTS

    # ---- the scenario language
    def build(self, tree, file: str):
        builder = Builder(file)
        doc = builder.transform(tree)
        return doc, builder.diags

    def uses(self, doc):
        return doc.uses if isinstance(doc, m.Scenario) else ()

    def include(self, doc, included):
        """Only `rules` libraries may be used, and only by a scenario."""
        diags, libraries = [], []
        for use, inc in included:
            if isinstance(inc, m.RulesDoc):
                libraries.append(inc)
            else:
                diags.append(Diagnostic(f"'{use.path}' is a scenario; only `rules` files can be "
                                        "used", use.pos))
        if isinstance(doc, m.Scenario):
            doc = attrs.evolve(doc, included=tuple(libraries))
        return doc, diags

    def validate(self, doc):
        return validate(doc)

    def is_scenario(self, doc) -> bool:
        return isinstance(doc, m.Scenario)

    def format(self, doc, original: str) -> str:
        return format_source(doc, original)

    def describe(self, doc) -> Description:
        if not isinstance(doc, m.Scenario):
            return Description(doc.name, False, text.summary(doc), tuple(text.show_lines(doc)))
        mp = doc.map
        board = {"type": "hex", "width": mp.width, "height": mp.height,
                 "hexes": mp.width * mp.height,
                 "fortresses": [f.name or f.id for f in mp.fortresses]} if mp else {}
        return Description(doc.name, True, text.summary(doc), tuple(text.show_lines(doc)),
                           self.seats(doc), self.variants(doc), board)

    def variants(self, doc) -> tuple[VariantInfo, ...]:
        return tuple(VariantInfo(v.id, v.title or "", v.group, v.is_default)
                     for v in doc.variants)

    # ---- a game
    def seats(self, scenario) -> Seats:
        return Seats.sides([Seat(s.id, s.name, s.color) for s in scenario.sides])

    def new_game(self, scenario, setup: GameSetup) -> Game:
        sides = tuple(s.id for s in scenario.sides)
        unknown = set(setup.players or ()) - set(sides)
        if unknown:  # both sides always play: the seats named can only be among them
            raise ValueError(f"no side {', '.join(sorted(unknown))} in this battle "
                             f"(sides: {', '.join(sides)})")
        return Game(scenario, variants=setup.variants, seed=setup.seed,
                    options=setup.options if setup.options is not None else Options())

    def rules(self, game: Game):
        return play(game)

    def view(self, game: Game, player, state=None) -> dict:
        return view_at(game, player, state)

    def result(self, game: Game) -> Result:
        st = game.state
        first = next((e.turn for e in game.events if isinstance(e, TurnStarted)), st.turn)
        return Result(st.winner, dict(st.vp), st.level, st.turn, first)

    def summary(self, game: Game) -> dict:
        return {"plans": {s: battle_plan.sheet(game, s) for s in game.side_ids}}

    def attach_bots(self, game: Game, bots) -> None:
        attach_bots(game, bots)

    def status_text(self, game: Game, player: str) -> str:
        return text.status(game, player)

    # ---- terminal aids (contract.TerminalAids)
    def status_screen(self, game: Game, player: str, decision=None, whole_map=False) -> str:
        return text.status(game, player, decision, whole_map)

    def option_notes(self, game: Game, decision, player: str, detail: bool = False) -> dict:
        """The exact odds of the combats an option proposes [11.6]."""
        return text.combat_notes(game, decision, player, detail)

    def result_lines(self, game: Game, viewer) -> list[tuple[str, str]]:
        """The Battle Plan Log Sheets [10.3] the viewer may read."""
        out = []
        for side in game.side_ids:
            if viewer in (None, side) or game.state.honjins[side].plan_revealed:
                sheet = battle_plan.sheet(game, side)
                out.append(("10.3", f"{game.side_defs[side].name}: {text.sheet_line(sheet)}"))
        return out


KIND = BattleKind()
