"""Combat results as printed on the CRT [11.7].

    -        no effect
    aM^N     attacker: one unit (attacker's choice) loses M steps, all others N
    dX^Y     defender: one unit (defender's choice) loses X, all others Y
    E        (as M or X) the unit is eliminated
    R        (after a number, or alone) retreat one hex without entering an EZoC,
             else one more step lost
    a1-d1    exchange: one attacking and one defending unit each lose 1 step
"""

from __future__ import annotations

import re

import attrs


@attrs.frozen
class Hit:
    steps: int = 0
    eliminated: bool = False
    retreat: bool = False

    def pain(self) -> float:
        # used only to order results (CRT monotonicity); an elimination is worse than any steps
        return (4.0 if self.eliminated else self.steps) + (0.5 if self.retreat else 0.0)

    def text(self) -> str:
        if self.eliminated:
            return "E" + ("R" if self.retreat else "")
        if self.steps == 0 and self.retreat:
            return "R"
        return f"{self.steps}" + ("R" if self.retreat else "")


@attrs.frozen
class Loss:
    first: Hit
    others: Hit = Hit()


@attrs.frozen
class CombatResult:
    attacker: Loss | None = None
    defender: Loss | None = None
    exchange: bool = False

    @property
    def is_no_effect(self) -> bool:
        return self.attacker is None and self.defender is None

    def value_for_attacker(self) -> float:
        """How good the result is for the attacker: the defender's pain minus
        the attacker's; other units weigh less than the chosen one."""

        def pain(loss: Loss | None) -> float:
            if loss is None:
                return 0.0
            return loss.first.pain() + 0.75 * loss.others.pain()

        return pain(self.defender) - pain(self.attacker)

    def text(self) -> str:
        if self.is_no_effect:
            return "-"
        if self.exchange:
            return f"a{self.attacker.first.text()}-d{self.defender.first.text()}"
        loss, who = (self.attacker, "a") if self.attacker else (self.defender, "d")
        s = f"{who}{loss.first.text()}"
        if loss.others != Hit():
            s += f"^{loss.others.text()}"
        return s


_HIT = r"(?:E|[0-9]R?|R)"
_ONE = re.compile(rf"^([ad])({_HIT})(?:\^({_HIT}))?$")
_EXCH = re.compile(r"^a([0-9])-d([0-9])$")


def _hit(text: str | None) -> Hit:
    if not text:
        return Hit()
    if text.startswith("E"):
        return Hit(0, True, text.endswith("R"))
    if text == "R":
        return Hit(0, False, True)
    return Hit(int(text[0]), False, text.endswith("R"))


def parse_result(text: str) -> CombatResult:
    """Parse a CRT cell; ValueError with the reason when malformed."""
    if text == "-":
        return CombatResult()
    m = _EXCH.match(text)
    if m:
        return CombatResult(Loss(Hit(int(m.group(1)))), Loss(Hit(int(m.group(2)))), True)
    m = _ONE.match(text)
    if not m:
        raise ValueError(f"'{text}' is not a combat result (forms: -, a1, a2^1, d1R, d1R^R, "
                         "dE^2, a1-d1)")
    loss = Loss(_hit(m.group(2)), _hit(m.group(3)))
    return CombatResult(attacker=loss) if m.group(1) == "a" else CombatResult(defender=loss)
