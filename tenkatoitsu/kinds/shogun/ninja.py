"""The ninja's missions [SC-11.3]: an assassination in the round he was
hired (never in round 1 [SC-11.4]), or spying in the next round's Plan
(planning.py). He may strike "at any time" [SC-11.5]; the rules offer him
windows [SC-26.4]: before each Wage War turn, between Phases B and C, before
each battle (an option), and after the last Wage War turn. The holder may
also keep him for spying, which ends the windows."""

from __future__ import annotations

from tenkatoitsu.core.decisions import Option
from tenkatoitsu.kinds.shogun import events as ev
from tenkatoitsu.kinds.shogun.asking import ask
from tenkatoitsu.kinds.shogun.limits import ronin_limit

PASS, KEEP = "pass", "keep"


def can_strike(st) -> bool:
    return st.ninja is not None and st.ninja_round == st.round and st.round > 1 \
        and st.ninja not in st.eliminated and not st.ninja_kept


def targets(g, h) -> list:
    """[SC-11.5] Any opponent's daimyo on the board, not already struck."""
    t, st = g.table, g.state
    return [a for o in t.houses if o not in t.allies(h) and o not in st.eliminated
            for a in st.living(o) if not a.assassinated]


def window(g, when: str):
    """One chance for the ninja's holder to strike."""
    st = g.state
    if not can_strike(st):
        return
    h = st.ninja
    marks = targets(g, h)
    if not marks:
        return
    options = [Option(PASS, "not now"), Option(KEEP, "keep him to spy next round")] + [
        Option(a.id, f"strike {g.names.get(a.id, a.id)} in {g.names.get(a.at, a.at)}")
        for a in marks]
    answer = yield from ask(g, h, "ninja", f"the ninja waits ({when}): strike?", options,
                            "SC-11.5", {"when": when})
    if answer == PASS:
        return
    if answer == KEEP:
        st.ninja_kept = True
        return
    yield from strike(g, h, st.army(answer))


def strike(g, h: str, target):
    """[SC-11.6] A d12 of 8 or less assassinates; else [SC-11.7] revenge."""
    t, st = g.table, g.state
    c = t.components
    roll = g.dice.roll(1, "assassination", "SC-11.6", side=h, faces=12)[0]
    ok = roll <= c.assassin
    st.ninja = None  # back to the master tray either way
    g.emit(ev.Assassination("SC-11.6", h, target.id, roll, ok))
    if ok:
        assassinate(g, target, h)
        return
    victim = target.house
    roll = g.dice.roll(1, "revenge", "SC-11.7", side=victim, faces=12)[0]
    chosen = ""
    if roll >= c.revenge:
        mine = [a for a in st.living(h) if not a.assassinated]
        if mine:
            chosen = yield from ask(g, victim, "revenge", "your revenge: which of the hirer's "
                                    "daimyos is assassinated?",
                                    [Option(a.id, f"{g.names.get(a.id, a.id)} in "
                                                  f"{g.names.get(a.at, a.at)}") for a in mine],
                                    "SC-11.7")
            assassinate(g, st.army(chosen), victim)
    g.emit(ev.Revenge("SC-11.7", victim, h, roll, chosen))


def assassinate(g, army, by: str) -> None:
    """[SC-11.8] The daimyo on its side: its army is disrupted for the round.
    [SC-26.5] He no longer counts for the ronin limit: ronin over it leave."""
    army.assassinated = True
    army.assassin = by
    over = army.ronin - ronin_limit(army.military())
    if over > 0:
        army.ronin -= over
        g.state.ronin_supply += over
        g.emit(ev.RoninRevealed("SC-10.9", army.house, army.at, army.ronin, 0, over))
