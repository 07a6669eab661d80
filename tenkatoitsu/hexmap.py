"""Hex-grid geometry and movement pathfinding for Tenkatoitsu.

Conventions
-----------
* Printed hex ids are ``'CCRR'``: two-digit column then two-digit row, both
  1-based, e.g. ``'0305'`` is column 3, row 5.  Columns and rows run 01..99.
* Hexes are flat-topped and stand in vertical columns.  EVEN printed columns
  sit half a hex LOWER than odd ones.  In Red Blob Games terms this is the
  "odd-q" offset layout with 0-based ``q = col - 1`` (printed column 2 is
  q = 1, an odd q, hence shoved down).
* Internally every hex is an axial coordinate ``Hex(q, r)``::

      q = col - 1
      r = (row - 1) - (q - (q & 1)) // 2

  and the inverse::

      col = q + 1
      row = r + (q - (q & 1)) // 2 + 1

  ``(q - (q & 1)) // 2 == q >> 1`` for every int (negative ones too), which
  is the form the code uses.
* Directions (flat-top), as indices into :meth:`Hex.neighbours`::

      0 N (0,-1)   1 NE (+1,-1)   2 SE (+1,0)
      3 S (0,+1)   4 SW (-1,+1)   5 NW (-1,0)

  The opposite of direction ``d`` is ``(d + 3) % 6``.  On the printed map a
  hex in an even (lower) column touches rows R and R+1 of the neighbouring
  columns; a hex in an odd (higher) column touches rows R-1 and R.
* A hexside is keyed by the sorted pair of the two adjacent hexes.  Axial
  (q, r) order coincides with printed (col, row) order, so the key's ids read
  in ascending order, e.g. ``'0305|0306'``.
* Pathfinding costs are floats (road hexsides cost 0.5 MP, exact in binary).
  Ties are broken by a heap keyed on (cost, insertion counter), and no set is
  ever iterated in a way that affects results, so games replay exactly.
* :func:`shortest_paths` works on any hashable node, not only hexes: the
  area maps (``tenkatoitsu.areamap``) reuse it with str area ids and their
  own ``neighbours``, so the engine has a single Dijkstra.
"""

from __future__ import annotations

import heapq
import operator
from collections.abc import Callable, Container, Hashable, Iterable, Iterator, Mapping, Sequence
from typing import Generic, NamedTuple, TypeVar

__all__ = [
    "DIRECTIONS",
    "DIRECTION_NAMES",
    "Hex",
    "hex_distance",
    "hexside",
    "hexside_id",
    "parse_hexside",
    "hexes_within",
    "ring",
    "Grid",
    "PathResult",
    "UnreachableError",
    "shortest_paths",
    "shortest_paths_over",
    "Frontier",
    "mp_distance",
]

DIRECTIONS: tuple[tuple[int, int], ...] = ((0, -1), (1, -1), (1, 0), (0, 1), (-1, 1), (-1, 0))
DIRECTION_NAMES: tuple[str, ...] = ("N", "NE", "SE", "S", "SW", "NW")
_DIR_INDEX: dict[tuple[int, int], int] = {d: i for i, d in enumerate(DIRECTIONS)}

# Bypasses the Python-level NamedTuple.__new__; hot paths build many hexes.
_new = tuple.__new__

# Hex.neighbours is on the pathfinding hot path; caching the 6-tuple avoids
# six allocations per expansion.  Bounded so odd callers cannot grow it forever.
_NB_CACHE: dict[Hex, tuple[Hex, ...]] = {}
_NB_CACHE_MAX = 1 << 16
# Hex.id names every option's and event's hexes: formatted once (99 x 99 at most).
_ID_CACHE: dict[Hex, str] = {}

_MAX_PRINTED = 99

_INF = float("inf")

# A pathfinding node: a Hex on hex maps, an area id on area maps.
Node = TypeVar("Node", bound=Hashable)


class Hex(NamedTuple):
    """A hex in axial coordinates.  Any (q, r) is allowed, on a map or not."""

    q: int
    r: int

    @classmethod
    def from_id(cls, text: str) -> Hex:
        """Parse a printed 'CCRR' id."""
        if not isinstance(text, str):
            raise ValueError(
                f"hex id must be a str like '0305', got {type(text).__name__} {text!r}"
            )
        # isascii() because str.isdigit() also accepts e.g. Arabic-Indic digits.
        if len(text) != 4 or not (text.isascii() and text.isdigit()):
            raise ValueError(f"malformed hex id {text!r}: expected 4 digits 'CCRR', e.g. '0305'")
        col = int(text[:2])
        row = int(text[2:])
        if col == 0 or row == 0:
            raise ValueError(f"malformed hex id {text!r}: column and row are 1-based (01..99)")
        q = col - 1
        return _new(cls, (q, row - 1 - (q >> 1)))

    @classmethod
    def from_colrow(cls, col: int, row: int) -> Hex:
        """Build from printed 1-based column and row (each 1..99)."""
        col = operator.index(col)
        row = operator.index(row)
        if not (1 <= col <= _MAX_PRINTED and 1 <= row <= _MAX_PRINTED):
            raise ValueError(f"column/row out of range 1..{_MAX_PRINTED}: col={col}, row={row}")
        q = col - 1
        return _new(cls, (q, row - 1 - (q >> 1)))

    @property
    def col(self) -> int:
        return self[0] + 1

    @property
    def row(self) -> int:
        q, r = self
        return r + (q >> 1) + 1

    def _printed(self) -> str | None:
        """'CCRR', or None when outside 01..99 (never raises: used by repr)."""
        q, r = self
        col = q + 1
        row = r + (q >> 1) + 1
        if 1 <= col <= _MAX_PRINTED and 1 <= row <= _MAX_PRINTED:
            return f"{col:02d}{row:02d}"
        return None

    @property
    def id(self) -> str:
        """Printed 'CCRR' id; ValueError if the hex lies outside 01..99."""
        text = _ID_CACHE.get(self)
        if text is None:
            text = self._printed()
            if text is None:
                raise ValueError(
                    f"Hex(q={self[0]}, r={self[1]}) has col={self.col}, row={self.row}: "
                    "no printed 'CCRR' id"
                )
            _ID_CACHE[self] = text
        return text

    def __str__(self) -> str:
        # Never raise from str(): off-map hexes show up in logs and error messages.
        return self._printed() or f"Hex(q={self[0]}, r={self[1]})"

    def __repr__(self) -> str:
        # Printed ids are what humans (and hypothesis failure reports) read best.
        text = self._printed()
        return f"Hex(q={self[0]}, r={self[1]})" if text is None else f"Hex.from_id({text!r})"

    def neighbours(self) -> tuple[Hex, ...]:
        """The 6 adjacent hexes in DIRECTIONS order (N, NE, SE, S, SW, NW)."""
        nb = _NB_CACHE.get(self)
        if nb is None:
            q, r = self
            nb = (
                _new(Hex, (q, r - 1)),
                _new(Hex, (q + 1, r - 1)),
                _new(Hex, (q + 1, r)),
                _new(Hex, (q, r + 1)),
                _new(Hex, (q - 1, r + 1)),
                _new(Hex, (q - 1, r)),
            )
            if len(_NB_CACHE) >= _NB_CACHE_MAX:
                _NB_CACHE.clear()
            _NB_CACHE[self] = nb
        return nb

    def neighbour(self, direction: int) -> Hex:
        """The adjacent hex in direction 0..5."""
        if not 0 <= direction < 6:
            raise ValueError(f"direction must be 0..5, got {direction!r}")
        dq, dr = DIRECTIONS[direction]
        return _new(Hex, (self[0] + dq, self[1] + dr))

    def distance(self, other: Hex) -> int:
        dq = other[0] - self[0]
        dr = other[1] - self[1]
        return (abs(dq) + abs(dr) + abs(dq + dr)) >> 1

    def is_adjacent(self, other: Hex) -> bool:
        return (other[0] - self[0], other[1] - self[1]) in _DIR_INDEX

    def direction_to(self, other: Hex) -> int:
        """Index (0..5) of ``other`` in ``self.neighbours()``."""
        d = _DIR_INDEX.get((other[0] - self[0], other[1] - self[1]))
        if d is None:
            raise ValueError(f"{other} is not adjacent to {self}")
        return d


def hex_distance(a: Hex, b: Hex) -> int:
    dq = b[0] - a[0]
    dr = b[1] - a[1]
    return (abs(dq) + abs(dr) + abs(dq + dr)) >> 1


def hexside(a: Hex, b: Hex) -> tuple[Hex, Hex]:
    """Canonical hexside key: the two adjacent hexes, sorted."""
    if (b[0] - a[0], b[1] - a[1]) not in _DIR_INDEX:
        raise ValueError(f"no hexside between {a} and {b}: not adjacent")
    return (a, b) if a < b else (b, a)


def hexside_id(key: tuple[Hex, Hex]) -> str:
    """'0305|0306' for a hexside key (either order accepted, output canonical)."""
    a, b = hexside(*key)
    return f"{a.id}|{b.id}"


def parse_hexside(text: str) -> tuple[Hex, Hex]:
    """Parse 'CCRR|CCRR' (either order) into the canonical hexside key."""
    if not isinstance(text, str) or text.count("|") != 1:
        raise ValueError(f"malformed hexside {text!r}: expected 'CCRR|CCRR', e.g. '0305|0306'")
    left, right = text.split("|")
    try:
        a = Hex.from_id(left)
        b = Hex.from_id(right)
    except ValueError as exc:
        raise ValueError(f"malformed hexside {text!r}: {exc}") from None
    return hexside(a, b)


def hexes_within(center: Hex, radius: int) -> list[Hex]:
    """All hexes at distance <= radius, in column-major (col, then row) order."""
    if radius < 0:
        raise ValueError(f"radius must be >= 0, got {radius}")
    cq, cr = center
    out = []
    for dq in range(-radius, radius + 1):
        q = cq + dq
        for dr in range(max(-radius, -dq - radius), min(radius, -dq + radius) + 1):
            out.append(_new(Hex, (q, cr + dr)))
    return out


def ring(center: Hex, radius: int) -> list[Hex]:
    """Hexes at distance exactly ``radius``: 6*radius of them, clockwise
    starting from the one due N.  ``ring(c, 0) == [c]``."""
    if radius < 0:
        raise ValueError(f"radius must be >= 0, got {radius}")
    if radius == 0:
        return [center]
    q = center[0]
    r = center[1] - radius  # the N corner
    out = []
    # From the N corner, walking SE, S, SW, NW, N, NE visits each side in turn.
    for d in range(6):
        dq, dr = DIRECTIONS[(d + 2) % 6]
        for _ in range(radius):
            out.append(_new(Hex, (q, r)))
            q += dq
            r += dr
    return out


class Grid:
    """A rectangular printed map, columns 1..width and rows 1..height."""

    __slots__ = ("width", "height", "_nb")

    width: int
    height: int

    def __init__(self, width: int, height: int) -> None:
        width = operator.index(width)
        height = operator.index(height)
        if not (1 <= width <= _MAX_PRINTED and 1 <= height <= _MAX_PRINTED):
            raise ValueError(f"grid size must be 1..{_MAX_PRINTED} each way, got {width}x{height}")
        object.__setattr__(self, "width", width)
        object.__setattr__(self, "height", height)
        # Per-grid cache of on-map neighbour tuples (only on-map keys, so bounded).
        object.__setattr__(self, "_nb", {})

    def __setattr__(self, name: str, value: object) -> None:
        raise AttributeError("Grid is immutable")

    def __delattr__(self, name: str) -> None:
        raise AttributeError("Grid is immutable")

    def __reduce__(self):
        # The default slots pickling would go through the blocked __setattr__.
        return (Grid, (self.width, self.height))

    def __eq__(self, other: object) -> bool:
        if type(other) is not Grid:
            return NotImplemented
        return self.width == other.width and self.height == other.height

    def __hash__(self) -> int:
        return hash((Grid, self.width, self.height))

    def __repr__(self) -> str:
        return f"Grid(width={self.width}, height={self.height})"

    def contains(self, h: Hex) -> bool:
        q, r = h
        if not 0 <= q < self.width:
            return False
        return 0 <= r + (q >> 1) < self.height

    __contains__ = contains

    def __len__(self) -> int:
        return self.width * self.height

    def hexes(self) -> Iterator[Hex]:
        """Every hex, column-major: 0101, 0102, ..., 0201, ..."""
        height = self.height
        for q in range(self.width):
            half = q >> 1
            for row0 in range(height):
                yield _new(Hex, (q, row0 - half))

    __iter__ = hexes

    def neighbours(self, h: Hex) -> list[Hex]:
        """Adjacent hexes that are on the map, in DIRECTIONS order."""
        nb = self._nb.get(h)
        if nb is None:
            nb = tuple(n for n in Hex.neighbours(h) if self.contains(n))
            if self.contains(h):
                self._nb[h] = nb
        return list(nb)

    def is_edge(self, h: Hex) -> bool:
        """True for on-map hexes with at least one neighbour off the map.

        On a rectangular odd-q map that is exactly the first/last column or
        row: every row-1 hex loses its N neighbour, every interior hex keeps
        all six (they lie in rows R-1..R+1 of the adjacent columns)."""
        if not self.contains(h):
            return False
        q, r = h
        row0 = r + (q >> 1)
        return q == 0 or q == self.width - 1 or row0 == 0 or row0 == self.height - 1


class UnreachableError(KeyError, ValueError):
    """Raised by PathResult.path_to for nodes (hexes) that were not reached.

    Subclasses both KeyError and ValueError so either ``except`` works."""


class PathResult(Generic[Node]):
    """Outcome of :func:`shortest_paths`.

    ``cost`` maps every settled node to its cheapest cost, in settling order.
    ``prev`` maps each settled node to its predecessor (None for starts)."""

    __slots__ = ("cost", "prev", "starts")

    def __init__(
        self, cost: dict[Node, float], prev: dict[Node, Node | None], starts: tuple[Node, ...]
    ) -> None:
        self.cost = cost
        self.prev = prev
        self.starts = starts

    def path_to(self, h: Node) -> list[Node]:
        """Nodes from a start to ``h`` inclusive; UnreachableError if not settled."""
        if h not in self.cost:
            what = f"hex {h}" if isinstance(h, Hex) else repr(h)
            raise UnreachableError(f"{what} was not reached")
        prev = self.prev
        path = [h]
        p = prev[h]
        while p is not None:
            path.append(p)
            p = prev[p]
        path.reverse()
        return path

    def reachable(self) -> set[Node]:
        return set(self.cost)

    def __contains__(self, h: object) -> bool:
        return h in self.cost

    def __repr__(self) -> str:
        return f"<PathResult starts={[str(s) for s in self.starts]} settled={len(self.cost)}>"


def shortest_paths(
    start: Node | Iterable[Node],
    step_cost: Callable[[Node, Node], float | None],
    *,
    max_cost: float | None = None,
    can_continue: Callable[[Node], bool] | None = None,
    neighbours: Callable[[Node], Iterable[Node]] | None = None,
    targets: Iterable[Node] | None = None,
) -> PathResult[Node]:
    """Dijkstra from one node (hex) or several (all at cost 0).

    Nodes may be any hashable, not only hexes (area maps pass str ids and
    their own ``neighbours``).  ``start`` is one node when it is a Hex, a str
    or not iterable at all; any other iterable is several starts, so wrap a
    tuple-shaped non-Hex node in a list: ``shortest_paths([node], ...)``.

    step_cost(a, b): cost of moving from ``a`` into adjacent ``b``; None means
        impassable.  Must be >= 0 (ValueError otherwise).
    max_cost: hexes whose cheapest cost exceeds it are not settled.
    can_continue(h): False means ``h`` may be entered but nothing is reached
        through it (e.g. entering an enemy ZoC).  Start hexes always continue.
    neighbours(h): adjacency; default Hex.neighbours (unbounded plane).  Pass
        ``grid.neighbours`` to stay on a map; required for non-hex nodes.
    targets: stop as soon as all of these are settled; other hexes may then be
        missing from the result.  Start hexes are always settled.

    Equal-cost ties go to the path whose predecessor was settled first
    (heap keyed on (cost, insertion counter), neighbours in given order).
    """
    if isinstance(start, (Hex, str)) or not isinstance(start, Iterable):
        starts: tuple[Node, ...] = (start,)
    else:
        starts = tuple(dict.fromkeys(start))  # dedupe, keep caller's order
    nbrs = Hex.neighbours if neighbours is None else neighbours
    limit = float("inf") if max_cost is None else max_cost

    cost: dict[Node, float] = {}
    prev: dict[Node, Node | None] = {}
    best: dict[Node, float] = {}  # tentative costs, including unsettled nodes
    heap: list[tuple[float, int, Node]] = []
    for i, s in enumerate(starts):
        best[s] = 0.0
        prev[s] = None
        heap.append((0.0, i, s))  # equal costs, rising counters: already a heap
    counter = len(starts)
    start_set = frozenset(starts)

    remaining: set[Node] | None = None
    if targets is not None:
        remaining = set(targets) - start_set
        if not remaining:
            return PathResult({s: 0.0 for s in starts}, {s: None for s in starts}, starts)

    pop = heapq.heappop
    push = heapq.heappush
    while heap:
        c, _, h = pop(heap)
        if h in cost:
            continue  # stale entry superseded by a cheaper push
        cost[h] = c
        if remaining is not None and h in remaining:
            remaining.discard(h)
            if not remaining:
                # Drop tentative links of hexes we never settled.
                prev = {k: prev[k] for k in cost}
                break
        if can_continue is not None and h not in start_set and not can_continue(h):
            continue
        for n in nbrs(h):
            if n in cost:
                continue
            step = step_cost(h, n)
            if step is None:
                continue
            if step < 0:
                raise ValueError(f"negative step cost {step!r} from {h} to {n}")
            nc = c + step
            if nc > limit:
                continue
            old = best.get(n)
            # Strict '<' keeps the earlier-pushed path on ties (determinism).
            if old is not None and nc >= old:
                continue
            best[n] = nc
            prev[n] = h
            push(heap, (nc, counter, n))
            counter += 1
    return PathResult(cost, prev, starts)


class Frontier(PathResult[Node]):
    """A Dijkstra from one node over a table of crossings, settled only as
    far as it is asked (`settle`): a search whose callers need the nearest
    hexes of a big map stops early, and goes on from where it stopped when
    a later caller needs more. ``cost`` holds the nodes settled so far, in
    settling order; every node cheaper than the last one settled is in it.

    ``edges[h]`` lists ``(neighbour, cost)`` in neighbour order; ``closed``:
    nodes no step enters; ``ends``: nodes entered but not left (the start
    always leads on); ``crossings(h)`` for a node missing from the table;
    ``others``: more starts, searched from at once (cost 0 each, settled in
    their order after ``start``).
    The same settling order, costs, paths and tie-breaks as
    :func:`shortest_paths` with the equivalent callbacks.

    No step costs less than 0: the queue is a bucket of nodes for each cost,
    in the order they were reached (a heap's counter), and a heap of the few
    distinct costs (MP are halves): most steps append to a list."""

    __slots__ = ("_best", "_buckets", "_c", "_closed", "_costs", "_crossings", "_edges",
                 "_ends", "_left", "_limit")

    def __init__(self, edges: Mapping[Node, Sequence[tuple[Node, float]]], start: Node, *,
                 closed: Container[Node] = frozenset(), ends: Container[Node] = frozenset(),
                 max_cost: float | None = None,
                 crossings: Callable[[Node], Sequence[tuple[Node, float]]] | None = None,
                 others: Sequence[Node] = ()):
        starts = (start, *others)
        super().__init__({}, dict.fromkeys(starts), starts)
        self._edges, self._closed, self._ends = edges, closed, ends
        self._limit = _INF if max_cost is None else max_cost
        self._crossings = crossings
        self._best: dict[Node, float] = dict.fromkeys(starts, 0.0)  # the cheapest cost pushed
        # the bucket being settled (its cost, what is left of it), the later ones
        self._c, self._left = 0.0, iter(starts)
        self._buckets: dict[float, list[Node]] = {}
        self._costs: list[float] = []

    @property
    def done(self) -> bool:
        """Every node the search can reach is settled."""
        return not self._costs and operator.length_hint(self._left) == 0

    def settle(self, bound: float = _INF, until: Container[Node] | None = None) -> bool:
        """Settle the nodes costing at most `bound`, or stop as soon as a node
        of `until` is settled (True then)."""
        cost, prev, best = self.cost, self.prev, self._best
        edges, closed, ends, limit = self._edges, self._closed, self._ends, self._limit
        buckets, costs = self._buckets, self._costs
        start = self.starts[0]
        pop, push, known, bucket = heapq.heappop, heapq.heappush, best.get, buckets.get
        c, left = self._c, self._left
        try:
            while True:
                if c > bound:
                    return False
                for h in left:
                    if h in cost:
                        continue  # a stale entry: a cheaper one came first
                    cost[h] = c
                    if h not in ends or h == start:
                        out = edges.get(h)
                        if out is None:
                            out = self._crossings(h) if self._crossings is not None else ()
                        for n, step in out:
                            nc = c + step
                            # strict '<' keeps the earlier-pushed path on ties (determinism);
                            # it skips the settled nodes too: none costs more than `c`
                            if nc >= known(n, _INF) or nc > limit or n in closed:
                                continue
                            best[n] = nc
                            prev[n] = h
                            later = bucket(nc)
                            if later is None:
                                buckets[nc] = [n]
                                push(costs, nc)
                            else:
                                later.append(n)
                    if until is not None and h in until:
                        return True
                if not costs:
                    return False
                # a step of cost 0 made a new bucket of the same cost: it comes next
                c = pop(costs)
                left = iter(buckets.pop(c))
        finally:
            self._c, self._left = c, left


def shortest_paths_over(
    edges: Mapping[Node, Sequence[tuple[Node, float]]],
    start: Node,
    *,
    closed: Container[Node] = frozenset(),
    ends: Container[Node] = frozenset(),
    max_cost: float | None = None,
    crossings: Callable[[Node], Sequence[tuple[Node, float]]] | None = None,
) -> PathResult[Node]:
    """:func:`shortest_paths` from one node over a table of crossings built
    beforehand (see :class:`Frontier`), settled to the end: several times
    faster than a callback for each step."""
    search = Frontier(edges, start, closed=closed, ends=ends, max_cost=max_cost,
                      crossings=crossings)
    search.settle()
    return search


def mp_distance(
    a: Node, b: Node, step_cost: Callable[[Node, Node], float | None], **kw
) -> float | None:
    """Cheapest cost from ``a`` to ``b``; None if unreachable.  Extra keyword
    arguments go to :func:`shortest_paths`."""
    kw.setdefault("targets", (b,))
    return shortest_paths(a, step_cost, **kw).cost.get(b)
