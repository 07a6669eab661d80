"""Bad input never costs more than it is worth: what is not a regular file is
refused by name without being read (a named pipe never hangs), no more than
the size limit is ever read, errors come capped per file with their source
excerpt cut around the column, and checking stays linear in the file's size.
The fuzz tests feed mutated shipped scenarios and random text through the
loader: a clean diagnostic result every time, never a traceback.

Set TKS_FUZZ_EXAMPLES to run more examples in the slow fuzz test."""

from __future__ import annotations

import os
import re
import shutil
import socket
import subprocess
import sys
import threading
import time
import tracemalloc
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from tenkatoitsu.dsl.checker import MAX_HINTS
from tenkatoitsu.dsl.diagnostics import (
    EXCERPT_WIDTH,
    MAX_SHOWN,
    Diagnostic,
    SourcePos,
    render,
    render_all,
)
from tenkatoitsu.dsl.loader import LoadResult, load_bytes, load_file, load_text
from tenkatoitsu.dsl.parsing import MAX_LEXICAL_ERRORS
from tenkatoitsu.dsl.source import MAX_BYTES, read_source

from conftest import SCENARIOS

SHIPPED = sorted(SCENARIOS.rglob("*.tks"))
DATA = {p: p.read_bytes() for p in SHIPPED}
HEAD = 'version 1\nscenario "Bad input" {\n  kind battle\n'
unix_only = pytest.mark.skipif(not hasattr(os, "mkfifo"), reason="named pipes are a Unix thing")


def within(seconds: float, fn):
    """fn() run in a thread that must end in time: a hang fails the test
    instead of stopping the run."""
    out: list = []
    worker = threading.Thread(target=lambda: out.append(fn()), daemon=True)
    worker.start()
    worker.join(seconds)
    assert not worker.is_alive(), f"still running after {seconds} s"
    return out[0]


def one_error(res: LoadResult) -> Diagnostic:
    assert res.document is None
    [d] = res.errors
    return d


# ------------------------------------------------------------------ what is read

@unix_only
def test_a_named_pipe_is_refused_without_waiting_for_a_writer(tmp_path):
    pipe = tmp_path / "pipe.tks"
    os.mkfifo(pipe)
    d = one_error(within(10, lambda: load_file(pipe)))
    assert d.message == f"{pipe}: is a named pipe, not a scenario file"


def check(*args, cwd=None):
    """`tenkatoitsu check ARGS` in a fresh process, as an author runs it."""
    return subprocess.run([sys.executable, "-m", "tenkatoitsu", "check", *map(str, args)],
                          cwd=cwd, capture_output=True, text=True, timeout=60)


@unix_only
def test_check_of_a_named_pipe_answers_at_once(tmp_path):
    pipe = tmp_path / "pipe.tks"
    os.mkfifo(pipe)
    r = check("pipe.tks", cwd=tmp_path)
    assert r.returncode == 1
    assert r.stderr.splitlines()[0] == "error: pipe.tks: is a named pipe, not a scenario file"


@pytest.mark.skipif(not os.path.exists("/dev/zero"), reason="no /dev/zero")
def test_a_device_is_refused_before_it_is_read():
    d = one_error(within(10, lambda: load_file("/dev/zero")))
    assert d.message == "/dev/zero: is a device, not a scenario file"


def test_a_folder_is_refused_by_name(tmp_path):
    folder = tmp_path / "folder.tks"
    folder.mkdir()
    d = one_error(load_file(folder))
    assert d.message == f"{folder}: is a directory, not a scenario file"
    assert "\n" not in render(d)


@unix_only
def test_a_socket_is_refused(tmp_path):
    path = tmp_path / "s.tks"
    if len(str(path)) > 100:
        pytest.skip("the path is too long for a Unix socket")
    with socket.socket(socket.AF_UNIX) as s:
        s.bind(str(path))
        d = one_error(load_file(path))
    assert d.message == f"{path}: is a socket, not a scenario file"


def test_a_sparse_gigabyte_is_refused_without_being_read(tmp_path):
    big = tmp_path / "big.tks"
    with open(big, "wb") as f:
        f.truncate(1 << 30)
    tracemalloc.start()
    try:
        d = one_error(load_file(big))
        peak = tracemalloc.get_traced_memory()[1]
    finally:
        tracemalloc.stop()
    assert d.message == f"file is too large ({1 << 30} bytes; the limit is {MAX_BYTES})"
    assert peak < 1_000_000, peak


def test_the_size_limit_is_inclusive(tmp_path):
    at_limit = tmp_path / "at.tks"
    at_limit.write_bytes(HEAD.encode() + b"#" * (MAX_BYTES - len(HEAD) - 2) + b"\n}")
    assert at_limit.stat().st_size == MAX_BYTES
    assert read_source(at_limit)[0] is not None
    over = tmp_path / "over.tks"
    over.write_bytes(at_limit.read_bytes() + b"\n")
    text, [d] = read_source(over)
    assert text is None and "too large" in d.message


def test_bytes_handed_in_past_the_limit_are_refused():
    res = load_bytes(b"#" * (MAX_BYTES + 1), "x.tks")
    assert one_error(res).message == f"file is too large ({MAX_BYTES + 1} bytes; the limit is {MAX_BYTES})"


def test_a_file_longer_than_its_size_says_is_read_no_further_than_the_limit(tmp_path, monkeypatch):
    path = tmp_path / "grows.tks"
    path.write_bytes(b"#" * (MAX_BYTES + 10))
    real_fstat = os.fstat

    def fstat_of_a_proc_file(fd):  # /proc files say they are empty
        st = real_fstat(fd)
        return os.stat_result((st.st_mode, *st[1:6], 0, *st[7:]))

    monkeypatch.setattr(os, "fstat", fstat_of_a_proc_file)
    text, [d] = read_source(path)
    assert text is None and d.message == f"file is too large (more than {MAX_BYTES} bytes, the limit)"


def test_a_path_with_a_nul_byte_cannot_be_read():
    text, [d] = read_source("bad\0name.tks")
    assert text is None and d.message.startswith("bad\0name.tks: cannot read")


@unix_only
def test_an_include_that_is_a_named_pipe_is_refused_at_its_use(tmp_path):
    scen = tmp_path / "scenarios"
    (scen / "rules").mkdir(parents=True)
    os.mkfifo(scen / "rules" / "pipe.tks")
    main_file = scen / "main.tks"
    text = (SCENARIOS / "training.tks").read_text(encoding="utf-8")
    main_file.write_text(text.replace('use "rules/tenkatoitsu.tks"',
                                      'use "rules/tenkatoitsu.tks"\n  use "rules/pipe.tks"', 1))
    res = within(10, lambda: load_file(main_file))
    [d] = [d for d in res.errors if "named pipe" in d.message]
    assert d.message.endswith("pipe.tks: is a named pipe, not a scenario file")
    assert d.included_from and d.included_from[0].line == text.count("\n", 0, text.index(
        'use "rules/tenkatoitsu.tks"')) + 2


def test_an_include_that_is_a_folder_is_refused_at_its_use(tmp_path):
    scen = tmp_path / "scenarios"
    (scen / "rules" / "folder.tks").mkdir(parents=True)
    main_file = scen / "main.tks"
    text = (SCENARIOS / "training.tks").read_text(encoding="utf-8")
    main_file.write_text(text.replace('use "rules/tenkatoitsu.tks"',
                                      'use "rules/tenkatoitsu.tks"\n  use "rules/folder.tks"', 1))
    res = load_file(main_file)
    assert any(d.message.endswith("folder.tks: is a directory, not a scenario file") and
               d.included_from for d in res.errors), res.errors


# ------------------------------------------------------------------ bounded output

def test_a_line_of_100000_bad_characters_is_one_short_error():
    """Regression: each bad character was an error that printed the whole
    line: 15 GB of output for one line."""
    text = HEAD + "  " + "$" * 100_000 + "\n}\n"
    res = load_text(text, "line.tks")
    d = one_error(res)
    assert d.message == "unexpected characters '$$$$$$$$$$$$$$$$$$$$…' (100000 of them)"
    assert (d.pos.line, d.pos.column) == (4, 3)
    out = render_all(res.diagnostics, res.sources)
    assert len(out.encode()) < 1_000, out


def test_check_of_a_line_of_100000_bad_characters_prints_little(tmp_path):
    path = tmp_path / "line.tks"
    path.write_text(HEAD + "  " + "$ " * 50_000 + "\n}\n")
    r = check(path)
    assert r.returncode == 1 and "Traceback" not in r.stderr
    assert len((r.stdout + r.stderr).encode()) < 64_000


def test_lexical_errors_stop_after_a_hundred():
    text = HEAD + "  $\n" * 100_000 + "}\n"
    t0 = time.perf_counter()
    res = load_text(text, "stray.tks")
    assert time.perf_counter() - t0 < 5
    assert len(res.errors) == MAX_LEXICAL_ERRORS + 1
    last = res.errors[-1]
    assert last.message == f"more than {MAX_LEXICAL_ERRORS} unexpected characters: the rest of the " \
                           "file is not read"
    assert last.pos.line == 4 + MAX_LEXICAL_ERRORS


def test_runs_of_bad_characters_end_where_a_token_can_start():
    res = load_text(HEAD + "  ¤¤¤map 3 x 3 { }\n}\n", "run.tks")
    d = res.errors[0]
    assert d.message == "unexpected characters '¤¤¤'"
    assert (d.pos.column, d.pos.end_column) == (3, 6)


def _diags(n, file="f.tks", severity="error"):
    return [Diagnostic(f"problem {i}", SourcePos(file, i + 1, 1), severity=severity) for i in range(n)]


def test_errors_are_capped_per_file_with_a_count_of_the_rest():
    out = render_all(_diags(50) + _diags(3, "g.tks"))
    lines = out.splitlines()
    assert sum(line.startswith("f.tks:") for line in lines) == MAX_SHOWN
    assert sum(line.startswith("g.tks:") for line in lines) == 3
    assert lines[-1] == f"… and {50 - MAX_SHOWN} more errors in f.tks"


def test_warnings_are_capped_apart_from_errors():
    out = render_all(_diags(MAX_SHOWN + 1) + _diags(MAX_SHOWN + 2, severity="warning"))
    assert out.splitlines()[-1] == "… and 1 more error and 2 more warnings in f.tks"
    assert out.count(": error: ") == out.count(": warning: ") == MAX_SHOWN


def test_the_cap_counts_diagnostics_without_a_place():
    out = render_all([Diagnostic(f"x{i}") for i in range(MAX_SHOWN + 1)])
    assert out.splitlines()[-1] == "… and 1 more error"
    assert render_all(_diags(30), limit=None).count("error:") == 30


LONG = "    terrain woods " + " ".join(f"{c:02d}{r:02d}" for c in range(1, 30) for r in range(1, 30))


@pytest.mark.parametrize("column", [1, 19, 400, 2000, len(LONG) - 3, len(LONG)])
def test_a_long_line_is_cut_around_the_column_with_the_caret_under_it(column):
    d = Diagnostic("here", SourcePos("f.tks", 1, column, 1, column + 4))
    _, excerpt, caret = render(d, {"f.tks": LONG}).splitlines()
    shown = excerpt[4:]
    assert len(shown) <= EXCERPT_WIDTH + 2
    assert shown.startswith("…") == (column > 41)
    assert shown.endswith("…") == (column < len(LONG) - 60)
    at = caret.index("^")
    assert excerpt[at] == LONG[column - 1]
    assert caret[at:] == "^~~~"[:len(LONG) - column + 1]


def test_a_short_line_is_shown_whole():
    d = Diagnostic("here", SourcePos("f.tks", 2, 5, 2, 9))
    assert render(d, {"f.tks": "a\n  x\tmass 3\n"}).splitlines()[1:] == ["      x mass 3", "        ^~~~"]


def test_control_characters_of_a_file_never_reach_the_terminal():
    d = Diagnostic("here", SourcePos("f.tks", 1, 3))
    out = render(d, {"f.tks": "a\x1b[2Jb\r\n"})
    assert "\x1b" not in out and "\r" not in out
    assert out.splitlines()[1] == "    a\ufffd[2Jb"


def test_long_messages_and_hints_are_clipped():
    d = Diagnostic("m" * 10_000, SourcePos("f.tks", 1, 1), hint="h" * 10_000)
    assert len(render(d)) < 1_000


def test_each_line_of_a_large_source_is_found_without_splitting_it_again():
    text = "x\n" * 1_000_000
    diags = [Diagnostic("e", SourcePos("f.tks", i, 1)) for i in range(1, 1_000_000, 1_000)]
    t0 = time.perf_counter()
    for d in diags:
        render(d, {"f.tks": text})
    assert time.perf_counter() - t0 < 2


# ------------------------------------------------------------------ linear checking

def test_thousands_of_unknown_names_are_checked_quickly():
    """Regression: each unknown name was compared with every known one for a
    "did you mean" hint: 1 MB of them took minutes."""
    units = "\n".join(f'      unit A{i} "u" at {1 + i % 60:02d}{1 + i // 60:02d}' for i in range(3000))
    places = "\n".join(f"    place A{k}x 0101" for k in range(5000))
    text = (f'{HEAD}  map 60 x 60 {{ }}\n  side a "A" {{\n    clan A "A" {{\n{units}\n    }}\n'
            f"  }}\n  variant v {{\n{places}\n  }}\n}}\n")
    t0 = time.perf_counter()
    res = load_text(text, SCENARIOS / "unknown-test.tks")
    assert time.perf_counter() - t0 < 20
    unknown = [d for d in res.errors if d.message.startswith("unknown unit 'A")]
    assert len(unknown) == 5000
    assert all(d.hint for d in unknown[:MAX_HINTS]) and not any(d.hint for d in unknown[MAX_HINTS:])


def large_battle(size: int) -> str:
    """A valid battle of about `size` bytes: 2,400 units, then variants."""
    units = "\n".join(f'      unit A{i} "Unit {i}" elan 1 mass 3 at {1 + i % 60:02d}{1 + i // 60:02d}'
                      for i in range(2400))
    parts = [f'{HEAD}  use "rules/tenkatoitsu.tks"\n  turns 1..8 {{ }}\n  map 60 x 60 {{ }}\n'
             f'  side a "A" {{\n    so-taisho A0 table cp\n    clan A "A" {{\n{units}\n    }}\n  }}\n'
             '  side b "B" {\n    so-taisho B0 table cp\n    clan B "B" {\n'
             '      unit B0 "Lord" elan 1 mass 3 lead 1 so-taisho at 6060\n    }\n  }\n'
             '  victory { margin 2 }\n  table cp {\n    ..2: 1\n    3..: 2\n  }\n']
    parts[0] = parts[0].replace('"Unit 0" elan 1 mass 3 at', '"Unit 0" elan 1 mass 3 lead 1 so-taisho at')
    k, length = 0, len(parts[0])
    while length < size:
        k += 1
        item = (f'  variant v{k} "Variant {k}" {{\n    note "Set-up {k}."\n'
                f"    place A{k % 2400} {1 + k % 60:02d}50\n  }}\n")
        parts.append(item)
        length += len(item)
    return "".join(parts) + "}\n"


@pytest.mark.slow
def test_checking_time_grows_linearly_with_the_file():
    def seconds(size):
        text = large_battle(size)
        best = float("inf")
        for _ in range(2):
            t0 = time.perf_counter()
            res = load_text(text, SCENARIOS / "large-test.tks")
            best = min(best, time.perf_counter() - t0)
        assert res.ok, render_all(res.diagnostics, res.sources)
        return best

    small, large = seconds(1_000_000), seconds(4_000_000)
    assert large < 6 * small, (small, large)  # 4 when linear; 16 when quadratic


# ------------------------------------------------------------------ fuzz

ALPHABET = "$'`;@!%&*()[]{}\"\\\t\x0b\x0c\u00a0\u2028\u3042\U0001f600é#:.|>-0123456789aZ "


@st.composite
def mutated(draw):
    """A shipped file with lines deleted, duplicated, swapped or cut, random
    bytes or text put in, a long line added, or its end cut off."""
    path = draw(st.sampled_from(SHIPPED))
    lines = DATA[path].splitlines(keepends=True)
    for _ in range(draw(st.integers(1, 6))):
        op = draw(st.sampled_from(["delete", "duplicate", "swap", "cut", "bytes", "text",
                                   "long line", "truncate"]))
        i = draw(st.integers(0, max(0, len(lines) - 1)))
        if op == "delete" and lines:
            del lines[i]
        elif op == "duplicate" and lines:
            lines[i:i] = [lines[i]] * draw(st.integers(1, 50))
        elif op == "swap" and lines:
            j = draw(st.integers(0, len(lines) - 1))
            lines[i], lines[j] = lines[j], lines[i]
        elif op == "cut" and lines:
            lines[i] = lines[i][: draw(st.integers(0, len(lines[i])))]
        elif op == "bytes":
            lines.insert(i, draw(st.binary(min_size=1, max_size=20)))
        elif op == "text":
            lines.insert(i, draw(st.text(min_size=1, max_size=40)).encode("utf-8", "surrogatepass"))
        elif op == "long line":
            unit = draw(st.text(alphabet=ALPHABET, min_size=1, max_size=4))
            lines.insert(i, (unit * draw(st.integers(1, 20_000))).encode("utf-8") + b"\n")
        elif op == "truncate":
            lines = lines[:i]
    return path, b"".join(lines)


#: what one rendered diagnostic can take: place, message and hint are clipped,
#: the excerpt is cut, and the include chain is one short line per file
PER_DIAGNOSTIC = 2_000


def loads_cleanly(data: bytes, path: Path) -> None:
    try:
        text = data.decode("utf-8")
    except UnicodeDecodeError:
        res = load_bytes(data, path)
    else:
        res = load_text(text, path) if "\x00" not in text else load_bytes(data, path)
    assert isinstance(res, LoadResult)
    for d in res.diagnostics:
        assert d.severity in ("error", "warning") and d.message.strip(), d
        assert not d.message.startswith("internal error"), d
        assert d.pos is None or (d.pos.line >= 1 and d.pos.column >= 1), d
    out = render_all(res.diagnostics, res.sources)
    files = {d.pos.file if d.pos else None for d in res.diagnostics}
    assert len(out.encode()) <= (2 * MAX_SHOWN + 1) * PER_DIAGNOSTIC * max(1, len(files))
    assert not (res.ok and res.errors)


FUZZ = dict(deadline=None, suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large])


@settings(max_examples=40, derandomize=True, **FUZZ)
@given(mutated())
def test_mutated_scenarios_give_a_clean_result(case):
    path, data = case
    loads_cleanly(data, path)


@settings(max_examples=20, derandomize=True, **FUZZ)
@given(st.text(max_size=2_000))
def test_random_text_gives_a_clean_result(text):
    loads_cleanly(text.encode("utf-8", "surrogatepass"), SCENARIOS / "random.tks")


@pytest.mark.slow
@settings(max_examples=int(os.environ.get("TKS_FUZZ_EXAMPLES", "2000")), **FUZZ)
@given(mutated() | st.tuples(st.just(SCENARIOS / "random.tks"),
                             st.binary(max_size=5_000) | st.text(max_size=5_000).map(
                                 lambda t: t.encode("utf-8", "surrogatepass"))))
def test_fuzz_the_front_end_never_raises(case):
    path, data = case
    loads_cleanly(data, path)


def test_check_of_mutated_files_never_prints_a_traceback(tmp_path):
    tree = tmp_path / "scenarios"
    shutil.copytree(SCENARIOS, tree)
    cases = [
        b"\xff\xfe" + DATA[SHIPPED[0]],
        DATA[SHIPPED[-1]][: len(DATA[SHIPPED[-1]]) // 2],
        DATA[SHIPPED[0]].replace(b"\n", b"\n$$ ", 200),
        re.sub(rb"\d{4}", b"9999", DATA[SHIPPED[0]]),
        b"\n".join(sorted(DATA[SHIPPED[0]].splitlines())),
        HEAD.encode() + "\u3042'`".encode() * 30_000 + b"\n}\n",
    ]
    targets = []
    for n, data in enumerate(cases):
        targets.append(tree / f"mutant{n}.tks")
        targets[-1].write_bytes(data)
    r = check(*targets)
    assert r.returncode == 1
    assert "Traceback" not in r.stdout + r.stderr
    assert len((r.stdout + r.stderr).encode()) < 1_000_000
    assert all(f"mutant{n}.tks: " in r.stdout + r.stderr for n in range(len(cases)))
