"""The `tenkatoitsu` command: check, fmt and show scenario files; play (bots or a human
at the terminal), replay and log games; sim: Monte Carlo balance runs."""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

from tenkatoitsu.battle import model as m
from tenkatoitsu.battle.load import LoadResult, load_file
from tenkatoitsu.core.persistence import write_text_atomically
from tenkatoitsu.dsl.diagnostics import render

DEFAULT_SCENARIO = Path(__file__).resolve().parents[1] / "scenarios" / "training.tks"


def _report(res: LoadResult, out=sys.stderr, warnings: bool = True) -> None:
    for d in res.diagnostics:
        if d.is_error or warnings:
            print(render(d, res.sources), file=out)


def _summary(path: str, doc: m.Document) -> str:
    if isinstance(doc, m.RulesDoc):
        lib = doc.library
        parts = [f"{len(lib.tables)} tables"]
        if lib.crt:
            parts.append(f"CRT {len(lib.crt.rows)}x{len(lib.crt.columns)}")
        parts.append(f"{len(lib.battle_plans)} battle plans")
        parts.append(f"{len(lib.siege_maps)} siege maps")
        return f"{path}: ok: rules \"{doc.name}\": " + ", ".join(parts)
    hexes = doc.map.width * doc.map.height if doc.map else 0
    clans = sum(1 for _ in doc.clans())
    units = sum(1 for _ in doc.units())
    return (f"{path}: ok: \"{doc.name}\": {hexes} hexes, {len(doc.sides)} sides, {clans} clans, "
            f"{units} units")


def cmd_check(args) -> int:
    status = 0
    for path in args.files:
        res = load_file(path)
        _report(res, warnings=not args.quiet)
        if res.ok:
            print(_summary(path, res.document))
        else:
            n = len(res.errors)
            print(f"{path}: {n} error{'s' if n != 1 else ''}", file=sys.stderr)
            status = 1
    return status


def cmd_fmt(args) -> int:
    from tenkatoitsu.battle.printer import format_source

    status = 0
    for path in args.files:
        res = load_file(path, validate_=False)
        if res.document is None or res.errors:
            _report(res)
            status = 1
            continue
        original = next(iter(res.sources.values()))
        text = format_source(res.document, original)
        if args.check:
            if text != original:
                print(f"{path}: would be reformatted", file=sys.stderr)
                status = 1
        elif args.stdout:
            sys.stdout.write(text)
        elif text != original:
            write_text_atomically(Path(path), text)
            print(f"{path}: formatted")
    return status


def cmd_show(args) -> int:
    res = load_file(args.file)
    if not res.ok:
        _report(res)
        return 1
    doc = res.document
    if isinstance(doc, m.RulesDoc):
        print(_summary(args.file, doc))
        for bp in doc.library.battle_plans:
            print(f"  battle plan {bp.id}: {bp.name}")
        return 0
    print(f"{doc.name}")
    if doc.scale:
        print(f"  scale: {doc.scale}")
    t = doc.turns
    night = ", ".join(_span(s) for s in t.night) or "none"
    fatigue = ", ".join(_span(s) for s in t.fatigue) or "none"
    print(f"  turns {t.first}-{t.last}, start {t.start_turn}; night {night}; fatigue {fatigue}")
    print(f"  map {doc.map.width} x {doc.map.height}, {len(doc.map.fortresses)} fortress(es), "
          f"{len(doc.map.entries)} entry arrow(s)")
    if doc.variants:
        print("  variants:")
        for v in doc.variants:
            tags = []
            if v.group:
                tags.append(f"group {v.group}")
            if v.is_default:
                tags.append("default")
            print(f"    {v.id}: {v.title or ''}" + (f" ({', '.join(tags)})" if tags else ""))
    for side in doc.sides:
        st = side.so_taisho.unit if side.so_taisho else "none"
        plan = "active" if side.plan.active else f"inactive (modifier {side.plan.modifier:+d})"
        print(f"  side {side.id}: {side.name}; Sō-taishō {st}; battle plan {plan}")
        for cl in side.clans:
            extra = []
            if cl.entry:
                extra.append(f"enters at {cl.entry}")
            if cl.chit:
                extra.append(cl.chit)
            if cl.only:
                extra.append(f"only in {cl.only}")
            extra += list(cl.flags)
            print(f"    clan {cl.id} {cl.name}: {cl.order.value}"
                  + (f" ({', '.join(extra)})" if extra else ""))
            for u in cl.units:
                lead = "X" if u.lead_x else str(u.lead)
                mark = " Sō-taishō" if u.so_taisho else (" Taishō" if u.taisho else "")
                where = u.hex.id if u.hex else "off-map"
                print(f"      {u.id:6} {u.name:28} E{u.elan} M{u.mass} F{u.fire} L{lead} "
                      f"at {where}{mark}")
    return 0


def _span(s: m.Span) -> str:
    from tenkatoitsu.battle.printer import span

    return span(s)


def _load_errors(e) -> int:
    from tenkatoitsu.dsl.diagnostics import DiagnosticError

    if isinstance(e, DiagnosticError):
        for d in e.diagnostics:
            print(render(d), file=sys.stderr)
        return 1
    raise e


def cmd_play(args) -> int:
    import json

    from tenkatoitsu.battle.game import Options, VariantError
    from tenkatoitsu.battle.session import Session, bots_for
    from tenkatoitsu.dsl.diagnostics import DiagnosticError

    variants = [v for v in (args.variant or "").split(",") if v.strip()]
    try:
        session = Session.start(args.scenario, variants=variants, seed=args.seed,
                                options=Options(hidden_orders=args.hidden_orders))
        bots = bots_for(session.game, args.bots, args.seed)
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
    g = session.game
    names = {s: g.side_defs[s].name for s in g.side_ids}
    winner = names.get(summary["winner"], "nobody (draw)") if summary["winner"] else "nobody (draw)"
    print(f"{summary['scenario']} ({', '.join(summary['variants']) or 'no variant'}), seed {args.seed}")
    print(f"  result: {summary['level']}; winner: {winner}")
    print("  VP: " + ", ".join(f"{names[s]} {v}" for s, v in summary["vp"].items()))
    print(f"  turns played: {summary['turns']}; decisions: {summary['decisions']}")
    for side in g.side_ids:
        print(f"  {names[side]}: " + _sheet_line(summary["plans"][side]))
    print("  events: " + ", ".join(f"{k} {v}" for k, v in summary["events"].items()))
    if args.save:
        print(f"  saved to {args.save}")
    return 0


def _sheet_line(sheet: dict) -> str:
    """The Battle Plan Log Sheet [10.3] on one line."""
    if not sheet["plan"]:
        return "no battle plan"
    state = "active" if sheet["active"] else f"inactive, {sheet['cp_saved']} CP saved"
    used = "; ".join(f"{u['tactic']} {'+'.join(u['clans'])} turn {u['turn']}" for u in sheet["used"])
    left = ", ".join(f"{t} {n}" for t, n in sheet["tactics_left"].items())
    return f"plan {sheet['name']} ({state}); used: {used or 'none'}; left: {left or 'none'}"


def _play_terminal(args, session, bots) -> int:
    from tenkatoitsu.terminal import Terminal

    g = session.game
    humans = set(g.side_ids) if args.human == "both" else {args.human}
    if not humans <= set(g.side_ids):
        print(f"tenkatoitsu play: --human takes a side ({', '.join(g.side_ids)}) or 'both'",
              file=sys.stderr)
        return 2
    status = Terminal(session, humans, bots).run()
    if args.save:
        session.save(args.save)
        print(f"saved to {args.save}")
    return status


def _replayed(path: str, command: str):
    """Load a save by replay; (report, None) or (None, exit status) after an error."""
    from tenkatoitsu.battle.session import load
    from tenkatoitsu.core.persistence import SaveError
    from tenkatoitsu.dsl.diagnostics import DiagnosticError

    try:
        return load(path), None
    except SaveError as e:
        print(f"tenkatoitsu {command}: {e}", file=sys.stderr)
        return None, 1
    except DiagnosticError as e:
        return None, _load_errors(e)


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
    g = report.session.game
    viewer = args.viewer
    if viewer is not None and viewer not in g.side_ids:
        print(f"tenkatoitsu log: no side '{viewer}' (sides: {', '.join(g.side_ids)})",
              file=sys.stderr)
        return 2
    for e in g.events:
        if e.visible_to(viewer):
            print(f"[{e.rule}] {e.text()}")
    from tenkatoitsu.battle.battle_plan import sheet

    for side in g.side_ids:
        h = g.state.honjins[side]
        if viewer in (None, side) or h.plan_revealed:
            print(f"[10.3] {g.side_defs[side].name}: {_sheet_line(sheet(g, side))}")
    if not (report.events_match and report.digest_match):
        print(f"warning: {report.message}", file=sys.stderr)
        return 1
    return 0


def load_gui_package():
    """The GUI package, `tenkatoitsu_gui` (the repository's gui/ folder).

    Imported only here, so the engine never imports Qt. The gui/ folder beside
    this tenkatoitsu/ comes first, so that a checkout (a worktree, or one whose
    editable install predates the GUI) runs its own GUI with its own engine."""
    import importlib
    import importlib.util

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
    import os

    return bool(os.environ.get("DISPLAY") or os.environ.get("WAYLAND_DISPLAY")
                or os.environ.get("QT_QPA_PLATFORM") or sys.platform in ("win32", "darwin"))


def cmd_gui(args) -> int:
    if not args.screenshot and (args.headless or not _has_display()):
        # no screen to open a window on: play the game with bots and print the result
        print("tenkatoitsu gui: no display, playing a bot game headless instead "
              "(set DISPLAY, or use --screenshot FILE.png)", file=sys.stderr)
        args.bots = ",".join(p if p != "human" else "random"
                             for p in (args.players or "random").split(","))
        args.json, args.save = False, None
        return cmd_play(args)
    try:
        load_gui_package()
        from tenkatoitsu_gui.command import run
    except ImportError as e:
        if "PySide6" not in str(e) and "Qt" not in str(e):
            raise
        print(f"tenkatoitsu gui: the GUI needs PySide6 ({e}); install it with\n"
              f"    python3 -m pip install -e \".[gui]\"", file=sys.stderr)
        return 2
    return run(args)


def cmd_sim(args) -> int:
    import json

    from tenkatoitsu import sim
    from tenkatoitsu.battle.bots import BOTS
    from tenkatoitsu.battle.game import VariantError
    from tenkatoitsu.dsl.diagnostics import DiagnosticError

    names = [b.strip() for b in args.bots.split(",") if b.strip()] or ["random"]
    if len(names) == 1:
        names *= 2
    if len(names) != 2 or any(b not in BOTS for b in names):
        print(f"tenkatoitsu sim: --bots takes one or two of {', '.join(BOTS)}", file=sys.stderr)
        return 2
    if args.n < 1 or args.jobs < 1:
        print("tenkatoitsu sim: -n and --jobs must be at least 1", file=sys.stderr)
        return 2
    variants = tuple(v.strip() for v in (args.variant or "").split(",") if v.strip())
    spec = sim.SimSpec(str(args.scenario), args.n, (names[0], names[1]), variants, args.seed,
                       args.hidden_orders)
    progress = None if args.no_progress else sim.ProgressBar()
    try:
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
        print(sim.report(summary, sim._scenario(spec.scenario)))
    if args.plot:
        try:
            sim.plot(summary, args.plot)
        except RuntimeError as e:
            print(f"tenkatoitsu sim: {e}", file=sys.stderr)
            return 2
    return 0


def build_parser() -> argparse.ArgumentParser:
    p = argparse.ArgumentParser(prog="tenkatoitsu", description=__doc__)
    sub = p.add_subparsers(dest="command", required=True)
    c = sub.add_parser("check", help="validate scenario files; one summary line each")
    c.add_argument("files", nargs="+")
    c.add_argument("-q", "--quiet", action="store_true", help="do not print warnings")
    c.set_defaults(func=cmd_check)
    f = sub.add_parser("fmt", help="rewrite files in canonical form (comments kept)")
    f.add_argument("files", nargs="+")
    f.add_argument("--check", action="store_true", help="only report files that would change")
    f.add_argument("--stdout", action="store_true", help="print instead of rewriting")
    f.set_defaults(func=cmd_fmt)
    s = sub.add_parser("show", help="sides, clans with orders, units, turn track, variants")
    s.add_argument("file")
    s.set_defaults(func=cmd_show)
    pl = sub.add_parser("play", help="play a whole game with bots (headless) or at the terminal")
    pl.add_argument("scenario")
    pl.add_argument("--variant", default="", help="comma-separated variants, e.g. long,tsutsui")
    pl.add_argument("--seed", type=int, default=1)
    pl.add_argument("--bots", default="random,random", help="one bot per side, e.g. random,random")
    pl.add_argument("--json", action="store_true", help="print the result as one JSON object")
    pl.add_argument("--save", metavar="FILE", help="save the game (JSON) for replay and log")
    pl.add_argument("--hidden-orders", action="store_true", help="[5.3] hide the clans' orders")
    pl.add_argument("--human", metavar="SIDE",
                    help="play SIDE (or 'both', hot-seat) at the terminal; --bots plays the other")
    pl.set_defaults(func=cmd_play)
    sm = sub.add_parser("sim", help="Monte Carlo balance run: many bot games, rates with 95%% "
                                    "Wilson intervals, VP distribution, timings")
    sm.add_argument("scenario")
    sm.add_argument("-n", type=int, default=100, help="number of games (default 100)")
    sm.add_argument("--variant", default="", help="comma-separated variants")
    sm.add_argument("--bots", default="normal,random",
                    help="one bot per side: random, cautious, normal, aggressive")
    sm.add_argument("--jobs", "-j", type=int, default=1, help="worker processes")
    sm.add_argument("--seed", type=int, default=1,
                    help="run seed: each game's seed derives from it")
    sm.add_argument("--json", action="store_true", help="print one JSON object")
    sm.add_argument("--csv", metavar="FILE", help="write one row per game")
    sm.add_argument("--plot", metavar="FILE.png", help="plot the rates and VP (needs matplotlib)")
    sm.add_argument("--hidden-orders", action="store_true", help="[5.3] hide the clans' orders")
    sm.add_argument("--no-progress", action="store_true", help="no progress bar on stderr")
    sm.set_defaults(func=cmd_sim)
    rp = sub.add_parser("replay", help="re-run a saved game and check every die and event")
    rp.add_argument("file")
    rp.set_defaults(func=cmd_replay)
    lg = sub.add_parser("log", help="print a saved game's log, each line with its rule")
    lg.add_argument("file")
    lg.add_argument("--viewer", metavar="SIDE",
                    help="only what this side may read (the other's secret plan hidden [10.1])")
    lg.set_defaults(func=cmd_log)
    gu = sub.add_parser("gui", help="play in a window (headless: a bot game), or take a screenshot")
    gu.add_argument("scenario", nargs="?", default=str(DEFAULT_SCENARIO))
    gu.add_argument("--variant", default="", help="comma-separated variants")
    gu.add_argument("--seed", type=int, default=1)
    gu.add_argument("--players", default=None,
                    help="one per side: human or a bot name, e.g. human,random (default)")
    gu.add_argument("--hidden-orders", action="store_true",
                    help="[5.3] hide the clans' orders (two humans: a screen between turns)")
    gu.add_argument("--load", metavar="SAVE", help="open a saved game")
    gu.add_argument("--headless", action="store_true", help="play a bot game without a window")
    gu.add_argument("--screenshot", metavar="FILE.png", help="render offscreen to a PNG and exit")
    gu.add_argument("--play-turns", type=int, default=0, help="bot-played turns before it")
    gu.add_argument("--until", metavar="KIND", help="then play on to a decision of this kind")
    gu.add_argument("--grab", default=None,
                    help="window (default), map, honjin, bowl, tracks, decision, siege, "
                         "betrayal (Sekigahara's Betrayal Aid)")
    gu.add_argument("--size", default="1500x950", help="window size for the screenshot")
    gu.add_argument("--zoom", type=float, default=None, help="map zoom after fitting")
    gu.set_defaults(func=cmd_gui)
    return p


def main(argv: list[str] | None = None) -> int:
    args = build_parser().parse_args(argv)
    try:
        return args.func(args)
    except KeyboardInterrupt:
        return 130
    except BrokenPipeError:
        return 0


if __name__ == "__main__":
    raise SystemExit(main())
