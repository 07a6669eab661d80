"""The events of the §10 modules of a clans game (the core's are in
`events`): Political Play's pacts, the Rice and War's Koku, the Path of
Glory, the Ikkō-ikki, the Nanban Trade and the Emperor's Favor. Each names
the rule that produced it."""

from __future__ import annotations

import attrs

from tenkatoitsu.kinds.clans.events import ClansEvent, SecretKept


@attrs.frozen
class GloryPathTaken(ClansEvent):
    """[§10.4-b] A clan whose last Daimyō fell walks the Path of Glory."""

    clan: str = ""
    line = "{clan} has lost its last Daimyō and takes the Path of Glory"


@attrs.frozen
class GloryScored(ClansEvent):
    """[§10.4-d] Glory Points."""

    clan: str = ""
    points: int = 0
    total: int = 0
    why: str = ""
    line = "{clan} gains {points} Glory Points for {why} (now {total})"


@attrs.frozen
class LegitimacyGained(ClansEvent):
    """[§10.7.1] Sole control of Kyoto when Reinforcement begins."""

    clan: str = ""
    amount: int = 0
    total: int = 0
    line = "{clan} holds Kyoto alone: +{amount} Legitimacy (now {total})"


@attrs.frozen
class EdictIssued(ClansEvent):
    """[§10.7.2] An Imperial Edict."""

    clan: str = ""
    edict: str = ""
    cost: int = 0
    target: str = ""
    line = "{clan} issues the edict {edict} ({cost} Legitimacy): {target}"


@attrs.frozen
class ClaimEnforced(ClansEvent):
    """[§10.7.2] Legitimate Claim: enemy Bushi removed, their owner paid a Koku each."""

    clan: str = ""
    province: str = ""
    removed: dict[str, int] = attrs.field(factory=dict)  # owner -> Bushi

    def words(self, names):
        lost = ", ".join(f"{n} of {names.get(c, c)} (paid {n} Koku)"
                         for c, n in self.removed.items())
        return f"{names.get(self.clan, self.clan)}'s claim in " \
               f"{names.get(self.province, self.province)} removes {lost or 'no Bushi'}"


@attrs.frozen
class UnrestRose(ClansEvent):
    """[§10.5.1] An Unrest marker: a Bushi of the defeated holder on its side."""

    province: str = ""
    clan: str = ""
    markers: int = 0
    line = "unrest in {province} after {clan}'s defeat ({markers} marker(s))"


@attrs.frozen
class Rebelled(ClansEvent):
    """[§10.5.2] The province rises: an Ikkō-ikki Stronghold."""

    province: str = ""
    removed: dict[str, int] = attrs.field(factory=dict)  # clan -> Bushi lost

    def words(self, names):
        lost = ", ".join(f"{names.get(c, c)} {n}" for c, n in self.removed.items())
        return f"{names.get(self.province, self.province)} rises: an Ikkō-ikki Stronghold " \
               f"of neutral Bushi (Bushi lost: {lost or 'none'})"


@attrs.frozen
class DaimyoRetreated(ClansEvent):
    """[§10.5.2] [§10.5.3] Units leave a province (to None: removed from the game)."""

    clan: str = ""
    frm: str = ""
    to: str | None = None

    def words(self, names):
        c, f = names.get(self.clan, self.clan), names.get(self.frm, self.frm)
        if self.to is None:
            return f"{c}'s units in {f} have nowhere to go and are removed from the game"
        return f"{c}'s units retreat from {f} to {names.get(self.to, self.to)}"


@attrs.frozen
class UnrestPacified(ClansEvent):
    """[§10.5.3-a] Administrative pacification."""

    clan: str = ""
    province: str = ""
    owner: str = ""
    cost: int = 0
    line = "{clan} pacifies {province} ({cost} Koku): one Unrest marker removed"


@attrs.frozen
class Pacified(ClansEvent):
    """[§10.5.3-b] The pacification test after a Stronghold is won."""

    clan: str = ""
    province: str = ""
    face: int = 0
    passed: bool = False

    def words(self, names):
        c, p = names.get(self.clan, self.clan), names.get(self.province, self.province)
        if self.passed:
            return f"{c} rolls {self.face}: {p} is pacified"
        return f"{c} rolls {self.face}: {p} is not pacified, the attackers must retreat"


@attrs.frozen
class RiceSown(ClansEvent):
    """[§10.3.1] Koku sown on a province, in public."""

    clan: str = ""
    province: str = ""
    amount: int = 0
    line = "{clan} sows {amount} Koku on {province}"


@attrs.frozen
class RiceStored(SecretKept):
    """[§10.3.1] Koku set aside behind the screen."""

    clan: str = ""
    seat: str = ""
    amount: int = 0
    line = "{clan} stores {amount} Koku"


@attrs.frozen
class RiceUnstored(SecretKept):
    """[§10.3.2] Stored Koku back to the treasury."""

    clan: str = ""
    seat: str = ""
    amount: int = 0
    line = "{clan}'s {amount} stored Koku return to its treasury"


@attrs.frozen
class RiceRaided(ClansEvent):
    """[§6.2.7] A conqueror seizes the Koku sown there."""

    clan: str = ""
    province: str = ""
    amount: int = 0
    line = "{clan} raids {province}: {amount} sown Koku seized"


@attrs.frozen
class Harvested(ClansEvent):
    """[§10.3.2] The harvest of one province."""

    clan: str = ""
    province: str = ""
    sown: int = 0
    amount: int = 0
    face: int = 0
    line = "{clan} harvests {amount} Koku from {sown} sown on {province} (harvest roll {face})"


@attrs.frozen
class RiceSpoiled(ClansEvent):
    """[§10.3.2] Spoilage: half the treasury, rounded down."""

    clan: str = ""
    amount: int = 0
    line = "{clan} loses {amount} Koku to spoilage"


@attrs.frozen
class FirearmsBought(ClansEvent):
    """[§10.6.2] Firearm Technology, and its Arquebusiers in a Trading Post."""

    clan: str = ""
    province: str = ""
    count: int = 0
    cost: int = 0
    line = "{clan} buys Firearm Technology ({cost} Koku): {count} Arquebusiers in {province}"


@attrs.frozen
class PactOffered(ClansEvent):
    """[§10.1.1-c] An Honor Pact offered (1 Koku to the supply)."""

    clan: str = ""
    to: str = ""
    cost: int = 0
    line = "{clan} offers an Honor Pact to {to} ({cost} Koku)"


@attrs.frozen
class PactAnswered(ClansEvent):
    """[§10.1.1-d] Accepted (both pledge 2 Koku) or declined."""

    clan: str = ""
    offerer: str = ""
    accepted: bool = False

    def words(self, names):
        c, o = names.get(self.clan, self.clan), names.get(self.offerer, self.offerer)
        if self.accepted:
            return f"{c} accepts: {o} and {c} are bound by an Honor Pact (4 Koku pledged)"
        return f"{c} declines {o}'s pact"


@attrs.frozen
class FistClosed(SecretKept):
    """[§10.1.4-b] A partner's secret fist."""

    clan: str = ""
    seat: str = ""
    choice: str = ""
    line = "{clan} closes its fist: {choice}"


@attrs.frozen
class FistsOpened(ClansEvent):
    """[§10.1.4-c] Both fists open together."""

    a: str = ""
    b: str = ""
    fist_a: str = ""
    fist_b: str = ""
    line = "the fists open: {a} {fist_a}, {b} {fist_b}"


@attrs.frozen
class PactDissolved(ClansEvent):
    """[§10.1.4-d] [§10.1.1-e] A pact ends (`initiator`: who ended it)."""

    a: str = ""
    b: str = ""
    initiator: str = ""
    line = "the pact of {a} and {b} is dissolved ({initiator} ends it)"


@attrs.frozen
class OrderedRetreat(ClansEvent):
    """[§10.1.4-d] The initiator's unit leaves a shared province."""

    clan: str = ""
    frm: str = ""
    to: str = ""
    line = "{clan}: a unit retreats from {frm} to {to}"


@attrs.frozen
class PactBetrayed(ClansEvent):
    """[§10.1.3] An attack on the ally: pool to the victim, −1, Blood Feud."""

    clan: str = ""
    victim: str = ""
    province: str = ""
    pool: int = 0
    line = "{clan} betrays {victim} in {province}: {victim} takes the pool of {pool} Koku " \
           "and declares a Blood Feud"
