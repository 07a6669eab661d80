"""The collector of a kind's semantic checks: every problem of a document is
reported at once, each at its location. Shared by every scenario kind; a
kind's validator (and its scenario rules' own checks) report through it."""

from __future__ import annotations

from collections.abc import Collection, Iterable

from tenkatoitsu.dsl.diagnostics import Diagnostic, did_you_mean, known_list


#: unknown names that get a "did you mean" hint: finding the closest known
#: name compares it with every one, and an author reads the first errors only
MAX_HINTS = 100


class Checker:
    def __init__(self):
        self.diags: list[Diagnostic] = []
        self._hints = 0
        # the list of known names shown in errors, once per collection: a file
        # may name thousands of unknown units, each against thousands of known
        self._listed: dict[int, tuple[Collection[str], int, str]] = {}

    def error(self, msg, pos, hint=None):
        self.diags.append(Diagnostic(msg, pos, hint))

    def warn(self, msg, pos, hint=None):
        self.diags.append(Diagnostic(msg, pos, hint, severity="warning"))

    def unknown(self, what, name, known: Iterable[str], pos):
        """A name that refers to nothing defined, with the known ones and the closest."""
        if not isinstance(known, Collection):
            known = list(known)
        hint = None
        if self._hints < MAX_HINTS:
            self._hints += 1
            hint = did_you_mean(name, known)
        self.error(f"unknown {what} '{name}' ({self._known_list(known)})", pos, hint)

    def _known_list(self, known: Collection[str]) -> str:
        cached = self._listed.get(id(known))
        # the entry holds the collection, so no other can take its id meanwhile
        if cached is None or cached[0] is not known or cached[1] != len(known):
            cached = self._listed[id(known)] = (known, len(known), known_list(known))
        return cached[2]

    def unique(self, items, key, what):
        """Report every item whose key an earlier one already has; return the
        first item of each key, by key."""
        seen: dict[str, object] = {}
        for it in items:
            k = key(it)
            if k in seen:
                first = seen[k]
                where = getattr(first, "pos", None)
                self.error(f"duplicate {what} '{k}'", it.pos,
                           hint=f"first defined at {first.pos}" if where else None)
            else:
                seen[k] = it
        return seen
