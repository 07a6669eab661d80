"""The registry of the kinds of game this engine hosts.

A kind registers under its name through the Python entry-point group
`tenkatoitsu.kinds`: this package declares its own in pyproject.toml, and any
installed distribution may add one the same way

    [project.entry-points."tenkatoitsu.kinds"]
    castles = "my_package.castles:KIND"

A kind is imported the first time it is asked for, so `import tenkatoitsu`
loads no rule set. `register` adds one in-process (tests, notebooks)."""

from __future__ import annotations

from importlib import import_module
from importlib.metadata import entry_points

from tenkatoitsu.dsl.diagnostics import did_you_mean
from tenkatoitsu.kinds.contract import Kind

GROUP = "tenkatoitsu.kinds"
#: the kind of a scenario whose header names none (every file written before kinds)
DEFAULT_KIND = "battle"

_targets: dict[str, str] = {}  # name -> "module:attribute", registered in-process
_loaded: dict[str, Kind] = {}


class UnknownKind(LookupError):
    def __init__(self, name: str):
        known = names()
        hint = did_you_mean(name, known)
        super().__init__(f"unknown kind '{name}' (kinds: {', '.join(known) or 'none'})"
                         + (f"; {hint}" if hint else ""))
        self.name = name
        self.hint = hint


def _declared() -> dict[str, str]:
    found = {ep.name: ep.value for ep in entry_points(group=GROUP)}
    found.update(_targets)
    return found


def register(name: str, target: str | Kind) -> None:
    """Add a kind in this process: `target` is "module:attribute" or the kind."""
    _loaded.pop(name, None)
    if isinstance(target, str):
        _targets[name] = target
    else:
        _targets[name] = ""
        _loaded[name] = target


def unregister(name: str) -> None:
    _targets.pop(name, None)
    _loaded.pop(name, None)


def names() -> list[str]:
    """Every registered kind's name, sorted (aliases left out)."""
    return sorted(_declared())


def get(name: str) -> Kind:
    """The kind registered as `name` (or one whose aliases name it)."""
    kind = _loaded.get(name)
    if kind is not None:
        return kind
    declared = _declared()
    target = declared.get(name)
    if target:
        module, _, attr = target.partition(":")
        kind = getattr(import_module(module), attr) if attr else import_module(module)
        _loaded[name] = kind
        return kind
    for other in declared:  # an alias: every kind is asked (rare: old files only)
        kind = get(other)
        if name in getattr(kind, "aliases", ()):
            _loaded[name] = kind
            return kind
    raise UnknownKind(name)


def all_kinds() -> list[Kind]:
    return [get(n) for n in names()]
