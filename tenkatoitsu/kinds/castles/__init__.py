"""The castles kind: area control over the 11 castles of Japan in 1560 (the
rules of Rumble Nation). The registry finds it as
`tenkatoitsu.kinds.castles.kind:KIND`."""
