"""The hooks of the scenario rules: the special rules of one battle (Yamazaki
[19], Nagakute [20], Sekigahara [21]) or an optional rule (samurai [16]),
switched on in a scenario by ``rule NAME { param values... }``, in the scenario
or in a chosen variant.

A module is a subclass of `ScenarioRule` registered under its name. The rules
core calls its hooks at fixed points of the turn through `each`, `fold`,
`allows` ... and never imports a module: the catalogue (`scenario_rules/`)
registers them when the kind is imported. Every hook does nothing by default,
so a module overrides only what its rules change. Generator hooks may yield
Decisions (set-up choices, the ninjas ...). Hooks are called in the order the
rules are written, base scenario first, then each chosen variant's."""

from __future__ import annotations

from collections.abc import Iterator
from collections.abc import Set as AbstractSet

from tenkatoitsu.kinds.battle.scenario import model as m

REGISTRY: dict[str, type["ScenarioRule"]] = {}


def register(cls: type["ScenarioRule"]) -> type["ScenarioRule"]:
    REGISTRY[cls.name] = cls
    return cls


class ScenarioRule:
    name = ""
    #: parameter name -> what it means (the validator reports unknown ones)
    params: dict[str, str] = {}

    def __init__(self, game, use: m.RuleUse):
        self.game = game
        self.use = use

    # -------------------------------------------------------- parameters
    def param(self, name: str, default=None):
        """The first value of a parameter, else `default`."""
        for p in self.use.params:
            if p.name == name and p.values:
                return p.values[0]
        return default

    def param_values(self, name: str) -> tuple:
        for p in self.use.params:
            if p.name == name:
                return p.values
        return ()

    # -------------------------------------------------------- hooks
    def setup(self, game) -> Iterator:
        """[18] after the set-up, before the first turn (set-up Decisions)."""
        return iter(())

    def start_of_turn(self, game) -> Iterator:
        """Before the command sequence of every turn."""
        return iter(())

    def after_command_points(self, game) -> Iterator:
        """[9.2] once both sides have their CP (e.g. the ninjas [19.4.5])."""
        return iter(())

    def plan_modifier(self, game, side: str) -> int:
        """Added to the 2D6 battle plan activation roll [10.2]."""
        return 0

    def chit_destination(self, game, side: str, clan: str, dest: str) -> str:
        """[9.3] where a selected chit goes ('bowl' or 'delay<n>:<side>')."""
        return dest

    def chit_selection(self, game, side: str) -> Iterator:
        """[9.3] after `side` has picked its chits, before its unspent CP are
        lost (free chits of Mount Tennō [19.2.3], recalls at ½ CP [19.4.1])."""
        return iter(())

    def may_activate(self, game, clan: str) -> bool:
        """May the clan act in the march, rally and initiative phases [7.2]?
        (not while its chit is on the map [19.4.1])"""
        return True

    def is_night_shelter(self, game, h) -> bool:
        """[14] a hex where marching clans need no night test, besides the
        map's own (the encampments chosen at set-up [19.4.1])."""
        return False

    def before_entry(self, game, clan: str) -> Iterator:
        """[12] an off-map clan is activated and is about to enter the map
        (e.g. Tsutsui's riverbank entry [19.6.2])."""
        return iter(())

    def after_phase(self, game) -> None:
        """After every phase of the activation sequence, and at the end of each
        turn (conditions that take effect "as soon as" they hold [19.6.2])."""

    def end_of_turn(self, game) -> Iterator:
        """After the activation sequence of every turn."""
        return iter(())

    def automatic_winner(self, game) -> str | None:
        """A side that wins at once [17], checked after every phase."""
        return None

    def end_of_game(self, game) -> None:
        """[17.1] VP scored when the game ends, before the result."""

    def final_result(self, game, result: tuple) -> tuple:
        """[17] (winner or None, level) once the VP are counted: a module may
        correct it (Tokugawa's pledges [21.7.3])."""
        return result

    # ---------------------------------------------- hooks of Sekigahara [21]
    @classmethod
    def check(cls, scenario: m.Scenario, use: m.RuleUse, checker) -> None:
        """Validate the parameters against the scenario: `checker.error(msg,
        pos, hint)` reports a located error."""

    def undecided_clans(self, game) -> AbstractSet[str]:
        """[21.4.1] the clans that have joined no side yet: they do not act in
        the obligatory phases, have no ZoC, may be ignored by charges and
        attacks. One set for the whole game, which the module keeps up to
        date (it is read at every unit's ZoC, not asked again)."""
        return frozenset()

    def is_undecided(self, game, clan: str) -> bool:
        """Is the clan among `undecided_clans`?"""
        return clan in self.undecided_clans(game)

    def attack_family(self, game, clan: str) -> str:
        """[11.4] clans of one family attack together without the combined
        attack roll (the large clans of [21.5])."""
        return clan

    def before_combat(self, game, attackers: list[str], defenders: list[str]) -> Iterator:
        """[11.6] before a combat is resolved (an undecided clan attacked joins a side)."""
        return iter(())

    def after_rout(self, game, clan: str, result: str) -> Iterator:
        """[11.11] after a clan's rout test was applied."""
        return iter(())

    def chit_selected(self, game, side: str, chit: str, dest: str) -> Iterator:
        """[9.3] after a CP placed a clan chit (A1's free companion [21.5])."""
        return iter(())

    def activate_clan(self, game, clan: str):
        """[8] a drawn clan chit is about to be activated: a generator that
        returns True when the module played the activation itself ([21.6])."""
        return False
        yield  # a generator


def active_rules(game) -> list[ScenarioRule]:
    """Instances of every registered module the scenario and its chosen
    variants switch on (unknown names were refused by the validator)."""
    uses = list(game.scenario.rules)
    for v in game.scenario.variants:
        if v.id in game.variants:
            uses += list(v.rules)
    return [REGISTRY[u.name](game, u) for u in uses if u.name in REGISTRY]


def each(game, hook: str, *args) -> Iterator:
    """Run a generator hook of every active module."""
    for rule in game.rules:
        yield from getattr(rule, hook)(game, *args)


def total(game, hook: str, *args) -> int:
    return sum(getattr(rule, hook)(game, *args) for rule in game.rules)


def fold(game, hook: str, value, *args):
    """Pass a value through every module's hook (e.g. a chit destination)."""
    for rule in game.rules:
        value = getattr(rule, hook)(game, *args, value)
    return value


def allows(game, hook: str, *args) -> bool:
    """True unless a module's predicate hook says no."""
    return all(getattr(rule, hook)(game, *args) for rule in game.rules)


def is_night_shelter(game, h) -> bool:
    """[14] the map's shelters (roads, paths, villages, encampments, fortresses)
    and those a scenario rule adds."""
    return game.map.is_night_shelter(h) or any(r.is_night_shelter(game, h) for r in game.rules)


def undecided_clans(game) -> AbstractSet[str]:
    """[21.4.1] the clans an active module holds undecided (`ScenarioRule.
    undecided_clans`): every unit's ZoC asks, so the modules' sets are read
    once a game and looked in directly."""
    held = game.__dict__.get("_undecided_held")
    if held is None:
        held = game.__dict__["_undecided_held"] = [
            r.undecided_clans(game) for r in game.rules
            if type(r).undecided_clans is not ScenarioRule.undecided_clans]
    if len(held) == 1:
        return held[0]
    return frozenset().union(*held)


def is_undecided(game, clan: str) -> bool:
    """[21.4.1] does an active module hold this clan undecided?"""
    return clan in undecided_clans(game)


def handled(game, hook: str, *args):
    """Run a generator hook until one module returns True (it played the step)."""
    for rule in game.rules:
        if (yield from getattr(rule, hook)(game, *args)):
            return True
    return False


def first(game, hook: str, *args):
    for rule in game.rules:
        found = getattr(rule, hook)(game, *args)
        if found is not None:
            return found
    return None


def known_params() -> dict[str, tuple[str, ...]]:
    """What the validator accepts: module name -> parameter names."""
    return {name: tuple(cls.params) for name, cls in REGISTRY.items()}
