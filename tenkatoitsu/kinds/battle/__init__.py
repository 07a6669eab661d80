"""The battle kind: hex-and-counter battles of the Tenkatoitsu rules
(Hexasim). `KIND` is what the registry hands to the shared services."""

from tenkatoitsu.kinds.battle.kind import KIND

__all__ = ["KIND"]
