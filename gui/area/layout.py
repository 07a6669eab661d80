"""Where each province's label goes, in screen pixels. The provinces of the
Kinai lie a few pixels apart at the zoom that shows all Japan, so `spread`
pushes the labels apart until none covers another, each as near its own
place as that allows (the map draws a leader line from a label moved off its
province); zoomed in, they sit on their provinces. Qt-free: rectangles are
(x, y, w, h) tuples."""

from __future__ import annotations

__all__ = ["overlaps", "spread"]

GAP = 2.0
ROUNDS = 140
PULL = 0.06  # how hard a label moved is drawn back to its place, each round

Rect = tuple[float, float, float, float]


def spread(homes: dict[str, tuple[float, float]], sizes: dict[str, tuple[float, float]],
           bounds: Rect, obstacles: tuple[Rect, ...] = ()) -> dict[str, Rect]:
    """id -> its label's rect: centred on its home, then moved so that no two
    labels (nor a label and an obstacle) overlap, inside `bounds`."""
    ids = list(homes)
    at = {a: list(homes[a]) for a in ids}
    half = {a: (sizes[a][0] / 2 + GAP / 2, sizes[a][1] / 2 + GAP / 2) for a in ids}
    widest = max((h[0] for h in half.values()), default=0.0)
    bx0, by0, bw, bh = bounds
    bx1, by1 = bx0 + bw, by0 + bh
    fixed = [(x + w / 2, y + h / 2, w / 2 + GAP / 2, h / 2 + GAP / 2) for x, y, w, h in obstacles]
    for rnd in range(ROUNDS):
        moved = False
        order = sorted(ids, key=lambda a: at[a][0])
        for i, a in enumerate(order):
            ax, ay = at[a]
            aw, ah = half[a]
            for b in order[i + 1:]:
                bx, by = at[b]
                if bx - ax > aw + widest:
                    break  # sorted by x: the rest are farther still
                bw_, bh_ = half[b]
                ox = aw + bw_ - abs(bx - ax)
                oy = ah + bh_ - abs(by - ay)
                if ox <= 0 or oy <= 0:
                    continue
                moved = True
                if oy <= ox:  # part them the shorter way
                    d = oy / 2 * (1 if by >= ay else -1)
                    at[a][1] -= d
                    at[b][1] += d
                    ay -= d
                else:
                    d = ox / 2 * (1 if bx >= ax else -1)
                    at[a][0] -= d
                    at[b][0] += d
                    ax -= d
        for a in ids:
            x, y = at[a]
            aw, ah = half[a]
            for fx, fy, fw, fh in fixed:
                ox = aw + fw - abs(x - fx)
                oy = ah + fh - abs(y - fy)
                if ox > 0 and oy > 0:
                    moved = True
                    if oy <= ox:
                        y += oy if y >= fy else -oy
                    else:
                        x += ox if x >= fx else -ox
            pull = PULL if rnd < ROUNDS * 0.7 else 0.0  # the last rounds only part them
            hx, hy = homes[a]
            x, y = x + (hx - x) * pull, y + (hy - y) * pull
            x = min(max(x, bx0 + aw), bx1 - aw) if bx1 - bx0 > 2 * aw else x
            y = min(max(y, by0 + ah), by1 - ah) if by1 - by0 > 2 * ah else y
            at[a] = [x, y]
        if not moved and rnd > ROUNDS * 0.7:
            break
    return {a: (at[a][0] - sizes[a][0] / 2, at[a][1] - sizes[a][1] / 2, *sizes[a]) for a in ids}


def overlaps(rects: dict[str, Rect], slack: float = 0.5) -> list[tuple[str, str]]:
    """The pairs of rects that overlap by more than `slack` pixels each way."""
    out = []
    items = list(rects.items())
    for i, (a, (ax, ay, aw, ah)) in enumerate(items):
        for b, (bx, by, bw, bh) in items[i + 1:]:
            if min(ax + aw, bx + bw) - max(ax, bx) > slack and \
                    min(ay + ah, by + bh) - max(ay, by) > slack:
                out.append((a, b))
    return out
