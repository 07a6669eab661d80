"""The dice race behind the kind contract (tenkatoitsu.kinds.contract): each
member hands over to document.py (the language) or race.py (the game)."""

from __future__ import annotations

from functools import partial
from pathlib import Path

from tenkatoitsu.bots import RandomBot
from tenkatoitsu.dsl.parsing import comments
from tenkatoitsu.kinds.contract import Description, Result, Seat, Seats, VariantError

from dicerace_kind import document, race


class DiceRaceKind:
    name = "dicerace"
    title = "Dice race: runners over an area map (a test kind)"
    aliases = ()
    grammar = Path(__file__).with_name("dicerace.lark")
    options = race.Options
    score_name = "advanced"
    score_title = "areas advanced"  # the CLI and the terminal read it, beyond the contract
    bots = {"random": RandomBot, "bold": race.BoldBot}

    # ---- the scenario language: one file, no `use`
    build = staticmethod(document.build)
    validate = staticmethod(document.validate)

    def uses(self, doc):
        return ()

    def include(self, doc, included):
        return doc, []

    def is_scenario(self, doc) -> bool:
        return True

    def format(self, doc, original: str) -> str:
        return document.format_source(doc, comments(self.grammar, original))

    def describe(self, doc) -> Description:
        areas, links = doc.all("area"), doc.all("link")
        summary = (f'"{doc.name}": {len(areas)} areas, {len(links)} links, '
                   f"{len(doc.all('player'))} players, {doc.arg('turns')} rounds")
        board = {"type": "area",
                 "areas": [dict(zip(("id", "name", "x", "y"), s.args)) for s in areas],
                 "links": [dict(zip(("a", "b", "kind"), s.args)) for s in links]}
        lines = (summary, f"  from {doc.arg('start_area')} to {doc.arg('goal')}",
                 *(f"  {s.text}" for s in links))
        return Description(doc.name, True, summary, lines, self.seats(doc), (), board)

    # ---- a game
    rules = staticmethod(race.play)

    def seats(self, scenario) -> Seats:
        return Seats.sides([Seat(*s.args) for s in scenario.all("player")])

    def new_game(self, scenario, setup) -> race.Game:
        if setup.variants:
            raise VariantError("a dice race has no variants")
        game = race.Game(scenario, setup.seed, setup.options or race.Options())
        if setup.players is not None and tuple(setup.players) != game.players:
            raise ValueError(f"this race is run by {', '.join(game.players)}")
        return game

    def view(self, game, player, state=None) -> dict:
        """Nothing is hidden in a race: every player sees everything."""
        st = game.state if state is None else state
        return {"round": st.round, "rounds": game.scenario.arg("turns"), "goal": game.goal,
                "runners": dict(st.at), "to_go": {p: game.to_go(a) for p, a in st.at.items()},
                "winner": st.winner, "level": st.level}

    def result(self, game) -> Result:
        st, whole = game.state, game.to_go(game.start)
        return Result(st.winner, {p: whole - game.to_go(a) for p, a in st.at.items()},
                      st.level, st.round)

    def summary(self, game) -> dict:
        return {"runners": dict(game.state.at)}

    def attach_bots(self, game, bots) -> None:
        for seat, bot in bots.items():
            bot.attach(partial(self.view, game, seat))  # its seat's view, when it asks

    def status_text(self, game, player: str) -> str:
        v, names = self.view(game, player), game.scenario.names("area")
        return "\n".join([f"round {v['round']} of {v['rounds']}; goal: {names[v['goal']]}"] + [
            f"  {p}: {names[a]} ({v['to_go'][p]} to go)" for p, a in v["runners"].items()])

    def result_lines(self, game, viewer) -> list:
        return []


KIND = DiceRaceKind()
