"""What battles change beyond the battlefield: provinces lost and conquered
[SC-12.4] [SC-17.8], lost daimyos [SC-20.1], a player's elimination and what
the eliminating player gains [SC-20.3]-[SC-20.6], experience [SC-19.8] and
the instant victory [SC-23.1]."""

from __future__ import annotations

from tenkatoitsu.core.decisions import Option
from tenkatoitsu.kinds.shogun import events as ev
from tenkatoitsu.kinds.shogun.asking import ask
from tenkatoitsu.kinds.shogun.limits import army_room, ronin_limit
from tenkatoitsu.kinds.shogun.scenario.model import REGULARS
from tenkatoitsu.kinds.shogun.state import OVER, units

STOP = "stop"


class GameOver(Exception):
    """The game ends at once [SC-5.5]: raised through the rules to `play`."""


def level_of(g, army) -> int:
    return g.table.components.experience[army.hole]


def score(g, seat: str) -> int:
    """Provinces held by a seat: both colour sets in the two-player game."""
    st = g.state
    return sum(st.count(h) for h in g.table.houses if g.table.seat_of[h] == seat)


#: how a game ends, in the words results and `sim` count them by
SHOGUN = "Shogun: 35 provinces held"
SHOGUN_AT_ROUND_END = "Shogun at the end of a round"
LAST_STANDING = "the last daimyo standing"
MOST_PROVINCES = "round limit: the most provinces"
DRAW = "round limit: a draw"


def finish(g, winner: str | None, level: str, rule: str) -> None:
    st = g.state
    st.winner, st.level, st.phase = winner, level, OVER
    st.current, st.battle = None, None
    g.emit(ev.ShogunDecided(rule, winner or "", level, {p: score(g, p) for p in g.table.players}))
    raise GameOver(level)


def check_victory(g) -> None:
    """[SC-23.1] 35 provinces win the moment they are held (not in the
    longer game [SC-23.2], nor with two players [SC-24.6]: end of round)."""
    t = g.table
    if t.longer_game or t.two_players:
        return
    for p in t.players:
        if score(g, p) >= t.components.victory:
            finish(g, p, SHOGUN, "SC-23.1")


def lose_province(g, house: str, p: str) -> None:
    """[SC-17.8] The card goes face up to the red rectangle."""
    st = g.state
    st.owner[p] = None
    st.bonus.pop(p, None)
    for hid in st.hidden.values():  # ronin alone never hold a province [SC-12.5]
        x = hid.pop(p, None)
        if x is not None:
            st.ronin_supply += x.total()
    st.ronin_supply += st.force_ronin[p]
    st.force_ronin[p] = 0
    g.emit(ev.ProvinceLost("SC-17.8", house, p))


def conquer(g, house: str, p: str, rule: str = "SC-12.4") -> None:
    st = g.state
    st.owner[p] = house
    g.emit(ev.Conquered(rule, house, p))
    check_victory(g)


def remove_daimyo(g, army, rule: str = "SC-20.1") -> None:
    """[SC-20.2] The daimyo, its marker and experience marker go to the tray;
    a province left with nothing of his goes to the red rectangle."""
    st = g.state
    where = army.at
    for u in REGULARS:
        st.tray[army.house][u] += army.units[u]
    army.units = units()
    st.ronin_supply += army.ronin
    army.ronin, army.hole, army.at = 0, 0, None
    army.assassinated, army.assassin = False, None
    g.emit(ev.DaimyoLost(rule, army.id, where or ""))
    if where and st.owner[where] == army.house and not st.occupied(where):
        lose_province(g, army.house, where)  # nothing of his is left there


def out_of_daimyos(g, house: str, by: str | None):
    """[SC-20.3] A colour without a daimyo is out of the game."""
    if not g.state.living(house):
        yield from eliminate(g, house, by)


def lose_daimyo(g, army, by: str | None, rule: str = "SC-20.1"):
    remove_daimyo(g, army, rule)
    yield from out_of_daimyos(g, army.house, by)


def eliminate(g, x: str, by: str | None):
    """[SC-20.3] Out of the game; [SC-20.4] the eliminating player takes his
    provinces and units and recovers his own lost daimyos. [SC-26.14] The
    loser's koku and hidden ronin go to the master tray, his ninja returns."""
    t, st = g.table, g.state
    if x in st.eliminated:
        return
    st.eliminated.append(x)
    if by in st.eliminated:
        by = None
    mine = st.provinces(x)
    for hid in st.hidden[x].values():
        st.ronin_supply += hid.total()
    st.hidden[x] = {}
    st.koku_supply += st.koku[x]
    st.koku[x] = 0
    if st.ninja == x:
        st.ninja = None
    g.emit(ev.Eliminated("SC-20.3", x, by or "", len(mine)))
    if by is None:
        for p in mine:
            for u in REGULARS:
                st.tray[x][u] += st.force[p][u]
                st.force[p][u] = 0
            lose_province(g, x, p)
    else:
        for p in mine:
            st.owner[p] = by
        for u in REGULARS:  # [SC-20.6] he levies from either colour's tray
            st.tray[by][u] += st.tray[x][u]
            st.tray[x][u] = 0
        st.colours[by] = st.colours[by] + st.colours[x]
        yield from recover(g, by)
    if st.current == x:
        st.current = None
    check_victory(g)
    alive = {t.seat_of[h] for h in t.houses if h not in st.eliminated}
    if len(alive) == 1:
        (p,) = alive
        finish(g, p, LAST_STANDING, "SC-20.3")


def recover(g, h: str):
    """[SC-20.5] Each lost daimyo back on its square, experience in the first
    hole, its marker in a province without one; it may take units from there."""
    st = g.state
    for army in st.armies[h]:
        if army.alive:
            continue
        free = [p for p in sorted(st.provinces(h)) if st.army_at(p) is None]
        if not free:
            return
        p = yield from ask(g, h, "place-army", f"where does the recovered "
                           f"{g.names.get(army.id, army.id)} take the field?",
                           [Option(q, g.names.get(q, q)) for q in free], "SC-20.5",
                           {"army": army.id})
        army.at, army.hole = p, 0
        g.emit(ev.ArmyPlaced("SC-20.5", army.id, p))
        yield from pick_ups(g, army, "SC-20.5")


def pick_ups(g, army, rule: str):
    """Units of the force where the army stands join it, square by square,
    the force's ronin staying within its limit [SC-10.9]."""
    st = g.state
    from_force = st.force[army.at]
    while True:
        keeps = st.force_ronin[army.at] <= ronin_limit(st.force_size(army.at) - 1)
        options = [Option(u, f"take a {u} onto the army card") for u in REGULARS
                   if from_force[u] and army_room(g.table, army, u) and keeps]
        if not options:
            return
        answer = yield from ask(g, army.house, "pick-up", f"{g.names.get(army.id, army.id)}: "
                                "pick up units?", options + [Option(STOP, "no more")], rule,
                                {"army": army.id})
        if answer == STOP:
            return
        from_force[answer] -= 1
        army.units[answer] += 1
        g.emit(ev.PickedUp(rule, army.id, army.at, answer))


def gain_experience(g, army) -> None:
    """[SC-19.8] One hole right, at most once a round; [SC-19.10] never past the last."""
    if army.hole < len(g.table.components.experience) - 1:
        army.hole += 1
    g.emit(ev.ExperienceGained("SC-19.8", army.id, army.hole, level_of(g, army)))
