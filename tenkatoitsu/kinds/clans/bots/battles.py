"""The heuristic's battles [§6.2]: which to fight first, Ronin hired when
they change the odds enough for their Koku [§6.2.4], the hidden ninja's
strike [§9.1], the Ōtomo's re-roll [§2.4], and where its hits fall: on the
Daimyō of a clan that would lose its last one (a vassal of ours [§8.1]),
else on the units that hit hardest — Daimyō, then Bushi, Ronin last (they
leave after the battle anyway [§6.2.4]); its own casualties, when the
option leaves them to the owner, the other way round."""

from __future__ import annotations

from tenkatoitsu.core.decisions import Decision
from tenkatoitsu.kinds.clans.bots import politics
from tenkatoitsu.kinds.clans.bots.reading import MOUNTAINS, Board, split
from tenkatoitsu.kinds.clans.scenario.model import (
    ARCHERS,
    ARQUEBUSIERS,
    DAIMYO,
    RONIN,
    SPEARMEN,
    SWORDSMEN,
)

#: a Koku of the battle reserve spent on Ronin or a re-roll
BATTLE_KOKU = 0.4
#: a hit's preference by unit (higher first); any other unit fights as a Bushi
HIT_ORDER = {DAIMYO: 3, RONIN: 0}
#: among the other units, the hardest hitters first [§10.2-b]
UNIT_ORDER = {ARQUEBUSIERS: 0.4, ARCHERS: 0.3, SWORDSMEN: 0.2, SPEARMEN: 0.1}


def _sides(b: Board, p: str, attacker: str) -> tuple[tuple[int, int], tuple[int, int], int, int]:
    """(attacker's side, the rest as one side (not the attacker's ally),
    attacker's Ronin, the rest's Ronin)."""
    att = split(b.units[p].get(attacker, {}))
    ra = b.units[p].get(attacker, {}).get(RONIN, 0)
    d = bu = rd = 0
    for c, us in b.units[p].items():
        if c == attacker or b.allied(attacker, c):
            continue
        x, y = split(us)
        d, bu, rd = d + x, bu + y, rd + us.get(RONIN, 0)
    return att, (d, bu), ra, rd


def _enemy(b: Board, p: str) -> str | None:
    """The other clan (not our ally) with most units in `p`."""
    others = [(sum(us.values()), c) for c, us in b.units[p].items()
              if c != b.me and not b.allied(b.me, c)]
    return max(others)[1] if others else None


def _worth(b: Board, p: str, attacker: str, ronin_a=0, ronin_d=0, reroll=False,
           dfn_minus: int = 0, betrayal: bool = False) -> float:
    """The battle in `p` as it stands, worth to me (`betrayal`: against my
    ally's units there [§10.1.3])."""
    if betrayal:
        ally = b.ally()
        att = split(b.units[p].get(attacker, {}))
        dfn = split(b.units[p].get(ally, {}))
        res = b.odds_of(p, attacker, att, dfn)
        return b.valuation(p, ally).attack(res, att, dfn)
    att, dfn, ra, rd = _sides(b, p, attacker)
    if dfn_minus:
        dfn = (dfn[0], max(0, dfn[1] - dfn_minus))
    if attacker == b.me:
        res = b.odds_of(p, attacker, att, dfn, ra + ronin_a, rd + ronin_d, reroll)
        return b.valuation(p, _enemy(b, p)).attack(res, att, dfn)
    # I defend: the attacker's side is `att`, mine within `dfn`
    mine = split(b.my_units(p))
    res = b.odds_of(p, attacker, att, mine, ra + ronin_a, rd + ronin_d, reroll)
    val = b.valuation(p, attacker)
    val.gain = b.province_worth(p) if b.ctrl.get(p) in (b.me, None) else 0.0
    return val.defend(res, att, mine)


def battle(bot, b: Board, d: Decision):
    """[§6.2] [U-3] The battle with the best prospects first; an attack on
    the ally only when it is decisive [§10.1.3], else the pact is kept."""
    me = b.me

    def score(v):
        if v in b.units:
            return _worth(b, v, me)
        if str(v).startswith("betray:"):
            p = v.partition(":")[2]
            if p in b.units and politics.betrayal_decisive(b, p):
                return 20.0 + _worth(b, p, me, betrayal=True)
            return -50.0
        return -10.0  # keep the peace
    return bot.best((score(v), v) for v in d.values())


def _koku_cost(b: Board, n: int, p: str | None = None) -> float:
    """What `n` Koku spent in a battle cost: the Koku kept for battles is
    cheap (that is what it is for), the winter's supply dear [§7.1] [§4.2],
    with the mountain province fought for if it is won."""
    keep = 0
    if b.ability() != MOUNTAINS:
        # the mountains held, and those fought for this turn, if all are won
        held = [q for q in b.t.mountain if b.my_units(q) and (
            b.ctrl[q] == b.me or q == p or b.current == b.me)]
        units = sum(b.stack(q) for q in held)
        keep = len(held) + -(-units // 3)
    free = max(0, b.koku - keep)
    cheap = min(n, free)
    return cheap * BATTLE_KOKU + (n - cheap) * 3.0  # two Bushi a Koku short [§4.2]


def ronin(bot, b: Board, d: Decision):
    """[§6.2.4] The number of Ronin that adds most to the battle for its Koku."""
    p = d.context.get("province")
    battle_ = b.view.get("battle") or {}
    attacker = battle_.get("attacker") or b.current
    if p is None or attacker is None:
        return 0
    per = 1
    bond = b.clans[b.me]["vassal"]
    if bond is not None and bond.get("path") == "assault":
        per = b.t.components.assault_ronin_per_koku
    scored = []
    for n in d.values():
        koku = -(-n // per) * b.t.components.ronin_cost
        if attacker == b.me:
            v = _worth(b, p, attacker, ronin_a=n)
        else:
            v = _worth(b, p, attacker, ronin_d=n)
        scored.append((v - _koku_cost(b, koku, p) - 0.01 * n, n))
    return bot.best(scored)


def assassinate(bot, b: Board, d: Decision):
    """[§9.1] Strike when one Bushi fewer changes the battle enough."""
    p = d.context.get("province")
    battle_ = b.view.get("battle") or {}
    attacker = battle_.get("attacker") or b.current
    values = d.values()
    strikes = [v for v in values if v != "keep"]
    if not strikes or p is None:
        return "keep" if "keep" in values else values[0]
    if attacker == b.me:
        gain = _worth(b, p, attacker, dfn_minus=1) - _worth(b, p, attacker)
    else:
        gain = 0.8  # one attacker fewer
    if gain < 0.25 and "keep" in values:
        return "keep"

    def score(v):
        c = v.partition(":")[0]
        return b.count(c) * 0.1 + sum(b.units[p].get(c, {}).values()) * 0.01
    return bot.best((score(v), v) for v in strikes)


def reroll(bot, b: Board, d: Decision):
    """[§2.4] The Ōtomo's re-roll when it is worth its 2 Koku."""
    p = d.context.get("province")
    if p is None:
        return False
    gain = _worth(b, p, b.me, reroll=True) - _worth(b, p, b.me)
    return gain > _koku_cost(b, 2, p)


def _hits_left(bot, b: Board, p: str) -> int:
    battle_ = b.view.get("battle") or {}
    scored = (battle_.get("hits") or {}).get(b.me, 0)
    key = (b.round, battle_.get("attacker"), p, repr(battle_.get("hits")),
           repr(battle_.get("rolls")))
    if bot.hit_key != key:
        bot.hit_key = key
        bot.hits_given = 0
    return max(1, scored - bot.hits_given)


def hit(bot, b: Board, d: Decision):
    """[§6.2.1] Where one of my hits falls; the Ikkō-ikki's hit, when they
    are given by me [U-43], on the leader of the race, its Daimyō first."""
    p = d.context.get("province")
    values = d.values()
    battle_ = b.view.get("battle") or {}
    if b.me not in (battle_.get("sides") or [b.me]):
        def harm(v):
            c, _, u = str(v).partition(":")
            if c == b.ally():
                return -10.0
            lead, _ = b.leader()
            return 3.0 * b.danger(c) + (2.0 if c == lead else 0.0) + HIT_ORDER.get(u, 2)
        return max(values, key=harm)
    left = _hits_left(bot, b, p) if p else 1
    pick = _hit_pick(b, p, values, left)
    bot.hits_given += 1
    return pick


def _hit_pick(b: Board, p: str | None, values: list, left: int):
    by_clan: dict[str, list[str]] = {}
    for v in values:
        c, _, u = v.partition(":")
        by_clan.setdefault(c, []).append(u)
    # a clan that loses its last Daimyō here becomes our vassal [§8.1]
    if p is not None:
        for c, us in by_clan.items():
            if DAIMYO not in us or not b.free(c):
                continue
            here = b.units[p].get(c, {}).get(DAIMYO, 0)
            if here >= b.daimyos(c) and left >= here:
                return f"{c}:{DAIMYO}"

    def score(v):
        c, _, u = v.partition(":")
        row = b.row(c)
        if row is None:  # the Ikkō-ikki's rebels
            return HIT_ORDER.get(u, 2) * 10
        lead = row["provinces"] * 0.05 + (0.5 if row["vassal"] is None else 0.0)
        lead += 2.0 * b.danger(c)
        return HIT_ORDER.get(u, 2) * 10 + lead + UNIT_ORDER.get(u, 0)
    return max(values, key=score)


def hit_whom(bot, b: Board, d: Decision):
    """[§6.2.2] The clan to give a hit to (its owner then picks the unit)."""
    p = d.context.get("province")
    left = _hits_left(bot, b, p) if p else 1
    values = d.values()
    if p is not None:
        for c in values:
            here = b.units[p].get(c, {}).get(DAIMYO, 0)
            if here and b.free(c) and here >= b.daimyos(c) and left >= sum(
                    b.units[p].get(c, {}).values()):
                bot.hits_given += 1
                return c
    bot.hits_given += 1
    return max(values, key=lambda c: (b.danger(c), b.count(c), c))


def casualty(bot, b, d: Decision):
    """My own unit hit: Ronin first, Daimyō last."""
    return min(d.values(), key=lambda u: HIT_ORDER.get(u, 2))
