"""KIP-848 consumer groups: the group, its members, reconciliation, the heartbeat and its records."""
