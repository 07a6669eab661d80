"""Properties of whole clans games (hypothesis): random seeds, 4 or 5
players, the random bot at every seat, a few rounds. Checked at every
decision: the pieces of the box [§2.1] (69 Bushi and 3 Daimyō a clan, never
a negative count, a Daimyō never comes back, 30 Ronin, on the board only in
a battle [§6.2.4]) and the stack limit after every move [§6.1]; Koku never
negative [§4.2] and every Koku accounted for by a logged event; a game is
its seed and its bots (same event digest); what each seat sees: no other
clan's Koku [§2.1] and no covert ninja's holder before he strikes [§9.1],
and exactly the other seats' sealed events hidden from it; a victory only
at the end of a phase [§1.1.2] by a free clan meeting its condition [§1.2]
[§1.3] [§8.1.1]."""

from __future__ import annotations

from collections import Counter

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as hs

from tenkatoitsu.core.driver import Driver
from tenkatoitsu.kinds.clans import events as ev
from tenkatoitsu.kinds.clans.game import play
from tenkatoitsu.kinds.clans.kind import KIND
from tenkatoitsu.kinds.clans.outcome import MANDATE_WIN, PROVINCE_WIN
from tests.clans.helpers import new_game

games = {"seed": hs.integers(0, 2**31 - 1), "n": hs.sampled_from((4, 5)),
         "rounds": hs.integers(3, 8)}
quick = settings(max_examples=10, deadline=None,
                 suppress_health_check=[HealthCheck.too_slow])

#: the Koku every event moves: + into a treasury, - out of it
SPENT = (ev.Recruited, ev.CastleBuilt, ev.CastleFortified, ev.NinjaSentOut,
         ev.NinjaHiredCovertly, ev.RoninJoined, ev.RerollBought)


def play_random(seed: int, n: int, rounds: int, check=None, on_event=None):
    """A whole game of random bots; `check(g, decision)` before every answer
    and once at the end (decision None); `on_event(g, event)` as each
    event happens."""
    g = new_game(n, seed, round_limit=rounds)
    bots = {s: KIND.bots["random"](seed, s) for s in g.players}
    KIND.attach_bots(g, bots)
    if on_event is not None:
        g.listeners.append(lambda e: on_event(g, e))
    d = Driver(play(g))
    while d.pending is not None:
        if check is not None:
            check(g, d.pending)
        d.answer(bots[d.pending.side].choose(d.pending))
    if check is not None:
        check(g, None)
    return g, d


def koku_flow(events) -> Counter:
    """Each clan's treasury as the events tell it: the starting Koku
    [§2.3], income [§4.1], and every cost paid."""
    flow = Counter()
    for e in events:
        if isinstance(e, ev.ClansPlaced):
            for c in e.homes:
                flow[c] += e.koku
        elif isinstance(e, ev.IncomeCollected):
            flow[e.clan] += e.amount
        elif isinstance(e, ev.CostPaid):
            flow[e.clan] -= e.amount
        elif isinstance(e, SPENT):
            flow[e.clan] -= e.cost
        elif isinstance(e, ev.FundDeposited):
            flow[e.clan] -= e.amount
    return flow


# ---------------------------------------------------------------- (a) the pieces

@quick
@given(**games)
def test_pieces_of_the_box_are_conserved(seed, n, rounds):
    """[§2.1] At most 69 Bushi and 3 Daimyō of a clan on the board, no
    negative count, a Daimyō never returns; the 30 Ronin are never exceeded
    and stand on the board only during a battle [§6.2.4]; [§6.1] no move
    ends with more than 7 of a player's units in a province."""
    last_daimyo: dict[str, int] = {}

    def check(g, decision):
        st, comp = g.state, g.table.components
        if st.phase == "draft":
            return
        on_board_ronin = 0
        for p, clans in st.units.items():
            for c, units in clans.items():
                assert all(v >= 0 for v in units.values()), (p, c, units)
                on_board_ronin += units.get("ronin", 0)
        if st.battle is None:
            assert on_board_ronin == 0
        assert st.ronin_supply >= 0 and st.ronin_supply + on_board_ronin <= comp.ronin
        for c in st.clans:
            assert st.bushi(c) <= comp.unit("bushi").count
            d = st.daimyos(c)
            assert d <= comp.unit("daimyo").count and d <= last_daimyo.get(c, 3)
            last_daimyo[c] = d

    def after_move(g, e):
        if isinstance(e, ev.UnitsMoved):
            assert g.state.stack(e.to, e.clan) <= g.table.components.stack_limit, e

    play_random(seed, n, rounds, check, after_move)


# ---------------------------------------------------------------- (b) Koku

@quick
@given(**games)
def test_koku_never_negative_and_every_koku_logged(seed, n, rounds):
    """[§4.2] No clan goes into debt; every change of a treasury is an
    event: start, income, upkeep, supply, recruits, the ninja, castles,
    fortifications, Ronin, the Ōtomo re-roll and the Liberation Fund."""

    def check(g, decision):
        st = g.state
        if st.phase == "draft":
            return
        assert all(k >= 0 for k in st.koku.values()), st.koku
        if decision is not None and decision.kind == "ninja-target":
            return  # the field operation's 3 Koku are paid, its event waits for the target
        flow = koku_flow(g.events)
        assert {c: st.koku[c] for c in st.clans} == {c: flow[c] for c in st.clans}

    play_random(seed, n, rounds, check)


# ---------------------------------------------------------------- (c) determinism

@settings(max_examples=5, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(**games)
def test_a_game_is_its_seed_and_its_bots(seed, n, rounds):
    """The same seed and the same bots give the same answers and the same
    event digest."""
    g1, d1 = play_random(seed, n, rounds)
    g2, d2 = play_random(seed, n, rounds)
    assert d1.answers == d2.answers
    assert g1.digest.hexdigest() == g2.digest.hexdigest()
    assert g1.digest.count == len(g1.events) == len(g2.events)


# ---------------------------------------------------------------- (d) what a seat sees

def covert(g):
    """The covert ninja's clan while he has not struck [§9.1], else None."""
    n = g.state.ninja
    return n.holder if n is not None and n.mission == "assassination" and not n.used else None


@quick
@given(**games)
def test_each_seat_sees_only_what_it_may(seed, n, rounds):
    """[§2.1] Another clan's Koku is behind its screen; [§9.1] the covert
    ninja's holder shows to no other seat before he strikes, nor his hire's
    event; every event hidden from a seat is another seat's sealed one."""

    def check(g, decision):
        st = g.state
        if st.phase == "draft":
            return
        holder = covert(g)
        for seat in g.players:
            v = KIND.view(g, seat)
            mine = st.clan_of.get(seat)
            for c, d in v["clans"].items():
                if c != mine:
                    assert d["koku"] is None, (seat, c)
                else:
                    assert d["koku"] == st.koku[c]
            if holder is not None and holder != mine:
                ninja = v["ninja"]
                assert ninja is None or (ninja["holder"] is None and ninja["mission"] is None)
        if decision is not None and decision.kind == "ninja":
            assert decision.context.get("sealed")

    g, _ = play_random(seed, n, rounds, check)
    for seat in g.players:
        hidden = [e for e in g.events if not e.visible_to(seat)]
        sealed = [e for e in g.events if isinstance(e, ev.NinjaHiredCovertly) and e.seat != seat]
        assert hidden == sealed
        for e in g.events:
            if isinstance(e, ev.NinjaHiredCovertly):
                assert e.seat == g.state.seat_of[e.clan]


# ---------------------------------------------------------------- (e) the end

@quick
@given(**games)
def test_a_victory_comes_at_the_end_of_a_phase_to_a_free_clan(seed, n, rounds):
    """[§1.1.2] Victory is checked at the end of a phase; [§1.2] province
    control or [§1.3] the Mandate; [§8.1.1] never a vassal's."""
    g, _ = play_random(seed, n, rounds)
    (won,) = g.events[-1:]
    assert isinstance(won, ev.GameWon)
    st = g.state
    if won.level in (PROVINCE_WIN, MANDATE_WIN):
        assert any(f"({s})" in won.rule for s in ("§4", "§5", "§6", "§7"))
        assert st.free(won.winner)
        if won.level == PROVINCE_WIN:
            assert st.count(won.winner) >= g.table.victory_target()
        else:
            assert all(st.controller(p) == won.winner for p in g.table.mandate)
