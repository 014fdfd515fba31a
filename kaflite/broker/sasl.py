"""SASL on the broker: SaslHandshake and SaslAuthenticate (the connection's ``SaslServerAuthenticator`` decides
every answer), each SASL listener's authenticators, and the SCRAM credentials they check.

Thin on purpose: the state machine and the mechanisms are pure code in ``kaflite.security.sasl``; the connection
shows each request to its authenticator before routing it (``SaslGate.dispatch``, broker/sasl_gate.py). Nothing here is
imported on a start without SASL listeners except this module and the (empty until used) credentials image.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from kaflite.broker.context import BrokerContext, RequestContext
from kaflite.broker.router import Router
from kaflite.config.listeners import Listener, sasl_settings
from kaflite.protocol.errors import ErrorCode
from kaflite.protocol.messages.sasl_authenticate_response import SaslAuthenticateResponse
from kaflite.protocol.messages.sasl_handshake_response import SaslHandshakeResponse
from kaflite.security.sasl import OAUTHBEARER, PLAIN
from kaflite.security.sasl.authenticator import MechanismServer, SaslServerAuthenticator
from kaflite.security.sasl.jaas import module_options
from kaflite.security.sasl.oauthbearer import OAUTHBEARER_LOGIN_MODULE, OAuthBearerServer
from kaflite.security.sasl.plain import PlainServer, plain_users
from kaflite.security.sasl.scram import ScramCredentials, ScramServer, alter_credentials, describe_credentials

SASL_HANDSHAKE = 17
SASL_AUTHENTICATE = 36
DESCRIBE_USER_SCRAM_CREDENTIALS = 50
ALTER_USER_SCRAM_CREDENTIALS = 51


class SaslHandler:
    """The SASL APIs, and what a SASL listener's connections are given: a fresh authenticator each."""

    def __init__(self, context: BrokerContext) -> None:
        self.context = context
        self.scram = ScramCredentials()  # replayed from, and kept in step with, the cluster metadata log

    def register(self, router: Router) -> None:
        router.add(SASL_HANDSHAKE, self.handshake)
        router.add(SASL_AUTHENTICATE, self.authenticate)
        router.add(DESCRIBE_USER_SCRAM_CREDENTIALS, self.describe_user_scram_credentials)
        router.add(ALTER_USER_SCRAM_CREDENTIALS, self.alter_user_scram_credentials)

    def authenticators(self, listener: Listener) -> Callable[[], SaslServerAuthenticator]:
        """A factory of authenticators for ``listener`` (a SASL one), its settings read once."""
        settings = sasl_settings(self.context.config, listener.name)
        users = plain_users(settings.jaas.get(PLAIN, ""))
        oauth = module_options(settings.jaas.get(OAUTHBEARER, ""), OAUTHBEARER_LOGIN_MODULE) \
            if settings.jaas.get(OAUTHBEARER, "").strip() else {}
        lookup = self.scram.get

        def new_server(mechanism: str) -> MechanismServer:
            if mechanism == PLAIN:
                return PlainServer(users)
            if mechanism == OAUTHBEARER:
                return OAuthBearerServer(oauth)
            return ScramServer(mechanism, lookup)

        mechanisms, reauth, max_receive = settings.mechanisms, dict(settings.max_reauth_ms), settings.max_receive_size
        return lambda: SaslServerAuthenticator(mechanisms, new_server, reauth, max_receive)

    # -- the APIs ------------------------------------------------------------------------------------

    def handshake(self, ctx: RequestContext, request: Any) -> Any:
        """On a SASL listener the connection's authenticator answers; elsewhere Kafka's KafkaApis answer:
        ILLEGAL_SASL_STATE (there is nothing to authenticate)."""
        sasl = ctx.connection.sasl
        if sasl is None:
            return SaslHandshakeResponse(error_code=ErrorCode.ILLEGAL_SASL_STATE)
        return sasl.handshake(ctx.version, request.mechanism, self.context.clock.now_ms())

    def authenticate(self, ctx: RequestContext, request: Any) -> Any:
        sasl = ctx.connection.sasl
        if sasl is None:
            return SaslAuthenticateResponse(error_code=ErrorCode.ILLEGAL_SASL_STATE,
                                            error_message="SaslAuthenticate request received after successful "
                                                          "authentication")
        return sasl.authenticate(ctx.version, bytes(request.auth_bytes), self.context.clock.now_ms())

    # -- SCRAM credentials (KIP-554) ------------------------------------------------------------------

    def describe_user_scram_credentials(self, ctx: RequestContext, request: Any) -> Any:
        return describe_credentials(self.scram, request)

    async def alter_user_scram_credentials(self, ctx: RequestContext, request: Any) -> Any:
        """The records the request implies, committed to the cluster metadata log (durable, then applied to the
        credentials image: a user added now can log in on the next connection); answered once durable."""
        records, response = alter_credentials(self.scram, request)
        await self.context.cluster_metadata.commit(records)
        if records:
            ctx.log.info("SCRAM credentials altered", users=sorted({r.name for r in records}))
        return response
