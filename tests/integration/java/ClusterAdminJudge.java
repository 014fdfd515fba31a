// The Java admin client (kafka-clients 3.9.1) on kaflite's cluster APIs: describeTopics paged through
// DescribeTopicPartitions, createPartitions with assignments, deleteRecords, describeLogDirs,
// describeProducers, electLeaders, list/alterPartitionReassignments, describeMetadataQuorum.
//
// Single-source-file mode:  java -cp <kafka-clients + deps> ClusterAdminJudge.java <bootstrap>
// Prints one "key=value" line per observation; an admin call that fails prints its exception's class
// name as the value. tests/integration/test_cluster_admin.py judges the lines.

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Properties;
import java.util.Set;
import java.util.TreeMap;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;

import org.apache.kafka.clients.admin.Admin;
import org.apache.kafka.clients.admin.AdminClientConfig;
import org.apache.kafka.clients.admin.DescribeProducersResult.PartitionProducerState;
import org.apache.kafka.clients.admin.DescribeTopicsOptions;
import org.apache.kafka.clients.admin.LogDirDescription;
import org.apache.kafka.clients.admin.NewPartitionReassignment;
import org.apache.kafka.clients.admin.NewPartitions;
import org.apache.kafka.clients.admin.NewTopic;
import org.apache.kafka.clients.admin.QuorumInfo;
import org.apache.kafka.clients.admin.RecordsToDelete;
import org.apache.kafka.clients.admin.ReplicaInfo;
import org.apache.kafka.clients.admin.TopicDescription;
import org.apache.kafka.clients.producer.KafkaProducer;
import org.apache.kafka.clients.producer.ProducerConfig;
import org.apache.kafka.clients.producer.ProducerRecord;
import org.apache.kafka.common.ElectionType;
import org.apache.kafka.common.KafkaFuture;
import org.apache.kafka.common.TopicPartition;
import org.apache.kafka.common.TopicPartitionInfo;
import org.apache.kafka.common.serialization.StringSerializer;

public class ClusterAdminJudge {
    static final int WAIT_S = 30;

    static void out(String key, Object value) {
        System.out.println(key + "=" + value);
    }

    static <T> Object get(KafkaFuture<T> f) throws InterruptedException {
        try {
            T v = f.get(WAIT_S, TimeUnit.SECONDS);
            return v == null ? "ok" : v;
        } catch (ExecutionException e) {
            return e.getCause().getClass().getSimpleName();
        } catch (java.util.concurrent.TimeoutException e) {
            return "timeout";
        }
    }

    public static void main(String[] args) throws Exception {
        Properties p = new Properties();
        p.put(AdminClientConfig.BOOTSTRAP_SERVERS_CONFIG, args[0]);
        p.put(AdminClientConfig.REQUEST_TIMEOUT_MS_CONFIG, "10000");
        p.put(AdminClientConfig.DEFAULT_API_TIMEOUT_MS_CONFIG, "20000");
        try (Admin a = Admin.create(p)) {
            a.createTopics(List.of(new NewTopic("jc", 3, (short) 1), new NewTopic("jc-b", 2, (short) 1)))
                .all().get(WAIT_S, TimeUnit.SECONDS);

            // describeTopics, one partition per DescribeTopicPartitions response: the client follows the cursor
            Map<String, TopicDescription> ds = a.describeTopics(List.of("jc", "jc-b"),
                new DescribeTopicsOptions().partitionSizeLimitPerResponse(1)).allTopicNames().get(WAIT_S, TimeUnit.SECONDS);
            for (String t : new TreeMap<>(ds).keySet()) {
                List<String> parts = new ArrayList<>();
                for (TopicPartitionInfo pi : ds.get(t).partitions()) {
                    parts.add(pi.partition() + ":" + pi.leader().id() + ":" + pi.replicas().size() + ":" + pi.isr().size());
                }
                out("describe." + t, String.join(",", parts));
            }

            out("create_partitions.ok", get(a.createPartitions(Map.of("jc",
                NewPartitions.increaseTo(4, List.of(List.of(1))))).all()));
            out("create_partitions.bad", get(a.createPartitions(Map.of("jc",
                NewPartitions.increaseTo(5, List.of(List.of(2))))).all()));

            Properties pp = new Properties();
            pp.put(ProducerConfig.BOOTSTRAP_SERVERS_CONFIG, args[0]);
            pp.put(ProducerConfig.ENABLE_IDEMPOTENCE_CONFIG, "true");
            try (KafkaProducer<String, String> prod = new KafkaProducer<>(pp, new StringSerializer(), new StringSerializer())) {
                for (int i = 0; i < 10; i++) prod.send(new ProducerRecord<>("jc", 0, "k" + i, "v" + i)).get(WAIT_S, TimeUnit.SECONDS);
            }

            TopicPartition tp0 = new TopicPartition("jc", 0), tp1 = new TopicPartition("jc", 1);
            Object low = get(a.deleteRecords(Map.of(tp0, RecordsToDelete.beforeOffset(4))).lowWatermarks().get(tp0));
            out("delete_records", low instanceof org.apache.kafka.clients.admin.DeletedRecords
                ? ((org.apache.kafka.clients.admin.DeletedRecords) low).lowWatermark() : low);
            out("delete_records.beyond", get(a.deleteRecords(Map.of(tp1, RecordsToDelete.beforeOffset(5))).all()));

            Map<Integer, Map<String, LogDirDescription>> dirs =
                a.describeLogDirs(List.of(1)).allDescriptions().get(WAIT_S, TimeUnit.SECONDS);
            for (Map.Entry<String, LogDirDescription> e : dirs.get(1).entrySet()) {
                LogDirDescription d = e.getValue();
                ReplicaInfo r = d.replicaInfos().get(tp0);
                out("log_dir", e.getKey());
                out("log_dir.error", d.error());
                out("log_dir.jc-0.size", r == null ? -1 : r.size());
                out("log_dir.jc-0.lag", r == null ? -1 : r.offsetLag());
                out("log_dir.total_positive", d.totalBytes().orElse(-1) > 0);
                out("log_dir.usable_known", d.usableBytes().isPresent());
            }

            PartitionProducerState ps = (PartitionProducerState) get(a.describeProducers(List.of(tp0)).partitionResult(tp0));
            out("producers", ps.activeProducers().size());
            out("producers.last_sequence", ps.activeProducers().get(0).lastSequence());

            Map<TopicPartition, Optional<Throwable>> elected =
                a.electLeaders(ElectionType.PREFERRED, Set.of(tp0)).partitions().get(WAIT_S, TimeUnit.SECONDS);
            out("elect", elected.get(tp0).map(t -> t.getClass().getSimpleName()).orElse("elected"));

            out("list_reassignments", a.listPartitionReassignments().reassignments().get(WAIT_S, TimeUnit.SECONDS).size());
            Map<TopicPartition, KafkaFuture<Void>> moved = a.alterPartitionReassignments(Map.of(
                tp0, Optional.of(new NewPartitionReassignment(List.of(1))),
                tp1, Optional.of(new NewPartitionReassignment(List.of(2))))).values();
            out("alter_reassignments.same", get(moved.get(tp0)));
            out("alter_reassignments.other", get(moved.get(tp1)));
            out("alter_reassignments.cancel", get(a.alterPartitionReassignments(Map.of(tp0, Optional.empty())).all()));

            QuorumInfo q = a.describeMetadataQuorum().quorumInfo().get(WAIT_S, TimeUnit.SECONDS);
            out("quorum.leader", q.leaderId());
            out("quorum.voters", q.voters().size() + ":" + q.voters().get(0).replicaId());
            out("quorum.observers", q.observers().size());
        }
        out("done", true);
    }
}
