"""Every ```tks example of docs/dsl.md is real DSL.

A block that is a whole document (its first statement is `version`, `scenario`
or `rules`) must parse without errors. A fragment says where it belongs with a
first-line comment such as `# in: map` and must parse once wrapped in that
context. Whole documents and library fragments (`# in: rules`) must also pass
every semantic check, as if saved in scenarios/. Blocks that show errors are
tagged ```text and are not checked."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from tenkatoitsu.dsl.diagnostics import render_all
from tenkatoitsu.kinds.battle.load import load_text, parse_document
from tenkatoitsu.kinds.battle.scenario import model as m

ROOT = Path(__file__).resolve().parents[1]
DOC = ROOT / "docs" / "dsl.md"

#: where a fragment goes: the text before and after it
CONTEXTS = {
    "scenario": ('scenario "doc" {', "}"),
    "rules": ('rules "doc" {', "}"),
    "turns": ('scenario "doc" { turns 1..16 {', "} }"),
    "variant": ('scenario "doc" { variant v {', "} }"),
    "map": ('scenario "doc" { map 30 x 20 {', "} }"),
    "side": ('scenario "doc" { side s "S" {', "} }"),
    "clan": ('scenario "doc" { side s "S" { clan X "x" {', "} } }"),
    "victory": ('scenario "doc" { victory {', "} }"),
    "terrain-chart": ('rules "doc" { terrain-chart {', "} }"),
    "battle-plan": ('rules "doc" { battle-plan p "P" {', "} }"),
    "siege-map": ('rules "doc" { siege-map s "S" {', "} }"),
}
FENCE = re.compile(r"^```([^\n`]*)\n(.*?)^```[ \t]*$", re.M | re.S)
MARKER = re.compile(r"#\s*in:\s*(\S+)\s*$")
LANGUAGES = {"tks", "text", "sh"}


def fences() -> list[tuple[int, str, str]]:
    """(line in dsl.md, language, body) of every fenced block."""
    text = DOC.read_text(encoding="utf-8")
    return [(text.count("\n", 0, f.start()) + 2, f.group(1).strip(), f.group(2))
            for f in FENCE.finditer(text)]


def examples() -> list[tuple[int, str]]:
    return [(line, body) for line, lang, body in fences() if lang == "tks"] if DOC.exists() else []


def first_word(body: str) -> str:
    for line in body.splitlines():
        line = line.split("#", 1)[0].strip()
        if line:
            return line.split()[0]
    return ""


def marker(body: str) -> str | None:
    first = body.lstrip("\n").splitlines()[0] if body.strip() else ""
    found = MARKER.match(first.strip())
    return found.group(1) if found else None


def errors(diags) -> list:
    return [d for d in diags if d.is_error]


EXAMPLES = examples()


def test_the_reference_has_examples():
    assert DOC.exists(), f"{DOC} is missing"
    assert len(EXAMPLES) >= 30, f"only {len(EXAMPLES)} ```tks examples found in {DOC}"


def test_every_fence_is_tagged():
    untagged = [line for line, lang, _ in fences() if lang not in LANGUAGES]
    assert not untagged, (f"fenced blocks at dsl.md lines {untagged} need a language: "
                          f"{', '.join(sorted(LANGUAGES))} (only tks is checked)")


@pytest.mark.parametrize("line,body", EXAMPLES, ids=[f"dsl.md:{ln}" for ln, _ in EXAMPLES])
def test_example_parses(line, body):
    where = marker(body)
    if where is None:
        assert first_word(body) in ("version", "scenario", "rules"), (
            f"dsl.md:{line}: a fragment needs a first line such as '# in: map' "
            f"(contexts: {', '.join(CONTEXTS)})")
        text, offset = body, 0
    else:
        assert where in CONTEXTS, f"dsl.md:{line}: unknown context '{where}' ({', '.join(CONTEXTS)})"
        assert first_word(body) not in ("version", "scenario", "rules"), (
            f"dsl.md:{line}: a whole document takes no '# in:' marker")
        before, after = CONTEXTS[where]
        text, offset = f"{before}\n{body}\n{after}\n", 1
    doc, diags = parse_document(text, "doc.tks")
    bad = errors(diags)
    assert doc is not None and not bad, (
        f"example at dsl.md:{line} (block line = reported line - {offset}):\n"
        + render_all(bad, {"doc.tks": text}))


def checkable(body: str) -> str | None:
    """The text `tenkatoitsu check` must accept: whole documents, and library
    fragments (`# in: rules`) as a rules file of their own."""
    where = marker(body)
    if where is None and first_word(body) in ("version", "scenario", "rules"):
        return body
    if where == "rules":
        before, after = CONTEXTS["rules"]
        return f"{before}\n{body}\n{after}\n"
    return None


CHECKED = [(ln, checkable(b)) for ln, b in EXAMPLES if checkable(b) is not None]


@pytest.mark.parametrize("line,text", CHECKED, ids=[f"dsl.md:{ln}" for ln, _ in CHECKED])
def test_example_passes_check(line, text):
    # as if saved in scenarios/, so that `use "rules/..."` finds the standard tables
    res = load_text(text, ROOT / "scenarios" / "docs-example.tks")
    assert res.ok, f"example at dsl.md:{line}:\n" + render_all(res.errors, res.sources)


def test_a_whole_scenario_is_shown():
    whole = [t for _, t in CHECKED if isinstance(parse_document(t, "doc.tks")[0], m.Scenario)]
    assert whole, "the reference should show at least one complete scenario"
