"""The checks of a built castles scenario: what a scenario author can get
wrong, each reported at its statement with what was expected and a hint, all
at once. The map's own faults (an area twice, a link to an unknown area) were
reported while building it (tenkatoitsu.dsl.areamap); here are the counts
that must agree with each other and with the rules: a large castle token per
area [3.2], small castles for every runner-up [4.II.2], sword tokens for
every player [4.I], a display and a reinforcement row for every player count
[3.3] [4.II.3], Kyō for "Entering Kyo" [5.6], the cards the engine knows [5],
and the daimyo variant's cards and soldiers [5.D]."""

from __future__ import annotations

from collections import Counter

from tenkatoitsu.areamap import LAND, SEA
from tenkatoitsu.dsl import header_checks as hc
from tenkatoitsu.dsl.checker import Checker
from tenkatoitsu.dsl.diagnostics import Diagnostic
from tenkatoitsu.dsl.header_checks import Places, player_counts
from tenkatoitsu.kinds.castles.scenario.cards import (
    DAIMYO_IDS,
    DAIMYO_RULE,
    DAIMYO_VARIANT,
    ENTERING_KYO,
    TACTIC_IDS,
    TACTIC_RULES,
    VARIANT_IDS,
)
from tenkatoitsu.kinds.castles.scenario.model import KYO, CastlesScenario

__all__ = ["validate"]

#: the player counts the rules are written for [3]
PLAYERS = (2, 4)
#: what two dice can sum to: the only values a deployment roll can name [4.I]
TWO_DICE = (2, 12)
#: the deployment roll: two dice name the area, the third the soldiers [4.I]
DICE = 3
#: cards that move along one kind of link only, and that kind
ONE_KIND_CARDS = {"over-the-mountain": LAND, "marine": SEA, "uesugi": LAND, "chosokabe": SEA}


def validate(doc: CastlesScenario) -> list[Diagnostic]:
    c = Checker()
    at = Places(doc)
    hc.check_title(c, doc, at, 'scenario "Rumble Nation: Japan, June 1560" { ... }')
    _players_and_seats(c, doc, at)
    _board(c, doc, at)
    _castles(c, doc, at)
    _swords(c, doc, at)
    _by_player_count(c, doc, at)
    _cards(c, doc, at)
    _variants(c, doc, at)
    return c.diags


def _plural(n: int, word: str) -> str:
    return f"{n} {word}" + ("" if n == 1 else "s")


# ---------------------------------------------------------------- players and seats

def _players_and_seats(c: Checker, doc: CastlesScenario, at: Places):
    lo, hi = PLAYERS
    hc.check_players(c, doc, at, PLAYERS, "[3]", hint=f"players {lo}..{hi} default 3")
    if len(doc.seats) < doc.players_max:
        missing = doc.players_max - len(doc.seats)
        c.error(f"{doc.players_max} players need {doc.players_max} seats; the scenario has "
                f"{len(doc.seats)}", doc.seats[-1].pos if doc.seats else at("players"),
                hint=f"{_plural(missing, 'more seat')}, e.g. seat black \"Black\" colour #2b2b2b")
    hc.check_seat_names(c, doc.seats, "the soldiers")


# ---------------------------------------------------------------- the board

def _board(c: Checker, doc: CastlesScenario, at: Places):
    board = doc.board
    if not at.has("map"):
        c.error("the scenario has no map", at("scenario"),
                hint='map "TITLE" { area ID "NAME" ... land ID ID ... }')
        return
    if not len(board):
        c.error("the map has no areas", at("map"), hint='area usuki "Usuki" at 588 772')
        return
    kyo = board.areas_with(KYO)
    tactics = {card.id for card in doc.tactics}
    if ENTERING_KYO in tactics and not kyo:
        entering = next(card for card in doc.tactics if card.id == ENTERING_KYO)
        c.error(f"the tactic card '{ENTERING_KYO}' moves soldiers into Kyō, but no area is "
                f"flagged '{KYO}' [5.6]", entering.pos,
                hint=f'flag the area of Kyō: area kyo "Kyō" {KYO} at ...')
    for extra in kyo[1:]:
        c.error(f"areas '{kyo[0]}' and '{extra}' are both flagged '{KYO}': there is one Kyō",
                at(f"area {extra}"), hint=f"the first is at {at(f'area {kyo[0]}')}")
    for ln in board.links:
        if ln.kind not in (LAND, SEA):
            key = next((k for k in (f"link {ln.kind} {ln.a} {ln.b}", f"link {ln.kind} {ln.b} {ln.a}")
                        if at.has(k)), "map")
            c.warn(f"a '{ln.kind}' link: the castles rules know land and sea links; the cards "
                   "that say 'adjacent' use it, those by land or by sea never do", at(key),
                   hint=f"land {ln.a} {ln.b}, or sea {ln.a} {ln.b}")
    kinds = set(board.link_kinds())
    for card in doc.tactics + doc.daimyo:
        kind = ONE_KIND_CARDS.get(card.id)
        if kind is not None and kind not in kinds:
            c.warn(f"the card '{card.id}' moves by {kind}, and the map has no {kind} link: "
                   "it can never be played", card.pos)


def _castles(c: Checker, doc: CastlesScenario, at: Places):
    comp = doc.components
    large = comp.large_castles
    where = at("components large-castles", "components")
    if at.has("map") and len(large) != len(doc.board):
        c.error(f"{_plural(len(large), 'large castle token')} for "
                f"{_plural(len(doc.board), 'area')}: each area takes one at set-up [3.2]",
                where, hint=f"large-castles with {len(doc.board)} values, such as "
                f"{TWO_DICE[0]}..{TWO_DICE[0] + len(doc.board) - 1}")
    lo, hi = TWO_DICE
    odd = sorted({v for v in large if not lo <= v <= hi})
    if odd:
        c.error(f"large castle value{'s' if len(odd) > 1 else ''} {', '.join(map(str, odd))}: "
                f"a deployment names an area by the sum of two dice, {lo} to {hi} [4.I]", where,
                hint="the box's tokens are 2..12")
    twice = sorted(v for v, n in Counter(large).items() if n > 1)
    if twice:
        c.error(f"large castle value{'s' if len(twice) > 1 else ''} "
                f"{', '.join(map(str, twice))} given twice: a roll must name one area [4.I]",
                where, hint="each value once")
    if comp.dice != DICE:
        c.error(f"{_plural(comp.dice, 'die')}: a deployment rolls {DICE}, two for the area and one "
                "for the soldiers [4.I]", at("components dice", "components"),
                hint=f"dice {DICE}")
    if comp.small_castles_for:
        needed = Counter(v // 2 for v in large if v // 2 >= 1)
        lacking = needed - Counter(comp.small_castles)
        if lacking:
            shown = ", ".join(f"{n}×{v}" if n > 1 else str(v) for v, n in sorted(lacking.items()))
            c.error(f"the small castle tokens lack {shown}: a runner-up takes the token worth "
                    "half the large one, rounded down [4.II.2]",
                    at("components small-castles", "components"),
                    hint="small-castles " + " ".join(str(v) for v in sorted(needed.elements())))
    for n in comp.small_castles_for:
        if n not in player_counts(doc):
            c.warn(f"small castles for {n} players: the scenario is for "
                   f"{doc.players_min}..{doc.players_max} players",
                   at("components small-castles-for", "components"))


def _swords(c: Checker, doc: CastlesScenario, at: Places):
    comp = doc.components
    where = at("components swords", "components")
    twice = sorted(v for v, n in Counter(comp.swords).items() if n > 1)
    if twice:
        c.error(f"sword value{'s' if len(twice) > 1 else ''} {', '.join(map(str, twice))} given "
                "twice: a tie goes to the higher sword, so each must differ [4.II.1]", where,
                hint="swords 1 2 3 4")
    if len(comp.swords) < doc.players_max:
        c.error(f"{_plural(len(comp.swords), 'sword token')} for {doc.players_max} players: "
                "each player takes one when placing their last soldier [4.I]", where,
                hint="swords " + " ".join(str(v) for v in range(1, doc.players_max + 1)))
        return
    for n, removed in sorted(comp.swords_removed.items()):
        pos = at(f"components remove-swords {n}", "components remove-swords", "components")
        unknown = Counter(removed) - Counter(comp.swords)
        if unknown:
            c.error(f"remove-swords {n}: there is no sword "
                    f"{', '.join(map(str, sorted(unknown.elements())))} to take out", pos,
                    hint=f"the swords are {' '.join(map(str, comp.swords))}")
        elif n in player_counts(doc) and len(comp.swords) - len(removed) < n:
            c.error(f"remove-swords {n}: {_plural(len(comp.swords) - len(removed), 'sword')} "
                    f"left for {n} players, who each take one [4.I]", pos,
                    hint=f"take out at most {len(comp.swords) - n}")


def _by_player_count(c: Checker, doc: CastlesScenario, at: Places):
    comp = doc.components
    tactics = len(doc.tactics)
    tables = (("display", comp.display, "tactic cards face up [3.3]", "display 2: 3  3: 4  4: 5"),
              ("reinforce", comp.reinforcements_per_area,
               "reinforcement cubes per adjacent area [4.II.3]", "reinforce 2: 1  3: 2  4: 2"),
              ("remove-swords", comp.swords_removed, "", ""))
    for word, table, what, example in tables:
        for n in sorted(table):
            if n not in player_counts(doc):
                c.warn(f"{word} {n}: the scenario is for {doc.players_min}..{doc.players_max} "
                       "players, so this row is never used",
                       at(f"components {word} {n}", f"components {word}", "components"))
        if not what:
            continue  # a count without a row takes no sword out
        for n in player_counts(doc):
            if n not in table:
                c.error(f"{word} has no row for {n} players: {what}",
                        at(f"components {word}", "components"),
                        hint=f"add '{n}: N'; the box: {example}")
    for n, shown in sorted(comp.display.items()):
        if n in player_counts(doc) and not 1 <= shown <= tactics:
            c.error(f"display {n}: {_plural(shown, 'card')} face up, from "
                    f"{_plural(tactics, 'tactic card')} [3.3]",
                    at(f"components display {n}", "components display", "components"),
                    hint=f"from 1 to {tactics}" if tactics else "the scenario lists no tactic card")


# ---------------------------------------------------------------- cards and variants

def _cards(c: Checker, doc: CastlesScenario, at: Places):
    for tag, cards, known in (("tactic", doc.tactics, TACTIC_IDS),
                              ("daimyo", doc.daimyo, DAIMYO_IDS)):
        what = f"{tag} card"
        c.unique(cards, lambda card: card.id, what)
        for card in cards:
            if card.id not in known:
                # at the id's word, recorded for the first card of that id only
                word = at.where.get(f"{tag} {card.id}")
                first = word is not None and card.pos is not None and word.line == card.pos.line
                c.unknown(what, card.id, known, word if first else card.pos)
                continue
            rule = TACTIC_RULES.get(card.id, DAIMYO_RULE)
            if card.rule != rule:
                c.warn(f"the {what} '{card.id}' is rule {rule} of the rules, not '{card.rule}'",
                       card.pos, hint=f'rule "{rule}"')


def _variants(c: Checker, doc: CastlesScenario, at: Places):
    hc.check_variants(c, doc.variants, VARIANT_IDS, at)
    daimyo = next((v for v in doc.variants if v.id == DAIMYO_VARIANT), None)
    comp = doc.components
    if daimyo is None:
        if doc.daimyo:
            c.warn("daimyo cards without the daimyo variant are never dealt", doc.daimyo[0].pos,
                   hint=f'variant {DAIMYO_VARIANT} "Advanced rules: each player\'s daimyo and a '
                   'daimyo card"')
        return
    if len(doc.daimyo) < doc.players_max:
        c.error(f"the daimyo variant deals each player a daimyo card: {doc.players_max} players "
                f"need {doc.players_max}, the scenario has {len(doc.daimyo)} [5.D]", daimyo.pos,
                hint=f'daimyo {_unused(DAIMYO_IDS, doc.daimyo)} "NAME" rule "{DAIMYO_RULE}" "TEXT"')
    if comp.daimyo_soldiers >= comp.soldiers:
        c.error(f"daimyo-soldiers {comp.daimyo_soldiers}: a player with a daimyo sets soldiers "
                f"aside, so fewer than the {comp.soldiers} without [5.D]",
                at("components daimyo-soldiers", "components"),
                hint=f"the box: {comp.soldiers - 2} (two soldiers make way for the daimyo)")


def _unused(known, cards) -> str:
    have = {card.id for card in cards}
    return next((k for k in known if k not in have), "ID")
