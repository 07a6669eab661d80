"""Command-line words shared by `tenkatoitsu` and the GUI's command: lists
given as "a,b,c", a kind's game options given as --option KEY=VALUE, and the
argument parser's `type=` checks, so that a bad value is refused, naming its
option, before any game starts."""

from __future__ import annotations

import argparse
import json
import math
import re
from collections.abc import Callable

from tenkatoitsu.core.persistence import DestinationError, check_destination

#: the largest side of a screenshot, in pixels
MAX_SIZE = 16384
_SIZE = re.compile(r"\s*(\d+)\s*[xX×]\s*(\d+)\s*")


def names(text: str | None) -> list[str]:
    """"a, b,,c" -> ["a", "b", "c"]."""
    return [p.strip() for p in (text or "").split(",") if p.strip()]


def game_options(items, hidden_orders: bool = False) -> dict:
    """--option KEY=VALUE (VALUE read as JSON when it is: true, 3, "x"; else
    as text) and the battle's --hidden-orders; the kind checks names and types."""
    out = {}
    for item in items or ():
        key, sep, value = item.partition("=")
        if not sep:
            raise ValueError(f"--option takes KEY=VALUE, not '{item}'")
        key = key.strip().replace("-", "_")
        try:
            out[key] = json.loads(value)
        except json.JSONDecodeError:
            out[key] = value
    if hidden_orders:
        out["hidden_orders"] = True
    return out


# ---------------------------------------------------------------- type= checks
# Each takes the option's text and returns its value, or raises
# ArgumentTypeError: argparse then prints "argument --x: <why>", exit status 2.

def _whole(text: str) -> int:
    try:
        return int(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"'{text[:40]}' is not a whole number") from None


def positive_int(text: str) -> int:
    """1, 2, ..."""
    n = _whole(text)
    if n < 1:
        raise argparse.ArgumentTypeError(f"must be at least 1, not {n}")
    return n


def non_negative_int(text: str) -> int:
    """0, 1, 2, ..."""
    n = _whole(text)
    if n < 0:
        raise argparse.ArgumentTypeError(f"must be 0 or more, not {n}")
    return n


def seed(text: str) -> int:
    """A game's seed: 0 or more, of at most 100 digits (what a save keeps)."""
    n = non_negative_int(text)
    if len(str(n)) > 100:
        raise argparse.ArgumentTypeError("takes at most 100 digits")
    return n


def positive_float(text: str) -> float:
    """A finite number above 0."""
    try:
        x = float(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"'{text[:40]}' is not a number") from None
    if not math.isfinite(x) or x <= 0:
        raise argparse.ArgumentTypeError(f"must be a number above 0, not {text[:40]}")
    return x


def window_size(text: str) -> str:
    """WIDTHxHEIGHT in pixels, each 1..MAX_SIZE; returned as "WxH"."""
    m = _SIZE.fullmatch(text)
    if not m:
        raise argparse.ArgumentTypeError(f"takes WIDTHxHEIGHT in pixels, e.g. 1500x950, "
                                         f"not '{text[:40]}'")
    w, h = int(m.group(1)), int(m.group(2))
    if not (0 < w <= MAX_SIZE and 0 < h <= MAX_SIZE):
        raise argparse.ArgumentTypeError(f"width and height must be 1 to {MAX_SIZE}, "
                                         f"not {w}x{h}")
    return f"{w}x{h}"


def name(text: str) -> str:
    """A word that is not empty (a seat, a decision kind, a part of the view)."""
    if not text.strip():
        raise argparse.ArgumentTypeError("must not be empty")
    return text.strip()


def name_list(text: str) -> str:
    """"a, b" -> "a,b": one name or more, none of them empty."""
    parts = [p.strip() for p in text.split(",")]
    if not any(parts):
        raise argparse.ArgumentTypeError("takes one name or more, separated by commas")
    if not all(parts):
        raise argparse.ArgumentTypeError(f"an empty name in '{text[:80]}'")
    return ",".join(parts)


def file_name(text: str) -> str:
    """A path to read: not empty, no NUL (whether it exists is the reader's word)."""
    if not text.strip():
        raise argparse.ArgumentTypeError("an empty file name")
    if "\0" in text:
        raise argparse.ArgumentTypeError("a file name cannot hold a NUL character")
    return text


def option_item(text: str) -> str:
    """KEY=VALUE, KEY not empty."""
    key, sep, _ = text.partition("=")
    if not sep or not key.strip():
        raise argparse.ArgumentTypeError(f"takes KEY=VALUE, not '{text[:80]}'")
    return text


def destination(option: str) -> Callable[[str], str]:
    """The check of an output file given by `option` (see check_destination)."""
    def check(text: str) -> str:
        try:
            check_destination(text, option)
        except DestinationError as e:
            raise argparse.ArgumentTypeError(e.reason) from None
        return text
    check.__name__ = "destination"
    return check


def event_mark(text: str) -> str:
    """"TYPE" or "TYPE:N": the Nth event (from 1) of a type, e.g. AreaResolved:6."""
    name_, _, n = text.strip().partition(":")
    if not name_ or not name_.isidentifier():
        raise argparse.ArgumentTypeError(f"'{text[:80]}' is not an event type, e.g. AreaResolved:6")
    if n and (not n.isdigit() or int(n) < 1):
        raise argparse.ArgumentTypeError(f"'{n[:20]}' is not a count from 1")
    return f"{name_}:{n or 1}"
