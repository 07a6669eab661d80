"""The `tenkatoitsu` command: list the bundled scenarios; check, fmt and show
scenario files; play (bots or humans at the terminal), replay and log games;
sim: Monte Carlo balance runs; gui. Every command reads the kind of game from
the scenario's header (or the save) and works through that kind's contract."""

from __future__ import annotations

import argparse
import importlib
import importlib.util
import json
import os
import sys
from pathlib import Path

import attrs

from tenkatoitsu import kinds, sim
from tenkatoitsu.arguments import game_options, names
from tenkatoitsu.core.persistence import SaveError, write_text_atomically
from tenkatoitsu.dsl.diagnostics import DiagnosticError, render
from tenkatoitsu.dsl.loader import LoadResult, bundled, find_scenario, load_file, load_scenario
from tenkatoitsu.kinds.contract import Description, VariantError
from tenkatoitsu.session import Session, bots_for, load
from tenkatoitsu.terminal import Terminal

#: the scenario `gui` opens when given none
DEFAULT_SCENARIO = "training"


def _report(res: LoadResult, out=sys.stderr, warnings: bool = True) -> None:
    for d in res.diagnostics:
        if d.is_error or warnings:
            print(render(d, res.sources), file=out)


def _load_errors(e: DiagnosticError) -> int:
    for d in e.diagnostics:
        print(render(d), file=sys.stderr)
    return 1


# ---------------------------------------------------------------- scenario files

def _description_json(kind, desc: Description) -> dict:
    seats = desc.seats
    return {
        "name": desc.name, "kind": kind.name, "scenario": desc.is_scenario,
        "seats": None if seats is None else {
            "fixed": seats.fixed, "minimum": seats.minimum, "maximum": seats.maximum,
            "default": seats.default,
            "choices": [attrs.asdict(s) for s in seats.choices]},
        "variants": [attrs.asdict(v) for v in desc.variants],
        "board": dict(desc.board),
    }


def cmd_scenarios(args) -> int:
    rows = []
    for path in bundled():
        res = load_file(path)
        if not res.ok:
            _report(res, warnings=False)
            continue
        desc = res.kind.describe(res.document)
        rows.append((path.stem, res.kind, desc))
    if args.json:
        print(json.dumps([dict(_description_json(k, d), id=name) for name, k, d in rows],
                         ensure_ascii=False, sort_keys=True))
        return 0
    for name, kind, d in rows:
        seats = d.seats
        who = ", ".join(s.id for s in seats.choices) if seats.fixed else \
            f"{seats.range_text()} players"
        variants = ", ".join(v.id for v in d.variants) or "none"
        print(f"{name:12} {kind.name:8} {d.name}")
        print(f"{'':12} {'':8} seats: {who}; variants: {variants}")
    return 0


def cmd_check(args) -> int:
    status = 0
    for ref in args.files:
        path = find_scenario(ref)
        res = load_file(path)
        _report(res, warnings=not args.quiet)
        if res.ok:
            print(f"{ref}: ok: {res.kind.describe(res.document).summary}")
        else:
            n = len(res.errors)
            print(f"{ref}: {n} error{'s' if n != 1 else ''}", file=sys.stderr)
            status = 1
    return status


def cmd_fmt(args) -> int:
    status = 0
    for ref in args.files:
        path = find_scenario(ref)
        res = load_file(path, validate_=False)
        if res.document is None or res.errors:
            _report(res)
            status = 1
            continue
        text = res.kind.format(res.document, res.text)
        if args.check:
            if text != res.text:
                print(f"{ref}: would be reformatted", file=sys.stderr)
                status = 1
        elif args.stdout:
            sys.stdout.write(text)
        elif text != res.text:
            write_text_atomically(path, text)
            print(f"{ref}: formatted")
    return status


def cmd_show(args) -> int:
    res = load_file(find_scenario(args.file))
    if not res.ok:
        _report(res)
        return 1
    desc = res.kind.describe(res.document)
    if args.json:
        print(json.dumps(_description_json(res.kind, desc), ensure_ascii=False, sort_keys=True))
        return 0
    if not desc.is_scenario:
        print(f"{args.file}: ok: {desc.summary}")
    for line in desc.lines:
        print(line)
    return 0


# ---------------------------------------------------------------- set-up of a game

def _options(args) -> dict:
    return game_options(getattr(args, "option", None), getattr(args, "hidden_orders", False))


def _seat_ids(kind, scenario, count: int | None, given: int) -> tuple[str, ...] | None:
    """The seats in play: a battle's sides; else --seats, or one per named bot."""
    seats = kind.seats(scenario)
    if seats.fixed:
        if count is not None and count != len(seats.choices):
            raise ValueError(f"this scenario is played by its {len(seats.choices)} sides "
                             f"({', '.join(s.id for s in seats.choices)}): --seats {count} "
                             "does not apply")
        return None
    n = count if count is not None else (given if given > 1 else None)
    return tuple(s.id for s in seats.for_count(n))


def _add_setup_arguments(p: argparse.ArgumentParser, seats_help: str) -> None:
    p.add_argument("--variant", default="", help="comma-separated variants, e.g. long,tsutsui")
    p.add_argument("--seed", type=int, default=1)
    p.add_argument("--seats", type=int, default=None, help=seats_help)
    p.add_argument("--option", action="append", metavar="KEY=VALUE",
                   help="a game option of the kind (repeat for several)")
    p.add_argument("--hidden-orders", action="store_true",
                   help="battle: hide the clans' orders [5.3] (= --option hidden_orders=true)")


def _start(args, bot_names: list[str]):
    """The session the arguments ask for (errors raised for the caller)."""
    sf = load_scenario(args.scenario)
    players = _seat_ids(sf.kind, sf.document, args.seats, len(bot_names))
    return Session.start(sf, variants=names(args.variant), seed=args.seed,
                         options=_options(args), players=players)


def cmd_play(args) -> int:
    try:
        session = _start(args, names(args.bots))
        bots = bots_for(session, args.bots, args.seed)
    except DiagnosticError as e:
        return _load_errors(e)
    except (VariantError, ValueError) as e:
        print(f"tenkatoitsu play: {e}", file=sys.stderr)
        return 2
    if getattr(args, "human", None):  # the gui command plays headless through here too
        return _play_terminal(args, session, bots)
    session.play_bots(bots)
    if args.save:
        session.save(args.save)
    summary = session.summary()
    if args.json:
        print(json.dumps(summary, ensure_ascii=False, sort_keys=True))
        return 0
    kind, g = session.kind, session.game
    seat = session.seat_names()
    result = kind.result(g)
    winner = seat.get(result.winner, "nobody (draw)") if result.winner else "nobody (draw)"
    print(f"{summary['scenario']} ({', '.join(summary['variants']) or 'no variant'}), seed {args.seed}")
    print(f"  result: {result.level}; winner: {winner}")
    print(f"  {kind.score_title}: " + ", ".join(f"{seat[s]} {v}" for s, v in result.scores.items()))
    print(f"  turns played: {result.turns}; decisions: {summary['decisions']}")
    for _rule, line in kind.result_lines(g, None):
        print(f"  {line}")
    print("  events: " + ", ".join(f"{k} {v}" for k, v in summary["events"].items()))
    if args.save:
        print(f"  saved to {args.save}")
    return 0


def _play_terminal(args, session, bots) -> int:
    players = session.game.players
    humans = set(players) if args.human == "both" else {args.human}
    if not humans <= set(players):
        print(f"tenkatoitsu play: --human takes a side ({', '.join(players)}) or 'both'",
              file=sys.stderr)
        return 2
    status = Terminal(session, humans, bots).run()
    if args.save:
        session.save(args.save)
        print(f"saved to {args.save}")
    return status


# ---------------------------------------------------------------- saved games

def _replayed(path: str, command: str):
    """Load a save by replay; (report, None) or (None, exit status) after an error."""
    try:
        report = load(path)
    except SaveError as e:
        print(f"tenkatoitsu {command}: {e}", file=sys.stderr)
        return None, 1
    except DiagnosticError as e:
        return None, _load_errors(e)
    if report.scenario_note:
        print(f"note: {report.scenario_note}", file=sys.stderr)
    return report, None


def cmd_replay(args) -> int:
    report, status = _replayed(args.file, "replay")
    if report is None:
        return status
    print(f"{args.file}: {report.message}")
    return 0 if report.events_match and report.digest_match else 1


def cmd_log(args) -> int:
    report, status = _replayed(args.file, "log")
    if report is None:
        return status
    session = report.session
    g = session.game
    viewer = args.viewer
    if viewer is not None and viewer not in g.players:
        print(f"tenkatoitsu log: no side '{viewer}' (sides: {', '.join(g.players)})",
              file=sys.stderr)
        return 2
    for e in g.events:
        if e.visible_to(viewer):
            print(f"[{e.rule}] {e.text()}")
    for rule, line in session.kind.result_lines(g, viewer):
        print(f"[{rule}] {line}")
    if not (report.events_match and report.digest_match):
        print(f"warning: {report.message}", file=sys.stderr)
        return 1
    return 0


# ---------------------------------------------------------------- the window

def load_gui_package():
    """The GUI package, `tenkatoitsu_gui` (the repository's gui/ folder).

    Imported only here, so the engine never imports Qt. The gui/ folder beside
    this tenkatoitsu/ comes first, so that a source checkout runs its own GUI
    with its own engine even when another copy is installed."""
    init = Path(__file__).resolve().parents[1] / "gui" / "__init__.py"
    if "tenkatoitsu_gui" in sys.modules or not init.exists():
        try:
            return importlib.import_module("tenkatoitsu_gui")
        except ModuleNotFoundError as e:
            if e.name != "tenkatoitsu_gui":
                raise
            raise ModuleNotFoundError("tenkatoitsu_gui is not installed",
                                      name="tenkatoitsu_gui") from None
    spec = importlib.util.spec_from_file_location("tenkatoitsu_gui", init,
                                                  submodule_search_locations=[str(init.parent)])
    module = importlib.util.module_from_spec(spec)
    sys.modules["tenkatoitsu_gui"] = module
    spec.loader.exec_module(module)
    return module


def _has_display() -> bool:
    return bool(os.environ.get("DISPLAY") or os.environ.get("WAYLAND_DISPLAY")
                or os.environ.get("QT_QPA_PLATFORM") or sys.platform in ("win32", "darwin"))


def cmd_gui(args) -> int:
    if not args.screenshot and (args.headless or not _has_display()):
        # no screen to open a window on: play the game with bots and print the result
        print("tenkatoitsu gui: no display, playing a bot game headless instead "
              "(set DISPLAY, or use --screenshot FILE.png)", file=sys.stderr)
        args.bots = ",".join(p if p != "human" else "random"
                             for p in names(args.players or "random"))
        args.json, args.save = False, None
        return cmd_play(args)
    try:
        load_gui_package()
        from tenkatoitsu_gui.command import run
    except ImportError as e:
        if "PySide6" not in str(e) and "Qt" not in str(e):
            raise
        print(f"tenkatoitsu gui: the GUI needs PySide6 ({e}); install it with\n"
              f"    python3 -m pip install \"tenkatoitsu[gui]\"", file=sys.stderr)
        return 2
    return run(args)


# ---------------------------------------------------------------- sim

def cmd_sim(args) -> int:
    bots = names(args.bots) or ["random"]
    if args.n < 1 or args.jobs < 1:
        print("tenkatoitsu sim: -n and --jobs must be at least 1", file=sys.stderr)
        return 2
    try:
        sf = load_scenario(args.scenario)
        players = _seat_ids(sf.kind, sf.document, args.seats, len(bots))
        n_seats = len(players) if players else len(sf.kind.seats(sf.document).choices)
        if len(bots) == 1:
            bots *= n_seats
        unknown = [b for b in bots if b not in sf.kind.bots]
        if len(bots) != n_seats or unknown:
            print(f"tenkatoitsu sim: --bots takes one name, or one per seat ({n_seats}), of "
                  f"{', '.join(sf.kind.bots)}", file=sys.stderr)
            return 2
        spec = sim.SimSpec(str(args.scenario), args.n, tuple(bots), tuple(names(args.variant)),
                           args.seed, args.hidden_orders, players=players,
                           options=tuple(sorted(_options(args).items())), rotate=args.rotate)
        progress = None if args.no_progress else sim.ProgressBar()
        summary = sim.run(spec, jobs=args.jobs, progress=progress)
    except DiagnosticError as e:
        return _load_errors(e)
    except (VariantError, ValueError) as e:
        print(f"tenkatoitsu sim: {e}", file=sys.stderr)
        return 2
    if args.csv:
        sim.write_csv(summary, args.csv)
    if args.json:
        print(json.dumps(summary, ensure_ascii=False, sort_keys=True))
    else:
        print(sim.report(summary, sf))
    if args.plot:
        try:
            sim.plot(summary, args.plot)
        except RuntimeError as e:
            print(f"tenkatoitsu sim: {e}", file=sys.stderr)
            return 2
    return 0


# ---------------------------------------------------------------- the parser

def build_parser() -> argparse.ArgumentParser:
    p = argparse.ArgumentParser(prog="tenkatoitsu", description=__doc__)
    sub = p.add_subparsers(dest="command", required=True)
    sc = sub.add_parser("scenarios", help="the bundled scenarios: name, kind, seats, variants")
    sc.add_argument("--json", action="store_true", help="one JSON list")
    sc.set_defaults(func=cmd_scenarios)
    c = sub.add_parser("check", help="validate scenario files; one summary line each")
    c.add_argument("files", nargs="+", help="paths, or names of bundled scenarios")
    c.add_argument("-q", "--quiet", action="store_true", help="do not print warnings")
    c.set_defaults(func=cmd_check)
    f = sub.add_parser("fmt", help="rewrite files in canonical form (comments kept)")
    f.add_argument("files", nargs="+")
    f.add_argument("--check", action="store_true", help="only report files that would change")
    f.add_argument("--stdout", action="store_true", help="print instead of rewriting")
    f.set_defaults(func=cmd_fmt)
    s = sub.add_parser("show", help="a scenario: its seats, forces, turn track, variants")
    s.add_argument("file")
    s.add_argument("--json", action="store_true",
                   help="one JSON object: kind, seats, variants, board")
    s.set_defaults(func=cmd_show)
    pl = sub.add_parser("play", help="play a whole game with bots (headless) or at the terminal")
    pl.add_argument("scenario", help="a path, or the name of a bundled scenario")
    _add_setup_arguments(pl, "players, for a kind that takes several (default: one per bot)")
    pl.add_argument("--bots", default="random", help="one bot per seat, e.g. random,normal")
    pl.add_argument("--json", action="store_true", help="print the result as one JSON object")
    pl.add_argument("--save", metavar="FILE", help="save the game (JSON) for replay and log")
    pl.add_argument("--human", metavar="SEAT",
                    help="play SEAT (or 'both'/all, hot-seat) at the terminal; bots play the rest")
    pl.set_defaults(func=cmd_play)
    sm = sub.add_parser("sim", help="Monte Carlo balance run: many bot games, rates with 95%% "
                                    "Wilson intervals, score distribution, timings")
    sm.add_argument("scenario")
    sm.add_argument("-n", type=int, default=100, help="number of games (default 100)")
    _add_setup_arguments(sm, "players, for a kind that takes several (default: one per bot)")
    sm.add_argument("--bots", default="normal,random",
                    help="one bot per seat (battle: random, cautious, normal, aggressive)")
    sm.add_argument("--rotate", action="store_true",
                    help="rotate the bots round the seats game by game (measures the seats' "
                         "advantage apart from the bots')")
    sm.add_argument("--jobs", "-j", type=int, default=1, help="worker processes")
    sm.add_argument("--json", action="store_true", help="print one JSON object")
    sm.add_argument("--csv", metavar="FILE", help="write one row per game")
    sm.add_argument("--plot", metavar="FILE.png", help="plot the rates and scores (needs matplotlib)")
    sm.add_argument("--no-progress", action="store_true", help="no progress bar on stderr")
    sm.set_defaults(func=cmd_sim)
    rp = sub.add_parser("replay", help="re-run a saved game and check every die and event")
    rp.add_argument("file")
    rp.set_defaults(func=cmd_replay)
    lg = sub.add_parser("log", help="print a saved game's log, each line with its rule")
    lg.add_argument("file")
    lg.add_argument("--viewer", metavar="SEAT",
                    help="only what this seat may read (the opponent's secrets hidden)")
    lg.set_defaults(func=cmd_log)
    gu = sub.add_parser("gui", help="play in a window (headless: a bot game), or take a screenshot")
    gu.add_argument("scenario", nargs="?", default=DEFAULT_SCENARIO)
    _add_setup_arguments(gu, "players, for a kind that takes several (default: one per --players)")
    gu.add_argument("--players", default=None,
                    help="one per seat: human or a bot name, e.g. human,random (default)")
    gu.add_argument("--load", metavar="SAVE", help="open a saved game")
    gu.add_argument("--headless", action="store_true", help="play a bot game without a window")
    gu.add_argument("--screenshot", metavar="FILE.png", help="render offscreen to a PNG and exit")
    gu.add_argument("--play-turns", type=int, default=0, help="bot-played turns before it")
    gu.add_argument("--until", metavar="KIND", help="then play on to a decision of this kind")
    gu.add_argument("--grab", default=None,
                    help="window (default), or a part of the kind's view (battle: map, honjin, "
                         "bowl, tracks, decision, siege, betrayal)")
    gu.add_argument("--size", default="1500x950", help="window size for the screenshot")
    gu.add_argument("--zoom", type=float, default=None, help="map zoom after fitting")
    gu.set_defaults(func=cmd_gui)
    return p


def main(argv: list[str] | None = None) -> int:
    args = build_parser().parse_args(argv)
    try:
        return args.func(args)
    except kinds.UnknownKind as e:
        print(f"tenkatoitsu: {e}", file=sys.stderr)
        return 2
    except KeyboardInterrupt:
        return 130
    except BrokenPipeError:
        return 0


if __name__ == "__main__":
    raise SystemExit(main())
