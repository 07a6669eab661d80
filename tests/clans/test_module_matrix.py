"""The matrix of the modules [§10.0]: the Path of Glory and the Emperor's
Favor refused together, the Nanban Trade refused without Specialized
Warfare (by `Game(...)` and by `tenkatoitsu play clans --variant ...`, a
one-line message and no traceback), everything else accepted [§10.0-a]
[§10.0-c]; and a smoke test: random bots play 4- and 5-seat games to the
end with each module alone, the v83 edition, the three recommended
packages [§10.0-b] and v83 with every compatible module, each saved and
replayed to the same event digest, with at every decision no negative
Koku, no stack over the limit [§6.1] [§10.1.2-b], every Koku accounted for
by an event, and no seat's view showing another's Koku [§2.1] or a sealed
event of another seat (a pact's fist [§10.1.4-b], stored rice [§10.3.1],
the covert ninja [§9.1])."""

from __future__ import annotations

import subprocess
import sys
from collections import Counter

import pytest

from tenkatoitsu import session as sessions
from tenkatoitsu.kinds.clans import events as ev
from tenkatoitsu.kinds.clans import module_events as mev
from tenkatoitsu.kinds.clans.kind import KIND
from tenkatoitsu.kinds.clans.table import Options
from tenkatoitsu.kinds.contract import VariantError
from tests.clans.helpers import ROOT, SEATS, new_game

V83 = "v83"
PP, SW, RW, PG, IK, NB, EF = ("political-play", "specialized-warfare", "rice-and-war",
                              "path-of-glory", "ikko-ikki", "nanban-trade", "emperors-favor")
COMPATIBLE = (V83, PP, SW, RW, IK, NB)

# ---------------------------------------------------------------- §10.0 the matrix


def test_path_of_glory_and_the_emperors_favor_are_refused_together():
    """[§10.0-a] TF-10.4-2: two conflicting sudden-death victories, "never
    combine them", in any company."""
    for extra in ((), (V83,), COMPATIBLE):
        with pytest.raises(VariantError, match="path-of-glory.*emperors-favor"):
            new_game(4, variants=(PG, EF, *extra))


def test_the_nanban_trade_needs_specialized_warfare():
    """[§10.0-a] [§10.6-a] The Nanban Trade requires Specialized Warfare
    (it brings the Arquebusiers); it is never added for the player."""
    for extra in ((), (V83, RW), (PP, EF)):
        with pytest.raises(VariantError, match="nanban-trade.*specialized-warfare"):
            new_game(4, variants=(NB, *extra))
    assert set(new_game(4, variants=(NB, SW)).variants) == {NB, SW}


def test_every_other_combination_is_accepted():
    """[§10.0-a] [§10.0-c] Specialized Warfare with the Cycle of Rice and
    War is only "high complexity" (a warning, not a refusal); each module
    works with either edition; v83 with every compatible module and either
    sudden-death module."""
    for variants in ((SW, RW), (V83,) + COMPATIBLE + (PG,), (V83,) + COMPATIBLE + (EF,),
                     COMPATIBLE + (EF,), (SW, NB), (RW, IK), (PP, EF)):
        g = new_game(5, variants=variants)
        assert set(g.variants) == set(variants)
        assert g.table.v83 is (V83 in variants)
        for m in (PP, SW, RW, PG, IK, NB, EF):
            assert g.table.module(m) is (m in variants)


def test_an_unknown_variant_is_refused():
    """[§10.0] [§1] No variant outside the v83 edition and the seven modules of §10."""
    with pytest.raises(VariantError, match="unknown variant 'honor'"):
        new_game(4, variants=("honor",))


def cli(*args):
    return subprocess.run([sys.executable, "-m", "tenkatoitsu", "play", "clans", *args],
                          check=False, cwd=ROOT, capture_output=True, text=True, timeout=60)


@pytest.mark.parametrize("variants, words", [
    (f"{PG},{EF}", ("path-of-glory", "emperors-favor")),
    (NB, ("nanban-trade", "specialized-warfare")),
    (f"{V83},{NB},{RW}", ("nanban-trade", "specialized-warfare")),
])
def test_the_cli_refuses_an_illegal_matrix_in_one_line(variants, words):
    """[§10.0-a] `tenkatoitsu play clans --variant ...` exits non-zero with
    a one-line message naming the variants, and no traceback."""
    r = cli("--variant", variants, "--seed", "1", "--bots", "random")
    assert r.returncode != 0
    lines = r.stderr.strip().splitlines()
    assert len(lines) == 1, r.stderr
    assert all(w in lines[0] for w in words), lines[0]
    assert "Traceback" not in r.stderr + r.stdout and not r.stdout.strip()


def test_the_cli_plays_a_recommended_package():
    """[§10.0-b] "The Age of Guns" from the command line, to its end."""
    r = cli("--variant", f"{SW},{NB}", "--seats", "5", "--seed", "3", "--bots", "random",
            "--option", "round_limit=3")
    assert r.returncode == 0, r.stderr
    assert "(specialized-warfare, nanban-trade)" in r.stdout


# ---------------------------------------------------------------- the smoke test

CONFIGS = {
    "v83": (V83,),
    "political-play": (PP,),
    "specialized-warfare": (SW,),
    "rice-and-war": (RW,),
    "path-of-glory": (PG,),
    "ikko-ikki": (IK,),
    "emperors-favor": (EF,),
    "the-age-of-guns": (SW, NB),  # [§10.0-b]; the Nanban Trade never comes alone
    "the-price-of-the-empire": (RW, IK),
    "the-game-for-the-throne": (PP, EF),
    "v83-all-with-the-emperor": (V83,) + COMPATIBLE[1:] + (EF,),
    "v83-all-with-glory": (V83,) + COMPATIBLE[1:] + (PG,),
}

#: events that take Koku out of a treasury (their `cost`)
SPENT = (ev.Recruited, ev.CastleBuilt, ev.CastleFortified, ev.NinjaSentOut,
         ev.NinjaHiredCovertly, ev.RoninJoined, ev.RerollBought, ev.UnitsSailed,
         mev.PactOffered, mev.FirearmsBought, mev.UnrestPacified)


class KokuLedger:
    """Each clan's treasury as the event stream tells it, the modules'
    events included (read on from where it stopped)."""

    def __init__(self, g):
        self.g, self.read = g, 0
        self.flow: Counter = Counter()
        self.pools: dict[frozenset, dict[str, int]] = {}
        self.winter = False

    def update(self) -> Counter:
        events = self.g.events
        for e in events[self.read:]:
            self.take(e)
        self.read = len(events)
        return self.flow

    def take(self, e) -> None:
        flow, pledge = self.flow, self.g.table.components.pact_pledge
        if isinstance(e, ev.SeasonBegan):
            self.winter = e.phase == "Winter"
        elif isinstance(e, ev.ClansPlaced):
            for c in e.homes:
                flow[c] += e.koku
        elif isinstance(e, ev.IncomeCollected):
            flow[e.clan] += e.amount
        elif isinstance(e, ev.CostPaid):
            flow[e.clan] -= e.amount
        elif isinstance(e, SPENT):
            flow[e.clan] -= e.cost
        elif isinstance(e, ev.FundDeposited):
            if not self.winter:  # Territorial Expansion [v83 §8.1.2] is no payment
                flow[e.clan] -= e.amount
        elif isinstance(e, mev.PactAnswered) and e.accepted:
            for c in (e.clan, e.offerer):
                flow[c] -= pledge
            self.pools[frozenset((e.clan, e.offerer))] = {e.clan: pledge, e.offerer: pledge}
        elif isinstance(e, mev.PactDissolved):
            for c, n in self.pools.pop(frozenset((e.a, e.b))).items():
                if e.rule == "§10.1.4" or c != e.initiator:  # a new vassal's goes to the supply
                    flow[c] += n
        elif isinstance(e, mev.PactBetrayed):
            self.pools.pop(frozenset((e.clan, e.victim)))
            flow[e.victim] += e.pool
        elif isinstance(e, (mev.RiceStored, mev.RiceSown, mev.RiceSpoiled)):
            flow[e.clan] -= e.amount
        elif isinstance(e, (mev.RiceUnstored, mev.RiceRaided, mev.Harvested)):
            flow[e.clan] += e.amount
        elif isinstance(e, mev.ClaimEnforced):
            for c, n in e.removed.items():
                flow[c] += n


def check(g, ledger, decision, problems: list, n: int) -> None:
    """The invariants at one decision (views every few decisions)."""
    st = g.state
    if st.phase == "draft":
        return
    limit = g.table.components.stack_limit
    for c, k in st.koku.items():
        if k < 0:
            problems.append(f"{c} has {k} Koku")
    if st.battle is None:
        for p, clans in st.units.items():
            for c, units in clans.items():
                if any(v < 0 for v in units.values()):
                    problems.append(f"{c} in {p}: {units}")
                if sum(units.values()) > limit and g.table.v83:
                    problems.append(f"{c} has {sum(units.values())} units in {p}")
    if decision is None or decision.kind != "ninja-target":
        flow = ledger.update()
        for c in st.clans:
            if flow[c] != st.koku[c]:
                problems.append(f"{c}: {st.koku[c]} Koku, the events say {flow[c]} "
                                f"(at {decision.kind if decision else 'the end'})")
    if n % 97 == 0 or decision is None:
        for seat in g.players:
            mine = st.clan_of.get(seat)
            view = KIND.view(g, seat)
            for c, d in view["clans"].items():
                if c != mine and (d["koku"] is not None or d.get("stored")):
                    problems.append(f"seat {seat} sees {c}'s Koku")


def play_to_the_end(variants, n, seed, tmp_path, rounds=15):
    s = sessions.Session.start("clans", variants=variants, seed=seed,
                               options=Options(round_limit=rounds), players=SEATS[:n])
    g, d = s.game, s.driver
    bots = {p: KIND.bots["random"](seed, p) for p in g.players}
    KIND.attach_bots(g, bots)
    problems: list[str] = []
    ledger = KokuLedger(g)
    k = 0
    while d.pending is not None and len(problems) < 5:
        check(g, ledger, d.pending, problems, k)
        d.answer(bots[d.pending.side].choose(d.pending))
        k += 1
    check(g, ledger, None, problems, k)
    assert not problems, problems
    assert d.finished and isinstance(g.events[-1], ev.GameWon)
    save = tmp_path / f"{n}.json"
    s.save(save)
    report = sessions.load(save)
    assert report.events_match and report.digest_match, report.message
    return g


@pytest.mark.parametrize("n", (4, 5))
@pytest.mark.parametrize("name", list(CONFIGS))
def test_random_bots_play_to_the_end_and_the_replay_reproduces_it(name, n, tmp_path):
    """[§10.0] Each module alone, v83, the three packages [§10.0-b] and v83
    with every compatible module: a whole game of random bots ends with a
    result; saved and replayed (seed + decisions), every event and die
    reproduces; no Koku appears or vanishes without an event."""
    variants = CONFIGS[name]
    g = play_to_the_end(variants, n, 5 + n, tmp_path)
    assert set(g.variants) == set(variants)
    # only another seat's sealed events are hidden from a seat
    for seat in g.players:
        for e in g.events:
            if not e.visible_to(seat):
                assert isinstance(e, ev.SecretKept) and e.seat != seat, (seat, e)


@pytest.mark.parametrize("name", ["v83-all-with-the-emperor", "v83-all-with-glory"])
def test_the_same_seed_gives_the_same_game(name, tmp_path):
    """[§10.0] A game is its seed and its decisions: two games of the same
    seed and bots, every module in play, have the same event digest."""
    a = play_to_the_end(CONFIGS[name], 5, 21, tmp_path, rounds=10)
    b = play_to_the_end(CONFIGS[name], 5, 21, tmp_path, rounds=10)
    assert a.digest.hexdigest() == b.digest.hexdigest() and len(a.events) == len(b.events)


def test_sealed_module_events_are_seen_by_their_seat_alone():
    """[§10.1.4-b] [§10.3.1] A pact's fist and stored rice: each FistClosed,
    RiceStored and RiceUnstored event is visible to its own seat only, and
    no seat's view ever shows another seat's Koku, stored or not."""
    seen = Counter()
    for seed in (1, 2, 3):
        s = sessions.Session.start("clans", variants=(PP, RW), seed=seed,
                                   options=Options(round_limit=8), players=SEATS[:4])
        g, d = s.game, s.driver
        bots = {p: KIND.bots["random"](seed, p) for p in g.players}
        KIND.attach_bots(g, bots)
        while d.pending is not None:
            st = g.state
            if st.stored and st.phase != "draft":
                for seat in g.players:
                    mine = st.clan_of[seat]
                    view = KIND.view(g, seat)
                    for c, data in view["clans"].items():
                        if c != mine:
                            assert data["koku"] is None and data.get("stored") is None
            d.answer(bots[d.pending.side].choose(d.pending))
        for e in g.events:
            if isinstance(e, (mev.FistClosed, mev.RiceStored, mev.RiceUnstored)):
                seen[type(e).__name__] += 1
                assert [p for p in g.players if e.visible_to(p)] == [e.seat]
                assert e.seat == g.state.seat_of[e.clan]
    assert seen["RiceStored"] and seen["FistClosed"], seen
