"""TLS as Kafka's brokers configure it, apart from the sockets (``kaflite.broker.tls`` wraps those):

- ``principal``: ``ssl.principal.mapping.rules`` (Kafka's ``SslPrincipalMapper``), certificate name to principal;
- ``stores``: Kafka's PEM key and trust stores loaded into an ``ssl.SSLContext``, for the broker and the tools;
- ``certs``: throwaway PEM files for a development SSL listener (``kaflite certs``, the test kit), never a start's.
"""
