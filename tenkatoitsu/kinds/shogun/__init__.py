"""The shogun kind: Shogun (Milton Bradley, 1986) on the 68 provinces of
Japan, for 2 to 5 players. The registry finds it as
`tenkatoitsu.kinds.shogun.kind:KIND`."""
