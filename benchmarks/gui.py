"""GUI benchmarks: python3 benchmarks/gui.py (offscreen unless a display is set).

For every shipped scenario, and for the generated 1,200-hex, 200-unit battle of
run.py: the time to first frame (scenario loaded, game started, window built,
first paint done; goal under 2 s) and a full map repaint (the map's viewport
repainted whole, median of 60; goal under 16 ms), both with the board's pixmap
cache warm (panning, a counter moving) and cold (the first paint after a zoom).
Also the whole `tenkatoitsu gui --screenshot` command, Python start included.
Measured, not asserted: the figures go in closing notes."""

from __future__ import annotations

import os
import statistics
import subprocess
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))
os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")

from tenkatoitsu.cli import load_gui_package  # noqa: E402

load_gui_package()

from PySide6.QtWidgets import QApplication  # noqa: E402

from tenkatoitsu.kinds.battle.load import load_scenario, load_text  # noqa: E402
from tenkatoitsu_gui.app import MainWindow  # noqa: E402
from tenkatoitsu_gui.controller import GameController, GameSetup  # noqa: E402
from tenkatoitsu_gui.history import start_recorded  # noqa: E402


def generated():
    from run import generated_scenario  # benchmarks/run.py

    path = ROOT / "scenarios" / "generated-benchmark.tks"
    res = load_text(generated_scenario(), path)
    assert res.ok, [str(d) for d in res.errors]
    return str(path), res.document


def first_frame(app, path: str, scenario=None) -> tuple[float, MainWindow]:
    t0 = time.perf_counter()
    scen = scenario or load_scenario(path)
    setup = GameSetup(path, players=((scen.sides[0].id, "human"), (scen.sides[1].id, "random")))
    rec = start_recorded(path, scenario=scen)
    ctl = GameController(rec, setup)
    ctl.paused = True
    win = MainWindow(ctl)
    win.resize(1500, 950)
    win.show()
    app.processEvents()
    win.view.map.fit()
    win.view.map.viewport().repaint()
    win.grab()  # the whole window painted once
    return time.perf_counter() - t0, win


def repaint_ms(app, win: MainWindow, cold: bool) -> float:
    view = win.view.map
    times = []
    for i in range(60):
        if cold:  # a zoom step invalidates the board's device pixmap
            view.zoom(1.01 if i % 2 == 0 else 1 / 1.01)
        t = time.perf_counter()
        view.viewport().repaint()
        times.append((time.perf_counter() - t) * 1000)
    return statistics.median(times)


def command_seconds(path: str) -> float:
    out = Path("/tmp/tenkatoitsu-bench-shot.png")
    t = time.perf_counter()
    subprocess.run([sys.executable, "-m", "tenkatoitsu", "gui", path, "--screenshot", str(out)],
                   cwd=ROOT, check=True, capture_output=True)
    return time.perf_counter() - t


def main() -> None:
    t = time.perf_counter()
    app = QApplication.instance() or QApplication([])
    print(f"QApplication start: {(time.perf_counter() - t) * 1000:.0f} ms "
          f"(platform {app.platformName()})")
    print(f"{'scenario':34} {'first frame':>12} {'repaint warm':>13} {'repaint cold':>13} "
          f"{'--screenshot cmd':>17}")
    cases = [(str(p), None) for p in sorted((ROOT / "scenarios").glob("*.tks"))]
    cases.append(generated())
    for path, scen in cases:
        secs, win = first_frame(app, path, scen)
        warm = repaint_ms(app, win, cold=False)
        cold = repaint_ms(app, win, cold=True)
        cmd = command_seconds(path) if scen is None else float("nan")
        name = Path(path).name
        print(f"{name:34} {secs * 1000:9.0f} ms {warm:10.1f} ms {cold:10.1f} ms "
              f"{cmd * 1000:14.0f} ms")
        win.close()
        win.deleteLater()
        app.processEvents()


if __name__ == "__main__":
    main()
