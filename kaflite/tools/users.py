"""``kaflite users``: SCRAM users, as ``kafka-configs.sh --entity-type users --alter --add-config
'SCRAM-SHA-512=[password=...]'`` does it: AlterUserScramCredentials (KIP-554) with a fresh salt and the salted
password (never the password itself), DescribeUserScramCredentials to list them. Any Kafka-compatible broker."""

from __future__ import annotations

import argparse
import sys
from typing import TextIO

from kaflite.protocol.messages import AlterUserScramCredentialsRequest, DescribeUserScramCredentialsRequest
from kaflite.security.sasl.scram import MECHANISM_NAMES, MECHANISM_TYPES, new_upsertion
from kaflite.tools.client import Client, KafkaError, UsageError, client_for
from kaflite.tools.output import dump_json

Alter = AlterUserScramCredentialsRequest


def _alter(client: Client, request: AlterUserScramCredentialsRequest, what: str) -> None:
    response = client.send(request)
    for result in response.results:
        if result.error_code:
            raise KafkaError(result.error_code, f"{what} {result.user!r}", result.error_message)


def cmd_add(client: Client, args: argparse.Namespace, out: TextIO) -> int:
    if not args.password:
        raise UsageError("--password is required")
    for mechanism in args.mechanism or list(MECHANISM_TYPES):
        salt, salted = new_upsertion(mechanism, args.password, args.iterations)
        upsertion = Alter.ScramCredentialUpsertion(name=args.user, mechanism=MECHANISM_TYPES[mechanism],
                                                   iterations=args.iterations, salt=salt, salted_password=salted)
        # one request per mechanism: Kafka refuses a user named twice in one request (DUPLICATE_RESOURCE)
        _alter(client, Alter(deletions=[], upsertions=[upsertion]), "adding SCRAM credentials for")
        out.write(f"Completed updating config for user {args.user} ({mechanism}).\n")
    return 0


def cmd_delete(client: Client, args: argparse.Namespace, out: TextIO) -> int:
    """Without --mechanism: the mechanisms the user has. A user with none is still asked for, so the broker's
    RESOURCE_NOT_FOUND comes back (what kafka-configs.sh --delete-config reports) rather than silence."""
    existing = None if args.mechanism else _mechanisms_of(client, args.user)
    mechanisms = args.mechanism or list(MECHANISM_TYPES)
    if existing is not None and existing:
        mechanisms = [m for m in mechanisms if m in existing]
    elif existing is not None:
        mechanisms = mechanisms[:1]
    for mechanism in mechanisms:
        deletion = Alter.ScramCredentialDeletion(name=args.user, mechanism=MECHANISM_TYPES[mechanism])
        _alter(client, Alter(deletions=[deletion], upsertions=[]), "deleting SCRAM credentials of")
        out.write(f"Completed updating config for user {args.user} (removed {mechanism}).\n")
    return 0


def _mechanisms_of(client: Client, user: str) -> dict[str, int]:
    response = client.send(DescribeUserScramCredentialsRequest(
        users=[DescribeUserScramCredentialsRequest.UserName(name=user)]))
    for result in response.results:
        if result.error_code == 0:
            return {MECHANISM_NAMES.get(c.mechanism, str(c.mechanism)): c.iterations for c in result.credential_infos}
    return {}


def cmd_describe(client: Client, args: argparse.Namespace, out: TextIO) -> int:
    users = [DescribeUserScramCredentialsRequest.UserName(name=u) for u in args.users] if args.users else None
    response = client.send(DescribeUserScramCredentialsRequest(users=users))
    if response.error_code:
        raise KafkaError(response.error_code, "DescribeUserScramCredentials", response.error_message)
    found = {}
    for result in response.results:
        if result.error_code:
            raise KafkaError(result.error_code, f"describing {result.user!r}", result.error_message)
        found[result.user] = {MECHANISM_NAMES.get(c.mechanism, str(c.mechanism)): c.iterations
                              for c in result.credential_infos}
    if args.json:
        dump_json({"users": found}, out)
        return 0
    for user, mechanisms in sorted(found.items()):  # kafka-configs.sh --describe's line
        configs = ",".join(f"{m}=iterations={i}" for m, i in mechanisms.items())
        out.write(f"SCRAM credential configs for user-principal '{user}' are {configs}\n")
    return 0


def run_users(args: argparse.Namespace, out: TextIO = sys.stdout) -> int:
    with client_for(args) as client:
        action = {"add": cmd_add, "delete": cmd_delete, "describe": cmd_describe}[args.users_action]
        return action(client, args, out)


