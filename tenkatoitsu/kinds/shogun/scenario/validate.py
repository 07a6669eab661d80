"""The checks of a built shogun scenario: what a scenario author can get
wrong, each reported at its statement with what was expected and a hint, all
at once. The map's own faults (a province twice, a link to an unknown
province) were reported while building it (tenkatoitsu.dsl.areamap); here
are the board as the rules need it (every province linked, one connected
map, with and without the doubtful sea lanes), the colours for every player
count [SC-1.2] [SC-24.1], the unit table [SC-3.1], the set-up tables [SC-4],
the swords [SC-4.6], the experience track [SC-19.2], the ninja's rolls
[SC-11.6] [SC-11.7], the victory thresholds [SC-23] and the variants."""

from __future__ import annotations

from collections import Counter

from tenkatoitsu.areamap import LAND, SEA
from tenkatoitsu.dsl import header_checks as hc
from tenkatoitsu.dsl.checker import Checker
from tenkatoitsu.dsl.diagnostics import SourcePos
from tenkatoitsu.dsl.header_checks import Places, player_counts
from tenkatoitsu.kinds.shogun.scenario.model import (
    ASHIGARU,
    DAIMYO,
    DOUBTFUL,
    LONGER_GAME,
    NO_DOUBTFUL_LANES,
    REGULARS,
    SAMURAI,
    SPEARMAN,
    ShogunScenario,
    default_units,
)

__all__ = ["UNIT_IDS", "VARIANT_IDS", "holders", "validate"]

#: the player counts the rules are written for [SC-1.2]
PLAYERS = (2, 5)
#: the unit types the rules know, in the box's order [SC-3.1]
UNIT_IDS: tuple[str, ...] = tuple(u.id for u in default_units())
#: every variant the rules know
VARIANT_IDS: tuple[str, ...] = (NO_DOUBTFUL_LANES, LONGER_GAME)
#: the combat steps in which units roll; 3 and 7 remove casualties, 8 is the call-off [SC-16.1]
ROLLING_STEPS = (1, 2, 4, 5, 6)
#: the faces of the die [SC-0.4]
D12 = 12


def holders(players: int) -> int:
    """The colour sets in play: each player's own, two each in the two-player
    game [SC-24.1]. Swords, seats and the deal go by this count."""
    return 2 * players if players == 2 else players


def validate(doc: ShogunScenario) -> list:
    c = Checker()
    at = Places(doc)
    hc.check_title(c, doc, at, 'scenario "Shogun: the 68 provinces of Japan" { ... }')
    _players_and_seats(c, doc, at)
    if _board(c, doc, at):
        _deal(c, doc, at)
    _units(c, doc, at)
    _setup(c, doc, at)
    _swords(c, doc, at)
    _rest(c, doc, at)
    _variants(c, doc, at)
    if doc.start is not None:
        _start(c, doc, at)
    return c.diags


def _played(doc: ShogunScenario) -> list[int]:
    """The player counts of the scenario that the rules know (others are
    reported once, at `players`)."""
    return [n for n in player_counts(doc) if PLAYERS[0] <= n <= PLAYERS[1]]


#: plurals that are not the word and an s
_PLURALS = {"army": "armies", "spearman": "spearmen", "swordsman": "swordsmen"}


def _plural(n: int, word: str) -> str:
    if n == 1:
        return f"{n} {word}"
    head, _, last = word.rpartition(" ")
    last = _PLURALS.get(last, last + "s")
    return f"{n} {head + ' ' if head else ''}{last}"


def _players(n: int) -> str:
    return "two players, with two colour sets each," if n == 2 else f"{n} players"


# ---------------------------------------------------------------- players and seats

def _players_and_seats(c: Checker, doc: ShogunScenario, at: Places):
    lo, hi = PLAYERS
    hc.check_players(c, doc, at, PLAYERS, "[SC-1.2]",
                     hint=f"players {max(lo, min(doc.players_min, hi))}..{hi} default 4")
    counts = _played(doc)
    if counts:
        most = max(counts, key=holders)
        need = holders(most)
        if len(doc.seats) < need:
            why = (f"the two-player game gives each player two colour sets [SC-24.1]: {need} "
                   "colours" if most == 2 else f"{most} players need {need} colours")
            c.error(f"{why}; the scenario has {_plural(len(doc.seats), 'seat')}",
                    doc.seats[-1].pos if doc.seats else at("players"),
                    hint=f"{_plural(need - len(doc.seats), 'more seat')}, e.g. "
                    'seat purple "Purple" colour #6a3d9a; or fewer players')
    hc.check_seat_names(c, doc.seats, "their pieces")


# ---------------------------------------------------------------- the board

def _link_pos(at: Places, kind: str, a: str, b: str) -> SourcePos:
    return at(f"link {kind} {a} {b}", f"link {kind} {b} {a}", "map")


def _board(c: Checker, doc: ShogunScenario, at: Places) -> bool:
    """The board's checks; False when there is no board to check the deal against."""
    board = doc.board
    if not at.has("map") and not (doc.uses and len(board)):
        c.error("the scenario has no map", at("scenario"),
                hint='map "TITLE" { area ID "NAME" ... land ID ID ... sea ID ID ... }')
        return False
    if not len(board):
        c.error("the map has no provinces", at("map"),
                hint='area kai "Kai" at 998 621 region tokaido')
        return False
    for ar in board:
        if not board.links_of(ar.id):
            c.error(f"province '{ar.id}' has no link: no army could ever reach it or leave it "
                    "[SC-2.4]", at(f"area {ar.id}"),
                    hint=f"land {ar.id} OTHER for a border, or sea {ar.id} OTHER for a sea lane")
    parts = [p for p in board.components() if len(p) > 1]
    if len(parts) > 1:
        order = board.ids()
        shown = "; ".join("{" + ", ".join(i for i in order if i in p) + "}" for p in parts)
        c.error(f"the map falls into {len(parts)} parts that no link joins: {shown}",
                at("map"), hint="a sea lane can join an island to the rest [SC-2.5]")
    for ln in board.links:
        if ln.kind not in (LAND, SEA):
            c.warn(f"a '{ln.kind}' link: the rules know land borders and sea lanes only "
                   "[SC-2.4] [SC-2.5]", _link_pos(at, ln.kind, ln.a, ln.b),
                   hint=f"land {ln.a} {ln.b}, or sea {ln.a} {ln.b}")
    return True


def _deal(c: Checker, doc: ShogunScenario, at: Places):
    """The deal [SC-4.4]: each colour needs a province for each army [SC-4.9];
    a victory threshold beyond the provinces can never be reached [SC-23]."""
    comp = doc.components
    provinces = len(doc.board)
    daimyos = _unit_count(doc, DAIMYO)
    for n in _played(doc):
        cards = provinces // holders(n)
        if cards < max(daimyos, 1):
            c.error(f"{_plural(provinces, 'province')} dealt among {_players(n)} give each "
                    f"colour {cards}: each places {_plural(daimyos, 'army marker')} in a "
                    "province of its own [SC-4.4] [SC-4.9]", at("map"),
                    hint=f"at least {max(daimyos, 1) * holders(n)} provinces")
            break
    if comp.victory > provinces:
        c.error(f"victory {comp.victory}: the map has {_plural(provinces, 'province')}, so no "
                "one can ever win [SC-23.1]", at("components victory", "components"),
                hint=f"at most {provinces}; the box: 35 of 68")
    if 2 in _played(doc) and comp.victory_two_players > provinces:
        c.error(f"victory-two-players {comp.victory_two_players}: the map has "
                f"{_plural(provinces, 'province')} [SC-24.6]",
                at("components victory-two-players", "components"),
                hint=f"at most {provinces}; the box: 50 of 68")


# ---------------------------------------------------------------- the unit table

def _unit(doc: ShogunScenario, unit_id: str):
    return next((u for u in doc.components.units if u.id == unit_id), None)


def _unit_count(doc: ShogunScenario, unit_id: str) -> int:
    unit = _unit(doc, unit_id)
    return unit.count if unit is not None else 0


def _unit_pos(at: Places, unit, field: str | None = None) -> SourcePos:
    if unit is None:  # a table without the row (made in code): the block
        return at("components")
    base = f"components unit {unit.id}"
    keys = ((f"{base} {field}",) if field else ()) + (base,)
    return next((at.where[k] for k in keys if k in at.where), unit.pos or at("components"))


def _units(c: Checker, doc: ShogunScenario, at: Places):
    comp = doc.components
    for u in comp.units:
        if u.id not in UNIT_IDS:
            c.unknown("unit", u.id, UNIT_IDS, _unit_pos(at, u))
            continue
        if not 1 <= u.value <= D12:
            c.error(f"unit '{u.id}': value {u.value}; a hit is a d12 roll of the value or less, "
                    f"so 1 to {D12} [SC-3.1]", _unit_pos(at, u, "value"),
                    hint=f"the box: value {_box(u.id).value}")
        if u.step not in ROLLING_STEPS:
            c.error(f"unit '{u.id}': step {u.step}; units roll in combat steps "
                    f"{', '.join(map(str, ROLLING_STEPS[:-1]))} and {ROLLING_STEPS[-1]}: 3 and 7 "
                    "remove casualties, 8 is the call-off [SC-16.1]", _unit_pos(at, u, "step"),
                    hint=f"the box: step {_box(u.id).step}")
        if u.id in REGULARS:
            if u.square not in (SAMURAI, ASHIGARU):
                c.error(f"unit '{u.id}' has no square: a regular unit stands on the army card, "
                        f"on an {SAMURAI} or an {ASHIGARU} square [SC-1.6]", _unit_pos(at, u),
                        hint=f"square {_box(u.id).square}")
            if u.per_koku < 1:
                c.error(f"unit '{u.id}' is not levied (no per-koku): the regular units are "
                        "levied with koku [SC-9.1]", _unit_pos(at, u),
                        hint=f"per-koku {_box(u.id).per_koku}")
        elif u.square is not None:
            where = "its own D square" if u.id == DAIMYO else "below the squares"
            c.error(f"unit '{u.id}' stands on {where} of the army card, not on "
                    f"{u.square} [SC-1.6]", _unit_pos(at, u, "square"),
                    hint="leave out 'square'")
    if _unit_count(doc, DAIMYO) < 1:
        c.error("no daimyo: each colour's armies are led by its daimyos [SC-3.3]",
                _unit_pos(at, _unit(doc, DAIMYO), "count"), hint="count 3, as in the box")


def _box(unit_id: str):
    return next(u for u in default_units() if u.id == unit_id)


# ---------------------------------------------------------------- set-up

def _setup(c: Checker, doc: ShogunScenario, at: Places):
    comp = doc.components
    start_at = at("components army-start", "components")
    armies = _unit_count(doc, DAIMYO)
    squares = {SAMURAI: 0, ASHIGARU: 0}
    for unit_id, n in comp.army_start.items():
        pos = at(f"components army-start {unit_id}", "components army-start", "components")
        if unit_id not in UNIT_IDS:
            c.unknown("unit", unit_id, UNIT_IDS, pos)
            continue
        if unit_id not in REGULARS:
            c.error(f"army-start: {unit_id} is not a regular unit; an army starts with its "
                    "daimyo and regular units [SC-4.3]", pos,
                    hint="bowman 1 swordsman 1 gunner 2, as in the box")
            continue
        unit = _unit(doc, unit_id)
        if unit is None:
            continue
        if unit.square in squares:
            squares[unit.square] += n
        if n * armies > unit.count:
            c.error(f"army-start: {_plural(n, unit_id)} for each of {_plural(armies, 'army')} "
                    f"are {n * armies}, and a colour has {unit.count} [SC-4.3]", pos,
                    hint=f"at most {unit.count // max(armies, 1)}, or more pieces: "
                    f"unit {unit_id} ... count {n * armies}")
    for square, room, word in ((SAMURAI, comp.samurai_squares, "samurai"),
                               (ASHIGARU, comp.ashigaru_squares, "ashigaru")):
        if squares[square] > room:
            c.error(f"army-start puts {squares[square]} {word} on the army card, which has "
                    f"{_plural(room, f'{square} square')} [SC-3.3]", start_at,
                    hint=f"army-card samurai {max(comp.samurai_squares, squares[SAMURAI])} "
                    f"ashigaru {max(comp.ashigaru_squares, squares[ASHIGARU])}, or fewer units")
    where = at("components setup-spearmen", "components")
    total, step = comp.setup_spearmen, comp.setup_at_a_time
    if step and total % step:
        c.error(f"setup-spearmen {total} at-a-time {step}: the spearmen are placed "
                f"{step} at a time, a whole number of times [SC-4.8]", where,
                hint=f"setup-spearmen {total - total % step} or {total + step - total % step}")
    if comp.setup_province_limit < 1 + comp.setup_at_a_time:
        c.error(f"province-limit {comp.setup_province_limit}: a province holds its claiming "
                f"spearman, so {comp.setup_at_a_time} more never fit [SC-4.5] [SC-4.8]",
                at("components setup-spearmen province-limit", "components setup-spearmen",
                   "components"),
                hint=f"province-limit {1 + comp.setup_at_a_time}")
    spearmen = _unit_count(doc, SPEARMAN)
    if not len(doc.board):
        return
    for n in _played(doc):
        claimed = len(doc.board) // holders(n)
        need = claimed + comp.setup_spearmen
        if need > spearmen:
            unit = _unit(doc, SPEARMAN)
            c.error(f"a colour has {_plural(spearmen, 'spearman')}: with {_players(n)} each "
                    f"colour claims {claimed} provinces with a spearman and places "
                    f"{comp.setup_spearmen} more, {need} in all [SC-4.5] [SC-4.8]",
                    _unit_pos(at, unit, "count"), hint=f"count {need} or more")
            break


# ---------------------------------------------------------------- swords

def _swords(c: Checker, doc: ShogunScenario, at: Places):
    comp = doc.components
    where = at("components swords", "components")
    twice = sorted(v for v, n in Counter(comp.swords).items() if n > 1)
    if twice:
        c.error(f"sword value{'s' if len(twice) > 1 else ''} {', '.join(map(str, twice))} given "
                "twice: the swords set the order of play, so each must differ [SC-7.5]", where,
                hint="swords 1..5")
    in_play = sorted({holders(n) for n in _played(doc)})
    for h in in_play:
        removed = comp.swords_removed.get(h, ())
        pos = at(f"components remove-swords {h}", "components remove-swords", "components swords",
                 "components")
        unknown = Counter(removed) - Counter(comp.swords)
        if unknown:
            c.error(f"remove-swords {h}: there is no sword "
                    f"{', '.join(map(str, sorted(unknown.elements())))} to take out", pos,
                    hint=f"the swords are {' '.join(map(str, comp.swords))}")
            continue
        left = len(comp.swords) - len(removed)
        if left != h:
            c.error(f"{_plural(left, 'sword')} in play for {_plural(h, 'colour')}: each colour "
                    "takes one, and the swords in play are as many as the colours [SC-1.5] "
                    "[SC-4.6]", pos, hint=_sword_hint(comp.swords, removed, h))
    for h in sorted(comp.swords_removed):
        # a row of the box that the file did not write is no one's mistake
        if h not in in_play and at.has(f"components remove-swords {h}"):
            c.warn(f"remove-swords {h}: {_plural(h, 'colour')} never play this scenario "
                   f"(players {doc.players_min}..{doc.players_max}; two players play two "
                   "colours each), so this row is never used",
                   at(f"components remove-swords {h}"), hint=f"leave out the row '{h}:'")


def _sword_hint(swords, removed, h) -> str:
    if len(swords) < h:
        return "swords " + " ".join(str(v) for v in range(1, h + 1))
    keep = sorted(swords)[:h]
    out = [v for v in swords if v not in keep]
    return f"{h}: " + " ".join(map(str, out)) if out else f"{h}: (take none out)"


# ---------------------------------------------------------------- experience, rolls, the box

def _rest(c: Checker, doc: ShogunScenario, at: Places):
    comp = doc.components
    levels = comp.experience
    key = "components experience"
    if not levels:
        c.error("the experience track has no hole", at(key, "components"),
                hint="experience 1 1 1 2 2 2 3 3 3 4")
    elif levels[0] != 1:
        c.error(f"the experience track starts at level {levels[0]}: every daimyo starts at "
                "level 1, in the leftmost hole [SC-19.1]", at(f"{key} 0", key, "components"),
                hint="experience 1 1 1 2 2 2 3 3 3 4")
    else:
        for i in range(1, len(levels)):
            if levels[i] < levels[i - 1]:
                c.error(f"the experience track goes down from level {levels[i - 1]} to "
                        f"{levels[i]}: a marker moves right, one hole per successful round "
                        "[SC-19.2]", at(f"{key} {i}", key, "components"),
                        hint="the levels from left to right, never decreasing")
                break
            if levels[i] > levels[i - 1] + 1:
                c.warn(f"the experience track skips from level {levels[i - 1]} to "
                       f"{levels[i]}: no daimyo is ever of the levels between", at(
                           f"{key} {i}", key, "components"), hint="one level more at a time")
    for word, value, what in (("assassin", comp.assassin, "an assassination succeeds"),
                              ("revenge", comp.revenge, "the victim's revenge succeeds")):
        if not 1 <= value <= D12:
            c.error(f"{word} {value}: {what} on a d12 roll, 1 to {D12} [SC-11.6] [SC-11.7]",
                    at(f"components {word}", "components"),
                    hint="the box: assassin 8 (1 to 8 succeeds), revenge 9 (9 to 12 succeeds)")
    if comp.fortresses > comp.castles:
        c.warn(f"{_plural(comp.fortresses, 'fortification base')} and "
               f"{_plural(comp.castles, 'castle')}: a base is fitted onto a castle [SC-8.1], so "
               "some can never be built", at("components fortresses", "components"),
               hint=f"fortresses {comp.castles} or fewer")


# ---------------------------------------------------------------- variants

def _variants(c: Checker, doc: ShogunScenario, at: Places):
    hc.check_variants(c, doc.variants, VARIANT_IDS, at)
    lanes = next((v for v in doc.variants if v.id == NO_DOUBTFUL_LANES), None)
    if lanes is None or not len(doc.board):
        return
    doubtful = [ln for ln in doc.board.links if DOUBTFUL in ln.flags]
    if not doubtful:
        c.warn(f"the variant '{NO_DOUBTFUL_LANES}' drops the links flagged '{DOUBTFUL}', and "
               "the map flags none", lanes.pos,
               hint=f"flag a lane: sea a b {DOUBTFUL}; or leave the variant out")
        return
    smaller = doc.board.without(links_flagged=DOUBTFUL)
    if not smaller.is_connected():
        order = smaller.ids()
        parts = list(smaller.components())
        cut = min(parts, key=len)
        shown = ", ".join(i for i in order if i in cut)
        c.error(f"without the doubtful lanes the map falls into {len(parts)} parts: "
                f"{{{shown}}} is cut off", lanes.pos,
                hint="keep a link to it that is not flagged doubtful")



# ---------------------------------------------------------------- a starting position

def _start(c: Checker, doc: ShogunScenario, at: Places):
    """A position the rules can play on: known provinces and colours, every
    province listed holding a unit, three armies a colour at most, the army
    card's squares [SC-3.3], a force's five [SC-3.4], the box's units,
    castles and koku [SC-1]."""
    st, comp = doc.start, doc.components
    seats = [x.id for x in doc.seats]
    pos = at("start")
    players = list(st.players)
    for p in players:
        if p not in seats:
            c.unknown("seat", p, seats, at("start players"))
    n = len(players)
    if not players:
        c.error("the start block does not say who plays", pos,
                hint="players " + " ".join(seats[:doc.players_default]))
    elif not doc.players_min <= n <= doc.players_max:
        c.error(f"the scenario takes {doc.players_min} to {doc.players_max} players, not {n}",
                at("start players"))
    sets = list(players)
    if n == 2:  # [SC-24.1] each player's second colour: the next seats not chosen
        sets += [x for x in seats if x not in players][:2]
    provinces = set(doc.board.ids())
    units = {u.id for u in comp.units}
    per_set: dict[str, Counter] = {h: Counter() for h in sets}
    numbers: dict[tuple[str, int], SourcePos] = {}
    castles = fortresses = 0
    for sp in st.provinces:
        where = at(f"start province {sp.id}")
        if sp.id not in provinces:
            c.unknown("province", sp.id, sorted(provinces), where)
        if sp.owner not in sets:
            c.error(f"'{sp.owner}' does not play in this position", where,
                    hint="colours in play: " + ", ".join(sets))
            continue
        for u, k in list(sp.force.items()) + list((sp.army.units if sp.army else {}).items()):
            if u not in units or u not in REGULARS:
                c.unknown("regular unit", u, REGULARS, where)
                continue
            per_set[sp.owner][u] += k
        if sum(sp.force.values()) > comp.force_limit:
            c.error(f"a provincial force of {sum(sp.force.values())} units in '{sp.id}': at "
                    f"most {comp.force_limit} [SC-3.4]", where)
        if sp.army is None and not sum(sp.force.values()):
            c.error(f"'{sp.id}' is held but nothing stands in it [SC-12.5]", where,
                    hint="a force { spearman 1 } or an army; leave an empty province out")
        if sp.army is not None:
            a = sp.army
            key = (sp.owner, a.number)
            if key in numbers:
                c.error(f"army {a.number} of '{sp.owner}' stands in two provinces", where,
                        hint=f"the other is at {numbers[key]}")
            numbers[key] = where
            sam = sum(k for u, k in a.units.items() if u in units and
                      comp.unit(u).square == SAMURAI)
            ash = sum(k for u, k in a.units.items() if u in units and
                      comp.unit(u).square == ASHIGARU)
            if sam > comp.samurai_squares or ash > comp.ashigaru_squares:
                c.error(f"army {a.number} in '{sp.id}' has {sam} samurai and {ash} ashigaru: "
                        f"the card has {comp.samurai_squares} S and {comp.ashigaru_squares} A "
                        "squares [SC-3.3]", where)
            track = comp.experience
            if a.level is not None and a.level not in track:
                c.error(f"level {a.level} is not on the experience track "
                        f"({' '.join(map(str, track))})", where)
            if a.level is None and not 0 <= a.hole < len(track):
                c.error(f"hole {a.hole}: the experience track has holes 0 to {len(track) - 1}",
                        where)
        castles += 1 if sp.castle else 0
        fortresses += 1 if sp.castle == 2 else 0
    for h, got in per_set.items():
        for u, k in got.items():
            if u in units and k > comp.unit(u).count:
                c.error(f"'{h}' has {_plural(k, u)} on the board; a colour has "
                        f"{comp.unit(u).count} [SC-1.2]", pos)
    if castles > comp.castles or fortresses > comp.fortresses:
        c.error(f"{castles} castles and {fortresses} fortresses; the box has {comp.castles} "
                f"and {comp.fortresses} [SC-1.3]", pos)
    for word, table in (("koku", st.koku), ("sword", st.sword)):
        for h in table:
            if h not in sets:
                c.error(f"'{h}' in '{word}' does not play in this position", at(f"start {word}"),
                        hint="colours in play: " + ", ".join(sets))
    if sum(st.koku.values()) > comp.koku:
        c.error(f"{sum(st.koku.values())} koku held; the master tray has {comp.koku}",
                at("start koku"))
    if st.ninja is not None and st.ninja not in sets:
        c.error(f"the ninja's holder '{st.ninja}' does not play in this position",
                at("start ninja"))
