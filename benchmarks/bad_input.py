"""What bad and large input costs `tenkatoitsu check`, in one command:

    python3 benchmarks/bad_input.py [--rev REV] [--quick]

Each case runs in a fresh `python3 -m tenkatoitsu check FILE` process; the
table gives its exit status, wall and CPU time, peak memory (maximum resident
set size) and the bytes it prints. The cases: valid battles of 1 MB and 4 MB
(a 99 x 99 map with a label on every hex and 3,200 units, filled up with
thousands of variants, or of notes), one line of 10,000 or 100,000 bad
characters, 4 MB of stray characters, 1 MB of unknown names, a file over the
4 MiB limit, a 1 GiB sparse file, /dev/zero, a named pipe and a folder.

--rev REV measures another version too, on the same files, after a slash in
each figure: a git revision (exported into a temporary folder) or a folder
holding a copy of the engine. A run is stopped after
120 seconds (10 for the named pipe) or OUTPUT_LIMIT bytes of output (shown as >); for the
revision, /dev/zero is left out (it reads until memory runs out). --quick
leaves out the 4 MB cases. Measured, not asserted."""

from __future__ import annotations

import argparse
import os
import signal
import subprocess
import sys
import tempfile
import threading
import time
from pathlib import Path

import attrs

HERE = Path(__file__).resolve().parent
ROOT = HERE.parent
sys.path.insert(0, str(HERE))

from compare import export  # noqa: E402
from run import generated_scenario  # noqa: E402

from tenkatoitsu.hexmap import Grid  # noqa: E402

OUTPUT_LIMIT = 2_000_000_000


# ------------------------------------------------------------------ the files

def large_battle(size: int, fill: str) -> str:
    """A valid battle of about `size` bytes: the benchmark battle on a 99 x 99
    map with 40 clans of 40 units a side and a label on every hex, then
    variants (each a note, a `place` and an `order`) or notes up to the size."""
    text = generated_scenario(99, 99, 40, 40).rstrip()
    body = text[:-1]  # without the scenario's closing brace
    map_end = body.index("\n  }\n  side ")
    labels = "".join(f'\n    label {h.id} "Place {h.id}"' for h in Grid(99, 99).hexes())
    parts = [body[:map_end], labels, body[map_end:]]
    length = sum(len(p) for p in parts) + 3
    k = 0
    while length < size:
        k += 1
        if fill == "variants":
            clan = k % 40 + 1
            item = (f'\n  variant v{k} "Variant {k}" {{\n    note "An optional set-up, number {k}."\n'
                    f"    place n{clan}-{k % 7 + 1} {k % 99 + 1:02d}49\n    order n{clan} attack\n  }}")
        else:
            item = f'\n  note "A note about the battle, number {k}: the armies met at dawn."'
        parts.append(item)
        length += len(item)
    return "".join(parts) + "\n}\n"


HEAD = 'version 1\nscenario "Bad input" {\n  kind battle\n'


def unknown_names(size: int) -> str:
    """A battle whose variants name units and clans that do not exist."""
    body = large_battle(0, "notes")[:-2]
    parts, k = [body], 0
    while sum(map(len, parts)) < size:
        k += 1
        parts.append(f"\n  variant w{k} {{\n    place n{k % 40 + 1}-{k % 40 + 1}x 4949\n"
                     f"    order q{k} attack\n  }}")
    return "".join(parts) + "\n}\n"


@attrs.frozen
class Case:
    name: str
    make: object  # folder -> the argument given to `check`
    in_revision: bool = True
    large: bool = False
    time_limit: float = 120.0


def _file(name: str, text: str | bytes):
    def make(folder: Path) -> str:
        path = folder / name
        if not path.exists():
            path.write_bytes(text.encode("utf-8") if isinstance(text, str) else text)
        return name
    return make


def _lazy_file(name: str, make_text):
    def make(folder: Path) -> str:
        return _file(name, make_text())(folder)
    return make


def _sparse(folder: Path) -> str:
    with open(folder / "sparse.tks", "wb") as f:
        f.truncate(1 << 30)
    return "sparse.tks"


def _fifo(folder: Path) -> str:
    if not (folder / "pipe.tks").exists():
        os.mkfifo(folder / "pipe.tks")
    return "pipe.tks"


def _folder(folder: Path) -> str:
    (folder / "folder.tks").mkdir(exist_ok=True)
    return "folder.tks"


CASES = [
    Case("valid battle, 1 MB of variants", _lazy_file("v1.tks", lambda: large_battle(1_000_000, "variants"))),
    Case("valid battle, 4 MB of variants", _lazy_file("v4.tks", lambda: large_battle(4_000_000, "variants")),
         large=True),
    Case("valid battle, 1 MB of notes", _lazy_file("n1.tks", lambda: large_battle(1_000_000, "notes"))),
    Case("valid battle, 4 MB of notes", _lazy_file("n4.tks", lambda: large_battle(4_000_000, "notes")),
         large=True),
    Case("one line of 10,000 '$'", _file("line10k.tks", HEAD + "  " + "$" * 10_000 + "\n}\n")),
    Case("one line of 100,000 '$'", _file("line100k.tks", HEAD + "  " + "$" * 100_000 + "\n}\n")),
    Case("one line of 100,000 chars '$ $ ...'", _file("spaced.tks", HEAD + "  " + "$ " * 50_000 + "\n}\n")),
    Case("4 MB of stray characters, one a line", _file("stray.tks", HEAD + "$\n" * 2_000_000 + "}\n"),
         large=True),
    Case("1 MB of unknown unit and clan names", _lazy_file("unknown.tks", lambda: unknown_names(1_000_000))),
    Case("5 MB file (the limit is 4 MiB)", _file("five.tks", HEAD + "  # " + "x" * 5_000_000 + "\n}\n")),
    Case("1 GiB sparse file", _sparse),
    Case("/dev/zero", lambda folder: "/dev/zero", in_revision=False),
    Case("a named pipe, no writer", _fifo, time_limit=10.0),
    Case("a folder", _folder),
]


# ------------------------------------------------------------------ measuring

@attrs.frozen
class Run:
    status: str  # exit status, or why the run was stopped
    wall: float
    cpu: float
    peak_kb: int
    output: int
    stopped: bool


def measure(tree: Path, folder: Path, arg: str, time_limit: float) -> Run:
    env = dict(os.environ, PYTHONPATH=str(tree), PYTHONHASHSEED="0")
    start = time.perf_counter()
    proc = subprocess.Popen([sys.executable, "-m", "tenkatoitsu", "check", arg], cwd=folder, env=env,
                            stdout=subprocess.PIPE, stderr=subprocess.STDOUT, start_new_session=True)
    count = [0]
    over = threading.Event()

    def drain():
        while chunk := proc.stdout.read(1 << 20):
            count[0] += len(chunk)
            if count[0] >= OUTPUT_LIMIT:
                over.set()
                return

    reader = threading.Thread(target=drain, daemon=True)
    reader.start()
    reader.join(time_limit)
    why = "output limit" if over.is_set() else ("time limit" if reader.is_alive() else None)
    if why:
        os.killpg(proc.pid, signal.SIGKILL)
    _, status, usage = os.wait4(proc.pid, 0)
    proc.returncode = os.waitstatus_to_exitcode(status)
    wall = time.perf_counter() - start
    reader.join(5)
    proc.stdout.close()
    return Run(why or str(proc.returncode), wall, usage.ru_utime + usage.ru_stime, usage.ru_maxrss,
               count[0], why is not None)


def _bytes(n: int, stopped: bool) -> str:
    mark = ">" if stopped else ""
    for unit, size in (("GB", 1e9), ("MB", 1e6), ("KB", 1e3)):
        if n >= size:
            return f"{mark}{n / size:.1f} {unit}"
    return f"{mark}{n} B"


def _row(run: Run | None) -> list[str]:
    if run is None:
        return ["not run", "", "", "", ""]
    return [run.status, f"{run.wall:.2f}", f"{run.cpu:.2f}", f"{run.peak_kb / 1024:.0f}",
            _bytes(run.output, run.stopped and run.status == "output limit")]


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--rev", help="a git revision (e.g. HEAD) or a folder to measure side by side")
    ap.add_argument("--quick", action="store_true", help="leave out the 4 MB cases")
    args = ap.parse_args()
    with tempfile.TemporaryDirectory() as tmp:
        folder = Path(tmp) / "files"
        folder.mkdir()
        other = None
        if args.rev:
            other = Path(args.rev) if Path(args.rev).is_dir() else export(args.rev, Path(tmp) / "rev")
        heads = ["case", "size", "status", "wall s", "CPU s", "peak MB", "output"]
        print(" | ".join(heads) + ("   (each figure: this tree, then " + args.rev + ")" if other else ""))
        for case in CASES:
            if args.quick and case.large:
                continue
            arg = case.make(folder)
            target = Path(arg) if Path(arg).is_absolute() else folder / arg
            size = target.stat().st_size if target.is_file() else 0
            now = _row(measure(ROOT, folder, arg, case.time_limit))
            if other is not None:
                before = _row(measure(other, folder, arg, case.time_limit) if case.in_revision else None)
                now = [f"{a} / {b}" for a, b in zip(now, before)]
            print(" | ".join([case.name, _bytes(size, False) if size else "-", *now]), flush=True)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
