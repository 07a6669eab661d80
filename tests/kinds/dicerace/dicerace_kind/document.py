"""A dice race scenario as the statements written, each with where its words
stand (so that every problem is reported at file:line:col), their checks, and
the canonical text: one statement a line, comments kept."""

from __future__ import annotations

import re

import attrs

from tenkatoitsu.areamap import Area, AreaMap, AreaMapError, Link
from tenkatoitsu.dsl.diagnostics import Diagnostic, SourcePos, did_you_mean

#: each statement's canonical form (the grammar's rule -> its words)
FORMS = {"area": "area {} {} at {} {}", "link": "link {} {} {}", "start_area": "start {}",
         "goal": "goal {}", "turns": "turns {}", "player": "player {} {} colour {}"}


@attrs.frozen
class Statement:
    rule: str
    args: tuple  # str, or int for a number
    where: tuple[SourcePos, ...]  # of each argument
    pos: SourcePos
    text: str  # canonical


@attrs.frozen
class Scenario:
    name: str
    statements: tuple[Statement, ...]
    pos: SourcePos  # of its name
    end: SourcePos  # of its closing brace
    version: int | None = None
    first_line: int = 1  # of `version`, or of `scenario` without it
    kind = "dicerace"  # what its header says

    def all(self, rule: str) -> list[Statement]:
        return [s for s in self.statements if s.rule == rule]

    def arg(self, rule: str):
        return next((s.args[0] for s in self.all(rule)), None)

    def names(self, rule: str) -> dict[str, str]:
        return {s.args[0]: s.args[1] for s in self.all(rule)}

    def board(self) -> AreaMap:
        return AreaMap([Area(s.args[0], s.args[1] or s.args[0], pos=s.args[2:])
                        for s in self.all("area")],
                       [Link(*s.args) for s in self.all("link")])


def _pos(file: str, t) -> SourcePos:
    return SourcePos(file, t.line, t.column, t.end_line, t.end_column)


def _value(t):
    if t.type == "STRING":
        return re.sub(r"\\(.)", lambda m: "\n" if m[1] == "n" else m[1], t[1:-1])
    return int(t) if t.type == "INT" else str(t)


def _statement(tree, file: str) -> Statement:
    shown = (str(int(t)) if t.type == "INT" else t for t in tree.children)  # +3 is 3
    return Statement(tree.data, tuple(map(_value, tree.children)),
                     tuple(_pos(file, t) for t in tree.children), _pos(file, tree.meta),
                     FORMS[tree.data].format(*shown))


def build(tree, file: str) -> tuple[Scenario, list[Diagnostic]]:
    """The grammar leaves nothing to report here: validate() checks the rest."""
    version = int(tree.children[0]) if tree.children[0].type == "INT" else None
    name, _kind, *statements = tree.children[version is not None:]
    end = SourcePos(file, tree.meta.end_line, tree.meta.end_column - 1)
    return Scenario(_value(name), tuple(_statement(s, file) for s in statements),
                    _pos(file, name), end, version, tree.meta.line), []


def validate(doc: Scenario) -> list[Diagnostic]:
    diags = [Diagnostic(f"a scenario needs one `{FORMS[r].split()[0]}`, not {len(doc.all(r))}",
                        doc.all(r)[1].pos if doc.all(r) else doc.pos)
             for r in ("start_area", "goal", "turns") if len(doc.all(r)) != 1]
    areas = doc.names("area")
    for s in doc.all("link") + doc.all("start_area") + doc.all("goal"):
        for value, where in zip(s.args[:2 if s.rule == "link" else 1], s.where):
            if value not in areas:
                diags.append(Diagnostic(f"unknown area '{value}'", where,
                                        hint=did_you_mean(value, areas)))
    if not 2 <= len(doc.names("player")) == len(doc.all("player")):
        diags.append(Diagnostic("a race needs two players or more, each named once", doc.pos))
    diags += [Diagnostic("a race lasts one round or more", s.where[0])
              for s in doc.all("turns") if s.args[0] < 1]
    diags += [Diagnostic(f"'{s.args[2]}' is not a colour #rrggbb", s.where[2])
              for s in doc.all("player") if not re.fullmatch(r"#[0-9a-fA-F]{6}", s.args[2])]
    diags += [Diagnostic("a name cannot be empty", s.where[1])
              for s in doc.all("area") + doc.all("player") if not s.args[1]]
    try:  # the map's own checks: an area twice, a link to itself or twice
        board = doc.board()
    except AreaMapError as e:  # its unknown areas are reported above, located
        return diags + [Diagnostic(p, doc.pos) for p in e.problems if "unknown" not in p]
    start, goal = doc.arg("start_area"), doc.arg("goal")
    if not diags and len(board.shortest_path(start, goal) or ()) < 2:
        diags.append(Diagnostic("the goal must be another area, reachable from the start",
                                doc.all("goal")[0].where[0]))
    return diags


def format_source(doc: Scenario, comments) -> str:
    """Every statement and comment in the order written; a comment on a
    statement's line stays after it."""
    name = '"' + re.sub(r'(["\\])', r"\\\1", doc.name).replace("\n", "\\n") + '"'
    items = [(doc.first_line, -1, f"version {doc.version}")] if doc.version is not None else []
    items += [(doc.pos.line, 0, f"scenario {name} {{\n  kind {doc.kind}"),
              (doc.end.line, doc.end.column, "}")]
    items += [(s.pos.line, s.pos.column, f"  {s.text}") for s in doc.statements]
    out, last = [], None
    for line, _col, text in sorted(items + [(c.line, c.column, str(c)) for c in comments]):
        if text.startswith("#") and line == last:
            out[-1] += f"  {text}"
        else:
            out.append(("  " if text.startswith("#") and doc.pos.line < line < doc.end.line
                        else "") + text)
        last = line
    return "\n".join(out) + "\n"
