"""`tenkatoitsu gui`: the window on a scenario or a saved game, or, with
--screenshot, an offscreen picture of it after bot-played turns (for the docs
and the tests). Whatever stops Qt from opening a window is said, with its
remedy, before Qt is asked to."""

from __future__ import annotations

import os
import sys

from PySide6.QtWidgets import QApplication
from tenkatoitsu_gui.app import MainWindow, error_text
from tenkatoitsu_gui.binding import platform_problem, problem
from tenkatoitsu_gui.controller import HUMAN, GameController, GameSetup

from tenkatoitsu.arguments import game_options, names
from tenkatoitsu.core.persistence import DestinationError, SaveError, check_destination
from tenkatoitsu.dsl.diagnostics import DiagnosticError
from tenkatoitsu.dsl.loader import load_scenario
from tenkatoitsu.kinds import UnknownKind
from tenkatoitsu.kinds.contract import VariantError


def parse_players(text: str, kind, scenario, count: int | None = None):
    """--players human,random,...: one per seat ((seat, player) pairs). For a
    kind with a range of players, their number is --seats, else one per entry."""
    parts = names(text)
    seats = kind.seats(scenario)
    if not seats.fixed and count is None and len(parts) > 1:
        count = len(parts)
    ids = [s.id for s in (seats.choices if seats.fixed else seats.for_count(count))]
    if len(parts) == 1:
        parts *= len(ids)
    if len(parts) != len(ids):
        raise ValueError(f"--players takes one entry per seat ({', '.join(ids)})")
    for p in parts:
        if p != HUMAN and p.split(":")[0] not in kind.bots:  # a bot's settings follow ':'
            raise ValueError(f"unknown player '{p}' (human, or a bot: {', '.join(kind.bots)})")
    return tuple(zip(ids, parts))


def default_players(sf, count: int | None) -> str:
    """You against random bots: one bot, or as many as fill the seats when
    the game takes more players than two (or `count` of them)."""
    seats = sf.kind.seats(sf.document)
    n = count or (seats.default if not seats.fixed and seats.minimum > 2 else 2)
    return ",".join([HUMAN] + ["random"] * max(1, n - 1))


def build_setup(args):
    """The GameSetup the command line asks for, and the scenario read for it."""
    sf = load_scenario(args.scenario)
    players = parse_players(args.players or default_players(sf, args.seats), sf.kind,
                            sf.document, args.seats)
    options = game_options(args.option, args.hidden_orders)
    return GameSetup(sf, tuple(names(args.variant)), players, tuple(options.items()),
                     args.seed), sf


def load_game(args) -> tuple[GameController, str]:
    """--load SAVE, with --players when given: the game and how it replayed."""
    ctl, message = GameController.load(args.load)
    if args.players:
        g = ctl.game
        ctl.assign_players(parse_players(args.players, ctl.kind, g.scenario, len(g.players)))
    return ctl, message


def game_for_screenshot(args) -> GameController:
    """The saved game (--load) or a new one, paused, after --play-turns and --until."""
    if args.load:
        ctl, _ = load_game(args)
    else:
        setup, sf = build_setup(args)
        ctl = GameController.new_game(setup, scenario=sf)
    ctl.paused = True
    if ctl.read_only:
        return ctl  # its last good decision, as it stands
    turn = lambda c: c.kind.result(c.game).turns  # noqa: E731
    start = turn(ctl)
    turns = args.play_turns or 0

    def reached(c):
        if turn(c) < start + turns:
            return False
        return args.until is None or (c.pending is not None and c.pending.kind == args.until)

    ctl.play_until(reached)
    return ctl


def event_index(ctl: GameController, mark: str) -> int | None:
    """The frame of the Nth event of a type ("AreaResolved:6"), or None."""
    kind, _, n = mark.partition(":")
    found = [i for i, f in enumerate(ctl.history.frames) if type(f.event).__name__ == kind]
    return found[int(n) - 1] if len(found) >= int(n) else None


def screenshot(args, app: QApplication) -> int:
    """Render offscreen after bot-played turns (--play-turns), optionally up to a
    decision kind (--until), and save the window or one part (--grab). A save
    out of sync is drawn at its last good decision, with a warning (status 1)."""
    ctl = game_for_screenshot(args)
    if args.until and not ctl.read_only and (ctl.pending is None
                                             or ctl.pending.kind != args.until):
        print(f"tenkatoitsu gui: no '{args.until}' decision came before the game ended",
              file=sys.stderr)
        return 1
    if ctl.pending is not None and ctl.is_human_turn():
        ctl.viewer = ctl.side_to_answer()
    win = MainWindow(ctl)
    w, h = (int(x) for x in str(args.size).lower().split("x"))
    win.resize(w, h)
    win.show()
    app.processEvents()
    if getattr(args, "at_event", None):
        index = event_index(ctl, args.at_event)
        if index is None:
            print(f"tenkatoitsu gui: --at-event: the game has no event {args.at_event}",
                  file=sys.stderr)
            return 1
        if win.summary is not None:  # the replay viewer, not the game over
            win.summary.close()
        win.show_frame(index)
        app.processEvents()
    view = win.view
    view.fit()
    if args.zoom:
        view.zoom(args.zoom)
    targets = view.grab_targets()
    own = {} if args.grab in (None, "window", *targets) else win.grab_targets()
    targets.update(own)  # the window's own parts: the game-over summary, the Help pages
    if args.grab not in (None, "window") and args.grab not in targets:
        print(f"tenkatoitsu gui: --grab takes window or {', '.join(targets)}", file=sys.stderr)
        return 2
    target = win if args.grab in (None, "window") else targets[args.grab]
    if args.grab in view.part_sizes:  # a dock alone, at a size that shows all of it
        target.setParent(None)
        target.resize(*view.part_sizes[args.grab])
        target.show()
    if args.grab not in (None, "window"):
        (win if args.grab in own else view).prepare_grab(args.grab, target)
    app.processEvents()
    pixmap = target.grab()
    if not pixmap.save(str(args.screenshot)):
        print(f"tenkatoitsu gui: cannot write {args.screenshot}", file=sys.stderr)
        return 1
    print(f"{args.screenshot}: {pixmap.width()}x{pixmap.height()}, "
          f"turn {ctl.kind.result(ctl.game).turns}, {len(ctl.game.events)} events")
    if ctl.read_only:
        print(f"tenkatoitsu gui: warning: {args.load} is out of sync ({ctl.read_only}); "
              f"the picture shows its last good decision", file=sys.stderr)
        return 1
    return 0


def run(args) -> int:
    """`tenkatoitsu gui [SCENARIO]`: the window, or a screenshot with --screenshot."""
    if args.screenshot:
        os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")
        try:
            check_destination(args.screenshot, "--screenshot")
        except DestinationError as e:
            print(f"tenkatoitsu gui: {e}", file=sys.stderr)
            return 2
    app = QApplication.instance()
    trouble = (platform_problem() if app is None else None) or problem()
    if trouble:
        print(f"tenkatoitsu gui: {trouble}", file=sys.stderr)
        return 2
    app = app or QApplication(sys.argv[:1])
    app.setApplicationName("Tenkatoitsu")
    try:
        if args.screenshot:
            return screenshot(args, app)
        if args.load:
            ctl, message = load_game(args)
        else:
            setup, scen = build_setup(args)
            ctl, message = GameController.new_game(setup, scenario=scen), ""
    except (DiagnosticError,) as e:
        print(error_text(e), file=sys.stderr)
        return 1
    except (SaveError, VariantError, ValueError, OSError, UnknownKind) as e:
        print(f"tenkatoitsu gui: {e}", file=sys.stderr)
        return 2
    win = MainWindow(ctl)
    win.show()
    if args.load:
        win.loaded(args.load, message)
    elif message:
        win.statusBar().showMessage(message, 8000)
    win.view.fit()
    return app.exec()
