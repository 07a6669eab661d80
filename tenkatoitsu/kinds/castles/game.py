"""A game of castles: the scenario, the seats in play, the one seeded dice
source, the state and the event stream, and the rules as a generator of
Decisions (`play`). The rules proper are the functions of deployment.py,
tactics.py, daimyo.py and war.py; this module asks the players and hands
their answers over."""

from __future__ import annotations

from collections.abc import Iterable

from tenkatoitsu.core.decisions import Decision, Option
from tenkatoitsu.core.record import GameRecord
from tenkatoitsu.kinds import contract
from tenkatoitsu.kinds.castles import events as ev
from tenkatoitsu.kinds.castles.daimyo import DAIMYO_CARDS
from tenkatoitsu.kinds.castles.deployment import (
    daimyo_choice,
    next_player,
    place,
    splits,
)
from tenkatoitsu.kinds.castles.scenario.model import CastlesScenario
from tenkatoitsu.kinds.castles.state import CastlesState
from tenkatoitsu.kinds.castles.table import Options, Table
from tenkatoitsu.kinds.castles.tactics import TACTICS
from tenkatoitsu.kinds.castles.targeting import DONE, Effect, next_steps, possible
from tenkatoitsu.kinds.castles.war import fight
from tenkatoitsu.kinds.contract import VariantInfo

DEPLOY = "deploy"
KEEP, REROLL = "keep", "reroll"
DAIMYO_VARIANT = "daimyo"


def resolve_variants(scenario: CastlesScenario, names: Iterable[str]) -> tuple[str, ...]:
    """The variants in play (contract.resolve_variants)."""
    return contract.resolve_variants(
        [VariantInfo(v.id, v.title, v.group, v.default) for v in scenario.variants], names)


def card_action(card: str) -> str:
    return f"tactic:{card}"


def daimyo_action(card: str) -> str:
    return f"daimyo:{card}"


def effect_of(action: str) -> Effect:
    what, _, card = action.partition(":")
    return DAIMYO_CARDS[card] if what == "daimyo" else TACTICS[card]


def actions(t: Table, st: CastlesState, seat: str) -> list[str]:
    """[4.I] Deploy, or a card the player may play and carry out in full."""
    out = [DEPLOY]
    if st.locked:  # once any player has placed their last piece [4.I] [7]
        return out
    if len(st.tactics_used.get(seat, ())) < t.tactics_per_player:
        out += [card_action(c) for c in st.display if possible(TACTICS[c], t, st, seat)]
    card = st.daimyo_card.get(seat)
    if t.daimyo and card and not st.daimyo_used.get(seat) and \
            possible(DAIMYO_CARDS[card], t, st, seat):
        out.append(daimyo_action(card))
    return out


class Game(GameRecord):
    """A castles game as the shared services read it (contract.Game)."""

    def __init__(self, scenario: CastlesScenario, *, players: tuple[str, ...],
                 variants: Iterable[str] = (), seed: int = 1, options: Options | None = None):
        super().__init__(seed)
        options = Options() if options is None else options
        self.scenario, self.options = scenario, options
        self.variants = resolve_variants(scenario, variants)
        self.players = tuple(players)
        self.table = Table.of(scenario, self.players, DAIMYO_VARIANT in self.variants, options)
        self.names = {a.id: a.name for a in scenario.board} | \
            {s.id: s.name for s in scenario.seats}
        #: what the log calls every id: areas, seats and cards
        self.words = self.names | {c.id: c.name for c in scenario.tactics + scenario.daimyo}
        self.state = self._set_up()

    def _set_up(self) -> CastlesState:
        sc, t, n = self.scenario, self.table, len(self.players)
        c = sc.components
        areas = sc.board.ids()
        # [3.2] the Large Castle Tokens shuffled face down, one on each castle
        values = self.dice.shuffled(c.large_castles)
        castle = dict(zip(areas, values))
        # [3.3] the tactic cards shuffled, 3/4/5 face up by player count
        display = self.dice.shuffled([card.id for card in sc.tactics])[:t.display]
        # [3.4] the swords and small castles of this player count
        removed = list(c.swords_removed.get(n, ()))
        swords = []
        for s in sorted(c.swords, reverse=True):
            if s in removed:
                removed.remove(s)
            else:
                swords.append(s)
        small = list(c.small_castles) if t.small_castles else []
        dealt = {}
        if t.daimyo:  # [5.D] a daimyo card for each player, dealt at random
            cards = self.dice.shuffled([card.id for card in sc.daimyo])
            dealt = dict(zip(self.players, cards))
        st = CastlesState(
            players=self.players, castle=castle, token={a: True for a in areas},
            soldiers={a: {} for a in areas}, stock={p: t.soldiers for p in self.players},
            daimyo_at={p: None for p in self.players},
            daimyo_in_stock={p: t.daimyo for p in self.players},
            white={a: {} for a in areas}, white_supply=c.reinforcements,
            swords_left=swords, sword={p: None for p in self.players}, small_left=small,
            display=display, tactics_used={p: [] for p in self.players},
            daimyo_card={p: dealt.get(p) for p in self.players},
            daimyo_used={p: False for p in self.players})
        self.emit(ev.CastlesSetUp("3", dict(castle), tuple(display), tuple(swords),
                                  tuple(small), dealt, self.players[0]))
        return st


def label(g: Game, value) -> str:
    """An option's words: names for area and seat ids, "blue>kiyosu" as
    "blue -> Kiyosu", "kiyosu:2" as "2 from Kiyosu"."""
    if isinstance(value, str):
        if ">" in value:
            piece, _, area = value.partition(">")
            return f"{g.names.get(piece, piece)} -> {g.names.get(area, area)}"
        if ":" in value and value.split(":")[0] in g.names:
            area, n = value.split(":")
            return f"{n} from {g.names[area]}"
        return g.names.get(value, value)
    return str(value)


def card_name(g: Game, card: str, daimyo: bool = False) -> str:
    for c in (g.scenario.daimyo if daimyo else g.scenario.tactics):
        if c.id == card:
            return c.name
    return card


def _action_option(g: Game, action: str) -> Option:
    if action == DEPLOY:
        return Option(DEPLOY, "deploy", "roll three dice: two name the area, one the soldiers")
    what, _, card = action.partition(":")
    daimyo = what == "daimyo"
    for c in (g.scenario.daimyo if daimyo else g.scenario.tactics):
        if c.id == card:
            return Option(action, f"{'daimyo' if daimyo else 'tactic'}: {c.name}", c.text)
    return Option(action, action)


def play(g: Game):
    """The rules: the deployment phase turn by turn [4.I], then the war [4.II]."""
    t, st = g.table, g.state
    seat = next_player(t, st, None)
    while seat is not None:
        st.turn += 1
        st.current = seat
        g.emit(ev.DeploymentTurn("4.I", st.turn, seat))
        yield from turn(g, seat)
        seat = next_player(t, st, seat)
    st.current = None
    # [4.I] the phase ends when every piece is placed; the cards left are discarded
    g.emit(ev.DeploymentEnded("4.I", tuple(st.display)))
    st.display = []
    fight(t, st, g.emit)


def turn(g: Game, seat: str):
    t, st = g.table, g.state
    legal = actions(t, st, seat)
    # [4.I] [7] the action is chosen before the dice are rolled
    action = DEPLOY if legal == [DEPLOY] else (yield Decision(
        seat, "choose-action", f"{g.names[seat]}: deploy, or play a card?",
        tuple(_action_option(g, a) for a in legal), "4.I"))
    g.emit(ev.ActionChosen("4.I", seat, action))
    if action == DEPLOY:
        yield from deploy(g, seat)
    else:
        yield from play_card(g, seat, action)


def deploy(g: Game, seat: str):
    t, st = g.table, g.state
    st.roll = g.dice.roll(3, "deployment", "4.I", side=seat)
    st.rerolled = False
    # [4.I] one reroll of all three dice, once a turn
    again = yield Decision(seat, "reroll", f"{g.names[seat]}: keep {_faces(st.roll)} or "
                           "reroll all three?", (
                               Option(KEEP, f"keep {_faces(st.roll)}"),
                               Option(REROLL, "reroll all three dice (once)")), "4.I",
                           {"dice": list(st.roll)})
    if again == REROLL:
        st.roll = g.dice.roll(3, "reroll", "4.I", side=seat)
        st.rerolled = True
    options = splits(st, st.roll)
    if len(options) == 1:
        split = options[0]
    else:
        die = yield Decision(seat, "split", f"{g.names[seat]}: which die gives the soldiers?", tuple(
            Option(s.count_die, f"{g.names[s.area]} ({s.area_dice[0]}+{s.area_dice[1]}): "
                   f"{s.count} soldier(s)", f"the {s.count_die} deploys {s.count}")
            for s in options), "4.I", {"dice": list(st.roll),
                                       "splits": {s.count_die: s.area for s in options}})
        split = next(s for s in options if s.count_die == die)
    g.emit(ev.DiceSplit("4.I", seat, split.area, split.area_dice, split.count_die, split.count))
    choices = daimyo_choice(st, seat, split.count)
    with_daimyo = choices[0]
    if len(choices) > 1:
        with_daimyo = yield Decision(seat, "deploy-daimyo",
                                     f"{g.names[seat]}: is the daimyo one of the "
                                     f"{split.count} pieces?", (
                                         Option(True, "deploy the daimyo with them"),
                                         Option(False, "soldiers only")), "5.D",
                                     {"area": split.area, "count": split.count})
    st.roll = None
    place(t, st, seat, split.area, split.count, with_daimyo, g.emit)


def _faces(dice) -> str:
    return "-".join(str(d) for d in dice)


def play_card(g: Game, seat: str, action: str):
    """[4.I] The card leaves the display (or the daimyo card is spent) and its
    effect is carried out at once, target by target."""
    t, st = g.table, g.state
    effect = effect_of(action)
    chosen: tuple = ()
    while True:
        steps = next_steps(effect, t, st, seat, chosen)
        if not steps:
            break
        if len(steps) == 1 and steps[0] != DONE:
            answer = steps[0]  # the one target left: nothing to ask
        else:
            answer = yield Decision(
                seat, "card-target",
                f"{card_name(g, effect.id, effect.daimyo)}: {effect.ask(len(chosen))}",
                tuple(Option(s, "done" if s == DONE else label(g, s)) for s in steps),
                effect.rule, {"card": effect.id, "daimyo": effect.daimyo,
                              "chosen": list(chosen)})
        if answer == DONE:
            break
        chosen += (answer,)
    if effect.daimyo:
        st.daimyo_used[seat] = True
    else:
        st.display.remove(effect.id)
        st.tactics_used[seat].append(effect.id)
    g.emit(ev.CardPlayed(effect.rule, seat, effect.id, effect.daimyo, chosen))
    effect.apply(t, st, seat, chosen, g.emit)
