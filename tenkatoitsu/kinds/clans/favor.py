"""The Emperor's Favor [§10.7]: Legitimacy for holding Kyoto alone when
Reinforcement begins [§10.7.1]; on its own campaign turn, before moving, a
player may issue one Imperial Edict [§10.7.2] — a Legitimate Claim, an
Imperial Censure — and one who holds Kyoto with 6 Legitimacy is Appointed
Shogun at once, over every other victory [U-47]."""

from __future__ import annotations

from tenkatoitsu.core.decisions import Option
from tenkatoitsu.kinds.clans import module_events as mev
from tenkatoitsu.kinds.clans.asking import ask
from tenkatoitsu.kinds.clans.outcome import finish
from tenkatoitsu.kinds.clans.scenario.model import DAIMYO, EMPERORS_FAVOR, KYOTO
from tenkatoitsu.kinds.clans.state import is_bushi

APPOINTED = "Appointed Shogun by the Emperor"
NONE, CLAIM, CENSURE, STOP = "none", "claim", "censure", "stop"


def on(g) -> bool:
    return g.table.module(EMPERORS_FAVOR)


def kyoto_legitimacy(g) -> None:
    """[§10.7.1] Sole control of Yamashiro at the start of Reinforcement:
    +1 Legitimacy (any other unit there, allied too, prevents it)."""
    st = g.state
    clan = st.controller(KYOTO)
    if clan is None or not st.sole(KYOTO, clan):
        return
    gain = g.table.components.legitimacy_per_round
    st.legitimacy[clan] = st.legitimacy.get(clan, 0) + gain
    g.emit(mev.LegitimacyGained("§10.7.1", clan, gain, st.legitimacy[clan]))


def appointed(g, clan: str) -> None:
    """[§10.7.2] [U-47] Kyoto held at the start of the turn and 6
    Legitimacy: the game is won at once (a threshold; nothing is spent).
    A vassal cannot win [§8.1.1]."""
    st = g.state
    if st.free(clan) and st.controller(KYOTO) == clan and \
            st.legitimacy.get(clan, 0) >= g.table.components.appointed_shogun:
        finish(g, clan, APPOINTED, "§10.7.2")


def claim_targets(g, clan: str) -> list[str]:
    """[§10.7.2] [U-48] A province with another player's Bushi and no
    Daimyō of that player."""
    st = g.state
    return [p for p in st.units
            if any(o != clan and not us.get(DAIMYO) and any(n for u, n in us.items()
                                                            if is_bushi(u))
                   for o, us in st.here(p).items() if o in st.clans)]


def edicts(g, clan: str):
    """[§10.7.2] One edict at most, on the player's turn before it moves."""
    st, comp = g.state, g.table.components
    have = st.legitimacy.get(clan, 0)
    options = [Option(NONE, "no edict")]
    if have >= comp.claim_cost and claim_targets(g, clan):
        options.append(Option(CLAIM, f"Legitimate Claim ({comp.claim_cost} Legitimacy)"))
    others = [c for c in st.in_play() if c != clan]
    if have >= comp.censure_cost and others:
        options.append(Option(CENSURE, f"Imperial Censure ({comp.censure_cost} Legitimacy)"))
    edict = yield from ask(g, clan, "edict", f"issue an Imperial Edict? ({have} Legitimacy)",
                           options, "§10.7.2")
    if edict == CLAIM:
        yield from legitimate_claim(g, clan)
    elif edict == CENSURE:
        target = yield from ask(g, clan, "censure", "censure which player?",
                                [Option(c, g.names[c]) for c in others], "§10.7.2")
        st.legitimacy[clan] -= comp.censure_cost
        st.censured[target] = st.round
        g.emit(mev.EdictIssued("§10.7.2", clan, "Imperial Censure", comp.censure_cost, target))


def legitimate_claim(g, clan: str):
    """Up to 3 enemy Bushi leave one province; each owner is paid a Koku a
    Bushi from the supply."""
    st, comp = g.state, g.table.components
    province = yield from ask(g, clan, "claim", "claim which province?",
                              [Option(p, g.names[p]) for p in claim_targets(g, clan)],
                              "§10.7.2")
    st.legitimacy[clan] -= comp.claim_cost
    g.emit(mev.EdictIssued("§10.7.2", clan, "Legitimate Claim", comp.claim_cost, province))
    removed: dict[str, int] = {}
    for _ in range(comp.claim_bushi):
        options = [Option(f"{o}:{u}", f"a {g.names.get(u, u)} of {g.names[o]}")
                   for o, us in st.here(province).items()
                   if o != clan and o in st.clans and not us.get(DAIMYO)
                   for u, n in us.items() if n and is_bushi(u)]
        if not options:
            break
        if removed:
            options.append(Option(STOP, "no more"))
        answer = yield from ask(g, clan, "claim-bushi", "remove which Bushi?", options,
                                "§10.7.2", {"province": province})
        if answer == STOP:
            break
        owner, _, unit = answer.partition(":")
        st.of(province, owner)[unit] -= 1
        removed[owner] = removed.get(owner, 0) + 1
    for owner, n in removed.items():
        st.koku[owner] += n
    g.emit(mev.ClaimEnforced("§10.7.2", clan, province, removed))


def censure_bonus(g, defenders) -> int:
    """[§10.7.2] +1 on attack rolls against a player censured this round."""
    st = g.state
    return 1 if any(st.censured.get(c) == st.round for c in defenders) else 0
