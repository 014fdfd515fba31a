"""CreateAcls, DescribeAcls, DeleteAcls: ACL changes become cluster-metadata records, answered once durable.

Kafka's AclControlManager: a creation or deletion is the records it implies (AccessControlEntryRecord,
RemoveAccessControlEntryRecord), committed to the cluster-metadata log and applied to the authorizer by
the same ``apply`` that replays them at startup. Without an authorizer, every ACL API answers
SECURITY_DISABLED, as Kafka does. Who may call them (CLUSTER ALTER / DESCRIBE) is the ACL table's
business (kaflite.broker.authz), like every other API's.
"""

from __future__ import annotations

from typing import Any

from kaflite.broker.context import BrokerContext, RequestContext
from kaflite.broker.router import Router
from kaflite.protocol.errors import ErrorCode
from kaflite.protocol.messages.create_acls_request import CreateAclsRequest
from kaflite.protocol.messages.create_acls_response import AclCreationResult, CreateAclsResponse
from kaflite.protocol.messages.delete_acls_request import DeleteAclsRequest
from kaflite.protocol.messages.delete_acls_response import (
    DeleteAclsFilterResult,
    DeleteAclsMatchingAcl,
    DeleteAclsResponse,
)
from kaflite.protocol.messages.describe_acls_request import DescribeAclsRequest
from kaflite.protocol.messages.describe_acls_response import (
    AclDescription,
    DescribeAclsResource,
    DescribeAclsResponse,
)
from kaflite.security.acl import AclBinding, InvalidAcl, StandardAuthorizer
from kaflite.security.acl.model import acl_filter, binding
from kaflite.storage.errors import StorageError

NO_AUTHORIZER = "No Authorizer is configured."  # Kafka's message with SECURITY_DISABLED


class AclHandler:
    """The ACL APIs over the authorizer image (None: no authorizer configured)."""

    def __init__(self, context: BrokerContext, authorizer: StandardAuthorizer | None) -> None:
        self.context = context
        self.authorizer = authorizer

    def register(self, router: Router) -> None:
        router.add(29, self.describe_acls)
        router.add(30, self.create_acls)
        router.add(31, self.delete_acls)

    def describe_acls(self, ctx: RequestContext, req: DescribeAclsRequest) -> DescribeAclsResponse:
        auth = self.authorizer
        if auth is None:
            return DescribeAclsResponse(error_code=ErrorCode.SECURITY_DISABLED, error_message=NO_AUTHORIZER)
        wanted = acl_filter(req.resource_type_filter, req.resource_name_filter, req.pattern_type_filter,
                            req.principal_filter, req.host_filter, req.operation, req.permission_type)
        try:
            wanted.validate()
        except InvalidAcl as exc:
            return DescribeAclsResponse(error_code=ErrorCode.INVALID_REQUEST, error_message=str(exc))
        resources: dict[tuple[int, str, int], DescribeAclsResource] = {}
        for acl in auth.matching(wanted):
            key = (int(acl.resource_type), acl.resource_name, int(acl.pattern_type))
            resource = resources.get(key)
            if resource is None:
                resource = resources[key] = DescribeAclsResource(resource_type=key[0], resource_name=key[1],
                                                                 pattern_type=key[2])
            resource.acls.append(AclDescription(principal=acl.principal, host=acl.host,
                                                operation=int(acl.operation),
                                                permission_type=int(acl.permission_type)))
        return DescribeAclsResponse(error_message=None, resources=list(resources.values()))

    async def create_acls(self, ctx: RequestContext, req: CreateAclsRequest) -> CreateAclsResponse:
        auth = self.authorizer
        if auth is None:
            return CreateAclsResponse(results=[
                AclCreationResult(error_code=ErrorCode.SECURITY_DISABLED, error_message=NO_AUTHORIZER)
                for _ in req.creations])
        results: list[AclCreationResult] = []
        records: list[Any] = []
        writing: list[AclCreationResult] = []  # the results that wait on the write
        seen: set[AclBinding] = set()
        for c in req.creations:
            acl = binding(c.resource_type, c.resource_name, c.resource_pattern_type, c.principal, c.host,
                          c.operation, c.permission_type)
            result = AclCreationResult(error_message=None)
            try:
                implied = auth.create_records(acl) if acl not in seen else []
            except InvalidAcl as exc:
                result.error_code, result.error_message = ErrorCode.INVALID_REQUEST, str(exc)
            else:
                seen.add(acl)
                records += implied
                writing.append(result)
            results.append(result)
        await self._commit(records, writing)
        if records:
            ctx.log.info("acls created", acls=len(records), principal=ctx.connection.principal)
        return CreateAclsResponse(results=results)

    async def delete_acls(self, ctx: RequestContext, req: DeleteAclsRequest) -> DeleteAclsResponse:
        auth = self.authorizer
        if auth is None:
            return DeleteAclsResponse(filter_results=[
                DeleteAclsFilterResult(error_code=ErrorCode.SECURITY_DISABLED, error_message=NO_AUTHORIZER)
                for _ in req.filters])
        results: list[DeleteAclsFilterResult] = []
        deleting: list[AclBinding] = []
        writing: list[Any] = []
        for f in req.filters:
            wanted = acl_filter(f.resource_type_filter, f.resource_name_filter, f.pattern_type_filter,
                                f.principal_filter, f.host_filter, f.operation, f.permission_type)
            result = DeleteAclsFilterResult(error_message=None)
            try:
                wanted.validate()
            except InvalidAcl as exc:
                result.error_code, result.error_message = ErrorCode.INVALID_REQUEST, str(exc)
            else:
                for acl in auth.matching(wanted):
                    if acl not in deleting:
                        deleting.append(acl)
                    result.matching_acls.append(DeleteAclsMatchingAcl(
                        error_message=None, resource_type=int(acl.resource_type), resource_name=acl.resource_name,
                        pattern_type=int(acl.pattern_type), principal=acl.principal, host=acl.host,
                        operation=int(acl.operation), permission_type=int(acl.permission_type)))
                writing.append(result)
            results.append(result)
        records = auth.delete_records(deleting)
        await self._commit(records, writing)
        if records:
            ctx.log.info("acls deleted", acls=len(records), principal=ctx.connection.principal)
        return DeleteAclsResponse(filter_results=results)

    async def _commit(self, records: list[Any], results: list[Any]) -> None:
        """Write the records; on a storage failure, every result that waited on them carries its error."""
        if not records:
            return
        try:
            await self.context.cluster_metadata.commit(records)
        except StorageError as exc:
            for result in results:
                result.error_code, result.error_message = exc.error_code, str(exc)
