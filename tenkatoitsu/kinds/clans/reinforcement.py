"""Phase 1b, Reinforcement [§5], in player order: recruiting [§5.1] into
provinces held when the phase began [§5.2], the ninja [§9.1], castles and
their fortification [§9.2] (the Hōjō's Fortress [§2.4])."""

from __future__ import annotations

from tenkatoitsu.core.decisions import Option
from tenkatoitsu.kinds.clans import arms, favor, glory, ikko
from tenkatoitsu.kinds.clans import events as ev
from tenkatoitsu.kinds.clans import module_events as mev
from tenkatoitsu.kinds.clans.asking import ask
from tenkatoitsu.kinds.clans.scenario.model import ARQUEBUSIERS, BUSHI, DAIMYO
from tenkatoitsu.kinds.clans.state import (
    ASSASSINATION,
    ASSAULT,
    DIVERSION,
    FIELD_OPERATIONS,
    SABOTAGE,
    Castle,
    Ninja,
)

DONE = "done"
MISSIONS = {SABOTAGE: "Sabotage: -1 on defense rolls and no recruiting in a province",
            DIVERSION: "Diversion: a province no one may attack this round",
            ASSASSINATION: "Assassination, in secret: one enemy Bushi at the start of a "
                           "battle of yours"}


def reinforcement(g):
    """[§5.1] Each player in turn recruits and builds until it is done."""
    st = g.state
    st.held_at_reinforcement = {c: tuple(st.provinces(c)) for c in st.in_play()}
    if favor.on(g):
        favor.kyoto_legitimacy(g)
    for clan in list(st.order):
        if clan in st.eliminated:
            continue
        bond = st.vassals.get(clan)
        if bond is not None and bond.path == ASSAULT:
            continue  # [§8.1.2] the whole treasury is committed to the assault's Ronin
        st.current = clan
        yield from reinforce(g, clan)
    st.current = None
    if st.ninja is not None and st.ninja.mission == ASSASSINATION and not st.ninja_public:
        st.ninja_public = True  # the table sees the figure gone [§9.1]
        g.emit(ev.NinjaGone("§9.1"))


def recruit_places(g, clan: str, unit: str = BUSHI) -> list[str]:
    """[§5.2] Held when the phase began and still held; not sabotaged [§9.1]."""
    st = g.state
    sabotaged = st.ninja.target if st.ninja and st.ninja.mission == SABOTAGE else None
    out = []
    for p in st.held_at_reinforcement.get(clan, ()):
        if st.controller(p) != clan or p == sabotaged:
            continue
        if g.table.v83 and st.stack(p, clan) >= g.table.components.stack_limit:
            continue  # [v83 §3.2] the limit holds after every step
        out.append(p)
    return out


def supply_left(g, clan: str, unit: str = BUSHI) -> int:
    """[§2.1] [v83 §0.3] The clan's pieces not on the board: its Daimyō, or
    its Bushi pieces, which every unit but the Daimyō and Ronin is made of
    [U-21] and which Unrest markers use [§10.5.1]."""
    st, comp = g.state, g.table.components
    if unit == DAIMYO:
        return comp.unit(DAIMYO).count - st.daimyos(clan)
    return comp.unit(BUSHI).count - st.bushi(clan) - st.markers(clan)


def castle_places(g, clan: str) -> list[str]:
    """[§9.2] One castle a clan, in a province it holds, ten in all; the
    Hōjō may rebuild a fallen Fortress in a later round [§2.4]. In v83 the
    limit is one on the map at a time, so any clan builds again once its
    castle has fallen [v83 §9.2]."""
    st = g.state
    if len(st.castles) >= g.table.components.castles:
        return []
    if any(c.builder == clan for c in st.castles.values()):
        return []
    built = st.built_castle.get(clan)
    if built is not None and not g.table.v83 and \
            (g.table.ability(clan) != "unbreakable-wall" or built >= st.round):
        return []
    return [p for p in st.provinces(clan) if p not in st.castles]


def castle_cost(g, clan: str) -> int:
    comp = g.table.components
    return comp.fortress_cost if g.table.ability(clan) == "unbreakable-wall" else \
        comp.castle_cost


def fortify_places(g, clan: str) -> list[str]:
    """[§9.2] Your castle, not yet fortified (the Hōjō Fortress already
    stands at +2 [U-10])."""
    st = g.state
    return [p for p, c in st.castles.items() if st.controller(p) == clan and not c.fortified
            and not (c.fortress and c.builder == clan)]


def reinforce(g, clan: str):
    st, comp = g.state, g.table.components
    while True:
        koku = st.koku[clan]
        options = []
        kinds = [u for u in arms.recruitable(g, clan) if koku >= comp.unit(u).cost]
        if kinds and supply_left(g, clan, BUSHI) > 0:
            what = "Bushi" if kinds == [BUSHI] else "units"
            options += [Option(f"recruit:{p}", f"recruit {what} in {g.names[p]}")
                        for p in recruit_places(g, clan)]
        if arms.nanban(g) and koku >= comp.firearm_cost and firearm_posts(g, clan):
            options.append(Option("firearms", f"buy Firearm Technology ({comp.firearm_cost} "
                                              "Koku)"))
        if st.ninja is None and koku >= comp.ninja_cost and comp.ninja:
            options.append(Option("ninja", f"hire the ninja ({comp.ninja_cost} Koku)"))
        cost = castle_cost(g, clan)
        fortress = g.table.ability(clan) == "unbreakable-wall"
        if koku >= cost:
            options += [Option(f"castle:{p}", f"build {'the Fortress' if fortress else 'a castle'}"
                                              f" in {g.names[p]} ({cost} Koku)")
                        for p in castle_places(g, clan)]
        if ikko.on(g) and koku >= comp.pacify_cost:
            options += [Option(f"pacify:{p}", f"pacify {g.names[p]} ({comp.pacify_cost} Koku)")
                        for p in ikko.pacify_places(g, clan)]
        if koku >= comp.fortify_cost:
            options += [Option(f"fortify:{p}", f"fortify the castle of {g.names[p]} "
                                               f"({comp.fortify_cost} Koku)")
                        for p in fortify_places(g, clan)]
        options.append(Option(DONE, "end reinforcement"))
        answer = yield from ask(g, clan, "reinforce", f"reinforce ({koku} Koku)", options,
                                "§5.1")
        what, _, p = answer.partition(":")
        if what == DONE:
            return
        if what == "recruit":
            kinds = [u for u in arms.recruitable(g, clan) if koku >= comp.unit(u).cost]
            unit = kinds[0] if len(kinds) == 1 else (yield from ask(
                g, clan, "recruit-unit", f"recruit which units in {g.names[p]}?",
                [Option(u, f"{g.names.get(u, u)} ({comp.unit(u).cost} Koku)") for u in kinds],
                "§10.2"))
            yield from recruit(g, clan, p, unit)
        elif what == "firearms":
            yield from buy_firearms(g, clan)
        elif what == "ninja":
            yield from hire_ninja(g, clan)
        elif what == "castle":
            st.koku[clan] -= cost
            st.castles[p] = Castle(clan, fortress=fortress)
            st.built_castle[clan] = st.round
            g.emit(ev.CastleBuilt("§2.4" if fortress else "§9.2", clan, p, fortress, cost))
        elif what == "pacify":
            ikko.pacify(g, clan, p)
        elif what == "fortify":
            st.koku[clan] -= comp.fortify_cost
            st.castles[p].fortified = True
            g.emit(ev.CastleFortified("§9.2", clan, p, comp.fortify_cost))


def firearm_posts(g, clan: str) -> list[str]:
    """[§10.6.2-a] Trading Posts the clan held alone when Reinforcement
    began, if it has no Firearm Technology yet."""
    st = g.state
    if clan in st.firearms:
        return []
    return [p for p in g.table.trading_posts if p in st.held_at_reinforcement.get(clan, ())
            and st.sole(p, clan)]


def buy_firearms(g, clan: str):
    """[§10.6.2] 8 Koku once: the Firearm Technology token, and 3
    Arquebusiers in the Trading Post, as many as the limit of 7 lets in [U-45]."""
    st, comp = g.state, g.table.components
    posts = firearm_posts(g, clan)
    post = posts[0] if len(posts) == 1 else (yield from ask(
        g, clan, "firearms-post", "place the Arquebusiers in which Trading Post?",
        [Option(p, g.names[p]) for p in posts], "§10.6.2"))
    st.koku[clan] -= comp.firearm_cost
    st.firearms.append(clan)
    room = comp.stack_limit - st.stack(post, clan)
    n = max(0, min(comp.firearm_units, room, supply_left(g, clan)))
    units = st.of(post, clan)
    if n:
        units[ARQUEBUSIERS] = units.get(ARQUEBUSIERS, 0) + n
    g.emit(mev.FirearmsBought("§10.6.2", clan, post, n, comp.firearm_cost))


def recruit(g, clan: str, province: str, unit: str = BUSHI):
    """[§5.1] A Koku a Bushi (a unit's own price [§10.2] [§10.6.3]), from
    the clan's own pieces [§2.1]."""
    st, comp = g.state, g.table.components
    cost = comp.unit(unit).cost
    most = min(st.koku[clan] // cost, supply_left(g, clan, unit))
    if g.table.v83:
        most = min(most, comp.stack_limit - st.stack(province, clan))
    n = yield from ask(g, clan, "recruit", f"recruit how many {g.names.get(unit, unit)} in "
                                           f"{g.names[province]}?",
                       [Option(k, f"{k} ({k * cost} Koku)") for k in range(most, 0, -1)],
                       "§5.1", {"province": province})
    st.koku[clan] -= n * cost
    units = st.of(province, clan)
    units[unit] = units.get(unit, 0) + n
    g.emit(ev.Recruited("§5.1", clan, province, unit, n, n * cost))


def hire_ninja(g, clan: str):
    """[§9.1] 3 Koku, until the end of the round [U-4]: a field operation is
    announced with its target at once; an assassination stays hidden."""
    st, comp = g.state, g.table.components
    mission = yield from ask(g, clan, "ninja", "which mission for the ninja?",
                             [Option(m, MISSIONS[m]) for m in MISSIONS
                              if m == ASSASSINATION or field_targets(g, clan, m)], "§9.1")
    if mission == ASSASSINATION:
        st.koku[clan] -= comp.ninja_cost
        st.ninja = Ninja(clan, mission)
        st.ninja_public = False
        g.emit(ev.NinjaHiredCovertly("§9.1", clan, st.seat_of[clan], comp.ninja_cost))
        return
    targets = field_targets(g, clan, mission)
    target = yield from ask(g, clan, "ninja-target", f"{mission}: which province?",
                            [Option(p, g.names[p]) for p in targets], "§9.1")
    st.koku[clan] -= comp.ninja_cost
    st.ninja = Ninja(clan, mission, target)
    st.ninja_public = True
    g.emit(ev.NinjaSentOut("§9.1", clan, mission, target, comp.ninja_cost))


def field_targets(g, clan: str, mission: str) -> list[str]:
    """Sabotage strikes another clan's province; a Diversion shields any
    province with units [§9.1]."""
    st = g.state
    out = [p for p in st.units if st.here(p)]
    if mission == SABOTAGE:
        out = [p for p in out if st.controller(p) not in (None, clan)] or out
    elif glory.anyone_on_path(g):  # [§9.1] [§10.4-e] no Mandate province while a path is walked
        out = [p for p in out if p not in g.table.mandate]
    assert mission in FIELD_OPERATIONS
    return out
