"""Monte Carlo balance runs: many games of one scenario between two bots,
with win/draw/loss and victory-level rates (Wilson score 95% intervals), the
VP distribution, mean turns and timings. Games run in a process pool; each
game's seed derives from the run's seed and the game's number, so every
field but the timings is the same for any number of jobs."""

from __future__ import annotations

import hashlib
import math
import os
import sys
import time
from collections import Counter
from concurrent.futures import ProcessPoolExecutor
from pathlib import Path

import attrs

Z95 = 1.959963984540054
INTERVAL = "Wilson score interval, 95%"


def wilson(k: int, n: int, z: float = Z95) -> tuple[float, float]:
    """The Wilson score interval of a proportion k/n."""
    if n == 0:
        return (0.0, 1.0)
    p = k / n
    den = 1 + z * z / n
    centre = (p + z * z / (2 * n)) / den
    half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / den
    return (max(0.0, centre - half), min(1.0, centre + half))


def game_seed(seed: int, index: int) -> int:
    """The seed of game `index` of a run seeded `seed` (independent of the jobs)."""
    digest = hashlib.sha256(f"tenkatoitsu-sim:{seed}:{index}".encode()).digest()
    return int.from_bytes(digest[:6], "big")


@attrs.frozen
class SimSpec:
    scenario: str
    n: int
    bots: tuple[str, str]
    variants: tuple[str, ...] = ()
    seed: int = 1
    hidden_orders: bool = False


# ---------------------------------------------------------------- one game (runs in a worker)

_SCENARIOS: dict = {}


def _scenario(path: str):
    from tenkatoitsu.battle.load import load_scenario

    s = _SCENARIOS.get(path)
    if s is None:
        s = _SCENARIOS[path] = load_scenario(path)
    return s


def play_game(spec: SimSpec, index: int, watch=None):
    """Game `index` of the run, played by the bots to its end: its Session
    (the game and its events, for scripts that read them: benchmarks/).
    `watch(game, event)`, if given, sees each event as it happens (tests)."""
    from tenkatoitsu.battle.bots import make_bot
    from tenkatoitsu.battle.game import Game, Options
    from tenkatoitsu.battle.play import play
    from tenkatoitsu.battle.session import Session
    from tenkatoitsu.core.driver import Driver

    seed = game_seed(spec.seed, index)
    game = Game(_scenario(spec.scenario), variants=spec.variants, seed=seed,
                options=Options(hidden_orders=spec.hidden_orders))
    if watch is not None:
        game.listeners.append(lambda e: watch(game, e))
    session = Session(spec.scenario, game, Driver(play(game)))
    bots = {side: make_bot(name, seed, side) for side, name in zip(game.side_ids, spec.bots)}
    session.play_bots(bots)
    return session


def play_one(spec: SimSpec, index: int) -> dict:
    t0, c0 = time.perf_counter(), time.process_time()
    session = play_game(spec, index)
    st, seed = session.game.state, session.game.seed
    return {"game": index, "seed": seed, "winner": st.winner, "level": st.level,
            "vp": dict(st.vp), "turns": st.turn, "decisions": len(session.driver.answers),
            "seconds": time.perf_counter() - t0, "cpu_seconds": time.process_time() - c0}


# ---------------------------------------------------------------- the run

def run(spec: SimSpec, jobs: int = 1, progress=None) -> dict:
    """Play the games and return the summary (see `summarise`). `progress(done, n)`."""
    from tenkatoitsu.battle.game import resolve_variants

    scen = _scenario(spec.scenario)
    resolve_variants(scen, spec.variants)  # a bad variant fails here, not in a worker
    t0 = time.perf_counter()
    results: list[dict] = []
    jobs = max(1, min(jobs, spec.n or 1))
    if jobs == 1:
        for i in range(spec.n):
            results.append(play_one(spec, i))
            if progress:
                progress(len(results), spec.n)
    else:
        # one game a task: a game's length varies several-fold, so a task of
        # several games can leave a core idle at the end; the ~1 ms a task
        # costs is nothing beside a game (0.07 s at the least)
        with ProcessPoolExecutor(max_workers=jobs) as pool:
            futures = [pool.submit(play_one, spec, i) for i in range(spec.n)]
            for f in futures:
                results.append(f.result())
                if progress:
                    progress(len(results), spec.n)
    wall = time.perf_counter() - t0
    return summarise(spec, scen, results, jobs, wall)


def summarise(spec: SimSpec, scen, results: list[dict], jobs: int, wall: float) -> dict:
    results = sorted(results, key=lambda r: r["game"])
    sides = [s.id for s in scen.sides]
    n = len(results)

    def rate(k: int) -> dict:
        lo, hi = wilson(k, n)
        return {"count": k, "rate": round(k / n, 4) if n else 0.0,
                "ci95": [round(lo, 4), round(hi, 4)]}

    winners = Counter(r["winner"] for r in results)
    levels = Counter(r["level"] for r in results)
    vp = {}
    for s in sides:
        vals = [r["vp"][s] for r in results]
        vp[s] = {"mean": round(sum(vals) / n, 3) if n else 0.0, "min": min(vals, default=0),
                 "max": max(vals, default=0),
                 "histogram": {str(k): v for k, v in sorted(Counter(vals).items())}}
    diff = Counter(r["vp"][sides[0]] - r["vp"][sides[1]] for r in results)
    decisions = sum(r["decisions"] for r in results)
    seconds = sum(r["seconds"] for r in results)
    cpu = sum(r["cpu_seconds"] for r in results)
    games = [{k: v for k, v in r.items() if k not in ("seconds", "cpu_seconds")} for r in results]
    return {
        "scenario": scen.name, "file": str(spec.scenario), "variants": list(spec.variants),
        "games": n, "seed": spec.seed, "hidden_orders": spec.hidden_orders,
        "bots": dict(zip(sides, spec.bots)),
        "interval": INTERVAL,
        "wins": {s: rate(winners.get(s, 0)) for s in sides},
        "draws": rate(winners.get(None, 0)),
        "levels": {str(k): rate(v) for k, v in sorted(levels.items(), key=lambda kv: str(kv[0]))},
        "vp": vp,
        "vp_difference": {"of": f"{sides[0]} - {sides[1]}",
                          "histogram": {str(k): v for k, v in sorted(diff.items())}},
        "mean_turns": round(sum(r["turns"] for r in results) / n, 3) if n else 0.0,
        "mean_decisions": round(decisions / n, 3) if n else 0.0,
        "results": games,
        "timings": {"jobs": jobs, "wall_seconds": round(wall, 3),
                    "seconds_per_game": round(seconds / n, 4) if n else 0.0,
                    "cpu_seconds_per_game": round(cpu / n, 4) if n else 0.0,
                    "mean_game_seconds_wall": round(wall / n, 4) if n else 0.0,
                    "decisions_per_second": round(decisions / seconds, 1) if seconds else 0.0},
    }


# ---------------------------------------------------------------- output

def _pct(r: dict) -> str:
    lo, hi = r["ci95"]
    return f"{r['count']:4d}  {100 * r['rate']:5.1f}%  [{100 * lo:5.1f}%, {100 * hi:5.1f}%]"


def report(summary: dict, scen) -> str:
    names = {s.id: s.name for s in scen.sides}
    out = [f"{summary['scenario']} ({', '.join(summary['variants']) or 'default set-up'}): "
           f"{summary['games']} games, seed {summary['seed']}, "
           + ", ".join(f"{names[s]}: {b}" for s, b in summary["bots"].items()),
           f"rates with 95% confidence intervals ({summary['interval']})"]
    for s, r in summary["wins"].items():
        out.append(f"  {names[s] + ' wins':32} {_pct(r)}")
    out.append(f"  {'draws':32} {_pct(summary['draws'])}")
    out.append("victory levels:")
    for title, r in summary["levels"].items():
        out.append(f"  {title:32} {_pct(r)}")
    out.append("VP:")
    for s, v in summary["vp"].items():
        out.append(f"  {names[s]:32} mean {v['mean']:.2f}, min {v['min']}, max {v['max']}")
    hist = summary["vp_difference"]["histogram"]
    out.append(f"  VP difference ({summary['vp_difference']['of']}): "
               + " ".join(f"{k}:{v}" for k, v in hist.items()))
    t = summary["timings"]
    out.append(f"mean turns {summary['mean_turns']:.2f}; mean decisions "
               f"{summary['mean_decisions']:.1f}; game time {t['seconds_per_game']:.3f} s "
               f"({t['cpu_seconds_per_game']:.3f} s of CPU) per game; wall "
               f"{t['wall_seconds']:.1f} s on {t['jobs']} job(s); "
               f"{t['decisions_per_second']:.0f} decisions/s")
    return "\n".join(out)


def write_csv(summary: dict, path: str | Path) -> None:
    import csv
    import io

    from tenkatoitsu.core.persistence import write_text_atomically

    sides = list(summary["bots"])
    buf = io.StringIO()
    w = csv.writer(buf)
    w.writerow(["game", "seed", "winner", "level", *[f"vp_{s}" for s in sides], "turns",
                "decisions"])
    for r in summary["results"]:
        w.writerow([r["game"], r["seed"], r["winner"] or "", r["level"],
                    *[r["vp"][s] for s in sides], r["turns"], r["decisions"]])
    write_text_atomically(Path(path), buf.getvalue())


def plot(summary: dict, path: str | Path) -> None:
    """Outcome rates with their intervals and the VP difference histogram
    (needs the optional matplotlib: pip install 'tenkatoitsu[plot]')."""
    try:
        import matplotlib
        matplotlib.use("Agg")
        import matplotlib.pyplot as plt
    except ImportError:
        raise RuntimeError("--plot needs matplotlib: pip install 'tenkatoitsu[plot]'") from None
    fig, (a, b) = plt.subplots(1, 2, figsize=(10, 4))
    labels = [f"{s} wins" for s in summary["wins"]] + ["draw"]
    rates = list(summary["wins"].values()) + [summary["draws"]]
    vals = [r["rate"] for r in rates]
    err = [[r["rate"] - r["ci95"][0] for r in rates], [r["ci95"][1] - r["rate"] for r in rates]]
    a.bar(labels, vals, yerr=err, capsize=4)
    a.set_ylim(0, 1)
    a.set_title(f"{summary['games']} games, 95% Wilson intervals")
    hist = summary["vp_difference"]["histogram"]
    b.bar([int(k) for k in hist], list(hist.values()))
    b.set_title(f"VP difference ({summary['vp_difference']['of']})")
    fig.suptitle(summary["scenario"])
    fig.tight_layout()
    fig.savefig(path)


class ProgressBar:
    """A one-line progress bar on a terminal stream."""

    def __init__(self, stream=sys.stderr, width: int = 30):
        self.stream = stream
        self.width = width
        self.t0 = time.perf_counter()

    def __call__(self, done: int, n: int) -> None:
        filled = int(self.width * done / n) if n else self.width
        dt = time.perf_counter() - self.t0
        eta = dt / done * (n - done) if done else 0.0
        self.stream.write(f"\r[{'#' * filled}{'.' * (self.width - filled)}] {done}/{n} games, "
                          f"{dt:.0f} s, ~{eta:.0f} s left ")
        if done >= n:
            self.stream.write("\n")
        self.stream.flush()


def default_jobs() -> int:
    return os.cpu_count() or 1
