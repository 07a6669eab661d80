"""The events of a shogun game. Each names the rule that produced it; its log
line is `line` filled from its fields, with province, house and army ids read
through `names` (the log shows names, not ids). A sealed event (`sealed` set
to the seat that made the choice) is read by that seat alone until an event
of its own reveals it [SC-5.2]."""

from __future__ import annotations

from collections.abc import Mapping
from typing import ClassVar

import attrs

from tenkatoitsu.core.events import WordedEvent


class ShogunEvent(WordedEvent):
    """An event of a shogun game, worded with the game's names; a list of ids
    reads as their names joined."""

    @staticmethod
    def name_of(value, names: Mapping[str, str]):
        if isinstance(value, (list, tuple)):
            return ", ".join(str(ShogunEvent.name_of(v, names)) for v in value) or "none"
        return WordedEvent.name_of(value, names)


class Sealed(ShogunEvent):
    """A choice only its maker may read [SC-6.2] [SC-10.3]."""

    def visible_to(self, viewer: str | None) -> bool:
        return viewer is None or viewer == getattr(self, "seat", None)


def _units(units: Mapping[str, int]) -> str:
    return ", ".join(f"{n} {u}" for u, n in units.items() if n) or "nothing"


@attrs.frozen
class GameSetUp(ShogunEvent):
    """[SC-4.4] [SC-4.6] The deal and the swords of the set-up."""

    houses: tuple[str, ...] = ()
    seats: dict[str, str] = attrs.field(factory=dict)  # house -> seat
    deal: dict[str, tuple[str, ...]] = attrs.field(factory=dict)
    unowned: tuple[str, ...] = ()
    swords: dict[str, int] = attrs.field(factory=dict)
    koku: dict[str, int] = attrs.field(factory=dict)
    heading: ClassVar[bool] = True
    reveals: ClassVar[bool] = True

    def words(self, names):
        n = names.get
        deal = "; ".join(f"{n(h, h)} {len(ps)} provinces" for h, ps in self.deal.items())
        order = ", ".join(n(h, h) for h, _ in sorted(self.swords.items(), key=lambda i: i[1]))
        left = ", ".join(n(p, p) for p in self.unowned) or "none"
        return f"set-up: {deal}; unowned {left}; placing order {order}"


@attrs.frozen
class SetPicked(ShogunEvent):
    """[SC-24.2] A two-player game's player splits his pile into two colour sets."""

    house: str = ""
    province: str = ""
    line = "{province} goes to {house}"


@attrs.frozen
class Reinforced(ShogunEvent):
    """[SC-4.5] [SC-4.8] Spearmen placed during the set-up."""

    house: str = ""
    province: str = ""
    count: int = 0
    line = "{house} places {count} spearmen in {province}"


@attrs.frozen
class ArmyPlaced(ShogunEvent):
    """[SC-4.9] [SC-20.5] An army marker put on the board."""

    army: str = ""
    province: str = ""
    line = "{army} takes the field in {province}"


@attrs.frozen
class RoundBegan(ShogunEvent):
    """[SC-5.1] A game round begins (`turn`: its number, for the replay bar)."""

    turn: int = 0
    heading: ClassVar[bool] = True
    line = "round {turn}"


@attrs.frozen
class SuccessorAppointed(ShogunEvent):
    """[SC-11.10] A successor for an assassinated daimyo whose army survived."""

    army: str = ""
    line = "a successor leads {army} (experience back to the first hole)"


@attrs.frozen
class PlanMade(ShogunEvent):
    """[SC-6.2] A house has divided its koku, face down."""

    house: str = ""
    line = "{house} has planned"


@attrs.frozen
class PlanSealed(Sealed):
    """[SC-6.2] What the planner alone knows until the reveal."""

    house: str = ""
    seat: str = ""
    bins: dict[str, int] = attrs.field(factory=dict)

    def words(self, names):
        return f"{names.get(self.house, self.house)} plans (sealed): " + \
            ", ".join(f"{b} {n}" for b, n in self.bins.items())


@attrs.frozen
class SpyChose(ShogunEvent):
    """[SC-6.4] The ninja spies on one player, who shows him his bins."""

    spy: str = ""
    target: str = ""
    line = "{spy}'s ninja spies on {target}'s plan"


@attrs.frozen
class SpyShown(Sealed):
    """[SC-6.4] The bins the spy sees (he alone)."""

    spy: str = ""
    target: str = ""
    seat: str = ""
    bins: dict[str, int] = attrs.field(factory=dict)

    def words(self, names):
        return f"the ninja shows {names.get(self.spy, self.spy)} the plan of " \
               f"{names.get(self.target, self.target)}: " + \
            ", ".join(f"{b} {n}" for b, n in self.bins.items())


@attrs.frozen
class PlansRevealed(ShogunEvent):
    """[SC-6.5] Every bin becomes public."""

    bins: dict[str, dict[str, int]] = attrs.field(factory=dict)
    reveals: ClassVar[bool] = True

    def words(self, names):
        return "plans revealed: " + "; ".join(
            f"{names.get(h, h)} " + " ".join(f"{b} {n}" for b, n in bins.items())
            for h, bins in self.bins.items())


@attrs.frozen
class SwordPicked(ShogunEvent):
    """[SC-7] A sword chosen by a bidder or drawn at random."""

    house: str = ""
    sword: int = 0
    how: str = ""  # chosen | drawn
    line = "{house} {how} sword {sword}"


@attrs.frozen
class Built(ShogunEvent):
    """[SC-8.1] A castle, or a fortification base that makes a fortress."""

    house: str = ""
    province: str = ""
    what: str = ""
    line = "{house} builds a {what} in {province}"


@attrs.frozen
class KokuLost(ShogunEvent):
    """Koku bid for what could not be had goes back to the master tray."""

    house: str = ""
    koku: int = 0
    why: str = ""
    line = "{house} loses {koku} koku: {why}"


@attrs.frozen
class Levied(ShogunEvent):
    """[SC-9.2] The units a house levied, placed when all have chosen."""

    house: str = ""
    placed: tuple[tuple[str, str], ...] = ()  # (unit, province force | army id)
    reveals: ClassVar[bool] = True

    def words(self, names):
        what = ", ".join(f"{u} to {names.get(w, w)}" for u, w in self.placed) or "nothing"
        return f"{names.get(self.house, self.house)} levies {what}"


@attrs.frozen
class RoninHired(ShogunEvent):
    """[SC-10.1] [SC-10.2] Two ronin for each koku, in sword order."""

    house: str = ""
    ronin: int = 0
    line = "{house} hires {ronin} ronin"


@attrs.frozen
class RoninSealed(Sealed):
    """[SC-10.3] Where the ronin went, face down (the hirer alone knows)."""

    house: str = ""
    seat: str = ""
    placed: dict[str, tuple[int, int]] = attrs.field(factory=dict)  # province -> (army, force)

    def words(self, names):
        where = ", ".join(f"{a + f} in {names.get(p, p)}" for p, (a, f) in self.placed.items())
        return f"{names.get(self.house, self.house)} hides ronin (sealed): {where}"


@attrs.frozen
class RoninCards(ShogunEvent):
    """[SC-10.3] What the table sees: face-down cards with ronin on them."""

    house: str = ""
    cards: tuple[int, ...] = ()
    reveals: ClassVar[bool] = True

    def words(self, names):
        return f"{names.get(self.house, self.house)} lays {len(self.cards)} province card(s) " \
               f"face down with {'+'.join(map(str, self.cards)) or 'no'} ronin"


@attrs.frozen
class RoninRevealed(ShogunEvent):
    """[SC-10.7] Hidden ronin turned face up as their troop attacks, defends or moves."""

    house: str = ""
    province: str = ""
    army: int = 0
    force: int = 0
    sent_back: int = 0  # over the ronin limit [SC-26.3]
    reveals: ClassVar[bool] = True
    line = "{house} reveals ronin in {province}: {army} with the army, {force} with the force" \
           " ({sent_back} over the limit leave)"


@attrs.frozen
class NinjaHired(ShogunEvent):
    """[SC-11.1] The strictly highest bid hires the ninja."""

    house: str = ""  # "" nobody
    bid: int = 0
    line = "ninja: {house} hires him for {bid}"

    def words(self, names):
        if not self.house:
            return "ninja: the highest bids tie, nobody hires him"
        return super().words(names)


@attrs.frozen
class Assassination(ShogunEvent):
    """[SC-11.6] The ninja strikes a daimyo: 1-8 succeeds."""

    house: str = ""
    target: str = ""
    roll: int = 0
    success: bool = False

    def words(self, names):
        return f"{names.get(self.house, self.house)}'s ninja strikes {names.get(self.target, self.target)}" \
               f": {self.roll}, " + ("assassinated" if self.success else "fails")


@attrs.frozen
class Revenge(ShogunEvent):
    """[SC-11.7] The intended victim's revenge: 9-12 succeeds."""

    house: str = ""  # the victim
    against: str = ""
    roll: int = 0
    target: str = ""  # the hirer's daimyo chosen, "" none

    def words(self, names):
        n = names.get
        out = f"{n(self.house, self.house)} takes revenge on {n(self.against, self.against)}: " \
              f"{self.roll}, "
        return out + (f"{n(self.target, self.target)} is assassinated" if self.target
                      else "nothing happens")


@attrs.frozen
class WarTurn(ShogunEvent):
    """[SC-12.1] A house's Wage War turn, in sword order."""

    house: str = ""
    sword: int = 0
    heading: ClassVar[bool] = True
    line = "Wage War: {house} (sword {sword})"


@attrs.frozen
class PhaseBegan(ShogunEvent):
    house: str = ""
    phase: str = ""
    line = "{house}: phase {phase}"


@attrs.frozen
class ArmyMoved(ShogunEvent):
    """[SC-13.2] [SC-21.2] One step of an army's marker."""

    army: str = ""
    frm: str = ""
    to: str = ""
    line = "{army} moves {frm} -> {to}"


@attrs.frozen
class Garrisoned(ShogunEvent):
    """[SC-13.4] An army leaves units behind as a provincial force."""

    army: str = ""
    province: str = ""
    units: dict[str, int] = attrs.field(factory=dict)

    def words(self, names):
        return f"{names.get(self.army, self.army)} leaves {_units(self.units)} in " \
               f"{names.get(self.province, self.province)}"


@attrs.frozen
class PickedUp(ShogunEvent):
    """[SC-13.5] [SC-21.4] Units of a provincial force join an army."""

    army: str = ""
    province: str = ""
    unit: str = ""
    line = "{army} picks up a {unit} in {province}"


@attrs.frozen
class UnitMarched(ShogunEvent):
    """[SC-21.3] [SC-21.4] A unit moves one province in Phase D."""

    house: str = ""
    unit: str = ""
    frm: str = ""  # a province, or an army id
    to: str = ""
    army: str = ""  # joins this army
    line = "{house}: {unit} {frm} -> {to}"


@attrs.frozen
class Conquered(ShogunEvent):
    """[SC-12.4] [SC-21.7] The first to move into an empty province takes its card."""

    house: str = ""
    province: str = ""
    line = "{house} conquers {province}"


@attrs.frozen
class ProvinceLost(ShogunEvent):
    """[SC-17.8] Its card goes face up to the red rectangle."""

    house: str = ""
    province: str = ""
    line = "{house} loses {province}"


@attrs.frozen
class BattleDeclared(ShogunEvent):
    """[SC-14] A first battle, marked with a battle marker."""

    troop: str = ""  # an army id, or "force@PROVINCE"
    frm: str = ""
    to: str = ""

    def words(self, names):
        n = names.get
        troop = "the provincial force" if self.troop.startswith("force@") else \
            n(self.troop, self.troop)
        return f"{troop} in {n(self.frm, self.frm)} declares a battle on {n(self.to, self.to)}"


@attrs.frozen
class BattleBegan(ShogunEvent):
    troop: str = ""
    frm: str = ""
    to: str = ""
    attacker: str = ""
    defender: str = ""  # "" an empty province
    naval: bool = False
    heading: ClassVar[bool] = False

    def words(self, names):
        n = names.get
        how = " (naval invasion)" if self.naval else ""
        if not self.defender:
            return f"{n(self.troop, self.troop)} ({n(self.attacker, self.attacker)}) " \
                   f"attacks the empty {n(self.to, self.to)}: no combat"
        return f"battle: {n(self.troop, self.troop)} ({n(self.attacker, self.attacker)}) from " \
               f"{n(self.frm, self.frm)} attacks {n(self.defender, self.defender)} in " \
               f"{n(self.to, self.to)}{how}"


@attrs.frozen
class BattleSkipped(ShogunEvent):
    """[SC-15.6] A declared battle that cannot be fought."""

    troop: str = ""
    to: str = ""
    why: str = ""
    line = "{troop}'s battle on {to} is not fought: {why}"


@attrs.frozen
class BonusDefenders(ShogunEvent):
    """[SC-18.1] [SC-18.3] A castle's spearmen or a fortress's ronin join the defence."""

    province: str = ""
    unit: str = ""
    count: int = 0
    line = "{count} bonus {unit} defend {province}"


@attrs.frozen
class Hits(ShogunEvent):
    """[SC-16.2] One side's roll of one unit type in a step."""

    house: str = ""
    step: int = 0
    unit: str = ""
    dice: tuple[int, ...] = ()
    value: int = 0
    hits: int = 0
    terse: ClassVar[bool] = True
    reveals: ClassVar[bool] = True

    def words(self, names):
        return f"step {self.step}: {names.get(self.house, self.house)}'s {self.unit} roll " \
               f"{' '.join(map(str, self.dice))} (hit on {self.value} or less): {self.hits} hit(s)"


@attrs.frozen
class Casualty(ShogunEvent):
    """[SC-17.1] A unit removed, chosen by its owner."""

    house: str = ""
    unit: str = ""
    troop: str = ""  # an army id, "force", "bonus"
    province: str = ""
    line = "{house} removes a {unit} ({troop}) in {province}"


@attrs.frozen
class BattleEnded(ShogunEvent):
    """[SC-17.7] A: the defenders eliminated; B: the attackers; C: called off."""

    to: str = ""
    result: str = ""
    rounds: int = 0
    success: bool = False
    line = "the battle for {to} ends after {rounds} combat round(s): {result}"


@attrs.frozen
class ExperienceGained(ShogunEvent):
    """[SC-19.8] One hole to the right after a round with a successful battle."""

    army: str = ""
    hole: int = 0
    level: int = 1
    line = "{army} gains experience: level {level}"


@attrs.frozen
class DaimyoLost(ShogunEvent):
    """[SC-20.1] [SC-11.9] A daimyo lost: its army no longer exists."""

    army: str = ""
    province: str = ""
    line = "{army}'s daimyo is lost in {province}"


@attrs.frozen
class Eliminated(ShogunEvent):
    """[SC-20.3] [SC-20.4] A player loses his last daimyo."""

    house: str = ""
    by: str = ""  # "" nobody gains
    provinces: int = 0
    line = "{house} is out of the game; {by} takes his {provinces} provinces and units"


@attrs.frozen
class RoninLeft(ShogunEvent):
    """[SC-22.1] Every hired ronin goes back to the master tray."""

    ronin: int = 0
    line = "Remove Ronin: {ronin} ronin go back to the master tray"


@attrs.frozen
class KokuCollected(ShogunEvent):
    """[SC-22.2] One koku for every three provinces, at least three."""

    koku: dict[str, int] = attrs.field(factory=dict)

    def words(self, names):
        return "Collect Koku: " + ", ".join(f"{names.get(h, h)} {k}" for h, k in self.koku.items())


@attrs.frozen
class ShogunDecided(ShogunEvent):
    """[SC-23] The winner, or the round limit reached."""

    winner: str = ""
    level: str = ""
    provinces: dict[str, int] = attrs.field(factory=dict)
    heading: ClassVar[bool] = True

    def words(self, names):
        held = ", ".join(f"{names.get(p, p)} {n}" for p, n in self.provinces.items())
        who = f"{names.get(self.winner, self.winner)} wins: " if self.winner else ""
        return f"game over: {who}{self.level} (provinces: {held})"
