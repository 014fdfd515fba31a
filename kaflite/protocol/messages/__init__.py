"""Kafka message codecs generated from Kafka's JSON schemas. Do not edit."""

from __future__ import annotations

from collections.abc import Mapping

from kaflite.protocol._codec import ApiMessage

from kaflite.protocol.messages.access_control_entry_record import AccessControlEntryRecord
from kaflite.protocol.messages.add_offsets_to_txn_request import AddOffsetsToTxnRequest
from kaflite.protocol.messages.add_offsets_to_txn_response import AddOffsetsToTxnResponse
from kaflite.protocol.messages.add_partitions_to_txn_request import AddPartitionsToTxnRequest
from kaflite.protocol.messages.add_partitions_to_txn_response import AddPartitionsToTxnResponse
from kaflite.protocol.messages.alter_client_quotas_request import AlterClientQuotasRequest
from kaflite.protocol.messages.alter_client_quotas_response import AlterClientQuotasResponse
from kaflite.protocol.messages.alter_configs_request import AlterConfigsRequest
from kaflite.protocol.messages.alter_configs_response import AlterConfigsResponse
from kaflite.protocol.messages.alter_partition_reassignments_request import AlterPartitionReassignmentsRequest
from kaflite.protocol.messages.alter_partition_reassignments_response import AlterPartitionReassignmentsResponse
from kaflite.protocol.messages.alter_replica_log_dirs_request import AlterReplicaLogDirsRequest
from kaflite.protocol.messages.alter_replica_log_dirs_response import AlterReplicaLogDirsResponse
from kaflite.protocol.messages.alter_share_group_offsets_request import AlterShareGroupOffsetsRequest
from kaflite.protocol.messages.alter_share_group_offsets_response import AlterShareGroupOffsetsResponse
from kaflite.protocol.messages.alter_user_scram_credentials_request import AlterUserScramCredentialsRequest
from kaflite.protocol.messages.alter_user_scram_credentials_response import AlterUserScramCredentialsResponse
from kaflite.protocol.messages.api_versions_request import ApiVersionsRequest
from kaflite.protocol.messages.api_versions_response import ApiVersionsResponse
from kaflite.protocol.messages.consumer_group_current_member_assignment_key import ConsumerGroupCurrentMemberAssignmentKey
from kaflite.protocol.messages.consumer_group_current_member_assignment_value import ConsumerGroupCurrentMemberAssignmentValue
from kaflite.protocol.messages.consumer_group_describe_request import ConsumerGroupDescribeRequest
from kaflite.protocol.messages.consumer_group_describe_response import ConsumerGroupDescribeResponse
from kaflite.protocol.messages.consumer_group_heartbeat_request import ConsumerGroupHeartbeatRequest
from kaflite.protocol.messages.consumer_group_heartbeat_response import ConsumerGroupHeartbeatResponse
from kaflite.protocol.messages.consumer_group_member_metadata_key import ConsumerGroupMemberMetadataKey
from kaflite.protocol.messages.consumer_group_member_metadata_value import ConsumerGroupMemberMetadataValue
from kaflite.protocol.messages.consumer_group_metadata_key import ConsumerGroupMetadataKey
from kaflite.protocol.messages.consumer_group_metadata_value import ConsumerGroupMetadataValue
from kaflite.protocol.messages.consumer_group_partition_metadata_key import ConsumerGroupPartitionMetadataKey
from kaflite.protocol.messages.consumer_group_partition_metadata_value import ConsumerGroupPartitionMetadataValue
from kaflite.protocol.messages.consumer_group_regular_expression_key import ConsumerGroupRegularExpressionKey
from kaflite.protocol.messages.consumer_group_regular_expression_value import ConsumerGroupRegularExpressionValue
from kaflite.protocol.messages.consumer_group_target_assignment_member_key import ConsumerGroupTargetAssignmentMemberKey
from kaflite.protocol.messages.consumer_group_target_assignment_member_value import ConsumerGroupTargetAssignmentMemberValue
from kaflite.protocol.messages.consumer_group_target_assignment_metadata_key import ConsumerGroupTargetAssignmentMetadataKey
from kaflite.protocol.messages.consumer_group_target_assignment_metadata_value import ConsumerGroupTargetAssignmentMetadataValue
from kaflite.protocol.messages.consumer_protocol_assignment import ConsumerProtocolAssignment
from kaflite.protocol.messages.consumer_protocol_subscription import ConsumerProtocolSubscription
from kaflite.protocol.messages.create_acls_request import CreateAclsRequest
from kaflite.protocol.messages.create_acls_response import CreateAclsResponse
from kaflite.protocol.messages.create_partitions_request import CreatePartitionsRequest
from kaflite.protocol.messages.create_partitions_response import CreatePartitionsResponse
from kaflite.protocol.messages.create_topics_request import CreateTopicsRequest
from kaflite.protocol.messages.create_topics_response import CreateTopicsResponse
from kaflite.protocol.messages.delete_acls_request import DeleteAclsRequest
from kaflite.protocol.messages.delete_acls_response import DeleteAclsResponse
from kaflite.protocol.messages.delete_groups_request import DeleteGroupsRequest
from kaflite.protocol.messages.delete_groups_response import DeleteGroupsResponse
from kaflite.protocol.messages.delete_records_request import DeleteRecordsRequest
from kaflite.protocol.messages.delete_records_response import DeleteRecordsResponse
from kaflite.protocol.messages.delete_share_group_offsets_request import DeleteShareGroupOffsetsRequest
from kaflite.protocol.messages.delete_share_group_offsets_response import DeleteShareGroupOffsetsResponse
from kaflite.protocol.messages.delete_topics_request import DeleteTopicsRequest
from kaflite.protocol.messages.delete_topics_response import DeleteTopicsResponse
from kaflite.protocol.messages.describe_acls_request import DescribeAclsRequest
from kaflite.protocol.messages.describe_acls_response import DescribeAclsResponse
from kaflite.protocol.messages.describe_client_quotas_request import DescribeClientQuotasRequest
from kaflite.protocol.messages.describe_client_quotas_response import DescribeClientQuotasResponse
from kaflite.protocol.messages.describe_cluster_request import DescribeClusterRequest
from kaflite.protocol.messages.describe_cluster_response import DescribeClusterResponse
from kaflite.protocol.messages.describe_configs_request import DescribeConfigsRequest
from kaflite.protocol.messages.describe_configs_response import DescribeConfigsResponse
from kaflite.protocol.messages.describe_groups_request import DescribeGroupsRequest
from kaflite.protocol.messages.describe_groups_response import DescribeGroupsResponse
from kaflite.protocol.messages.describe_log_dirs_request import DescribeLogDirsRequest
from kaflite.protocol.messages.describe_log_dirs_response import DescribeLogDirsResponse
from kaflite.protocol.messages.describe_producers_request import DescribeProducersRequest
from kaflite.protocol.messages.describe_producers_response import DescribeProducersResponse
from kaflite.protocol.messages.describe_quorum_request import DescribeQuorumRequest
from kaflite.protocol.messages.describe_quorum_response import DescribeQuorumResponse
from kaflite.protocol.messages.describe_share_group_offsets_request import DescribeShareGroupOffsetsRequest
from kaflite.protocol.messages.describe_share_group_offsets_response import DescribeShareGroupOffsetsResponse
from kaflite.protocol.messages.describe_topic_partitions_request import DescribeTopicPartitionsRequest
from kaflite.protocol.messages.describe_topic_partitions_response import DescribeTopicPartitionsResponse
from kaflite.protocol.messages.describe_transactions_request import DescribeTransactionsRequest
from kaflite.protocol.messages.describe_transactions_response import DescribeTransactionsResponse
from kaflite.protocol.messages.describe_user_scram_credentials_request import DescribeUserScramCredentialsRequest
from kaflite.protocol.messages.describe_user_scram_credentials_response import DescribeUserScramCredentialsResponse
from kaflite.protocol.messages.elect_leaders_request import ElectLeadersRequest
from kaflite.protocol.messages.elect_leaders_response import ElectLeadersResponse
from kaflite.protocol.messages.end_txn_request import EndTxnRequest
from kaflite.protocol.messages.end_txn_response import EndTxnResponse
from kaflite.protocol.messages.fetch_request import FetchRequest
from kaflite.protocol.messages.fetch_response import FetchResponse
from kaflite.protocol.messages.find_coordinator_request import FindCoordinatorRequest
from kaflite.protocol.messages.find_coordinator_response import FindCoordinatorResponse
from kaflite.protocol.messages.group_metadata_key import GroupMetadataKey
from kaflite.protocol.messages.group_metadata_value import GroupMetadataValue
from kaflite.protocol.messages.heartbeat_request import HeartbeatRequest
from kaflite.protocol.messages.heartbeat_response import HeartbeatResponse
from kaflite.protocol.messages.incremental_alter_configs_request import IncrementalAlterConfigsRequest
from kaflite.protocol.messages.incremental_alter_configs_response import IncrementalAlterConfigsResponse
from kaflite.protocol.messages.init_producer_id_request import InitProducerIdRequest
from kaflite.protocol.messages.init_producer_id_response import InitProducerIdResponse
from kaflite.protocol.messages.join_group_request import JoinGroupRequest
from kaflite.protocol.messages.join_group_response import JoinGroupResponse
from kaflite.protocol.messages.leave_group_request import LeaveGroupRequest
from kaflite.protocol.messages.leave_group_response import LeaveGroupResponse
from kaflite.protocol.messages.list_config_resources_request import ListConfigResourcesRequest
from kaflite.protocol.messages.list_config_resources_response import ListConfigResourcesResponse
from kaflite.protocol.messages.list_groups_request import ListGroupsRequest
from kaflite.protocol.messages.list_groups_response import ListGroupsResponse
from kaflite.protocol.messages.list_offsets_request import ListOffsetsRequest
from kaflite.protocol.messages.list_offsets_response import ListOffsetsResponse
from kaflite.protocol.messages.list_partition_reassignments_request import ListPartitionReassignmentsRequest
from kaflite.protocol.messages.list_partition_reassignments_response import ListPartitionReassignmentsResponse
from kaflite.protocol.messages.list_transactions_request import ListTransactionsRequest
from kaflite.protocol.messages.list_transactions_response import ListTransactionsResponse
from kaflite.protocol.messages.metadata_request import MetadataRequest
from kaflite.protocol.messages.metadata_response import MetadataResponse
from kaflite.protocol.messages.offset_commit_key import OffsetCommitKey
from kaflite.protocol.messages.offset_commit_request import OffsetCommitRequest
from kaflite.protocol.messages.offset_commit_response import OffsetCommitResponse
from kaflite.protocol.messages.offset_commit_value import OffsetCommitValue
from kaflite.protocol.messages.offset_delete_request import OffsetDeleteRequest
from kaflite.protocol.messages.offset_delete_response import OffsetDeleteResponse
from kaflite.protocol.messages.offset_fetch_request import OffsetFetchRequest
from kaflite.protocol.messages.offset_fetch_response import OffsetFetchResponse
from kaflite.protocol.messages.offset_for_leader_epoch_request import OffsetForLeaderEpochRequest
from kaflite.protocol.messages.offset_for_leader_epoch_response import OffsetForLeaderEpochResponse
from kaflite.protocol.messages.partition_change_record import PartitionChangeRecord
from kaflite.protocol.messages.produce_request import ProduceRequest
from kaflite.protocol.messages.produce_response import ProduceResponse
from kaflite.protocol.messages.remove_access_control_entry_record import RemoveAccessControlEntryRecord
from kaflite.protocol.messages.remove_user_scram_credential_record import RemoveUserScramCredentialRecord
from kaflite.protocol.messages.sasl_authenticate_request import SaslAuthenticateRequest
from kaflite.protocol.messages.sasl_authenticate_response import SaslAuthenticateResponse
from kaflite.protocol.messages.sasl_handshake_request import SaslHandshakeRequest
from kaflite.protocol.messages.sasl_handshake_response import SaslHandshakeResponse
from kaflite.protocol.messages.share_acknowledge_request import ShareAcknowledgeRequest
from kaflite.protocol.messages.share_acknowledge_response import ShareAcknowledgeResponse
from kaflite.protocol.messages.share_fetch_request import ShareFetchRequest
from kaflite.protocol.messages.share_fetch_response import ShareFetchResponse
from kaflite.protocol.messages.share_group_current_member_assignment_key import ShareGroupCurrentMemberAssignmentKey
from kaflite.protocol.messages.share_group_current_member_assignment_value import ShareGroupCurrentMemberAssignmentValue
from kaflite.protocol.messages.share_group_describe_request import ShareGroupDescribeRequest
from kaflite.protocol.messages.share_group_describe_response import ShareGroupDescribeResponse
from kaflite.protocol.messages.share_group_heartbeat_request import ShareGroupHeartbeatRequest
from kaflite.protocol.messages.share_group_heartbeat_response import ShareGroupHeartbeatResponse
from kaflite.protocol.messages.share_group_member_metadata_key import ShareGroupMemberMetadataKey
from kaflite.protocol.messages.share_group_member_metadata_value import ShareGroupMemberMetadataValue
from kaflite.protocol.messages.share_group_metadata_key import ShareGroupMetadataKey
from kaflite.protocol.messages.share_group_metadata_value import ShareGroupMetadataValue
from kaflite.protocol.messages.share_group_state_partition_metadata_key import ShareGroupStatePartitionMetadataKey
from kaflite.protocol.messages.share_group_state_partition_metadata_value import ShareGroupStatePartitionMetadataValue
from kaflite.protocol.messages.share_group_target_assignment_member_key import ShareGroupTargetAssignmentMemberKey
from kaflite.protocol.messages.share_group_target_assignment_member_value import ShareGroupTargetAssignmentMemberValue
from kaflite.protocol.messages.share_group_target_assignment_metadata_key import ShareGroupTargetAssignmentMetadataKey
from kaflite.protocol.messages.share_group_target_assignment_metadata_value import ShareGroupTargetAssignmentMetadataValue
from kaflite.protocol.messages.share_snapshot_key import ShareSnapshotKey
from kaflite.protocol.messages.share_snapshot_value import ShareSnapshotValue
from kaflite.protocol.messages.share_update_key import ShareUpdateKey
from kaflite.protocol.messages.share_update_value import ShareUpdateValue
from kaflite.protocol.messages.sync_group_request import SyncGroupRequest
from kaflite.protocol.messages.sync_group_response import SyncGroupResponse
from kaflite.protocol.messages.transaction_log_key import TransactionLogKey
from kaflite.protocol.messages.transaction_log_value import TransactionLogValue
from kaflite.protocol.messages.txn_offset_commit_request import TxnOffsetCommitRequest
from kaflite.protocol.messages.txn_offset_commit_response import TxnOffsetCommitResponse
from kaflite.protocol.messages.update_features_request import UpdateFeaturesRequest
from kaflite.protocol.messages.update_features_response import UpdateFeaturesResponse
from kaflite.protocol.messages.user_scram_credential_record import UserScramCredentialRecord
from kaflite.protocol.messages.write_txn_markers_request import WriteTxnMarkersRequest
from kaflite.protocol.messages.write_txn_markers_response import WriteTxnMarkersResponse

#: API key -> request class name
REQUEST_NAMES: dict[int, str] = {
    0: 'ProduceRequest',
    1: 'FetchRequest',
    2: 'ListOffsetsRequest',
    3: 'MetadataRequest',
    8: 'OffsetCommitRequest',
    9: 'OffsetFetchRequest',
    10: 'FindCoordinatorRequest',
    11: 'JoinGroupRequest',
    12: 'HeartbeatRequest',
    13: 'LeaveGroupRequest',
    14: 'SyncGroupRequest',
    15: 'DescribeGroupsRequest',
    16: 'ListGroupsRequest',
    17: 'SaslHandshakeRequest',
    18: 'ApiVersionsRequest',
    19: 'CreateTopicsRequest',
    20: 'DeleteTopicsRequest',
    21: 'DeleteRecordsRequest',
    22: 'InitProducerIdRequest',
    23: 'OffsetForLeaderEpochRequest',
    24: 'AddPartitionsToTxnRequest',
    25: 'AddOffsetsToTxnRequest',
    26: 'EndTxnRequest',
    27: 'WriteTxnMarkersRequest',
    28: 'TxnOffsetCommitRequest',
    29: 'DescribeAclsRequest',
    30: 'CreateAclsRequest',
    31: 'DeleteAclsRequest',
    32: 'DescribeConfigsRequest',
    33: 'AlterConfigsRequest',
    34: 'AlterReplicaLogDirsRequest',
    35: 'DescribeLogDirsRequest',
    36: 'SaslAuthenticateRequest',
    37: 'CreatePartitionsRequest',
    42: 'DeleteGroupsRequest',
    43: 'ElectLeadersRequest',
    44: 'IncrementalAlterConfigsRequest',
    45: 'AlterPartitionReassignmentsRequest',
    46: 'ListPartitionReassignmentsRequest',
    47: 'OffsetDeleteRequest',
    48: 'DescribeClientQuotasRequest',
    49: 'AlterClientQuotasRequest',
    50: 'DescribeUserScramCredentialsRequest',
    51: 'AlterUserScramCredentialsRequest',
    55: 'DescribeQuorumRequest',
    57: 'UpdateFeaturesRequest',
    60: 'DescribeClusterRequest',
    61: 'DescribeProducersRequest',
    65: 'DescribeTransactionsRequest',
    66: 'ListTransactionsRequest',
    68: 'ConsumerGroupHeartbeatRequest',
    69: 'ConsumerGroupDescribeRequest',
    74: 'ListConfigResourcesRequest',
    75: 'DescribeTopicPartitionsRequest',
    76: 'ShareGroupHeartbeatRequest',
    77: 'ShareGroupDescribeRequest',
    78: 'ShareFetchRequest',
    79: 'ShareAcknowledgeRequest',
    90: 'DescribeShareGroupOffsetsRequest',
    91: 'AlterShareGroupOffsetsRequest',
    92: 'DeleteShareGroupOffsetsRequest',
}
REQUESTS: Mapping[int, type[ApiMessage]] = {
    0: ProduceRequest,
    1: FetchRequest,
    2: ListOffsetsRequest,
    3: MetadataRequest,
    8: OffsetCommitRequest,
    9: OffsetFetchRequest,
    10: FindCoordinatorRequest,
    11: JoinGroupRequest,
    12: HeartbeatRequest,
    13: LeaveGroupRequest,
    14: SyncGroupRequest,
    15: DescribeGroupsRequest,
    16: ListGroupsRequest,
    17: SaslHandshakeRequest,
    18: ApiVersionsRequest,
    19: CreateTopicsRequest,
    20: DeleteTopicsRequest,
    21: DeleteRecordsRequest,
    22: InitProducerIdRequest,
    23: OffsetForLeaderEpochRequest,
    24: AddPartitionsToTxnRequest,
    25: AddOffsetsToTxnRequest,
    26: EndTxnRequest,
    27: WriteTxnMarkersRequest,
    28: TxnOffsetCommitRequest,
    29: DescribeAclsRequest,
    30: CreateAclsRequest,
    31: DeleteAclsRequest,
    32: DescribeConfigsRequest,
    33: AlterConfigsRequest,
    34: AlterReplicaLogDirsRequest,
    35: DescribeLogDirsRequest,
    36: SaslAuthenticateRequest,
    37: CreatePartitionsRequest,
    42: DeleteGroupsRequest,
    43: ElectLeadersRequest,
    44: IncrementalAlterConfigsRequest,
    45: AlterPartitionReassignmentsRequest,
    46: ListPartitionReassignmentsRequest,
    47: OffsetDeleteRequest,
    48: DescribeClientQuotasRequest,
    49: AlterClientQuotasRequest,
    50: DescribeUserScramCredentialsRequest,
    51: AlterUserScramCredentialsRequest,
    55: DescribeQuorumRequest,
    57: UpdateFeaturesRequest,
    60: DescribeClusterRequest,
    61: DescribeProducersRequest,
    65: DescribeTransactionsRequest,
    66: ListTransactionsRequest,
    68: ConsumerGroupHeartbeatRequest,
    69: ConsumerGroupDescribeRequest,
    74: ListConfigResourcesRequest,
    75: DescribeTopicPartitionsRequest,
    76: ShareGroupHeartbeatRequest,
    77: ShareGroupDescribeRequest,
    78: ShareFetchRequest,
    79: ShareAcknowledgeRequest,
    90: DescribeShareGroupOffsetsRequest,
    91: AlterShareGroupOffsetsRequest,
    92: DeleteShareGroupOffsetsRequest,
}
RESPONSES: Mapping[int, type[ApiMessage]] = {
    0: ProduceResponse,
    1: FetchResponse,
    2: ListOffsetsResponse,
    3: MetadataResponse,
    8: OffsetCommitResponse,
    9: OffsetFetchResponse,
    10: FindCoordinatorResponse,
    11: JoinGroupResponse,
    12: HeartbeatResponse,
    13: LeaveGroupResponse,
    14: SyncGroupResponse,
    15: DescribeGroupsResponse,
    16: ListGroupsResponse,
    17: SaslHandshakeResponse,
    18: ApiVersionsResponse,
    19: CreateTopicsResponse,
    20: DeleteTopicsResponse,
    21: DeleteRecordsResponse,
    22: InitProducerIdResponse,
    23: OffsetForLeaderEpochResponse,
    24: AddPartitionsToTxnResponse,
    25: AddOffsetsToTxnResponse,
    26: EndTxnResponse,
    27: WriteTxnMarkersResponse,
    28: TxnOffsetCommitResponse,
    29: DescribeAclsResponse,
    30: CreateAclsResponse,
    31: DeleteAclsResponse,
    32: DescribeConfigsResponse,
    33: AlterConfigsResponse,
    34: AlterReplicaLogDirsResponse,
    35: DescribeLogDirsResponse,
    36: SaslAuthenticateResponse,
    37: CreatePartitionsResponse,
    42: DeleteGroupsResponse,
    43: ElectLeadersResponse,
    44: IncrementalAlterConfigsResponse,
    45: AlterPartitionReassignmentsResponse,
    46: ListPartitionReassignmentsResponse,
    47: OffsetDeleteResponse,
    48: DescribeClientQuotasResponse,
    49: AlterClientQuotasResponse,
    50: DescribeUserScramCredentialsResponse,
    51: AlterUserScramCredentialsResponse,
    55: DescribeQuorumResponse,
    57: UpdateFeaturesResponse,
    60: DescribeClusterResponse,
    61: DescribeProducersResponse,
    65: DescribeTransactionsResponse,
    66: ListTransactionsResponse,
    68: ConsumerGroupHeartbeatResponse,
    69: ConsumerGroupDescribeResponse,
    74: ListConfigResourcesResponse,
    75: DescribeTopicPartitionsResponse,
    76: ShareGroupHeartbeatResponse,
    77: ShareGroupDescribeResponse,
    78: ShareFetchResponse,
    79: ShareAcknowledgeResponse,
    90: DescribeShareGroupOffsetsResponse,
    91: AlterShareGroupOffsetsResponse,
    92: DeleteShareGroupOffsetsResponse,
}
#: API key -> (MIN_VERSION, MAX_VERSION) of its request class
REQUEST_VERSIONS: dict[int, tuple[int, int]] = {
    0: (3, 13),
    1: (4, 18),
    2: (1, 11),
    3: (0, 13),
    8: (2, 10),
    9: (1, 10),
    10: (0, 6),
    11: (0, 9),
    12: (0, 4),
    13: (0, 5),
    14: (0, 5),
    15: (0, 6),
    16: (0, 5),
    17: (0, 1),
    18: (0, 4),
    19: (2, 7),
    20: (1, 6),
    21: (0, 2),
    22: (0, 6),
    23: (2, 4),
    24: (0, 5),
    25: (0, 4),
    26: (0, 5),
    27: (1, 2),
    28: (0, 5),
    29: (1, 3),
    30: (1, 3),
    31: (1, 3),
    32: (1, 4),
    33: (0, 2),
    34: (1, 2),
    35: (1, 5),
    36: (0, 2),
    37: (0, 3),
    42: (0, 2),
    43: (0, 2),
    44: (0, 1),
    45: (0, 1),
    46: (0, 0),
    47: (0, 0),
    48: (0, 1),
    49: (0, 1),
    50: (0, 0),
    51: (0, 0),
    55: (0, 2),
    57: (0, 2),
    60: (0, 2),
    61: (0, 0),
    65: (0, 0),
    66: (0, 2),
    68: (0, 1),
    69: (0, 1),
    74: (0, 1),
    75: (0, 0),
    76: (1, 1),
    77: (1, 1),
    78: (1, 2),
    79: (1, 2),
    90: (0, 1),
    91: (0, 0),
    92: (0, 0),
}
#: first flexible version of each API's requests (request header v2 from there on)
REQUEST_FLEXIBLE_MIN: dict[int, int] = {
    0: 9,
    1: 12,
    2: 6,
    3: 9,
    8: 8,
    9: 6,
    10: 3,
    11: 6,
    12: 4,
    13: 4,
    14: 4,
    15: 5,
    16: 3,
    17: 10000,
    18: 3,
    19: 5,
    20: 4,
    21: 2,
    22: 2,
    23: 4,
    24: 3,
    25: 3,
    26: 3,
    27: 1,
    28: 3,
    29: 2,
    30: 2,
    31: 2,
    32: 4,
    33: 2,
    34: 2,
    35: 2,
    36: 2,
    37: 2,
    42: 2,
    43: 2,
    44: 1,
    45: 0,
    46: 0,
    47: 10000,
    48: 1,
    49: 1,
    50: 0,
    51: 0,
    55: 0,
    57: 0,
    60: 0,
    61: 0,
    65: 0,
    66: 0,
    68: 0,
    69: 0,
    74: 0,
    75: 0,
    76: 0,
    77: 0,
    78: 0,
    79: 0,
    90: 0,
    91: 0,
    92: 0,
}

__all__ = [
    'AccessControlEntryRecord',
    'AddOffsetsToTxnRequest',
    'AddOffsetsToTxnResponse',
    'AddPartitionsToTxnRequest',
    'AddPartitionsToTxnResponse',
    'AlterClientQuotasRequest',
    'AlterClientQuotasResponse',
    'AlterConfigsRequest',
    'AlterConfigsResponse',
    'AlterPartitionReassignmentsRequest',
    'AlterPartitionReassignmentsResponse',
    'AlterReplicaLogDirsRequest',
    'AlterReplicaLogDirsResponse',
    'AlterShareGroupOffsetsRequest',
    'AlterShareGroupOffsetsResponse',
    'AlterUserScramCredentialsRequest',
    'AlterUserScramCredentialsResponse',
    'ApiVersionsRequest',
    'ApiVersionsResponse',
    'ConsumerGroupCurrentMemberAssignmentKey',
    'ConsumerGroupCurrentMemberAssignmentValue',
    'ConsumerGroupDescribeRequest',
    'ConsumerGroupDescribeResponse',
    'ConsumerGroupHeartbeatRequest',
    'ConsumerGroupHeartbeatResponse',
    'ConsumerGroupMemberMetadataKey',
    'ConsumerGroupMemberMetadataValue',
    'ConsumerGroupMetadataKey',
    'ConsumerGroupMetadataValue',
    'ConsumerGroupPartitionMetadataKey',
    'ConsumerGroupPartitionMetadataValue',
    'ConsumerGroupRegularExpressionKey',
    'ConsumerGroupRegularExpressionValue',
    'ConsumerGroupTargetAssignmentMemberKey',
    'ConsumerGroupTargetAssignmentMemberValue',
    'ConsumerGroupTargetAssignmentMetadataKey',
    'ConsumerGroupTargetAssignmentMetadataValue',
    'ConsumerProtocolAssignment',
    'ConsumerProtocolSubscription',
    'CreateAclsRequest',
    'CreateAclsResponse',
    'CreatePartitionsRequest',
    'CreatePartitionsResponse',
    'CreateTopicsRequest',
    'CreateTopicsResponse',
    'DeleteAclsRequest',
    'DeleteAclsResponse',
    'DeleteGroupsRequest',
    'DeleteGroupsResponse',
    'DeleteRecordsRequest',
    'DeleteRecordsResponse',
    'DeleteShareGroupOffsetsRequest',
    'DeleteShareGroupOffsetsResponse',
    'DeleteTopicsRequest',
    'DeleteTopicsResponse',
    'DescribeAclsRequest',
    'DescribeAclsResponse',
    'DescribeClientQuotasRequest',
    'DescribeClientQuotasResponse',
    'DescribeClusterRequest',
    'DescribeClusterResponse',
    'DescribeConfigsRequest',
    'DescribeConfigsResponse',
    'DescribeGroupsRequest',
    'DescribeGroupsResponse',
    'DescribeLogDirsRequest',
    'DescribeLogDirsResponse',
    'DescribeProducersRequest',
    'DescribeProducersResponse',
    'DescribeQuorumRequest',
    'DescribeQuorumResponse',
    'DescribeShareGroupOffsetsRequest',
    'DescribeShareGroupOffsetsResponse',
    'DescribeTopicPartitionsRequest',
    'DescribeTopicPartitionsResponse',
    'DescribeTransactionsRequest',
    'DescribeTransactionsResponse',
    'DescribeUserScramCredentialsRequest',
    'DescribeUserScramCredentialsResponse',
    'ElectLeadersRequest',
    'ElectLeadersResponse',
    'EndTxnRequest',
    'EndTxnResponse',
    'FetchRequest',
    'FetchResponse',
    'FindCoordinatorRequest',
    'FindCoordinatorResponse',
    'GroupMetadataKey',
    'GroupMetadataValue',
    'HeartbeatRequest',
    'HeartbeatResponse',
    'IncrementalAlterConfigsRequest',
    'IncrementalAlterConfigsResponse',
    'InitProducerIdRequest',
    'InitProducerIdResponse',
    'JoinGroupRequest',
    'JoinGroupResponse',
    'LeaveGroupRequest',
    'LeaveGroupResponse',
    'ListConfigResourcesRequest',
    'ListConfigResourcesResponse',
    'ListGroupsRequest',
    'ListGroupsResponse',
    'ListOffsetsRequest',
    'ListOffsetsResponse',
    'ListPartitionReassignmentsRequest',
    'ListPartitionReassignmentsResponse',
    'ListTransactionsRequest',
    'ListTransactionsResponse',
    'MetadataRequest',
    'MetadataResponse',
    'OffsetCommitKey',
    'OffsetCommitRequest',
    'OffsetCommitResponse',
    'OffsetCommitValue',
    'OffsetDeleteRequest',
    'OffsetDeleteResponse',
    'OffsetFetchRequest',
    'OffsetFetchResponse',
    'OffsetForLeaderEpochRequest',
    'OffsetForLeaderEpochResponse',
    'PartitionChangeRecord',
    'ProduceRequest',
    'ProduceResponse',
    'RemoveAccessControlEntryRecord',
    'RemoveUserScramCredentialRecord',
    'SaslAuthenticateRequest',
    'SaslAuthenticateResponse',
    'SaslHandshakeRequest',
    'SaslHandshakeResponse',
    'ShareAcknowledgeRequest',
    'ShareAcknowledgeResponse',
    'ShareFetchRequest',
    'ShareFetchResponse',
    'ShareGroupCurrentMemberAssignmentKey',
    'ShareGroupCurrentMemberAssignmentValue',
    'ShareGroupDescribeRequest',
    'ShareGroupDescribeResponse',
    'ShareGroupHeartbeatRequest',
    'ShareGroupHeartbeatResponse',
    'ShareGroupMemberMetadataKey',
    'ShareGroupMemberMetadataValue',
    'ShareGroupMetadataKey',
    'ShareGroupMetadataValue',
    'ShareGroupStatePartitionMetadataKey',
    'ShareGroupStatePartitionMetadataValue',
    'ShareGroupTargetAssignmentMemberKey',
    'ShareGroupTargetAssignmentMemberValue',
    'ShareGroupTargetAssignmentMetadataKey',
    'ShareGroupTargetAssignmentMetadataValue',
    'ShareSnapshotKey',
    'ShareSnapshotValue',
    'ShareUpdateKey',
    'ShareUpdateValue',
    'SyncGroupRequest',
    'SyncGroupResponse',
    'TransactionLogKey',
    'TransactionLogValue',
    'TxnOffsetCommitRequest',
    'TxnOffsetCommitResponse',
    'UpdateFeaturesRequest',
    'UpdateFeaturesResponse',
    'UserScramCredentialRecord',
    'WriteTxnMarkersRequest',
    'WriteTxnMarkersResponse',
    'ApiMessage',
    'REQUESTS',
    'REQUEST_FLEXIBLE_MIN',
    'REQUEST_NAMES',
    'REQUEST_VERSIONS',
    'RESPONSES',
]
