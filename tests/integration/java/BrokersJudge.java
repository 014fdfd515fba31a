// The Java client (kafka-clients) as a judge of several brokers in one kaflite (issue 34): an idempotent producer
// and an assigned consumer on one partition, across whatever the test does between phases (a leader move, a broker
// stopped).
//
//   java -cp <kafka-clients jars> BrokersJudge <bootstrap> <topic> <phases> <per-phase>
//
// Each phase produces <per-phase> records (values "0", "1", ... across phases), flushes, consumes until every
// record so far is read, prints "PHASE <n> <records read>", then waits for a line on stdin before the next phase.
// At the end it prints one JSON line: {"step": "done", "read": N, "in_order": true|false, "errors": [...]}.

import java.io.BufferedReader;
import java.io.InputStreamReader;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Properties;
import java.util.concurrent.Future;

import org.apache.kafka.clients.consumer.ConsumerRecord;
import org.apache.kafka.clients.consumer.KafkaConsumer;
import org.apache.kafka.clients.producer.KafkaProducer;
import org.apache.kafka.clients.producer.ProducerRecord;
import org.apache.kafka.clients.producer.RecordMetadata;
import org.apache.kafka.common.TopicPartition;
import org.apache.kafka.common.serialization.ByteArrayDeserializer;
import org.apache.kafka.common.serialization.ByteArraySerializer;

public class BrokersJudge {
    public static void main(String[] args) throws Exception {
        String bootstrap = args[0], topic = args[1];
        int phases = Integer.parseInt(args[2]), perPhase = Integer.parseInt(args[3]);
        Properties p = new Properties();
        p.put("bootstrap.servers", bootstrap);
        p.put("enable.idempotence", "true");
        p.put("acks", "all");
        p.put("linger.ms", "5");
        p.put("retry.backoff.ms", "20");
        p.put("delivery.timeout.ms", "120000");
        p.put("key.serializer", ByteArraySerializer.class.getName());
        p.put("value.serializer", ByteArraySerializer.class.getName());
        Properties c = new Properties();
        c.put("bootstrap.servers", bootstrap);
        c.put("enable.auto.commit", "false");
        c.put("fetch.max.wait.ms", "50");
        c.put("key.deserializer", ByteArrayDeserializer.class.getName());
        c.put("value.deserializer", ByteArrayDeserializer.class.getName());
        List<String> errors = new ArrayList<>();
        List<String> read = new ArrayList<>();
        BufferedReader stdin = new BufferedReader(new InputStreamReader(System.in, StandardCharsets.UTF_8));
        TopicPartition tp = new TopicPartition(topic, 0);
        try (KafkaProducer<byte[], byte[]> producer = new KafkaProducer<>(p);
             KafkaConsumer<byte[], byte[]> consumer = new KafkaConsumer<>(c)) {
            consumer.assign(List.of(tp));
            consumer.seekToBeginning(List.of(tp));
            for (int phase = 0; phase < phases; phase++) {
                List<Future<RecordMetadata>> sent = new ArrayList<>();
                for (int i = phase * perPhase; i < (phase + 1) * perPhase; i++) {
                    byte[] value = Integer.toString(i).getBytes(StandardCharsets.UTF_8);
                    sent.add(producer.send(new ProducerRecord<>(topic, 0, null, value)));
                }
                producer.flush();
                for (Future<RecordMetadata> f : sent) {
                    try {
                        f.get();
                    } catch (Exception e) {
                        errors.add(String.valueOf(e.getCause()));
                    }
                }
                long deadline = System.currentTimeMillis() + 60_000;
                while (read.size() < (phase + 1) * perPhase && System.currentTimeMillis() < deadline) {
                    try {
                        for (ConsumerRecord<byte[], byte[]> r : consumer.poll(Duration.ofMillis(200))) {
                            read.add(new String(r.value(), StandardCharsets.UTF_8));
                        }
                    } catch (Exception e) {
                        errors.add(String.valueOf(e));
                    }
                }
                System.out.println("PHASE " + phase + " " + read.size());
                System.out.flush();
                if (phase < phases - 1 && stdin.readLine() == null) {
                    break;
                }
            }
        }
        boolean inOrder = read.size() == phases * perPhase;
        for (int i = 0; inOrder && i < read.size(); i++) {
            inOrder = read.get(i).equals(Integer.toString(i));
        }
        StringBuilder json = new StringBuilder("{\"step\": \"done\", \"read\": " + read.size() + ", \"in_order\": "
                                               + inOrder + ", \"errors\": [");
        for (int i = 0; i < errors.size(); i++) {
            json.append(i == 0 ? "" : ", ").append('"').append(errors.get(i).replace("\"", "'")).append('"');
        }
        System.out.println(json.append("]}"));
    }
}
