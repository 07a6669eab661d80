"""A battle [§6.2]: the combat sequence of §6.2.1 — Ronin hired, the hidden
ninja revealed, every unit of every side rolling at once against its target
number [§6.2.3] with the one largest bonus and the one largest penalty of
each type [§0.1], hits given to enemy units, the marked units removed
together, and control decided by who is left."""

from __future__ import annotations

from tenkatoitsu.core.decisions import Option, yes_no
from tenkatoitsu.kinds.clans import arms, favor, fortifications, glory, ikko, pacts, rice
from tenkatoitsu.kinds.clans import events as ev
from tenkatoitsu.kinds.clans.asking import ask
from tenkatoitsu.kinds.clans.fortifications import castle_bonus
from tenkatoitsu.kinds.clans.scenario.model import DAIMYO, KYOTO, MELEE, NEUTRAL, RONIN
from tenkatoitsu.kinds.clans.state import ASSASSINATION, ASSAULT, SABOTAGE, is_bushi
from tenkatoitsu.kinds.clans.vassalage import eliminate_the_fallen, last_daimyo_fell

OTOMO_REROLL = 2  # Koku [§2.4]
#: who chooses the unit each hit falls on: the player who scored it (§6.2.1
#: as written) or the unit's owner (the worked examples' wording)
HITTER, OWNER = "hitter", "owner"


# ---------------------------------------------------------------- modifiers [§0.1]

def attack_modifiers(g, province: str, clan: str) -> tuple[int, int]:
    """(largest bonus, largest penalty) on the attacker's rolls."""
    st = g.state
    bonuses, penalties = [0], [0]
    enemies = [c for c in st.here(province) if c != clan and not st.allied(clan, c)]
    if g.table.ability(clan) == "vanguard" and st.of(province, clan).get(DAIMYO, 0):
        bonuses.append(1)  # [§2.4] Oda: a Daimyō present
    if favor.on(g):  # [§10.7.2] Imperial Censure
        bonuses.append(favor.censure_bonus(g, enemies))
    if pacts.on(g):  # [§10.1.3] the Blood Feud; the betrayer's −1
        bonus, penalty = pacts.attack_mods(g, clan, enemies)
        bonuses.append(bonus)
        penalties.append(penalty)
    return max(bonuses), max(penalties)


def defense_modifiers(g, province: str, clan: str) -> tuple[int, int]:
    """(largest bonus, largest penalty) on a defender's rolls (the
    Ikkō-ikki's neutral Bushi have none [U-43])."""
    st = g.state
    if clan == NEUTRAL:
        return 0, 0
    bonuses = [0, castle_bonus(g, province, clan)]
    if g.table.ability(clan) == "dragons-domain" and \
            province in st.held_at_round.get(clan, ()):
        bonuses.append(1)  # [§2.4] Uesugi: held since the round began
    if province == KYOTO:
        bonuses.append(1)  # [§1.3] defending Kyoto
    attacker = (st.battle or {}).get("attacker")
    if pacts.on(g) and attacker is not None:
        bonuses.append(pacts.defense_bonus(g, clan, attacker))  # [§10.1.3-d] Blood Feud
    penalties = [0]
    if st.ninja and st.ninja.mission == SABOTAGE and st.ninja.target == province:
        penalties.append(1)  # [§9.1] Sabotage
    return max(bonuses), max(penalties)


# ---------------------------------------------------------------- the battle

def sides_in(g, province: str, attacker: str) -> list[str]:
    """The attacker, then every other clan with units there in player order."""
    here = g.state.here(province)
    others = [c for c in g.state.order if c in here and c != attacker]
    others += [c for c in here if c != attacker and c not in others]
    return [attacker] + others


def fight(g, province: str, attacker: str):
    """[§6.2.1] One battle, from the Ronin to the control check."""
    st = g.state
    sides = sides_in(g, province, attacker)
    g.emit(ev.ClashBegan("§6.2", province, attacker, tuple(sides[1:])))
    st.battle = {"province": province, "attacker": attacker, "sides": sides,
                 "rolls": {}, "hits": {}}
    daimyos_before = {c: st.daimyos(c) for c in sides if c != NEUTRAL}
    leader = glory.leading(g) if glory.on(g) else None
    was_stronghold = ikko.on(g) and ikko.stronghold(g, province)
    for clan in sides:
        if clan != NEUTRAL:
            yield from hire_ronin(g, province, clan)
    yield from ninja_strike(g, province, sides)
    reroll = yield from otomo_offer(g, province, attacker)
    felled: list[tuple[str, str]] = []  # (victim, hitter) of each Daimyō hit, in order
    for phase in arms.phases(g):  # [§10.2-c] firearm, ranged, melee
        st.battle["phase"] = phase
        shooting = [c for c in sides if rolls_now(g, province, c, c == attacker, phase)]
        if not shooting:
            continue
        hits = {c: roll(g, province, c, c == attacker, reroll and c == attacker, phase)
                if c in shooting else 0 for c in sides}
        st.battle["hits"] = dict(hits)
        marks = yield from assign(g, province, sides, hits)
        felled += marks.pop("_daimyo")
        remove(g, province, sides, marks, phase)
    dismiss_ronin(g, province, sides)
    fallen = {c: ([h for v, h in felled if v == c] or [None])[-1]
              for c in sides if daimyos_before.get(c) and not st.daimyos(c)}
    st.battle = None
    holder = st.controller(province)
    before = st.turn_holders.get(province)
    g.emit(ev.ClashEnded("§6.2.1", province, holder))
    fortifications.taken(g, province)
    if ikko.on(g):
        if was_stronghold and holder == attacker:
            fallen |= yield from ikko.reconquest(g, province, attacker, came_from(g, province))
            holder = st.controller(province)
        elif before in sides[1:] and holder != before:
            fallen |= yield from ikko.unrest(g, province, before)
            holder = st.controller(province)
    if rice.on(g) and holder == attacker and before != attacker:
        rice.raid(g, province, attacker)  # [§6.2.7] at the end of combat
    if fallen:
        yield from last_daimyo_fell(g, fallen, leader, sides)
    eliminate_the_fallen(g)  # [§8.2] out the moment the last province is lost


def came_from(g, province: str) -> list[str]:
    """Where the attacker's units entering `province` this turn came from."""
    return list(g.state.entered.get(province, ()))


def hire_ronin(g, province: str, clan: str):
    """[§6.2.4] A Koku a Ronin (a vassal on the Gekokujō Assault: two a Koku
    [§8.1.2]), no more Ronin than the player's own Bushi in the battle."""
    st, comp = g.state, g.table.components
    bond = st.vassals.get(clan)
    per = comp.assault_ronin_per_koku if bond is not None and bond.path == ASSAULT else 1
    own = sum(n for u, n in st.of(province, clan).items() if is_bushi(u))
    most = min(own, st.ronin_supply, (st.koku[clan] // comp.ronin_cost) * per)
    if most <= 0:
        return
    n = yield from ask(g, clan, "ronin", f"hire how many Ronin in {g.names[province]}?",
                       [Option(k, f"{k} Ronin") for k in range(most + 1)], "§6.2.4",
                       {"province": province})
    if not n:
        return
    cost = -(-n // per) * comp.ronin_cost
    st.koku[clan] -= cost
    st.ronin_supply -= n
    units = st.of(province, clan)
    units[RONIN] = units.get(RONIN, 0) + n
    g.emit(ev.RoninJoined("§6.2.4" if per == 1 else "§8.1.2", clan, province, n, cost))


def ninja_strike(g, province: str, sides: list[str]):
    """[§9.1] The hidden ninja, revealed at the start of a combat, removes
    one enemy Bushi that has no Daimyō of its clan beside it."""
    st = g.state
    ninja = st.ninja
    if ninja is None or ninja.mission != ASSASSINATION or ninja.used or \
            ninja.holder not in sides:
        return
    options = [Option(f"{c}:{u}", f"a {g.names.get(u, u)} of {g.names[c]}")
               for c in sides if c != ninja.holder and not st.of(province, c).get(DAIMYO)
               for u, n in st.of(province, c).items() if n and is_bushi(u) and u != RONIN]
    if not options:
        return
    options.append(Option("keep", "keep the ninja hidden"))
    answer = yield from ask(g, ninja.holder, "assassinate",
                            f"reveal your ninja in {g.names[province]}?", options, "§9.1",
                            {"province": province})
    if answer == "keep":
        return
    victim, _, unit = answer.partition(":")
    st.of(province, victim)[unit] -= 1
    ninja.used = True
    g.emit(ev.NinjaStruck("§9.1", ninja.holder, province, victim, unit))


def otomo_offer(g, province: str, attacker: str):
    """[§2.4] Ōtomo, attacking, may pay 2 Koku before the dice to re-roll
    its Bushi's failed attack rolls (Ronin fight as Bushi [§6.2.4])."""
    st = g.state
    if g.table.ability(attacker) != "nanban" or st.koku[attacker] < OTOMO_REROLL:
        return False
    yes = yield from ask(g, attacker, "reroll",
                         f"pay {OTOMO_REROLL} Koku to re-roll your Bushi's failed attack "
                         f"rolls in {g.names[province]}?",
                         yes_no("pay for the re-roll", "no"), "§2.4", {"province": province})
    if yes:
        st.koku[attacker] -= OTOMO_REROLL
        g.emit(ev.RerollBought("§2.4", attacker, OTOMO_REROLL))
    return bool(yes)


def rolls_now(g, province: str, clan: str, attacking: bool, phase: str) -> bool:
    return any(n and arms.rolls_in(g, u, phase, attacking)
               for u, n in g.state.of(province, clan).items())


def roll(g, province: str, clan: str, attacking: bool, reroll: bool, phase: str = MELEE) -> int:
    """[§6.2.3] Every unit of the side that rolls in this phase rolls its
    dice at once, against its face with the side's one largest bonus and one
    largest penalty [§0.1]."""
    st = g.state
    if attacking or phase != MELEE:  # a shot is an attack roll, whoever fires it [§10.2-b]
        bonus, penalty = attack_modifiers(g, province, clan)
    else:
        bonus, penalty = defense_modifiers(g, province, clan)
    units = {u: n for u, n in st.of(province, clan).items() if n}
    hits, targets, faces = 0, {}, {}
    for unit, n in units.items():
        base = arms.rolls_in(g, unit, phase, attacking)
        if not base:
            continue
        own = max(bonus, arms.spear_wall(g, unit, units, attacking))
        t = max(2, base - own + penalty)  # a 1 never hits
        dice = list(g.dice.roll(arms.dice_of(g, unit, n, units, phase, attacking),
                                f"{g.names.get(unit, unit)} "
                                + ("attacking" if attacking else "defending")
                                + ("" if phase == MELEE else f" ({phase})"),
                                "§6.2.3", side=clan))
        if reroll and is_bushi(unit):  # [§2.4] Ōtomo's re-roll (Ronin fight as Bushi)
            failed = [d for d in dice if d < t]
            if failed:
                again = g.dice.roll(len(failed), f"{g.names.get(unit, unit)} re-roll",
                                    "§2.4", side=clan)
                dice = [d for d in dice if d >= t] + list(again)
        targets[unit] = t
        faces[unit] = dice
        hits += sum(1 for d in dice if d >= t)
    g.state.battle["rolls"][clan] = faces
    g.emit(ev.HitsScored("§6.2.3" if phase == MELEE else "§10.2-c", clan, hits, targets,
                         bonus, penalty, attacking))
    return hits


def assign(g, province: str, sides: list[str], hits: dict[str, int]):
    """[§6.2.1] [§6.2.2] Each player gives its hits to enemy units, those
    attacked first (in player order), then the attacker; a unit takes one
    hit. Returns the marks: clan -> unit -> count, and who marked each Daimyō."""
    st = g.state
    marks = {c: {} for c in sides}
    daimyo_marks: list[tuple[str, str]] = []  # (victim, hitter) in order
    # the attacker first [§6.2.1]; with three or more, those attacked first [§6.2.2]
    order = sides if len(sides) == 2 else sides[1:] + sides[:1]
    for hitter in order:
        for _ in range(hits[hitter]):
            left = {c: {u: n - marks[c].get(u, 0) for u, n in st.of(province, c).items()
                        if n - marks[c].get(u, 0) > 0}
                    for c in sides if c != hitter and not st.allied(hitter, c)}
            pool = [(c, u) for c, us in left.items() for u in us]
            if not pool:
                break
            victim, unit = yield from choose_casualty(g, province, hitter, left, sides)
            marks[victim][unit] = marks[victim].get(unit, 0) + 1
            if unit == DAIMYO:
                daimyo_marks.append((victim, hitter))
            g.emit(ev.HitAssigned("§6.2.1", hitter, victim, unit))
    marks["_daimyo"] = daimyo_marks
    return marks


def neutral_hand(g, sides: list[str], victims: list[str]) -> str:
    """[U-43] Who gives the Ikkō-ikki's hits: the first player in order not
    in the battle, else the one they fall on."""
    st = g.state
    return next((c for c in st.order if c not in sides and c not in st.eliminated), victims[0])


def choose_casualty(g, province: str, hitter: str, left: dict, sides: list[str]):
    """Which enemy unit a hit falls on: the hitter chooses (the option
    `casualties` may leave the unit to its owner)."""
    victims = [c for c, us in left.items() if us]
    hand = neutral_hand(g, sides, victims) if hitter == NEUTRAL else hitter
    if g.table.options.casualties == OWNER:
        if len(victims) == 1:
            victim = victims[0]
        else:
            victim = yield from ask(g, hand, "hit-whom", "give a hit to whom?",
                                    [Option(c, g.names[c]) for c in victims], "§6.2.2",
                                    {"province": province})
        if victim == NEUTRAL:
            return victim, next(iter(left[victim]))
        unit = yield from ask(g, victim, "casualty", "which of your units is hit?",
                              [Option(u, g.names.get(u, u)) for u in left[victim]], "§6.2.1",
                              {"province": province})
        return victim, unit
    options = [Option(f"{c}:{u}", f"a {g.names.get(u, u)} of {g.names[c]}")
               for c in victims for u in left[c]]
    who = "" if hand == hitter else f"the {g.names[hitter]}'s hit: "
    answer = yield from ask(g, hand, "hit", f"{who}give a hit to which enemy unit?", options,
                            "§6.2.1", {"province": province})
    victim, _, unit = answer.partition(":")
    return victim, unit


def remove(g, province: str, sides: list[str], marks: dict, phase: str = MELEE) -> None:
    """[§6.2.1] All marked units leave at once (under Specialized Warfare,
    at the end of each phase [§10.2-c])."""
    st = g.state
    losses = {}
    for c in sides:
        units = st.of(province, c)
        lost = {u: min(n, units.get(u, 0)) for u, n in marks[c].items()}
        for u, n in lost.items():
            units[u] -= n
        st.ronin_supply += lost.get(RONIN, 0)  # a Ronin hit goes home too [§6.2.4]
        losses[c] = {u: n for u, n in lost.items() if n}
    g.emit(ev.CasualtiesRemoved("§6.2.1" if phase == MELEE else "§10.2-c", province, losses))


def dismiss_ronin(g, province: str, sides: list[str]) -> None:
    """[§6.2.4] After the combat every Ronin goes back to the supply."""
    st = g.state
    for c in sides:
        units = st.of(province, c)
        if units.get(RONIN):
            st.ronin_supply += units[RONIN]
            units[RONIN] = 0
