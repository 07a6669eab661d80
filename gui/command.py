"""`tenkatoitsu gui`: the window on a scenario or a saved game, or, with
--screenshot, an offscreen picture of it after bot-played turns (for the docs
and the tests)."""

from __future__ import annotations

import os
import sys

from PySide6.QtWidgets import QApplication

from tenkatoitsu.battle.bots import BOTS
from tenkatoitsu.battle.game import VariantError
from tenkatoitsu.battle.load import load_scenario
from tenkatoitsu.core.persistence import SaveError
from tenkatoitsu.dsl.diagnostics import DiagnosticError

from tenkatoitsu_gui.app import MainWindow, error_text
from tenkatoitsu_gui.controller import HUMAN, GameController, GameSetup


def parse_players(text: str, sides) -> tuple[tuple[str, str], ...]:
    parts = [p.strip() for p in text.split(",") if p.strip()]
    if len(parts) == 1:
        parts *= len(sides)
    if len(parts) != len(sides):
        raise ValueError(f"--players takes one entry per side ({', '.join(sides)})")
    for p in parts:
        if p != HUMAN and p not in BOTS:
            raise ValueError(f"unknown player '{p}' (human, or a bot: {', '.join(BOTS)})")
    return tuple(zip(sides, parts))


def build_setup(args):
    """The GameSetup the command line asks for, and the scenario read for it."""
    scen = load_scenario(args.scenario)
    sides = [s.id for s in scen.sides]
    players = parse_players(args.players or f"{HUMAN},random", sides)
    variants = tuple(v for v in (args.variant or "").split(",") if v.strip())
    return GameSetup(str(args.scenario), variants, players, args.hidden_orders, args.seed), scen


#: the size a part is drawn at when grabbed alone
PART_SIZES = {"honjin": (430, 880), "bowl": (320, 400), "decision": (560, 900),
              "tracks": (960, 110), "siege": (760, 480), "betrayal": (660, 370)}


def screenshot(args, app: QApplication) -> int:
    """Render offscreen after bot-played turns (--play-turns), optionally up to a
    decision kind (--until), and save the window or one part (--grab)."""
    setup, scen = build_setup(args)
    ctl = GameController.new_game(setup, scenario=scen)
    ctl.paused = True
    start = ctl.game.state.turn
    turns = args.play_turns or 0

    def reached(c):
        if c.game.state.turn < start + turns:
            return False
        return args.until is None or (c.pending is not None and c.pending.kind == args.until)

    ctl.play_until(reached)
    if args.until and (ctl.pending is None or ctl.pending.kind != args.until):
        print(f"tenkatoitsu gui: no '{args.until}' decision came before the game ended",
              file=sys.stderr)
        return 1
    if ctl.pending is not None and ctl.is_human_turn():
        ctl.viewer = ctl.side_to_answer()
    win = MainWindow(ctl)
    w, h = (int(x) for x in args.size.split("x"))
    win.resize(w, h)
    win.show()
    app.processEvents()
    win.view.map.fit()
    if args.zoom:
        win.view.map.zoom(args.zoom)
    targets = win.view.grab_targets()
    if args.grab not in (None, "window") and args.grab not in targets:
        print(f"tenkatoitsu gui: --grab takes window or {', '.join(targets)}", file=sys.stderr)
        return 2
    target = win if args.grab in (None, "window") else targets[args.grab]
    if args.grab == "decision" and ctl.pending is not None:
        win.view.decision.options.setCurrentRow(0)
    if args.grab in PART_SIZES:  # a dock alone, at a size that shows all of it
        target.setParent(None)
        target.resize(*PART_SIZES[args.grab])
        target.show()
    if args.grab == "siege":
        target.show_state(ctl.game.state, ctl.pending)
    app.processEvents()
    pixmap = target.grab()
    if not pixmap.save(str(args.screenshot)):
        print(f"tenkatoitsu gui: cannot write {args.screenshot}", file=sys.stderr)
        return 1
    print(f"{args.screenshot}: {pixmap.width()}x{pixmap.height()}, turn {ctl.game.state.turn}, "
          f"{len(ctl.game.events)} events")
    return 0


def run(args) -> int:
    """`tenkatoitsu gui [SCENARIO]`: the window, or a screenshot with --screenshot."""
    if args.screenshot:
        os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")
    from tenkatoitsu_gui.binding import problem

    trouble = problem()
    if trouble:
        print(f"tenkatoitsu gui: {trouble}", file=sys.stderr)
        return 2
    app = QApplication.instance() or QApplication(sys.argv[:1])
    app.setApplicationName("Tenkatoitsu")
    try:
        if args.screenshot:
            return screenshot(args, app)
        if args.load:
            players = ()
            if args.players:
                from tenkatoitsu.core.persistence import read_save

                sides = [s.id for s in load_scenario(read_save(args.load)["scenario"]).sides]
                players = parse_players(args.players, sides)
            ctl, message = GameController.load(args.load, players)
        else:
            setup, scen = build_setup(args)
            ctl, message = GameController.new_game(setup, scenario=scen), ""
    except (DiagnosticError,) as e:
        print(error_text(e), file=sys.stderr)
        return 1
    except (SaveError, VariantError, ValueError, OSError) as e:
        print(f"tenkatoitsu gui: {e}", file=sys.stderr)
        return 2
    win = MainWindow(ctl)
    if message:
        win.statusBar().showMessage(message, 8000)
    win.show()
    win.view.map.fit()
    return app.exec()
