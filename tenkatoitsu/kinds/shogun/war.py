"""Action 7, Wage War [SC-12]: each house in sword order moves its armies
(Phase A), declares its first battles (B), fights them (C) and makes its
final moves (D) before the next begins."""

from __future__ import annotations

from tenkatoitsu.core.decisions import Option
from tenkatoitsu.kinds.shogun import events as ev
from tenkatoitsu.kinds.shogun import ninja
from tenkatoitsu.kinds.shogun.asking import ask
from tenkatoitsu.kinds.shogun.combat import ATTACKER, DEFENDER, FORCE, Battle
from tenkatoitsu.kinds.shogun.limits import ronin_limit
from tenkatoitsu.kinds.shogun.movement import armies_phase, can_leave, forces_phase, step
from tenkatoitsu.kinds.shogun.outcome import (
    STOP,
    conquer,
    gain_experience,
    level_of,
    lose_province,
    out_of_daimyos,
    remove_daimyo,
)
from tenkatoitsu.kinds.shogun.setup import sword_order
from tenkatoitsu.kinds.shogun.state import WAR

DONE = "done"


def wage_war(g):
    st = g.state
    st.phase = WAR
    for h in sword_order(st):
        if h in st.eliminated:
            continue
        yield from turn(g, h)
    st.current = None
    yield from ninja.window(g, "after Wage War")


def turn(g, h: str):
    st = g.state
    st.current = h
    st.markers, st.bonus = [], {}
    g.emit(ev.WarTurn("SC-12.1", h, st.sword.get(h, 0)))
    yield from ninja.window(g, f"before {g.names.get(h, h)}'s Wage War")
    if h in st.eliminated:
        return
    st.step = "A"
    g.emit(ev.PhaseBegan("SC-13", h, "A: move armies"))
    yield from armies_phase(g, h, "A")
    st.step = "B"
    g.emit(ev.PhaseBegan("SC-14", h, "B: declare first battles"))
    yield from declare(g, h)
    if st.markers:
        yield from ninja.window(g, f"before {g.names.get(h, h)}'s battles")
    st.step = "C"
    g.emit(ev.PhaseBegan("SC-15", h, "C: battles"))
    yield from battles(g, h)
    if h in st.eliminated:
        st.markers, st.bonus, st.current = [], {}, None
        return
    st.step = "D"
    g.emit(ev.PhaseBegan("SC-21", h, "D: final movement"))
    arrived: dict = {}
    yield from armies_phase(g, h, "D", arrived)  # [SC-21.1] armies first, then forces
    yield from forces_phase(g, h, arrived)
    st.markers, st.bonus = [], {}  # [SC-21.8] markers back; [SC-18.3] bonus units leave
    st.step = ""


# ---------------------------------------------------------------- Phase B [SC-14]
def targets(g, h: str, frm: str) -> list[str]:
    """Adjacent enemy or empty provinces [SC-12.6]; never an allied set's
    [SC-24.4]; in round 1 no enemy province with an army marker [SC-14.5]."""
    t, st = g.table, g.state
    out = []
    for q in t.neighbours[frm]:
        o = st.owner[q]
        if o is not None and o in t.allies(h):
            continue
        if o is not None and st.round == 1 and st.army_at(q) is not None:
            continue
        out.append(q)
    return out


def troops(g, h: str) -> list[tuple[str, str]]:
    """(troop, province) of every troop that may declare [SC-14.8]."""
    st = g.state
    out = []
    for a in st.living(h):
        if not a.assassinated:
            out.append((a.id, a.at))
    for p in sorted(st.provinces(h)):
        if st.force_size(p):
            out.append((f"{FORCE}@{p}", p))
    return out


def declare(g, h: str):
    st, t = g.state, g.table
    cap = t.options.battle_markers
    while not cap or len(st.markers) < cap:
        done = {m[0] for m in st.markers}
        options = []
        for troop, frm in troops(g, h):
            if troop in done:
                continue
            for q in targets(g, h, frm):
                naval = " by sea" if t.by_sea(frm, q) else ""
                options.append(Option(f"{troop}>{q}", f"{_troop(g, troop)} in "
                                      f"{g.names.get(frm, frm)} attacks "
                                      f"{g.names.get(q, q)}{naval}"))
        if not options:
            return
        options.append(Option(DONE, "no more battles"))
        answer = yield from ask(g, h, "declare", f"phase B: declare a first battle "
                                f"({len(st.markers)} declared)", options, "SC-14.1")
        if answer == DONE:
            return
        troop, _, q = answer.partition(">")
        frm = troop.partition("@")[2] if troop.startswith(FORCE) else st.army(troop).at
        st.markers.append([troop, frm, q])
        g.emit(ev.BattleDeclared("SC-14.4", troop, frm, q))


def _troop(g, troop: str) -> str:
    if troop.startswith(FORCE):
        return "the provincial force"
    return g.names.get(troop, troop)


# ---------------------------------------------------------------- Phase C [SC-15]
def battles(g, h: str):
    st = g.state
    left = list(range(len(st.markers)))
    while left and h not in st.eliminated:
        options = [Option(i, f"{_troop(g, st.markers[i][0])}: {g.names.get(st.markers[i][1])} "
                             f"-> {g.names.get(st.markers[i][2])}") for i in left]
        i = yield from ask(g, h, "next-battle", "phase C: which battle next?", options,
                           "SC-15.1")
        left.remove(i)
        troop, frm, to = st.markers[i]
        if troop.startswith(FORCE):
            if st.force_size(frm) == 0 or st.owner[frm] != h:
                g.emit(ev.BattleSkipped("SC-15.6", troop, to, "the force is gone"))
                continue
            if st.owner[to] is None:
                g.emit(ev.BattleBegan("SC-15.3", troop, frm, to, h, "", False))
                continue
            yield from one_battle(g, h, FORCE, frm, to)
        else:
            yield from army_battles(g, st.army(troop), to)


def army_battles(g, army, first: str):
    """[SC-19.3] [SC-19.4] An army fights up to its level in battles, all of
    them before any other troop; an experienced one may move one province
    between them, into a province it has just emptied or an empty one."""
    st, t = g.state, g.table
    h = army.house
    if not army.alive or army.assassinated:
        g.emit(ev.BattleSkipped("SC-15.6", army.id, first, "the army is disrupted"
                                if army.alive else "the army is gone"))
        return
    reach = level_of(g, army)
    fought, success, target = 0, False, first
    while True:
        if target is not None:
            if st.owner[target] is None:
                g.emit(ev.BattleBegan("SC-15.3", army.id, army.at, target, h, "", False))
            else:
                won = yield from one_battle(g, h, army.id, army.at, target)
                success = success or won
            fought += 1
        if not army.alive or army.assassinated or h in st.eliminated or fought >= reach:
            break
        options = [Option(f"attack:{q}", f"attack {g.names.get(q, q)}"
                          + (" by sea" if t.by_sea(army.at, q) else ""))
                   for q in _later_targets(g, h, army.at)]
        if target is not None:
            options += [Option(f"move:{q}", f"move into the empty {g.names.get(q, q)}")
                        for q in t.neighbours[army.at] if st.owner[q] is None
                        and can_leave(st, army)]
        options.append(Option(STOP, "no more battles"))
        answer = yield from ask(g, h, "army-battle", f"{g.names.get(army.id, army.id)} in "
                                f"{g.names.get(army.at, army.at)}: {reach - fought} battle(s) "
                                "left", options, "SC-19.4", {"army": army.id})
        what, _, q = answer.partition(":")
        if what == STOP:
            break
        if what == "move":
            yield from step(g, army, q, "SC-19.4")
            conquer(g, h, q, "SC-19.4")
            target = None  # it now attacks from there, or stops
            continue
        target = q
    if success:
        gain_experience(g, army)


def _later_targets(g, h: str, frm: str) -> list[str]:
    """[SC-19.6] Later battles are not declared: any adjacent enemy or empty province."""
    return targets(g, h, frm)


def one_battle(g, h: str, troop: str, frm: str, to: str):
    """A battle against an enemy province. Returns whether it was successful
    [SC-17.9]: the defending province left empty."""
    t, st = g.table, g.state
    if st.owner[to] in t.allies(h):
        g.emit(ev.BattleSkipped("SC-15.6", troop, to, "the province is friendly now"))
        return False
    if t.options.ninja_before_battles:
        yield from ninja.window(g, f"before the battle for {g.names.get(to, to)}")
        if troop != FORCE and (st.army(troop).assassinated or not st.army(troop).alive):
            g.emit(ev.BattleSkipped("SC-15.6", troop, to, "the army is disrupted"))
            return False
    b = Battle(g, h, troop, frm, to)
    reveal_attacker(g, b)
    reveal_defender(g, b)
    g.emit(ev.BattleBegan("SC-15.2", b.troop_name(ATTACKER, b.troops(ATTACKER)[0]), frm, to,
                          h, b.defender, b.naval))
    result = yield from b.fight()
    success = "A" in result
    g.emit(ev.BattleEnded("SC-17.7", to, {"A": "the defenders are eliminated",
                                         "B": "the attackers are eliminated",
                                         "AB": "both sides are eliminated",
                                         "C": "the attacker calls it off"}[result],
                          b.rounds, success))
    st.battle = None
    yield from settle(g, b, result)
    return success


def reveal_attacker(g, b: Battle) -> None:
    """[SC-10.7] [SC-15.4] The attacking troop's hidden ronin join it."""
    st = g.state
    hid = st.hidden[b.house].get(b.frm)
    if hid is None:
        return
    if b.att_army is not None and hid.army:
        n, hid.army = hid.army, 0
        room = ronin_limit(b.att_army.military()) - b.att_army.ronin
        b.att_army.ronin += min(n, room)
        st.ronin_supply += max(0, n - room)
        g.emit(ev.RoninRevealed("SC-10.7", b.house, b.frm, min(n, room), 0, max(0, n - room)))
    elif b.att_army is None and hid.force:
        n, hid.force = hid.force, 0
        room = ronin_limit(st.force_size(b.frm)) - st.force_ronin[b.frm]
        st.force_ronin[b.frm] += min(n, room)
        st.ronin_supply += max(0, n - room)
        g.emit(ev.RoninRevealed("SC-10.7", b.house, b.frm, 0, min(n, room), max(0, n - room)))
    if hid.total() == 0:
        st.hidden[b.house].pop(b.frm, None)


def reveal_defender(g, b: Battle) -> None:
    """[SC-15.5] Every hidden ronin of the province defends, each part with
    its troop (or the other troop when its own is not there) [SC-26.3]."""
    st = g.state
    hid = st.hidden.get(b.defender, {}).pop(b.to, None)
    if hid is None:
        return
    army, force = b.def_army, st.force_size(b.to)
    to_army = hid.army if army is not None else 0
    to_force = hid.total() - to_army
    if not force and army is not None:
        to_army, to_force = hid.total(), 0
    placed_a = placed_f = 0
    if army is not None:
        placed_a = max(0, min(to_army, ronin_limit(army.military()) - army.ronin))
        army.ronin += placed_a
    placed_f = max(0, min(to_force, ronin_limit(force) - st.force_ronin[b.to]))
    st.force_ronin[b.to] += placed_f
    back = hid.total() - placed_a - placed_f
    st.ronin_supply += back
    g.emit(ev.RoninRevealed("SC-15.5", b.defender, b.to, placed_a, placed_f, back))


def settle(g, b: Battle, result: str):
    """[SC-17.7] [SC-17.8] [SC-11.9] [SC-20.1] After the battle: emptied
    provinces to the red rectangle first, then lost daimyos (whose loss may
    eliminate a player and hand his provinces over)."""
    st = g.state
    d, a = b.def_army, b.att_army
    d_lost = d is not None and (b.dead[DEFENDER] or "A" in result or
                                (d.assassinated and d.regulars() == 0 and d.ronin == 0))
    a_lost = a is not None and b.dead[ATTACKER]
    if "A" in result and st.owner[b.to] == b.defender:
        lose_province(g, b.defender, b.to)
    if "B" in result and st.owner[b.frm] == b.house:
        held = st.force_size(b.frm) > 0 or (st.army_at(b.frm) is not None and not a_lost)
        if not held:  # [SC-17.7] B: his own province left empty
            lose_province(g, b.house, b.frm)
    # both daimyos leave the board before anyone is out: a player eliminated
    # here hands his holdings to a board that no longer shows the dead armies
    if d_lost:
        remove_daimyo(g, d, "SC-11.9" if d.assassinated else "SC-20.1")
    if a_lost:
        remove_daimyo(g, a, "SC-20.1")
    if d_lost:
        yield from out_of_daimyos(g, b.defender, b.house)
    if a_lost:  # [SC-20.4] an attacker who just eliminated the defender recovers his daimyos
        yield from out_of_daimyos(g, b.house, b.defender)
