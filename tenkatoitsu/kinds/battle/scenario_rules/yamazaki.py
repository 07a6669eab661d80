"""Yamazaki 1582 [19]: the special rules of the battle, one module each.

- `rule yamazaki { zones ... }`: Mount Tennō's two zones [19.2.3], in both
  games: each zone a side controls gives it one free chit into the Bowl in its
  command phase and -1 to its battle plan activation roll.
- `rule yamazaki-long { ... }`: the long game [19.4]: Akechi's set-up in the
  fortress and one or two encampments, his clan chits on the map and their
  recall at ½ CP until the end of turn 5 [19.4.1]; the extra night delay
  [19.4.4] and its fortress/encampment exceptions [19.4.6]; the ninjas [19.4.5].
- `rule tsutsui { ... }`: Tsutsui Junkei joins Akechi [19.6.2].
- `rule mimaki { ... }`: Mimaki Kaneaki's samurai marker [19.6.3].

Hideyoshi's command exception [19.2.1], the vanguard and rearguard [19.4.2],
the plan modifiers [19.4.3] and the victory table [19.5] are data in
scenarios/yamazaki.tks."""

from __future__ import annotations

from tenkatoitsu.core.decisions import Decision, Option, yes_no
from tenkatoitsu.hexmap import Hex, hex_distance, shortest_paths
from tenkatoitsu.kinds.battle.hooks import ScenarioRule, register
from tenkatoitsu.kinds.battle.queries.chits import distance_destination, selectable
from tenkatoitsu.kinds.battle.queries.zoc import enemy_zoc
from tenkatoitsu.kinds.battle.state import (
    DELAY_BOXES,
    chit_clan,
    clan_chit,
    delay_box_of,
    delay_place,
)

NONE = "none"
FORTRESS = "fortress"


def controls_zone(game, side: str, zone: str) -> bool:
    """[19.2.3] at least one unit of `side` in the zone, and no enemy unit
    and no EZoC in it."""
    hexes = game.map.zones[zone]
    sides = {game.side_of(u) for h in hexes for u in game.occupants(h)}
    if sides != {side}:
        return False
    ezoc = enemy_zoc(game, side)
    return not any(h in ezoc for h in hexes)


def _delay(dest: str) -> int:
    """How many turns a destination delays a chit: 0 for the Bowl, else its box."""
    return delay_box_of(dest) or 0


def _delayed_more(dest: str, boxes: int, side: str) -> str:
    """[19.4.4] `boxes` more than `dest`: the Bowl becomes box 1; the track
    ends at box 4 [2.3]."""
    if boxes <= 0:
        return dest
    return delay_place(min(DELAY_BOXES, _delay(dest) + boxes), side)


def distance_from(game, side: str, start: Hex, clan: str) -> float | None:
    """[9.3] the command distance from `start` to the clan's nearest unit, as
    the Sō-taishō's (roads and paths ½, a fortress 1 in and 1 out [15.3]),
    never through an enemy unit."""
    targets = {u.hex for u in game.state.clan_units(clan)}
    if not targets:
        return None
    if start in targets:
        return 0.0
    enemy = {u.hex for u in game.units_on_map(game.enemy(side))}
    mi = game.map

    def cost(a: Hex, b: Hex):
        if b in enemy and b not in targets:
            return None
        return mi.command_cost(a, b)

    res = shortest_paths(start, cost, neighbours=mi.neighbours, targets=targets)
    return min((res.cost[t] for t in targets if t in res.cost), default=None)


# ====================================================================== [19.2.3]

@register
class MountTenno(ScenarioRule):
    name = "yamazaki"
    params = {"zones": "the zones of Mount Tennō, quoted [19.2.3]"}

    def held_zones(self, game, side: str) -> list[str]:
        return [z for z in self.param_values("zones") if controls_zone(game, side, z)]

    def plan_modifier(self, game, side: str) -> int:
        """[19.2.3] -1 to the activation roll for each zone held."""
        return -len(self.held_zones(game, side))

    def chit_selection(self, game, side: str):
        """[19.2.3] for each zone held, one clan chit into the Bowl for free,
        without delay."""

        for zone in self.held_zones(game, side):
            chits = selectable(game, side)
            if not chits:
                return
            name = next((z.name or z.id for z in game.scenario.map.zones if z.id == zone), zone)
            choice = yield Decision(
                side, "free-chit",
                f"{side} holds {name}: put one clan chit into the Bowl for free?",
                tuple(Option(c, f"clan {chit_clan(c)} -> the Bowl (free, no delay)") for c in chits)
                + (Option(NONE, "no free chit"),), "19.2.3")
            if choice != NONE:
                game.move_chit(choice, f"reserve:{side}", "bowl", "19.2.3")


# ====================================================================== [19.4]

@register
class LongGame(ScenarioRule):
    name = "yamazaki-long"
    params = {
        "side": "the side that sets up in the fortress and encampments (akechi)",
        "fortress": "the fortress id (shoryuji)",
        "encampments": "how many encampments at most (2) [19.4.1]",
        "radius": "greatest distance from the fortress to an encampment hex (3)",
        "capacity": "units an encampment holds at most (7)",
        "recall-turn": "at the end of this turn every chit on the map goes to the Reserve (5)",
        "night-delay": "extra delay boxes at night outside fortress and encampments (1) [19.4.4]",
        "ninjas-side": "the side that has the ninjas (hashiba) [19.4.5]",
        "ninjas-cost": "CP the ninjas cost (2)",
    }

    def __init__(self, game, use):
        super().__init__(game, use)
        self.side = self.param("side", "akechi")
        self.encampments: list[frozenset[Hex]] = []
        self.on_map: list[str] = []  # chits of clans whose chit is on the map [19.4.1]
        self.half_cp = False  # ½ CP left over from a recall this turn
        self.ninjas_used = False
        self._distance_key: tuple | None = None  # memo of the distance from the fortress
        self._distance: float | None = None

    # -------------------------------------------------------- queries
    def fortress_hexes(self, game) -> frozenset[Hex]:
        fid = self.param("fortress")
        return frozenset(h for f in game.scenario.map.fortresses if f.id == fid for h in f.hexes)

    def camp_of(self, game, centre: Hex) -> frozenset[Hex]:
        """An encampment: the chosen hex and its six neighbours [19.4.1]
        (those on the map, outside the fortress)."""
        fort = self.fortress_hexes(game)
        return frozenset(h for h in [centre, *game.map.neighbours(centre)] if h not in fort)

    def is_sheltered(self, game, h: Hex) -> bool:
        return h in self.fortress_hexes(game) or any(h in c for c in self.encampments)

    def controls_fortress(self, game) -> bool:
        """[19.4.6] Akechi's castle stays his while no enemy unit is in it."""
        enemy = game.enemy(self.side)
        return not any(game.side_of(u) == enemy for h in self.fortress_hexes(game)
                       for u in game.occupants(h))

    # -------------------------------------------------------- set-up [19.4.1]
    def _centres(self, game, taken: frozenset[Hex]) -> list[Hex]:
        fort = self.fortress_hexes(game)
        radius = self.param("radius", 3)
        out = []
        for h in game.map.grid.hexes():
            if h in fort or min(hex_distance(h, f) for f in fort) > radius:
                continue
            camp = self.camp_of(game, h)
            if camp & taken or any(game.occupants(x) for x in camp):
                continue
            out.append(h)
        return out

    def setup(self, game):
        side = self.side
        fort = self.fortress_hexes(game)
        first = self._centres(game, frozenset())
        if first:
            choice = yield Decision(side, "encampment", f"{side}: choose the hex of the first "
                                    "encampment (within 3 hexes of the fortress) [19.4.1]",
                                    tuple(Option(h.id, h.id) for h in first), "19.4.1")
            self.encampments.append(self.camp_of(game, Hex.from_id(choice)))
        else:
            game.note("19.4.1", f"no room for an encampment: {side} sets up in the fortress")
        if self.encampments and self.param("encampments", 2) >= 2:
            second = self._centres(game, self.encampments[0])
            choice = yield Decision(side, "encampment",
                                    f"{side}: choose the hex of a second encampment, or keep one",
                                    tuple(Option(h.id, h.id) for h in second)
                                    + (Option(NONE, "one encampment only"),), "19.4.1")
            if choice != NONE:
                self.encampments.append(self.camp_of(game, Hex.from_id(choice)))
        for i, camp in enumerate(self.encampments, 1):
            game.note("19.4.1", f"{side}'s encampment {i}: {' '.join(sorted(h.id for h in camp))}")
        capacity = self.param("capacity", 7)
        used = [0] * len(self.encampments)
        for clan in game.clans_of(side):
            units = [u for u in game.state.clan_units(clan) if u.hex in fort]
            if not units:
                continue
            options = [Option(FORTRESS, "inside the fortress")]
            for i, camp in enumerate(self.encampments):
                free = [h for h in camp if not game.occupants(h)]
                if len(units) <= min(len(free), capacity - used[i]):
                    options.append(Option(i + 1, f"encampment {i + 1} ({len(free)} hexes free)"))
            where = yield Decision(side, "encampment-clan",
                                   f"{side}: where does clan {clan} set up? (a clan is never split)",
                                   tuple(options), "19.4.1", {"clan": clan})
            if where == FORTRESS:
                continue
            camp = self.encampments[where - 1]
            used[where - 1] += len(units)
            for u in units:
                free = sorted((h for h in camp if not game.occupants(h)), key=lambda h: h.id)
                h = yield Decision(side, "encampment-hex", f"{side}: hex of {u.id} in encampment "
                                   f"{where}", tuple(Option(x.id, x.id) for x in free), "19.4.1",
                                   {"unit": u.id, "encampment": where})
                game.move(u.id, [u.hex, Hex.from_id(h)], "set-up", "19.4.1")
        # [19.4.1] the clan chits go on the map, not in the Reserve box
        for clan in game.clans_of(side):
            chit = clan_chit(clan)
            if chit in game.state.honjins[side].reserve and game.state.clan_units(clan):
                game.move_chit(chit, f"reserve:{side}", "waiting", "19.4.1")
                self.on_map.append(chit)

    def may_activate(self, game, clan: str) -> bool:
        """[19.4.1] a clan whose chit is on the map is not activated at all."""
        return clan_chit(clan) not in self.on_map

    def is_night_shelter(self, game, h: Hex) -> bool:
        return any(h in c for c in self.encampments)

    # -------------------------------------------------------- command [19.4.1] [19.4.5]
    def chit_selection(self, game, side: str):
        """[19.4.1] once his chits are picked, Akechi may bring chits from the
        map back to his Reserve at ½ CP each."""
        if side != self.side:
            return
        h = game.state.honjins[side]
        while self.on_map and (h.cp > 0 or self.half_cp):
            options = tuple(Option(c, f"recall clan {chit_clan(c)}'s chit to the Reserve (½ CP)")
                            for c in self.on_map) + (Option(NONE, "recall no more chits"),)
            choice = yield Decision(side, "recall-chit", f"{side}: recall chits from the map "
                                    f"({h.cp + (0.5 if self.half_cp else 0):g} CP left)",
                                    options, "19.4.1")
            if choice == NONE:
                break
            if self.half_cp:
                self.half_cp = False
            else:
                h.cp -= 1
                self.half_cp = True
            self.on_map.remove(choice)
            game.move_chit(choice, "waiting", f"reserve:{side}", "19.4.1")
        self.half_cp = False  # unspent CP are lost [9.2]

    def after_command_points(self, game):
        """[19.4.5] on one night turn Hashiba may pay 2 CP for his ninjas:
        Akechi loses 1D6 CP, the excess from the CP saved for his plan."""
        side = self.param("ninjas-side", "hashiba")
        cost = self.param("ninjas-cost", 2)
        h = game.state.honjins[side]
        if self.ninjas_used or not game.is_night() or h.cp < cost:
            return
        use = yield Decision(side, "ninjas", f"{side}: send the ninjas into Akechi's camp "
                             f"({cost} CP, Akechi loses 1D6 CP)?",
                             yes_no(f"send them ({cost} CP)", "not tonight"),
                             "19.4.5", {"cost": cost, "target": self.side})
        if not use:
            return
        self.ninjas_used = True
        h.cp -= cost
        target = game.state.honjins[self.side]
        roll = game.dice.d6("the ninjas' disorder", "19.4.5", side=side)
        lost = min(roll, target.cp)
        target.cp -= lost
        saved = min(roll - lost, target.plan_cp)
        target.plan_cp -= saved
        game.note("19.4.5", f"the ninjas cost {self.side} {lost} CP this turn"
                  + (f" and {saved} CP saved for the battle plan" if saved else ""))

    def chit_destination(self, game, side: str, clan: str, dest: str) -> str:
        if side != self.side or game.state.clans[clan].off_map:
            return dest
        fort = self.fortress_hexes(game)
        if dest != "bowl" and fort and self.controls_fortress(game):
            # [19.4.6] the distance may be counted from the fortress instead:
            # the shorter delay of the two, mapped as [9.3] maps any distance
            d = self._fortress_distance(game, side, clan)
            if d is not None:
                dest = min(dest, distance_destination(d, side), key=_delay)
        if game.is_night() and not any(self.is_sheltered(game, u.hex)
                                       for u in game.state.clan_units(clan)):
            # [19.4.4] at night, a clan wholly outside the fortress and the
            # encampments is delayed one box more [19.4.6]
            dest = _delayed_more(dest, self.param("night-delay", 1), side)
        return dest

    def _fortress_distance(self, game, side: str, clan: str) -> float | None:
        key = (clan, game.version)
        if self._distance_key != key:
            fort = sorted(self.fortress_hexes(game))
            self._distance_key = key
            self._distance = min((x for x in (distance_from(game, side, f, clan) for f in fort)
                                  if x is not None), default=None)
        return self._distance

    def end_of_turn(self, game):
        """[19.4.1] at the end of turn 5 every chit still on the map goes to
        the Reserve."""
        if game.state.turn == self.param("recall-turn", 5):
            for chit in list(self.on_map):
                self.on_map.remove(chit)
                game.move_chit(chit, "waiting", f"reserve:{self.side}", "19.4.1")
        return iter(())


# ====================================================================== [19.6.2]

@register
class Tsutsui(ScenarioRule):
    name = "tsutsui"
    params = {
        "side": "the side Tsutsui may join (akechi)",
        "clan": "Tsutsui's clan, quoted (\"o\")",
        "zones": "the heights whose control brings him, quoted",
        "lead": "the VP lead that brings him (4)",
        "riverbank": "entry arrows east of his own, used when it is blocked, quoted",
    }

    def __init__(self, game, use):
        super().__init__(game, use)
        self.side = self.param("side", "akechi")
        self.clan = self.param("clan", "o")
        self.lead_reached = False
        self.joined_on: int | None = None
        self.arrives_on: int | None = None
        game.listeners.append(self._watch_vp)

    def _watch_vp(self, event) -> None:
        """"even if for a short moment": the lead is watched on every VP change."""
        if type(event).__name__ == "VictoryPoints":
            vp = self.game.state.vp
            if vp[self.side] - vp[self.game.enemy(self.side)] >= self.param("lead", 4):
                self.lead_reached = True

    def setup(self, game):
        """Until he joins, Tsutsui's chit stays off the Honjin."""
        chit = clan_chit(self.clan)
        if chit in game.state.honjins[self.side].reserve:
            game.move_chit(chit, f"reserve:{self.side}", "waiting", "19.6.2")
        return iter(())

    def may_join(self, game) -> bool:
        zones = self.param_values("zones")
        heights = bool(zones) and all(controls_zone(game, self.side, z) for z in zones)
        return heights or self.lead_reached

    def after_phase(self, game) -> None:
        if self.joined_on is None and self.may_join(game):
            self.joined_on = game.state.turn
            roll = game.dice.d6("turns before Tsutsui arrives", "19.6.2", side=self.side)
            self.arrives_on = game.state.turn + roll
            game.note("19.6.2", f"Tsutsui Junkei joins {self.side}: clan {self.clan} enters on "
                      f"turn {self.arrives_on}")

    def after_command_points(self, game):
        """[19.6.2] on his turn, his chit goes into the Bowl at no cost."""
        chit = clan_chit(self.clan)
        if self.arrives_on is not None and game.state.turn >= self.arrives_on \
                and chit in game.state.waiting:
            game.move_chit(chit, "waiting", "bowl", "19.6.2")
        return iter(())

    def _blocked(self, game, h: Hex) -> bool:
        return bool(game.occupants(h)) or h in enemy_zoc(game, self.side)

    def before_entry(self, game, clan: str):
        """[19.6.2] if his arrow's hex is occupied or in an EZoC, he enters by
        any free riverbank hex east of it."""
        if clan != self.clan:
            return
        cs = game.state.clans[clan]
        entries = game.map.entries
        if not self._blocked(game, entries[cs.entry].hex):
            return
        free = [e for e in self.param_values("riverbank")
                if e in entries and not self._blocked(game, entries[e].hex)]
        if not free:
            game.note("19.6.2", f"clan {clan} finds every riverbank hex blocked")
            return
        choice = yield Decision(self.side, "entry-hex", f"{self.side}: the arrow is blocked; clan "
                                f"{clan} lands on which riverbank hex?",
                                tuple(Option(e, f"{entries[e].hex.id} ({e})") for e in free),
                                "19.6.2", {"clan": clan})
        cs.entry = choice
        game.note("19.6.2", f"clan {clan} lands at {entries[choice].hex.id}")


# ====================================================================== [19.6.3]

@register
class Mimaki(ScenarioRule):
    name = "mimaki"
    params = {"unit": "Mimaki Kaneaki's unit, quoted (\"j1\")",
              "lead": "the Leadership of his samurai marker (2)"}

    def __init__(self, game, use):
        super().__init__(game, use)
        self.taken = False

    def after_phase(self, game) -> None:
        """[19.6.3] his unit eliminated with its leader alive: Akechi takes a
        samurai marker of Leadership 2 and puts it into the Bowl [16.1]."""
        uid = self.param("unit", "j1")
        u = game.state.units.get(uid)
        if self.taken or u is None or not u.eliminated or u.leader_killed:
            return
        self.taken = True
        side = game.clan_side(u.clan)
        chit = f"samurai:{side}:mimaki"
        game.state.samurai_lead[chit] = self.param("lead", 2)
        game.move_chit(chit, None, "bowl", "19.6.3")
        game.note("19.6.3", f"Mimaki Kaneaki fights on: {side} takes a samurai marker "
                  f"(Leadership {self.param('lead', 2)})")
