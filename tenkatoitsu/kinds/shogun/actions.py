"""The actions every player carries out at the same time [SC-5.2]: Plan
[SC-6], Take Swords [SC-7], Build [SC-8], Levy Units [SC-9], Hire Ronin
[SC-10], Hire Ninja [SC-11.1], Remove Ronin and Collect Koku [SC-22].

"At the same time" is done by asking every house against the table as it
stood before the action and applying the answers only when all are in; what
a house chose stays sealed (an event only its seat reads) until then."""

from __future__ import annotations

from functools import lru_cache

from tenkatoitsu.core.decisions import Option
from tenkatoitsu.kinds.shogun import events as ev
from tenkatoitsu.kinds.shogun.asking import ask
from tenkatoitsu.kinds.shogun.limits import army_room, ronin_limit
from tenkatoitsu.kinds.shogun.scenario.model import REGULARS
from tenkatoitsu.kinds.shogun.setup import sword_order, swords_in_play
from tenkatoitsu.kinds.shogun.state import BINS, CASTLE, FORTRESS, NO_CASTLE, Hidden

DONE = "done"


# ---------------------------------------------------------------- Action 1: Plan [SC-6]
@lru_cache(maxsize=64)
def plans(koku: int, build_cost: int = 2) -> tuple[Option, ...]:
    """[SC-6.2] [SC-6.3] Every split of all the koku among the five bins, the
    BUILD bin holding exactly 0 or `build_cost`."""
    out = []
    for build in (0, build_cost):
        rest = koku - build
        if rest < 0:
            continue
        for swords in range(rest + 1):
            for levy in range(rest - swords + 1):
                for ronin in range(rest - swords - levy + 1):
                    ninja = rest - swords - levy - ronin
                    v = [swords, build, levy, ronin, ninja]
                    out.append(Option(v, " ".join(f"{b} {n}" for b, n in zip(BINS, v) if n)
                                      or "nothing"))
    return tuple(out)


def spy_ready(st) -> str | None:
    """[SC-6.4] [SC-11.11] The house holding last round's ninja, unused."""
    if st.ninja is not None and st.ninja_round == st.round - 1 and st.ninja not in st.eliminated:
        return st.ninja
    return None


def plan(g):
    t, st = g.table, g.state
    houses = [h for h in t.houses if h not in st.eliminated]
    spy = spy_ready(st)
    order = [h for h in houses if h != spy] + ([spy] if spy else [])
    st.bins, st.sealed, st.ninja_spy = {}, {}, None
    for h in order:
        context = {"koku": st.koku[h]}
        if h == spy:
            # [SC-6.4] he waits for the others, names one, sees (only he) his bins
            targets = [o for o in houses if o not in t.allies(h)]
            if targets:
                target = yield from ask(g, h, "spy", "your ninja spies on whose plan?",
                                        [Option(o, g.names.get(o, o)) for o in targets],
                                        "SC-6.4")
                st.ninja_spy = target
                g.emit(ev.SpyChose("SC-6.4", h, target))
                g.emit(ev.SpyShown("SC-6.4", h, target, t.seat_of[h], dict(st.sealed[target])))
                context["spied"] = {"house": target, "bins": dict(st.sealed[target])}
            st.ninja = None  # back to the master tray once he has planned
        answer = yield from ask(g, h, "plan",
                                f"divide your {st.koku[h]} koku among the five bins: "
                                "swords, build (0 or 2), levy, ronin, ninja",
                                plans(st.koku[h], t.components.build_cost), "SC-6.2", context)
        bins = dict(zip(BINS, answer))
        st.sealed[h] = bins
        g.emit(ev.PlanMade("SC-6.2", h))
        g.emit(ev.PlanSealed("SC-6.2", h, t.seat_of[h], bins))
    if spy is None and st.ninja is not None and st.ninja_round < st.round:
        st.ninja = None  # an unused ninja of an earlier round goes back
    # [SC-6.5] every bin revealed; [SC-6.6] every koku in a bin goes to the master tray
    st.bins = {h: st.sealed[h] for h in houses}
    st.sealed = {}
    for h in houses:
        st.koku_supply += st.koku[h]
        st.koku[h] = 0
    g.emit(ev.PlansRevealed("SC-6.5", {h: dict(b) for h, b in st.bins.items()}))


# ---------------------------------------------------------------- Action 2: Take Swords [SC-7]
def take_swords(g):
    t, st = g.table, g.state
    houses = [h for h in t.houses if h not in st.eliminated]
    left = sorted(swords_in_play(t, len(houses)))  # [SC-1.5] as many swords as players
    st.sword = {}
    bidders = [h for h in houses if st.bins[h]["swords"] > 0]
    # [SC-7.1] highest bid first; [SC-7.2] [SC-26.7] tied bidders in a random order
    by_bid: dict[int, list[str]] = {}
    for h in bidders:
        by_bid.setdefault(st.bins[h]["swords"], []).append(h)
    order: list[str] = []
    for bid in sorted(by_bid, reverse=True):
        tied = by_bid[bid]
        order += g.dice.shuffled(tied) if len(tied) > 1 else tied
    for h in order:
        s = yield from ask(g, h, "take-sword", f"you bid {st.bins[h]['swords']}: take a sword",
                           [Option(s, f"sword {s}") for s in left], "SC-7.1",
                           {"bid": st.bins[h]["swords"]})
        left.remove(s)
        st.sword[h] = s
        g.emit(ev.SwordPicked("SC-7.1", h, s, "chooses"))
    # [SC-7.3] the others draw the rest at random
    rest = [h for h in houses if h not in st.sword]
    if rest:
        for h, s in zip(rest, g.dice.shuffled(left)):
            st.sword[h] = s
            g.emit(ev.SwordPicked("SC-7.3", h, s, "draws"))


# ---------------------------------------------------------------- Action 3: Build [SC-8]
def build_options(g, h) -> list[Option]:
    st = g.state
    out = []
    for p in sorted(st.provinces(h)):
        if st.castle[p] == NO_CASTLE and st.castles_left > 0:
            out.append(Option(f"castle:{p}", f"a castle in {g.names.get(p, p)}"))
        elif st.castle[p] == CASTLE and st.fortresses_left > 0:
            out.append(Option(f"fortress:{p}", f"a fortress in {g.names.get(p, p)}"))
    return out


def build(g):
    st = g.state
    builders = [h for h in sword_order(st) if st.bins[h]["build"] > 0]
    chosen = {}
    for h in builders:  # everyone chooses against the same table [SC-8.1]
        options = build_options(g, h)
        if options:
            chosen[h] = yield from ask(g, h, "build", "build what, where?", options, "SC-8.1")
    for h in builders:  # [SC-8.4] a shortage is served in sword order
        what, _, p = chosen.get(h, ":").partition(":")
        ok = (what == "castle" and st.castles_left > 0 and st.castle[p] == NO_CASTLE) or \
            (what == "fortress" and st.fortresses_left > 0 and st.castle[p] == CASTLE)
        if not ok:
            g.emit(ev.KokuLost("SC-8.4", h, st.bins[h]["build"], "nothing left to build"))
            continue
        if what == "castle":
            st.castles_left -= 1
            st.castle[p] = CASTLE
        else:
            st.fortresses_left -= 1
            st.castle[p] = FORTRESS
        g.emit(ev.Built("SC-8.1", h, p, what))


# ---------------------------------------------------------------- Action 4: Levy Units [SC-9]
def levy_cost(counts: dict[str, int], per_koku: dict[str, int]) -> int:
    """[SC-9.1] [SC-26.6] Koku for a levy: each type's count over what one
    koku buys, rounded up, swordsmen and gunners sharing their koku."""
    shared = counts.get("swordsman", 0) + counts.get("gunner", 0)
    cost = -(-shared // per_koku.get("gunner", 2))
    for u, n in counts.items():
        if u not in ("swordsman", "gunner") and n:
            cost += -(-n // per_koku[u])
    return cost


def levy_options(g, h, koku: int, picked: list[tuple[str, str]]) -> list[Option]:
    t, st = g.table, g.state
    c = t.components
    per_koku = {u.id: u.per_koku for u in c.units if u.per_koku}
    counts = {u: 0 for u in REGULARS}
    for u, _ in picked:
        counts[u] += 1
    used = {w for _, w in picked}
    out = []
    for u in REGULARS:
        if st.tray[h][u] - counts[u] <= 0:
            continue  # [SC-9.3] only units in the tray
        counts[u] += 1
        affordable = levy_cost(counts, per_koku) <= koku
        counts[u] -= 1
        if not affordable:
            continue
        for p in sorted(st.provinces(h)):
            army = st.army_at(p)
            # [SC-9.4] one unit per province: into the force, or onto the army there
            if p in used or (army is not None and army.id in used):
                continue
            if st.force_size(p) < c.force_limit:
                out.append(Option(f"{u}@{p}", f"a {u} to {g.names.get(p, p)}"))
            if army is not None and army.house == h and army_room(t, army, u):
                out.append(Option(f"{u}@{army.id}", f"a {u} onto {g.names.get(army.id, army.id)} "
                                                    f"in {g.names.get(p, p)}"))
    return out


def levy(g):
    st = g.state
    houses = [h for h in sword_order(st) if st.bins[h]["levy"] > 0]
    chosen: dict[str, list[tuple[str, str]]] = {}
    for h in houses:
        koku = st.bins[h]["levy"]
        picked: list[tuple[str, str]] = []
        while True:
            options = levy_options(g, h, koku, picked)
            if not options:
                break
            answer = yield from ask(g, h, "levy", f"levy with {koku} koku "
                                    f"({len(picked)} unit(s) so far)",
                                    options + [Option(DONE, "done")], "SC-9.1",
                                    {"koku": koku, "picked": [list(x) for x in picked]})
            if answer == DONE:
                break
            u, _, where = answer.partition("@")
            picked.append((u, where))
        chosen[h] = picked
    for h in houses:  # [SC-9.2] all placed at the same time
        placed = []
        for u, where in chosen[h]:
            st.tray[h][u] -= 1
            if where in st.force:
                st.force[where][u] += 1
            else:
                st.army(where).units[u] += 1
            placed.append((u, where))
        g.emit(ev.Levied("SC-9.2", h, tuple(placed)))


# ---------------------------------------------------------------- Action 5: Hire Ronin [SC-10]
def ronin_room(g, h, p: str, troop: str, hidden: Hidden) -> int:
    st = g.state
    if troop == "army":
        army = st.army_at(p)
        if army is None or army.house != h:
            return 0
        return ronin_limit(army.military()) - army.ronin - hidden.army
    return ronin_limit(st.force_size(p)) - st.force_ronin[p] - hidden.force


def hire_ronin(g):
    t, st = g.table, g.state
    per = t.components.ronin_per_koku
    hired: dict[str, int] = {}
    for h in sword_order(st):  # [SC-10.2] a shortage is served in sword order
        koku = st.bins[h]["ronin"]
        if not koku:
            continue
        pairs = min(koku, st.ronin_supply // per)  # [SC-26.8] as many pairs as there are
        if pairs < koku and not t.options.partial_ronin:
            pairs = 0  # [SC-10.2] read strictly: who cannot be served hires none
        if pairs < koku:
            g.emit(ev.KokuLost("SC-10.2", h, koku - pairs, "not enough ronin left"))
        if pairs:
            st.ronin_supply -= pairs * per
            hired[h] = st.in_hand[h] = pairs * per
            g.emit(ev.RoninHired("SC-10.1", h, pairs * per))
    placed_all = {}
    for h, n in hired.items():  # [SC-10.3] deployed at the same time, face down
        placed: dict[str, Hidden] = {}
        left = n
        while left:
            options = []
            for p in sorted(st.provinces(h)):
                hid = placed.get(p, Hidden())
                for troop in ("army", "force"):
                    room = min(left, ronin_room(g, h, p, troop, hid))
                    for k in range(1, room + 1):
                        options.append(Option([p, troop, k], f"{k} with the {troop} in "
                                                             f"{g.names.get(p, p)}"))
            if not options:
                break
            p, troop, k = yield from ask(g, h, "ronin", f"where do your ronin go? ({left} left)",
                                         options, "SC-10.3", {"left": left})
            hid = placed.setdefault(p, Hidden())
            if troop == "army":
                hid.army += k
            else:
                hid.force += k
            left -= k
        if left:  # no troop may take them [SC-10.5]
            st.ronin_supply += left
            st.in_hand[h] -= left
        placed_all[h] = placed
        g.emit(ev.RoninSealed("SC-10.3", h, g.table.seat_of[h],
                              {p: (x.army, x.force) for p, x in placed.items()}))
    for h, placed in placed_all.items():
        st.hidden[h] = placed
        st.in_hand.pop(h, None)
        g.emit(ev.RoninCards("SC-10.3", h, tuple(x.total() for x in placed.values())))


# ---------------------------------------------------------------- Action 6: Hire Ninja [SC-11.1]
def hire_ninja(g):
    st = g.state
    bids = {h: b["ninja"] for h, b in st.bins.items() if b["ninja"] > 0}
    if not bids:
        return
    top = max(bids.values())
    best = [h for h, b in bids.items() if b == top]
    if len(best) == 1:  # the strictly highest bid; everyone else's koku is lost
        st.ninja, st.ninja_round, st.ninja_kept = best[0], st.round, False
        g.emit(ev.NinjaHired("SC-11.1", best[0], top))
    else:
        g.emit(ev.NinjaHired("SC-11.1", "", top))
    for h, b in bids.items():
        if h != st.ninja or st.ninja_round != st.round:
            g.emit(ev.KokuLost("SC-11.1", h, b, "the ninja went elsewhere"))
    yield from ()


# ---------------------------------------------------------------- Actions 8 and 9 [SC-22]
def remove_ronin(g):
    st = g.state
    back = 0
    for h in st.houses:
        back += sum(x.total() for x in st.hidden.get(h, {}).values())
        st.hidden[h] = {}
        for a in st.armies[h]:
            back += a.ronin
            a.ronin = 0
    for p in st.force_ronin:
        back += st.force_ronin[p]
        st.force_ronin[p] = 0
    st.ronin_supply += back
    g.emit(ev.RoninLeft("SC-22.1", back))


def collect_koku(g):
    t, st = g.table, g.state
    c = t.components
    got = {}
    for h in t.houses:
        if h in st.eliminated or not st.daimyos(h):
            continue
        k = max(c.koku_minimum, st.count(h) // c.koku_per)
        k = min(k, st.koku_supply)
        st.koku[h] += k
        st.koku_supply -= k
        got[h] = k
    g.emit(ev.KokuCollected("SC-22.2", got))
