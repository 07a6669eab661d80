"""The heuristic's draft [§2.2.2], looking ahead to the picks still to come.

Each pick takes the clan whose chance of winning is best once every later
player has picked the same way, within the Regional Restriction (the first
three picks from three regions). So the last players do not leave a clan
alone with the most open land — they go where they can still contest it —
and the first one knows they will. A little noise of the bot's own stream
varies the picks of near equals.

A drafted clan's chance is read from the draft book when the map is the one
the book was played on (bots/draft_book.json: for every set of clans a
draft may end with, each clan's wins in games of heuristic bots; written by
`python3 benchmarks/clans_bots.py --draft-book N`), the book's count drawn
towards a model of the map (the weight of `PRIOR` games). The model alone
serves any other map: a softmax of each clan's strength (its home and
ability: `STRENGTH`, fitted on games of heuristic bots after a random draft,
`--draft-fit N`), less what each other drafted clan of its region takes from
it (`MATE`). The chances of a set of clans in a game of a module are read
as those of the core game."""

from __future__ import annotations

import json
import math
from pathlib import Path

from tenkatoitsu.core.decisions import Decision

#: what a clan is worth by its home and ability (by its ability, the one
#: thing a clan has of its own [§2.4]), and what each other drafted clan of
#: its region takes from it
STRENGTH = {
    "western-seas": 1.54,  # Shimazu, Satsuma
    "nanban": 1.82,  # Ōtomo, Bungo
    "inland-sea": 1.17,  # Mōri, Aki
    "vanguard": -1.44,  # Oda, Owari
    "mountains": 0.15,  # Tokugawa, Mikawa
    "island-economy": 0.87,  # Chōsokabe, Tosa
    "wind-of-kai": -2.26,  # Takeda, Kai
    "dragons-domain": -0.18,  # Uesugi, Echigo
    "unbreakable-wall": -1.66,  # Hōjō, Sagami
}
MATE = 0.49
#: the book's count is drawn towards the model by this many games
PRIOR = 8.0
#: the chances of the picks differ by up to this at random
DRAFT_NOISE = 0.02
#: the regions of the first picks [§2.2.2.2]
RESTRICTED = 3
BOOK_FILE = Path(__file__).with_name("draft_book.json")

_CACHE: dict = {}
_BOOK: dict | None = None


def signature(t) -> list:
    """The map and clans a book was played on."""
    return [[c.id, c.home, c.region, c.ability] for c in t.clans] + [len(t.neighbours)]


def _book(t) -> dict:
    """The draft book of this map for this number of seats, or {}."""
    global _BOOK
    if _BOOK is None:
        try:
            _BOOK = json.loads(BOOK_FILE.read_text())
        except (OSError, ValueError):
            _BOOK = {}
    if _BOOK.get("signature") != signature(t):
        return {}
    return (_BOOK.get("books") or {}).get(str(len(t.players)), {}).get("sets", {})


def _memo(t) -> dict:
    key = (tuple((c.id, c.home, c.region) for c in t.clans), len(t.neighbours),
           len(t.players))
    return _CACHE.setdefault(key, {"leaf": {}, "solve": {}})


def model(t, clans) -> dict[str, float]:
    """Each drafted clan's chance by the model: a softmax of its strength,
    less what the other drafted clans of its region [§2.2.1] take from it."""
    region = {c: t.clan(c).region for c in clans}
    score = {c: STRENGTH.get(t.clan(c).ability, 0.0)
             - MATE * sum(1 for o in clans if o != c and region[o] == region[c])
             for c in clans}
    top = max(score.values())
    z = sum(math.exp(v - top) for v in score.values())
    return {c: math.exp(v - top) / z for c, v in score.items()}


def chances(t, clans) -> dict[str, float]:
    """Each drafted clan's chance: the book's wins, drawn towards the model."""
    memo = _memo(t)["leaf"]
    key = frozenset(clans)
    got = memo.get(key)
    if got is not None:
        return got
    prior = model(t, key)
    entry = _book(t).get(",".join(sorted(key)))
    if entry:
        games, wins = entry.get("games", 0), entry.get("wins", {})
        raw = {c: (wins.get(c, 0) + PRIOR * prior[c]) / (games + PRIOR) for c in key}
        total = sum(raw.values())
        got = {c: v / total for c, v in raw.items()}
    else:
        got = prior
    memo[key] = got
    return got


def draftable(t, taken) -> list[str]:
    """[§2.2.2.2] The clans still free; the first three from unclaimed regions."""
    claimed = {t.clan(c).region for c in taken}
    out = [c.id for c in t.clans if c.id not in taken]
    if len(taken) < RESTRICTED:
        out = [c for c in out if t.clan(c).region not in claimed]
    return out


def solve(t, taken: frozenset, seats: int) -> dict[str, float]:
    """The drafted clans' chances once every player still to pick has taken
    the clan that is best for it, the same way."""
    memo = _memo(t)["solve"]
    key = (taken, seats)
    got = memo.get(key)
    if got is not None:
        return got
    if len(taken) >= seats:
        got = chances(t, taken)
    else:
        best = None
        for c in draftable(t, taken):
            res = solve(t, taken | {c}, seats)
            if best is None or res[c] > best[0]:
                best = (res[c], res)
        got = best[1] if best else chances(t, taken)
    memo[key] = got
    return got


def draft(bot, b, d: Decision):
    """The clan with the best chance after the picks still to come."""
    t = bot.table
    taken = frozenset(d.context.get("taken", []))
    seats = len(t.players)
    scored = []
    for v in d.values():
        p = solve(t, taken | {v}, seats).get(v, 0.0)
        scored.append((p + bot.rng.uniform(0, DRAFT_NOISE), v))
    return bot.best(scored)
