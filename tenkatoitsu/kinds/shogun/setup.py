"""The set-up [SC-4]: trays and army cards, the deal of the province cards,
the claim, the swords of the placing order, the first koku, the first
reinforcements and the army markers."""

from __future__ import annotations

from tenkatoitsu.core.decisions import Option
from tenkatoitsu.kinds.shogun import events as ev
from tenkatoitsu.kinds.shogun.asking import ask
from tenkatoitsu.kinds.shogun.scenario.model import REGULARS, SPEARMAN
from tenkatoitsu.kinds.shogun.state import NO_CASTLE, SETUP, Army, ShogunState, units


def empty_state(t) -> ShogunState:
    """[SC-4.1] [SC-4.3] Trays full, each army card with its daimyo and its
    first units, the experience markers in the first hole."""
    c = t.components
    provinces = t.board.ids()
    trays, armies = {}, {}
    for h in t.houses:
        tray = {u: c.unit(u).count for u in REGULARS}
        armies[h] = []
        for n in (1, 2, 3):
            start = units()
            for u, k in c.army_start.items():
                start[u] += k
                tray[u] -= k
            armies[h].append(Army(h, n, None, start))
        trays[h] = tray
    return ShogunState(
        houses=t.houses, owner={p: None for p in provinces},
        force={p: units() for p in provinces}, force_ronin={p: 0 for p in provinces},
        castle={p: NO_CASTLE for p in provinces}, armies=armies, tray=trays,
        koku={h: 0 for h in t.houses}, koku_supply=c.koku, ronin_supply=c.ronin,
        castles_left=c.castles, fortresses_left=c.fortresses,
        colours={h: [h] for h in t.houses}, hidden={h: {} for h in t.houses}, phase=SETUP)


def sword_order(st: ShogunState, houses=None) -> list[str]:
    houses = st.houses if houses is None else houses
    return sorted((h for h in houses if h not in st.eliminated), key=lambda h: st.sword.get(h, 99))


def swords_in_play(t, holders: int | None = None) -> list[int]:
    """[SC-4.6] [SC-1.5] Swords for the number of colour sets in play (fewer
    once a player is out): the box's table for that count, else the lowest."""
    n = len(t.houses) if holders is None else holders
    c = t.components
    if n in c.swords_removed:
        return [s for s in c.swords if s not in c.swords_removed[n]]
    return sorted(c.swords)[:n]


def set_up(g):
    """[SC-4] The whole set-up, asking where the spearmen and the armies go."""
    t, st = g.table, g.state
    c = t.components
    cards = g.dice.shuffled(list(t.board.ids()))
    deal: dict[str, list[str]] = {h: [] for h in t.houses}
    if t.two_players:
        # [SC-24.2] two piles of 34; each player splits his into two sets of 17
        piles = {p: cards[i::2] for i, p in enumerate(t.players)}
        for p in t.players:
            first, second = [h for h in t.houses if t.seat_of[h] == p]
            pile = sorted(piles[p])
            half = len(pile) // 2
            while len(deal[second]) < half:
                left = [q for q in pile if q not in deal[second]]
                pick = yield from ask(
                    g, second, "split-pile",
                    f"choose the provinces of {g.names.get(second, second)} "
                    f"({len(deal[second])}/{half})",
                    [Option(q, g.names.get(q, q)) for q in left], "SC-24.2",
                    {"pile": pile, "chosen": list(deal[second]), "of": half})
                deal[second].append(pick)
                g.emit(ev.SetPicked("SC-24.2", second, pick))
            deal[first] = [q for q in pile if q not in deal[second]]
        unowned: list[str] = []
    else:
        each = len(cards) // len(t.houses)  # [SC-4.4] every player the same number
        for i, h in enumerate(t.houses):
            deal[h] = cards[i:each * len(t.houses):len(t.houses)]
        unowned = cards[each * len(t.houses):]
    for h, ps in deal.items():
        for p in ps:
            st.owner[p] = h
            st.force[p][SPEARMAN] += 1  # [SC-4.5] the claim
            st.tray[h][SPEARMAN] -= 1
    swords = g.dice.shuffled(swords_in_play(t))  # [SC-4.6] drawn from a fist
    st.sword = dict(zip(t.houses, swords))
    for h in t.houses:  # [SC-4.7] the first koku
        st.koku[h] = len(deal[h]) // c.koku_per
        st.koku_supply -= st.koku[h]
    g.emit(ev.GameSetUp("SC-4", t.houses, dict(t.seat_of),
                        {h: tuple(sorted(ps)) for h, ps in deal.items()}, tuple(sorted(unowned)),
                        dict(st.sword), dict(st.koku)))
    order = sword_order(st)
    # [SC-4.8] the first reinforcements, two spearmen at a time in sword order
    rounds = c.setup_spearmen // c.setup_at_a_time
    for r in range(rounds):
        for h in order:
            k = min(c.setup_at_a_time, st.tray[h][SPEARMAN])
            room = [p for p in st.provinces(h)
                    if st.force[p][SPEARMAN] + k <= c.setup_province_limit]
            if not room or k == 0:
                continue
            p = yield from ask(g, h, "reinforce", f"place {k} spearmen (time {r + 1} of {rounds})",
                               [Option(p, g.names.get(p, p)) for p in sorted(room)], "SC-4.8")
            st.force[p][SPEARMAN] += k
            st.tray[h][SPEARMAN] -= k
            g.emit(ev.Reinforced("SC-4.8", h, p, k))
    # [SC-4.9] the army markers, one at a time in sword order
    for n in (1, 2, 3):
        for h in order:
            free = [p for p in st.provinces(h) if st.army_at(p) is None]
            army = st.armies[h][n - 1]
            p = yield from ask(g, h, "place-army", f"where does army {n} take the field?",
                               [Option(p, g.names.get(p, p)) for p in sorted(free)], "SC-4.9",
                               {"army": army.id})
            army.at = p
            g.emit(ev.ArmyPlaced("SC-4.9", army.id, p))
    st.sword = {}  # [SC-4.10] the swords are collected


def from_start(g) -> None:
    """A starting position instead of the set-up: the board as the scenario
    lists it, every unit not on it in its colour's tray."""
    t, st = g.table, g.state
    start = g.scenario.start
    for h in t.houses:  # the army cards start empty: the position fills them
        for a in st.armies[h]:
            for u, n in a.units.items():
                st.tray[h][u] += n
                a.units[u] = 0
    for sp in start.provinces:
        h = sp.owner
        st.owner[sp.id] = h
        st.castle[sp.id] = sp.castle
        for u, n in sp.force.items():
            st.force[sp.id][u] += n
            st.tray[h][u] -= n
        if sp.army is not None:
            a = st.armies[h][sp.army.number - 1]
            a.at, a.assassinated = sp.id, sp.army.assassinated
            a.hole = sp.army.hole_on(t.components.experience)
            for u, n in sp.army.units.items():
                a.units[u] += n
                st.tray[h][u] -= n
    st.castles_left -= sum(1 for p in st.castle.values() if p)
    st.fortresses_left -= sum(1 for p in st.castle.values() if p == 2)
    for h in t.houses:
        st.koku[h] = start.koku.get(h, 0)
        st.koku_supply -= st.koku[h]
    st.sword = dict(start.sword)
    if start.ninja:
        st.ninja, st.ninja_round = start.ninja, start.round - 1
    st.round = start.round - 1
    g.emit(ev.GameSetUp("SC-4", t.houses, dict(t.seat_of),
                        {h: tuple(sorted(st.provinces(h))) for h in t.houses},
                        tuple(sorted(p for p, o in st.owner.items() if o is None)),
                        dict(st.sword), dict(st.koku)))
