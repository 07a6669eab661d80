"""The state of a castles game: what lies on the table at one moment. Plain
records, copied cheaply (the search bot copies a state for every playout)."""

from __future__ import annotations

import attrs

DEPLOYMENT, WAR, OVER = "deployment", "war", "over"
LARGE, SMALL = "large", "small"


@attrs.define
class Claim:
    """A castle token a player took in the war phase [4.II.2]."""

    area: str
    value: int
    size: str  # LARGE | SMALL


@attrs.define
class CastlesState:
    players: tuple[str, ...]  # seat ids, in turn order from the first player [3.6]
    castle: dict[str, int]  # area -> its Large Castle Token's value [3.2]
    token: dict[str, bool]  # area -> the Large Castle Token still lies there
    soldiers: dict[str, dict[str, int]]  # area -> seat -> soldier cubes
    stock: dict[str, int]  # seat -> soldier cubes not yet on the map
    daimyo_at: dict[str, str | None] = attrs.field(factory=dict)  # seat -> area [5.D]
    daimyo_in_stock: dict[str, bool] = attrs.field(factory=dict)
    white: dict[str, dict[str, int]] = attrs.field(factory=dict)  # area -> seat -> reinforcements
    white_supply: int = 0
    swords_left: list[int] = attrs.field(factory=list)  # the sword tokens in the supply, highest first
    sword: dict[str, int | None] = attrs.field(factory=dict)
    small_left: list[int] = attrs.field(factory=list)  # small castle tokens in the supply
    display: list[str] = attrs.field(factory=list)  # tactic cards face up [3.3]
    tactics_used: dict[str, list[str]] = attrs.field(factory=dict)  # seat -> cards in front of it
    daimyo_card: dict[str, str | None] = attrs.field(factory=dict)
    daimyo_used: dict[str, bool] = attrs.field(factory=dict)
    locked: bool = False  # a player has placed their last piece: no more cards [4.I]
    phase: str = DEPLOYMENT
    turn: int = 0  # deployment turns begun
    current: str | None = None
    roll: tuple[int, ...] | None = None  # the dice of the turn in progress
    rerolled: bool = False
    resolved: list[str] = attrs.field(factory=list)  # areas resolved in the war phase, in order
    resolving: str | None = None
    won: dict[str, list[Claim]] = attrs.field(factory=dict)
    winner: str | None = None
    level: str | None = None

    # ---- reading the table
    def own(self, area: str, seat: str) -> int:
        """Soldier cubes of `seat` in `area` (the daimyo is not a soldier [5.D])."""
        return self.soldiers[area].get(seat, 0)

    def pieces_in_stock(self, seat: str) -> int:
        return self.stock[seat] + (1 if self.daimyo_in_stock.get(seat) else 0)

    def finished(self, seat: str) -> bool:
        """Every piece placed: the player's turns are skipped [4.I]."""
        return self.pieces_in_stock(seat) == 0

    def present(self, area: str, seat: str) -> bool:
        """Any piece of `seat` (soldiers or its daimyo) in `area`."""
        return self.own(area, seat) > 0 or self.daimyo_at.get(seat) == area

    def score(self, seat: str) -> int:
        return sum(c.value for c in self.won.get(seat, ()))

    def copy(self) -> "CastlesState":
        new = attrs.evolve(self)
        new.castle = dict(self.castle)
        new.token = dict(self.token)
        new.soldiers = {a: dict(v) for a, v in self.soldiers.items()}
        new.stock = dict(self.stock)
        new.daimyo_at = dict(self.daimyo_at)
        new.daimyo_in_stock = dict(self.daimyo_in_stock)
        new.white = {a: dict(v) for a, v in self.white.items()}
        new.swords_left = list(self.swords_left)
        new.sword = dict(self.sword)
        new.small_left = list(self.small_left)
        new.display = list(self.display)
        new.tactics_used = {s: list(v) for s, v in self.tactics_used.items()}
        new.daimyo_card = dict(self.daimyo_card)
        new.daimyo_used = dict(self.daimyo_used)
        new.resolved = list(self.resolved)
        new.won = {s: [attrs.evolve(c) for c in v] for s, v in self.won.items()}
        return new
