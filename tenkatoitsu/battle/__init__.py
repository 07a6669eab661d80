"""The `tenkatoitsu` kind: hex battles of the Tenkatoitsu rules."""
