"""The clans kind: Shogun: Gekokujō, a redesign of Shogun (1986) for four or
five players, each leading one of nine great clans over the 68 provinces of
Japan. The registry finds it as `tenkatoitsu.kinds.clans.kind:KIND`."""
