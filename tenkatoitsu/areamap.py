"""Area maps: named areas joined by typed links, for area-movement games.

Hex games move through :mod:`tenkatoitsu.hexmap`; area games (castles joined
by land and sea, Shogun's 68 provinces with borders and sea lanes) move
through this module instead.

Conventions
-----------
* An area is keyed by a str ``id``; ``name`` is what players read.
* A link joins two areas and has a ``kind`` (``"land"``, ``"sea"``, or
  whatever a game needs).  Links are undirected: ``Link`` always stores its
  ends sorted, so A–B and B–A are the same link.  One pair may be joined by
  several kinds at once (a land border and a sea lane), never twice by one.
* ``via`` arguments pick the link kinds a move may use: ``None`` = all kinds,
  a str = one kind, any other iterable = those kinds.
* Map order is the order the areas were given in.  Every query answers in map
  order (or, for paths, in a fixed tie-break order), never in set iteration
  order, so games replay exactly.
* Paths use the single Dijkstra in :func:`tenkatoitsu.hexmap.shortest_paths`.
"""

from __future__ import annotations

from collections import deque
from collections.abc import Callable, Iterable, Iterator, Mapping

import attrs

from tenkatoitsu.hexmap import shortest_paths

__all__ = [
    "LAND",
    "SEA",
    "Area",
    "Link",
    "link",
    "AreaMap",
    "AreaMapError",
    "UnknownAreaError",
    "StepCost",
    "hop_distances",
]

LAND = "land"
SEA = "sea"


class AreaMapError(ValueError):
    """A map that does not hold together; ``problems`` lists every fault
    found, so a map author fixes them all in one pass."""

    def __init__(self, problems: Iterable[str]) -> None:
        self.problems: tuple[str, ...] = tuple(problems)
        lines = "\n".join(f"  - {p}" for p in self.problems)
        n = len(self.problems)
        super().__init__(f"invalid area map ({n} problem{'s' if n != 1 else ''}):\n{lines}")


class UnknownAreaError(KeyError, ValueError):
    """An area id that is not on the map (KeyError and ValueError both catch it)."""

    def __str__(self) -> str:
        # KeyError's str() would quote the whole message.
        return str(self.args[0]) if self.args else ""


def _flagset(value: Iterable[str] | str | None) -> frozenset[str]:
    # A bare str is one flag, not a set of letters.
    if value is None:
        return frozenset()
    if isinstance(value, str):
        return frozenset((value,))
    out = frozenset(value)
    bad = sorted(repr(f) for f in out if not isinstance(f, str) or not f)
    if bad:
        raise TypeError(f"flags must be non-empty str, got {', '.join(bad)}")
    return out


def _point(value: Iterable[float]) -> tuple[float, float]:
    try:
        x, y = value
        return (float(x), float(y))
    except (TypeError, ValueError):
        raise TypeError(f"a point is two numbers (x, y), got {value!r}") from None


def _opt_point(value: Iterable[float] | None) -> tuple[float, float] | None:
    return None if value is None else _point(value)


def _polygon(value: Iterable[Iterable[float]] | None) -> tuple[tuple[float, float], ...]:
    return () if value is None else tuple(_point(p) for p in value)


def _nonempty_str(inst: object, attribute: attrs.Attribute, value: object) -> None:
    if not isinstance(value, str) or not value:
        raise TypeError(f"{attribute.name} must be a non-empty str, got {value!r}")


@attrs.frozen
class Area:
    """One space on an area map: a castle, a province, a sea zone.

    ``flags`` carry terrain and map features the rules test for ("coastal",
    "mountain", "island"); ``region`` groups areas for scoring and control;
    ``value`` is a printed number such as a castle's worth.  ``pos`` and
    ``polygon`` are only for drawing: the engine never reads them."""

    id: str = attrs.field(validator=_nonempty_str)
    name: str = attrs.field(
        default=attrs.Factory(lambda self: self.id, takes_self=True), validator=_nonempty_str
    )
    flags: frozenset[str] = attrs.field(default=frozenset(), converter=_flagset)
    region: str | None = None
    value: int | None = None
    pos: tuple[float, float] | None = attrs.field(default=None, converter=_opt_point)
    polygon: tuple[tuple[float, float], ...] = attrs.field(default=(), converter=_polygon)

    def has(self, flag: str) -> bool:
        return flag in self.flags


@attrs.frozen
class Link:
    """An undirected link of one kind between two areas.

    The ends are stored sorted (``a <= b``) so that ``Link("B", "A", k) ==
    Link("A", "B", k)``: one border is one link, whichever way it was typed.
    ``flags`` mark links the rules treat specially (e.g. "doubtful" for a
    border a scenario variant may remove, see :meth:`AreaMap.without`)."""

    a: str = attrs.field(validator=_nonempty_str)
    b: str = attrs.field(validator=_nonempty_str)
    kind: str = attrs.field(default=LAND, validator=_nonempty_str)
    flags: frozenset[str] = attrs.field(default=frozenset(), converter=_flagset)

    def __attrs_post_init__(self) -> None:
        if self.b < self.a:
            a, b = self.b, self.a
            object.__setattr__(self, "a", a)
            object.__setattr__(self, "b", b)

    @property
    def ends(self) -> tuple[str, str]:
        return (self.a, self.b)

    @property
    def key(self) -> tuple[str, str, str]:
        """What makes two links the same link: the pair and the kind."""
        return (self.a, self.b, self.kind)

    def touches(self, area_id: str) -> bool:
        return area_id == self.a or area_id == self.b

    def other(self, area_id: str) -> str:
        """The far end, seen from ``area_id``."""
        if area_id == self.a:
            return self.b
        if area_id == self.b:
            return self.a
        raise ValueError(f"link {self.a}–{self.b} does not touch {area_id!r}")

    def __str__(self) -> str:
        extra = f" [{', '.join(sorted(self.flags))}]" if self.flags else ""
        return f"{self.a}–{self.b} ({self.kind}){extra}"


# cost(frm, to, link) -> step cost, or None when that link cannot be used.
StepCost = Callable[[str, str, Link], "float | None"]


def link(a: str, b: str, kind: str = LAND, flags: Iterable[str] | str = ()) -> Link:
    """Shorthand for ``Link(a, b, kind, flags)``; the ends may come in either order."""
    return Link(a, b, kind, flags)


def _kinds(via: Iterable[str] | str | None) -> frozenset[str] | None:
    if via is None:
        return None
    if isinstance(via, str):
        return frozenset((via,))
    return frozenset(via)


def _validate(areas: tuple[Area, ...], links: tuple[Link, ...]) -> list[str]:
    problems: list[str] = []
    seen_ids: set[str] = set()
    reported: set[str] = set()
    for i, ar in enumerate(areas):
        if not isinstance(ar, Area):
            problems.append(f"area #{i} is not an Area: {ar!r}")
            continue
        if ar.id in seen_ids:
            if ar.id not in reported:
                n = sum(1 for x in areas if isinstance(x, Area) and x.id == ar.id)
                problems.append(f"duplicate area id {ar.id!r} ({n} areas)")
                reported.add(ar.id)
        seen_ids.add(ar.id)
    seen_links: dict[tuple[str, str, str], int] = {}
    unknown: dict[str, list[str]] = {}  # unknown id -> links naming it
    for i, ln in enumerate(links):
        if not isinstance(ln, Link):
            problems.append(f"link #{i} is not a Link: {ln!r}")
            continue
        for e in dict.fromkeys(ln.ends):
            if e not in seen_ids:
                unknown.setdefault(e, []).append(str(ln))
        if ln.a == ln.b:
            problems.append(f"link {ln} joins area {ln.a!r} to itself")
        count = seen_links.get(ln.key, 0) + 1
        seen_links[ln.key] = count
        if count == 2:
            problems.append(f"{ln.a}–{ln.b} is linked twice by {ln.kind!r}")
    for e, named_by in unknown.items():
        problems.append(f"unknown area {e!r} in link{'s' if len(named_by) > 1 else ''} "
                        + ", ".join(named_by))
    return problems


@attrs.frozen(repr=False)
class AreaMap:
    """Areas and the links between them, checked once and then read-only.

    Construction raises :class:`AreaMapError` listing every problem at once:
    duplicate area ids, links naming unknown areas, links from an area to
    itself, and a pair linked twice by the same kind.  ``links`` are kept in
    map order of their ends (then kind), so two maps built from the same
    links in another order are equal."""

    areas: tuple[Area, ...] = attrs.field(converter=tuple)
    links: tuple[Link, ...] = attrs.field(converter=tuple, default=())

    _index: dict[str, int] = attrs.field(init=False, eq=False)
    _by_id: dict[str, Area] = attrs.field(init=False, eq=False)
    # area id -> ((neighbour id, link), ...) in map order of the neighbour, then kind
    _adj: dict[str, tuple[tuple[str, Link], ...]] = attrs.field(init=False, eq=False)

    def __attrs_post_init__(self) -> None:
        problems = _validate(self.areas, self.links)
        if problems:
            raise AreaMapError(problems)
        index = {ar.id: i for i, ar in enumerate(self.areas)}

        def order(ln: Link) -> tuple[int, int, str]:
            i, j = sorted((index[ln.a], index[ln.b]))
            return (i, j, ln.kind)

        links = tuple(sorted(self.links, key=order))
        adj: dict[str, list[tuple[str, Link]]] = {ar.id: [] for ar in self.areas}
        for ln in links:
            adj[ln.a].append((ln.b, ln))
            adj[ln.b].append((ln.a, ln))
        setattr_ = object.__setattr__
        setattr_(self, "links", links)
        setattr_(self, "_index", index)
        setattr_(self, "_by_id", {ar.id: ar for ar in self.areas})
        setattr_(
            self,
            "_adj",
            {
                k: tuple(sorted(v, key=lambda e: (index[e[0]], e[1].kind)))
                for k, v in adj.items()
            },
        )

    def __repr__(self) -> str:
        kinds = {}
        for ln in self.links:
            kinds[ln.kind] = kinds.get(ln.kind, 0) + 1
        counts = ", ".join(f"{k} {n}" for k, n in sorted(kinds.items()))
        return f"<AreaMap {len(self.areas)} areas, {len(self.links)} links ({counts})>"

    # ------------------------------------------------------------ areas

    def _check(self, area_id: str) -> str:
        if area_id not in self._index:
            raise UnknownAreaError(f"no area {area_id!r} on this map")
        return area_id

    def area(self, area_id: str) -> Area:
        self._check(area_id)
        return self._by_id[area_id]

    __getitem__ = area

    def ids(self) -> tuple[str, ...]:
        """Every area id, in map order."""
        return tuple(self._index)

    def __contains__(self, area_id: object) -> bool:
        return area_id in self._index

    def __iter__(self) -> Iterator[Area]:
        return iter(self.areas)

    def __len__(self) -> int:
        return len(self.areas)

    def areas_with(self, flag: str) -> tuple[str, ...]:
        """Ids of the areas bearing ``flag``, in map order (empty if none do)."""
        return tuple(ar.id for ar in self.areas if flag in ar.flags)

    def regions(self) -> tuple[str, ...]:
        """Region names in the order they first appear on the map."""
        return tuple(dict.fromkeys(ar.region for ar in self.areas if ar.region is not None))

    def region(self, name: str) -> tuple[str, ...]:
        """Ids of the areas in region ``name``, in map order.  An unknown name
        raises KeyError: regions are fixed by the map, so it is a typo."""
        out = tuple(ar.id for ar in self.areas if ar.region == name)
        if not out:
            raise KeyError(f"no region {name!r} on this map")
        return out

    # ------------------------------------------------------------ links

    def link_kinds(self) -> tuple[str, ...]:
        """The link kinds used on this map, sorted."""
        return tuple(sorted({ln.kind for ln in self.links}))

    def links_of(self, area_id: str, via: Iterable[str] | str | None = None) -> tuple[Link, ...]:
        """Links touching ``area_id``, by map order of the far end, then kind."""
        kinds = _kinds(via)
        return tuple(
            ln for _, ln in self._adj[self._check(area_id)] if kinds is None or ln.kind in kinds
        )

    def neighbours(self, area_id: str, via: Iterable[str] | str | None = None) -> tuple[str, ...]:
        """Areas one link away (by the kinds in ``via``), in map order, each once
        even when joined by several kinds."""
        kinds = _kinds(via)
        out: dict[str, None] = {}
        for other, ln in self._adj[self._check(area_id)]:
            if kinds is None or ln.kind in kinds:
                out[other] = None
        return tuple(out)

    def links_between(
        self, a: str, b: str, via: Iterable[str] | str | None = None
    ) -> tuple[Link, ...]:
        """Every link joining ``a`` and ``b`` (by kind, sorted); empty if none."""
        self._check(b)
        return tuple(ln for ln in self.links_of(a, via) if ln.other(a) == b)

    def link_between(
        self, a: str, b: str, via: Iterable[str] | str | None = None
    ) -> Link | None:
        """The one link joining ``a`` and ``b``, or None.  When several kinds
        join the pair this raises ValueError rather than guess: narrow it with
        ``via`` or ask :meth:`links_between`."""
        found = self.links_between(a, b, via)
        if len(found) > 1:
            kinds = ", ".join(ln.kind for ln in found)
            raise ValueError(
                f"{a!r} and {b!r} are joined by several links ({kinds}): "
                "pass via= or use links_between()"
            )
        return found[0] if found else None

    def is_adjacent(self, a: str, b: str, via: Iterable[str] | str | None = None) -> bool:
        return bool(self.links_between(a, b, via))

    # ------------------------------------------------------------ connectivity

    def components(self, via: Iterable[str] | str | None = None) -> tuple[frozenset[str], ...]:
        """Connected groups of areas using only ``via`` links, ordered by their
        first area in map order (an unlinked area is a group of its own)."""
        seen: set[str] = set()
        out = []
        for start in self._index:
            if start in seen:
                continue
            group = [start]
            seen.add(start)
            for here in group:  # grows while iterating: breadth-first
                for n in self.neighbours(here, via):
                    if n not in seen:
                        seen.add(n)
                        group.append(n)
            out.append(frozenset(group))
        return tuple(out)

    def component_of(self, area_id: str, via: Iterable[str] | str | None = None) -> frozenset[str]:
        """The areas reachable from ``area_id`` (itself included)."""
        return frozenset(self._search(area_id, via, None).cost)

    def is_connected(self, via: Iterable[str] | str | None = None) -> bool:
        """True when every area reaches every other (an empty map counts)."""
        return len(self.components(via)) <= 1

    # ------------------------------------------------------------ paths

    def _search(self, start: str, via, cost: StepCost | None, **kw):
        self._check(start)
        kinds = _kinds(via)
        adj = self._adj

        def nbrs(here: str) -> list[str]:
            return list(
                dict.fromkeys(o for o, ln in adj[here] if kinds is None or ln.kind in kinds)
            )

        if cost is None:

            def step(frm: str, to: str) -> float:
                return 1.0

        else:

            def step(frm: str, to: str) -> float | None:
                # Several kinds may join the pair: the cheapest usable one counts.
                best = None
                for o, ln in adj[frm]:
                    if o == to and (kinds is None or ln.kind in kinds):
                        c = cost(frm, to, ln)
                        if c is not None and (best is None or c < best):
                            best = c
                return best

        return shortest_paths([start], step, neighbours=nbrs, **kw)

    def distance(self, a: str, b: str, via: Iterable[str] | str | None = None) -> int | None:
        """Fewest links from ``a`` to ``b`` using ``via`` links; None if unreachable."""
        self._check(b)
        c = self._search(a, via, None, targets=[b]).cost.get(b)
        return None if c is None else int(c)

    def shortest_path(
        self,
        a: str,
        b: str,
        via: Iterable[str] | str | None = None,
        cost: StepCost | None = None,
    ) -> list[str] | None:
        """Area ids from ``a`` to ``b`` inclusive, or None if unreachable.

        Without ``cost`` every link counts 1 (fewest links).  ``cost(frm, to,
        link)`` prices one step (>= 0; None = that link is closed); when
        several kinds join a pair the cheapest open one is used.  Ties go to
        the route through the area reached first, neighbours in map order."""
        self._check(b)
        res = self._search(a, via, cost, targets=[b])
        return res.path_to(b) if b in res.cost else None

    def path_cost(
        self,
        a: str,
        b: str,
        via: Iterable[str] | str | None = None,
        cost: StepCost | None = None,
    ) -> float | None:
        """Total cost of :meth:`shortest_path` (links counted when no ``cost``)."""
        self._check(b)
        return self._search(a, via, cost, targets=[b]).cost.get(b)

    def within(
        self, area_id: str, steps: int, via: Iterable[str] | str | None = None
    ) -> tuple[str, ...]:
        """Areas at most ``steps`` links away (``area_id`` included), in map order."""
        if steps < 0:
            raise ValueError(f"steps must be >= 0, got {steps}")
        reached = self._search(area_id, via, None, max_cost=steps).cost
        return tuple(i for i in self._index if i in reached)

    # ------------------------------------------------------------ variants

    def without(
        self,
        *,
        links_flagged: Iterable[str] | str = (),
        link_kinds: Iterable[str] | str = (),
        areas: Iterable[str] | str = (),
    ) -> AreaMap:
        """A copy with links dropped: those bearing any of ``links_flagged``,
        those of any kind in ``link_kinds``, and every link of a removed area
        (``areas`` are dropped too).  For scenario variants, e.g. a map
        ``without(links_flagged="doubtful")``."""
        flags = _flagset(links_flagged)
        kinds = _kinds(link_kinds) or frozenset()
        gone = _kinds(areas) or frozenset()
        for g in sorted(gone):
            self._check(g)
        return AreaMap(
            (ar for ar in self.areas if ar.id not in gone),
            (
                ln
                for ln in self.links
                if not (ln.flags & flags)
                and ln.kind not in kinds
                and ln.a not in gone
                and ln.b not in gone
            ),
        )


def hop_distances(neighbours: Mapping[str, Iterable[str]]) -> dict[str, dict[str, int]]:
    """Steps between every two areas by any link, from a table of each
    area's neighbours (what the area kinds' bots measure the map with)."""
    out = {}
    for a in neighbours:
        dist = {a: 0}
        queue = deque([a])
        while queue:
            x = queue.popleft()
            for y in neighbours[x]:
                if y not in dist:
                    dist[y] = dist[x] + 1
                    queue.append(y)
        out[a] = dist
    return out
