"""The stacking and off-map problems of every set-up a scenario can start
from [6.8] [12], in time proportional to the file and the problems found.

The base set-up (the default variant of every group) is checked whole, once.
Another variant's set-up is the base without its group's default, plus its
own changes; it is checked only where it differs from the base: the units it
places, the clans it sends in by another entry or brings in (`only`), the
hexes those units leave or reach. What dropping a group's default changes is
worked out once per group. Checking each set-up whole instead took variants
times units: minutes for a file of a few thousand variants."""

from __future__ import annotations

from collections import defaultdict

from tenkatoitsu.dsl.builder import INVALID_HEX
from tenkatoitsu.hexmap import Grid, Hex
from tenkatoitsu.kinds.battle.scenario import model as m
from tenkatoitsu.kinds.battle.scenario.setup import effective_setup, fortress_hexes, printable

#: (key, message, pos): the key names a problem without the set-up it is found in
Problem = tuple

_ALL = object()  # no group left out: the base set-up


class _Layer:
    """A set-up, as what it changes in its parent's (the base has no parent)."""

    def __init__(self, parent: _Layer | None):
        self.parent = parent
        self.hexes: dict[str, tuple] = {}  # unit id -> (hex or None, pos)
        self.entries: dict[str, str | None] = {}  # clan id -> entry arrow
        self.present: dict[str, bool] = {}  # clan id -> whether the clan takes part
        self.occupants: dict[Hex, list[int]] = {}  # hex -> units on it, in file order
        self.off: dict[int, int] = {}  # clan -> how many of its units are off-map
        self.units: set[int] = set()  # units whose problems are worked out here
        self.problems: dict[int, Problem] = {}
        self.clans: set[int] = set()  # clans whose problems are worked out here
        self.partly: dict[int, Problem] = {}

    def _find(self, attr: str, key, default=None):
        layer = self
        while layer is not None:
            table = getattr(layer, attr)
            if key in table:
                return table[key]
            layer = layer.parent
        return default

    def hex(self, uid: str) -> tuple:
        return self._find("hexes", uid, (None, None))

    def entry(self, cid: str) -> str | None:
        return self._find("entries", cid)

    def is_present(self, cid: str) -> bool:
        return self._find("present", cid, False)

    def occupants_of(self, h: Hex) -> list[int]:
        return self._find("occupants", h, [])

    def off_count(self, k: int) -> int:
        return self._find("off", k, 0)


class SetupChecker:
    """The set-up problems of one scenario: the base's, then each variant's."""

    def __init__(self, s: m.Scenario, grid: Grid):
        self.grid, self.fort = grid, fortress_hexes(s)
        self.units = [(cl, u) for _, cl, u in s.units()]
        self.clans = [cl for _, cl in s.clans()]
        clan_index = {id(cl): k for k, cl in enumerate(self.clans)}
        self.clan_of = [clan_index[id(cl)] for cl, _ in self.units]
        self.clan_units: list[list[int]] = [[] for _ in self.clans]
        self.by_unit_id: dict[str, list[int]] = defaultdict(list)
        for i, (_, u) in enumerate(self.units):
            self.clan_units[self.clan_of[i]].append(i)
            self.by_unit_id[u.id].append(i)
        self.by_clan_id: dict[str, list[int]] = defaultdict(list)
        self.by_only: dict[str, list[int]] = defaultdict(list)
        for k, cl in enumerate(self.clans):
            self.by_clan_id[cl.id].append(k)
            if cl.only is not None:
                self.by_only[cl.only].append(k)
        self.variants = list(s.variants)
        self.index = {id(v): n for n, v in enumerate(self.variants)}
        self.group = [v.group for v in self.variants]
        self.is_default = [v.is_default for v in self.variants]
        self.default_group = {v.id: self.group[n] for n, v in enumerate(self.variants)
                              if self.is_default[n]}
        self.defaults_of: dict[object, list[m.Variant]] = defaultdict(list)
        # by target, the defaults' last change, and the last of another group than that one
        self.default_changes: dict[tuple, tuple] = {}
        for n, v in enumerate(self.variants):
            if not self.is_default[n]:
                continue
            self.defaults_of[self.group[n]].append(v)
            for c, ch in enumerate(v.changes):
                if ch.what in ("place", "enter"):
                    new = ((n, c), self.group[n], ch)
                    last = self.default_changes.get((ch.what, ch.target))
                    self.default_changes[(ch.what, ch.target)] = (
                        (new, None) if last is None else
                        (new, last[1]) if last[0][1] == self.group[n] else (new, last[0]))
        self.base = self._base(s)
        self.base_keys = {p[0] for p in self.base.problems.values()} | \
            {p[0] for p in self.base.partly.values()}
        self._dropped: dict[object, tuple] = {}

    # ------------------------------------------------------------ the base set-up
    def base_problems(self) -> list[Problem]:
        return [self.base.problems[i] for i in sorted(self.base.problems)] + \
            [self.base.partly[k] for k in sorted(self.base.partly)]

    def _base(self, s: m.Scenario) -> _Layer:
        defaults = {v.id for n, v in enumerate(self.variants) if self.is_default[n]}
        present, _, entries, hexes, _ = effective_setup(s, defaults)
        base = _Layer(None)
        base.hexes, base.entries = hexes, entries
        base.present = {cl.id: cl.id in present for cl in self.clans}
        for i, (cl, u) in enumerate(self.units):
            h = self._occupies(base, i)
            if h is not None:
                base.occupants.setdefault(h, []).append(i)
        base.units = set(range(len(self.units)))
        base.clans = set(range(len(self.clans)))
        self._work_out(base, set(), base.units, base.clans)
        return base

    # ------------------------------------------------------------ a variant's set-up
    def variant_problems(self, v: m.Variant) -> list[Problem]:
        """The problems of the set-up with `v` (and the defaults of the other
        groups) that the base set-up does not have."""
        group = self.group[self.index[id(v)]]
        parent, dropped_units, dropped_clans = self._without_default(group)
        layer = self._layer(parent, group, v, [v])
        units = {j: p for j, p in dropped_units if j not in layer.units and
                 not (p[0][0] == "no-entry" and self.units[j][0].id in layer.entries)}
        units.update(layer.problems)
        clans = {k: p for k, p in dropped_clans if k not in layer.clans}
        clans.update(layer.partly)
        found = [units[j] for j in sorted(units)] + [clans[k] for k in sorted(clans)]
        return [p for p in found if p[0] not in self.base_keys]

    def _without_default(self, group) -> tuple:
        """The base set-up without the defaults of `group`, and its problems
        that the base does not have: once per group."""
        if group not in self._dropped:
            dropped = self.defaults_of.get(group, [])
            if not dropped:
                self._dropped[group] = (self.base, [], [])
            else:
                layer = self._layer(self.base, group, None, dropped)
                self._dropped[group] = (
                    layer,
                    [(j, p) for j, p in sorted(layer.problems.items()) if p[0] not in self.base_keys],
                    [(k, p) for k, p in sorted(layer.partly.items()) if p[0] not in self.base_keys])
        return self._dropped[group]

    def _layer(self, parent: _Layer, group, variant: m.Variant | None, sources) -> _Layer:
        chosen = self._chosen(group, variant)
        layer = _Layer(parent)
        own = self._own_changes(variant)
        for v in sources:
            for ch in v.changes:
                if ch.what in ("place", "enter"):
                    value = self._resolve(ch.what, ch.target, group, variant, own)
                    (layer.hexes if ch.what == "place" else layer.entries)[ch.target] = value
            for k in self.by_only.get(v.id, ()):
                cid = self.clans[k].id
                layer.present[cid] = any(self.clans[q].only is None or chosen(self.clans[q].only)
                                         for q in self.by_clan_id[cid])
        changed: set[int] = set()
        for uid in layer.hexes:
            changed.update(self.by_unit_id.get(uid, ()))
        for cid in layer.present:
            for k in self.by_clan_id[cid]:
                changed.update(self.clan_units[k])
        for cid, entry in layer.entries.items():
            if entry is None:  # a default's `enter` dropped: its off-map units lack one now
                for k in self.by_clan_id[cid]:
                    changed.update(i for i in self.clan_units[k]
                                   if layer.hex(self.units[i][1].id)[0] is None)
        # the hexes these units leave or reach, and who stands on them now (a
        # fortress holds any number: who is there never makes a problem)
        arriving: dict[Hex, list[int]] = defaultdict(list)
        hexes = set()
        for i in changed:
            before, after = self._occupies(parent, i), self._occupies(layer, i)
            if before is not None and before not in self.fort:
                hexes.add(before)
            if after is not None and after not in self.fort:
                hexes.add(after)
                arriving[after].append(i)
        units = set(changed)
        for h in hexes:
            occupants = sorted([j for j in parent.occupants_of(h) if j not in changed] + arriving[h])
            layer.occupants[h] = occupants
            units.update(occupants)
        off_change: dict[int, int] = defaultdict(int)
        for i in changed:
            uid = self.units[i][1].id
            off_change[self.clan_of[i]] += (layer.hex(uid)[0] is None) - (parent.hex(uid)[0] is None)
        for k, change in off_change.items():
            layer.off[k] = parent.off_count(k) + change
        moved = {target for what, target in own if what == "place"}
        self._work_out(layer, moved, units, set(off_change))
        return layer

    def _chosen(self, group, variant: m.Variant | None):
        def chosen(vid: str) -> bool:
            if variant is not None and vid == variant.id:
                return True
            return vid in self.default_group and (group is _ALL or self.default_group[vid] != group)
        return chosen

    @staticmethod
    def _own_changes(variant: m.Variant | None) -> dict[tuple, tuple]:
        """A variant's last change of each unit's hex and clan's entry."""
        own: dict[tuple, tuple] = {}
        for c, ch in enumerate(variant.changes if variant else ()):
            if ch.what in ("place", "enter"):
                own[(ch.what, ch.target)] = (c, ch)
        return own

    def _resolve(self, what: str, target: str, group, variant, own) -> object:
        """A unit's hex (with where it was set) or a clan's entry once the
        chosen variants apply, the later in the file winning."""
        best = None  # ((variant, change), Change)
        last = self.default_changes.get((what, target))
        if last is not None:
            d = last[0] if group is _ALL or last[0][1] != group else last[1]
            if d is not None:
                best = (d[0], d[2])
        if (what, target) in own:
            c, ch = own[(what, target)]
            key = (self.index[id(variant)], c)
            if best is None or key > best[0]:
                best = (key, ch)
        if best is not None:
            ch = best[1]
            return (ch.value, ch.pos) if what == "place" else ch.value
        if what == "place":
            ids = self.by_unit_id.get(target)
            if not ids:
                return (None, None)
            u = self.units[ids[-1]][1]
            return (u.hex, u.hex_pos or u.pos)
        ks = self.by_clan_id.get(target)
        return self.clans[ks[-1]].entry if ks else None

    # ------------------------------------------------------------ the problems
    def _occupies(self, layer: _Layer, i: int) -> Hex | None:
        cl, u = self.units[i]
        if not layer.is_present(cl.id):
            return None
        h = layer.hex(u.id)[0]
        if h is None or h == INVALID_HEX or not self.grid.contains(h):
            return None
        return h

    def _work_out(self, layer: _Layer, moved: set[str], units, clans) -> None:
        layer.units, layer.clans = set(units), set(clans)
        for i in units:
            p = self._unit_problem(layer, i, moved)
            if p is not None:
                layer.problems[i] = p
        for k in clans:
            cl = self.clans[k]
            if k not in layer.off:
                layer.off[k] = sum(layer.hex(u.id)[0] is None for u in cl.units)
            if layer.is_present(cl.id) and 0 < layer.off[k] < len(cl.units):
                # [12] a clan enters the map altogether: all of it off-map, or none
                layer.partly[k] = (("partly", cl.id), f"clan {cl.id} is partly off-map: a clan "
                                   "enters the map altogether [12]", cl.pos)

    def _unit_problem(self, layer: _Layer, i: int, moved: set[str]) -> Problem | None:
        cl, u = self.units[i]
        if not layer.is_present(cl.id):
            return None
        h, pos = layer.hex(u.id)
        if h is None:
            if layer.entry(cl.id) is None:
                return (("no-entry", u.id), f"unit {u.id} is off-map but clan {cl.id} has no entry "
                        "(`enter ENTRY-ID`) [12]", pos)
            return None
        if h == INVALID_HEX:
            return None
        if not self.grid.contains(h):
            return (("off-map", u.id, h), f"unit {u.id}'s hex {h.id if printable(h) else h} is off "
                    f"the map ({self.grid.width} x {self.grid.height})", pos)
        if h in self.fort:
            return None
        first = layer.occupants_of(h)[0]
        if first == i:
            return None
        other = self.units[first][1].id
        # report at the statement that put a unit there: a variant's `place` if any
        where = pos
        if other in moved and u.id not in moved:
            where = layer.hex(other)[1]
        return (("stack", h, frozenset((other, u.id))),
                f"units {other} and {u.id} are both in hex {h.id}: one unit per hex outside a "
                "fortress [6.8]", where)
