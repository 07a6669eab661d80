"""The clans kind (Shogun: Gekokujō) behind the kind contract
(tenkatoitsu.kinds.contract). Each member hands over to the module that does
the work; nothing here is a rule."""

from __future__ import annotations

from pathlib import Path

from tenkatoitsu.bundled import GRAMMAR_DIR
from tenkatoitsu.core.events import DieRolled
from tenkatoitsu.kinds.clans import text
from tenkatoitsu.kinds.clans.bots import BOTS, attach_bots
from tenkatoitsu.kinds.clans.events import ClansEvent
from tenkatoitsu.kinds.clans.game import Game, play
from tenkatoitsu.kinds.clans.outcome import score
from tenkatoitsu.kinds.clans.scenario.builder import build
from tenkatoitsu.kinds.clans.scenario.model import ClansScenario
from tenkatoitsu.kinds.clans.scenario.printer import format_source
from tenkatoitsu.kinds.clans.scenario.uses import include
from tenkatoitsu.kinds.clans.scenario.validate import validate
from tenkatoitsu.kinds.clans.table import Options
from tenkatoitsu.kinds.clans.view import view_of
from tenkatoitsu.kinds.contract import Description, GameSetup, Result, Seat, Seats, VariantInfo


class ClansKind:
    name = "clans"
    title = "Shogun: Gekokujō: nine great clans, Koku, vassalage and the ninja"
    aliases = ()
    grammar: Path = GRAMMAR_DIR / "clans.lark"
    score_name = "provinces"
    score_title = "provinces"
    options = Options
    bots = BOTS
    #: kinds whose files a clans file may `use` for their map
    borrows = ("shogun",)

    # ---- the scenario language: a file may `use` another for what it leaves out
    def build(self, tree, file: str):
        return build(tree, file)

    def uses(self, doc):
        return doc.uses if isinstance(doc, ClansScenario) else ()

    def include(self, doc, included):
        return include(doc, included)

    def validate(self, doc):
        return validate(doc)

    def is_scenario(self, doc) -> bool:
        return isinstance(doc, ClansScenario)

    def format(self, doc, original: str) -> str:
        return format_source(doc, original)

    def describe(self, doc: ClansScenario) -> Description:
        b = doc.board
        sea = sum(1 for ln in b.links if ln.kind == "sea")
        seats = self.seats(doc)
        summary = (f'"{doc.name}": {len(doc.clans)} clans, {len(b)} provinces, '
                   f"{len(b.links) - sea} land borders, {sea} sea lanes, "
                   f"{len(doc.sea_zones)} sea zones, {seats.range_text()} players")
        lines = [summary]
        lines += [f"  {c.name} ({c.region}): {b[c.home].name}; {c.ability}" for c in doc.clans]
        lines += [f"  {name}: " + ", ".join(b[p].name for p in doc.listed(name))
                  for name in doc.lists]
        lines += [f"  sea zone {z.name}: " + ", ".join(b[p].name for p in z.provinces)
                  for z in doc.sea_zones]
        board = {"type": "area",
                 "areas": [{"id": a.id, "name": a.name,
                            "flags": sorted(n for n, ps in doc.lists.items() if a.id in ps),
                            "region": a.region,
                            "x": a.pos[0] if a.pos else None,
                            "y": a.pos[1] if a.pos else None} for a in b],
                 "links": [{"a": ln.a, "b": ln.b, "kind": ln.kind, "flags": sorted(ln.flags)}
                           for ln in b.links],
                 "clans": [{"id": c.id, "name": c.name, "home": c.home, "region": c.region,
                            "colour": c.colour, "ability": c.ability} for c in doc.clans],
                 "sea_zones": [{"id": z.id, "name": z.name, "provinces": list(z.provinces)}
                               for z in doc.sea_zones]}
        return Description(doc.name, True, summary, tuple(lines), seats,
                           self.variants(doc), board)

    def variants(self, doc: ClansScenario) -> tuple[VariantInfo, ...]:
        return tuple(VariantInfo(v.id, v.title, v.group, v.default,
                                 tuple(getattr(v, "requires", ()))) for v in doc.variants)

    # ---- a game
    def seats(self, scenario: ClansScenario) -> Seats:
        return Seats(tuple(Seat(s.id, s.name, s.colour) for s in scenario.seats),
                     scenario.players_min, scenario.players_max, scenario.players_default)


    def new_game(self, scenario: ClansScenario, setup: GameSetup) -> Game:
        players = self.seats(scenario).resolve(setup.players)
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
        st = game.state
        return {"seats": list(game.players), "rounds": st.round,
                "clans": dict(st.clan_of),
                "winner_clan": st.clan_of.get(st.winner) if st.winner else None,
                "provinces_by_clan": {c: st.count(c) for c in st.clans},
                "vassals": {c: b.lord for c, b in st.vassals.items()},
                "eliminated": list(st.eliminated), "variants": list(game.variants)}

    def roles(self, game: Game) -> dict:
        """The clan each seat drafted (sim counts each clan's wins)."""
        return {s: game.names[c] for s, c in game.state.clan_of.items()}

    def attach_bots(self, game: Game, bots) -> None:
        attach_bots(game, bots)

    def status_text(self, game: Game, player: str) -> str:
        return text.status(game, player)

    def event_text(self, game: Game, event) -> str:
        """The log names provinces, clans and seats as players read them."""
        if isinstance(event, ClansEvent):
            return event.words(game.words)
        if isinstance(event, DieRolled):
            who = game.words.get(event.side, event.side)
            return f"{who + ' ' if who else ''}rolls {' '.join(map(str, event.dice))} " \
                   f"({event.purpose})"
        return event.text()

    def result_lines(self, game: Game, viewer) -> list[tuple[str, str]]:
        st = game.state
        out = []
        for p in game.players:
            c = st.clan_of.get(p)
            if c is None:
                continue
            bond = st.vassals.get(c)
            tag = " (eliminated)" if c in st.eliminated else \
                f" (vassal of {game.names.get(bond.lord, 'no one')})" if bond else ""
            line = f"{game.names[p]}: {game.names[c]}, {st.count(c)} provinces, " \
                f"{st.daimyos(c)} Daimyō, {st.bushi(c)} Bushi{tag}"
            out.append(("§1.2", line))
        return out


KIND = ClansKind()
"""The clans kind: Shogun: Gekokujō on the 68 provinces of Japan, for 4 or 5
players. The registry finds it as `tenkatoitsu.kinds.clans.kind:KIND`."""
