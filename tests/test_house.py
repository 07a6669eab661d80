"""The house rules of the code, checked on the source: no import cycle (imports
inside functions and under TYPE_CHECKING count), no import inside a function
but of an optional heavy dependency, the battle kind's layers read top-down
(docs/architecture.md draws them), and no module grows past ~600 lines
without saying why at its top."""

from __future__ import annotations

import ast

from import_graph import ROOT, cycles, edges, modules

BATTLE = "tenkatoitsu.kinds.battle"

#: The battle kind's floors, lowest first. A module may import modules of its
#: own floor or of a lower one, never of a higher one. Every module of the
#: kind must be on a floor (prefixes match whole module names or packages).
BATTLE_FLOORS = [
    ("scenario file", ["scenario", "hooks"]),
    ("state of play", ["state", "events", "siege_events"]),
    ("queries", ["queries"]),
    ("rule procedures", ["rules"]),
    ("scenario rules", ["scenario_rules"]),
    ("game loop", ["game", "play"]),
    ("what a player sees", ["view", "text"]),
    ("bots", ["heuristic", "search", "bots"]),
    ("the kind's plugin", ["kind", "load", ""]),
]

#: the only imports a function may make: optional heavy dependencies that a
#: command loads when it needs them (the GUI's Qt, matplotlib for --plot,
#: Dask and the asyncio it runs on for --cluster)
LAZY = ("PySide6", "matplotlib", "dask", "asyncio", "tenkatoitsu_gui")
#: modules past ~600 lines must say why at the top, in these words
LONG_MODULE_MARK = "Why one module"


def _floor(module: str) -> int | None:
    if module != BATTLE and not module.startswith(BATTLE + "."):
        return None
    rest = module[len(BATTLE) + 1:]
    for i, (_, prefixes) in enumerate(BATTLE_FLOORS):
        for p in prefixes:
            if rest == p or (p and rest.startswith(p + ".")):
                return i
    raise AssertionError(f"{module} is on no floor of BATTLE_FLOORS: place it")


def test_no_import_cycle():
    found = cycles(edges())
    assert not found, "import cycles:\n" + "\n".join(", ".join(c) for c in found)


def test_no_import_inside_a_function_but_optional_heavy_dependencies():
    known = modules()
    offenders = []
    for name, path in known.items():
        tree = ast.parse(path.read_text(encoding="utf-8"))
        for fn in ast.walk(tree):
            if not isinstance(fn, (ast.FunctionDef, ast.AsyncFunctionDef)):
                continue
            for node in ast.walk(fn):
                if isinstance(node, ast.Import):
                    names = [a.name for a in node.names]
                elif isinstance(node, ast.ImportFrom):
                    names = [node.module or "."]
                else:
                    continue
                for n in names:
                    if not n.startswith(LAZY):
                        offenders.append(f"{path.relative_to(ROOT)}:{node.lineno}: {n}")
    assert not offenders, "imports inside functions:\n" + "\n".join(sorted(set(offenders)))


def test_every_battle_module_is_on_a_floor_and_imports_only_downward():
    for name in modules():
        _floor(name)  # raises for a module on no floor
    upward = []
    for e in edges():
        a, b = _floor(e.source), _floor(e.target)
        if a is not None and b is not None and b > a:
            upward.append(f"{e.source}:{e.line} ({BATTLE_FLOORS[a][0]}) imports {e.target} "
                          f"({BATTLE_FLOORS[b][0]})")
    assert not upward, "imports running up a floor:\n" + "\n".join(upward)


def test_the_rules_core_knows_the_scenario_rules_only_through_the_hooks():
    # the catalogue registers the special rules; below it, only the hooks
    below = {i for i, (title, _) in enumerate(BATTLE_FLOORS)
             if title in ("queries", "rule procedures", "state of play", "scenario file")}
    leaks = [f"{e.source}:{e.line}" for e in edges()
             if _floor(e.source) in below and e.target.startswith(f"{BATTLE}.scenario_rules")]
    assert not leaks, leaks


def test_long_modules_say_why_at_their_top():
    quiet = []
    for name, path in modules().items():
        text = path.read_text(encoding="utf-8")
        if text.count("\n") > 600:
            doc = ast.get_docstring(ast.parse(text)) or ""
            if LONG_MODULE_MARK not in doc:
                quiet.append(f"{path.relative_to(ROOT)}: {text.count(chr(10))} lines")
    assert not quiet, f"modules over 600 lines without '{LONG_MODULE_MARK}' in their docstring:\n" \
        + "\n".join(quiet)
