"""Copies of a game at the decision being asked, each played out once.

A game is a suspended generator of rules (`game.flow`) and a generator
cannot be copied, so a copy comes one of two ways:

* **a forked process** (`os.fork`, where the system has it and the process
  runs one thread): the child holds the whole game as it stands, plays its
  playout, writes the score to a pipe and exits. Several children run at
  once (`workers`), and a copy costs a millisecond or so.
* **a replay**: a new game of the same scenario, seed and variants, given
  every answer so far (`game.answers`): the same position, slower to reach.

Either way the copy's hidden parts and dice are drawn anew before the
playout reads them (world.redraw), so both give the same score for the
same playout seed, and the past's dice reproduced by a replay say nothing
of the dice to come.

`wait`, when given, is called for every copy and every few hundredths of
a second while the copies play (a window keeps drawing with it); whatever it raises stops the
search, and the copies still playing are ended."""

from __future__ import annotations

import gc
import os
import select
import signal
import struct
import threading
import traceback
from collections import deque
from collections.abc import Callable, Sequence

from tenkatoitsu.kinds.battle.game import Game
from tenkatoitsu.kinds.battle.play import play

#: (copy of the game, job) -> score; runs in the copy's process
Playout = Callable[[Game, tuple], float]
WAIT_EVERY = 0.03  # seconds between two calls of `wait` while a copy plays


def can_fork() -> bool:
    """Forking copies only the calling thread: safe in a one-thread process."""
    return hasattr(os, "fork") and threading.active_count() == 1


def replayed(game: Game) -> Game:
    """A new game at the position of `game`, its rules waiting on the same decision."""
    copy = Game(game.scenario, variants=game.variants, seed=game.seed, options=game.options)
    flow = play(copy)
    next(flow)
    for answer in list(game.answers):
        flow.send(answer)
    return copy


def run(game: Game, jobs: Sequence[tuple], playout: Playout, workers: int = 2,
        fork: bool | None = None, wait: Callable[[], None] | None = None) -> list[float]:
    """The score of each job, each played in its own copy of `game`."""
    if fork is None:
        fork = can_fork()
    if not fork:
        scores = []
        for job in jobs:
            if wait is not None:
                wait()
            scores.append(playout(replayed(game), job))
        return scores
    return _forked(game, jobs, playout, max(1, workers), wait)


def _forked(game: Game, jobs: Sequence[tuple], playout: Playout, workers: int,
            wait: Callable[[], None] | None) -> list[float]:
    scores: list[float] = [0.0] * len(jobs)
    running: deque[tuple[int, int, int]] = deque()  # (job index, pid, read end)
    try:
        for i, job in enumerate(jobs):
            if len(running) >= workers:
                _collect(running, scores, wait)
            running.append((i, *_spawn(game, job, playout)))
        while running:
            _collect(running, scores, wait)
    except BaseException:
        for _, pid, read in running:  # a search stopped: no copy outlives it
            _end(pid, read)
        raise
    return scores


def _spawn(game: Game, job: tuple, playout: Playout) -> tuple[int, int]:
    read, write = os.pipe()
    pid = os.fork()
    if pid == 0:  # the copy: play, report, leave without running the parent's exit hooks
        gc.disable()  # it lives for one playout: collecting would only copy the parent's pages
        code = 0
        try:
            os.close(read)
            message = b"ok" + struct.pack("<d", playout(game, job))
        except BaseException:  # noqa: BLE001  (any failure goes to the parent, in words)
            code = 1
            message = b"er" + traceback.format_exc().encode("utf-8", "replace")
        try:
            _write_all(write, message)
        finally:
            os._exit(code)
    os.close(write)
    return pid, read


def _write_all(fd: int, data: bytes) -> None:
    while data:
        data = data[os.write(fd, data):]


def _end(pid: int, read: int) -> None:
    try:
        os.kill(pid, signal.SIGKILL)
    except ProcessLookupError:
        pass  # it had finished
    os.close(read)
    os.waitpid(pid, 0)


def _collect(running: deque[tuple[int, int, int]], scores: list[float],
             wait: Callable[[], None] | None) -> None:
    """The score of the oldest copy still running, which leaves `running`."""
    index, pid, read = running[0]
    if wait is not None:
        wait()
        while not select.select([read], [], [], WAIT_EVERY)[0]:
            wait()
    chunks = []
    while True:
        chunk = os.read(read, 65536)
        if not chunk:
            break
        chunks.append(chunk)
    running.popleft()
    os.close(read)
    os.waitpid(pid, 0)
    message = b"".join(chunks)
    if message[:2] != b"ok" or len(message) != 10:
        raise RuntimeError("a playout failed in its copy of the game:\n"
                           + message[2:].decode("utf-8", "replace"))
    scores[index] = struct.unpack("<d", message[2:])[0]
