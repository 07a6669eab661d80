"""Typed events. Every change to a game and every die is an event naming the
rule that produced it; the log, the GUI and the replay check read one stream."""

from __future__ import annotations

import hashlib
import json
from typing import Any, ClassVar

import attrs

_REGISTRY: dict[str, type["Event"]] = {}


@attrs.frozen
class Event:
    """Base class. Subclasses are frozen attrs records registered by name."""

    rule: str  # rulebook section, e.g. "9.1"

    kind: ClassVar[str] = "event"

    def __init_subclass__(cls, **kw):
        super().__init_subclass__(**kw)
        _REGISTRY[cls.__name__] = cls

    def visible_to(self, viewer: str | None) -> bool:
        """Whether a player may read this event (None: everyone, e.g. a
        finished game's log). Secrets such as a battle plan's choice [10.1]
        say otherwise."""
        return True

    def to_dict(self) -> dict[str, Any]:
        d = {"type": type(self).__name__}
        d.update(_plain(attrs.asdict(self, recurse=False)))
        return d

    def text(self) -> str:
        """A line a wargamer reads in the log (subclasses say it better)."""
        fields = ", ".join(f"{k}={v}" for k, v in attrs.asdict(self).items() if k != "rule")
        return f"{type(self).__name__}({fields})"


def _plain(value):
    if isinstance(value, dict):
        return {k: _plain(v) for k, v in value.items()}
    if isinstance(value, (list, tuple)):
        return [_plain(v) for v in value]
    if hasattr(value, "id") and not isinstance(value, (str, int)):
        return value.id  # hexes and other id-bearing values
    if hasattr(value, "value") and not isinstance(value, (str, int)):
        return value.value  # enums
    return value


def event_type(name: str) -> type[Event]:
    return _REGISTRY[name]


class EventDigest:
    """A running hash of the event stream: replays compare it, as a save's
    checksum, to fail loudly when they go out of sync."""

    def __init__(self):
        self._h = hashlib.sha256()
        self.count = 0

    def add(self, event: Event) -> None:
        self._h.update(json.dumps(event.to_dict(), sort_keys=True, separators=(",", ":"),
                                  ensure_ascii=False).encode("utf-8"))
        self.count += 1

    def hexdigest(self) -> str:
        return self._h.hexdigest()


@attrs.frozen
class DieRolled(Event):
    """One roll of one or more dice, with what it was for."""

    purpose: str = ""
    dice: tuple[int, ...] = ()
    colour: str | None = None  # blue | red for combat [2.4]
    side: str | None = None

    def text(self) -> str:
        who = f"{self.side} " if self.side else ""
        col = f"{self.colour} " if self.colour else ""
        total = sum(self.dice)
        faces = "+".join(str(d) for d in self.dice)
        return f"{who}rolls {col}{faces}" + (f" = {total}" if len(self.dice) > 1 else "") + \
            f" ({self.purpose})"
