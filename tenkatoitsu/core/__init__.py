"""What every scenario kind's game shares: dice, events, decisions, the driver
that runs rules written as generators, and persistence."""
