"""`rule sekigahara { ... }`: the special rules of Sekigahara 1600 [21].

- [21.2] Mōri, a second Sō-taishō for Ishida once he joins: his own CP table,
  delays counted from his own position (the succession Ishida -> Ukita ->
  Ōtani is the side's `successors`; A1 and 18A carry `flag never-routs`);
- [21.4] the betrayals (`sekigahara_betrayal.py`);
- [21.5] large clans: one family on the influence track, combined attacks
  without the [11.4] roll, rout L1 -> L2 (E, N alike), A2/A3 free with A1;
- [21.6] Ii Naomasa's impetuosity;
- [21.7] Tokugawa's hatamoto, Ōtani's head, the pledge correction.

Its data (the Betrayal Aid) comes from the rule's parameters:
`sekigahara_data.py`."""

from __future__ import annotations

from tenkatoitsu.core.decisions import Decision, Option
from tenkatoitsu.hexmap import hex_distance
from tenkatoitsu.kinds.battle import events as ev
from tenkatoitsu.kinds.battle.hooks import ScenarioRule, register
from tenkatoitsu.kinds.battle.queries import chits, reach
from tenkatoitsu.kinds.battle.queries.tables import lookup
from tenkatoitsu.kinds.battle.queries.zoc import enemy_zoc
from tenkatoitsu.kinds.battle.rules.clan_phase import order_sequence
from tenkatoitsu.kinds.battle.scenario import model as m
from tenkatoitsu.kinds.battle.scenario_rules import sekigahara_data as data
from tenkatoitsu.kinds.battle.scenario_rules.sekigahara_betrayal import Betrayals
from tenkatoitsu.kinds.battle.state import chit_clan, clan_chit, place_name

NONE = "none"
DONE = "done"


@register
class Sekigahara(ScenarioRule):
    name = "sekigahara"
    params = data.PARAMS

    def __init__(self, game, use: m.RuleUse):
        super().__init__(game, use)
        self.data = data.read(use)
        self.betrayals = Betrayals(game, self.data)
        self.ii_checked = False  # [21.6] Tokugawa's first clan activation
        self.hatamoto_seen: set[str] = set()
        self.pledges_counted = False
        game.listeners.append(self._on_event)

    @classmethod
    def check(cls, scenario, use, checker) -> None:
        data.check(scenario, use, checker)

    # ------------------------------------------------------------ the turn
    def setup(self, game):
        yield from self.betrayals.setup()

    def start_of_turn(self, game):
        yield from self.betrayals.turn()

    def after_command_points(self, game):
        self.betrayals.place_pending()  # the free chits of clans that joined [21.4.2]
        yield from self.mori_command(game)

    def undecided_clans(self, game):
        return self.betrayals.undecided

    def before_combat(self, game, attackers, defenders):
        """[21.4.1] an undecided clan that is attacked joins Ishida at once."""
        b = self.betrayals
        for d in defenders:
            clan = game.state.units[d].clan
            if b.is_undecided(clan):
                yield from b.join(data.family(clan), b.west, "attacked", "21.4.1")

    # ------------------------------------------------------------ [21.2] Mōri
    def mori_command(self, game):
        """[21.2] once his clan has joined Ishida, Mōri rolls on his own CP
        table and picks chits, each placed by its distance from him."""
        b = self.betrayals
        if self.data.commander is None:
            return
        uid, fam = self.data.commander
        u = game.state.units.get(uid)
        if b.joined.get(fam) != b.west or u is None or u.eliminated or u.leader_killed \
                or game.side_of(uid) != b.west:
            return
        sdef = game.side_defs[b.west]
        entry = next((c for c in sdef.commanders if c.unit == uid), None)
        if entry is None:
            return
        roll = game.dice.d6(f"command points of {uid}", "21.2", side=b.west)
        mod = 0 if game.unit_order(uid) in set(entry.exempt) | {m.Order.DEFENSE} else -1
        mod += lookup(game.scenario.table("bundori"), game.state.bundori[b.east])[0]
        cp = lookup(game.scenario.table(entry.table), roll + mod)[0]
        game.emit(ev.CommandPoints(rule="21.2", side=b.west, roll=roll, modifier=mod, cp=cp))
        while cp > 0:
            options = []
            for chit in chits.selectable(game, b.west):
                dest = self.destination_from(game, uid, chit_clan(chit))
                options.append(Option(chit, f"clan {chit_clan(chit)} -> {place_name(dest)} "
                                            f"(from {uid})"))
            if not options:
                break
            options.append(Option(DONE, f"keep {uid}'s {cp} remaining CP unspent (lost)"))
            choice = yield Decision(b.west, "select-chit",
                                    f"{b.west}: {uid} picks a clan chit ({cp} CP left)",
                                    tuple(options), "21.2")
            if choice == DONE:
                break
            dest = self.destination_from(game, uid, chit_clan(choice))
            game.move_chit(choice, f"reserve:{b.west}", dest, "21.2")
            cp -= 1
            yield from self.chit_selected(game, b.west, choice, dest)

    @staticmethod
    def destination_from(game, uid: str, clan: str) -> str:
        """[9.3] [21.2] the chit's place by its MP distance from `uid`."""
        side = game.clan_side(clan)
        if game.state.clans[clan].off_map:
            return "bowl"
        return chits.distance_destination(chits.command_distance(game, side, clan, origin=uid),
                                          side)

    # ------------------------------------------------------------ [21.5] large clans
    def attack_family(self, game, clan: str) -> str:
        return data.family(clan)

    def after_rout(self, game, clan: str, result: str):
        """[21.5] when L1 routs, L2 routs as well (not the reverse); E and N alike."""
        if result != "rout":
            return
        for head, *followers in self.data.rout_follows:
            if head != clan:
                continue
            for f in followers:
                units = game.state.clan_units(f)
                if units:
                    game.note("21.5", f"clan {clan} routs: clan {f} routs as well")
                for u in list(units):
                    game.eliminate(u.id, "21.5")
        return
        yield  # a generator

    def chit_selected(self, game, side: str, chit: str, dest: str):
        """[21.5] with A1's chit, A2's or A3's may go into the Bowl for free."""
        fc = self.data.free_companion
        if not fc or chit != clan_chit(fc[0]):
            return
        free = [c for c in chits.selectable(game, side) if chit_clan(c) in fc[1:]]
        if not free:
            return
        choice = yield Decision(side, "free-companion",
                                f"{side}: clan {fc[0]}'s chit is placed: one companion's chit "
                                "goes into the Bowl for free?",
                                tuple(Option(c, f"clan {chit_clan(c)} into the Bowl") for c in free)
                                + (Option(NONE, "none"),), "21.5")
        if choice != NONE:
            game.move_chit(choice, f"reserve:{side}", "bowl", "21.5")

    # ------------------------------------------------------------ [21.6] Ii Naomasa
    def activate_clan(self, game, clan: str):
        """[21.6] if Tokugawa's first clan activation is one of clans 1-8, a
        4-6 on 1D6 sends Ii and Matsudaira in first, in Attack."""
        imp = self.data.impetuous
        if self.ii_checked or not imp or imp[0] not in game.state.clans:
            return False
        side = game.clan_side(imp[0])
        if game.clan_side(clan) != side:
            return False
        self.ii_checked = True
        if clan not in self.data.impetuous_trigger:
            return False
        roll = game.dice.d6(f"Ii Naomasa's impetuosity (clan {clan} drawn)", "21.6", side=side)
        if roll < 4:
            game.note("21.6", f"{roll}: clan {clan} is activated as drawn")
            return False
        game.note("21.6", f"{roll}: Ii Naomasa goes in first; clan {clan} waits on Delay box 1")
        game.move_chit(clan_chit(clan), "bowl", f"delay1:{side}", "21.6")

        for i, c in enumerate(imp):
            if not game.state.clan_units(c):
                continue
            game.state.moved.clear()
            game.emit(ev.PhaseStarted(rule="21.6", phase="clan phase", side=side, clan=c))
            game.set_order(c, m.Order.ATTACK, "21.6")
            if i == 0:
                yield from self.ii_goes_in(game, c, side)
            yield from order_sequence(game, c)
        for c in imp:  # their chits go to the Reserve: no more activation this turn
            chit = clan_chit(c)
            for place in game.state.chit_places(chit):
                if place != f"reserve:{side}":
                    game.move_chit(chit, place, f"reserve:{side}", "21.6")
        return True

    def ii_goes_in(self, game, clan: str, side: str):
        """[21.6] one unit of Ii's clan is placed in the nearest EZoC."""

        units = [u.id for u in game.state.clan_units(clan)]
        if not units:
            return
        uid = units[0] if len(units) == 1 else (yield Decision(
            side, "impetuous-unit", f"{side}: which unit of clan {clan} goes in?",
            tuple(Option(u, u) for u in units), "21.6", {"clan": clan}))
        here = game.state.units[uid].hex
        free = [h for h in enemy_zoc(game, side) if reach.can_enter(game, side, h, uid)
                and not game.occupants(h)]
        if not free:
            game.note("21.6", f"no enemy ZoC hex is free for {uid}")
            return
        best = min(hex_distance(here, h) for h in free)
        near = sorted((h for h in free if hex_distance(here, h) == best), key=lambda h: h.id)
        if len(near) == 1:
            dest = near[0]
        else:
            value = yield Decision(side, "impetuous-hex", f"{side}: where does {uid} go in?",
                                   tuple(Option(h.id, h.id) for h in near), "21.6", {"unit": uid})
            dest = next(h for h in near if h.id == value)
        game.move(uid, [here, dest], "placement", "21.6")
        game.state.moved.add(uid)  # it comes into contact: an assault [11.5]

    # ------------------------------------------------------------ [21.7] victory
    def _on_event(self, event) -> None:
        self.betrayals.on_event(event)
        if type(event).__name__ == "CombatDeclared" and self.data.hatamoto:
            g = self.game
            for uid in event.attackers + event.defenders + event.supports:
                clan = g.state.units[uid].clan
                if clan in self.data.hatamoto and clan not in self.hatamoto_seen:
                    # [21.7.2.1] the first fight or support of each hatamoto clan
                    self.hatamoto_seen.add(clan)
                    g.add_vp(self.betrayals.west, 1, f"Tokugawa's hatamoto {clan} fights",
                             "21.7.2.1")

    def end_of_game(self, game) -> None:
        """[21.7.2.3] Ōtani's head was never found: his Bundori counts only on 5-6."""
        if self.data.lost_head is None:
            return
        uid, need = self.data.lost_head
        u = game.state.units.get(uid)
        if u is None or not u.leader_killed:
            return
        side = game.enemy(game.side_of(uid))
        roll = game.dice.d6(f"{uid}'s head", "21.7.2.3", side=side)
        if roll < need:
            game.add_vp(side, -1, f"{uid}'s head is never found ({roll})", "21.7.2.3")
        else:
            game.note("21.7.2.3", f"{roll}: {uid}'s head is claimed")

    def final_result(self, game, result):
        """[21.7.3] if Tokugawa wins by the margin, Ishida adds the pledges'
        VP: no longer ahead (or level), Tokugawa only draws."""
        b = self.betrayals
        margin = game.scenario.victory.margin if game.scenario.victory else None
        lead = game.state.vp[b.east] - game.state.vp[b.west]
        if margin is None or lead < margin or self.pledges_counted:
            return result
        self.pledges_counted = True
        vp = b.pledge_vp()
        if not vp:
            return result
        game.add_vp(b.west, vp, f"Tokugawa's {b.pledges} pledges", "21.7.3")
        if game.state.vp[b.east] - game.state.vp[b.west] > 0:
            return b.east, f"{game.side_defs[b.east].name} wins despite the pledges"
        return None, "draw: the pledges cost Tokugawa his victory"
