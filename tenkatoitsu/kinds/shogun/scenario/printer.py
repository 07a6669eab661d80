"""Canonical text of a shogun scenario: `parse(format(s))` builds `s` again.

The printer emits (indent, text, source line) triples; `format_source` uses
the source lines to put the file's comments back beside the statements they
stood beside, so `tenkatoitsu fmt` never loses an author's words. Statements
come in a fixed order (header, seats, map, components, variants); the map's
links keep the order they were written in, and the components block states
every entry, those a file left out as in the box. What the castles printer
writes alike is tenkatoitsu.dsl.header_printer's."""

from __future__ import annotations

from tenkatoitsu.bundled import GRAMMAR_DIR
from tenkatoitsu.dsl import header_printer as hp
from tenkatoitsu.dsl.areamap import quote
from tenkatoitsu.kinds.shogun.scenario.builder import FORMAT_VERSION, KIND
from tenkatoitsu.kinds.shogun.scenario.model import Components, ShogunScenario, Start, UnitType

__all__ = ["emit", "format_source", "print_document"]

GRAMMAR = GRAMMAR_DIR / "shogun.lark"


def print_document(doc: ShogunScenario) -> str:
    return hp.plain(emit(doc))


def emit(doc: ShogunScenario) -> list[hp.Line]:
    line, end = hp.locators(doc.where)
    out = hp.opening(doc, KIND, FORMAT_VERSION, line)
    out += [(1, f"use {quote(u.path)}", hp.at(u.pos)) for u in doc.uses]
    out += hp.notes_and_sources(doc, line)
    own = doc.stated  # what the file states; the rest comes from the file it uses
    if "players" in own:
        out.append(hp.players_line(doc, line))
    if "seats" in own:
        out += hp.seat_lines(doc.seats)
    if "map" in own:
        out += hp.map_block(doc)
    if "components" in own:
        out += _components(doc.components, line, end)
    if "variants" in own:
        out += hp.variant_lines(doc.variants, line)
    if doc.start is not None:
        out += _start(doc.start, line)
    out.append((0, "}", line("scenario end")))
    return out


def _units(counts) -> str:
    return " ".join(f"{u} {n}" for u, n in counts.items())


def _start(st: Start, line) -> list[hp.Line]:
    """The starting position, one province a line."""
    out: list[hp.Line] = [(1, "start {", line("start")),
                       (2, f"round {st.round}", line("start round"))]
    if st.players:
        out.append((2, "players " + " ".join(st.players), line("start players")))
    for word, table in (("koku", st.koku), ("sword", st.sword)):
        if table:
            out.append((2, f"{word} " + " ".join(f"{h} {n}" for h, n in table.items()),
                        line(f"start {word}")))
    if st.ninja:
        out.append((2, f"ninja {st.ninja}", line("start ninja")))
    for sp in st.provinces:
        text = f"province {sp.id} {sp.owner}"
        text += {1: " castle", 2: " fortress"}.get(sp.castle, "")
        if sp.army is not None:
            a = sp.army
            text += f" army {a.number}" + (f" level {a.level}" if a.level is not None
                                           else f" hole {a.hole}" if a.hole else "")
            text += " assassinated" if a.assassinated else ""
            text += f" {{ {_units(a.units)} }}" if a.units else " { }"
        if sp.force:
            text += f" force {{ {_units(sp.force)} }}"
        out.append((2, text, hp.at(sp.pos)))
    out.append((1, "}", st.pos.end_line if st.pos is not None else None))
    return out


def unit_text(u: UnitType) -> str:
    """A row of the unit table; per-koku, square and count only when the unit has them."""
    parts = [f"unit {u.id} {quote(u.name)} value {u.value} step {u.step}"]
    if u.per_koku:
        parts.append(f"per-koku {u.per_koku}")
    if u.square is not None:
        parts.append(f"square {u.square}")
    if u.count:
        parts.append(f"count {u.count}")
    return " ".join(parts)


def _components(c: Components, line, end) -> list[hp.Line]:
    def item(word: str, text: str) -> hp.Line:
        return (2, f"{word} {text}".rstrip(), line(f"components {word}"))

    start = " ".join(f"{unit} {n}" for unit, n in c.army_start.items())
    return [
        (1, "components {", line("components")),
        *[(2, unit_text(u), hp.at(u.pos)) for u in c.units],
        item("castles", str(c.castles)),
        item("fortresses", str(c.fortresses)),
        item("ronin", str(c.ronin)),
        item("koku", str(c.koku)),
        item("battle-markers", str(c.battle_markers)),
        item("swords", hp.numbers(c.swords)),
        item("remove-swords", hp.rows(c.swords_removed) if c.swords_removed else "none"),
        item("army-card", f"samurai {c.samurai_squares} ashigaru {c.ashigaru_squares}"),
        item("force-limit", str(c.force_limit)),
        item("army-start", start),
        item("setup-spearmen", f"{c.setup_spearmen} at-a-time {c.setup_at_a_time} "
                               f"province-limit {c.setup_province_limit}"),
        item("experience", " ".join(map(str, c.experience))),
        item("castle-spearmen", str(c.castle_spearmen)),
        item("fortress-ronin", str(c.fortress_ronin)),
        item("koku-per", f"{c.koku_per} minimum {c.koku_minimum}"),
        item("build-cost", str(c.build_cost)),
        item("ronin-per-koku", str(c.ronin_per_koku)),
        item("assassin", str(c.assassin)),
        item("revenge", str(c.revenge)),
        item("victory", str(c.victory)),
        item("victory-two-players", str(c.victory_two_players)),
        (1, "}", end("components")),
    ]


# ------------------------------------------------------------ fmt with comments

def format_source(doc: ShogunScenario, original: str) -> str:
    """Canonical text with the original's comments and paragraph breaks kept
    (tenkatoitsu.dsl.header_printer.woven)."""
    return hp.woven(emit(doc), original, GRAMMAR)
