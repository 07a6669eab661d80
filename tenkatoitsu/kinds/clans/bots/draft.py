"""The heuristic's draft [§2.2.2], looking ahead to the picks still to come.

A drafted clan's chance of winning is read from the map alone, as a
softmax over the drafted clans of three things: what its home and ability
are worth, its room (the provinces nearer its home than any other drafted
home by two steps or more: land it takes before anyone can dispute it) and
its crowding (the drafted homes within three steps of its own, which fight
it from the first rounds). The weights were fitted on games of heuristic
bots after a random draft; `python3 benchmarks/clans_bots.py --draft-fit N`
plays N such games with the bot as it is and prints a new fit.

Each pick weighs a clan by its chance once every later player has picked
the best for itself, within the Regional Restriction (the first three picks
from three regions). So the last players do not leave a clan alone in the
West's open land [§2.2.1] — they join it there, or take the clans the
crowded centre and east leave with room — and the first one knows it.

The bot does not always take the best: it draws its pick from its own
stream, each clan with odds of the square root of its chance. A drafter
who always takes the same clan is read by the table, and a clan that is
never drafted is a clan the balance figures know nothing of."""

from __future__ import annotations

import math

from tenkatoitsu.core.decisions import Decision

#: the weights of the chance: a province of room (nearer our home than any
#: other drafted home by two steps or more), a drafted home within three steps
ROOM = 0.154
MARGIN = 2
CROWD = 0.214
NEAR = 3
#: what the clan's home and ability are worth beyond those (by its ability,
#: the one thing a clan has of its own [§2.4])
STRENGTH = {
    "western-seas": 1.89,  # Shimazu, Satsuma
    "nanban": 0.55,  # Ōtomo, Bungo
    "inland-sea": 0.69,  # Mōri, Aki
    "vanguard": -1.05,  # Oda, Owari
    "mountains": 1.15,  # Tokugawa, Mikawa
    "island-economy": 0.91,  # Chōsokabe, Tosa
    "wind-of-kai": -2.39,  # Takeda, Kai
    "dragons-domain": -0.29,  # Uesugi, Echigo
    "unbreakable-wall": -1.47,  # Hōjō, Sagami
}
#: a pick is drawn with odds of its chance to this power: the better clans
#: more often, every clan some of the time
DRAW_POWER = 0.5
#: the regions of the first picks [§2.2.2.2]
RESTRICTED = 3

_CACHE: dict = {}


def _signature(t) -> tuple:
    return (tuple((c.id, c.home, c.region) for c in t.clans), len(t.neighbours),
            len(t.players))


def _memo(t) -> dict:
    return _CACHE.setdefault(_signature(t), {"leaf": {}, "solve": {}})


def features(t, dist: dict, clans) -> dict[str, tuple[str, int, int]]:
    """Each drafted clan's ability, room and crowding (what its chance is
    read from)."""
    homes = {c: t.clan(c).home for c in clans}
    room = dict.fromkeys(homes, 0)
    for q in dist:
        ds = sorted((dist[h].get(q, 99), c) for c, h in homes.items())
        if len(ds) == 1 or ds[1][0] - ds[0][0] >= MARGIN:
            room[ds[0][1]] += 1
    return {c: (t.clan(c).ability, room[c],
                sum(1 for o in homes if o != c and dist[h].get(homes[o], 99) <= NEAR))
            for c, h in homes.items()}


def chances(t, dist: dict, clans) -> dict[str, float]:
    """Each drafted clan's chance, from the map and the homes alone."""
    memo = _memo(t)["leaf"]
    key = frozenset(clans)
    got = memo.get(key)
    if got is not None:
        return got
    score = {c: STRENGTH.get(ability, 0.0) + ROOM * room - CROWD * crowd
             for c, (ability, room, crowd) in features(t, dist, key).items()}
    top = max(score.values())
    z = sum(math.exp(v - top) for v in score.values())
    got = {c: math.exp(v - top) / z for c, v in score.items()}
    memo[key] = got
    return got


def draftable(t, taken) -> list[str]:
    """[§2.2.2.2] The clans still free; the first three from unclaimed regions."""
    claimed = {t.clan(c).region for c in taken}
    out = [c.id for c in t.clans if c.id not in taken]
    if len(taken) < RESTRICTED:
        out = [c for c in out if t.clan(c).region not in claimed]
    return out


def solve(t, dist: dict, taken: frozenset, seats: int) -> dict[str, float]:
    """The drafted clans' chances once every player still to pick has taken
    the clan that is best for it, the same way."""
    memo = _memo(t)["solve"]
    key = (taken, seats)
    got = memo.get(key)
    if got is not None:
        return got
    if len(taken) >= seats:
        got = chances(t, dist, taken)
    else:
        best = None
        for c in draftable(t, taken):
            res = solve(t, dist, taken | {c}, seats)
            if best is None or res[c] > best[0]:
                best = (res[c], res)
        got = best[1] if best else chances(t, dist, taken)
    memo[key] = got
    return got


def draft(bot, b, d: Decision):
    """A clan drawn by its chance after the picks still to come."""
    t = bot.table
    taken = frozenset(d.context.get("taken", []))
    seats = len(t.players)
    values = list(d.values())
    weights = [solve(t, bot.dist, taken | {v}, seats).get(v, 0.0) ** DRAW_POWER for v in values]
    if not any(weights):
        return values[0]
    return bot.rng.choices(values, weights=weights)[0]
