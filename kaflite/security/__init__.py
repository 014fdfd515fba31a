"""Security state and logic that is pure code: SASL mechanisms and their state machine (``kaflite.security.sasl``).

No sockets, files or event loop here (an import contract says so): the broker feeds bytes in and sends the bytes
that come out; images of the cluster metadata log are fed its records.
"""
