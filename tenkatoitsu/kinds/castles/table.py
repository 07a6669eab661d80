"""What a game's rules read but never change: the board, the seats in play
and the numbers the set-up tables give for their count [3], the variant and
the options. Built once per game; the search bot shares it with its
playouts."""

from __future__ import annotations

import attrs

from tenkatoitsu.areamap import AreaMap
from tenkatoitsu.kinds.castles.scenario.model import CastlesScenario


@attrs.frozen
class Options:
    """The castles game's options (the new game dialog shows each with its label)."""

    tactics_per_player: int = attrs.field(
        default=1, validator=attrs.validators.in_(range(1, 13)),
        metadata={"label": "tactic cards each player may use [4.I] (the box: 1)"})


@attrs.frozen
class Table:
    board: AreaMap
    players: tuple[str, ...]
    soldiers: int  # each player's soldier cubes [3.5] (16 with the daimyo [5.D])
    daimyo: bool  # the advanced rules [5.D]
    daimyo_strength: int
    display: int  # tactic cards face up [3.3]
    reinforce: int  # reinforcement cubes per eligible area [4.II.3]
    small_castles: bool  # the runner-up takes a small castle token [4.II.2]
    kyo: str | None
    tactics_per_player: int

    @classmethod
    def of(cls, scenario: CastlesScenario, players: tuple[str, ...], daimyo: bool,
           options: Options) -> "Table":
        c, n = scenario.components, len(players)
        return cls(scenario.board, players,
                   c.daimyo_soldiers if daimyo else c.soldiers, daimyo, c.daimyo_strength,
                   c.display[n], c.reinforcements_per_area[n], n in c.small_castles_for,
                   scenario.kyo(), options.tactics_per_player)

    def opponents(self, seat: str) -> tuple[str, ...]:
        return tuple(p for p in self.players if p != seat)
