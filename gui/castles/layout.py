"""Where things go on the map, in screen pixels. The castles of central
Honshū (Kyō, Kiyosu, Tsutsujigasaki, Odawara) lie a few pixels apart at the
zoom that shows all Japan, so `spread` pushes the tokens apart until they
have room, as little as it can (a leader line joins each token moved to its
castle's true place; zoomed in, they sit on it); then `place` puts each
area's name and pieces where they cover least of what is already placed:
below, right, left, above its token."""

from __future__ import annotations

import math

from PySide6.QtCore import QPointF, QRectF, QSizeF

GAP = 3.0
ROUNDS = 80
PULL = 0.03  # how hard a token moved is drawn back to its place, each round


def spread(points: dict[str, QPointF], apart: float, bounds: QRectF) -> dict[str, QPointF]:
    """The points moved so that any two are `apart` pixels apart (or nearly),
    each kept as close to its own place as that allows, inside `bounds`."""
    home = {a: (p.x(), p.y()) for a, p in points.items()}
    at = dict(home)
    ids = list(points)
    for rnd in range(ROUNDS + 20):
        for i, a in enumerate(ids):
            for b in ids[i + 1:]:
                (ax, ay), (bx, by) = at[a], at[b]
                dx, dy = bx - ax, by - ay
                d = math.hypot(dx, dy)
                if d >= apart:
                    continue
                if d < 1e-6:  # one on the other: part them along a fixed direction
                    dx, dy, d = 1.0, 0.5, math.hypot(1.0, 0.5)
                push = (apart - d) / 2 / d
                at[a] = (ax - dx * push, ay - dy * push)
                at[b] = (bx + dx * push, by + dy * push)
        pull = PULL if rnd < ROUNDS else 0.0  # the last rounds only part them
        for a in ids:
            x, y = at[a]
            hx, hy = home[a]
            x, y = x + (hx - x) * pull, y + (hy - y) * pull
            at[a] = (min(max(x, bounds.left()), bounds.right()),
                     min(max(y, bounds.top()), bounds.bottom()))
    return {a: QPointF(*xy) for a, xy in at.items()}


def overlap(a: QRectF, b: QRectF) -> float:
    r = a.intersected(b)
    return 0.0 if r.isEmpty() else r.width() * r.height()


def outside(r: QRectF, bounds: QRectF) -> float:
    return r.width() * r.height() - overlap(r, bounds)


def _cost(r: QRectF, taken: list[QRectF], bounds: QRectF) -> float:
    return sum(overlap(r, t) for t in taken) + 2 * outside(r, bounds)


def _best(candidates: list[QRectF], taken: list[QRectF], bounds: QRectF,
          step: float) -> QRectF:
    """The first places are preferred: each later one costs `step`, as much
    as covering a small corner of something (a name's margin) would."""
    return min(enumerate(candidates),
               key=lambda ic: (_cost(ic[1], taken, bounds) + ic[0] * step, ic[0]))[1]


def _at(centre_x: float, top: float, size: QSizeF) -> QRectF:
    return QRectF(centre_x - size.width() / 2, top, size.width(), size.height())


def place(centres: dict[str, QPointF], radius: float, labels: dict[str, QSizeF],
          blocks: dict[str, QSizeF], bounds: QRectF, obstacles: list[QRectF] = (),
          boxes: dict[str, QRectF] | None = None) -> tuple[dict, dict]:
    """(area -> its name's rect, area -> its pieces' rect); an area without
    pieces has no block. `obstacles`: what else is on the map (the legend,
    the insets); `boxes`: an area kept inside its own box (its inset)."""
    boxes = boxes or {}
    step = radius * radius / 3
    tokens = {a: QRectF(c.x() - radius, c.y() - radius, 2 * radius, 2 * radius)
              for a, c in centres.items()}
    taken = list(tokens.values()) + list(obstacles)
    names: dict[str, QRectF] = {}
    for a, c in centres.items():
        t, size = tokens[a], labels[a]
        above = _at(c.x(), t.top() - GAP - size.height(), size)
        below = _at(c.x(), t.bottom() + GAP, size)
        names[a] = _best([above, below], _others(taken, boxes.get(a)), boxes.get(a, bounds),
                         step)
        taken.append(names[a])
    out: dict[str, QRectF] = {}
    for a, c in centres.items():
        size = blocks.get(a)
        if size is None or size.isEmpty():
            continue
        t, n = tokens[a], names[a]
        top = max(t.bottom(), n.bottom()) + GAP if n.top() > c.y() else t.bottom() + GAP
        over = min(t.top(), n.top()) - GAP - size.height() if n.top() < c.y() \
            else t.top() - GAP - size.height()
        w, h = size.width(), size.height()
        candidates = [
            _at(c.x(), top, size),  # below
            QRectF(t.right() + GAP, c.y() - h / 2, w, h),  # right
            QRectF(t.left() - GAP - w, c.y() - h / 2, w, h),  # left
            QRectF(t.right() + GAP, t.top() + radius * 0.6, w, h),  # lower right
            QRectF(t.left() - GAP - w, t.top() + radius * 0.6, w, h),  # lower left
            _at(c.x(), over, size),  # above
        ]
        out[a] = _best(candidates, _others(taken, boxes.get(a)), boxes.get(a, bounds), step)
        taken.append(out[a])
    return names, out


def _others(taken: list[QRectF], box: QRectF | None) -> list[QRectF]:
    """What an area must not cover: all that is taken, but its own box."""
    return taken if box is None else [t for t in taken if t != box]
