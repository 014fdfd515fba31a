// The Java client (kafka-clients 3.9.1) as a judge of kaflite.
//
// Run in single-source-file mode (no build step):
//   java -cp kafka-clients.jar:slf4j-api.jar:lz4-java.jar:snappy-java.jar:zstd-jni.jar \
//        KafliteJudge.java <admin|data|group|all> <bootstrap> [prefix]
//
// Prints one JSON object per line on stdout, each with a "step" field; a step that throws prints
// {"step": ..., "error": ...} and the next step still runs. tests/integration/test_java_client.py
// reads the lines and judges them.

import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Collection;
import java.util.HashMap;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Properties;
import java.util.Set;
import java.util.TreeMap;
import java.util.concurrent.CyclicBarrier;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicReference;
import java.util.zip.CRC32;

import org.apache.kafka.clients.admin.Admin;
import org.apache.kafka.clients.admin.AdminClientConfig;
import org.apache.kafka.clients.admin.Config;
import org.apache.kafka.clients.admin.ConfigEntry;
import org.apache.kafka.clients.admin.ConsumerGroupDescription;
import org.apache.kafka.clients.admin.ConsumerGroupListing;
import org.apache.kafka.clients.admin.DescribeClusterResult;
import org.apache.kafka.clients.admin.MemberDescription;
import org.apache.kafka.clients.admin.NewTopic;
import org.apache.kafka.clients.admin.TopicDescription;
import org.apache.kafka.clients.consumer.ConsumerConfig;
import org.apache.kafka.clients.consumer.ConsumerRebalanceListener;
import org.apache.kafka.clients.consumer.ConsumerRecord;
import org.apache.kafka.clients.consumer.ConsumerRecords;
import org.apache.kafka.clients.consumer.KafkaConsumer;
import org.apache.kafka.clients.consumer.OffsetAndMetadata;
import org.apache.kafka.clients.producer.KafkaProducer;
import org.apache.kafka.clients.producer.ProducerConfig;
import org.apache.kafka.clients.producer.ProducerRecord;
import org.apache.kafka.clients.producer.RecordMetadata;
import org.apache.kafka.common.Node;
import org.apache.kafka.common.TopicPartition;
import org.apache.kafka.common.TopicPartitionInfo;
import org.apache.kafka.common.config.ConfigResource;
import org.apache.kafka.common.errors.TopicExistsException;
import org.apache.kafka.common.serialization.StringDeserializer;
import org.apache.kafka.common.serialization.StringSerializer;

public class KafliteJudge {
    static final int PARTITIONS = 3;
    static final String[] CODECS = {"gzip", "snappy", "lz4", "zstd"};
    static final int PER_CODEC = 10_000;
    static final int GROUP_RECORDS = 600;
    static final int RESUME_RECORDS = 30;
    static final long TIMEOUT_MS = 60_000;

    static String bootstrap;
    static String prefix;

    public static void main(String[] args) throws Exception {
        if (args.length < 2) {
            System.err.println("usage: KafliteJudge <admin|data|group|all> <bootstrap> [prefix]");
            System.exit(2);
        }
        bootstrap = args[1];
        prefix = args.length > 2 ? args[2] : "java";
        String cmd = args[0];
        if (cmd.equals("admin") || cmd.equals("all")) step("admin", KafliteJudge::admin);
        if (cmd.equals("data") || cmd.equals("all")) {
            for (String codec : CODECS) step("data-" + codec, () -> data(codec));
        }
        if (cmd.equals("group") || cmd.equals("all")) step("group", KafliteJudge::group);
        System.exit(0);  // no lingering client threads
    }

    interface Step { Map<String, Object> run() throws Exception; }

    static void step(String name, Step body) {
        long t0 = System.nanoTime();
        Map<String, Object> out = new LinkedHashMap<>();
        out.put("step", name);
        try {
            out.putAll(body.run());
        } catch (Throwable e) {
            Throwable c = e instanceof ExecutionException && e.getCause() != null ? e.getCause() : e;
            out.put("error", c.getClass().getName() + ": " + c.getMessage());
            java.io.StringWriter sw = new java.io.StringWriter();
            c.printStackTrace(new java.io.PrintWriter(sw));
            System.err.println("step " + name + " failed:\n" + sw);
        }
        out.put("seconds", (System.nanoTime() - t0) / 1e9);
        System.out.println(json(out));
        System.out.flush();
    }

    // ---------------------------------------------------------------- admin

    static Properties common() {
        Properties p = new Properties();
        p.put("bootstrap.servers", bootstrap);
        p.put("client.id", "kaflite-judge-java");
        p.put("request.timeout.ms", "15000");
        p.put("default.api.timeout.ms", "30000");
        return p;
    }

    static Admin newAdmin() {
        Properties p = common();
        p.put(AdminClientConfig.RETRIES_CONFIG, "5");
        return Admin.create(p);
    }

    static Map<String, Object> admin() throws Exception {
        Map<String, Object> out = new LinkedHashMap<>();
        String topic = prefix + "-admin";
        try (Admin a = newAdmin()) {
            DescribeClusterResult dc = a.describeCluster();
            Map<String, Object> cluster = new LinkedHashMap<>();
            cluster.put("cluster_id", dc.clusterId().get(30, TimeUnit.SECONDS));
            Node controller = dc.controller().get(30, TimeUnit.SECONDS);
            cluster.put("controller", controller == null ? null : controller.id());
            List<Object> nodes = new ArrayList<>();
            for (Node n : dc.nodes().get(30, TimeUnit.SECONDS)) {
                nodes.add(map("id", n.id(), "host", n.host(), "port", n.port()));
            }
            cluster.put("nodes", nodes);
            out.put("cluster", cluster);
            out.put("usable_versions", usableVersions(a, controller == null ? -1 : controller.id()));

            NewTopic nt = new NewTopic(topic, PARTITIONS, (short) 1)
                .configs(Map.of("retention.ms", "3600000", "cleanup.policy", "delete"));
            a.createTopics(List.of(nt)).all().get(30, TimeUnit.SECONDS);
            out.put("created", topic);
            try {
                a.createTopics(List.of(new NewTopic(topic, PARTITIONS, (short) 1))).all().get(30, TimeUnit.SECONDS);
                out.put("create_again", "no error");
            } catch (ExecutionException e) {
                out.put("create_again", e.getCause() instanceof TopicExistsException
                    ? "TopicExistsException" : e.getCause().toString());
            }

            TopicDescription td = a.describeTopics(List.of(topic)).allTopicNames().get(30, TimeUnit.SECONDS).get(topic);
            List<Object> parts = new ArrayList<>();
            for (TopicPartitionInfo pi : td.partitions()) {
                List<Object> replicas = new ArrayList<>();
                for (Node r : pi.replicas()) replicas.add(r.id());
                List<Object> isr = new ArrayList<>();
                for (Node r : pi.isr()) isr.add(r.id());
                parts.add(map("partition", pi.partition(), "leader", pi.leader() == null ? null : pi.leader().id(),
                              "replicas", replicas, "isr", isr));
            }
            out.put("describe_topic", map("name", td.name(), "internal", td.isInternal(),
                                          "topic_id", td.topicId() == null ? null : td.topicId().toString(),
                                          "partitions", parts));

            String brokerId = String.valueOf(controller == null ? 1 : controller.id());
            ConfigResource tr = new ConfigResource(ConfigResource.Type.TOPIC, topic);
            ConfigResource br = new ConfigResource(ConfigResource.Type.BROKER, brokerId);
            Map<ConfigResource, Config> cfgs = a.describeConfigs(List.of(tr, br)).all().get(30, TimeUnit.SECONDS);
            out.put("topic_configs", configs(cfgs.get(tr)));
            out.put("broker_configs", configs(cfgs.get(br)));

            out.put("list_topics", new ArrayList<>(new java.util.TreeSet<>(a.listTopics().names().get(30, TimeUnit.SECONDS))));

            a.deleteTopics(List.of(topic)).all().get(30, TimeUnit.SECONDS);
            out.put("deleted", topic);
            // Kafka deletes asynchronously; a client may poll until the name is gone.
            long deadline = System.currentTimeMillis() + 10_000;
            Set<String> after = a.listTopics().names().get(30, TimeUnit.SECONDS);
            while (after.contains(topic) && System.currentTimeMillis() < deadline) {
                Thread.sleep(100);
                after = a.listTopics().names().get(30, TimeUnit.SECONDS);
            }
            out.put("listed_after_delete", after.contains(topic));
        }
        return out;
    }

    /** The highest version of each API both this client and the broker support (what the client sends),
     *  read from the admin client's NetworkClient: Admin has no public API for it. */
    static Map<String, Object> usableVersions(Admin a, int nodeId) throws Exception {
        Map<String, Object> m = new TreeMap<>();
        java.lang.reflect.Field cf = a.getClass().getDeclaredField("client");
        cf.setAccessible(true);
        Object client = cf.get(a);
        java.lang.reflect.Field vf = client.getClass().getDeclaredField("apiVersions");
        vf.setAccessible(true);
        org.apache.kafka.clients.ApiVersions versions = (org.apache.kafka.clients.ApiVersions) vf.get(client);
        org.apache.kafka.clients.NodeApiVersions node = versions.get(String.valueOf(nodeId));
        if (node == null) node = versions.get("-1");
        if (node == null) return m;
        for (org.apache.kafka.common.protocol.ApiKeys k : node.allSupportedApiVersions().keySet()) {
            try {
                m.put(k.name, (int) node.latestUsableVersion(k));
            } catch (RuntimeException e) {
                m.put(k.name, "unusable: " + e.getMessage());
            }
        }
        return m;
    }

    static Map<String, Object> configs(Config c) {
        Map<String, Object> m = new TreeMap<>();
        if (c == null) return m;
        for (ConfigEntry e : c.entries()) {
            m.put(e.name(), map("value", e.value(), "source", e.source().toString(), "read_only", e.isReadOnly()));
        }
        return m;
    }

    // ---------------------------------------------------------------- produce + consume back

    static String key(int n) { return "key-" + (n % 97); }

    static String value(String codec, int n) {
        String v = codec + "-value-" + n + "-";
        return v + v + v;
    }

    /** Order-independent: sum of CRC32(key NUL value) mod 2^64; the pytest side computes the same. */
    static long crc(String k, String v) {
        CRC32 c = new CRC32();
        c.update(k.getBytes(StandardCharsets.UTF_8));
        c.update(0);
        c.update(v.getBytes(StandardCharsets.UTF_8));
        return c.getValue();
    }

    static void createTopic(String topic, int partitions) throws Exception {
        try (Admin a = newAdmin()) {
            a.createTopics(List.of(new NewTopic(topic, partitions, (short) 1))).all().get(30, TimeUnit.SECONDS);
        }
    }

    static Map<String, Object> data(String codec) throws Exception {
        Map<String, Object> out = new LinkedHashMap<>();
        String topic = prefix + "-data-" + codec;
        createTopic(topic, PARTITIONS);
        out.put("topic", topic);

        Properties pp = common();
        pp.put(ProducerConfig.KEY_SERIALIZER_CLASS_CONFIG, StringSerializer.class.getName());
        pp.put(ProducerConfig.VALUE_SERIALIZER_CLASS_CONFIG, StringSerializer.class.getName());
        pp.put(ProducerConfig.ENABLE_IDEMPOTENCE_CONFIG, "true");
        pp.put(ProducerConfig.ACKS_CONFIG, "all");
        pp.put(ProducerConfig.COMPRESSION_TYPE_CONFIG, codec);
        pp.put(ProducerConfig.LINGER_MS_CONFIG, "5");
        pp.put(ProducerConfig.DELIVERY_TIMEOUT_MS_CONFIG, "60000");

        Map<String, List<String>> sentByKey = new HashMap<>();
        long sentSum = 0;
        AtomicInteger acked = new AtomicInteger();
        AtomicInteger failed = new AtomicInteger();
        AtomicReference<String> firstError = new AtomicReference<>();
        try (KafkaProducer<String, String> p = new KafkaProducer<>(pp)) {
            for (int n = 0; n < PER_CODEC; n++) {
                String k = key(n), v = value(codec, n);
                sentByKey.computeIfAbsent(k, x -> new ArrayList<>()).add(v);
                sentSum += crc(k, v);
                p.send(new ProducerRecord<>(topic, k, v), (RecordMetadata md, Exception e) -> {
                    if (e == null) acked.incrementAndGet();
                    else {
                        failed.incrementAndGet();
                        firstError.compareAndSet(null, e.toString());
                    }
                });
            }
            p.flush();
        }
        out.put("sent", PER_CODEC);
        out.put("acked", acked.get());
        out.put("failed", failed.get());
        out.put("first_error", firstError.get());
        out.put("checksum_sent", Long.toUnsignedString(sentSum));

        Properties cp = common();
        cp.put(ConsumerConfig.KEY_DESERIALIZER_CLASS_CONFIG, StringDeserializer.class.getName());
        cp.put(ConsumerConfig.VALUE_DESERIALIZER_CLASS_CONFIG, StringDeserializer.class.getName());
        cp.put(ConsumerConfig.ENABLE_AUTO_COMMIT_CONFIG, "false");
        cp.put(ConsumerConfig.MAX_POLL_RECORDS_CONFIG, "5000");
        Map<String, List<String>> gotByKey = new HashMap<>();
        Map<Integer, List<Long>> offsets = new TreeMap<>();
        long gotSum = 0;
        int got = 0;
        Map<String, Object> endOffsets = new TreeMap<>();
        Map<String, Object> positions = new TreeMap<>();
        try (KafkaConsumer<String, String> c = new KafkaConsumer<>(cp)) {
            List<TopicPartition> tps = new ArrayList<>();
            for (int i = 0; i < PARTITIONS; i++) tps.add(new TopicPartition(topic, i));
            c.assign(tps);
            c.seekToBeginning(tps);
            long deadline = System.currentTimeMillis() + TIMEOUT_MS;
            while (got < PER_CODEC && System.currentTimeMillis() < deadline) {
                for (ConsumerRecord<String, String> r : c.poll(Duration.ofMillis(500))) {
                    gotByKey.computeIfAbsent(r.key(), x -> new ArrayList<>()).add(r.value());
                    offsets.computeIfAbsent(r.partition(), x -> new ArrayList<>()).add(r.offset());
                    gotSum += crc(r.key(), r.value());
                    got++;
                }
            }
            for (Map.Entry<TopicPartition, Long> e : c.endOffsets(tps, Duration.ofSeconds(30)).entrySet()) {
                endOffsets.put(String.valueOf(e.getKey().partition()), e.getValue());
                positions.put(String.valueOf(e.getKey().partition()), c.position(e.getKey(), Duration.ofSeconds(30)));
            }
        }
        out.put("consumed", got);
        out.put("checksum_consumed", Long.toUnsignedString(gotSum));
        out.put("keys_sent", sentByKey.size());
        out.put("keys_consumed", gotByKey.size());
        int badKeys = 0;
        for (Map.Entry<String, List<String>> e : sentByKey.entrySet()) {
            if (!e.getValue().equals(gotByKey.get(e.getKey()))) badKeys++;
        }
        out.put("keys_out_of_order_or_missing", badKeys);
        Map<String, Object> perPartition = new TreeMap<>();
        for (Map.Entry<Integer, List<Long>> e : offsets.entrySet()) {
            List<Long> os = e.getValue();
            boolean contiguous = true;
            for (int i = 1; i < os.size(); i++) if (os.get(i) != os.get(i - 1) + 1) contiguous = false;
            perPartition.put(String.valueOf(e.getKey()), map("count", os.size(), "first", os.get(0),
                                                             "last", os.get(os.size() - 1), "contiguous", contiguous));
        }
        out.put("partitions", perPartition);
        out.put("end_offsets", endOffsets);
        out.put("positions", positions);
        return out;
    }

    // ---------------------------------------------------------------- classic consumer group

    static Properties groupConsumer(String group, String clientId) {
        Properties cp = common();
        cp.put("client.id", clientId);
        cp.put(ConsumerConfig.GROUP_ID_CONFIG, group);
        cp.put(ConsumerConfig.GROUP_PROTOCOL_CONFIG, "classic");
        cp.put(ConsumerConfig.KEY_DESERIALIZER_CLASS_CONFIG, StringDeserializer.class.getName());
        cp.put(ConsumerConfig.VALUE_DESERIALIZER_CLASS_CONFIG, StringDeserializer.class.getName());
        cp.put(ConsumerConfig.ENABLE_AUTO_COMMIT_CONFIG, "false");
        cp.put(ConsumerConfig.AUTO_OFFSET_RESET_CONFIG, "earliest");
        cp.put(ConsumerConfig.HEARTBEAT_INTERVAL_MS_CONFIG, "300");
        cp.put(ConsumerConfig.SESSION_TIMEOUT_MS_CONFIG, "10000");
        return cp;
    }

    static Map<String, Object> produceSimple(String topic, int from, int count) throws Exception {
        Properties pp = common();
        pp.put(ProducerConfig.KEY_SERIALIZER_CLASS_CONFIG, StringSerializer.class.getName());
        pp.put(ProducerConfig.VALUE_SERIALIZER_CLASS_CONFIG, StringSerializer.class.getName());
        pp.put(ProducerConfig.ACKS_CONFIG, "all");
        List<Future<RecordMetadata>> fs = new ArrayList<>();
        try (KafkaProducer<String, String> p = new KafkaProducer<>(pp)) {
            for (int n = from; n < from + count; n++) fs.add(p.send(new ProducerRecord<>(topic, key(n), "g-" + n)));
            p.flush();
            for (Future<RecordMetadata> f : fs) f.get(30, TimeUnit.SECONDS);
        }
        return map("produced", count);
    }

    static Map<String, Object> describeGroup(Admin a, String group) throws Exception {
        ConsumerGroupDescription d = a.describeConsumerGroups(List.of(group)).all().get(30, TimeUnit.SECONDS).get(group);
        List<Object> members = new ArrayList<>();
        for (MemberDescription m : d.members()) {
            List<String> tps = new ArrayList<>();
            for (TopicPartition tp : m.assignment().topicPartitions()) tps.add(tp.topic() + ":" + tp.partition());
            java.util.Collections.sort(tps);
            members.add(map("client_id", m.clientId(), "member_id", m.consumerId(), "host", m.host(),
                            "assignment", tps));
        }
        return map("state", d.state().toString(), "protocol", d.partitionAssignor(),
                   "type", d.type().toString(), "coordinator", d.coordinator() == null ? null : d.coordinator().id(),
                   "members", members);
    }

    static Map<String, Object> groupOffsets(Admin a, String group) throws Exception {
        Map<String, Object> m = new TreeMap<>();
        for (Map.Entry<TopicPartition, OffsetAndMetadata> e :
                a.listConsumerGroupOffsets(group).partitionsToOffsetAndMetadata().get(30, TimeUnit.SECONDS).entrySet()) {
            m.put(e.getKey().topic() + ":" + e.getKey().partition(), e.getValue() == null ? null : e.getValue().offset());
        }
        return m;
    }

    static Map<String, Object> group() throws Exception {
        Map<String, Object> out = new LinkedHashMap<>();
        String topic = prefix + "-group";
        String group = prefix + "-classic-group";
        createTopic(topic, PARTITIONS);
        out.put("topic", topic);
        out.put("group", group);
        produceSimple(topic, 0, GROUP_RECORDS);
        out.put("produced", GROUP_RECORDS);

        // Two members in one thread each; done once every record was seen and both hold partitions.
        Set<String> seen = java.util.concurrent.ConcurrentHashMap.newKeySet();
        AtomicInteger deliveries = new AtomicInteger();
        AtomicBoolean[] assigned = {new AtomicBoolean(), new AtomicBoolean()};
        AtomicBoolean stop = new AtomicBoolean();
        CyclicBarrier committed = new CyclicBarrier(3);
        CyclicBarrier described = new CyclicBarrier(3);
        List<Map<String, Object>> reports = java.util.Collections.synchronizedList(new ArrayList<>(List.of(Map.of(), Map.of())));
        Thread[] threads = new Thread[2];
        for (int i = 0; i < 2; i++) {
            final int me = i;
            threads[i] = new Thread(() -> {
                Map<String, Object> rep = new LinkedHashMap<>();
                reports.set(me, rep);
                List<String> rebalances = new ArrayList<>();
                try (KafkaConsumer<String, String> c = new KafkaConsumer<>(groupConsumer(group, "judge-member-" + me))) {
                    c.subscribe(List.of(topic), new ConsumerRebalanceListener() {
                        public void onPartitionsRevoked(Collection<TopicPartition> ps) {
                            rebalances.add("revoked " + ps.size());
                            if (!ps.isEmpty()) c.commitSync(Duration.ofSeconds(30));  // no re-delivery after a move
                        }
                        public void onPartitionsAssigned(Collection<TopicPartition> ps) {
                            rebalances.add("assigned " + ps.size());
                        }
                    });
                    long deadline = System.currentTimeMillis() + TIMEOUT_MS;
                    int mine = 0;
                    while (!stop.get() && System.currentTimeMillis() < deadline) {
                        for (ConsumerRecord<String, String> r : c.poll(Duration.ofMillis(200))) {
                            seen.add(r.partition() + ":" + r.offset());
                            deliveries.incrementAndGet();
                            mine++;
                        }
                        assigned[me].set(!c.assignment().isEmpty());
                        if (seen.size() >= GROUP_RECORDS && assigned[0].get() && assigned[1].get()) stop.set(true);
                    }
                    List<String> asg = new ArrayList<>();
                    for (TopicPartition tp : c.assignment()) asg.add(tp.topic() + ":" + tp.partition());
                    java.util.Collections.sort(asg);
                    rep.put("assignment", asg);
                    rep.put("consumed", mine);
                    rep.put("rebalances", rebalances);
                    c.commitSync(Duration.ofSeconds(30));
                    rep.put("committed", true);
                    committed.await(TIMEOUT_MS, TimeUnit.MILLISECONDS);
                    described.await(TIMEOUT_MS, TimeUnit.MILLISECONDS);
                } catch (Throwable e) {
                    rep.put("error", e.toString());
                    committed.reset();
                    described.reset();
                }
            }, "judge-member-" + i);
            threads[i].start();
        }

        try (Admin a = newAdmin()) {
            try {
                committed.await(TIMEOUT_MS + 30_000, TimeUnit.MILLISECONDS);
                out.put("describe_two_members", describeGroup(a, group));
                out.put("offsets_after_commit", groupOffsets(a, group));
                described.await(TIMEOUT_MS, TimeUnit.MILLISECONDS);
            } catch (Exception e) {
                out.put("barrier_error", e.toString());
            }
            for (Thread t : threads) t.join(TIMEOUT_MS);
            out.put("members", new ArrayList<>(reports));
            out.put("unique_consumed", seen.size());
            out.put("deliveries", deliveries.get());

            List<Object> listed = new ArrayList<>();
            for (ConsumerGroupListing l : a.listConsumerGroups().all().get(30, TimeUnit.SECONDS)) {
                listed.add(map("group", l.groupId(), "state", l.state().map(Object::toString).orElse(null),
                               "type", l.type().map(Object::toString).orElse(null)));
            }
            out.put("list_groups", listed);
            out.put("describe_after_close", describeGroup(a, group));

            // A new member resumes at the committed offsets: it must see only the records produced now.
            Map<String, Object> committedOffsets = groupOffsets(a, group);
            produceSimple(topic, GROUP_RECORDS, RESUME_RECORDS);
            Map<String, Object> resume = new LinkedHashMap<>();
            Map<String, Long> firstOffset = new TreeMap<>();
            int got = 0;
            try (KafkaConsumer<String, String> c = new KafkaConsumer<>(groupConsumer(group, "judge-member-resume"))) {
                c.subscribe(List.of(topic));
                long deadline = System.currentTimeMillis() + TIMEOUT_MS;
                List<String> values = new ArrayList<>();
                while (got < RESUME_RECORDS && System.currentTimeMillis() < deadline) {
                    for (ConsumerRecord<String, String> r : c.poll(Duration.ofMillis(200))) {
                        firstOffset.putIfAbsent(topic + ":" + r.partition(), r.offset());
                        values.add(r.value());
                        got++;
                    }
                }
                java.util.Collections.sort(values);
                resume.put("consumed", got);
                resume.put("values", values);
                resume.put("first_offsets", firstOffset);
                c.commitSync(Duration.ofSeconds(30));
                resume.put("describe_while_active", describeGroup(a, group));
            }
            resume.put("committed_before", committedOffsets);
            resume.put("offsets_after", groupOffsets(a, group));
            Map<String, Object> ends = new TreeMap<>();
            Properties cp = common();
            cp.put(ConsumerConfig.KEY_DESERIALIZER_CLASS_CONFIG, StringDeserializer.class.getName());
            cp.put(ConsumerConfig.VALUE_DESERIALIZER_CLASS_CONFIG, StringDeserializer.class.getName());
            try (KafkaConsumer<String, String> c = new KafkaConsumer<>(cp)) {
                List<TopicPartition> tps = new ArrayList<>();
                for (int i = 0; i < PARTITIONS; i++) tps.add(new TopicPartition(topic, i));
                for (Map.Entry<TopicPartition, Long> e : c.endOffsets(tps, Duration.ofSeconds(30)).entrySet()) {
                    ends.put(topic + ":" + e.getKey().partition(), e.getValue());
                }
            }
            resume.put("end_offsets", ends);
            out.put("resume", resume);
        }
        return out;
    }

    // ---------------------------------------------------------------- tiny JSON writer

    static Map<String, Object> map(Object... kv) {
        Map<String, Object> m = new LinkedHashMap<>();
        for (int i = 0; i < kv.length; i += 2) m.put((String) kv[i], kv[i + 1]);
        return m;
    }

    static String json(Object o) {
        StringBuilder sb = new StringBuilder();
        write(sb, o);
        return sb.toString();
    }

    static void write(StringBuilder sb, Object o) {
        if (o == null) sb.append("null");
        else if (o instanceof Boolean || o instanceof Integer || o instanceof Long || o instanceof Short) sb.append(o);
        else if (o instanceof Number) sb.append(((Number) o).doubleValue());
        else if (o instanceof Map) {
            sb.append('{');
            boolean first = true;
            for (Map.Entry<?, ?> e : ((Map<?, ?>) o).entrySet()) {
                if (!first) sb.append(',');
                first = false;
                write(sb, String.valueOf(e.getKey()));
                sb.append(':');
                write(sb, e.getValue());
            }
            sb.append('}');
        } else if (o instanceof Collection) {
            sb.append('[');
            boolean first = true;
            for (Object x : (Collection<?>) o) {
                if (!first) sb.append(',');
                first = false;
                write(sb, x);
            }
            sb.append(']');
        } else {
            String s = o.toString();
            sb.append('"');
            for (int i = 0; i < s.length(); i++) {
                char ch = s.charAt(i);
                switch (ch) {
                    case '"': sb.append("\\\""); break;
                    case '\\': sb.append("\\\\"); break;
                    case '\n': sb.append("\\n"); break;
                    case '\r': sb.append("\\r"); break;
                    case '\t': sb.append("\\t"); break;
                    default:
                        if (ch < 0x20) sb.append(String.format("\\u%04x", (int) ch));
                        else sb.append(ch);
                }
            }
            sb.append('"');
        }
    }
}
