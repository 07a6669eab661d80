"""A castles scenario built in Python (the board of the rules' design notes,
the box's components), and a game driven from a set-up position, for rule
tests that do not go through the scenario language."""

from __future__ import annotations

from tenkatoitsu.areamap import Area, AreaMap, link
from tenkatoitsu.core.driver import Driver
from tenkatoitsu.core.events import DieRolled
from tenkatoitsu.kinds.castles.game import Game, play, play_card
from tenkatoitsu.kinds.castles.scenario.model import (
    KYO,
    Card,
    CastlesScenario,
    SeatDef,
    VariantDef,
)
from tenkatoitsu.kinds.castles.table import Options

AREAS = ("usuki", "oko", "shuri", "yoshida", "kyo", "kasugayama", "kiyosu",
         "tsutsujigasaki", "yonezawa", "odawara", "tokuyama")
SEA = ((0, 1), (0, 2), (0, 3), (1, 3), (1, 4), (8, 10))
LAND = ((3, 4), (4, 5), (4, 6), (5, 6), (5, 7), (6, 7), (6, 9), (7, 8), (7, 9), (8, 9))
TACTICS = ("scout", "over-the-mountain", "marine", "sub-squad", "ninja", "entering-kyo",
           "support", "rebel", "exile", "prisoner", "decoy", "retreat")
DAIMYO = ("uesugi", "oda", "chosokabe", "takeda", "mori", "otomo")
SEATS = ("red", "blue", "yellow", "black")


def scenario() -> CastlesScenario:
    board = AreaMap([Area(a, a.title(), KYO if a == "kyo" else (), pos=(i, i))
                     for i, a in enumerate(AREAS)],
                    [link(AREAS[i], AREAS[j], "sea") for i, j in SEA]
                    + [link(AREAS[i], AREAS[j], "land") for i, j in LAND])
    return CastlesScenario(
        "test castles", "test.tks", board,
        tuple(SeatDef(s, s.title(), "#000000") for s in SEATS),
        tactics=tuple(Card(c, c, c, f"5.{i + 1}") for i, c in enumerate(TACTICS)),
        daimyo=tuple(Card(c, c, c, "5.D") for c in DAIMYO),
        variants=(VariantDef("daimyo", "daimyo"),))


def new_game(n: int = 3, seed: int = 1, variants=(), **options) -> Game:
    return Game(scenario(), players=SEATS[:n], variants=variants, seed=seed,
                options=Options(**options))


def start(game: Game) -> Driver:
    return Driver(play(game))


def clear(game: Game) -> None:
    """An empty map and full stocks, for placing a position by hand."""
    st = game.state
    for a in st.soldiers:
        st.soldiers[a] = {}
        st.white[a] = {}
    for p in game.players:
        st.stock[p] = game.table.soldiers


# ---- added for the rule tests (test_setup/deployment/tactics/daimyo/war/faq/properties)

#: castle values by board order, for hand-made positions: usuki 2, oko 3,
#: shuri 4, yoshida 5, kyo 6, kasugayama 7, kiyosu 8, tsutsujigasaki 9,
#: yonezawa 10, odawara 11, tokuyama 12
VALUES = {a: i + 2 for i, a in enumerate(AREAS)}


def fixed_castles(game: Game) -> None:
    """Put the Large Castle Tokens in board order (VALUES)."""
    game.state.castle = dict(VALUES)


def put(game: Game, where: dict, daimyo: dict | None = None) -> None:
    """After `clear`: soldiers by hand ({area: {seat: n}}), taken from the
    stocks so that every piece is still counted; `daimyo` {seat: area} puts
    daimyo meeples on the map."""
    st = game.state
    for area, counts in where.items():
        for seat, n in counts.items():
            if n:
                st.soldiers[area][seat] = st.soldiers[area].get(seat, 0) + n
                st.stock[seat] -= n
                assert st.stock[seat] >= 0, f"{seat} has not {n} more soldiers"
    for seat, area in (daimyo or {}).items():
        st.daimyo_at[seat] = area
        st.daimyo_in_stock[seat] = False


class ScriptedDice:
    """Dice that roll the faces a test gives, in order (and record them as
    the game's dice do); once those are used, the game's own dice roll on."""

    def __init__(self, game: Game, rolls):
        self.rolls = [tuple(r) for r in rolls]
        self.emit = game.emit
        self.then = game.dice

    def roll(self, n, purpose, rule, *, colour=None, side=None):
        if not self.rolls:
            return self.then.roll(n, purpose, rule, colour=colour, side=side)
        faces = self.rolls.pop(0)
        assert len(faces) == n
        self.emit(DieRolled(rule=rule, purpose=purpose, dice=faces, colour=colour, side=side))
        return faces


def script_dice(game: Game, *rolls) -> ScriptedDice:
    game.dice = ScriptedDice(game, rolls)
    return game.dice


def card(game: Game, seat: str, action: str) -> Driver:
    """A card played on the position as it stands, step by step: the
    driver's pending decisions are its card-target questions."""
    return Driver(play_card(game, seat, action))


def card_through(game: Game, seat: str, action: str, *answers) -> Driver:
    """Play a card answering its questions in order; it must be done then."""
    d = card(game, seat, action)
    for a in answers:
        assert d.pending is not None, f"no question left for {a!r}"
        d.answer(a)
    assert d.finished, d.pending
    return d


def table(n: int = 3, variants=(), every_card: bool = True, **options) -> Game:
    """A game on an empty map, castles in board order (VALUES), and with
    `every_card` every tactic card face up."""
    g = new_game(n, seed=1, variants=variants, **options)
    fixed_castles(g)
    clear(g)
    if every_card:
        g.state.display = list(TACTICS)
    return g


def soldiers(game: Game) -> dict:
    """The soldiers on the map, area by area (areas without any left out)."""
    return {a: dict(v) for a, v in game.state.soldiers.items() if v}
