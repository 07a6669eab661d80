"""The twelve tactic cards [5.1]-[5.12]: each effect's complete plays and
what it does. "Soldier" means a soldier cube, never the daimyo [5.D] [7]:
the daimyo is neither moved by these cards nor counted for their conditions."""

from __future__ import annotations

from itertools import product

from tenkatoitsu.areamap import LAND, SEA
from tenkatoitsu.kinds.castles import moves
from tenkatoitsu.kinds.castles.targeting import Effect


def _mine(t, st, me, at_least=1):
    return [a for a in t.board.ids() if st.own(a, me) >= at_least]


def _enemies_in(t, st, me, area, at_least=1):
    return [p for p in t.opponents(me) if st.own(area, p) >= at_least]


# [5.1] Scout: 1 of your soldiers to an adjacent area.
def _scout(t, st, me):
    for a in _mine(t, st, me):
        for b in t.board.neighbours(a):
            yield (a, b)


def _move_one(t, st, me, play, emit, rule="5.1"):
    moves.move(st, me, play[0], play[1], 1, rule, me, emit)


# [5.2] Over the Mountain, [5.3] Marine: 2 soldiers of one area to an
# adjacent area joined by land (by sea).
def _pair_by(via):
    def plays(t, st, me):
        for a in _mine(t, st, me, 2):
            for b in t.board.neighbours(a, via):
                yield (a, b)
    return plays


def _move_two(rule):
    def apply(t, st, me, play, emit):
        moves.move(st, me, play[0], play[1], 2, rule, me, emit)
    return apply


# [5.4] Sub Squad: half your soldiers of one area (rounded down; 2 at least
# there) to an adjacent area.
def _sub_squad(t, st, me):
    for a in _mine(t, st, me, 2):
        for b in t.board.neighbours(a):
            yield (a, b)


def _sub_squad_apply(t, st, me, play, emit):
    a, b = play
    moves.move(st, me, a, b, st.own(a, me) // 2, "5.4", me, emit)


# [5.5] Ninja: 1 of your soldiers to any other area where you have a soldier.
def _ninja(t, st, me):
    mine = _mine(t, st, me)
    for a in mine:
        for b in mine:
            if b != a:
                yield (a, b)


# [5.6] Entering Kyo: any number of your soldiers from one or more areas
# adjacent to Kyō into Kyō (one at least). A step per area: "area:count".
def _kyo_sources(t, st, me):
    return [a for a in t.board.neighbours(t.kyo) if st.own(a, me) >= 1] if t.kyo else []


def _entering_kyo(t, st, me):
    sources = _kyo_sources(t, st, me)
    for counts in product(*(range(st.own(a, me) + 1) for a in sources)):
        if any(counts):
            yield tuple(f"{a}:{n}" for a, n in zip(sources, counts))


def _entering_kyo_apply(t, st, me, play, emit):
    for step in play:
        a, n = step.split(":")
        moves.move(st, me, a, t.kyo, int(n), "5.6", me, emit)


# [5.7] Support: 1 soldier from your stock to an area where you have one.
def _support(t, st, me):
    if st.stock[me] >= 1:
        for a in _mine(t, st, me):
            yield (a,)


def _support_apply(t, st, me, play, emit):
    moves.place_from_stock(st, me, play[0], 1, "5.7", emit)


# [5.8] Rebel: an enemy soldier goes to its stock, one of yours from stock
# takes its place.
def _rebel(t, st, me):
    if st.stock[me] >= 1:
        for a in t.board.ids():
            for p in _enemies_in(t, st, me, a):
                yield (a, p)


def _rebel_apply(t, st, me, play, emit):
    moves.replace(st, me, play[1], play[0], "5.8", emit)


# [5.9] Exile: from an area where you have soldiers, 1 enemy soldier to an
# adjacent area.
def _exile(t, st, me):
    for a in _mine(t, st, me):
        for p in _enemies_in(t, st, me, a):
            for b in t.board.neighbours(a):
                yield (a, p, b)


def _enemy_move(rule):
    def apply(t, st, me, play, emit):
        a, p, b = play
        moves.move(st, p, a, b, 1, rule, me, emit)
    return apply


# [5.10] Prisoner: 1 enemy soldier from any area to an adjacent area where
# you have soldiers.
def _prisoner(t, st, me):
    for a in t.board.ids():
        for p in _enemies_in(t, st, me, a):
            for b in t.board.neighbours(a):
                if st.own(b, me) >= 1:
                    yield (a, p, b)


# [5.11] Decoy: from one area, 1 of your soldiers and 2 of one opponent's to
# the same adjacent area.
def _decoy(t, st, me):
    for a in _mine(t, st, me):
        for p in _enemies_in(t, st, me, a, 2):
            for b in t.board.neighbours(a):
                yield (a, p, b)


def _decoy_apply(t, st, me, play, emit):
    a, p, b = play
    moves.move(st, me, a, b, 1, "5.11", me, emit)
    moves.move(st, p, a, b, 2, "5.11", me, emit)


# [5.12] Retreat (errata: 2, not 3): 2 of your soldiers from anywhere to
# your stock, from one area or two.
def _retreat(t, st, me):
    mine = _mine(t, st, me)
    for i, a in enumerate(mine):
        if st.own(a, me) >= 2:
            yield (a, a)
        for b in mine[i + 1:]:
            yield (a, b)


def _retreat_apply(t, st, me, play, emit):
    for a in play:
        moves.to_stock(st, me, a, 1, "5.12", emit)


FROM, TO = "from which area?", "to which area?"
WHOSE = "whose soldier?"
TACTICS = {e.id: e for e in (
    Effect("scout", "5.1", _scout, _move_one, (FROM, TO)),
    Effect("over-the-mountain", "5.2", _pair_by(LAND), _move_two("5.2"), (FROM, TO)),
    Effect("marine", "5.3", _pair_by(SEA), _move_two("5.3"), (FROM, TO)),
    Effect("sub-squad", "5.4", _sub_squad, _sub_squad_apply, (FROM, TO)),
    Effect("ninja", "5.5", _ninja, lambda t, st, me, p, e: _move_one(t, st, me, p, e, "5.5"),
           (FROM, TO)),
    Effect("entering-kyo", "5.6", _entering_kyo, _entering_kyo_apply,
           ("how many from this area into Kyō?",)),
    Effect("support", "5.7", _support, _support_apply, ("which area?",)),
    Effect("rebel", "5.8", _rebel, _rebel_apply, ("in which area?", WHOSE)),
    Effect("exile", "5.9", _exile, _enemy_move("5.9"), (FROM, WHOSE, TO)),
    Effect("prisoner", "5.10", _prisoner, _enemy_move("5.10"), (FROM, WHOSE, TO)),
    Effect("decoy", "5.11", _decoy, _decoy_apply, (FROM, "whose two soldiers?", TO)),
    Effect("retreat", "5.12", _retreat, _retreat_apply,
           ("first soldier from which area?", "second soldier from which area?")),
)}
