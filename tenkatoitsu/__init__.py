"""Tenkatoitsu: a rules-enforcing engine for Sengoku-era hex-and-counter wargames."""

__version__ = "0.1.0"
