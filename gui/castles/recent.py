"""What just happened, read from the events up to the state shown, so that
the map can mark it: the last turn's deployment or card (pieces placed,
moved, sent back to stock) and, in the war, the reinforcements the last
area's winner sent out. Qt-free."""

from __future__ import annotations

import attrs

from tenkatoitsu.kinds.castles import events as ev

#: what a turn does to the pieces on the map
ACTIONS = (ev.PiecesDeployed, ev.SoldiersMoved, ev.SoldiersPlaced, ev.SoldiersReturned)


@attrs.frozen
class Arrow:
    seat: str
    frm: str
    to: str
    n: int
    daimyo: bool = False


@attrs.frozen
class Recent:
    #: the last area resolved in the war, and the reinforcements its winner sent
    resolved: ev.AreaResolved | None = None
    reinforcements: tuple[Arrow, ...] = ()
    #: the last deployment turn: its split of the dice, pieces put on an area
    #: (seat, area, n, daimyo), pieces moved, soldiers sent back to stock
    split: ev.DiceSplit | None = None
    placed: tuple[tuple[str, str, int, bool], ...] = ()
    moves: tuple[Arrow, ...] = ()
    returned: tuple[tuple[str, str, int], ...] = ()
    card: ev.CardPlayed | None = None
    seat: str | None = None  # whose turn that was


def recent(events) -> Recent:
    events = list(events)
    war = next((i for i, e in enumerate(events) if isinstance(e, ev.WarBegan)), None)
    if war is not None:
        last = max((i for i, e in enumerate(events) if isinstance(e, ev.AreaResolved)),
                   default=None)
        if last is None:
            return Recent()
        sent = tuple(Arrow(e.seat, e.frm, e.to, e.n) for e in events[last:]
                     if isinstance(e, ev.ReinforcementsSent))
        return Recent(resolved=events[last], reinforcements=sent)
    starts = [i for i, e in enumerate(events) if isinstance(e, ev.DeploymentTurn)]
    if not starts:
        return Recent()
    block = events[starts[-1]:]
    if not any(isinstance(e, ACTIONS) for e in block) and len(starts) > 1:
        block = events[starts[-2]:starts[-1]]  # the turn in play has done nothing yet
    return _turn(block)


def _turn(block) -> Recent:
    placed, moves, returned = [], [], []
    split = card = None
    for e in block:
        if isinstance(e, ev.DiceSplit):
            split = e
        elif isinstance(e, ev.CardPlayed):
            card = e
        elif isinstance(e, ev.PiecesDeployed):
            placed.append((e.seat, e.area, e.soldiers + (1 if e.daimyo else 0), e.daimyo))
        elif isinstance(e, ev.SoldiersPlaced):
            placed.append((e.owner, e.area, e.n, False))
        elif isinstance(e, ev.SoldiersMoved):
            moves.append(Arrow(e.owner, e.frm, e.to, e.n, e.daimyo))
        elif isinstance(e, ev.SoldiersReturned):
            returned.append((e.owner, e.area, e.n))
    seat = block[0].seat if block and isinstance(block[0], ev.DeploymentTurn) else None
    return Recent(split=split, placed=tuple(placed), moves=tuple(moves),
                  returned=tuple(returned), card=card, seat=seat)
