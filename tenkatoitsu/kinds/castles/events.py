"""The events of a castles game. Each names the rule that produced it; its
log line is `line` filled from its fields (area and seat ids: the log shows
the names through `Names`)."""

from __future__ import annotations

from typing import ClassVar, Mapping

import attrs

from tenkatoitsu.core.events import WordedEvent


class CastlesEvent(WordedEvent):
    """An event of a castles game, worded with the game's names."""


@attrs.frozen
class CastlesSetUp(CastlesEvent):
    """[3] The table as set up: token values, display, swords, daimyo cards."""

    castles: dict[str, int] = attrs.field(factory=dict)
    display: tuple[str, ...] = ()
    swords: tuple[int, ...] = ()
    small: tuple[int, ...] = ()
    daimyo_cards: dict[str, str] = attrs.field(factory=dict)
    first: str = ""
    heading: ClassVar[bool] = True
    reveals: ClassVar[bool] = True

    def words(self, names: Mapping[str, str]) -> str:
        n = names.get
        order = ", ".join(f"{n(a, a)} {v}" for a, v in sorted(self.castles.items(),
                                                             key=lambda i: i[1]))
        cards = ", ".join(n(c, c) for c in self.display)
        return f"set-up: castles {order}; tactic display {cards}; " \
               f"swords {', '.join(map(str, self.swords))}; {n(self.first, self.first)} plays first"


@attrs.frozen
class DeploymentTurn(CastlesEvent):
    turn: int = 0
    seat: str = ""
    heading: ClassVar[bool] = True
    line = "turn {turn}: {seat}"


@attrs.frozen
class ActionChosen(CastlesEvent):
    seat: str = ""
    action: str = ""  # deploy | a card id
    line = "{seat} chooses {action}"


@attrs.frozen
class DiceSplit(CastlesEvent):
    """[4.I] Two dice name the area, the third the number of soldiers."""

    seat: str = ""
    area: str = ""
    area_dice: tuple[int, int] = (0, 0)
    count_die: int = 0
    count: int = 0

    def words(self, names: Mapping[str, str]) -> str:
        f = self.named_fields(names)
        a, b = self.area_dice
        return f"{f['seat']} reads the dice: {a}+{b} names {f['area']} ({a + b}), the " \
               f"{self.count_die} deploys {self.count}"


@attrs.frozen
class PiecesDeployed(CastlesEvent):
    seat: str = ""
    area: str = ""
    soldiers: int = 0
    daimyo: bool = False

    def words(self, names: Mapping[str, str]) -> str:
        f = self.named_fields(names)
        what = [f"{self.soldiers} soldier(s)"] if self.soldiers else []
        what += ["the daimyo"] if self.daimyo else []
        return f"{f['seat']} deploys {' and '.join(what)} in {f['area']}"


@attrs.frozen
class SwordTaken(CastlesEvent):
    seat: str = ""
    sword: int = 0
    line = "{seat} has placed every piece and takes the sword token {sword}"


@attrs.frozen
class TacticsLocked(CastlesEvent):
    seat: str = ""
    line = "{seat} has placed every piece: no more cards may be played"


@attrs.frozen
class CardPlayed(CastlesEvent):
    seat: str = ""
    card: str = ""
    daimyo: bool = False  # a daimyo card [5.D], else a tactic card [5]
    targets: tuple = ()
    line = "{seat} plays {card}"


@attrs.frozen
class SoldiersMoved(CastlesEvent):
    owner: str = ""
    frm: str = ""
    to: str = ""
    n: int = 0
    daimyo: bool = False
    by: str = ""

    def words(self, names: Mapping[str, str]) -> str:
        what = "the daimyo" if self.daimyo else f"{self.n} soldier(s)"
        f = self.named_fields(names)
        return f"{f['by']}: {what} of {f['owner']} from {f['frm']} to {f['to']}"


@attrs.frozen
class SoldiersPlaced(CastlesEvent):
    """A card puts soldiers from the stock on the map (Support, Rebel, Mōri, Ōtomo)."""

    owner: str = ""
    area: str = ""
    n: int = 0
    line = "{owner} places {n} soldier(s) from stock in {area}"


@attrs.frozen
class SoldiersReturned(CastlesEvent):
    """Soldiers go back to their owner's stock (Rebel, Retreat, Ōtomo)."""

    owner: str = ""
    area: str = ""
    n: int = 0
    line = "{n} soldier(s) of {owner} return from {area} to stock"


@attrs.frozen
class DeploymentEnded(CastlesEvent):
    discarded: tuple[str, ...] = ()
    line = "every piece is placed: the deployment phase ends; cards discarded: {discarded}"


@attrs.frozen
class WarBegan(CastlesEvent):
    order: tuple[str, ...] = ()
    turn: int = 0  # the replay bar's mark: one past the last deployment turn
    heading: ClassVar[bool] = True
    line = "the war phase: the areas in the order of their castles"


@attrs.frozen
class AreaResolved(CastlesEvent):
    """[4.II.1] The strengths in one area and who won it."""

    area: str = ""
    value: int = 0
    strengths: dict[str, int] = attrs.field(factory=dict)
    winner: str | None = None
    runner_up: str | None = None
    by_sword: bool = False  # a tie of strength broken by the swords

    def words(self, names: Mapping[str, str]) -> str:
        s = ", ".join(f"{names.get(p, p)} {n}" for p, n in self.strengths.items()) or "nobody"
        who = f"{names.get(self.winner, self.winner)} wins" if self.winner else "no one is there"
        tie = " (tie broken by the swords)" if self.by_sword else ""
        return f"{names.get(self.area, self.area)} ({self.value}): strength {s}; {who}{tie}"


@attrs.frozen
class CastleClaimed(CastlesEvent):
    seat: str = ""
    area: str = ""
    value: int = 0
    size: str = "large"
    line = "{seat} takes the {size} castle token {value} of {area}"


@attrs.frozen
class CastleTokenRemoved(CastlesEvent):
    area: str = ""
    value: int = 0
    line = "no one holds {area}: its castle token {value} is removed"


@attrs.frozen
class ReinforcementsSent(CastlesEvent):
    seat: str = ""
    frm: str = ""
    to: str = ""
    n: int = 0
    reused: int = 0  # of them, taken back from areas already resolved

    def words(self, names: Mapping[str, str]) -> str:
        again = f" ({self.reused} taken from resolved areas)" if self.reused else ""
        f = self.named_fields(names)
        return f"{f['seat']} sends {self.n} reinforcement(s) from {f['frm']} to {f['to']}{again}"


@attrs.frozen
class CastlesEnded(CastlesEvent):
    scores: dict[str, int] = attrs.field(factory=dict)
    winner: str | None = None
    level: str = ""
    reveals: ClassVar[bool] = True

    def words(self, names: Mapping[str, str]) -> str:
        s = ", ".join(f"{names.get(p, p)} {n}" for p, n in self.scores.items())
        who = f"; {names.get(self.winner, self.winner)} wins" if self.winner else ""
        return f"final scores: {s}{who} ({self.level})"
