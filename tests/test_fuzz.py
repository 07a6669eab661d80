"""No input produces a traceback.

Every shipped scenario is cut, has bytes flipped, inserted and deleted, has its
words deleted, duplicated, swapped and replaced, and is replaced by garbage; the
result goes through `load_bytes` under the shipped file's real path (so its
`use`s still resolve). Loading must return a LoadResult, never raise; every
error must be located (file, line >= 1, column >= 1) and say something; the
compiler-style rendering must not raise either. The CLI gets a few mutated
files too.

Set TKS_FUZZ_EXAMPLES to run more examples per property (e.g. 2000 overnight).
"""

from __future__ import annotations

import os
import re
import shutil
from pathlib import Path

import attrs
import pytest

from conftest import is_battle
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from tenkatoitsu.dsl.diagnostics import render_all
from tenkatoitsu.kinds.battle.load import LoadResult, load_bytes, parse_document
from tenkatoitsu.kinds.battle.scenario.model import FORMAT_VERSION
from tenkatoitsu.kinds.battle.scenario.printer import format_source, print_document

ROOT = Path(__file__).resolve().parents[1]
SCENARIOS = ROOT / "scenarios"
# the battle kind's files: these tests read them with the battle loader
SHIPPED = sorted(p for p in SCENARIOS.rglob("*.tks") if is_battle(p))
DATA = {p: p.read_bytes() for p in SHIPPED}
IDS = [str(p.relative_to(SCENARIOS)) for p in SHIPPED]

N = int(os.environ.get("TKS_FUZZ_EXAMPLES", "0"))


def fuzz_settings(n: int):
    return settings(max_examples=N or n, deadline=None, derandomize=not N,
                    suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large])


def test_there_are_shipped_scenarios():
    assert len(SHIPPED) >= 3, SHIPPED
    assert any(p.name == "training.tks" for p in SHIPPED)


# ------------------------------------------------------------------ the property

def check_result(res, data: bytes, path: Path) -> None:
    """What any input must give: a LoadResult whose errors are located and
    rendered without raising."""
    assert isinstance(res, LoadResult)
    assert isinstance(res.diagnostics, list) and isinstance(res.sources, dict)
    for d in res.diagnostics:
        assert isinstance(d.message, str) and d.message.strip(), d
        assert d.severity in ("error", "warning"), d
        # the safety nets of load.py turn a bug into a diagnostic: still a bug
        assert not d.message.startswith("internal error"), d
        if not d.is_error:
            continue
        if d.pos is None:
            # only read_source's "cannot read" for an included file has no
            # position of its own; it carries the `use` it came through
            assert d.included_from, d
            continue
        assert d.pos.file, d
        assert isinstance(d.pos.line, int) and d.pos.line >= 1, d
        assert isinstance(d.pos.column, int) and d.pos.column >= 1, d
        text = res.sources.get(d.pos.file)
        if text is not None:
            assert d.pos.line <= text.count("\n") + 1, (d, "line past the end of the file")
            opened = re.search(r"the block opened at .*:(\d+):(\d+) is not closed", d.hint or "")
            if opened:  # the hint points at the '{' itself
                line, col = int(opened[1]), int(opened[2])
                assert text.split("\n")[line - 1][col - 1: col] == "{", d
        elif not res.sources:  # undecodable bytes: located in the raw data
            assert d.pos.file == str(path), d
            assert d.pos.line <= data.count(b"\n") + 1, d
    rendered = render_all(res.diagnostics, res.sources)
    assert isinstance(rendered, str)
    if any(d.is_error for d in res.diagnostics):
        assert not res.ok
        assert rendered


def roundtrips_if_clean(data: bytes, path: Path) -> None:
    """A mutant that still builds without a word of complaint is just another
    document: it prints and formats back to itself."""
    try:
        text = data.decode("utf-8")
    except UnicodeDecodeError:
        return
    if "\x00" in text or text.startswith("\ufeff"):
        return
    doc, diags = parse_document(text, str(path))
    if doc is None or diags:
        return
    # the printer always writes the version line: a file without one gains it
    expected = attrs.evolve(doc, version=doc.version or FORMAT_VERSION)
    back, diags2 = parse_document(print_document(doc), str(path))
    assert not diags2 and back == expected, [d.message for d in diags2]
    formatted = format_source(doc, text)
    back, diags3 = parse_document(formatted, str(path))
    assert not diags3 and back == expected, [d.message for d in diags3]
    assert format_source(back, formatted) == formatted, "fmt is not idempotent"


def load_and_check(data: bytes, path: Path) -> LoadResult:
    res = load_bytes(data, path)
    check_result(res, data, path)
    return res


@pytest.mark.parametrize("path", SHIPPED, ids=IDS)
def test_shipped_files_load_clean(path):
    res = load_and_check(DATA[path], path)
    assert res.ok, render_all(res.diagnostics, res.sources)


# ------------------------------------------------------------------ mutations

shipped = st.sampled_from(SHIPPED)


@st.composite
def truncations(draw):
    path = draw(shipped)
    data = DATA[path]
    return path, data[: draw(st.integers(0, len(data)))]


INTERESTING_BYTES = b'\x00\xff\xfe\xc3\x80\xe3\x81\x82"\\{}#\n\r\t :.|>-/0123456789aZ'


@st.composite
def byte_mutations(draw):
    path = draw(shipped)
    data = bytearray(DATA[path])
    for _ in range(draw(st.integers(1, 4))):
        op = draw(st.sampled_from(["flip", "insert", "delete", "set"]))
        at = draw(st.integers(0, max(0, len(data) - 1)))
        if op == "flip" and data:
            data[at] ^= 1 << draw(st.integers(0, 7))
        elif op == "set" and data:
            data[at] = draw(st.sampled_from(INTERESTING_BYTES))
        elif op == "insert":
            data[at:at] = draw(st.binary(min_size=1, max_size=4)
                               | st.sampled_from([bytes([b]) for b in INTERESTING_BYTES]))
        elif data:
            del data[at: at + draw(st.integers(1, 8))]
    return path, bytes(data)


_SPLIT = re.compile(rb"(\s+)")


@st.composite
def token_mutations(draw):
    """Delete, duplicate, swap or replace whitespace-separated words; numbers
    also by edge values, which reach the builder's and validator's checks."""
    path = draw(shipped)
    parts = _SPLIT.split(DATA[path])
    words = [i for i in range(0, len(parts), 2) if parts[i]]
    vocab = sorted({parts[i] for i in words})
    index = st.sampled_from(words)
    for _ in range(draw(st.integers(1, 3))):
        op = draw(st.sampled_from(["delete", "duplicate", "swap", "replace", "number"]))
        i = draw(index)
        if op == "delete":
            parts[i] = b""
        elif op == "duplicate":
            parts[i] = parts[i] + b" " + parts[i]
        elif op == "swap":
            j = draw(index)
            parts[i], parts[j] = parts[j], parts[i]
        elif op == "replace":
            parts[i] = draw(st.sampled_from(vocab))
        else:
            parts[i] = re.sub(rb"[+-]?[0-9]+", draw(st.sampled_from(EDGE_NUMBERS)), parts[i],
                              count=1)
    return path, b"".join(parts)


EDGE_NUMBERS = [b"0", b"-1", b"+1", b"00", b"0000", b"0100", b"0001", b"9999", b"99", b"100",
                b"12345", b"-0101", b"99999999999999999999"]


SOUP_TOKENS = [b"{", b"}", b'"', b'"x"', b"..", b":", b"|", b">", b"--", b"/", b"#", b"#abcdef",
               b"0101", b"-1", b"+2", b"5:", b"..4:", b"7..:", b"a1", b"X", b"\n", b" ", b"not",
               b"version", b"1", b"scenario", b"rules", b"\\", b"\xe5\xa4\xa9"]


@st.composite
def garbage(draw):
    path = draw(shipped)
    kind = draw(st.sampled_from(["binary", "text", "soup", "prefix"]))
    if kind == "binary":
        return path, draw(st.binary(max_size=600))
    if kind == "text":
        return path, draw(st.text(max_size=300)).encode("utf-8", "surrogatepass")
    # a soup of the language's own tokens and words reaches deeper parser states
    vocab = SOUP_TOKENS + sorted(set(DATA[path].split()))[:400]
    soup = b" ".join(draw(st.lists(st.sampled_from(vocab), max_size=80)))
    if kind == "prefix":  # a valid head, then the soup
        data = DATA[path]
        soup = data[: draw(st.integers(0, len(data)))] + soup
    return path, soup


@fuzz_settings(300)
@given(truncations())
def test_truncated_files_never_raise(case):
    path, data = case
    load_and_check(data, path)


@fuzz_settings(250)
@given(byte_mutations())
def test_byte_mutations_never_raise(case):
    path, data = case
    load_and_check(data, path)
    roundtrips_if_clean(data, path)


@fuzz_settings(300)
@given(token_mutations())
def test_token_mutations_never_raise(case):
    path, data = case
    load_and_check(data, path)
    roundtrips_if_clean(data, path)


@fuzz_settings(300)
@given(garbage())
def test_garbage_never_raises(case):
    path, data = case
    load_and_check(data, path)


# ------------------------------------------------------------------ edge cases

EDGE_CASES = {
    "empty": b"",
    "bom only": b"\xef\xbb\xbf",
    "bom and nul": b"\xef\xbb\xbf\x00",
    "nul": b"version 1\x00",
    "lone continuation byte": b"version 1 \x80",
    "truncated utf-8": "Shōryūji-jō".encode()[:3],
    "utf-16": "version 1".encode("utf-16"),
    "only a comment": b"# nothing",
    "unterminated string": b'version 1\nscenario "abc',
    "newline in string": b'version 1\nscenario "a\nb" {}',
    "unclosed brace": b'version 1\nscenario "s" {\n  turns 1..2 {\n',
    "stray close": b"}",
    "huge int": b"version 99999999999999999999999999999",
    "huge map": b'version 1\nscenario "s" { map 99999 x 99999 { } }',
    "hex 0000": b'version 1\nscenario "s" { map 2 x 2 { label 0000 "x" } }',
    "bad hex in every place": (
        b'version 1\nscenario "s" {\n map 5 x 5 {\n terrain woods 12 0101..99999\n'
        b' hexside river 0101|0000 0000>7\n road 1 2 3\n zone z 0..0\n star 00 vp 1 for a\n'
        b' entry N 123456\n fortress f "F" 0 siege s\n label 9999 "x"\n }\n'
        b' side a "A" { clan A "A" { unit A1 "a" at 0 } }\n'
        b' victory { vp hold 0 1 at-end\n automatic a if holds a 0000 }\n'
        b' variant v { place A1 00000 }\n}\n'),
    "deep not": b'version 1\nscenario "s" { victory { automatic a if '
                + b"not " * 5000 + b"leader-killed A } }",
    "long line": b'version 1\nrules "r" { note "' + b"x" * 200_000 + b'" }',
    "many tokens": b'version 1\nrules "r" {' + b' note "n"' * 20_000 + b" }",
    "version only": b"version 1",
    "two documents": b'version 1 rules "a" { } rules "b" { }',
}


@pytest.mark.parametrize("name", list(EDGE_CASES))
def test_edge_cases_never_raise(name):
    path = SCENARIOS / "training.tks"
    load_and_check(EDGE_CASES[name], path)


def test_deep_not_is_reported_not_an_internal_error():
    """Regression: thousands of `not`s overflowed the builder's recursion and
    came out as "internal error ... please report this"."""
    res = load_bytes(EDGE_CASES["deep not"], SCENARIOS / "training.tks")
    assert res.document is None
    assert any("nests too deeply" in d.message for d in res.errors), res.errors


def test_out_of_range_map_size_is_reported_not_an_internal_error():
    """Regression: validation runs after builder errors, and Grid() raised on
    the map size the builder had already refused."""
    for size in (b"0 x 5", b"100 x 5", b"5 x 99999"):
        data = b'version 1\nscenario "s" {\n  map ' + size + b" { }\n}\n"
        res = load_and_check(data, SCENARIOS / "training.tks")
        assert any("map" in d.message and "out of range" in d.message for d in res.errors)


def test_malformed_hex_ids_everywhere_are_reported_once():
    """Regression: the validator printed the builder's stand-in for a malformed
    hex id (INVALID_HEX.id raises) in a road, a hexside, a fortress and a
    siege area, and came out as "internal error"."""
    path = SCENARIOS / "training.tks"
    text = DATA[path].decode("utf-8")
    for bad in ("0000", "12", "99999", "0100"):
        data = re.sub(r"\b\d{4}\b", bad, text).encode("utf-8")
        res = load_and_check(data, path)
        hex_errors = [d for d in res.errors if "hex id" in d.message]
        assert hex_errors
        # one error per malformed id, each at its own place
        assert len({(d.pos.line, d.pos.column) for d in hex_errors}) == len(hex_errors)


def test_overlong_number_is_reported_not_an_internal_error():
    """Regression: int() refuses more than 4300 digits; the ValueError escaped
    the builder as "internal error"."""
    path = SCENARIOS / "training.tks"
    for data in (b'version 1\nscenario "s" { map ' + b"9" * 5000 + b" x 3 { } }",
                 b'version 1\nrules "r" {\n  table a { ' + b"1" * 5000 + b": 1 } }",
                 b"version " + b"1" * 5000 + b'\nrules "r" { }'):
        res = load_and_check(data, path)
        assert [d.message for d in res.errors] == ["this number is too long"]
        assert res.errors[0].pos.column > 1


def test_unclosed_brace_hint_points_at_the_brace_after_a_string():
    """Regression: parsing._unclosed_brace did not count a string's closing
    quote, so the hint named the column before the '{' of `rules "..." {`; and
    an unterminated string swallowed its newline, shifting later lines."""
    path = SCENARIOS / "training.tks"
    for data in (b'version 1\nrules "Battle Plan Log Sheets" {',
                 b'version 1\nscenario "a\\"b" {\n  variant v "x" {\n',
                 b'version 1\nrules "r" {\n  table t {\n    1: "ab\n  }\n  table u {\n    3: y\n',
                 b'version 1\nrules "r" {\n  table t {\n    1: "a\\\n  }\n  table u {\n    3: y\n'):
        res = load_and_check(data, path)  # checks that the hint names a '{'
        assert any("is not closed" in (d.hint or "") for d in res.errors), res.errors


# ------------------------------------------------------------------ the CLI


def _mutants(rng_seed: int = 20240601):
    import random

    rng = random.Random(rng_seed)
    out = []
    for path in SHIPPED:
        data = DATA[path]
        out.append((path, data[: rng.randrange(len(data))]))
        b = bytearray(data)
        for _ in range(3):
            b[rng.randrange(len(b))] = rng.choice(INTERESTING_BYTES)
        out.append((path, bytes(b)))
        words = data.split(b" ")
        i, j = rng.randrange(len(words)), rng.randrange(len(words))
        words[i], words[j] = words[j], words[i]
        out.append((path, b" ".join(words)))
    out.append((SHIPPED[0], bytes(rng.randrange(256) for _ in range(300))))
    out.append((SHIPPED[0], b""))
    return out


def test_cli_check_on_mutated_files(tmp_path, capsys):
    """`tenkatoitsu check` answers 0 or 1 on broken files, in a copy of the
    scenarios tree so that the mutants' `use`s still resolve."""
    from tenkatoitsu.cli import main

    tree = tmp_path / "scenarios"
    shutil.copytree(SCENARIOS, tree)
    for n, (path, data) in enumerate(_mutants()):
        target = tree / path.relative_to(SCENARIOS)
        target = target.with_name(f"mutant{n}-{target.name}")
        target.write_bytes(data)
        status = main(["check", str(target)])
        assert status in (0, 1), (target, status)
        out, err = capsys.readouterr()
        assert "Traceback" not in out + err
        if status == 1:
            assert "error" in err
    # and the untouched copies are still fine
    for path in SHIPPED:
        assert main(["check", str(tree / path.relative_to(SCENARIOS))]) == 0
        capsys.readouterr()
