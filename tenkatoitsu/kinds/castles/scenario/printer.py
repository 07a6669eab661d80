"""Canonical text of a castles scenario: `parse(format(s))` builds `s` again.

The printer emits (indent, text, source line) triples; `format_source` uses
the source lines to put the file's comments back beside the statements they
stood beside, so `tenkatoitsu fmt` never loses an author's words. Statements
come in a fixed order (header, seats, map, components, cards, variants); the
map's links keep the order they were written in. What the shogun printer
writes alike is tenkatoitsu.dsl.header_printer's."""

from __future__ import annotations

from tenkatoitsu.bundled import GRAMMAR_DIR
from tenkatoitsu.dsl import header_printer as hp
from tenkatoitsu.dsl.areamap import quote
from tenkatoitsu.kinds.castles.scenario.builder import FORMAT_VERSION, KIND
from tenkatoitsu.kinds.castles.scenario.model import CastlesScenario, Components

__all__ = ["format_source", "print_document"]

GRAMMAR = GRAMMAR_DIR / "castles.lark"


def print_document(doc: CastlesScenario) -> str:
    return hp.plain(emit(doc))


def emit(doc: CastlesScenario) -> list[hp.Line]:
    line, end = hp.locators(doc.where)
    out = hp.opening(doc, KIND, FORMAT_VERSION, line) + hp.notes_and_sources(doc, line)
    out.append(hp.players_line(doc, line))
    out += hp.seat_lines(doc.seats)
    out += hp.map_block(doc)
    out += _components(doc.components, line, end)
    for word, cards in (("tactic", doc.tactics), ("daimyo", doc.daimyo)):
        out += [(1, f"{word} {c.id} {quote(c.name)} rule {quote(c.rule)} {quote(c.text)}",
                 hp.at(c.pos)) for c in cards]
    out += hp.variant_lines(doc.variants, line)
    out.append((0, "}", line("scenario end")))
    return out


def _components(c: Components, line, end) -> list[hp.Line]:
    def item(word: str, text: str) -> hp.Line:
        return (2, f"{word} {text}", line(f"components {word}"))

    return [
        (1, "components {", line("components")),
        item("soldiers", str(c.soldiers)),
        item("large-castles", hp.numbers(c.large_castles)),
        item("small-castles", hp.numbers(c.small_castles)),
        item("swords", hp.numbers(c.swords)),
        item("reinforcements", str(c.reinforcements)),
        item("dice", str(c.dice)),
        item("display", hp.rows(c.display, many=False)),
        item("remove-swords", hp.rows(c.swords_removed) if c.swords_removed else "none"),
        item("small-castles-for", " ".join(map(str, c.small_castles_for)) or "none"),
        item("reinforce", hp.rows(c.reinforcements_per_area, many=False)),
        item("daimyo-soldiers", str(c.daimyo_soldiers)),
        item("daimyo-strength", str(c.daimyo_strength)),
        (1, "}", end("components")),
    ]


# ------------------------------------------------------------ fmt with comments

def format_source(doc: CastlesScenario, original: str) -> str:
    """Canonical text with the original's comments and paragraph breaks kept
    (tenkatoitsu.dsl.header_printer.woven)."""
    return hp.woven(emit(doc), original, GRAMMAR)
