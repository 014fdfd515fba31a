// One Java transactional producer (kafka-clients 3.9.1), plus the consumers a scenario needs, driven line by
// line for the transaction scenarios TS1-TS13 in tests/integration/test_transactions*.py. txn_agent.py speaks
// the same protocol for confluent-kafka, aiokafka and kafka-python.
//
//   javac -d DIR -cp kafka-clients.jar:... TxnAgent.java
//   java -cp DIR:kafka-clients.jar:... TxnAgent <bootstrap>
//
// Commands, one per line on stdin (words separated by spaces); end of stdin = close:
//   init <transactional.id> <transaction.timeout.ms> | begin | commit | abort
//   send <topic> <partition> <prefix> <count>       values prefix-0 .. prefix-(count-1), key prefix; then flush
//   consume <group> <topic> <count> [classic|consumer]
//                                                    a subscribed read_committed group member (group.protocol, by
//                                                    default classic) polls count records
//   poll <ms>                                        that member polls for ms (serving a rebalance); its records
//   save_metadata                                    keep that member's groupMetadata() as it is now (answered)
//   send_offsets <group> [saved]                     that member's positions, with its groupMetadata() (or the kept one)
//   idempotent <topic> <partition> <prefix> <count>  like send, by a producer with enable.idempotence and no
//                                                    transactional.id (created once)
//   list_txns <states|-> <producer ids|->            Admin.listTransactions, filters comma separated ("-": none)
//   describe_txns <transactional.id>                 Admin.describeTransactions
//   describe_producers <topic> <partitions>          Admin.describeProducers of partitions 0..partitions-1
//   read <topic> <partitions> <isolation> <sentinel|-> <count> <fetch.max.wait.ms> <deadline.ms>
//                                                    assign all partitions from the beginning and poll until every
//                                                    partition showed the sentinel value and count records came
//   close
// Answers, one JSON object a line on stdout: {"ok": true, ...} or {"ok": false, "error": class, "cause": class,
// "message": text}; the admin commands answer in the shapes txn_agent.py's kafka-python agent uses; "read" first emits {"event": "polling"} once its fetches are out. The process ends by
// itself after 150 s: never a JVM left behind.

import java.io.BufferedReader;
import java.io.InputStreamReader;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Properties;
import java.util.Set;
import java.util.TreeMap;
import java.util.TreeSet;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;

import org.apache.kafka.clients.admin.Admin;
import org.apache.kafka.clients.admin.AdminClientConfig;
import org.apache.kafka.clients.admin.DescribeProducersResult.PartitionProducerState;
import org.apache.kafka.clients.admin.ListTransactionsOptions;
import org.apache.kafka.clients.admin.ProducerState;
import org.apache.kafka.clients.admin.TransactionDescription;
import org.apache.kafka.clients.admin.TransactionListing;
import org.apache.kafka.clients.admin.TransactionState;
import org.apache.kafka.clients.consumer.ConsumerConfig;
import org.apache.kafka.clients.consumer.ConsumerGroupMetadata;
import org.apache.kafka.clients.consumer.ConsumerRecord;
import org.apache.kafka.clients.consumer.KafkaConsumer;
import org.apache.kafka.clients.consumer.OffsetAndMetadata;
import org.apache.kafka.clients.producer.KafkaProducer;
import org.apache.kafka.clients.producer.ProducerConfig;
import org.apache.kafka.clients.producer.ProducerRecord;
import org.apache.kafka.clients.producer.RecordMetadata;
import org.apache.kafka.common.TopicPartition;
import org.apache.kafka.common.serialization.StringDeserializer;
import org.apache.kafka.common.serialization.StringSerializer;

public class TxnAgent {
    static final long MAX_SECONDS = 150;
    static final long WAIT_MS = 20_000;
    static String bootstrap;
    static KafkaProducer<String, String> producer;
    static KafkaConsumer<String, String> member;
    static ConsumerGroupMetadata saved;
    static KafkaProducer<String, String> idempotent;
    static Admin admin;

    public static void main(String[] args) throws Exception {
        bootstrap = args[0];
        Thread watchdog = new Thread(() -> {
            try {
                Thread.sleep(MAX_SECONDS * 1000);
            } catch (InterruptedException e) {
                return;
            }
            System.exit(3);
        });
        watchdog.setDaemon(true);
        watchdog.start();
        BufferedReader in = new BufferedReader(new InputStreamReader(System.in, StandardCharsets.UTF_8));
        String line;
        while ((line = in.readLine()) != null) {
            String[] w = line.trim().split(" ");
            if (w[0].equals("close")) break;
            String out;
            try {
                out = run(w);
            } catch (Throwable t) {
                out = error(t);
            }
            emit(out);
        }
        closeAll();
        emit("{\"ok\": true, \"closed\": true}");
        System.exit(0);
    }

    static void emit(String json) {
        System.out.println(json);
        System.out.flush();
    }

    static String run(String[] w) throws Exception {
        switch (w[0]) {
            case "init": {
                Properties p = producerProps();
                p.put(ProducerConfig.TRANSACTIONAL_ID_CONFIG, w[1]);
                p.put(ProducerConfig.TRANSACTION_TIMEOUT_CONFIG, w[2]);
                producer = new KafkaProducer<>(p);
                producer.initTransactions();
                return "{\"ok\": true}";
            }
            case "begin":
                producer.beginTransaction();
                return "{\"ok\": true}";
            case "commit":
                producer.commitTransaction();
                return "{\"ok\": true}";
            case "abort":
                producer.abortTransaction();
                return "{\"ok\": true}";
            case "send":
                return send(producer, w);
            case "idempotent":
                if (idempotent == null) {
                    Properties p = producerProps();
                    p.put(ProducerConfig.ENABLE_IDEMPOTENCE_CONFIG, "true");
                    idempotent = new KafkaProducer<>(p);
                }
                return send(idempotent, w);
            case "consume": {
                if (member == null) {
                    Properties p = consumerProps("read_committed", 500);
                    p.put(ConsumerConfig.GROUP_ID_CONFIG, w[1]);
                    p.put(ConsumerConfig.GROUP_PROTOCOL_CONFIG, w.length > 4 ? w[4] : "classic");
                    member = new KafkaConsumer<>(p);
                    member.subscribe(List.of(w[2]));
                }
                int count = Integer.parseInt(w[3]);
                List<String> recs = new ArrayList<>();
                long deadline = System.currentTimeMillis() + WAIT_MS;
                while (recs.size() < count && System.currentTimeMillis() < deadline)
                    for (ConsumerRecord<String, String> r : member.poll(Duration.ofMillis(100)))
                        recs.add(rec(r));
                if (recs.size() < count) throw new IllegalStateException("consumed " + recs.size() + " of " + count);
                return "{\"ok\": true, \"records\": [" + String.join(", ", recs) + "]}";
            }
            case "send_offsets": {
                Map<TopicPartition, OffsetAndMetadata> offsets = new HashMap<>();
                Map<String, Long> shown = new TreeMap<>();
                for (TopicPartition tp : member.assignment()) {
                    long pos = member.position(tp, Duration.ofMillis(WAIT_MS));
                    offsets.put(tp, new OffsetAndMetadata(pos));
                    shown.put(tp.topic() + ":" + tp.partition(), pos);
                }
                boolean stale = w.length > 2 && w[2].equals("saved");
                producer.sendOffsetsToTransaction(offsets, stale ? saved : member.groupMetadata());
                StringBuilder sb = new StringBuilder();
                for (Map.Entry<String, Long> e : shown.entrySet()) {
                    if (sb.length() > 0) sb.append(", ");
                    sb.append(str(e.getKey())).append(": ").append(e.getValue());
                }
                return "{\"ok\": true, \"offsets\": {" + sb + "}}";
            }
            case "poll": {
                List<String> recs = new ArrayList<>();
                long deadline = System.currentTimeMillis() + Long.parseLong(w[1]);
                while (System.currentTimeMillis() < deadline)
                    for (ConsumerRecord<String, String> r : member.poll(Duration.ofMillis(50))) recs.add(rec(r));
                return "{\"ok\": true, \"records\": [" + String.join(", ", recs) + "]}";
            }
            case "save_metadata": {
                saved = member.groupMetadata();
                return "{\"ok\": true, \"group\": " + str(saved.groupId()) + ", \"member_id\": "
                        + str(saved.memberId()) + ", \"generation\": " + saved.generationId() + "}";
            }
            case "list_txns": {
                ListTransactionsOptions options = new ListTransactionsOptions();
                if (!w[1].equals("-")) {
                    Set<TransactionState> states = new TreeSet<>();
                    for (String name : w[1].split(",")) states.add(TransactionState.parse(name));
                    options.filterStates(states);
                }
                if (!w[2].equals("-")) {
                    Set<Long> pids = new TreeSet<>();
                    for (String pid : w[2].split(",")) pids.add(Long.parseLong(pid));
                    options.filterProducerIds(pids);
                }
                List<String> rows = new ArrayList<>();
                for (TransactionListing t : admin().listTransactions(options).all().get(WAIT_MS, TimeUnit.MILLISECONDS))
                    rows.add("{\"transactional_id\": " + str(t.transactionalId()) + ", \"producer_id\": "
                            + t.producerId() + ", \"state\": " + str(t.state().toString()) + "}");
                return "{\"ok\": true, \"transactions\": [" + String.join(", ", rows) + "]}";
            }
            case "describe_txns": {
                TransactionDescription d = admin().describeTransactions(List.of(w[1])).description(w[1])
                        .get(WAIT_MS, TimeUnit.MILLISECONDS);
                List<String> parts = new ArrayList<>();
                for (TopicPartition tp : d.topicPartitions()) parts.add(str(tp.topic() + ":" + tp.partition()));
                parts.sort(null);
                return "{\"ok\": true, \"state\": " + str(d.state().toString()) + ", \"producer_id\": "
                        + d.producerId() + ", \"producer_epoch\": " + d.producerEpoch() + ", \"timeout_ms\": "
                        + d.transactionTimeoutMs() + ", \"start_ms\": " + d.transactionStartTimeMs().orElse(-1)
                        + ", \"coordinator_id\": " + d.coordinatorId() + ", \"partitions\": ["
                        + String.join(", ", parts) + "]}";
            }
            case "describe_producers": {
                List<TopicPartition> tps = new ArrayList<>();
                for (int i = 0; i < Integer.parseInt(w[2]); i++) tps.add(new TopicPartition(w[1], i));
                Map<TopicPartition, PartitionProducerState> all = admin().describeProducers(tps).all()
                        .get(WAIT_MS, TimeUnit.MILLISECONDS);
                List<String> parts = new ArrayList<>();
                for (TopicPartition tp : tps) {
                    List<String> producers = new ArrayList<>();
                    for (ProducerState ps : all.get(tp).activeProducers())
                        producers.add("{\"producer_id\": " + ps.producerId() + ", \"producer_epoch\": "
                                + ps.producerEpoch() + ", \"last_sequence\": " + ps.lastSequence()
                                + ", \"coordinator_epoch\": " + ps.coordinatorEpoch().orElse(-1)
                                + ", \"txn_start_offset\": " + ps.currentTransactionStartOffset().orElse(-1) + "}");
                    parts.add(str(tp.topic() + ":" + tp.partition()) + ": [" + String.join(", ", producers) + "]");
                }
                return "{\"ok\": true, \"partitions\": {" + String.join(", ", parts) + "}}";
            }
            case "read":
                return read(w[1], Integer.parseInt(w[2]), w[3], w[4], Integer.parseInt(w[5]),
                        Integer.parseInt(w[6]), Long.parseLong(w[7]));
            default:
                throw new IllegalArgumentException("unknown command " + w[0]);
        }
    }

    static Properties producerProps() {
        Properties p = new Properties();
        p.put(ProducerConfig.BOOTSTRAP_SERVERS_CONFIG, bootstrap);
        p.put(ProducerConfig.KEY_SERIALIZER_CLASS_CONFIG, StringSerializer.class.getName());
        p.put(ProducerConfig.VALUE_SERIALIZER_CLASS_CONFIG, StringSerializer.class.getName());
        p.put(ProducerConfig.MAX_BLOCK_MS_CONFIG, String.valueOf(WAIT_MS));
        p.put(ProducerConfig.REQUEST_TIMEOUT_MS_CONFIG, "5000");
        p.put(ProducerConfig.DELIVERY_TIMEOUT_MS_CONFIG, "15000");
        p.put(ProducerConfig.LINGER_MS_CONFIG, "0");
        p.put(ProducerConfig.RETRY_BACKOFF_MS_CONFIG, "50");
        p.put(ProducerConfig.RECONNECT_BACKOFF_MS_CONFIG, "20");
        p.put(ProducerConfig.RECONNECT_BACKOFF_MAX_MS_CONFIG, "200");
        return p;
    }

    static String send(KafkaProducer<String, String> to, String[] w) throws Exception {
        String topic = w[1], prefix = w[3];
        int partition = Integer.parseInt(w[2]), count = Integer.parseInt(w[4]);
        List<Future<RecordMetadata>> acks = new ArrayList<>();
        for (int i = 0; i < count; i++)
            acks.add(to.send(new ProducerRecord<>(topic, partition, prefix, prefix + "-" + i)));
        to.flush();
        StringBuilder offsets = new StringBuilder();
        for (Future<RecordMetadata> f : acks) {
            if (offsets.length() > 0) offsets.append(", ");
            offsets.append(f.get(WAIT_MS, TimeUnit.MILLISECONDS).offset());
        }
        return "{\"ok\": true, \"offsets\": [" + offsets + "]}";
    }

    static Admin admin() {
        if (admin == null) {
            Properties p = new Properties();
            p.put(AdminClientConfig.BOOTSTRAP_SERVERS_CONFIG, bootstrap);
            p.put(AdminClientConfig.DEFAULT_API_TIMEOUT_MS_CONFIG, String.valueOf(WAIT_MS));
            p.put(AdminClientConfig.REQUEST_TIMEOUT_MS_CONFIG, "5000");
            p.put(AdminClientConfig.RETRY_BACKOFF_MS_CONFIG, "50");
            admin = Admin.create(p);
        }
        return admin;
    }

    static String read(String topic, int partitions, String isolation, String sentinel, int count, int fetchWaitMs,
                       long deadlineMs) {
        Properties p = consumerProps(isolation, fetchWaitMs);
        List<TopicPartition> tps = new ArrayList<>();
        for (int i = 0; i < partitions; i++) tps.add(new TopicPartition(topic, i));
        List<String> recs = new ArrayList<>();
        boolean[] ended = new boolean[partitions];
        KafkaConsumer<String, String> c = new KafkaConsumer<>(p);
        try {
            c.assign(tps);
            c.seekToBeginning(tps);
            for (TopicPartition tp : tps) c.position(tp, Duration.ofMillis(WAIT_MS));  // offsets resolved: fetches next
            long deadline = System.currentTimeMillis() + deadlineMs;
            boolean announced = false;
            while (System.currentTimeMillis() < deadline) {
                for (ConsumerRecord<String, String> r : c.poll(Duration.ofMillis(100))) {
                    recs.add(rec(r));
                    if (r.value().equals(sentinel)) ended[r.partition()] = true;
                }
                if (!announced) {
                    emit("{\"event\": \"polling\"}");
                    announced = true;
                }
                boolean done = recs.size() >= count;
                if (!sentinel.equals("-")) for (boolean e : ended) done &= e;
                if (done) return "{\"ok\": true, \"records\": [" + String.join(", ", recs) + "]}";
            }
        } finally {
            // Not the default 30 s: close would wait for the next fetch, parked up to fetch.max.wait.ms.
            c.close(Duration.ofMillis(200));
        }
        return "{\"ok\": false, \"error\": \"ReadTimeout\", \"records\": [" + String.join(", ", recs) + "]}";
    }

    static Properties consumerProps(String isolation, int fetchWaitMs) {
        Properties p = new Properties();
        p.put(ConsumerConfig.BOOTSTRAP_SERVERS_CONFIG, bootstrap);
        p.put(ConsumerConfig.KEY_DESERIALIZER_CLASS_CONFIG, StringDeserializer.class.getName());
        p.put(ConsumerConfig.VALUE_DESERIALIZER_CLASS_CONFIG, StringDeserializer.class.getName());
        p.put(ConsumerConfig.ISOLATION_LEVEL_CONFIG, isolation);
        p.put(ConsumerConfig.ENABLE_AUTO_COMMIT_CONFIG, "false");
        p.put(ConsumerConfig.AUTO_OFFSET_RESET_CONFIG, "earliest");
        p.put(ConsumerConfig.ALLOW_AUTO_CREATE_TOPICS_CONFIG, "false");
        p.put(ConsumerConfig.FETCH_MAX_WAIT_MS_CONFIG, String.valueOf(fetchWaitMs));
        p.put(ConsumerConfig.REQUEST_TIMEOUT_MS_CONFIG, String.valueOf(fetchWaitMs + 10_000));
        p.put(ConsumerConfig.DEFAULT_API_TIMEOUT_MS_CONFIG, String.valueOf(WAIT_MS));
        p.put(ConsumerConfig.RETRY_BACKOFF_MS_CONFIG, "50");
        p.put(ConsumerConfig.RECONNECT_BACKOFF_MS_CONFIG, "20");
        p.put(ConsumerConfig.RECONNECT_BACKOFF_MAX_MS_CONFIG, "200");
        return p;
    }

    static String rec(ConsumerRecord<String, String> r) {
        return "[" + r.partition() + ", " + r.offset() + ", " + str(r.value()) + "]";
    }

    static String error(Throwable t) {
        Throwable cause = t.getCause() != null ? t.getCause() : t;
        if (t instanceof java.util.concurrent.ExecutionException) t = cause;
        return "{\"ok\": false, \"error\": " + str(t.getClass().getSimpleName()) + ", \"cause\": "
                + str(cause.getClass().getSimpleName()) + ", \"message\": " + str(String.valueOf(t.getMessage())) + "}";
    }

    static String str(String s) {
        StringBuilder b = new StringBuilder("\"");
        for (char ch : s.toCharArray()) {
            if (ch == '"' || ch == '\\') b.append('\\').append(ch);
            else if (ch < 0x20) b.append(String.format("\\u%04x", (int) ch));
            else b.append(ch);
        }
        return b.append('"').toString();
    }

    static void closeAll() {
        try {
            if (member != null) member.close(Duration.ofSeconds(5));
        } catch (Exception e) {
            // closing is best effort: the process ends next
        }
        for (AutoCloseable c : new AutoCloseable[] {producer, idempotent, admin}) {
            try {
                if (c != null) c.close();
            } catch (Exception e) {
                // same
            }
        }
    }
}
