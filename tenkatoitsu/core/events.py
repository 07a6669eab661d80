"""Typed events. Every change to a game and every die is an event naming the
rule that produced it; the log, the GUI and the replay check read one stream."""

from __future__ import annotations

import enum
import hashlib
import json
from collections.abc import Mapping
from typing import Any, ClassVar

import attrs
import cattrs

_REGISTRY: dict[str, type["Event"]] = {}


def _is_enum(t) -> bool:
    return isinstance(t, type) and issubclass(t, enum.Enum)


def _names_itself(t) -> bool:
    """A value type known by its `id` (a hex: "0709"), written as that id."""
    return isinstance(t, type) and not issubclass(t, (str, int)) and \
        isinstance(getattr(t, "id", None), property)


#: the one converter of events to and from JSON values: enums as their value,
#: id-bearing values (hexes) as their id, tuples as lists
converter = cattrs.Converter()
converter.register_unstructure_hook_func(_is_enum, lambda v: v.value)
converter.register_unstructure_hook_func(_names_itself, lambda v: v.id)


@attrs.frozen
class Event:
    """Base class. Subclasses are frozen attrs records registered by name."""

    rule: str  # rulebook section, e.g. "9.1"

    kind: ClassVar[str] = "event"
    #: it shows what was hidden or leaves it to chance (a die, a drawn chit):
    #: a player's decision before it cannot be taken back
    reveals: ClassVar[bool] = False
    #: not worth a line of its own at the terminal (the moves of chits, dice)
    terse: ClassVar[bool] = False
    #: it opens a new part of the game (a turn): logs set it apart, the replay
    #: bar jumps to it by its `turn`
    heading: ClassVar[bool] = False

    def __init_subclass__(cls, **kw):
        super().__init_subclass__(**kw)
        known = _REGISTRY.get(cls.__name__)
        if known is not None and (known.__module__, known.__qualname__) != \
                (cls.__module__, cls.__qualname__):
            # saves and logs name events by class: two kinds must not share a name
            raise TypeError(f"two events named {cls.__name__}: {known.__module__} and "
                            f"{cls.__module__}")
        _REGISTRY[cls.__name__] = cls

    def visible_to(self, viewer: str | None) -> bool:
        """Whether a player may read this event (None: everyone, e.g. a
        finished game's log). Secrets such as a battle plan's choice [10.1]
        say otherwise."""
        return True

    def to_dict(self) -> dict[str, Any]:
        d = {"type": type(self).__name__}
        d.update(converter.unstructure(self, unstructure_as=type(self)))
        return d

    @staticmethod
    def from_dict(data: dict[str, Any]) -> "Event":
        """An event read back from `to_dict` (a log file, a golden playthrough)."""
        fields = dict(data)
        cls = event_type(fields.pop("type"))
        return converter.structure(fields, cls)

    def text(self) -> str:
        """A line a wargamer reads in the log (subclasses say it better)."""
        fields = ", ".join(f"{k}={v}" for k, v in attrs.asdict(self).items() if k != "rule")
        return f"{type(self).__name__}({fields})"


class WordedEvent(Event):
    """An event whose log line is its `line` template filled from its fields,
    ids (of areas, seats, cards) replaced by the names a game gives them: an
    area kind's log reads "Red conquers Hida", not "red conquers hida"."""

    line: ClassVar[str] = ""

    def text(self) -> str:
        return self.words({})

    def words(self, names: Mapping[str, str]) -> str:
        return self.line.format(**self.named_fields(names))

    def named_fields(self, names: Mapping[str, str]) -> dict[str, Any]:
        """The fields (as `attrs.asdict` has them), each id read through `names`."""
        return {k: self.name_of(v, names) for k, v in attrs.asdict(self).items()}

    @staticmethod
    def name_of(value, names: Mapping[str, str]):
        return names.get(value, value) if isinstance(value, str) else value


def event_type(name: str) -> type[Event]:
    return _REGISTRY[name]


class EventDigest:
    """A running hash of the event stream: replays compare it, as a save's
    checksum, to fail loudly when they go out of sync. The events are
    hashed when the digest is asked for, not as they come: most games
    (a balance run's) are never saved, and writing each event out is a
    tenth of a bot game's time."""

    def __init__(self):
        self._h = hashlib.sha256()
        self._pending: list[Event] = []
        self.count = 0

    def add(self, event: Event) -> None:
        self._pending.append(event)
        self.count += 1

    def hexdigest(self) -> str:
        for event in self._pending:
            self._h.update(json.dumps(event.to_dict(), sort_keys=True, separators=(",", ":"),
                                      ensure_ascii=False).encode("utf-8"))
        self._pending.clear()
        return self._h.hexdigest()


@attrs.frozen
class DieRolled(Event):
    """One roll of one or more dice, with what it was for."""

    purpose: str = ""
    dice: tuple[int, ...] = ()
    colour: str | None = None  # a kind's dice of several colours (battle: blue, red [2.4])
    side: str | None = None

    reveals: ClassVar[bool] = True
    terse: ClassVar[bool] = True

    def text(self) -> str:
        who = f"{self.side} " if self.side else ""
        col = f"{self.colour} " if self.colour else ""
        total = sum(self.dice)
        faces = "+".join(str(d) for d in self.dice)
        return f"{who}rolls {col}{faces}" + (f" = {total}" if len(self.dice) > 1 else "") + \
            f" ({self.purpose})"
