"""What a seat may not read [5.3] [10.1] [10.2] [21.4.3]: the opponent's
battle plan until a tactic or an ability reveals it, the CP he saves toward
it, his orders when they are hidden, Tokugawa's pledges. A game with hidden
orders is played through the terminal (one human seat, scripted answers) and
through `log --viewer`, and their output is searched for the opponent's
secrets; the GUI's log panel has the same search in tests/gui/test_log_secrets.py."""

import io
import re

import pytest
from helpers import ScriptedDice

from tenkatoitsu.cli import main
from tenkatoitsu.core.events import Event
from tenkatoitsu.kinds.battle import events as ev
from tenkatoitsu.kinds.battle.game import Game, Options
from tenkatoitsu.kinds.battle.rules import orders
from tenkatoitsu.kinds.battle.scenario import model as m
from tenkatoitsu.kinds.battle.scenario_rules.sekigahara_betrayal import PledgesWritten
from tenkatoitsu.session import Session, bots_for
from tenkatoitsu.terminal import Terminal

#: every event a side keeps from the other, and the rule that makes it secret
SECRET_EVENTS = {
    ev.PlanChosen: "10.1", ev.PlanCpSaved: "10.2",
    ev.HiddenOrderChanged: "5.3", ev.HiddenOrderChangeFailed: "5.3",
    PledgesWritten: "21.4.3",
}
ME, THEM = "oda", "asai"  # the human seat and the opponent in the games below
SEED = 1  # a training game in which asai saves CP and changes hidden orders


def _subclasses(cls):
    for sub in cls.__subclasses__():
        yield sub
        yield from _subclasses(sub)


def test_every_secret_event_class_is_marked_secret():
    battle = {c for c in _subclasses(Event) if c.__module__.startswith("tenkatoitsu.kinds.battle")
              and not c.__name__.startswith("_")}
    secret = {c for c in battle if c.visible_to is not Event.visible_to}
    assert secret == set(SECRET_EVENTS)
    for cls, rule in SECRET_EVENTS.items():
        e = cls(rule=rule, side=THEM)
        assert e.visible_to(THEM) and e.visible_to(None)  # None: a finished game's log
        assert not e.visible_to(ME)


def test_5_3_hidden_orders_change_behind_the_honjin(training):
    g = Game(training, seed=7, options=Options(hidden_orders=True))
    g.set_order("1", m.Order.ATTACK, "8.1")
    changed = g.events[-1]
    assert isinstance(changed, ev.HiddenOrderChanged) and changed.side == THEM
    assert changed.visible_to(THEM) and not changed.visible_to(ME)
    g.dice = ScriptedDice(g, [1])
    assert orders.attempt(g, "2", m.Order.ATTACK) == (False, 1)
    die, failed = g.events[-2:]
    assert die.purpose == "order change of clan 2"  # the die is open, the order wanted is not
    assert isinstance(failed, ev.HiddenOrderChangeFailed) and not failed.visible_to(ME)
    # open orders: the change is everyone's
    g = Game(training, seed=7)
    g.set_order("1", m.Order.ATTACK, "8.1")
    assert type(g.events[-1]) is ev.OrderChanged and g.events[-1].visible_to(ME)


def hidden_facts(events, viewer=ME) -> list[str]:
    """The lines `viewer` must not read: the opponent's secret events."""
    return [f"[{e.rule}] {e.text()}" for e in events if not e.visible_to(viewer)]


#: the opponent's CP saved read through his activation roll [10.2], and the
#: order his clan wanted read through the die's purpose [5.3]
LEAKS = re.compile(rf"{THEM} .*activate the battle plan.*\d+ CP|"
                   r"order change of clan [0-9] to [a-z]+\)")


def assert_no_secret(text: str, facts: list[str]) -> None:
    for fact in facts:
        assert fact.split("] ", 1)[1] not in text, f"leaked: {fact}"
    assert not LEAKS.search(text), LEAKS.search(text).group(0)


@pytest.fixture(scope="module")
def terminal_game():
    """A training game with hidden orders: oda at the terminal, asai a bot."""
    session = Session.start("training", seed=SEED, options={"hidden_orders": True})
    out = io.StringIO()
    term = Terminal(session, {ME}, bots_for(session, "random", SEED),
                    stdin=io.StringIO("1\n" * 20000), stdout=out)
    assert term.run() == 0
    return session, out.getvalue()


def test_10_1_terminal_play_shows_no_secret_of_the_opponent(terminal_game):
    session, out = terminal_game
    events = session.game.events
    facts = hidden_facts(events)
    kinds = {f.split("] ", 1)[0] for f in facts}
    assert {"[10.1", "[10.2"} <= kinds and any("order" in f for f in facts)  # all three kinds
    playing, _, over = out.rpartition(f"{ME}> ")  # up to the human's last answer
    assert_no_secret(playing, facts)
    assert f"{ME} secretly chooses" in playing  # his own secret is his to read
    # the game is over: both plans are shown [10.1]
    theirs = next(e for e in events if isinstance(e, ev.PlanChosen) and e.side == THEM)
    plan = next(p for p in session.game.scenario.battle_plans() if p.id == theirs.plan)
    assert f"Asai Nagamasa: plan {plan.name}" in over.rsplit("game over:", 1)[1]


def test_10_1_log_viewer_shows_no_secret_of_the_opponent(terminal_game, tmp_path, capsys):
    session, _ = terminal_game
    save = tmp_path / "hidden.json"
    session.save(save)
    capsys.readouterr()
    assert main(["log", str(save), "--viewer", ME]) == 0
    mine = capsys.readouterr().out
    assert_no_secret(mine, hidden_facts(session.game.events))
    assert f"{ME} secretly chooses" in mine
    assert main(["log", str(save)]) == 0  # the whole log of a finished game
    full = capsys.readouterr().out
    assert all(f in full for f in hidden_facts(session.game.events))


def test_10_1_the_plan_is_never_revealed_without_a_tactic_or_ability(terminal_game):
    # [10.1] a secret "until a player uses a tactic or one of the special
    # activities": asai's plan never became active, so nothing reveals it
    # while the game lasts; only the end of the game shows it (above)
    session, _ = terminal_game
    h = session.game.state.honjins[THEM]
    assert not h.plan_active and not h.plan_revealed
    assert not any(isinstance(e, ev.PlanRevealed) and e.side == THEM
                   for e in session.game.events)


def test_hot_seat_terminal_prints_nobody_s_secrets_when_it_stops():
    # two humans at one screen: what is printed for no seat in particular
    # (the events after the last answer, when a player quits) is public
    session = Session.start("training", seed=SEED, options={"hidden_orders": True})
    bots = bots_for(session, "random", SEED)
    for _ in range(150):
        session.driver.answer(bots[session.player_to_answer()].choose(session.driver.pending))
    out = io.StringIO()
    term = Terminal(session, {ME, THEM}, {}, stdout=out)
    term.new_events(term.viewer())
    events = session.game.events
    assert hidden_facts(events, ME) and hidden_facts(events, THEM)
    assert_no_secret(out.getvalue(), hidden_facts(events, ME) + hidden_facts(events, THEM))
