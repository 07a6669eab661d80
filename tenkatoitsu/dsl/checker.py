"""The collector of a kind's semantic checks: every problem of a document is
reported at once, each at its location. Shared by every scenario kind; a
kind's validator (and its scenario rules' own checks) report through it."""

from __future__ import annotations

from typing import Iterable

from tenkatoitsu.dsl.diagnostics import Diagnostic, did_you_mean, known_list


class Checker:
    def __init__(self):
        self.diags: list[Diagnostic] = []

    def error(self, msg, pos, hint=None):
        self.diags.append(Diagnostic(msg, pos, hint))

    def warn(self, msg, pos, hint=None):
        self.diags.append(Diagnostic(msg, pos, hint, severity="warning"))

    def unknown(self, what, name, known: Iterable[str], pos):
        """A name that refers to nothing defined, with the known ones and the closest."""
        known = list(known)
        self.error(f"unknown {what} '{name}' ({known_list(known)})", pos, did_you_mean(name, known))

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
