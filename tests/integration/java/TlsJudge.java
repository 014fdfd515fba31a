import java.io.FileReader;
import java.time.Duration;
import java.util.Collections;
import java.util.List;
import java.util.Properties;

import org.apache.kafka.clients.consumer.ConsumerRecord;
import org.apache.kafka.clients.consumer.KafkaConsumer;
import org.apache.kafka.clients.consumer.OffsetAndMetadata;
import org.apache.kafka.clients.producer.KafkaProducer;
import org.apache.kafka.clients.producer.ProducerRecord;
import org.apache.kafka.common.TopicPartition;
import org.apache.kafka.common.serialization.StringDeserializer;
import org.apache.kafka.common.serialization.StringSerializer;

/**
 * The Java client over an SSL listener (tests/integration/test_tls.py): the properties file the test kit
 * wrote (PEM trust store, and key store for mutual TLS), then produce, consume in a group and commit.
 * Prints "committed <offset> <value>" on success.
 */
public class TlsJudge {
    public static void main(String[] args) throws Exception {
        Properties props = new Properties();
        try (FileReader in = new FileReader(args[0])) {
            props.load(in);
        }
        String topic = args[1];
        Properties p = new Properties();
        p.putAll(props);
        p.put("key.serializer", StringSerializer.class.getName());
        p.put("value.serializer", StringSerializer.class.getName());
        try (KafkaProducer<String, String> producer = new KafkaProducer<>(p)) {
            producer.send(new ProducerRecord<>(topic, "k", "over-tls")).get();
        }
        Properties c = new Properties();
        c.putAll(props);
        c.put("group.id", "java-" + topic);
        c.put("auto.offset.reset", "earliest");
        c.put("enable.auto.commit", "false");
        c.put("key.deserializer", StringDeserializer.class.getName());
        c.put("value.deserializer", StringDeserializer.class.getName());
        try (KafkaConsumer<String, String> consumer = new KafkaConsumer<>(c)) {
            consumer.subscribe(List.of(topic));
            long deadline = System.currentTimeMillis() + 30_000;
            while (System.currentTimeMillis() < deadline) {
                for (ConsumerRecord<String, String> r : consumer.poll(Duration.ofMillis(500))) {
                    consumer.commitSync();
                    TopicPartition tp = new TopicPartition(topic, r.partition());
                    OffsetAndMetadata committed = consumer.committed(Collections.singleton(tp)).get(tp);
                    System.out.println("committed " + committed.offset() + " " + r.value());
                    return;
                }
            }
        }
        System.out.println("nothing consumed");
        System.exit(1);
    }
}
