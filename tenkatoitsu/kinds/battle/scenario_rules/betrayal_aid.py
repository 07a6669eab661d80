"""The Betrayal Aid as the players see it on the table [21.4]: each undecided
family's two clan chits on its influence track [21.4.2], and the Diplomacy
Track's three markers [21.4.3].

It is read from the game's events up to a moment, not from the rule's live
state, so that a replay shows the aid as it stood at any past event. Only
public events are read: the pledges themselves stay Tokugawa's secret; the
moves they make on his marker are seen by both players."""

from __future__ import annotations

import attrs

NEUTRAL = "neutral"


@attrs.frozen
class FamilyTrack:
    """One family's influence track: boxes moved toward each end box."""

    family: str
    clans: tuple[str, ...]
    leader: str  # the name of its first clan, as on the counter
    loyal: int  # boxes Ishida's chit has moved toward "Loyal!"
    loyal_of: int
    treason: int  # boxes Tokugawa's chit has moved toward "Treason!"
    treason_of: int
    joined: str | None  # the side it joined, NEUTRAL, or None while undecided
    goes_neutral: bool  # its treason leaves the battle instead [21.4.1]


@attrs.frozen
class BetrayalAid:
    west: str  # the side of the "Loyal!" end (Ishida)
    east: str
    families: tuple[FamilyTrack, ...]
    markers: dict  # side -> box on its row of the Diplomacy Track
    marker_max: int
    turn: int
    draws: int  # the white marker: influence chits drawn this turn


def betrayal_aid(game, events) -> BetrayalAid | None:
    """The aid after `events` (a prefix of the game's events), or None when the
    scenario has no betrayals."""
    rule = next((r for r in game.rules if getattr(r, "betrayals", None) is not None), None)
    if rule is None or not rule.betrayals.families:
        return None
    b = rule.betrayals
    track = {f: [0, 0] for f in b.families}
    joined: dict[str, str] = {}
    markers = {b.west: b.data.loyalty, b.east: b.data.treason}
    turn = game.scenario.turns.first
    for e in events:
        name = type(e).__name__
        if name == "TurnStarted":
            turn = e.turn
        elif name == "InfluenceMoved" and e.family in track:
            track[e.family][0 if e.side == "loyal" else 1] = e.box
        elif name == "ClanJoined" and e.family in track:
            joined[e.family] = e.side if e.side is not None else NEUTRAL
        elif name == "DiplomacyMoved" and e.side in markers:
            markers[e.side] = e.box
    rows = tuple(FamilyTrack(
        family=f, clans=tuple(clans), leader=game.clan_defs[clans[0]].name,
        loyal=track[f][0], loyal_of=b.track_len(f, b.west),
        treason=track[f][1], treason_of=b.track_len(f, b.east),
        joined=joined.get(f), goes_neutral=b.neutral_family(f))
        for f, clans in sorted(b.families.items()))
    return BetrayalAid(west=b.west, east=b.east, families=rows, markers=markers,
                       marker_max=b.data.diplomacy_max, turn=turn,
                       draws=b.data.draws_on(turn))
