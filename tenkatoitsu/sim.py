"""Monte Carlo balance runs of any kind: many games of one scenario between
bots, one per seat, with each seat's win rate, draws and victory levels
(Wilson score 95% intervals), the score distribution, mean turns and timings.
With rotation the bots move round the table game by game, so that a seat's
advantage shows apart from its bot's. Games run in a process pool; each
game's seed derives from the run's seed and the game's number, so every
field but the timings is the same for any number of jobs."""

from __future__ import annotations

import csv
import hashlib
import io
import math
import os
import sys
import time
from collections import Counter
from concurrent.futures import ProcessPoolExecutor
from pathlib import Path

import attrs

from tenkatoitsu.core.persistence import write_bytes_atomically, write_text_atomically
from tenkatoitsu.dsl.loader import load_scenario
from tenkatoitsu.kinds.contract import level_names_side
from tenkatoitsu.session import Session, make_bot

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
    scenario: str  # a path or a bundled name
    n: int
    bots: tuple[str, ...]  # one per seat, in seat order
    variants: tuple[str, ...] = ()
    seed: int = 1
    hidden_orders: bool = False  # the battle's [5.3], as --hidden-orders
    players: tuple[str, ...] | None = None  # the seats in play; None: the scenario's
    options: tuple[tuple[str, object], ...] = ()  # the kind's options, as (name, value)
    rotate: bool = False  # game i shifts the bots i seats round the table

    def game_options(self) -> dict:
        opts = dict(self.options)
        if self.hidden_orders:
            opts["hidden_orders"] = True
        return opts

    def bots_of(self, index: int, players: tuple[str, ...]) -> dict[str, str]:
        """Which bot plays which seat in game `index`."""
        shift = index % len(players) if self.rotate else 0
        return {p: self.bots[(i - shift) % len(self.bots)] for i, p in enumerate(players)}


def bots_known(kind, bots) -> bool:
    """Whether every bot is one of the kind's; a bad setting after a known
    name (`hard:speed=2`) raises ValueError now, not in every worker."""
    if any(b.split(":")[0] not in kind.bots for b in bots):
        return False
    for b in set(bots):
        make_bot(kind, b, 1, "check")
    return True


# ---------------------------------------------------------------- one game (runs in a worker)

_SCENARIOS: dict = {}


def _scenario(ref: str):
    s = _SCENARIOS.get(ref)
    if s is None:
        s = _SCENARIOS[ref] = load_scenario(ref)
    return s


def play_game(spec: SimSpec, index: int, watch=None) -> Session:
    """Game `index` of the run, played by the bots to its end: its Session
    (the game and its events, for scripts that read them: benchmarks/).
    `watch(game, event)`, if given, sees each event as it happens (tests)."""
    seed = game_seed(spec.seed, index)

    def listen(game):
        game.listeners.append(lambda e: watch(game, e))

    session = Session.start(_scenario(spec.scenario), variants=spec.variants, seed=seed,
                            options=spec.game_options(), players=spec.players,
                            on_game=listen if watch is not None else None)
    names = spec.bots_of(index, session.game.players)
    session.play_bots({p: make_bot(session.kind, names[p], seed, p) for p in names})
    return session


def play_one(spec: SimSpec, index: int) -> dict:
    t0, c0 = time.perf_counter(), time.process_time()
    session = play_game(spec, index)
    g = session.game
    r = session.kind.result(g)
    out = {"game": index, "seed": g.seed, "winner": r.winner, "level": r.level,
           session.kind.score_name: dict(r.scores), "turns": r.turns,
           "turns_played": r.turns_played,
           "decisions": len(session.driver.answers),
           "seconds": time.perf_counter() - t0, "cpu_seconds": time.process_time() - c0}
    if spec.rotate:
        out["bots"] = spec.bots_of(index, g.players)
    roles = getattr(session.kind, "roles", None)
    if roles is not None:  # what each seat played this game (a drafted clan)
        out["roles"] = dict(roles(g))
    return out


# ---------------------------------------------------------------- the run

def run(spec: SimSpec, jobs: int = 1, progress=None, runner=None) -> dict:
    """Play the games and return the summary (see `summarise`). `progress(done, n)`.
    `runner(spec, indices, progress)`, if given, plays the games elsewhere (on a
    cluster: sim_cluster) and returns their `play_one` results in index order."""
    sf = _scenario(spec.scenario)
    # a bad set-up (variant, seats, option) fails here, not in a worker
    Session.start(sf, variants=spec.variants, seed=spec.seed, options=spec.game_options(),
                  players=spec.players)
    t0 = time.perf_counter()
    results: list[dict] = []
    jobs = max(1, min(jobs, spec.n or 1))
    if runner is not None:
        results = runner(spec, range(spec.n), progress)
    elif jobs == 1:
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
    return summarise(spec, sf, results, jobs, wall)


def summarise(spec: SimSpec, sf, results: list[dict], jobs: int, wall: float) -> dict:
    kind = sf.kind
    key = kind.score_name
    results = sorted(results, key=lambda r: r["game"])
    seats = list(spec.players or [s.id for s in kind.seats(sf.document).choices])
    n = len(results)

    def rate(k: int, of: int = n) -> dict:
        lo, hi = wilson(k, of)
        return {"count": k, "rate": round(k / of, 4) if of else 0.0,
                "ci95": [round(lo, 4), round(hi, 4)]}

    winners = Counter(r["winner"] for r in results)
    names = {s.id: s.name for s in kind.seats(sf.document).choices}
    levels = Counter((level_name(r["level"], r["winner"], names), r["winner"]) for r in results)
    scores = {}
    for s in seats:
        vals = [r[key][s] for r in results]
        scores[s] = {"mean": round(sum(vals) / n, 3) if n else 0.0, "min": min(vals, default=0),
                     "max": max(vals, default=0),
                     "histogram": {str(k): v for k, v in sorted(Counter(vals).items())}}
    decisions = sum(r["decisions"] for r in results)
    seconds = sum(r["seconds"] for r in results)
    cpu = sum(r["cpu_seconds"] for r in results)
    games = [{k: v for k, v in r.items() if k not in ("seconds", "cpu_seconds")} for r in results]
    out = {
        "scenario": sf.document.name, "kind": kind.name, "file": str(spec.scenario),
        "variants": list(spec.variants), "games": n, "seed": spec.seed,
        "options": spec.game_options(), "hidden_orders": spec.hidden_orders,
        "seats": seats, "rotate": spec.rotate,
        "bots": dict(zip(seats, spec.bots)),
        "interval": INTERVAL,
        "wins": {s: rate(winners.get(s, 0)) for s in seats},
        "draws": rate(winners.get(None, 0)),
        "levels": {name: dict(rate(v), winner=winner)
                   for (name, winner), v in sorted(levels.items(), key=lambda kv: kv[0][0])},
        "score": key,
        key: scores,
        "mean_turns": round(sum(r["turns"] for r in results) / n, 3) if n else 0.0,
        "mean_turns_played": round(sum(r["turns_played"] for r in results) / n, 3) if n else 0.0,
        "mean_decisions": round(decisions / n, 3) if n else 0.0,
        "results": games,
        "timings": {"jobs": jobs, "wall_seconds": round(wall, 3),
                    "seconds_per_game": round(seconds / n, 4) if n else 0.0,
                    "cpu_seconds_per_game": round(cpu / n, 4) if n else 0.0,
                    "mean_game_seconds_wall": round(wall / n, 4) if n else 0.0,
                    "decisions_per_second": round(decisions / seconds, 1) if seconds else 0.0},
    }
    if len(seats) == 2:
        diff = Counter(r[key][seats[0]] - r[key][seats[1]] for r in results)
        out[f"{key}_difference"] = {"of": f"{seats[0]} - {seats[1]}",
                                    "histogram": {str(k): v for k, v in sorted(diff.items())}}
    if spec.rotate:  # each bot's wins over the games it played, whatever its seat
        played, won = Counter(), Counter()
        for r in results:
            for seat, bot in r["bots"].items():
                played[bot] += 1
                won[bot] += r["winner"] == seat
        out["bot_wins"] = {b: rate(won[b], played[b]) for b in sorted(played)}
        out["bot_scores"] = {b: round(sum(r[key][seat] for r in results
                                          for seat, bot in r["bots"].items() if bot == b)
                                      / played[b], 3) for b in sorted(played)}
    if any("roles" in r for r in results):  # each role's wins over the games it was played
        played, won = Counter(), Counter()
        for r in results:
            for seat, role in r.get("roles", {}).items():
                played[role] += 1
                won[role] += r["winner"] == seat
        out["role_wins"] = {x: dict(rate(won[x], played[x]), played=played[x])
                            for x in sorted(played)}
    if len(seats) > 1 and not kind.seats(sf.document).fixed:
        # a table of players: the first seat moves first; its share of wins against an even share
        out["first_player"] = dict(rate(winners.get(seats[0], 0)), seat=seats[0],
                                   even=round(1 / len(seats), 4))
    return out


def level_name(level: str | None, winner: str | None, names: dict[str, str]) -> str:
    """A victory level as `sim` counts it: with the winner's name when the
    level does not say whose it is ("automatic victory (Hashiba Hideyoshi)")."""
    text = str(level)
    if winner is None:
        return text
    name = names.get(winner, winner)
    return text if level_names_side(text, winner, name) else f"{text} ({name})"


# ---------------------------------------------------------------- output

def _pct(r: dict) -> str:
    lo, hi = r["ci95"]
    return f"{r['count']:4d}  {100 * r['rate']:5.1f}%  [{100 * lo:5.1f}%, {100 * hi:5.1f}%]"


def report(summary: dict, sf) -> str:
    """The run as text; `sf` the scenario file (for the seats' names)."""
    names = {s.id: s.name for s in sf.kind.seats(sf.document).choices}
    key, title = summary["score"], sf.kind.score_title
    out = [f"{summary['scenario']} ({', '.join(summary['variants']) or 'default set-up'}): "
           f"{summary['games']} games, seed {summary['seed']}, "
           + ", ".join(f"{names[s]}: {b}" for s, b in summary["bots"].items())
           + (" (rotated round the seats)" if summary["rotate"] else ""),
           f"rates with 95% confidence intervals ({summary['interval']})"]
    labels = [names[s] + " wins" for s in summary["wins"]] + list(summary["levels"]) + \
        ["bot " + b + " wins" for b in summary.get("bot_wins", {})] + \
        [x + " wins" for x in summary.get("role_wins", {})]
    col = max([32] + [len(x) + 1 for x in labels])
    for s, r in summary["wins"].items():
        out.append(f"  {names[s] + ' wins':{col}} {_pct(r)}")
    out.append(f"  {'draws':{col}} {_pct(summary['draws'])}")
    for b, r in summary.get("bot_wins", {}).items():
        mean = summary.get("bot_scores", {}).get(b)
        out.append(f"  {'bot ' + b + ' wins':{col}} {_pct(r)}"
                   + (f"  mean {title} {mean:.2f}" if mean is not None else ""))
    for x, r in summary.get("role_wins", {}).items():
        out.append(f"  {x + ' wins':{col}} {_pct(r)}  of {r['played']} games played")
    first = summary.get("first_player")
    if first:
        out.append(f"  {'first player (' + names[first['seat']] + ') wins':{col}} {_pct(first)}"
                   f"  (an even share: {100 * first['even']:.1f}%)")
    out.append("victory levels:")
    for level, r in summary["levels"].items():
        out.append(f"  {level:{col}} {_pct(r)}")
    out.append(f"{title}:")
    for s, v in summary[key].items():
        out.append(f"  {names[s]:32} mean {v['mean']:.2f}, min {v['min']}, max {v['max']}")
    diff = summary.get(f"{key}_difference")
    if diff:
        out.append(f"  {title} difference ({diff['of']}): "
                   + " ".join(f"{k}:{v}" for k, v in diff["histogram"].items()))
    t = summary["timings"]
    last = "" if summary["mean_turns"] == summary["mean_turns_played"] else \
        f" (mean last turn {summary['mean_turns']:.2f})"
    where = f"{t['jobs']} job(s)"
    if t.get("cluster"):  # sim --cluster: the scheduler and its workers
        where += f" of the cluster {t['cluster']} ({t.get('workers', 0)} worker(s))"
    out.append(f"mean turns played {summary['mean_turns_played']:.2f}{last}; mean decisions "
               f"{summary['mean_decisions']:.1f}; game time {t['seconds_per_game']:.3f} s "
               f"({t['cpu_seconds_per_game']:.3f} s of CPU) per game; wall "
               f"{t['wall_seconds']:.1f} s on {where}; "
               f"{t['decisions_per_second']:.0f} decisions/s")
    return "\n".join(out)


def write_csv(summary: dict, path: str | Path) -> None:
    seats, key = summary["seats"], summary["score"]
    buf = io.StringIO()
    w = csv.writer(buf)
    w.writerow(["game", "seed", "winner", "level", *[f"{key}_{s}" for s in seats], "turns",
                "decisions", *([f"bot_{s}" for s in seats] if summary["rotate"] else [])])
    for r in summary["results"]:
        w.writerow([r["game"], r["seed"], r["winner"] or "", r["level"],
                    *[r[key][s] for s in seats], r["turns"], r["decisions"],
                    *([r["bots"][s] for s in seats] if summary["rotate"] else [])])
    write_text_atomically(Path(path), buf.getvalue())


PLOT_HINT = "needs matplotlib: pip install 'tenkatoitsu[plot]'"


def _pyplot():
    try:
        import matplotlib
        matplotlib.use("Agg")
        import matplotlib.pyplot as plt
    except ImportError:
        raise RuntimeError(PLOT_HINT) from None
    return plt


def _plot_format(path: str | Path) -> str:
    return Path(path).suffix[1:].lower() or "png"


def plot_problem(path: str | Path) -> str | None:
    """Why `plot` could not write `path` (no matplotlib, a format it does not
    write), or None: checked before a run."""
    try:
        _pyplot()
        from matplotlib.backends.backend_agg import FigureCanvasAgg
    except (RuntimeError, ImportError):
        return PLOT_HINT
    formats = FigureCanvasAgg.get_supported_filetypes()
    fmt = _plot_format(path)
    if fmt not in formats:
        return f"matplotlib writes {', '.join(sorted(formats))}, not '{fmt}'"
    return None


def plot(summary: dict, path: str | Path) -> None:
    """Outcome rates with their intervals and the score histograms, written
    atomically (needs the optional matplotlib: pip install 'tenkatoitsu[plot]')."""
    plt = _pyplot()
    key = summary["score"]
    fig, (a, b) = plt.subplots(1, 2, figsize=(10, 4))
    labels = [f"{s} wins" for s in summary["wins"]] + ["draw"]
    rates = list(summary["wins"].values()) + [summary["draws"]]
    vals = [r["rate"] for r in rates]
    err = [[r["rate"] - r["ci95"][0] for r in rates], [r["ci95"][1] - r["rate"] for r in rates]]
    a.bar(labels, vals, yerr=err, capsize=4)
    a.set_ylim(0, 1)
    a.set_title(f"{summary['games']} games, 95% Wilson intervals")
    diff = summary.get(f"{key}_difference")
    if diff:
        hist = diff["histogram"]
        b.bar([int(k) for k in hist], list(hist.values()))
        b.set_title(f"{key} difference ({diff['of']})")
    else:
        for seat, v in summary[key].items():
            b.plot([int(k) for k in v["histogram"]], list(v["histogram"].values()), "o-",
                   label=seat)
        b.legend()
        b.set_title(f"{key} by seat")
    fig.suptitle(summary["scenario"])
    fig.tight_layout()
    buf = io.BytesIO()
    fig.savefig(buf, format=_plot_format(path))
    plt.close(fig)
    write_bytes_atomically(path, buf.getvalue())


class ProgressBar:
    """A one-line progress bar on a terminal stream (stderr by default)."""

    def __init__(self, stream=None, width: int = 30):
        self.stream = stream or sys.stderr
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


def progress_bar(stream=None) -> ProgressBar | None:
    """A progress bar on `stream` (stderr) when it is a terminal; None for a
    file or a pipe, where its carriage-return frames would only clutter a log."""
    stream = stream or sys.stderr
    try:
        is_terminal = stream.isatty()
    except (AttributeError, ValueError):  # no isatty, or closed
        is_terminal = False
    return ProgressBar(stream) if is_terminal else None


def default_jobs() -> int:
    return os.cpu_count() or 1
