"""The castles kind in the window."""
