"""The six daimyo cards of the advanced rules [5.D]: each is played once,
instead of deploying or a tactic card, and acts from the area of the
player's daimyo. Steps that move a piece read "piece>area" ("soldier>kyo",
"blue>kiyosu"). As with the tactic cards, "Soldier" never means the daimyo."""

from __future__ import annotations

from tenkatoitsu.areamap import LAND, SEA
from tenkatoitsu.kinds.castles import moves
from tenkatoitsu.kinds.castles.targeting import Effect, sequences

SOLDIER, DAIMYO = "soldier", "daimyo"
ALONE, WITH_SOLDIER = "alone", "with a soldier"


def _home(st, me):
    return st.daimyo_at.get(me)


def _split(step: str) -> tuple[str, str]:
    piece, _, area = step.partition(">")
    return piece, area


# Uesugi Kenshin: up to 3 of your soldiers from the daimyo's area to
# adjacent land areas.
def _uesugi(t, st, me):
    d = _home(st, me)
    if d is None:
        return iter(())
    dests = t.board.neighbours(d, LAND)
    return sequences(lambda used: iter(dests),
                     lambda used, s: sum(used.values()) < st.own(d, me), 3)


def _uesugi_apply(t, st, me, play, emit):
    d = _home(st, me)
    for b in play:
        moves.move(st, me, d, b, 1, "5.D", me, emit)


# Oda Nobunaga: the daimyo to an adjacent area, and 1 soldier with it if
# the player wishes.
def _oda(t, st, me):
    d = _home(st, me)
    if d is None:
        return
    for b in t.board.neighbours(d):
        yield (b, ALONE)
        if st.own(d, me) >= 1:
            yield (b, WITH_SOLDIER)


def _oda_apply(t, st, me, play, emit):
    d, (b, company) = _home(st, me), play
    moves.move_daimyo(st, me, b, "5.D", emit)
    if company == WITH_SOLDIER:
        moves.move(st, me, d, b, 1, "5.D", me, emit)


# Chōsokabe Motochika: up to 3 units (soldiers or the daimyo) from the
# daimyo's area to adjacent areas joined by sea.
def _chosokabe(t, st, me):
    d = _home(st, me)
    if d is None:
        return iter(())
    dests = t.board.neighbours(d, SEA)
    steps = [f"{p}>{b}" for p in (SOLDIER, DAIMYO) for b in dests]

    def take(used, step):
        piece = _split(step)[0]
        n = sum(k for s, k in used.items() if _split(s)[0] == piece)
        return n < (st.own(d, me) if piece == SOLDIER else 1)

    return sequences(lambda used: iter(steps), take, 3)


def _chosokabe_apply(t, st, me, play, emit):
    d = _home(st, me)
    for step in play:
        piece, b = _split(step)
        if piece == DAIMYO:
            moves.move_daimyo(st, me, b, "5.D", emit)
        else:
            moves.move(st, me, d, b, 1, "5.D", me, emit)


# Takeda Shingen: up to 3 opponents' soldiers from the daimyo's area to
# adjacent areas.
def _takeda(t, st, me):
    d = _home(st, me)
    if d is None:
        return iter(())
    steps = [f"{p}>{b}" for p in t.opponents(me) if st.own(d, p) >= 1
             for b in t.board.neighbours(d)]

    def take(used, step):
        p = _split(step)[0]
        return sum(k for s, k in used.items() if _split(s)[0] == p) < st.own(d, p)

    return sequences(lambda used: iter(steps), take, 3)


def _takeda_apply(t, st, me, play, emit):
    d = _home(st, me)
    for step in play:
        p, b = _split(step)
        moves.move(st, p, d, b, 1, "5.D", me, emit)


# Mōri Motonari: 1 soldier from stock in an area adjacent to the daimyo, up
# to 3 times, each in another area.
def _mori(t, st, me):
    d = _home(st, me)
    if d is None:
        return iter(())
    dests = t.board.neighbours(d)
    return sequences(lambda used: iter(dests),
                     lambda used, b: not used.get(b) and sum(used.values()) < st.stock[me], 3)


def _mori_apply(t, st, me, play, emit):
    for b in play:
        moves.place_from_stock(st, me, b, 1, "5.D", emit)


# Ōtomo Sōrin: in up to 2 different areas adjacent to the daimyo, an enemy
# soldier goes to its stock and one of yours from stock takes its place.
def _otomo(t, st, me):
    d = _home(st, me)
    if d is None:
        return iter(())
    steps = [f"{p}>{b}" for b in t.board.neighbours(d) for p in t.opponents(me)
             if st.own(b, p) >= 1]

    def take(used, step):
        area = _split(step)[1]
        if any(_split(s)[1] == area and k for s, k in used.items()):
            return False
        return sum(used.values()) < st.stock[me]

    return sequences(lambda used: iter(steps), take, 2)


def _otomo_apply(t, st, me, play, emit):
    for step in play:
        p, b = _split(step)
        moves.replace(st, me, p, b, "5.D", emit)


PIECE_TO = "which piece, to which area?"
DAIMYO_CARDS = {e.id: e for e in (
    Effect("uesugi", "5.D", _uesugi, _uesugi_apply, ("to which land area?",), True, True),
    Effect("oda", "5.D", _oda, _oda_apply, ("to which area?", "alone or with a soldier?"),
           False, True),
    Effect("chosokabe", "5.D", _chosokabe, _chosokabe_apply, (PIECE_TO,), True, True),
    Effect("takeda", "5.D", _takeda, _takeda_apply, ("whose soldier, to which area?",),
           True, True),
    Effect("mori", "5.D", _mori, _mori_apply, ("place a soldier in which area?",), True, True),
    Effect("otomo", "5.D", _otomo, _otomo_apply, ("replace whose soldier, in which area?",),
           True, True),
)}
