"""Classic groups (the JoinGroup/SyncGroup protocol): the group model, its states and its manager."""
