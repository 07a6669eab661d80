"""The heuristic's politics: Honor Pacts [§10.1] — offered to and accepted
from a neighbour that is not running away with the game, kept while both
have other fronts, dissolved with a Koku in the fist once the partner leads
the race or stands in the way — and the Emperor's Favor [§10.7]: Legitimacy
saved for the Appointed Shogun while Kyoto is ours, Imperial Edicts spent
where they stop a rival's victory or open a province to us (a Legitimate
Claim), or back our attacks on the leader (an Imperial Censure).

Betrayal [§10.1.3] is decided with the battles (battles.py): only when it is
decisive — the ally would win at this phase's check, or the province is our
own winning one."""

from __future__ import annotations

from tenkatoitsu.core.decisions import Decision
from tenkatoitsu.kinds.clans.bots import odds
from tenkatoitsu.kinds.clans.bots.reading import LEGITIMACY, Board, split
from tenkatoitsu.kinds.clans.scenario.model import (
    ARCHERS,
    ARQUEBUSIERS,
    DAIMYO,
    KYOTO,
    NEUTRAL,
    RONIN,
    SWORDSMEN,
)

NONE = "none"
CONTINUE, DISSOLVE = "continue", "dissolve"
CLAIM, CENSURE, STOP = "claim", "censure", "stop"
#: the units a Legitimate Claim removes first (the hardest hitters)
CLAIM_FIRST = {ARQUEBUSIERS: 4, ARCHERS: 3, SWORDSMEN: 2}


# ---------------------------------------------------------------- Honor Pacts [§10.1]

def border(b: Board, clan: str) -> int:
    """Pairs of neighbouring provinces, one ours and one `clan`'s."""
    theirs = set(b.held_by(clan))
    return sum(1 for p in b.mine() for q in b.t.neighbours[p] if q in theirs)


def runaway(b: Board, clan: str) -> bool:
    """`clan` leads the race clearly, or is near a victory: no pact with it."""
    lead, ahead = b.leader()
    return b.danger(clan) >= 0.5 or (clan == lead and ahead >= 2)


def candidates(b: Board) -> list[str]:
    """Free neighbours without a pact that are not running away with the game."""
    out = []
    for c in b.rivals():
        if not b.free(c) or b.ally(c) is not None or runaway(b, c):
            continue
        if border(b, c) >= 2:
            out.append(c)
    return out


def pact_offer(bot, b: Board, d: Decision):
    """[§10.1.1] 1 Koku to offer, 2 to pledge: to the neighbour we share the
    longest border with, so that both may face the others (and the leader)."""
    comp = b.t.components
    values = d.values()
    if b.koku < comp.pact_offer + comp.pact_pledge or not b.free(b.me):
        return NONE
    ok = [c for c in candidates(b) if c in values]
    if not ok:
        return NONE
    return bot.best((border(b, c) + 0.1 * b.count(c), c) for c in ok)


def pact_accept(bot, b: Board, d: Decision):
    """[§10.1.1-d] Accept a neighbour's offer unless it leads the race (or is
    near a victory): a pact frees it for the others as much as us."""
    other = d.context.get("from")
    if other is None or other not in b.clans:
        return False
    if runaway(b, other):
        return False
    lead, ahead = b.leader()
    if lead is not None and ahead < -2 and border(b, other) == 0:
        return False  # we lead: a pact with a stranger only locks a pledge
    return border(b, other) >= 1 or b.count(b.me) <= 3


def fist(bot, b: Board, d: Decision):
    """[§10.1.4] A Koku in the fist (dissolve) when the partner leads the
    race or is near a victory, or when it is all that stands between us and
    more land; else an empty fist."""
    partner = b.ally()
    if partner is None or not b.free(partner):
        return DISSOLVE
    if runaway(b, partner):
        return DISSOLVE
    ours = set(b.mine())
    other_fronts = 0
    for p in ours:
        for q in b.t.neighbours[p]:
            c = b.ctrl[q]
            if q in ours:
                continue
            if b.empty(q) or (c is not None and c != partner) or b.strangers(q):
                other_fronts += 1
    if other_fronts == 0 and border(b, partner) > 0:
        return DISSOLVE
    return CONTINUE


def betrayal_decisive(b: Board, p: str) -> bool:
    """[§10.1.3] Attacking the ally in `p` is worth the pool, the −1 and the
    Blood Feud only if it stops the ally winning at this phase's check, or
    if `p` makes our own count."""
    ally = b.ally()
    if ally is None:
        return False
    if b.danger(ally) >= 0.99:
        return True
    return b.ctrl.get(p) == ally and b.count(b.me) + 1 >= b.target


# ---------------------------------------------------------------- the Emperor's Favor [§10.7]

def claim_value(b: Board, p: str) -> tuple[float, str | None]:
    """What a Legitimate Claim on `p` is worth to us, and the owner whose
    Bushi it takes: a province emptied of its holder's units (lost to it;
    ours to walk into if we are next to it), Kyoto above all when its
    holder gathers Legitimacy."""
    best, who = 0.0, None
    comp = b.t.components
    ally = b.ally()
    for o, us in b.units[p].items():
        if o in (b.me, NEUTRAL) or o == ally or o not in b.clans or us.get(DAIMYO):
            continue
        _, bu = split(us)
        if not bu:
            continue
        v = min(bu, comp.claim_bushi) * (odds.BUSHI_THEIRS - 0.4)  # each owner is paid a Koku
        if bu <= comp.claim_bushi and b.ctrl[p] == o and not us.get(RONIN):
            v += b.loss_to(o, p)
            if any(b.ctrl[q] == b.me or b.my_units(q) for q in b.t.neighbours[p]):
                v += 0.6 * b.province_worth(p)
            if p == KYOTO:
                v += 2.0 + LEGITIMACY * b.legitimacy(o)
        if v > best:
            best, who = v, o
    return best, who


def _claim_plan(b: Board) -> tuple[float, str | None]:
    best, where = 0.0, None
    for p in b.units:
        v, _ = claim_value(b, p)
        if v > best:
            best, where = v, p
    return best, where


def _censure_plan(b: Board) -> tuple[float, str | None]:
    """An Imperial Censure is worth our fronts against the clan (every
    attack on it this round at +1), more against the leader of the race."""
    best, who = 0.0, None
    ally = b.ally()
    for c in b.rivals():
        if c == ally or not b.free(c):
            continue
        fronts = sum(1 for p in b.held_by(c)
                     if any(b.my_units(q) for q in b.t.neighbours[p]))
        v = 0.8 * fronts + 6.0 * b.danger(c)
        lead, ahead = b.leader()
        if c == lead and ahead > 0:
            v += min(3.0, ahead)
        if v > best:
            best, who = v, c
    return best, who


def edict(bot, b: Board, d: Decision):
    """[§10.7.2] One edict before moving: nothing while the Legitimacy is
    better saved for the Appointed Shogun (Kyoto ours); else the claim or
    the censure worth more than the Legitimacy it costs."""
    values = d.values()
    comp = b.t.components
    have = b.legitimacy()
    kyoto = b.ctrl.get(KYOTO) == b.me
    # a point is dear while Kyoto is ours and the Appointed Shogun near
    dear = LEGITIMACY * (2.0 if kyoto else 0.7)
    options = []
    if CLAIM in values:
        v, where = _claim_plan(b)
        options.append((v - dear * comp.claim_cost, CLAIM, where))
    if CENSURE in values:
        v, who = _censure_plan(b)
        options.append((v - dear * comp.censure_cost, CENSURE, who))
    options = [o for o in options if o[0] > 0 and o[2] is not None]
    if kyoto and have + comp.legitimacy_per_round >= comp.appointed_shogun:
        options = []  # the Appointed Shogun next turn: spend nothing
    if not options:
        return NONE if NONE in values else values[0]
    _, what, target = max(options)
    bot.edict_target = target
    return what


def claim(bot, b: Board, d: Decision):
    values = d.values()
    target = getattr(bot, "edict_target", None)
    if target in values:
        return target
    return bot.best((claim_value(b, p)[0], p) for p in values)


def censure(bot, b: Board, d: Decision):
    values = d.values()
    target = getattr(bot, "edict_target", None)
    if target in values:
        return target
    return bot.best((6.0 * b.danger(c) + b.count(c) * 0.1, c) for c in values)


def claim_bushi(bot, b: Board, d: Decision):
    """Which Bushi the claim removes: the owner's whose loss matters most
    (never the ally's), its hardest hitters first; stop when only those
    not worth a Koku to their owner are left."""
    values = d.values()
    ally = b.ally()

    def score(v):
        o, _, u = str(v).partition(":")
        if o == ally:
            return -10.0
        return b.loss_to(o, d.context.get("province") or "") + CLAIM_FIRST.get(u, 1) * 0.1
    units = [v for v in values if v != STOP]
    if not units:
        return STOP
    best = max(units, key=score)
    if score(best) < 0 and STOP in values:
        return STOP
    return best
