import java.io.FileReader;
import java.time.Duration;
import java.util.List;
import java.util.Properties;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;

import org.apache.kafka.clients.admin.Admin;
import org.apache.kafka.clients.consumer.ConsumerRecord;
import org.apache.kafka.clients.consumer.KafkaConsumer;
import org.apache.kafka.clients.producer.KafkaProducer;
import org.apache.kafka.clients.producer.ProducerRecord;
import org.apache.kafka.common.TopicPartition;
import org.apache.kafka.common.serialization.StringDeserializer;
import org.apache.kafka.common.serialization.StringSerializer;

/**
 * The Java client over SASL listeners (tests/integration/test_sasl.py), several logins in one JVM (a JVM start
 * is most of the cost): args are triples "properties-file topic ok|fail". "ok": produce a record and read it back,
 * printing "ok <file> <value>"; "fail": an admin call must fail, printing "fail <file> <exception> <message>".
 */
public class SaslJudge {
    public static void main(String[] args) throws Exception {
        for (int i = 0; i + 2 < args.length; i += 3) {
            Properties props = new Properties();
            try (FileReader in = new FileReader(args[i])) {
                props.load(in);
            }
            if (args[i + 2].equals("ok")) {
                System.out.println("ok " + args[i] + " " + roundTrip(props, args[i + 1]));
            } else {
                System.out.println("fail " + args[i] + " " + refused(props));
            }
        }
    }

    static String roundTrip(Properties props, String topic) throws Exception {
        Properties p = new Properties();
        p.putAll(props);
        p.put("key.serializer", StringSerializer.class.getName());
        p.put("value.serializer", StringSerializer.class.getName());
        try (KafkaProducer<String, String> producer = new KafkaProducer<>(p)) {
            producer.send(new ProducerRecord<>(topic, 0, "k", "over-sasl")).get(30, TimeUnit.SECONDS);
        }
        Properties c = new Properties();
        c.putAll(props);
        c.put("key.deserializer", StringDeserializer.class.getName());
        c.put("value.deserializer", StringDeserializer.class.getName());
        try (KafkaConsumer<String, String> consumer = new KafkaConsumer<>(c)) {
            TopicPartition tp = new TopicPartition(topic, 0);
            consumer.assign(List.of(tp));
            consumer.seekToBeginning(List.of(tp));
            long deadline = System.currentTimeMillis() + 30_000;
            while (System.currentTimeMillis() < deadline) {
                for (ConsumerRecord<String, String> r : consumer.poll(Duration.ofMillis(500))) {
                    return r.value();
                }
            }
        }
        return "nothing-consumed";
    }

    static String refused(Properties props) {
        Properties a = new Properties();
        a.putAll(props);
        a.put("default.api.timeout.ms", "10000");
        a.put("request.timeout.ms", "5000");
        try (Admin admin = Admin.create(a)) {
            admin.describeCluster().clusterId().get(15, TimeUnit.SECONDS);
            return "none succeeded";
        } catch (ExecutionException e) {
            Throwable cause = e.getCause();
            return cause.getClass().getSimpleName() + " " + cause.getMessage();
        } catch (Exception e) {
            return e.getClass().getSimpleName() + " " + e.getMessage();
        }
    }
}
