"""The shogun bots on the shipped map: the heuristic finishes games of 2 to 5
seats beside random bots, answering only legal options from its own rules
of thumb; it is deterministic for its seed, quick, and reads nothing but its
seat's view: the other seats' sealed plans and hidden ronin [SC-6.2]
[SC-10.3] never change an answer. Its rules of thumb on positions made by
hand: the battles it declares and calls off, its casualties, its koku, the
ninja, Phase D conquests, the two-player split. The statistical acceptance
test (the heuristic beats random) is marked slow:
python3 -m pytest -q -m slow tests/shogun/test_bots.py"""

from __future__ import annotations

import copy
import os
import subprocess
import sys
import time
from concurrent.futures import ProcessPoolExecutor
from functools import partial

import pytest

from tenkatoitsu.bots import RandomBot
from tenkatoitsu.core.decisions import Decision, Option
from tenkatoitsu.core.driver import Driver
from tenkatoitsu.kinds.shogun.actions import plans
from tenkatoitsu.kinds.shogun.bots import BOTS, SeatContext
from tenkatoitsu.kinds.shogun.bots.heuristic import HeuristicBot
from tenkatoitsu.kinds.shogun.game import play
from tenkatoitsu.kinds.shogun.state import CASTLE, OVER
from tenkatoitsu.kinds.shogun.view import view_of
from tenkatoitsu.sim import wilson
from tests.shogun.helpers import army, needs_map, new_game, placed, position, prov

pytestmark = needs_map

MAKERS = {"random": RandomBot, "heuristic": HeuristicBot}


def attach(game, bots: dict) -> dict:
    for seat, bot in bots.items():
        bot.attach(SeatContext(seat, game.table, partial(view_of, game, seat)))
    return bots


def seated(game, kinds, seed: int = 7) -> dict:
    """A bot in each seat: `kinds` names them in seat order."""
    return attach(game, {p: MAKERS[k](seed, p) for p, k in zip(game.players, kinds)})


def run(game, bots, before=None) -> tuple[Driver, dict[str, list[float]]]:
    """The game played to its end by `bots` (seat -> bot); each seat's
    seconds per decision. `Driver.answer` refuses an illegal answer.
    `before(decision)` runs before each bot answers."""
    driver = Driver(play(game))
    times: dict[str, list[float]] = {}
    while driver.pending is not None:
        d = driver.pending
        if before is not None:
            before(d)
        t0 = time.perf_counter()
        value = bots[d.side].choose(d)
        times.setdefault(d.side, []).append(time.perf_counter() - t0)
        driver.answer(value)
    return driver, times


# ---------------------------------------------------------------- it plays

def test_the_heuristic_is_registered():
    assert BOTS["heuristic"] is HeuristicBot and HeuristicBot.name == "heuristic"
    assert BOTS["random"] is RandomBot


@pytest.mark.parametrize("n", (2, 3, 4, 5))
def test_the_heuristic_finishes_games_beside_random_with_legal_answers(n):
    """Mixed tables of every size, heuristic and random seats alternating
    (and the other way round): each game ends, every answer legal, and the
    heuristic never had to fall back on a random answer."""
    for k in range(2):
        game = new_game(n, 30 + 10 * n + k)
        kinds = [("heuristic", "random")[(i + k) % 2] for i in range(n)]
        bots = seated(game, kinds, seed=k)
        driver, _ = run(game, bots)
        assert driver.finished and game.state.phase == OVER
        assert all(b.fallbacks == 0 for b in bots.values() if isinstance(b, HeuristicBot))


def test_heuristic_bots_play_a_whole_game_together_quickly():
    """Four heuristic bots: the game ends in a few seconds (a decision in a
    few milliseconds), and they levy, hire ronin, fight, conquer."""
    game = new_game(4, 3)
    bots = seated(game, ["heuristic"] * 4)
    t0 = time.perf_counter()
    driver, times = run(game, bots)
    seconds = time.perf_counter() - t0
    assert driver.finished and game.state.winner is not None
    every = [s for v in times.values() for s in v]
    assert seconds < 20, seconds
    assert sum(every) / len(every) < 0.01
    assert max(every) < 0.5
    names = {type(e).__name__ for e in game.events}
    assert {"Levied", "RoninHired", "BattleEnded", "Conquered", "ExperienceGained"} <= names


def test_the_heuristic_is_deterministic_for_its_seed():
    answers = []
    for _ in range(2):
        game = new_game(3, 5)
        driver, _ = run(game, seated(game, ["heuristic", "random", "heuristic"]))
        answers.append(driver.answers)
    assert answers[0] == answers[1]


# ---------------------------------------------------------------- the view only

class ViewOnly:
    """A context whose only handle is a copy of the seat's view, set by the
    test before each decision: no game, no dice, no state behind it."""

    def __init__(self, seat, table):
        self.seat, self.table = seat, table
        self.shown: dict | None = None

    def view(self) -> dict:
        return copy.deepcopy(self.shown)


def test_the_heuristic_reads_nothing_but_its_view():
    """Answered from deep copies of its view, the bot plays exactly as when
    attached to the game; and replaying its answers in a fresh game of the
    same seed gives the same events: it never drew on the game's dice."""
    game = new_game(2, 34)
    bots = {p: HeuristicBot(3, p) for p in game.players}
    contexts = {p: ViewOnly(p, game.table) for p in game.players}
    for p, b in bots.items():
        b.attach(contexts[p])
    driver = Driver(play(game))
    while driver.pending is not None:
        d = driver.pending
        contexts[d.side].shown = view_of(game, d.side)
        driver.answer(bots[d.side].choose(d))
    attached = new_game(2, 34)
    driver2, _ = run(attached, attach(attached, {p: HeuristicBot(3, p)
                                                 for p in attached.players}))
    assert driver.answers == driver2.answers
    replay = new_game(2, 34)
    d3 = Driver(play(replay))
    for a in driver.answers:
        d3.answer(a)
    assert d3.finished and [e.text() for e in replay.events] == [e.text() for e in game.events]


def _hide_otherwise(game, seat) -> int:
    """Change what `seat` may not see: the other seats' sealed plans
    [SC-6.2], where their hidden ronin lie and how each card divides them
    [SC-10.3] [SC-26.3], whether another's ninja is kept to spy [SC-11.2].
    How many things it changed."""
    st, t = game.state, game.table
    changed = 0
    for h, bins in st.sealed.items():
        if t.seat_of[h] != seat and sum(bins.values()):
            keys = list(bins)
            values = [bins[k] for k in keys]
            koku = sum(values)
            st.sealed[h] = {k: (koku if k == "ninja" else 0) for k in keys} \
                if bins.get("ninja") != koku else {k: (koku if k == "levy" else 0) for k in keys}
            changed += 1
    for h, cards in st.hidden.items():
        if t.seat_of[h] == seat or not cards:
            continue
        free = [p for p in sorted(st.provinces(h)) if p not in cards]
        moved = {}
        for i, (p, x) in enumerate(cards.items()):
            x = copy.copy(x)
            x.army, x.force = x.force, x.army
            moved[free[i] if i < len(free) else p] = x
        st.hidden[h] = moved
        changed += 1
    if st.ninja is not None and t.seat_of[st.ninja] != seat:
        st.ninja_kept = not st.ninja_kept
        changed += 1
    return changed


def test_hidden_information_never_changes_an_answer():
    """At every decision of a game of heuristic bots, the deciding bot is
    asked twice from the same inner state: once with the other seats'
    sealed plans, hidden ronin and kept ninja changed, once as they are.
    The answers are the same (and the view it reads is too)."""
    game = new_game(4, 12)
    bots = seated(game, ["heuristic"] * 4)
    tried = 0

    def twice(d):
        nonlocal tried
        bot = bots[d.side]
        st = game.state
        saved = (copy.deepcopy(st.sealed), copy.deepcopy(st.hidden), st.ninja_kept)
        inner = (bot.rng.getstate(), copy.deepcopy(bot.paths))
        seen = view_of(game, d.side)
        if not _hide_otherwise(game, d.side):
            return
        assert view_of(game, d.side) == seen
        other = bot.choose(d)
        st.sealed, st.hidden, st.ninja_kept = saved
        bot.rng.setstate(inner[0])
        bot.paths = inner[1]
        probe = bot.choose(d)
        bot.rng.setstate(inner[0])
        bot.paths = copy.deepcopy(inner[1])
        assert other == probe, (d.kind, d.prompt)
        tried += 1

    driver, _ = run(game, bots, before=twice)
    assert driver.finished and tried > 50


# ---------------------------------------------------------------- rules of thumb

FAR = prov("izumo", "yellow", army(1, bowman=1), spearman=1)
BIG = {"bowman": 2, "swordsman": 2, "gunner": 4, "spearman": 6}


def front():
    """Red's strong force in Owari faces Blue's lone spearman in Mikawa and
    Blue's big army in Mino, a castle; Red's army 1 stands in Ise."""
    return placed(position(
        prov("owari", "red", spearman=5),
        prov("ise", "red", army(1, bowman=1, swordsman=1, gunner=2), spearman=1),
        prov("mikawa", "blue", spearman=1),
        prov("mino", "blue", army(1, **BIG), castle=CASTLE, spearman=3),
        FAR, players=("red", "blue", "yellow")))


def red_bot(game) -> HeuristicBot:
    return attach(game, {"red": HeuristicBot(1, "red")})["red"]


def ask(bot, kind: str, values, house: str = "red", **context):
    return bot.choose(Decision(house, kind, kind, tuple(Option(v, str(v)) for v in values),
                               "test", {"house": house, **context}))


def test_it_declares_the_battles_it_can_win():
    """[SC-14.1] Five spearmen attack the lone spearman; neither the force
    nor the small army attacks the big army behind its castle [SC-18.1]."""
    g = front()
    bot = red_bot(g)
    assert ask(bot, "declare", ["force@owari>mikawa", "force@owari>mino", "red-1>mino",
                                "done"]) == "force@owari>mikawa"
    g.state.markers = [["force@owari", "owari", "mikawa"]]
    assert ask(bot, "declare", ["red-1>mino", "force@ise>mino", "done"]) == "done"


def test_it_calls_off_a_battle_it_is_losing():
    """[SC-16.1] step 8: a daimyo with one spearman left against a big army
    and the castle's spearmen calls off; a winning attack goes on."""
    g = front()
    bot = red_bot(g)
    g.state.battle = {
        "attacker": "red", "defender": "blue", "from": "ise", "to": "mino", "troop": "red-1",
        "naval": False, "round": 1,
        "sides": [{"army": {"daimyo": 1, "spearman": 1}},
                  {"army": {"daimyo": 1, "spearman": 6, "gunner": 4},
                   "force": {"spearman": 3}, "bonus": {"spearman": 4}}]}
    assert ask(bot, "call-off", ["continue", "call off"], battle="mino") == "call off"
    g.state.battle["sides"] = [{"army": {"daimyo": 1, "spearman": 6, "bowman": 2}},
                               {"force": {"spearman": 1}}]
    assert ask(bot, "call-off", ["continue", "call off"], battle="mino") == "continue"


def test_it_removes_the_cheapest_casualties_first():
    """[SC-17.1] Ronin, then spearmen, gunners, swordsmen, bowmen; the
    daimyo only when nothing else is left (as the rules force [SC-17.4])."""
    g = front()
    bot = red_bot(g)
    left = ["army:bowman", "army:swordsman", "army:gunner", "army:spearman", "army:ronin"]
    removed = []
    while left:
        pick = ask(bot, "casualty", left, battle="mino", hits=1)
        removed.append(pick)
        left.remove(pick)
    assert removed == ["army:ronin", "army:spearman", "army:gunner", "army:swordsman",
                       "army:bowman"]


def test_it_conquers_the_empty_province_next_door():
    """[SC-21.7] In Phase D a spare spearman walks into an empty province
    rather than to a province already held."""
    g = front()
    st = g.state
    st.owner["mikawa"], st.force["mikawa"]["spearman"] = None, 0
    bot = red_bot(g)
    assert ask(bot, "move-force", ["spearman:owari>ise", "spearman:owari>mikawa",
                                   "done"]) == "spearman:owari>mikawa"


def test_it_plans_its_koku_for_a_purpose():
    """[SC-6.2] Few koku: a sword bid (a battle is ready) and a levy, no
    castle; plenty: a castle where its army is exposed [SC-8.1] as well,
    and ronin for the battle to come [SC-10]."""
    g = front()
    bot = red_bot(g)
    swords, build, levy, ronin, ninja = ask(bot, "plan", [o.value for o in plans(3)], koku=3)
    assert build == 0 and levy >= 1 and swords + levy + ronin + ninja == 3
    swords, build, levy, ronin, ninja = ask(bot, "plan", [o.value for o in plans(9)], koku=9)
    assert build == 2 and levy >= 1 and ronin >= 1
    assert ask(bot, "build", ["castle:owari", "castle:ise"]) == "castle:ise"


def test_the_ninja_strikes_the_army_coming_at_it():
    """[SC-11.5] Blue's army has declared a battle on Red's Ise: Red's ninja
    strikes it; at the end of the round, with no experienced army to set
    back, he is kept to spy [SC-11.11]."""
    g = front()
    st = g.state
    st.ninja, st.ninja_round = "red", st.round
    st.current, st.step, st.markers = "blue", "B", [["blue-1", "mino", "ise"]]
    bot = red_bot(g)
    options = ["pass", "keep", "blue-1", "yellow-1"]
    assert ask(bot, "ninja", options, when="before Blue's battles") == "blue-1"
    st.current, st.step, st.markers = None, "Wage War", []
    assert ask(bot, "ninja", options, when="after Wage War") == "keep"


def test_it_levies_onto_its_army_at_the_front():
    """[SC-9.4] One unit a province: a spearman goes onto the army in Ise
    (the front) before the force in Owari."""
    g = front()
    bot = red_bot(g)
    assert ask(bot, "levy", ["spearman@owari", "spearman@ise", "spearman@red-1", "done"],
               koku=2, picked=[]) == "spearman@red-1"


def _pieces(game, house) -> int:
    """How many connected pieces the provinces of `house` make."""
    mine = {p for p, o in game.state.owner.items() if o == house}
    seen, pieces = set(), 0
    for p in mine:
        if p in seen:
            continue
        pieces += 1
        stack = [p]
        seen.add(p)
        while stack:
            x = stack.pop()
            for y in game.table.neighbours[x]:
                if y in mine and y not in seen:
                    seen.add(y)
                    stack.append(y)
    return pieces


def test_the_two_player_split_keeps_provinces_together():
    """[SC-24.2] [SC-24.3] Splitting a pile of 34 into two colour sets, the
    heuristic groups adjacent provinces: far fewer pieces than a random split."""
    count = {}
    for kind in ("heuristic", "random"):
        pieces = []
        for seed in range(4):
            game = new_game(2, seed)
            bots = seated(game, [kind, kind], seed)
            driver = Driver(play(game))
            while driver.pending.kind != "plan":
                driver.answer(bots[driver.pending.side].choose(driver.pending))
            pieces += [_pieces(game, h) for h in game.table.houses]
        count[kind] = sum(pieces) / len(pieces)
    assert count["heuristic"] < 0.6 * count["random"], count


# ---------------------------------------------------------------- acceptance (slow)

def duel(index: int) -> float:
    """Game `index` of heuristic against random on two seats, the
    heuristic's seat rotating: 1 if it wins, a half for a draw."""
    game = new_game(2, 10_000 + index)
    me = game.players[index % 2]
    other = game.players[1 - index % 2]
    bots = attach(game, {me: HeuristicBot(index, me), other: RandomBot(index, other)})
    run(game, bots)
    return 1.0 if game.state.winner == me else 0.5 if game.state.winner is None else 0.0


@pytest.mark.slow
def test_the_heuristic_beats_random():
    games = 100
    with ProcessPoolExecutor(max_workers=2) as pool:
        results = list(pool.map(duel, range(games)))
    wins = sum(results)
    lo, hi = wilson(round(wins), games)
    print(f"heuristic vs random, two seats: {wins / games:.3f} [{lo:.3f}, {hi:.3f}]")
    assert wins / games >= 0.9


def test_the_heuristic_plays_the_same_game_in_any_process():
    """Same seed, same answers, whatever Python's hash seed: nothing the bot
    decides depends on the order of a set."""
    code = ("import sys; from tenkatoitsu.cli import main; "
            "sys.exit(main(['play', 'shogun', '--bots', 'heuristic,heuristic,heuristic', "
            "'--seed', '11', '--json']))")
    outs = []
    for hash_seed in ("0", "1"):
        env = dict(os.environ, PYTHONHASHSEED=hash_seed)
        run = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                             env=env, timeout=120)
        assert run.returncode == 0, run.stderr
        outs.append(run.stdout)
    assert outs[0] == outs[1]
