"""The scenario modules' decisions (tenkatoitsu/kinds/battle/scenario_rules):
Yamazaki's long game [19.4], Mount Tennō [19.2.3] and Tsutsui [19.6.2];
Sekigahara's pledges, Betrayal Bowl and gambit [21.4], Chōsokabe [21.4.8],
the free companion [21.5] and Ii Naomasa [21.6].

What the bot reads of a module is open information: the encampments, the
Betrayal Aid's tracks and Diplomacy markers, the CP rolls announced."""

from __future__ import annotations

from tenkatoitsu.hexmap import Hex, hex_distance
from tenkatoitsu.kinds.battle.heuristic import orders
from tenkatoitsu.kinds.battle.heuristic.orders import clan_urgency
from tenkatoitsu.kinds.battle.heuristic.safety import safe_score
from tenkatoitsu.kinds.battle.state import chit_clan

NONE = "none"
FORTRESS = "fortress"
NINJA_SPARE = 1  # CP Hashiba keeps for his own clans after paying the ninjas
GAMBIT_EDGE = 2 / 3  # the arquebuses fire when Treason is at least this likely


def _rule(game, name: str):
    return next((r for r in game.rules if r.name == name), None)


def _strength(game, uid: str) -> int:
    d = game.unit_defs[uid]
    return d.elan + d.mass + d.fire


def _enemy_approach(bot) -> list[Hex]:
    """Where the enemy is or comes from: his units on the map, else the
    entry arrows of his clans off the map [12]."""
    g = bot.ctx.game
    foes = [u.hex for u in bot.ctx.enemy_units()]
    if foes:
        return foes
    entries = {k: e.hex for k, e in g.map.entries.items()}
    return [entries[c.entry] for c in g.state.clans.values()
            if c.side == bot.ctx.enemy and c.off_map and c.entry in entries]


# ====================================================================== Yamazaki, long game [19.4]

def camp_score(bot, centre: Hex) -> float:
    """[19.4.1] an encampment (the hex and its neighbours) on good ground,
    forward on the enemy's approach (the Enmyōji line ahead of the castle),
    with room for whole clans."""
    g = bot.ctx.game
    long_game = _rule(g, "yamazaki-long")
    camp = long_game.camp_of(g, centre) if long_game else [centre, *g.map.neighbours(centre)]
    free = [h for h in camp if not g.occupants(h)]
    if not free:
        return float("-inf")
    ground = sum(bot.ctx.ground(h) for h in free) / len(free)
    field = bot.ctx.distance_field(_enemy_approach(bot) or [centre])
    nearer = -0.15 * field.get(centre, 99.0)
    objectives = sum(1.0 for h in camp if h in bot.objectives() or h in bot.objective_hexes_held())
    return 1.5 * ground + nearer + 0.1 * len(free) + objectives


def encampment(bot, d):
    """[19.4.1] the best camp; a second one whenever there is room for it
    (every clan outside the castle shelters at night [19.4.4])."""
    hexes = [o.value for o in d.options if o.value != NONE]
    if not hexes:
        return NONE
    return max(hexes, key=lambda v: (camp_score(bot, Hex.from_id(v)), v))


def encampment_clan(bot, d):
    """[19.4.1] the commander's clan stays in the castle (its hold is part of
    the victory [19.5]); the others go forward, the strongest to the camp
    nearest the enemy."""
    g = bot.ctx.game
    clan = (d.context or {}).get("clan")
    values = [o.value for o in d.options]
    if clan is None or FORTRESS not in values:
        return values[0]
    if any(u.id in bot.decisive for u in g.state.clan_units(clan)):
        return FORTRESS
    camps = [v for v in values if v != FORTRESS]
    if not camps:
        return FORTRESS
    long_game = _rule(g, "yamazaki-long")
    if long_game is None:
        return camps[0]
    field = bot.ctx.distance_field(_enemy_approach(bot) or [g.state.clan_units(clan)[0].hex])

    def forward(v):
        camp = long_game.encampments[v - 1]
        return -min(field.get(h, 99.0) for h in camp)
    return max(camps, key=lambda v: (forward(v), -v))


def encampment_hex(bot, d):
    """[19.4.1] the unit's place in its camp: good ground, the strongest
    toward the enemy, the commander behind."""
    g = bot.ctx.game
    uid = (d.context or {}).get("unit")
    if uid is None:
        return d.options[0].value
    field = bot.ctx.distance_field(_enemy_approach(bot) or [g.state.units[uid].hex])
    lead = -1.0 if uid in bot.decisive else 0.1 * _strength(g, uid)

    def score(v):
        h = Hex.from_id(v)
        return bot.ctx.ground(h) - lead * field.get(h, 99.0)
    return max(d.options, key=lambda o: (score(o.value), o.value)).value


def best_chit(bot, d):
    """A free chit or a recall [19.2.3] [19.4.1] [21.5]: the clan whose
    activation matters most now; a free one is never refused."""
    chits = [o.value for o in d.options if o.value not in (NONE, "done")]
    if not chits:
        return d.options[0].value
    return max(chits, key=lambda c: (clan_urgency(bot, chit_clan(c)), c))


def ninjas(bot, d):
    """[19.4.5] send the ninjas when what Akechi loses (1D6 CP, at most what
    he rolled, worth double while his chits wait on the map to be recalled
    at ½ CP [19.4.1]) outweighs their cost, and Hashiba keeps a CP."""
    g = bot.ctx.game
    ctx = d.context or {}
    cost = ctx.get("cost", 2)
    target = ctx.get("target", bot.ctx.enemy)
    own = g.state.honjins[bot.side].cp
    if own - cost < NINJA_SPARE:
        return False
    their = _announced_cp(g, target)
    loss = sum(min(r, their) for r in range(1, 7)) / 6
    long_game = _rule(g, "yamazaki-long")
    if long_game is not None and long_game.on_map:
        loss *= 2  # each CP recalls two chits [19.4.1]
    return loss > cost


def _announced_cp(game, side: str) -> int:
    """The CP the side received this turn: the roll is announced [9.2]."""
    for e in reversed(game.events):
        name = type(e).__name__
        if name == "TurnStarted":
            break
        if name == "CommandPoints" and e.side == side:
            return e.cp
    return 2


def entry_hex(bot, d):
    """[19.6.2] Tsutsui lands where he is safest, nearest his friends."""
    g = bot.ctx.game
    entries = {k: e.hex for k, e in g.map.entries.items()}
    friends = [u.hex for u in bot.ctx.my_units()]

    def score(v):
        h = entries[v]
        near = min((hex_distance(h, f) for f in friends), default=0)
        return safe_score(bot, "", h) - 0.2 * near
    return max(d.options, key=lambda o: (score(o.value), o.value)).value


# ====================================================================== Sekigahara [21.4]

def _betrayals(game):
    rule = _rule(game, "sekigahara")
    return rule.betrayals if rule is not None else None


def family_worth(bot, fam: str) -> float:
    """What a waverer is worth to either side: its strength, more when it
    stands near the fight (it joins a battle, not a march) [21.4]. Units off
    the map count too: Chōsokabe enters for whichever side wins him [21.4.8]
    and then fights, and is a VP on the map at the end [21.7.3]."""
    g = bot.ctx.game
    b = _betrayals(g)
    if b is None:
        return 0.0
    units = [u for c in b.families.get(fam, ()) for u in g.state.clan_units(c)]
    strength = sum(_strength(g, u.id) for c in b.families.get(fam, ())
                   for u in g.state.clan_units(c, on_map_only=False))
    decided = [u.hex for s in g.side_ids for u in g.units_on_map(s)
               if not b.is_undecided(u.clan)]
    # hex_distance, inlined: every unit of the family against every decided one
    near = min([(abs(q - uq) + abs(r - ur) + abs(q - uq + r - ur)) >> 1
                for uq, ur in (u.hex for u in units) for q, r in decided], default=8)
    return strength * (1.0 + 2.0 / (1.0 + near))


def influence_chit(bot, d):
    """[21.4.3] the chit of the waverer that matters most: its worth, and
    how near its track already is to our end (a single draw may bring it)."""
    g = bot.ctx.game
    b = _betrayals(g)
    fams = [o.value for o in d.options]
    if b is None:
        return fams[0]
    i = 0 if bot.side == b.west else 1

    def score(fam):
        length = b.track_len(fam, bot.side)
        left = max(1, length - b.track[fam][i])
        enemy_left = max(1, b.track_len(fam, g.enemy(bot.side)) - b.track[fam][1 - i])
        race = 1.0 + 0.5 / enemy_left  # the enemy is close: contest it
        if bot.side == b.east and b.neutral_family(fam):
            race *= 0.6  # it would only leave the battle [21.4.1]
        return family_worth(bot, fam) * race / left
    return max(fams, key=lambda f: (score(f), f))


def pledges(bot, d):
    """[21.4.3] each pledge moves Tokugawa's Diplomacy marker: one more
    Treason chit among the Bowl's N, which turns L/(N(N+1)) of every later
    draw from Loyalty to Treason (a swing of twice that). A pledge is made
    while the families that swing may bring (boxes over the mean track
    length, each family worth its mean Elan twice: joining us, not them)
    outweigh its VP, which Ishida gains if Tokugawa wins by the margin [21.7.3]."""
    g = bot.ctx.game
    b = _betrayals(g)
    steps = (d.context or {}).get("pledges")
    fams = list(b.families) if b is not None else []
    if not steps or not fams:
        return 0
    elan = sum(g.unit_defs[u.id].elan for f in fams for c in b.families[f]
               for u in g.state.clan_units(c, on_map_only=False)) / len(fams)
    length = sum(b.track_len(f, b.east) for f in fams) / len(fams)
    last = g.scenario.turns.last
    loyalty = b.marker[b.west]
    take = 0
    for i, (turn, vp) in enumerate(steps, 1):
        n = b.marker[b.east] + len(b.data.always_drawn) + i + loyalty
        draws = sum(b.data.draws_on(t) for t in range(turn, last + 1))
        boxes = 2.0 * loyalty / ((n - 1) * n) * draws
        if boxes / length * 2.0 * elan < vp:
            break
        take = i
    return take if any(o.value == take for o in d.options) else 0


def arquebus_gambit(bot, d):
    """[21.4.6] the gambit stakes the waverer (Kobayakawa, the largest) on one
    draw: fire when the chit drawn is Treason at least GAMBIT_EDGE of the time
    (the Bowl's make-up follows from the Diplomacy markers); at even odds when
    his Loyalty track is ahead in the race, so that waiting would likely lose
    him; not at all when his Treason track is well ahead (the draws will bring
    him)."""
    ctx = d.context or {}
    treason, loyalty = ctx.get("treason", 0), ctx.get("loyalty", 0)
    if treason + loyalty == 0:
        return "hold"
    p = treason / (treason + loyalty)
    b = _betrayals(bot.ctx.game)
    fam = ctx.get("family")
    edge = GAMBIT_EDGE
    if b is not None and fam in b.track:
        to_treason = b.track_len(fam, b.east) - b.track[fam][1]
        to_loyal = b.track_len(fam, b.west) - b.track[fam][0]
        if to_loyal < to_treason:
            edge = 0.5
        elif to_treason + 1 < to_loyal:
            return "hold"
    return "shoot" if p >= edge else "hold"


def joining_order(bot, d):
    """[21.4.2] the Order a clan that stays loyal needs now."""
    clan = (d.context or {}).get("clan")
    values = [o.value for o in d.options]
    if clan is None:
        return values[0]
    want = orders.wanted_order(bot, clan).value
    return want if want in values else values[0]


def chosokabe(bot, d):
    """[21.4.8] activate at once, unless the later entry is so much nearer
    the fight that it makes up for the Delay boxes."""
    g = bot.ctx.game
    ctx = d.context or {}
    entries = {k: e.hex for k, e in g.map.entries.items()}
    now, later = entries.get(ctx.get("entry_now")), entries.get(ctx.get("entry_later"))
    if now is None or later is None:
        return "now"
    field = bot.ctx.distance_field([u.hex for u in bot.ctx.enemy_units()] or [now])
    saved = field.get(now, 99.0) - field.get(later, 99.0)
    return "redeploy" if saved > 4.0 * ctx.get("box", 2) else "now"


def impetuous_unit(bot, d):
    """[21.6] Ii's fittest, strongest unit goes in (not a leader at risk)."""
    g = bot.ctx.game
    return max(d.options, key=lambda o: (-g.state.units[o.value].steps_lost,
                                         o.value not in bot.decisive,
                                         _strength(g, o.value), o.value)).value


def impetuous_hex(bot, d):
    """[21.6] where the unit's forced attacks [11.1] pay best, else good ground."""
    uid = (d.context or {}).get("unit")
    if uid is None:
        return d.options[0].value

    def score(v):
        h = Hex.from_id(v)
        val = orders.unit_contact_value(bot, uid, h)
        return (val if val is not None else 0.0) + 0.3 * bot.ctx.ground(h)
    return max(d.options, key=lambda o: (score(o.value), o.value)).value
