"""Benchmarks, run with one command: python3 benchmarks/run.py

Reports parse+validate time (cold and warm median) for every shipped scenario
file and for a generated 1,200-hex, 200-unit battle (goal: under 50 ms warm),
then random-vs-random games per second and decisions per second on each
shipped scenario. Measured, not asserted: the figures go in closing notes."""

from __future__ import annotations

import statistics
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from tenkatoitsu.kinds.battle.load import load_file, load_text  # noqa: E402
from tenkatoitsu.hexmap import Grid, Hex  # noqa: E402


def generated_scenario(width: int = 40, height: int = 30, clans_per_side: int = 10,
                       units_per_clan: int = 10) -> str:
    """A large valid battle: terrain, a river with fords, roads, and 200 units."""
    grid = Grid(width, height)
    lines = ['version 1', 'scenario "Generated benchmark battle" {', '  kind battle',
             '  use "rules/tenkatoitsu.tks"', '  turns 1..16 { night none fatigue 15..16 }',
             f'  map {width} x {height} {{', '    default clear']
    woods = [h.id for h in grid.hexes() if (h.col * 7 + h.row * 3) % 11 == 0]
    lines.append("    terrain woods " + " ".join(woods))
    lines.append("    terrain village " + " ".join(Hex.from_colrow(c, 10).id for c in range(3, width, 6)))
    river = []
    mid = height // 2
    for a in grid.hexes():
        for b in grid.neighbours(a):
            if a.row <= mid and b.row > mid and a.col % 9 != 0:
                river.append(f"{a.id}|{b.id}")
    for i in range(0, len(river), 12):
        lines.append("    hexside river " + " ".join(river[i:i + 12]))
    for c in range(5, width, 10):
        lines.append("    road " + " ".join(Hex.from_colrow(c, r).id for r in range(1, height + 1)))
    lines.append("  }")
    for s, (side, rows) in enumerate((("north", range(2, mid - 1)), ("south", range(mid + 3, height)))):
        hexes = iter(Hex.from_colrow(c, r) for r in rows for c in range(1, width + 1))
        lines.append(f'  side {side} "{side.title()}" {{')
        lines.append(f"    so-taisho {side[0]}1-1 table cp")
        for k in range(1, clans_per_side + 1):
            lines.append(f'    clan {side[0]}{k} "Clan {k}" {{')
            for u in range(1, units_per_clan + 1):
                mark = " lead 2 so-taisho" if (k, u) == (1, 1) else (" lead 1 taisho" if u == 1 else "")
                lines.append(f'      unit {side[0]}{k}-{u} "Unit {k}-{u}" elan {u % 3} mass 3 '
                             f'fire {u % 2}{mark} at {next(hexes).id}')
            lines.append("    }")
        lines.append("  }")
    lines += ["  victory {", "    vp elan-eliminated 1", "    margin 2", "  }",
              "  table cp {", "    ..2: 1", "    3..: 2", "  }", "}"]
    return "\n".join(lines) + "\n"


def timed(fn, warm_runs: int = 20):
    t0 = time.perf_counter()
    first = fn()
    cold = time.perf_counter() - t0
    times = []
    for _ in range(warm_runs):
        t0 = time.perf_counter()
        fn()
        times.append(time.perf_counter() - t0)
    return first, cold, statistics.median(times)


def main() -> int:
    print(f"{'file':42} {'hexes':>6} {'units':>6} {'cold ms':>9} {'warm ms':>9}")
    files = sorted((ROOT / "scenarios").rglob("*.tks"))
    for f in files:
        res, cold, warm = timed(lambda: load_file(f))
        doc = res.document
        hexes = doc.map.width * doc.map.height if getattr(doc, "map", None) else 0
        units = sum(1 for _ in doc.units()) if hasattr(doc, "units") else 0
        print(f"{str(f.relative_to(ROOT)):42} {hexes:6} {units:6} {cold * 1e3:9.1f} {warm * 1e3:9.1f}")
    text = generated_scenario()
    path = ROOT / "scenarios" / "generated-benchmark.tks"  # virtual: never written
    res, cold, warm = timed(lambda: load_text(text, path))
    assert res.ok, [d.message for d in res.errors][:5]
    doc = res.document
    units = sum(1 for _ in doc.units())
    print(f"{'generated 40x30, 200 units':42} {doc.map.width * doc.map.height:6} {units:6} "
          f"{cold * 1e3:9.1f} {warm * 1e3:9.1f}")
    goal = "met" if warm < 0.050 else "NOT met"
    print(f"goal: generated battle under 50 ms warm: {goal} ({warm * 1e3:.1f} ms)")
    print()
    games_benchmark(int(sys.argv[1]) if len(sys.argv) > 1 else 20)
    return 0


def games_benchmark(n: int) -> None:
    """Whole games with random bots; the scenario is parsed once per game as in `play`."""
    from tenkatoitsu.session import Session, bots_for

    print(f"{'scenario (random vs random)':42} {'games':>6} {'s/game':>9} {'games/s':>9} "
          f"{'decisions/s':>12}")
    for f in sorted((ROOT / "scenarios").glob("*.tks")):
        decisions = 0
        t0 = time.perf_counter()
        for seed in range(n):
            s = Session.start(f, seed=seed)
            s.play_bots(bots_for(s, "random", seed))
            decisions += len(s.driver.answers)
        dt = time.perf_counter() - t0
        print(f"{str(f.relative_to(ROOT)):42} {n:6} {dt / n:9.3f} {n / dt:9.1f} {decisions / dt:12.0f}")


if __name__ == "__main__":
    raise SystemExit(main())
