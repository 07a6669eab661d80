"""The import graph of the engine and the GUI, read from the source (nothing is
imported): every `import` and `from ... import`, at the top of a module,
inside a function or under `if TYPE_CHECKING:`, resolved to the project's
modules. The house tests (test_house.py) walk it."""

from __future__ import annotations

import ast
from pathlib import Path

import attrs

ROOT = Path(__file__).resolve().parents[1]
#: package name -> folder
PACKAGES = {"tenkatoitsu": ROOT / "tenkatoitsu", "tenkatoitsu_gui": ROOT / "gui"}


@attrs.frozen
class Edge:
    source: str
    target: str
    line: int
    where: str  # "top", "function" or "typing"


def modules() -> dict[str, Path]:
    """Module name -> file, for every module of the engine and the GUI."""
    out = {}
    for name, folder in PACKAGES.items():
        for path in sorted(folder.rglob("*.py")):
            parts = list(path.relative_to(folder).with_suffix("").parts)
            if parts[-1] == "__init__":
                parts.pop()
            out[".".join([name, *parts])] = path
    return out


def _resolve(known: dict[str, Path], dotted: str) -> str | None:
    while dotted and dotted not in known:
        dotted = dotted.rpartition(".")[0]
    return dotted or None


def _targets(known, module: str, is_package: bool, node) -> list[str]:
    if isinstance(node, ast.Import):
        return [t for a in node.names if (t := _resolve(known, a.name))]
    if node.level:
        base = module.split(".") if is_package else module.split(".")[:-1]
        base = base[:len(base) - node.level + 1]
        prefix = ".".join(base + ([node.module] if node.module else []))
    else:
        prefix = node.module or ""
    out = []
    for a in node.names:
        full = f"{prefix}.{a.name}"
        target = full if full in known else _resolve(known, prefix)
        if target:
            out.append(target)
    return out


class _Walker(ast.NodeVisitor):
    def __init__(self, known, module, is_package):
        self.known, self.module, self.is_package = known, module, is_package
        self.depth = self.typing = 0
        self.edges: list[Edge] = []

    def visit_FunctionDef(self, node):
        self.depth += 1
        self.generic_visit(node)
        self.depth -= 1

    visit_AsyncFunctionDef = visit_FunctionDef

    def visit_If(self, node):
        if "TYPE_CHECKING" in ast.unparse(node.test):
            self.typing += 1
            for child in node.body:
                self.visit(child)
            self.typing -= 1
            for child in node.orelse:
                self.visit(child)
        else:
            self.generic_visit(node)

    def visit_Import(self, node):
        where = "function" if self.depth else "typing" if self.typing else "top"
        for target in _targets(self.known, self.module, self.is_package, node):
            if target != self.module:
                self.edges.append(Edge(self.module, target, node.lineno, where))

    visit_ImportFrom = visit_Import


def edges() -> list[Edge]:
    known = modules()
    out = []
    for name, path in known.items():
        walker = _Walker(known, name, path.name == "__init__.py")
        walker.visit(ast.parse(path.read_text(encoding="utf-8")))
        out += walker.edges
    return out


def cycles(graph: list[Edge]) -> list[list[str]]:
    """Strongly connected components of more than one module (Tarjan), but a
    package and one of its own submodules alone: the package re-exporting the
    submodule's names is not a loop, since Python runs the package first."""
    succ: dict[str, set[str]] = {}
    for e in graph:
        succ.setdefault(e.source, set()).add(e.target)
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    on_stack: set[str] = set()
    found: list[list[str]] = []

    def visit(v: str) -> None:
        index[v] = low[v] = len(index)
        stack.append(v)
        on_stack.add(v)
        for w in sorted(succ.get(v, ())):
            if w not in index:
                visit(w)
                low[v] = min(low[v], low[w])
            elif w in on_stack:
                low[v] = min(low[v], index[w])
        if low[v] == index[v]:
            component = []
            while True:
                w = stack.pop()
                on_stack.discard(w)
                component.append(w)
                if w == v:
                    break
            if len(component) > 1 and not _package_and_child(component):
                found.append(sorted(component))

    for v in sorted(succ):
        if v not in index:
            visit(v)
    return found


def _package_and_child(component: list[str]) -> bool:
    if len(component) != 2:
        return False
    parent, child = sorted(component, key=len)
    return child.startswith(parent + ".")
