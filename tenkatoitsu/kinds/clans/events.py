"""The events of a clans game. Each names the rule that produced it (a
section of the rulebook, `§6.2.3`); its log line is `line` filled from its
fields, with province, clan and seat ids read through `names`. A sealed
event (`seat` set) is read by that seat alone: the covert ninja [§9.1]."""

from __future__ import annotations

from collections.abc import Mapping
from typing import ClassVar

import attrs

from tenkatoitsu.core.events import WordedEvent


class ClansEvent(WordedEvent):
    """An event of a clans game; a list of ids reads as their names joined."""

    @staticmethod
    def name_of(value, names: Mapping[str, str]):
        if isinstance(value, (list, tuple)):
            return ", ".join(str(ClansEvent.name_of(v, names)) for v in value) or "none"
        return WordedEvent.name_of(value, names)


class SecretKept(ClansEvent):
    """A choice only its maker may read."""

    def visible_to(self, viewer: str | None) -> bool:
        return viewer is None or viewer == getattr(self, "seat", None)


def units_text(units: Mapping[str, int], names: Mapping[str, str] | None = None) -> str:
    names = names or {}
    return ", ".join(f"{n} {names.get(u, u)}" for u, n in units.items() if n) or "nothing"


# ---------------------------------------------------------------- the draft and set-up

@attrs.frozen
class PickOrderDrawn(ClansEvent):
    """[§2.2.2.1] The random player order and the draft's pick order, its reverse."""

    order: tuple[str, ...] = ()
    picks: tuple[str, ...] = ()
    heading: ClassVar[bool] = True
    line = "the draft: random order {order}; clans are picked {picks}"


@attrs.frozen
class ClanDrafted(ClansEvent):
    """[§2.2.2.2] A player picks a clan."""

    seat: str = ""
    clan: str = ""
    region: str = ""
    line = "{seat} picks {clan} ({region})"


@attrs.frozen
class ClansPlaced(ClansEvent):
    """[§2.3] Each clan's three Daimyō and one Bushi in its home province,
    and its starting Koku."""

    homes: dict[str, str] = attrs.field(factory=dict)
    koku: int = 0

    def words(self, names):
        homes = ", ".join(f"{names.get(c, c)} in {names.get(p, p)}"
                          for c, p in self.homes.items())
        return f"set-up: 3 Daimyō and 1 Bushi each: {homes}; {self.koku} Koku each"


# ---------------------------------------------------------------- the round

@attrs.frozen
class YearBegan(ClansEvent):
    """[§3] A round (a year of war) begins (`turn`: its number, for the replay bar)."""

    turn: int = 0
    heading: ClassVar[bool] = True
    line = "round {turn}"


@attrs.frozen
class SeasonBegan(ClansEvent):
    """[§3.1] A phase of the round begins."""

    phase: str = ""
    line = "{phase}"


@attrs.frozen
class IncomeCollected(ClansEvent):
    """[§4.1] Income: the base and one Koku a province, with the clan's bonus."""

    clan: str = ""
    amount: int = 0
    provinces: int = 0
    bonus: int = 0
    line = "{clan} collects {amount} Koku ({provinces} provinces, clan bonus {bonus})"


@attrs.frozen
class CostPaid(ClansEvent):
    """[§4.1] [§7.1] Upkeep or supply paid."""

    clan: str = ""
    what: str = ""
    amount: int = 0
    line = "{clan} pays {amount} Koku of {what}"


@attrs.frozen
class Bankrupt(ClansEvent):
    """[§4.2] A cost not paid: two Bushi removed for each Koku short."""

    clan: str = ""
    short: int = 0
    removed: dict[str, int] = attrs.field(factory=dict)  # province -> Bushi

    def words(self, names):
        where = ", ".join(f"{n} in {names.get(p, p)}" for p, n in self.removed.items())
        return f"{names.get(self.clan, self.clan)} is {self.short} Koku short and loses " \
               f"its honor's price: {where or 'no Bushi left to remove'}"


@attrs.frozen
class OrderSet(ClansEvent):
    """[§4.1] Gekokujō: the player order of the round, fewest provinces first."""

    order: tuple[str, ...] = ()
    how: str = ""
    line = "player order: {order} ({how})"


# ---------------------------------------------------------------- reinforcement

@attrs.frozen
class Recruited(ClansEvent):
    """[§5.1] [§5.2] Units recruited and placed."""

    clan: str = ""
    province: str = ""
    unit: str = ""
    count: int = 0
    cost: int = 0
    line = "{clan} recruits {count} {unit} in {province} ({cost} Koku)"


@attrs.frozen
class CastleBuilt(ClansEvent):
    """[§9.2] A castle, or the Hōjō Fortress [§2.4]."""

    clan: str = ""
    province: str = ""
    fortress: bool = False
    cost: int = 0

    def words(self, names):
        what = "the Fortress" if self.fortress else "a castle"
        return f"{names.get(self.clan, self.clan)} builds {what} in " \
               f"{names.get(self.province, self.province)} ({self.cost} Koku)"


@attrs.frozen
class CastleFortified(ClansEvent):
    """[§9.2] A castle fortified: +2 on defense for this round."""

    clan: str = ""
    province: str = ""
    cost: int = 0
    line = "{clan} fortifies the castle of {province} for this round ({cost} Koku)"


@attrs.frozen
class NinjaSentOut(ClansEvent):
    """[§9.1] The ninja hired on a field operation, its target announced."""

    clan: str = ""
    mission: str = ""
    target: str = ""
    cost: int = 0
    line = "{clan} hires the ninja ({cost} Koku): {mission} against {target}"


@attrs.frozen
class NinjaHiredCovertly(SecretKept):
    """[§9.1] The ninja hired for an assassination, behind the screen."""

    clan: str = ""
    seat: str = ""
    cost: int = 0
    line = "{clan} hires the ninja in secret for an assassination ({cost} Koku)"


@attrs.frozen
class NinjaGone(ClansEvent):
    """[§9.1] The table sees the ninja has left the supply (not who took him)."""

    line = "the ninja has been hired in secret"


@attrs.frozen
class NinjaReturned(ClansEvent):
    """[§9.1] [U-4] The ninja's hire ends with the round."""

    line = "the ninja goes back to the supply"


# ---------------------------------------------------------------- campaign

@attrs.frozen
class TurnBegan(ClansEvent):
    """[§6] A clan's campaign turn: all its moves, then its battles."""

    clan: str = ""
    line = "{clan}'s campaign turn"


@attrs.frozen
class UnitsMoved(ClansEvent):
    """[§6.1] Units moved from one province to another."""

    clan: str = ""
    frm: str = ""
    to: str = ""
    units: dict[str, int] = attrs.field(factory=dict)
    path: tuple[str, ...] = ()

    def words(self, names):
        via = f" by {', '.join(names.get(p, p) for p in self.path[1:-1])}" \
            if len(self.path) > 2 else ""
        return f"{names.get(self.clan, self.clan)} moves {units_text(self.units, names)} " \
               f"from {names.get(self.frm, self.frm)} to {names.get(self.to, self.to)}{via}"


@attrs.frozen
class UnitsSailed(ClansEvent):
    """[v83 §2.4] The Mōri's sea move: a Daimyō and up to 5 Bushi, for 1 Koku."""

    clan: str = ""
    frm: str = ""
    to: str = ""
    units: dict[str, int] = attrs.field(factory=dict)
    cost: int = 0

    def words(self, names):
        return f"{names.get(self.clan, self.clan)} sails {units_text(self.units, names)} " \
               f"from {names.get(self.frm, self.frm)} to {names.get(self.to, self.to)} " \
               f"({self.cost} Koku)"


@attrs.frozen
class ClashBegan(ClansEvent):
    """[§6.2] [§6.2.1] A battle: the active player attacks every other clan there."""

    province: str = ""
    attacker: str = ""
    defenders: tuple[str, ...] = ()
    line = "battle in {province}: {attacker} attacks {defenders}"


@attrs.frozen
class RoninJoined(ClansEvent):
    """[§6.2.4] Ronin join a battle for Koku (a vassal's assault: two a Koku [§8.1.2])."""

    clan: str = ""
    province: str = ""
    count: int = 0
    cost: int = 0
    line = "{clan} hires {count} Ronin in {province} ({cost} Koku)"


@attrs.frozen
class NinjaStruck(ClansEvent):
    """[§9.1] The hidden ninja revealed: one enemy Bushi leaves the battle."""

    clan: str = ""
    province: str = ""
    victim: str = ""
    unit: str = ""
    line = "{clan}'s ninja strikes in {province}: one {unit} of {victim} is removed"


@attrs.frozen
class RerollBought(ClansEvent):
    """[§2.4] Ōtomo pays 2 Koku to re-roll its Bushi's failed attack rolls."""

    clan: str = ""
    cost: int = 0
    line = "{clan} pays {cost} Koku: its Bushi will re-roll their failed attack rolls"


@attrs.frozen
class HitsScored(ClansEvent):
    """[§6.2.3] A side's dice against its target numbers."""

    clan: str = ""
    hits: int = 0
    targets: dict[str, int] = attrs.field(factory=dict)  # unit -> lowest face that hits
    bonus: int = 0
    penalty: int = 0
    attacking: bool = False

    def words(self, names):
        how = ", ".join(f"{names.get(u, u)} on {t}+" if t <= 6 else
                        f"{names.get(u, u)} cannot hit" for u, t in self.targets.items())
        mods = []
        if self.bonus:
            mods.append(f"+{self.bonus}")
        if self.penalty:
            mods.append(f"-{self.penalty}")
        side = "attack" if self.attacking else "defense"
        return f"{names.get(self.clan, self.clan)} scores {self.hits} hit(s) on {side} " \
               f"({how}{'; ' + ' '.join(mods) if mods else ''})"


@attrs.frozen
class HitAssigned(ClansEvent):
    """[§6.2.1] [§6.2.2] A hit given to an enemy unit by the one who scored it."""

    by: str = ""
    victim: str = ""
    unit: str = ""
    line = "{by} gives a hit to a {unit} of {victim}"


@attrs.frozen
class CasualtiesRemoved(ClansEvent):
    """[§6.2.1] Every unit hit leaves the board at once; Ronin go home [§6.2.4]."""

    province: str = ""
    losses: dict[str, dict[str, int]] = attrs.field(factory=dict)

    def words(self, names):
        lost = "; ".join(f"{names.get(c, c)} loses {units_text(u, names)}"
                         for c, u in self.losses.items() if any(u.values()))
        return f"casualties in {names.get(self.province, self.province)}: {lost or 'none'}"


@attrs.frozen
class ClashEnded(ClansEvent):
    """[§6.2.1] Who controls the province after the battle (None: neutral)."""

    province: str = ""
    controller: str | None = None

    def words(self, names):
        p = names.get(self.province, self.province)
        if self.controller is None:
            return f"{p} is neutral after the battle"
        return f"{names.get(self.controller, self.controller)} controls {p}"


@attrs.frozen
class CastleDestroyed(ClansEvent):
    """[v83 §9.2] A fortification taken by an enemy is destroyed."""

    province: str = ""
    line = "the castle of {province} is destroyed"


# ---------------------------------------------------------------- winter, vassals, the end

@attrs.frozen
class VassalSworn(ClansEvent):
    """[§8.1] A clan's last Daimyō is gone: it is the vassal of who defeated it."""

    clan: str = ""
    lord: str | None = None

    def words(self, names):
        lord = names.get(self.lord, self.lord) if self.lord else "no one"
        return f"{names.get(self.clan, self.clan)} has lost its last Daimyō and is the " \
               f"vassal of {lord}"


@attrs.frozen
class ProvinceGivenUp(ClansEvent):
    """[§8.1.1] A new vassal gives up a province."""

    clan: str = ""
    province: str = ""
    line = "{clan} gives up {province}"


@attrs.frozen
class TroopsRetreated(ClansEvent):
    """[v83 §8.1.1] 2. A new vassal's units leave a province it gave up."""

    clan: str = ""
    frm: str = ""
    to: str | None = None  # None: no legal retreat, removed
    count: int = 0

    def words(self, names):
        c, f = names.get(self.clan, self.clan), names.get(self.frm, self.frm)
        if self.to is None:
            return f"{c}: {self.count} unit(s) in {f} have nowhere to retreat and are removed"
        return f"{c}: {self.count} unit(s) retreat from {f} to {names.get(self.to, self.to)}"


@attrs.frozen
class TroopsDismissed(ClansEvent):
    """[§8.1.1] A new vassal loses half its troops."""

    clan: str = ""
    removed: dict[str, int] = attrs.field(factory=dict)  # province -> units

    def words(self, names):
        where = ", ".join(f"{n} in {names.get(p, p)}" for p, n in self.removed.items())
        return f"{names.get(self.clan, self.clan)} dismisses troops: {where or 'none'}"


@attrs.frozen
class PathChosen(ClansEvent):
    """[§8.1.2] A vassal's path for this round."""

    clan: str = ""
    path: str = ""
    line = "{clan} chooses the path of {path}"


@attrs.frozen
class FundDeposited(ClansEvent):
    """[§8.1.2] Koku into the Liberation Fund."""

    clan: str = ""
    amount: int = 0
    fund: int = 0
    line = "{clan} puts {amount} Koku into its Liberation Fund (now {fund})"


@attrs.frozen
class Liberated(ClansEvent):
    """[§8.1.2] A vassal is free again."""

    clan: str = ""
    how: str = ""
    line = "{clan} is liberated ({how})"


@attrs.frozen
class ClanEliminated(ClansEvent):
    """[§8.2] No province and no Daimyō: out of the game."""

    clan: str = ""
    line = "{clan} is eliminated"


@attrs.frozen
class GameWon(ClansEvent):
    """[§1.1] A victory (or the round limit's end)."""

    winner: str | None = None
    level: str = ""
    heading: ClassVar[bool] = True

    def words(self, names):
        if self.winner is None:
            return f"the game ends: {self.level}"
        return f"{names.get(self.winner, self.winner)} wins: {self.level}"
