"""A clans game: the scenario, the seats, the one seeded dice source, the
state and the event stream, and the rules as a generator of Decisions
(`play`): the draft and set-up [§2.2] [§2.3], then rounds of four phases
[§3.1] — Administration, Reinforcement, Campaign, Winter — with the victory
check at the end of each [§1.1.2], until a clan wins or the round limit."""

from __future__ import annotations

from collections.abc import Iterable

from tenkatoitsu.core.record import GameRecord
from tenkatoitsu.kinds import contract
from tenkatoitsu.kinds.clans import events as ev
from tenkatoitsu.kinds.clans import glory, pacts, rice
from tenkatoitsu.kinds.clans.campaign import campaign
from tenkatoitsu.kinds.clans.economy import collect_income, mountain_supply, pay, upkeep
from tenkatoitsu.kinds.clans.outcome import (
    DRAW,
    GLORY_WIN,
    GameOver,
    check_victory,
    finish,
    round_limit,
    turn_order_key,
)
from tenkatoitsu.kinds.clans.reinforcement import reinforcement
from tenkatoitsu.kinds.clans.scenario.model import NEUTRAL, ClansScenario
from tenkatoitsu.kinds.clans.setup import draft, empty_state, from_start
from tenkatoitsu.kinds.clans.state import (
    ADMINISTRATION,
    CAMPAIGN,
    REINFORCEMENT,
    WINTER,
    ClansState,
)
from tenkatoitsu.kinds.clans.table import ALPHABETICAL, Options, Table
from tenkatoitsu.kinds.clans.vassalage import (
    eliminate_the_fallen,
    end_assaults,
    vassal_decisions,
    winter_ransom,
)

UNIT_NAMES = {"daimyo": "Daimyō", "bushi": "Bushi", "ronin": "Ronin"}


def resolve_variants(scenario: ClansScenario, names: Iterable[str]) -> tuple[str, ...]:
    return contract.resolve_variants(
        [contract.VariantInfo(v.id, v.title, v.group, v.default,
                              tuple(getattr(v, "requires", ()))) for v in scenario.variants],
        names)


class Game(GameRecord):
    """A clans game as the shared services read it (contract.Game)."""

    def __init__(self, scenario: ClansScenario, *, players: tuple[str, ...],
                 variants: Iterable[str] = (), seed: int = 1, options: Options | None = None):
        super().__init__(seed)
        options = Options() if options is None else options
        self.scenario, self.options = scenario, options
        self.variants = resolve_variants(scenario, variants)
        self.players = tuple(players)
        self.table = Table.of(scenario, self.players, self.variants, options)
        #: what the log calls every id: provinces, clans, seats, unit types
        self.names = {a.id: a.name for a in scenario.board}
        self.names |= {s.id: s.name for s in scenario.seats}
        self.names |= {c.id: c.name for c in scenario.clans}
        self.names |= UNIT_NAMES | {u.id: u.name for u in scenario.components.units}
        self.names[NEUTRAL] = "Ikkō-ikki"
        self.words = self.names
        self.state: ClansState = empty_state(self.table)


def play(g: Game):
    """The whole game [§2] [§3]."""
    try:
        if g.scenario.start is None:
            yield from draft(g)
        else:
            from_start(g)
        while True:
            yield from game_round(g)
            round_limit(g)
    except GameOver:
        return


def game_round(g: Game):
    """[§3.1] One round: a year of war."""
    st = g.state
    if not st.in_play():
        finish(g, None, DRAW, "§8.2")  # every clan is out of the game
    st.round += 1
    g.emit(ev.YearBegan("§3", st.round))
    st.held_at_round = {c: tuple(st.provinces(c)) for c in st.in_play()}

    st.phase = ADMINISTRATION  # Phase 1a [§4]
    g.emit(ev.SeasonBegan("§4", "Administration"))
    yield from administration(g)
    victory(g, "§4")

    st.phase = REINFORCEMENT  # Phase 1b [§5]
    g.emit(ev.SeasonBegan("§5", "Reinforcement"))
    yield from reinforcement(g)
    if pacts.on(g):  # [§10.1.1-b] the Diplomacy Step, Phase 1.3a
        yield from pacts.diplomacy(g)
    if rice.on(g):
        yield from rice.allocation(g)
    victory(g, "§5")

    st.phase = CAMPAIGN  # Phase 2 [§6]
    g.emit(ev.SeasonBegan("§6", "Campaign"))
    yield from campaign(g)
    victory(g, "§6")

    st.phase = WINTER  # Phase 3 [§7]
    g.emit(ev.SeasonBegan("§7", "Winter"))
    yield from winter(g)
    victory(g, "§7")


def victory(g: Game, rule: str) -> None:
    """[§1.1.1] [§1.1.2] At the end of each phase: the Mandate, province
    control, then the Path of Glory [§10.4-c]."""
    check_victory(g, rule)
    if glory.on(g):
        walker = glory.winner(g)
        if walker is not None:
            finish(g, walker, GLORY_WIN, f"§10.4-c ({rule})")


def administration(g: Game):
    """[§4.1] Income; each vassal's path for the round, with its tithe
    after income and before maintenance [§8.1.2]; upkeep (not in the first
    round [§2.3]); the player order."""
    st = g.state
    if rice.on(g):  # [§10.3.2-P1] [-P2] stored Koku back, the Stipend
        rice.unstore(g)
        rice.stipend(g)
    else:
        collect_income(g)
    yield from vassal_decisions(g)
    if st.round > 1 and not rice.on(g):
        for c in order_or_drafted(g):
            yield from pay(g, c, upkeep(g, c), "upkeep", "§4.1")
        eliminate_the_fallen(g)
    set_order(g)


def order_or_drafted(g) -> list[str]:
    st = g.state
    return [c for c in (st.order or st.clans) if c not in st.eliminated]


def set_order(g) -> None:
    """[§4.1] 3. Gekokujō: fewest provinces first, then less Koku, fewer
    units, the clan's name. The first round keeps the draft's random order
    [§2.2.2.1] unless the option reads §4.1's tie-breaks alone [U-1]."""
    st = g.state
    if st.round == 1 and g.table.options.first_order != ALPHABETICAL:
        st.order = [c for c in st.order if c not in st.eliminated]
        how = "the random order of the draft"
    else:
        st.order = sorted(st.in_play(), key=lambda c: turn_order_key(g, c))
        how = "fewest provinces first; then less Koku, fewer units, the clan's name"
    g.emit(ev.OrderSet("§4.1", tuple(st.order), how))


def winter(g: Game):
    """[§7.1] Supply for the mountains, all at once; the round's
    fortifications, ninja and assaults end."""
    st = g.state
    if rice.on(g):
        yield from rice.winter(g)  # [§10.3.2] replaces §7.1
    else:
        for c in order_or_drafted(g):
            yield from pay(g, c, mountain_supply(g, c), "mountain supply", "§7.1")
    eliminate_the_fallen(g)
    winter_ransom(g)
    for castle in st.castles.values():
        castle.fortified = False  # [§9.2] for one round
    if st.ninja is not None:
        st.ninja = None  # [§9.1] [U-4] until the end of the round
        st.ninja_public = False
        g.emit(ev.NinjaReturned("§9.1"))
    end_assaults(g)
