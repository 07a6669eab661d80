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

from tenkatoitsu import kinds, sim, sim_cluster
from tenkatoitsu.arguments import (destination, event_mark, file_name, game_options, name,
                                   name_list, names, non_negative_int, option_item,
                                   positive_float, positive_int, seed, window_size)
from tenkatoitsu.core.persistence import SaveError, write_text_atomically, write_with_fallback
from tenkatoitsu.dsl.diagnostics import DiagnosticError, render_all
from tenkatoitsu.dsl.loader import LoadResult, bundled, find_scenario, load_file, load_scenario
from tenkatoitsu.kinds.contract import Description, VariantError, event_text
from tenkatoitsu.session import Session, bots_for, load
from tenkatoitsu.terminal import Terminal, turns_text

#: the scenario `gui` opens when given none
DEFAULT_SCENARIO = "training"


def _report(res: LoadResult, out=None, warnings: bool = True) -> None:
    """A file's problems as a compiler prints them: capped per file."""
    shown = [d for d in res.diagnostics if d.is_error or warnings]
    if shown:
        print(render_all(shown, res.sources), file=out or sys.stderr)


def _load_errors(e: DiagnosticError) -> int:
    print(render_all(e.diagnostics), file=sys.stderr)
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
        # `requires` only where a variant has one: the JSON of other kinds is unchanged
        "variants": [attrs.asdict(v, filter=lambda a, value: a.name != "requires" or bool(value))
                     for v in desc.variants],
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
    for stem, kind, d in rows:
        seats = d.seats
        who = ", ".join(s.id for s in seats.choices) if seats.fixed else \
            f"{seats.range_text()} players"
        variants = ", ".join(v.id for v in d.variants) or "none"
        print(f"{stem:12} {kind.name:8} {d.name}")
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
            try:
                write_text_atomically(path, text)
            except OSError as e:
                print(f"{ref}: cannot be rewritten ({e.strerror or e})", file=sys.stderr)
                status = 1
                continue
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
    p.add_argument("--variant", type=name_list, default=None,
                   help="comma-separated variants, e.g. long,tsutsui")
    p.add_argument("--seed", type=seed, default=1,
                   help="the game's one random seed: the same seed and decisions "
                        "play the same game")
    p.add_argument("--seats", type=positive_int, default=None, help=seats_help)
    p.add_argument("--option", type=option_item, action="append", metavar="KEY=VALUE",
                   help="a game option of the kind (repeat for several)")
    p.add_argument("--hidden-orders", action="store_true",
                   help="battle: hide the clans' orders [5.3] (= --option hidden_orders=true)")


def _start(args, bot_names: list[str]):
    """The session the arguments ask for (errors raised for the caller)."""
    sf = load_scenario(args.scenario)
    players = _seat_ids(sf.kind, sf.document, args.seats, len(bot_names))
    return Session.start(sf, variants=names(args.variant), seed=args.seed,
                         options=_options(args), players=players)


def _not_the_scenario(args, option: str, path: str | None) -> None:
    """Refuse an output file that is the scenario being played."""
    if path and os.path.realpath(path) == os.path.realpath(find_scenario(args.scenario)):
        raise ValueError(f"argument {option}: '{path}' is the scenario itself")


def _write(command: str, option: str, path: str, write) -> tuple[str | None, int]:
    """Write an output at the end of a game or run: (where it went, status).
    A failing destination sends it to a fallback file, whose path is printed."""
    try:
        written, why = write_with_fallback(path, write)
    except OSError as e:
        print(f"tenkatoitsu {command}: {option}: {e}", file=sys.stderr)
        return None, 1
    if why is None:
        return str(written), 0
    print(f"tenkatoitsu {command}: {option}: cannot write '{path}' ({why}); "
          f"written to {written} instead", file=sys.stderr)
    return str(written), 1


def cmd_play(args) -> int:
    command = getattr(args, "command", None) or "play"
    loading = getattr(args, "load", None)
    try:
        if loading:
            session, status = _loaded_game(args)
            if session is None:
                return status
        else:
            if args.scenario is None:
                raise ValueError("give a SCENARIO to play, or --load SAVE to go on with a game")
            if args.seed is None:
                args.seed = 1
            session = _start(args, names(args.bots))
            _not_the_scenario(args, "--save", args.save)
        bots = bots_for(session, args.bots, session.game.seed)
    except DiagnosticError as e:
        return _load_errors(e)
    except (VariantError, ValueError) as e:
        print(f"tenkatoitsu {command}: {e}", file=sys.stderr)
        return 2
    if getattr(args, "human", None):  # the gui command plays headless through here too
        return _play_terminal(args, session, bots)
    session.play_bots(bots)
    saved, status = _write(command, "--save", args.save, session.save) if args.save else (None, 0)
    kind, g = session.kind, session.game
    result = kind.result(g)
    summary = session.summary()
    # "turns" is the turn reached: these say where the game began and how many were played
    summary.update(first_turn=result.first_turn, turns_played=result.turns_played)
    if args.json:
        print(json.dumps(summary, ensure_ascii=False, sort_keys=True))
        return status
    seat = session.seat_names()
    winner = seat.get(result.winner, "nobody (draw)") if result.winner else "nobody (draw)"
    print(f"{summary['scenario']} ({', '.join(summary['variants']) or 'no variant'}), seed {g.seed}")
    print(f"  result: {result.level}; winner: {winner}")
    print(f"  {kind.score_title}: " + ", ".join(f"{seat[s]} {v}" for s, v in result.scores.items()))
    print(f"  {turns_text(result)}; decisions: {summary['decisions']}")
    for _rule, line in kind.result_lines(g, None):
        print(f"  {line}")
    print("  events: " + ", ".join(f"{k} {v}" for k, v in summary["events"].items()))
    if saved:
        print(f"  saved to {saved}")
    return status


#: the set-up a save holds: `play --load` takes none of it from the command line
_SETUP_GIVEN = (("scenario", "a SCENARIO"), ("variant", "--variant"), ("seed", "--seed"),
                ("seats", "--seats"), ("option", "--option"), ("hidden_orders", "--hidden-orders"))


def _loaded_game(args):
    """`play --load SAVE`: (the session at the save's last decision, 0), or
    (None, exit status) after saying why not: a save that does not load, or
    one out of sync (its game cannot go on)."""
    given = [flag for attr, flag in _SETUP_GIVEN if getattr(args, attr, None) not in (None, False)]
    if given:
        raise ValueError(f"argument --load: the save holds the scenario and its set-up; "
                         f"{', '.join(given)} cannot be given with it")
    report, status = _replayed(args.load, "play")
    if report is None:
        return None, status
    if not (report.events_match and report.digest_match):
        print(f"tenkatoitsu play: {args.load}: {report.message}; the game cannot go on from it",
              file=sys.stderr)
        return None, 1
    session = report.session
    state = "it is over" if session.driver.finished else \
        f"going on at turn {session.kind.result(session.game).turns}"
    print(f"{args.load}: {report.message}; {state}", file=sys.stderr)
    return session, 0


def _play_terminal(args, session, bots) -> int:
    players = session.game.players
    asked = names(args.human)
    humans = set(players) if asked in (["both"], ["all"]) else set(asked)
    if not humans <= set(players):
        print(f"tenkatoitsu play: --human takes seats ({', '.join(players)}, comma-separated) "
              "or 'all' ('both')", file=sys.stderr)
        return 2
    terminal = Terminal(session, humans, bots)
    try:
        status = terminal.run()
    except KeyboardInterrupt:  # the game so far is saved all the same
        print(file=sys.stderr)
        status = 130
    if args.save:  # the terminal's session: an undo replaces the one it was given
        saved, failed = _write("play", "--save", args.save, terminal.session.save)
        if saved:
            print(f"saved to {saved}")
        status = status or failed
    return status


# ---------------------------------------------------------------- saved games

def _replayed(path: str, command: str):
    """Load a save by replay; (report, None) or (None, exit status) after an error."""
    try:
        report = load(path)
    except SaveError as e:
        print(f"tenkatoitsu {command}: {e}", file=sys.stderr)
        return None, 1
    except Exception as e:  # an engine bug must still not cost the player a traceback
        print(f"tenkatoitsu {command}: {path}: internal error while replaying "
              f"({repr(e)[:200]}); please report this with the save", file=sys.stderr)
        return None, 1
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
            print(f"[{e.rule}] {event_text(session.kind, g, e)}")
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


def _headless_bots(args) -> str:
    """--players as the bots of a headless game (a human seat: the random bot);
    ValueError naming --players when they do not fit the scenario."""
    entries = names(args.players or "random")
    sf = load_scenario(args.scenario)
    kind = sf.kind
    try:
        seats = _seat_ids(kind, sf.document, args.seats, len(entries)) or \
            tuple(s.id for s in kind.seats(sf.document).choices)
    except ValueError as e:
        raise ValueError(e if args.seats is not None else f"argument --players: {e}") from None
    if len(entries) not in (1, len(seats)):
        raise ValueError(f"argument --players: takes one entry, or one per seat "
                         f"({', '.join(seats)}), not {len(entries)}")
    unknown = [p for p in entries if p != "human" and p.split(":")[0] not in kind.bots]
    if unknown:
        raise ValueError(f"argument --players: unknown player '{unknown[0]}' (human, or a "
                         f"bot: {', '.join(kind.bots)})")
    return ",".join("random" if p == "human" else p for p in entries)


def cmd_gui(args) -> int:
    if not args.screenshot and (args.headless or not _has_display()):
        # no screen to open a window on: play the game with bots and print the result
        if args.load:
            print("tenkatoitsu gui: argument --load: a saved game needs a window (set "
                  "DISPLAY); `tenkatoitsu replay` and `log` read it without one",
                  file=sys.stderr)
            return 2
        try:
            args.bots = _headless_bots(args)
        except DiagnosticError as e:
            return _load_errors(e)
        except ValueError as e:
            print(f"tenkatoitsu gui: {e}", file=sys.stderr)
            return 2
        humans = ", the random bot in the human seats" if "human" in names(args.players) else ""
        print(f"tenkatoitsu gui: no display, playing a bot game headless instead{humans} "
              "(set DISPLAY, or use --screenshot FILE.png)", file=sys.stderr)
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
    problem = args.plot and sim.plot_problem(args.plot)
    if problem:
        print(f"tenkatoitsu sim: argument --plot: {problem}", file=sys.stderr)
        return 2
    problem = args.cluster and sim_cluster.problem()
    if problem:
        print(f"tenkatoitsu sim: argument --cluster: {problem}", file=sys.stderr)
        return 2
    try:
        _not_the_scenario(args, "--csv", args.csv)
        _not_the_scenario(args, "--plot", args.plot)
        sf = load_scenario(args.scenario)
        players = _seat_ids(sf.kind, sf.document, args.seats, len(bots))
        n_seats = len(players) if players else len(sf.kind.seats(sf.document).choices)
        if len(bots) == 1:
            bots *= n_seats
        if len(bots) != n_seats or not sim.bots_known(sf.kind, bots):
            print(f"tenkatoitsu sim: --bots takes one name, or one per seat ({n_seats}), of "
                  f"{', '.join(sf.kind.bots)}", file=sys.stderr)
            return 2
        spec = sim.SimSpec(str(args.scenario), args.n, tuple(bots), tuple(names(args.variant)),
                           args.seed, args.hidden_orders, players=players,
                           options=tuple(sorted(_options(args).items())), rotate=args.rotate)
        progress = None if args.no_progress else sim.progress_bar()
        if args.cluster:
            summary = sim_cluster.run(spec, args.cluster, jobs=args.jobs, progress=progress)
        else:
            summary = sim.run(spec, jobs=args.jobs, progress=progress)
    except DiagnosticError as e:
        return _load_errors(e)
    except sim_cluster.ClusterError as e:
        print(f"tenkatoitsu sim: argument --cluster: {e}", file=sys.stderr)
        return 1
    except (VariantError, ValueError) as e:
        print(f"tenkatoitsu sim: {e}", file=sys.stderr)
        return 2
    status = 0
    if args.csv:
        status |= _write("sim", "--csv", args.csv, lambda p: sim.write_csv(summary, p))[1]
    if args.json:
        print(json.dumps(summary, ensure_ascii=False, sort_keys=True))
    else:
        print(sim.report(summary, sf))
    if args.plot:
        status |= _write("sim", "--plot", args.plot, lambda p: sim.plot(summary, p))[1]
    return status


# ---------------------------------------------------------------- the parser

def build_parser() -> argparse.ArgumentParser:
    p = argparse.ArgumentParser(prog="tenkatoitsu", description=__doc__)
    sub = p.add_subparsers(dest="command", required=True)
    sc = sub.add_parser("scenarios", help="the bundled scenarios: name, kind, seats, variants")
    sc.add_argument("--json", action="store_true", help="one JSON list")
    sc.set_defaults(func=cmd_scenarios)
    c = sub.add_parser("check", help="validate scenario files; one summary line each")
    c.add_argument("files", nargs="+", type=file_name,
                   help="paths, or names of bundled scenarios")
    c.add_argument("-q", "--quiet", action="store_true", help="do not print warnings")
    c.set_defaults(func=cmd_check)
    f = sub.add_parser("fmt", help="rewrite files in canonical form (comments kept)")
    f.add_argument("files", nargs="+", type=file_name)
    f.add_argument("--check", action="store_true", help="only report files that would change")
    f.add_argument("--stdout", action="store_true", help="print instead of rewriting")
    f.set_defaults(func=cmd_fmt)
    s = sub.add_parser("show", help="a scenario: its seats, forces, turn track, variants")
    s.add_argument("file", type=file_name)
    s.add_argument("--json", action="store_true",
                   help="one JSON object: kind, seats, variants, board")
    s.set_defaults(func=cmd_show)
    pl = sub.add_parser("play", help="play a whole game with bots (headless) or at the terminal")
    pl.add_argument("scenario", type=file_name, nargs="?",
                    help="a path, or the name of a bundled scenario")
    _add_setup_arguments(pl, "players, for a kind that takes several (default: one per bot)")
    pl.set_defaults(seed=None)  # 1 for a new game; a loaded one has its own
    pl.add_argument("--load", metavar="SAVE", type=file_name,
                    help="go on with a saved game (at the terminal with --human, else the bots "
                         "play it out)")
    pl.add_argument("--bots", type=name_list, default="random",
                    help="one bot for every seat, or one per seat, e.g. random,normal")
    pl.add_argument("--json", action="store_true", help="print the result as one JSON object")
    pl.add_argument("--save", metavar="FILE", type=destination("--save"),
                    help="save the game (JSON) for replay and log")
    pl.add_argument("--human", metavar="SEATS", type=name_list,
                    help="play SEATS (comma-separated, or 'all'/'both': hot-seat) at the "
                         "terminal; bots play the rest")
    pl.set_defaults(func=cmd_play)
    sm = sub.add_parser("sim", help="Monte Carlo balance run: many bot games, rates with 95%% "
                                    "Wilson intervals, score distribution, timings")
    sm.add_argument("scenario", type=file_name)
    sm.add_argument("-n", type=positive_int, default=100, help="number of games (default 100)")
    _add_setup_arguments(sm, "players, for a kind that takes several (default: one per bot)")
    sm.add_argument("--bots", type=name_list, default="normal,random",
                    help="one bot for every seat, or one per seat (battle: random, cautious, "
                         "normal, aggressive, hard; settings after the name: hard:think=2)")
    sm.add_argument("--rotate", action="store_true",
                    help="rotate the bots round the seats game by game (measures the seats' "
                         "advantage apart from the bots')")
    sm.add_argument("--jobs", "-j", type=positive_int, default=1, help="worker processes")
    sm.add_argument("--cluster", metavar="ADDRESS", type=name,
                    help="play the games on the Dask scheduler at ADDRESS (tcp://HOST:8786), "
                         "or 'local': --jobs worker processes here (needs the cluster extra)")
    sm.add_argument("--json", action="store_true", help="print one JSON object")
    sm.add_argument("--csv", metavar="FILE", type=destination("--csv"),
                    help="write one row per game")
    sm.add_argument("--plot", metavar="FILE.png", type=destination("--plot"),
                    help="plot the rates and scores (needs matplotlib)")
    sm.add_argument("--no-progress", action="store_true",
                    help="no progress bar (shown only when stderr is a terminal)")
    sm.set_defaults(func=cmd_sim)
    rp = sub.add_parser("replay", help="re-run a saved game and check every die and event")
    rp.add_argument("file", type=file_name)
    rp.set_defaults(func=cmd_replay)
    lg = sub.add_parser("log", help="print a saved game's log, each line with its rule")
    lg.add_argument("file", type=file_name)
    lg.add_argument("--viewer", metavar="SEAT", type=name,
                    help="only what this seat may read (the opponent's secrets hidden)")
    lg.set_defaults(func=cmd_log)
    gu = sub.add_parser("gui", help="play in a window (headless: a bot game), or take a screenshot")
    gu.add_argument("scenario", nargs="?", type=file_name, default=DEFAULT_SCENARIO)
    _add_setup_arguments(gu, "players, for a kind that takes several (default: one per --players)")
    gu.add_argument("--players", type=name_list, default=None,
                    help="human or a bot name, one for every seat or one per seat, e.g. "
                         "human,random (default)")
    gu.add_argument("--load", metavar="SAVE", type=file_name, help="open a saved game")
    gu.add_argument("--headless", action="store_true", help="play a bot game without a window")
    gu.add_argument("--screenshot", metavar="FILE.png", type=destination("--screenshot"),
                    help="render offscreen to a PNG and exit")
    gu.add_argument("--play-turns", type=non_negative_int, default=0,
                    help="bot-played turns before it")
    gu.add_argument("--until", metavar="KIND", type=name,
                    help="then play on to a decision of this kind")
    gu.add_argument("--at-event", metavar="TYPE[:N]", type=event_mark, default=None,
                    help="show the replay viewer at the Nth event of TYPE (e.g. AreaResolved:6)")
    gu.add_argument("--grab", type=name, default=None,
                    help="window (default), a part of the kind's view (battle: map, honjin, "
                         "bowl, tracks, decision, siege, betrayal, victory), summary (the "
                         "game-over summary) or a Help page (help-map-legend ...)")
    gu.add_argument("--size", type=window_size, default="1500x950",
                    help="window size for the screenshot, WIDTHxHEIGHT")
    gu.add_argument("--zoom", type=positive_float, default=None,
                    help="map zoom after fitting (above 0)")
    gu.set_defaults(func=cmd_gui)
    return p


def main(argv: list[str] | None = None) -> int:
    try:
        args = build_parser().parse_args(argv)
    except SystemExit as e:  # --help (0) or a usage error (2), already printed
        return e.code if isinstance(e.code, int) else 2
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
