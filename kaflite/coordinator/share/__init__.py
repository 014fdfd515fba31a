"""KIP-932 share groups: the third group type of the group coordinator (share-groups.md, SG-*)."""
