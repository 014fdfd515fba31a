// One Java KafkaConsumer (kafka-clients 3.9.1) as a remote-controlled group member, for the KIP-848
// scenarios in tests/integration/test_consumer_protocol*.py.
//
//   javac -d DIR -cp kafka-clients.jar:... ConsumerProtocolJudge.java
//   java -cp DIR:kafka-clients.jar:... ConsumerProtocolJudge <bootstrap> <group> <topic,topic,...> [name=value ...]
//
// name=value pairs are consumer configs (group.protocol, group.instance.id, group.remote.assignor, ...),
// except "judge.wait=true": do not subscribe before the command "go".
//
// Commands, one per line on stdin: go | commit | close. End of stdin = close (the test process died).
// Events, one JSON object per line on stdout, each with "ev":
//   ready · assigned/revoked/lost {tps} (the listener) · assignment {tps, member_id, epoch} (after a poll
//   that changed consumer.assignment()) · records {recs: [[topic, partition, offset, value], ...]} ·
//   committed {offsets} · commit_error {error} · error {error} (poll threw) · closed.
// The process ends by itself after judge.max.seconds (default 120): never a JVM left behind.

import java.io.BufferedReader;
import java.io.InputStreamReader;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collection;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Properties;
import java.util.TreeMap;
import java.util.TreeSet;
import java.util.concurrent.LinkedBlockingQueue;

import org.apache.kafka.clients.consumer.ConsumerConfig;
import org.apache.kafka.clients.consumer.ConsumerRebalanceListener;
import org.apache.kafka.clients.consumer.ConsumerRecord;
import org.apache.kafka.clients.consumer.KafkaConsumer;
import org.apache.kafka.clients.consumer.OffsetAndMetadata;
import org.apache.kafka.common.TopicPartition;
import org.apache.kafka.common.serialization.StringDeserializer;

public class ConsumerProtocolJudge {
    static final int MAX_ERROR_LINES = 20;

    public static void main(String[] args) throws Exception {
        if (args.length < 3) {
            System.err.println("usage: ConsumerProtocolJudge <bootstrap> <group> <topics> [name=value ...]");
            System.exit(2);
        }
        Properties p = new Properties();
        p.put(ConsumerConfig.BOOTSTRAP_SERVERS_CONFIG, args[0]);
        p.put(ConsumerConfig.GROUP_ID_CONFIG, args[1]);
        p.put(ConsumerConfig.GROUP_PROTOCOL_CONFIG, "consumer");
        p.put(ConsumerConfig.KEY_DESERIALIZER_CLASS_CONFIG, StringDeserializer.class.getName());
        p.put(ConsumerConfig.VALUE_DESERIALIZER_CLASS_CONFIG, StringDeserializer.class.getName());
        p.put(ConsumerConfig.ENABLE_AUTO_COMMIT_CONFIG, "false");
        p.put(ConsumerConfig.AUTO_OFFSET_RESET_CONFIG, "earliest");
        p.put(ConsumerConfig.ALLOW_AUTO_CREATE_TOPICS_CONFIG, "false");  // the tests create their topics
        p.put(ConsumerConfig.METADATA_MAX_AGE_CONFIG, "2000");
        p.put(ConsumerConfig.RETRY_BACKOFF_MS_CONFIG, "50");
        p.put(ConsumerConfig.RECONNECT_BACKOFF_MS_CONFIG, "20");
        p.put(ConsumerConfig.RECONNECT_BACKOFF_MAX_MS_CONFIG, "200");
        p.put(ConsumerConfig.REQUEST_TIMEOUT_MS_CONFIG, "10000");
        p.put(ConsumerConfig.DEFAULT_API_TIMEOUT_MS_CONFIG, "15000");
        boolean wait = false;
        long maxSeconds = 120;
        for (int i = 3; i < args.length; i++) {
            int eq = args[i].indexOf('=');
            String k = args[i].substring(0, eq), v = args[i].substring(eq + 1);
            if (k.equals("judge.wait")) wait = Boolean.parseBoolean(v);
            else if (k.equals("judge.max.seconds")) maxSeconds = Long.parseLong(v);
            else p.put(k, v);
        }
        List<String> topics = Arrays.asList(args[2].split(","));

        LinkedBlockingQueue<String> commands = new LinkedBlockingQueue<>();
        Thread stdin = new Thread(() -> {
            try (BufferedReader r = new BufferedReader(new InputStreamReader(System.in, StandardCharsets.UTF_8))) {
                String line;
                while ((line = r.readLine()) != null) commands.add(line.trim());
            } catch (Exception e) {
                // fall through: treated as end of input
            }
            commands.add("close");
        }, "stdin");
        stdin.setDaemon(true);
        stdin.start();

        long deadline = System.currentTimeMillis() + maxSeconds * 1000;
        // Built before "go": a restarted (static) member then only has to subscribe and heartbeat.
        KafkaConsumer<String, String> c = new KafkaConsumer<>(p);
        emit(map("ev", "ready"));
        if (wait) {
            while (true) {
                String cmd = commands.poll(100, java.util.concurrent.TimeUnit.MILLISECONDS);
                if ("go".equals(cmd)) break;
                if ("close".equals(cmd) || System.currentTimeMillis() > deadline) {
                    c.close(Duration.ZERO);
                    emit(map("ev", "closed"));
                    System.exit(0);
                }
            }
        }

        int errorLines = 0;
        TreeSet<String> last = new TreeSet<>();
        String lastMember = "";
        int lastEpoch = Integer.MIN_VALUE;
        try {
            c.subscribe(topics, new ConsumerRebalanceListener() {
                public void onPartitionsRevoked(Collection<TopicPartition> ps) { emit(map("ev", "revoked", "tps", names(ps))); }
                public void onPartitionsAssigned(Collection<TopicPartition> ps) { emit(map("ev", "assigned", "tps", names(ps))); }
                public void onPartitionsLost(Collection<TopicPartition> ps) { emit(map("ev", "lost", "tps", names(ps))); }
            });
            loop:
            while (System.currentTimeMillis() < deadline) {
                String cmd;
                while ((cmd = commands.poll()) != null) {
                    if (cmd.equals("close")) break loop;
                    if (cmd.equals("commit")) commit(c);
                }
                try {
                    List<Object> recs = new ArrayList<>();
                    for (ConsumerRecord<String, String> r : c.poll(Duration.ofMillis(100))) {
                        recs.add(List.of(r.topic(), r.partition(), r.offset(), r.value() == null ? "" : r.value()));
                    }
                    if (!recs.isEmpty()) emit(map("ev", "records", "recs", recs));
                } catch (Exception e) {
                    if (errorLines++ < MAX_ERROR_LINES) emit(map("ev", "error", "error", describe(e)));
                    Thread.sleep(100);
                }
                TreeSet<String> now = new TreeSet<>(names(c.assignment()));
                String member = "";
                int epoch = -1;
                try {
                    member = c.groupMetadata().memberId();
                    epoch = c.groupMetadata().generationId();
                } catch (Exception e) {
                    // not in a group yet
                }
                if (!now.equals(last) || !member.equals(lastMember) || epoch != lastEpoch) {
                    emit(map("ev", "assignment", "tps", new ArrayList<>(now), "member_id", member, "epoch", epoch));
                    last = now;
                    lastMember = member;
                    lastEpoch = epoch;
                }
            }
        } finally {
            try {
                c.close(Duration.ofSeconds(10));
            } catch (Exception e) {
                emit(map("ev", "error", "error", "close: " + describe(e)));
            }
            emit(map("ev", "closed"));
        }
        System.exit(0);
    }

    static void commit(KafkaConsumer<String, String> c) {
        try {
            Map<TopicPartition, OffsetAndMetadata> offs = new LinkedHashMap<>();
            Map<String, Object> shown = new TreeMap<>();
            for (TopicPartition tp : c.assignment()) {
                long pos = c.position(tp, Duration.ofSeconds(10));
                offs.put(tp, new OffsetAndMetadata(pos));
                shown.put(tp.topic() + ":" + tp.partition(), pos);
            }
            if (!offs.isEmpty()) c.commitSync(offs, Duration.ofSeconds(15));
            emit(map("ev", "committed", "offsets", shown));
        } catch (Exception e) {
            emit(map("ev", "commit_error", "error", describe(e)));
        }
    }

    static String describe(Throwable e) {
        Throwable c = e.getCause() != null && e instanceof org.apache.kafka.common.KafkaException
            && e.getClass() == org.apache.kafka.common.KafkaException.class ? e.getCause() : e;
        return c.getClass().getName() + ": " + c.getMessage();
    }

    static List<String> names(Collection<TopicPartition> ps) {
        List<String> out = new ArrayList<>();
        for (TopicPartition tp : ps) out.add(tp.topic() + ":" + tp.partition());
        java.util.Collections.sort(out);
        return out;
    }

    static synchronized void emit(Map<String, Object> m) {
        System.out.println(json(m));
        System.out.flush();
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
