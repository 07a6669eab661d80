"""What the heuristic reads from its seat's view (`context.view()`) and the
static table (neighbours, sea zones, the province lists, the box's numbers,
the variants in play), never the game's state: who stands where, who holds
what, who is allied with whom [§10.1], where its units may go [§6.1], the
modifiers of a battle [§0.1] and its units' dice [§10.2], the enemy troops
that can reach each province before its next turn, and who leads the race
to victory."""

from __future__ import annotations

from collections import deque

from tenkatoitsu.kinds.clans.bots import odds
from tenkatoitsu.kinds.clans.scenario.model import (
    ARQUEBUSIERS,
    BANNERMEN,
    DAIMYO,
    EMPERORS_FAVOR,
    IKKO_IKKI,
    KYOTO,
    NANBAN_TRADE,
    NEUTRAL,
    PATH_OF_GLORY,
    POLITICAL_PLAY,
    RICE_AND_WAR,
    RONIN,
    SPEARMEN,
    SPECIALIZED_WARFARE,
)

SABOTAGE, DIVERSION, ASSASSINATION = "sabotage", "diversion", "assassination"
#: the clan abilities the bot reads [§2.4]
VANGUARD, DRAGON, WALL, MOUNTAINS, KAI, INLAND, NANBAN = (
    "vanguard", "dragons-domain", "unbreakable-wall", "mountains", "wind-of-kai", "inland-sea",
    "nanban")
COASTAL_INCOME = {"island-economy": (2, 2), "western-seas": (1, 3), "inland-sea": (3, None)}
TAKEDA_ESCORT = 6
#: the Ashigaru, whom a Bannerman leads one province further [§10.2-b] [U-24]
ASHIGARU = (SPEARMEN, ARQUEBUSIERS)
#: a Glory Point for a walker of the Path of Glory [§10.4], in the odds' points
GLORY_POINT = 7.0
#: a Legitimacy point towards the Appointed Shogun [§10.7]
LEGITIMACY = 3.0
#: within this many provinces of the victory's count [§1.2] a province more
#: is worth CLOSING_WORTH shared over those still to take
CLOSING, CLOSING_WORTH = 3, 8.0


def split(units: dict) -> tuple[int, int]:
    """(Daimyō, the rest but Ronin) of a clan's units."""
    d = units.get(DAIMYO, 0)
    return d, sum(n for u, n in units.items() if u not in (DAIMYO, RONIN))


def mix_of(units: dict) -> dict[str, int]:
    """The units that fight as the 'rest' of a side: every type but the
    Daimyō and the Ronin, with their counts."""
    return {u: n for u, n in units.items() if n and u not in (DAIMYO, RONIN)}


class Board:
    """One decision's reading of the view for the bot's clan."""

    def __init__(self, bot, view: dict):
        t = bot.table
        self.bot, self.t, self.view = bot, t, view
        self.me = view["clan"]
        self.round = view["round"]
        self.phase = view["phase"]
        self.current = view["current"]
        self.order = list(view["order"])
        self.clans = view["clans"]
        self.units: dict[str, dict[str, dict[str, int]]] = {}
        self.ctrl: dict[str, str | None] = {}
        self.castle: dict[str, dict | None] = {}
        self.sown: dict[str, dict[str, int]] = {}
        self.unrest: dict[str, list[str]] = {}
        for row in view["provinces"]:
            p = row["id"]
            self.units[p] = row["units"]
            self.ctrl[p] = row["controller"]
            self.castle[p] = row["castle"]
            self.sown[p] = row.get("sown") or {}
            self.unrest[p] = row.get("unrest") or []
        me = self.clans.get(self.me) if self.me else None
        self.koku = (me or {}).get("koku") or 0
        self.stored = (me or {}).get("stored") or 0
        self.ninja = view["ninja"]
        self.limit = t.components.stack_limit
        self.target = view["victory"]
        self.mandate = tuple(view["mandate"])
        self.model = bot.model
        variants = set(view.get("variants") or t.variants)
        self.sw = SPECIALIZED_WARFARE in variants
        self.nanban = NANBAN_TRADE in variants
        self.rice = RICE_AND_WAR in variants
        self.pacts = POLITICAL_PLAY in variants
        self.glory_on = PATH_OF_GLORY in variants
        self.ikko = IKKO_IKKI in variants
        self.favor = EMPERORS_FAVOR in variants
        self.feuds = {tuple(f) for f in view.get("feuds") or ()}
        self._threat: dict | None = None
        self._leader: tuple | None = None
        self._blocked: dict[str, frozenset] = {}

    # ---- who is who
    def row(self, clan: str | None) -> dict | None:
        """The clan's open track, None for the Ikkō-ikki rebels or no one."""
        return self.clans.get(clan) if clan else None

    def rivals(self) -> list[str]:
        """The other clans still in the game."""
        return [c for c, row in self.clans.items()
                if c != self.me and not row["eliminated"]]

    def ally(self, clan: str | None = None) -> str | None:
        """The clan's partner in an Honor Pact [§10.1]."""
        row = self.row(clan or self.me)
        return row.get("pact") if row else None

    def allied(self, a: str, b: str) -> bool:
        return a is not None and b is not None and a != b and self.ally(a) == b

    def walker(self, clan: str | None = None) -> bool:
        """On the Path of Glory [§10.4]."""
        row = self.row(clan or self.me)
        return bool(row) and row.get("glory") is not None

    def mine(self) -> list[str]:
        return [p for p, c in self.ctrl.items() if c == self.me]

    def held_by(self, clan: str) -> list[str]:
        return [p for p, c in self.ctrl.items() if c == clan]

    def my_units(self, p: str) -> dict[str, int]:
        return self.units[p].get(self.me, {})

    def stack(self, p: str, clan: str | None = None) -> int:
        return sum(self.units[p].get(clan or self.me, {}).values())

    def empty(self, p: str) -> bool:
        return not self.units[p]

    def strangers(self, p: str, clan: str | None = None) -> bool:
        """Units of a player not `clan`'s ally stand in `p` [§6.1] [§10.1.2-a]."""
        return p in self.blocked(clan or self.me)

    def blocked(self, clan: str) -> frozenset:
        """The provinces where units of a player not `clan`'s ally stand."""
        got = self._blocked.get(clan)
        if got is None:
            ally = self.ally(clan)
            got = self._blocked[clan] = frozenset(
                p for p, cl in self.units.items()
                if any(c != clan and c != ally for c in cl))
        return got

    def enemy_side(self, p: str, clan: str | None = None) -> tuple[int, int]:
        """Every other clan's (not an ally's) Daimyō and Bushi in `p`, as one side."""
        clan = clan or self.me
        d = b = 0
        for c, us in self.units[p].items():
            if c != clan and not self.allied(clan, c):
                x, y = split(us)
                d, b = d + x, b + y
        return d, b

    def enemy_mix(self, p: str, clan: str | None = None) -> dict[str, int]:
        clan = clan or self.me
        out: dict[str, int] = {}
        for c, us in self.units[p].items():
            if c != clan and not self.allied(clan, c):
                for u, n in mix_of(us).items():
                    out[u] = out.get(u, 0) + n
        return out

    def clan_mix(self, clan: str) -> dict[str, int]:
        """Every unit of the clan but its Daimyō and Ronin, on the whole map."""
        key = ("mix", clan)
        cache = self.__dict__.setdefault("_mixes", {})
        got = cache.get(key)
        if got is None:
            got = {}
            for cl in self.units.values():
                for u, n in mix_of(cl.get(clan, {})).items():
                    got[u] = got.get(u, 0) + n
            cache[key] = got
        return got

    def diverted(self, p: str) -> bool:
        n = self.ninja
        return bool(n) and n.get("mission") == DIVERSION and n.get("target") == p

    def sabotaged(self, p: str) -> bool:
        n = self.ninja
        return bool(n) and n.get("mission") == SABOTAGE and n.get("target") == p

    def daimyos(self, clan: str | None = None) -> int:
        row = self.row(clan or self.me)
        return row["daimyos"] if row else 0

    def count(self, clan: str | None = None) -> int:
        row = self.row(clan or self.me)
        return row["provinces"] if row else 0

    def free(self, clan: str | None) -> bool:
        row = self.row(clan)
        return bool(row) and row["vassal"] is None and not row["eliminated"]

    def ability(self, clan: str | None = None) -> str:
        row = self.row(clan or self.me)
        return row["ability"] if row else ""

    def legitimacy(self, clan: str | None = None) -> int:
        row = self.row(clan or self.me)
        return (row.get("legitimacy") or 0) if row else 0

    def glory(self, clan: str | None = None) -> int:
        row = self.row(clan or self.me)
        return (row.get("glory") or 0) if row else 0

    # ---- the race [§1.2]
    def leader(self) -> tuple[str | None, float]:
        """The free rival with the best prospect of winning next (`prospect`),
        and how far its prospect is ahead of mine (negative: I lead)."""
        if self._leader is not None:
            return self._leader
        best, who = None, None
        for c in self.clans:
            if not self.free(c):
                continue
            s = self.prospect(c)
            if c != self.me and (best is None or s > best):
                best, who = s, c
        mine = self.prospect(self.me) if self.free(self.me) else 0.0
        self._leader = (who, (best or 0.0) - mine)
        return self._leader

    def prospect(self, clan: str) -> float:
        """Provinces the clan may hold at the next victory check, roughly:
        those it holds and the empty ones next to them it has the units to
        take (a Mandate race [§1.3], Kyoto's Legitimacy [§10.7] and Glory
        [§10.4] count as provinces too)."""
        return self.count(clan) + self.gains(clan) + self._bonus_race(clan)

    def gains(self, clan: str) -> float:
        """The empty provinces next to the clan's that it may take in its
        next turn (at most a third of its count and two more)."""
        held = self.held_by(clan)
        room = {q for p in held for q in self.t.neighbours[p] if self.empty(q)}
        return float(min(len(room), self.count(clan) // 3 + 2))

    def _bonus_race(self, clan: str) -> float:
        s = 0.0
        if self.mandate:
            m = sum(1 for q in self.mandate if self.ctrl[q] == clan)
            if m >= len(self.mandate) - 1:
                s += 4.0
        if self.favor and self.ctrl.get(KYOTO) == clan:
            s += 1.5 * self.legitimacy(clan)
        if self.glory_on and self.walker(clan):
            s += 2.0 * self.glory(clan)
        return s

    def danger(self, clan: str | None) -> float:
        """How near `clan` is to winning [§1.2] [§1.3] [§10.4] [§10.7]: 0
        (far) to 1 (it may win at the next check): the provinces it holds
        and may take next against the target."""
        if clan is None or clan == self.me or not self.free(clan):
            return 0.0
        gap = self.target - self.count(clan) - self.gains(clan)
        v = 0.0
        if gap <= 0:
            v = 1.0
        elif gap <= 2:
            v = 0.6
        elif gap <= 4:
            v = 0.3
        elif gap <= 6:
            v = 0.1
        if self.mandate:
            m = sum(1 for q in self.mandate if self.ctrl[q] == clan)
            if m >= len(self.mandate) - 1:
                v = max(v, 0.8)
        if self.favor and self.ctrl.get(KYOTO) == clan:
            left = self.t.components.appointed_shogun - self.legitimacy(clan)
            v = max(v, 1.0 if left <= 1 else 0.6 if left <= 2 else 0.2 if left <= 3 else 0.0)
        if self.glory_on and self.walker(clan):
            left = self.t.components.glory_to_win - self.glory(clan)
            v = max(v, 0.8 if left <= 3 else 0.3 if left <= 5 else 0.0)
        return v

    def crisis(self) -> tuple[str | None, float]:
        """The rival that may win at the next check, and how likely (0 when
        none is near): then everyone else's first business is to stop it."""
        lead, _ = self.leader()
        return lead, self.danger(lead)

    # ---- movement [§6.1]
    def steps_from(self, clan: str, here: str):
        t = self.t
        if self.ability(clan) != INLAND or t.v83 or self.ctrl[here] != clan:
            return t.neighbours[here]
        out = list(t.neighbours[here])
        for z in t.zones_of(here):  # [§2.4] the Mōri of the short text: one step on a sea zone
            out += [q for q in t.sea_zones[z] if q != here and q not in out
                    and self.ctrl[q] == clan]
        return out

    def reach(self, clan: str, origin: str, points: int) -> dict[str, int]:
        """Province -> movement points to get there, never through a province
        with another player's units, as movement.reachable finds them."""
        blocked = self.blocked(clan)
        dist = {origin: 0}
        queue = deque([origin])
        while queue:
            here = queue.popleft()
            d = dist[here]
            if d >= points or (here != origin and here in blocked):
                continue
            for q in self.steps_from(clan, here):
                if q not in dist:
                    dist[q] = d + 1
                    queue.append(q)
        del dist[origin]
        n = self.ninja
        if n and n.get("mission") == DIVERSION and n.get("target") in blocked:
            dist.pop(n["target"], None)
        return dist

    def ashigaru_reach(self, p: str, clan: str | None = None) -> int:
        """[§10.2-b] [U-24] An Ashigaru's movement points in `p`: 3 beside a Bannerman."""
        comp = self.t.components
        if self.sw and self.units[p].get(clan or self.me, {}).get(BANNERMEN):
            return comp.bushi_moves + 1
        return comp.bushi_moves

    # ---- battles [§0.1] [§6.2.3]
    def attack_bonus(self, clan: str, with_daimyo: bool, defenders=()) -> int:
        """The one largest bonus on `clan`'s attack rolls: the Oda with a
        Daimyō [§2.4]; a Censure on a defender [§10.7.2]; a Blood Feud
        against a betrayer [§10.1.3-d]."""
        bonus = 1 if with_daimyo and self.ability(clan) == VANGUARD else 0
        for d in defenders:
            row = self.row(d)
            if row and row.get("censured"):
                bonus = 1
            if (clan, d) in self.feuds:
                bonus = 1
        return bonus

    def attack_penalty(self, clan: str) -> int:
        """The betrayer's −1 for the rest of the round [§10.1.3-c]."""
        row = self.row(clan)
        return 1 if row and row.get("betrayer") else 0

    def defense_mods(self, p: str, clan: str, attacker: str | None = None,
                     castle: bool = True) -> tuple[int, int]:
        """(bonus, penalty) of `clan` defending `p`: its castle, the Uesugi's
        own province, Kyōto, a Blood Feud against the attacker; the ninja's
        Sabotage. The Ikkō-ikki's rebels have none [U-43]."""
        if clan == NEUTRAL or self.row(clan) is None:
            return 0, 0
        bonus = 0
        c = self.castle.get(p)
        if castle and c is not None and self.ctrl[p] == clan:
            bonus = 2 if c["fortified"] or (c["fortress"] and c["builder"] == clan) else 1
        if self.ability(clan) == DRAGON and self.ctrl[p] == clan:
            bonus = max(bonus, 1)
        if p == KYOTO:
            bonus = max(bonus, 1)
        if attacker is not None and (clan, attacker) in self.feuds:
            bonus = max(bonus, 1)
        return bonus, (1 if self.sabotaged(p) else 0)

    def defender_of(self, p: str, attacker: str) -> str | None:
        """The clan whose modifiers a side defending `p` gets: the holder,
        else the largest other clan there (not the attacker's ally)."""
        if self.ctrl[p] is not None and self.ctrl[p] != attacker and \
                not self.allied(attacker, self.ctrl[p]):
            return self.ctrl[p]
        others = [(sum(us.values()), c) for c, us in self.units[p].items()
                  if c != attacker and not self.allied(attacker, c)]
        return max(others)[1] if others else None

    def side(self, mix: dict | None, attacking: bool, bonus: int, penalty: int,
             field_bonus: int | None = None, daimyos: int = 0, ronin: int = 0,
             reroll: bool = False) -> tuple:
        """A side's dice for the odds: the core game's Melee chances, or
        under Specialized Warfare the profile of its mix of units."""
        m = self.model
        if self.sw:
            prof = m.profile(mix or {}, attacking, bonus, penalty, field_bonus, daimyos, ronin)
        else:
            prof = odds.as_profile(m.probs(attacking, bonus, penalty))
        if reroll:  # [§2.4] the Ōtomo's re-roll of the failed Bushi and Ronin dice
            prof = tuple((pd, 1 - (1 - pb) ** 2, 1 - (1 - pr) ** 2, n)
                         for pd, pb, pr, n in prof)
        return prof

    def odds_of(self, p: str, attacker: str, att: tuple[int, int], dfn: tuple[int, int],
                ronin_a: int = 0, ronin_d: int = 0, reroll: bool = False,
                att_mix: dict | None = None, dfn_mix: dict | None = None) -> tuple:
        """The result vector of `att` attacking `dfn` in `p` (the mixes of
        their units under Specialized Warfare: by default those in `p`)."""
        holder = self.defender_of(p, attacker)
        defenders = [c for c in self.units[p] if c != attacker
                     and not self.allied(attacker, c)] or ([holder] if holder else [])
        if self.sw:
            if att_mix is None:
                att_mix = mix_of(self.units[p].get(attacker, {}))
            if dfn_mix is None:
                dfn_mix = self.enemy_mix(p, attacker)
        bonus_a = self.attack_bonus(attacker, att[0] > 0, defenders)
        pen_a = self.attack_penalty(attacker)
        pa = self.side(att_mix, True, bonus_a, pen_a, daimyos=att[0], ronin=ronin_a,
                       reroll=reroll)
        bonus, penalty = self.defense_mods(p, holder, attacker) if holder else (0, 0)
        field = self.defense_mods(p, holder, attacker, castle=False)[0] if holder else 0
        pd = self.side(dfn_mix, False, bonus, penalty, field, dfn[0], ronin_d)
        # later turns: the province contested, no castle; the defender strikes back
        open_bonus = (1 if p == KYOTO else 0) if holder != NEUTRAL else 0
        sab = 1 if self.sabotaged(p) else 0
        open_ = self.side(dfn_mix, False, open_bonus, sab, open_bonus, dfn[0])
        if holder == NEUTRAL:
            back = self.side({}, True, 0, 0)  # the rebels never attack
            mine_def = self.side(att_mix, False, 0, 0, 0, att[0])
        else:
            back = self.side(dfn_mix, True, self.attack_bonus(holder, dfn[0] > 0, [attacker])
                             if holder else 0, 0, daimyos=dfn[0])
            mine_def = self.side(att_mix, False, open_bonus, sab, open_bonus, att[0])
        return self.model.battle(att, dfn, pa, pd, ronin_a, ronin_d,
                                 later=(pa, open_, back, mine_def))

    # ---- values
    def province_worth(self, p: str, clan: str | None = None) -> float:
        """What holding `p` is worth to `clan` (default: me) beyond the count."""
        clan = clan or self.me
        t = self.t
        v = odds.PROVINCE - (0.8 if self.rice else 0.0)  # [§10.3.2-P2] no province income
        if p in t.mountain and self.ability(clan) != MOUNTAINS:
            v -= 1.0  # [§7.1] a Koku each winter and more for its units
        if p in t.coastal and self.ability(clan) in COASTAL_INCOME:
            v += 0.7
        if p in self.mandate:
            held = sum(1 for q in self.mandate if self.ctrl[q] == clan and q != p)
            v += 1.5 + (6.0 if held >= len(self.mandate) - 1 else 1.0 * held)
            if self.glory_on and self.walker(clan) and clan == self.me and \
                    p not in self.bot.glory_scored:
                v += t.components.glory_mandate * GLORY_POINT  # [§10.4-d]
        if self.favor and p == KYOTO:  # [§10.7.1] Legitimacy each round held alone
            v += 2.0 + LEGITIMACY * min(5, self.legitimacy(clan)) * 0.5
        if self.nanban and p in t.trading_posts and clan not in self._firearms():
            v += 1.0  # [§10.6.2] Firearm Technology bought from here
        if self.ikko and self.unrest.get(p):
            v -= 0.4 * len(self.unrest[p])  # [§10.5.1] one more lost battle: a rising
        if clan == self.me and self.ctrl.get(p) != clan:
            gap = self.target - self.count(clan)
            if 0 < gap <= CLOSING:  # [§1.2] the last provinces win the game
                v += CLOSING_WORTH / gap
        return v

    def _firearms(self) -> set:
        return {c for c, row in self.clans.items() if row.get("firearms")}

    def loss_to(self, clan: str | None, p: str) -> float:
        """What `clan` losing `p` is worth to me: more for a clan close to
        victory [§1.2] or to the Mandate [§1.3], or the runaway of the race."""
        if clan is None or clan == self.me:
            return 0.0
        row = self.row(clan)
        if row is None:
            return 0.3  # the rebels' Stronghold: nobody's loss
        v = odds.ENEMY_PROVINCE
        if row["vassal"] is None:
            lead, ahead = self.leader()
            # the leader of the race most of all: a province it loses may be
            # the one it needed [§1.2]
            v += (8.0 if clan == lead else 2.5) * self.danger(clan)
            if p in self.mandate and row["mandate"] >= len(self.mandate) - 1:
                v += 8.0
            if self.favor and p == KYOTO and self.legitimacy(clan) >= 3:
                v += 3.0 * self.legitimacy(clan)
            if clan == lead and ahead > 0:
                v += min(3.0, 0.5 * ahead)
        else:
            v *= 0.5
        return v

    def valuation(self, p: str, enemy: str | None) -> odds.Valuation:
        glory = self.glory_on
        comp = self.t.components
        if enemy is None or self.row(enemy) is None:
            theirs = 99
            vassal = odds.LAST_DAIMYO_THEIRS
        else:
            theirs = self.daimyos(enemy)
            if glory:
                # [§10.4] a clan without Daimyō walks the path and keeps its land;
                # a walker of ours scores its last Daimyō
                vassal = 2.0
                if self.walker(self.me):
                    lead, _ = self.leader()
                    gp = comp.glory_defeat_leader if enemy == lead else comp.glory_defeat
                    vassal += gp * GLORY_POINT
            else:
                vassal = odds.LAST_DAIMYO_THEIRS if self.free(enemy) else 0.0
                vassal += self.clans[enemy]["provinces"] * 0.4
        gain = self.province_worth(p)
        if self.rice:  # [§6.2.7] the conqueror seizes the Koku sown there
            gain += sum(n for c, n in self.sown.get(p, {}).items() if c != self.me)
        return odds.Valuation(province_gain=gain,
                              province_loss=self.loss_to(enemy, p),
                              my_daimyos_total=self.daimyos(), their_daimyos_total=theirs,
                              their_vassal_worth=vassal,
                              my_last_daimyo=25.0 if glory else odds.LAST_DAIMYO_MINE,
                              win_chance=0.5 if enemy == NEUTRAL else 1.0)

    # ---- threats
    def recruits_of(self, clan: str) -> int:
        """The Bushi a rival may raise before it moves again: its income."""
        row = self.clans[clan]
        if self.rice:
            return min(self.limit, 3)
        return min(self.limit, 3 + row["provinces"] // 2)

    def threat(self) -> dict[str, tuple[int, int]]:
        """Province -> the strongest (Daimyō, Bushi) one rival can bring there
        in one move (its units within reach through provinces free of others'
        units, and what it can raise next to it), at most a full stack. An
        ally threatens nothing [§10.1.2-c]."""
        if self._threat is not None:
            return self._threat
        best: dict[str, tuple[int, int]] = {}
        self._threat_of = {}
        comp = self.t.components
        ally = self.ally()
        for e in self.rivals():
            if e == ally:
                continue
            got: dict[str, list[int]] = {}
            held = set(self.held_by(e))
            raise_ = self.recruits_of(e)
            for p, cl in self.units.items():
                us = cl.get(e)
                if not us:
                    continue
                d, b = split(us)
                near = self.reach(e, p, max(comp.daimyo_moves, comp.bushi_moves))
                near[p] = 0
                for q, dist in near.items():
                    g = got.setdefault(q, [0, 0])
                    if dist <= comp.daimyo_moves:
                        g[0] += d
                    if dist <= comp.bushi_moves:
                        g[1] += b
                    elif dist <= comp.daimyo_moves and d and self.ability(e) == KAI:
                        g[1] += min(b, TAKEDA_ESCORT * d)
                if p in held:
                    for q, dist in near.items():
                        if dist <= comp.bushi_moves:
                            g = got.setdefault(q, [0, 0])
                            if len(g) == 2:
                                g.append(0)
                            g[2] = raise_
            mine = self._threat_of[e] = {}
            for q, g in got.items():
                d = min(g[0], self.limit)
                b = min(g[1] + (g[2] if len(g) > 2 else 0), self.limit - d)
                mine[q] = (d, b)
                old = best.get(q)
                if old is None or _strength(d, b) > _strength(*old):
                    best[q] = (d, b)
        self._threat = best
        return best

    def threat_of(self, clan: str) -> dict[str, tuple[int, int]]:
        """Province -> what `clan` alone can bring there (as `threat`)."""
        self.threat()
        return self._threat_of.get(clan, {})


def _strength(d: int, b: int) -> float:
    return 1.5 * d + 0.34 * b
