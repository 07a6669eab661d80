"""Reading the terrain chart [6.2.2] [11.6.2]: what crossing one hexside costs
and does, in one direction."""

from __future__ import annotations

from tenkatoitsu.kinds.battle.scenario import model as m

UP, DOWN = "up", "down"


def crossing(chart: m.TerrainChart, hexside_type: str, direction: str | None = None) -> m.Effects:
    """The effects of crossing a hexside of this type: its own, overlaid by
    those of the direction for a directed type (`up` = climbing)."""
    t = next(t for t in chart.hexside_types if t.name == hexside_type)
    both = t.both
    if not t.directed or direction is None:
        return both
    d = t.up if direction == UP else t.down
    return m.Effects(
        blue=both.blue + d.blue,
        assault_blue=both.assault_blue + d.assault_blue,
        firearms_prepared=both.firearms_prepared or d.firearms_prepared,
        non_obligatory=both.non_obligatory or d.non_obligatory,
        no_attack=both.no_attack or d.no_attack,
        cost=d.cost if (d.cost is not None or d.impassable) else both.cost,
        impassable=d.impassable or (both.impassable and d.cost is None),
    )
