"""Test helpers: scripted dice, answer-list driving, placing units."""

from __future__ import annotations

from tenkatoitsu.core.events import DieRolled
from tenkatoitsu.hexmap import Hex


class DiceFaces:
    """d6 and 2D6 from a scripted `roll(n, purpose, rule, ...)`."""

    def d6(self, purpose, rule, **kw):
        return self.roll(1, purpose, rule, **kw)[0]

    def two_d6(self, purpose, rule, **kw):
        return sum(self.roll(2, purpose, rule, **kw))


class ScriptedDice(DiceFaces):
    """Dice that return the values a test gives, in order, and record them as
    events like the real ones. `picks` scripts draws from the Bowl by chit."""

    def __init__(self, game, values=(), picks=()):
        self.game = game
        self.values = list(values)
        self.picks = list(picks)
        self.seed = 0

    def roll(self, n, purpose, rule, *, colour=None, side=None):
        faces = tuple(self.values.pop(0) for _ in range(n))
        self.game.emit(DieRolled(rule=rule, purpose=purpose, dice=faces, colour=colour, side=side))
        return faces

    def shuffle_pick(self, items, purpose, rule):
        want = self.picks.pop(0)
        assert want in items, f"{want} not in {items}"
        return want


def run(gen, answers=()):
    """Drive a rule generator with a list of answers; returns (result, decisions seen)."""
    answers = list(answers)
    seen = []
    try:
        decision = next(gen)
        while True:
            seen.append(decision)
            value = answers.pop(0) if answers else decision.options[0].value
            decision.check(value)
            decision = gen.send(value)
    except StopIteration as stop:
        return stop.value, seen


def drive_bot(gen, bot):
    """Run a rule generator with a bot answering; returns the (kind, answer) pairs."""
    seen = []
    try:
        d = next(gen)
        while True:
            value = bot.choose(d)
            seen.append((d.kind, value))
            d = gen.send(value)
    except StopIteration:
        return seen


def place(game, uid, hex_id):
    """Put a unit on a hex (or off the map with None), keeping the occupancy index."""

    game._lift(uid)
    if hex_id is None:
        game.state.units[uid].hex = None
        game.version += 1
    else:
        game._drop(uid, Hex.from_id(hex_id))


def siege_game(*changes):
    """training.tks in its `siege` variant [15] (Yokoyama besieged), with each
    (old, new) text replacement applied to the file first."""
    from conftest import SCENARIOS
    from tenkatoitsu.kinds.battle.game import Game
    from tenkatoitsu.kinds.battle.load import load_file, load_text

    path = SCENARIOS / "training.tks"
    if not changes:
        res = load_file(path)
    else:
        text = path.read_text(encoding="utf-8")
        for old, new in changes:
            assert old in text
            text = text.replace(old, new)
        res = load_text(text, path.with_name("training-siege-test.tks"))
    assert res.ok, res.diagnostics
    return Game(res.document, variants=("siege",), seed=1)


SIEGE_FORTRESS = "yokoyama"  # the fortress of training.tks's `siege` variant


def besiege(game, units=("B1",), markers=None, manpower=None, ooc=None):
    """B's units charge into Yokoyama (a siege game); then the siege tracks and
    Control markers as given."""
    keep = Hex.from_id("0311")
    for u in units:
        start = game.state.units[u].hex
        path = [start, keep] if start.is_adjacent(keep) else [start, Hex.from_id("0312"), keep]
        game.move(u, path, "charge", "6.3")
    s = game.state.sieges[SIEGE_FORTRESS]
    s.pending.clear()
    if markers is not None:
        s.markers = {a: list(v) for a, v in markers.items()}
    s.manpower.update(manpower or {})
    s.out_of_combat.update(ooc or {})
    return s


def heuristic_bot(game, side, level="normal", seed=1):
    """A heuristic bot of `side` attached to `game` (it sees its PlayerView)."""
    from tenkatoitsu.kinds.battle.heuristic import BotContext, HeuristicBot

    bot = HeuristicBot(seed, side, level)
    bot.attach(BotContext(game, side))
    return bot


def bot_game(scenario, bots_by_side, seed, variants=(), hidden=False, check=None,
             max_decisions=20_000):
    """A whole game of `scenario` between the named bots, to the end; `check(game,
    bot, decision)` is called before each answer. Every decision must have options."""
    from tenkatoitsu.kinds.battle.bots import attach_bots, make_bot
    from tenkatoitsu.kinds.battle.game import Game, Options
    from tenkatoitsu.kinds.battle.play import play
    from tenkatoitsu.core.driver import Driver

    g = Game(scenario, variants=variants, seed=seed, options=Options(hidden_orders=hidden))
    bots = {s: make_bot(n, seed, s) for s, n in zip(g.side_ids, bots_by_side)}
    attach_bots(g, bots)
    d = Driver(play(g))
    n = 0
    while not d.finished:
        dec = d.pending
        assert dec.options, f"dead end at {dec.kind}"
        bot = bots[dec.side or g.side_ids[0]]
        if check is not None:
            check(g, bot, dec)
        d.answer(bot.choose(dec))
        n += 1
        assert n < max_decisions
    assert g.state.over
    return g
