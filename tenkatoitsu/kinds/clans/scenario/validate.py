"""The checks of a built clans scenario: what a scenario author can get
wrong, each reported at its statement with what was expected and a hint, all
at once. The map's own faults (a province twice, a link to an unknown
province) were reported while building it (tenkatoitsu.dsl.areamap), and so
were a statement given twice and a number out of range; here are the
players and seats [§1.2], the nine clans with their homes, regions and
abilities [§2.2.1] [§2.4], the province lists and sea zones on the board,
the combat table [§6.2.3] [§10.2-b], the victory rows [§1.2], the dice
the modules roll [§10.3.2] [§10.5.3] and the variants with what they
require [§10.0-a]."""

from __future__ import annotations

from tenkatoitsu.dsl import header_checks as hc
from tenkatoitsu.dsl.checker import Checker
from tenkatoitsu.dsl.diagnostics import SourcePos, did_you_mean
from tenkatoitsu.dsl.header_checks import Places, player_counts
from tenkatoitsu.kinds.clans.scenario.model import (
    ABILITIES,
    ARCHERS,
    ARQUEBUSIERS,
    BANNERMEN,
    BUSHI,
    COASTAL,
    DAIMYO,
    EMPERORS_FAVOR,
    FIREARM,
    LISTS,
    MELEE,
    MODULES,
    NANBAN_TRADE,
    NO_DOUBTFUL_LANES,
    PATH_OF_GLORY,
    RANGED,
    REGIONS,
    RONIN,
    SHORE,
    SPEARMEN,
    SPECIALIZED_WARFARE,
    SWORDSMEN,
    V83,
    ClansScenario,
    core_units,
)
from tenkatoitsu.kinds.clans.scenario.printer import unit_text

__all__ = ["CORE_UNITS", "EXCLUSIVE", "MODULE_REQUIRES", "PHASES", "PLAYERS", "UNIT_IDS",
           "VARIANT_IDS", "validate"]

#: the player counts the rules are written for [§1.2]
PLAYERS = (4, 5)
#: the units of the core game [§6.2.3] [§6.2.4], which every scenario has
CORE_UNITS = (DAIMYO, BUSHI, RONIN)
#: every unit the rules know: the core's and Specialized Warfare's [§10.2-b] [§10.2.1]
UNIT_IDS = CORE_UNITS + (SPEARMEN, SWORDSMEN, ARCHERS, BANNERMEN, ARQUEBUSIERS)
#: the combat phases, in the order they are fought [§10.2-c]
PHASES = (FIREARM, RANGED, MELEE)
#: every variant the rules know: the v83 edition and the modules [§10]
VARIANT_IDS = (V83, NO_DOUBTFUL_LANES) + MODULES
#: the modules another needs [§10.0-a] [§10.6-a]
MODULE_REQUIRES = {NANBAN_TRADE: (SPECIALIZED_WARFARE,)}
#: the modules never played together (they must share a group) [§10.0-a]
EXCLUSIVE = ((PATH_OF_GLORY, EMPERORS_FAVOR),)
#: the faces of the die [§6.2]
D6 = 6


def validate(doc: ClansScenario) -> list:
    c = Checker()
    at = Places(doc)
    hc.check_title(c, doc, at, 'scenario "Shogun: Gekokujō" { ... }')
    _players_and_seats(c, doc, at)
    board = _board(c, doc, at)
    _clans(c, doc, at, board)
    _lists(c, doc, at, board)
    _zones(c, doc, at, board)
    _units(c, doc, at)
    _numbers(c, doc, at, board)
    _variants(c, doc, at)
    return c.diags


def _at(at: Places, obj, *keys: str) -> SourcePos:
    """The first of `keys` the file wrote, else where `obj` stands (a part
    taken from a used file: in that file), else the scenario's title."""
    for k in keys:
        if k in at.where:
            return at.where[k]
    return getattr(obj, "pos", None) or at.top


def _plural(n: int, word: str) -> str:
    return f"{n} {word}" + ("" if n == 1 else "s")


# ---------------------------------------------------------------- players and seats

def _players_and_seats(c: Checker, doc: ClansScenario, at: Places):
    lo, hi = PLAYERS
    hc.check_players(c, doc, at, PLAYERS, "[§1.2]", hint=f"players {lo}..{hi} default {lo}")
    need = doc.players_max
    if len(doc.seats) < need:
        c.error(f"{need} players need {_plural(need, 'seat')}; the scenario has "
                f"{_plural(len(doc.seats), 'seat')}",
                doc.seats[-1].pos if doc.seats else at("players"),
                hint=f"{_plural(need - len(doc.seats), 'more seat')}, e.g. "
                'seat e "Player E" colour #8c564b; or fewer players')
    hc.check_seat_names(c, doc.seats, "the players")


# ---------------------------------------------------------------- the board

def _board(c: Checker, doc: ClansScenario, at: Places) -> list[str] | None:
    """The board's province ids, or None when there is none to check against."""
    if not len(doc.board):
        if at.has("map"):
            c.error("the map has no provinces", at("map"),
                    hint='area owari "Owari" at 888 645 region tokaido')
        else:
            c.error("the scenario has no map", at("scenario"),
                    hint='use "shogun.tks" for the 68 provinces of Japan, or '
                    'map "TITLE" { area ID "NAME" ... land ID ID ... }')
        return None
    return doc.board.ids()


def _province(c: Checker, pid: str, board: list[str] | None, pos: SourcePos):
    """A province a statement names must be on the map."""
    if board is not None and pid not in board:
        c.unknown("province", pid, board, pos)


# ---------------------------------------------------------------- the great clans

def _clans(c: Checker, doc: ClansScenario, at: Places, board):
    if not doc.clans:
        c.error("the scenario has no clan: the players draft one each [§2.2]", at("scenario"),
                hint='clan oda "Oda" home owari region center colour #c0392b ability vanguard')
        return
    homes: dict[str, str] = {}
    colours: dict[str, str] = {}
    abilities = sorted(ABILITIES)
    for clan in doc.clans:
        key = f"clan {clan.id}"
        if clan.home:
            pos = _at(at, clan, f"{key} home", key)
            _province(c, clan.home, board, pos)
            if clan.home in homes:
                first = homes[clan.home]
                c.error(f"clans '{first}' and '{clan.id}' have the same home '{clan.home}': each "
                        "clan starts alone in its own province [§2.3] [§2.4]", pos,
                        hint=f"the first is at {_at(at, doc.clan(first), f'clan {first} home')}")
            homes.setdefault(clan.home, clan.id)
        if clan.region and clan.region not in REGIONS:
            c.unknown("region", clan.region, REGIONS, _at(at, clan, f"{key} region", key))
        if clan.ability and clan.ability not in ABILITIES:
            c.unknown("ability", clan.ability, abilities, _at(at, clan, f"{key} ability", key))
        colour = clan.colour.lower()
        if colour in colours:
            c.warn(f"clans '{colours[colour]}' and '{clan.id}' have the same colour "
                   f"{clan.colour}", _at(at, clan, f"{key} colour", key),
                   hint="players tell the clans' pieces apart by colour")
        colours.setdefault(colour, clan.id)
    last = _at(at, doc.clans[-1], f"clan {doc.clans[-1].id}")
    for region in REGIONS:
        if not any(cl.region == region for cl in doc.clans):
            c.error(f"no clan of the {region} region: the first three picks of the draft take a "
                    "clan from each region [§2.2.1] [§2.2.2.2]", last,
                    hint=f'clan ID "NAME" home PROVINCE region {region} ...')
    if doc.players_max > len(doc.clans):
        c.error(f"{doc.players_max} players draft {doc.players_max} clans; the scenario has "
                f"{_plural(len(doc.clans), 'clan')} [§2.2.2]", at("players") if
                at.has("players") else last,
                hint=f"more clans, or players {doc.players_min}..{len(doc.clans)}")


# ---------------------------------------------------------------- province lists and sea zones

def _lists(c: Checker, doc: ClansScenario, at: Places, board):
    shore = set(doc.lists[SHORE]) if SHORE in doc.lists else None
    for name, ids in doc.lists.items():
        key = f"provinces {name}"
        if name not in LISTS:
            c.unknown("province list", name, LISTS, _at(at, None, f"{key} :name", key))
        for pid in ids:
            pos = _at(at, None, f"{key} {pid}", key)
            _province(c, pid, board, pos)
            if name == COASTAL and shore is not None and pid not in shore and \
                    (board is None or pid in board):
                c.warn(f"coastal province '{pid}' is not in the list '{SHORE}'", pos,
                       hint=f"a coastal province touches the sea: add it to provinces {SHORE}")


def _zones(c: Checker, doc: ClansScenario, at: Places, board):
    shore = set(doc.lists[SHORE]) if SHORE in doc.lists else None
    zoned: set[str] = set()
    for z in doc.sea_zones:
        key = f"sea-zone {z.id}"
        if not z.provinces:
            c.warn(f"sea zone '{z.id}' borders no province", _at(at, z, key),
                   hint=f"sea-zone {z.id} \"{z.name}\" {{ PROVINCE ... }}")
        for pid in z.provinces:
            pos = _at(at, z, f"{key} {pid}", key)
            _province(c, pid, board, pos)
            zoned.add(pid)
            if shore is not None and pid not in shore and (board is None or pid in board):
                c.warn(f"'{pid}' borders sea zone '{z.id}' but is not in the list '{SHORE}'",
                       pos, hint=f"add it to provinces {SHORE}, or take it out of the zone")
    if shore is None or not doc.sea_zones:
        return
    for pid in doc.lists[SHORE]:
        if pid not in zoned and (board is None or pid in board):
            c.warn(f"shore province '{pid}' borders no sea zone",
                   _at(at, None, f"provinces {SHORE} {pid}", f"provinces {SHORE}"),
                   hint="add it to the zone of the sea it touches")


# ---------------------------------------------------------------- the combat table

def _box(unit_id: str):
    return next((u for u in core_units() if u.id == unit_id), None)


def _units(c: Checker, doc: ClansScenario, at: Places):
    units = doc.components.units
    variants = [v.id for v in doc.variants]
    for u in units:
        base = f"components unit {u.id}"
        if u.id not in UNIT_IDS:
            c.unknown("unit", u.id, UNIT_IDS, _at(at, u, base))
        box = _box(u.id)
        for word, value, verb in (("attack", u.attack, "attack"),
                                  ("defense", u.defense, "defend")):
            if value != 0 and not 2 <= value <= D6:
                example = (f"the core table: {word} {getattr(box, word)}" if box is not None
                           else f"{word} 5 (a hit on 5 or 6)")
                c.error(f"unit '{u.id}': {word} {value}; a die hits on the value or more, so "
                        f"2 to {D6}, or 0 for a unit that never rolls to {verb} [§6.2.3]",
                        _at(at, u, f"{base} {word}", base), hint=example)
        if u.phase not in PHASES:
            c.error(f"unit '{u.id}': unknown combat phase '{u.phase}' (the phases are "
                    f"{', '.join(PHASES)}, fought in that order [§10.2-c])",
                    _at(at, u, f"{base} phase", base),
                    hint=did_you_mean(u.phase, PHASES) or f"phase {MELEE}, as the core units")
        if u.module is not None:
            pos = _at(at, u, f"{base} module", base)
            if u.id in CORE_UNITS:
                c.error(f"unit '{u.id}' is of the core game: it comes with no module", pos,
                        hint="leave out 'module'")
            elif u.module not in variants:
                c.error(f"unit '{u.id}' comes with the module '{u.module}', which is not a "
                        "variant of this scenario", pos,
                        hint=did_you_mean(u.module, variants)
                        or f'variant {u.module} "TITLE", or leave out \'module\'')
    have = {u.id for u in units}
    for unit_id in CORE_UNITS:
        if unit_id not in have:
            c.error(f"no '{unit_id}' unit: every game has the core units "
                    f"{', '.join(CORE_UNITS)} [§2.1] [§6.2.3]",
                    _at(at, doc.components, "components"), hint=unit_text(_box(unit_id)))
    ronin = next((u for u in units if u.id == RONIN), None)
    comp = doc.components
    if ronin is not None and ronin.cost != comp.ronin_cost:
        c.warn(f"unit ronin costs {ronin.cost} and ronin-cost is {comp.ronin_cost}: the rules "
               "hire a Ronin for ronin-cost [§6.2.4]",
               _at(at, ronin, "components unit ronin cost", "components ronin-cost"),
               hint=f"cost {comp.ronin_cost} in the unit row")


# ---------------------------------------------------------------- the numbers

def _numbers(c: Checker, doc: ClansScenario, at: Places, board):
    comp = doc.components
    rows = comp.victory
    counts = list(player_counts(doc))
    written = "  ".join(f"{n}: {rows[n]}" for n in sorted(rows))
    for n in counts:
        if PLAYERS[0] <= n <= PLAYERS[1] and n not in rows:
            c.error(f"no victory row for {n} players: the provinces that win [§1.2]",
                    _at(at, comp, "components victory", "components"),
                    hint=f"victory {written + '  ' if written else ''}{n}: "
                    f"{18 if n == 5 else 20}")
    for n in sorted(rows):
        pos = _at(at, comp, f"components victory {n}", "components victory", "components")
        if board is not None and rows[n] > len(board):
            c.error(f"victory {n}: {rows[n]} provinces, and the map has "
                    f"{_plural(len(board), 'province')}: no one could ever win [§1.2]", pos,
                    hint=f"at most {len(board)}; the rules: 20 for 4 players, 18 for 5")
        if n not in counts and at.has(f"components victory {n}"):
            c.warn(f"victory {n}: {n} players never play this scenario (players "
                   f"{doc.players_min}..{doc.players_max}), so this row is never used", pos,
                   hint=f"leave out the row '{n}:'")
    faces = range(1, D6 + 1)
    harvest = comp.harvest
    for n in sorted(harvest):
        if n not in faces:
            c.error(f"harvest {n}: the harvest is a d6 roll, 1 to {D6} [§10.3.2]",
                    _at(at, comp, f"components harvest {n}", "components harvest", "components"),
                    hint="harvest 1: 1  2: 1  3: 2  4: 2  5: 2  6: 3")
    missing = [n for n in faces if n not in harvest]
    if missing:
        c.error(f"no harvest row for a roll of {', '.join(map(str, missing))}: each face of the "
                "d6 yields something, if nothing 0 [§10.3.2]",
                _at(at, comp, "components harvest", "components"),
                hint="harvest 1: 1  2: 1  3: 2  4: 2  5: 2  6: 3")
    if not 1 <= comp.pacify_roll <= D6:
        c.error(f"pacify-roll {comp.pacify_roll}: the Pacification Test is a d6 roll of the "
                f"value or more, 1 to {D6} [§10.5.3-b]",
                _at(at, comp, "components pacify-roll", "components"), hint="pacify-roll 4")
    if comp.allied_stack_limit < comp.stack_limit:
        c.warn(f"allied-stack-limit {comp.allied_stack_limit} is below stack-limit "
               f"{comp.stack_limit}: allies together may hold fewer units than one player "
               "[§6.1] [§10.1.2-b]", _at(at, comp, "components allied-stack-limit",
                                          "components"),
               hint=f"allied-stack-limit {comp.stack_limit} or more")


# ---------------------------------------------------------------- variants

def _variants(c: Checker, doc: ClansScenario, at: Places):
    hc.check_variants(c, doc.variants, VARIANT_IDS, at)
    by_id = {}
    for v in doc.variants:
        by_id.setdefault(v.id, v)
    ids = list(by_id)
    for v in doc.variants:
        for r in v.requires:
            pos = _at(at, v, f"variant {v.id} requires {r}", f"variant {v.id}")
            other = by_id.get(r)
            if r == v.id:
                c.error(f"variant '{v.id}' requires itself", pos, hint=f"leave out 'requires {r}'")
            elif other is None:
                c.error(f"variant '{v.id}' requires '{r}', which is not a variant of this "
                        "scenario", pos,
                        hint=did_you_mean(r, ids) or f'variant {r} "TITLE" beside it')
            elif v.group is not None and other.group == v.group:
                c.error(f"variant '{v.id}' requires '{r}' of its own group '{v.group}': the "
                        "two are never played together", pos,
                        hint=f"leave out 'requires {r}', or 'group {v.group}' in one of them")
            elif v.default and not other.default:
                c.error(f"variant '{v.id}' is a default and requires '{r}', which is not: a "
                        "game in which no one chooses could not start", pos,
                        hint=f"'default' in variant {r} too, or not in {v.id}")
    for module, needs in MODULE_REQUIRES.items():
        v = by_id.get(module)
        for need in needs if v is not None else ():
            if need not in v.requires:
                c.error(f"variant '{module}' is played only with '{need}' [§10.0-a] [§10.6-a]",
                        _at(at, v, f"variant {module}"),
                        hint=f"variant {module} ... {{ requires {need} }}")
    for a, b in EXCLUSIVE:
        va, vb = by_id.get(a), by_id.get(b)
        if va is not None and vb is not None and (va.group is None or va.group != vb.group):
            c.error(f"variants '{a}' and '{b}' are never played together [§10.0-a]: they need "
                    "one group", _at(at, vb, f"variant {b}"),
                    hint=f"group NAME in both, as in variant {a} ... {{ group victory }}")

