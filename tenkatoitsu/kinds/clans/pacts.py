"""Political Play & Blood Feud [§10.1]: Honor Pacts offered and ended in
the Diplomacy Step after Reinforcement [§10.1.1-b], what allies may do
together [§10.1.2], betrayal and the Blood Feud [§10.1.3], and the secret
fists that end a pact [§10.1.4]."""

from __future__ import annotations

from tenkatoitsu.core.decisions import Option, yes_no
from tenkatoitsu.kinds.clans import module_events as mev
from tenkatoitsu.kinds.clans.asking import ask
from tenkatoitsu.kinds.clans.outcome import turn_order_key
from tenkatoitsu.kinds.clans.scenario.model import POLITICAL_PLAY
from tenkatoitsu.kinds.clans.state import Pact

NONE = "none"
CONTINUE, DISSOLVE = "continue", "dissolve"


def on(g) -> bool:
    return g.table.module(POLITICAL_PLAY)


def diplomacy(g):
    """[§10.1.4] Each pact's partners first show their fists; then [§10.1.1]
    offers, one player after another in player order."""
    st = g.state
    for pact in list(st.pacts):
        yield from fists(g, pact)
    for clan in list(st.order):
        if can_pact(g, clan) and st.koku[clan] >= g.table.components.pact_offer:
            yield from offer(g, clan)


def can_pact(g, clan: str) -> bool:
    """One pact at a time [§10.1.1-d]; a vassal may not offer or accept [§8.1.1]."""
    st = g.state
    return clan not in st.eliminated and clan not in st.vassals and st.pact_of(clan) is None


def offer(g, clan: str):
    """[§10.1.1-c] [-d] 1 Koku to the supply to propose; if accepted, each
    pledges 2 Koku to the common pool. A declined offer is not refunded
    [U-13]; who cannot pledge cannot accept."""
    st, comp = g.state, g.table.components
    partners = [c for c in st.order if c != clan and can_pact(g, c)]
    if not partners:
        return
    options = [Option(NONE, "offer no pact")] + [Option(c, f"offer a pact to {g.names[c]}")
                                                 for c in partners]
    other = yield from ask(g, clan, "pact-offer", "offer an Honor Pact?", options, "§10.1.1")
    if other == NONE:
        return
    st.koku[clan] -= comp.pact_offer
    g.emit(mev.PactOffered("§10.1.1", clan, other, comp.pact_offer))
    able = st.koku[clan] >= comp.pact_pledge and st.koku[other] >= comp.pact_pledge
    yes = False
    if able:
        yes = yield from ask(g, other, "pact-accept", f"{g.names[clan]} offers an Honor Pact: "
                                                      f"accept (pledge {comp.pact_pledge} Koku)?",
                             yes_no("accept", "decline"), "§10.1.1", {"from": clan})
    if not yes:
        g.emit(mev.PactAnswered("§10.1.1", other, clan, False))
        return
    for c in (clan, other):
        st.koku[c] -= comp.pact_pledge
    st.pacts.append(Pact(clan, other, {clan: comp.pact_pledge, other: comp.pact_pledge},
                         st.round))
    g.emit(mev.PactAnswered("§10.1.1", other, clan, True))


def fists(g, pact: Pact):
    """[§10.1.4-b] [-c] Both partners secretly hold a Koku (dissolve) or an
    empty fist (continue), and open them together."""
    st = g.state
    shown = {}
    for c in (pact.a, pact.b):
        shown[c] = yield from ask(g, c, "fist", f"your pact with {g.names[pact.partner(c)]}: "
                                                "a Koku in your fist (dissolve) or none?",
                                  [Option(CONTINUE, "an empty fist: continue"),
                                   Option(DISSOLVE, "a Koku: dissolve")], "§10.1.4")
        g.emit(mev.FistClosed("§10.1.4", c, st.seat_of[c], shown[c]))
    g.emit(mev.FistsOpened("§10.1.4", pact.a, pact.b, shown[pact.a], shown[pact.b]))
    dissolving = [c for c in (pact.a, pact.b) if shown[c] == DISSOLVE]
    if not dissolving:
        return
    if len(dissolving) == 1:
        initiator = dissolving[0]
    else:  # [U-17] the loser of the §4.1 tie-break: who would act later
        initiator = max(dissolving, key=lambda c: turn_order_key(g, c))
    yield from dissolve(g, pact, initiator)


def dissolve(g, pact: Pact, initiator: str):
    """[§10.1.4-d] Each gets its pledge back; the initiator's units leave
    every province shared with the partner for an adjacent one it holds
    (within the limit of 7 [U-18]); those that cannot, stay: contested."""
    st, t = g.state, g.table
    st.pacts.remove(pact)
    for c, n in pact.pool.items():
        st.koku[c] += n
    g.emit(mev.PactDissolved("§10.1.4", pact.a, pact.b, initiator))
    partner = pact.partner(initiator)
    for p in [p for p in st.units if st.stack(p, initiator) and st.stack(p, partner)]:
        units = st.of(p, initiator)
        for u in list(units):
            while units.get(u):
                options = [Option(q, t.board[q].name) for q in t.neighbours[p]
                           if st.controller(q) == initiator
                           and st.stack(q, initiator) < t.components.stack_limit]
                if not options:
                    break
                q = yield from ask(g, initiator, "retreat", f"Ordered Retreat: a "
                                                            f"{g.names.get(u, u)} leaves "
                                                            f"{g.names[p]} for?",
                                   options, "§10.1.4", {"province": p})
                units[u] -= 1
                dest = st.of(q, initiator)
                dest[u] = dest.get(u, 0) + 1
                g.emit(mev.OrderedRetreat("§10.1.4", initiator, p, q))
    st.shared = {p: h for p, h in st.shared.items() if h not in (pact.a, pact.b)}


def vassal_leaves(g, clan: str) -> None:
    """[§10.1.1-e] A new vassal leaves its pact (no betrayal): its pledge
    goes to the supply, the partner's back to the partner."""
    st = g.state
    pact = st.pact_of(clan)
    if pact is None:
        return
    st.pacts.remove(pact)
    partner = pact.partner(clan)
    st.koku[partner] += pact.pool.get(partner, 0)
    st.shared = {p: h for p, h in st.shared.items() if h not in (pact.a, pact.b)}
    g.emit(mev.PactDissolved("§10.1.1", pact.a, pact.b, clan))


def betray(g, betrayer: str, province: str) -> None:
    """[§10.1.3] Attacking the ally breaks the pact at once: the victim
    takes the whole pool, the betrayer has −1 on its attack rolls for the
    rest of the round, and the victim declares a Blood Feud for the rest of
    the game."""
    st = g.state
    pact = st.pact_of(betrayer)
    victim = pact.partner(betrayer)
    st.pacts.remove(pact)
    pool = sum(pact.pool.values())
    st.koku[victim] += pool
    st.betrayed[betrayer] = st.round
    if (victim, betrayer) not in st.feuds:
        st.feuds.append((victim, betrayer))
    st.shared = {p: h for p, h in st.shared.items() if h not in (pact.a, pact.b)}
    g.emit(mev.PactBetrayed("§10.1.3", betrayer, victim, province, pool))


def ally_entered(g, clan: str, province: str, holder: str | None) -> None:
    """[U-15] The partner who held a province keeps it while its ally is in."""
    st = g.state
    if holder is not None and holder != clan and st.allied(clan, holder):
        st.shared.setdefault(province, holder)


def attack_mods(g, clan: str, defenders) -> tuple[int, int]:
    """(bonus, penalty): the Blood Feud's +1 against the betrayer [§10.1.3-d],
    the betrayer's −1 for the rest of the round [-c]."""
    st = g.state
    bonus = 1 if any((clan, d) in st.feuds for d in defenders) else 0
    penalty = 1 if st.betrayed.get(clan) == st.round else 0
    return bonus, penalty


def defense_bonus(g, clan: str, attacker: str) -> int:
    """[§10.1.3-d] The Blood Feud's +1 on defense against the betrayer."""
    return 1 if (clan, attacker) in g.state.feuds else 0
