"""The hex battle kind ("tenkatoitsu") in the GUI: map, counters, Honjins,
the Bowl, tracks, the decision prompt and the siege maps."""
