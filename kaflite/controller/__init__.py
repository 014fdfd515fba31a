"""Kafka's controller in miniature, pure: which broker of the cluster leads each partition, at which leader epoch.

With ``brokers`` > 1, one kaflite process serves several brokers over one data directory (issue 34: a cluster for
failover tests, not a distributed store). What Kafka's controller decides -- a partition's leader, its leader epoch,
which brokers are alive -- is decided here and kept as Kafka keeps it: ``PartitionChangeRecord``\\ s in
``__cluster_metadata``, applied by the same ``apply`` when committed and at startup's replay. The broker
(``kaflite.broker``) commits the records and acts on the changes (unloading and loading coordinators, closing a
stopped broker's listeners).
"""
