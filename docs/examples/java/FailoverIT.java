import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Collectors;
import java.util.stream.IntStream;
import org.apache.kafka.clients.consumer.ConsumerRecord;
import org.apache.kafka.clients.consumer.KafkaConsumer;
import org.apache.kafka.clients.producer.KafkaProducer;
import org.apache.kafka.clients.producer.ProducerRecord;
import org.apache.kafka.common.serialization.StringDeserializer;
import org.apache.kafka.common.serialization.StringSerializer;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/** JUnit 5: three brokers in one `kaflite serve`; the group coordinator moves between two commits. */
class FailoverIT {
    static Process kaflite;
    static String bootstrap;
    static String admin;
    static final HttpClient http = HttpClient.newHttpClient();

    @BeforeAll
    static void startKaflite() throws Exception {
        Path dir = Files.createTempDirectory("kaflite");
        Path ready = dir.resolve("ready");
        kaflite = new ProcessBuilder("kaflite", "serve", "--brokers", "3", "--port", "0", "--admin-port", "0",
                "--data-dir", dir.resolve("data").toString(), "--ready-file", ready.toString())
                .redirectErrorStream(true).redirectOutput(dir.resolve("kaflite.log").toFile()).start();
        for (int i = 0; i < 1000 && !Files.exists(ready); i++) Thread.sleep(10);
        List<String> lines = Files.readAllLines(ready);
        admin = "http://" + lines.get(1).substring("admin=".length());
        bootstrap = lines.stream().filter(l -> l.startsWith("broker."))  // broker.2=127.0.0.1:PORT: every broker
                .map(l -> l.substring(l.indexOf('=') + 1)).collect(Collectors.joining(","));
        post("/topics", "{\"name\": \"payments\", \"partitions\": 3}");
    }

    @AfterAll
    static void stopKaflite() throws Exception {
        kaflite.destroy();
        kaflite.waitFor();
    }

    static String send(HttpRequest.Builder request) throws Exception {
        HttpResponse<String> r = http.send(request.build(), HttpResponse.BodyHandlers.ofString());
        assertEquals(200, r.statusCode(), r.body());
        return r.body();
    }

    static String get(String path) throws Exception {
        return send(HttpRequest.newBuilder(URI.create(admin + path)));
    }

    static String post(String path, String json) throws Exception {
        return send(HttpRequest.newBuilder(URI.create(admin + path)).POST(HttpRequest.BodyPublishers.ofString(json)));
    }

    static int intField(String json, String name) {
        Matcher m = Pattern.compile("\"" + name + "\": (-?\\d+)").matcher(json);
        assertTrue(m.find(), json);
        return Integer.parseInt(m.group(1));
    }

    static void readUntil(KafkaConsumer<String, String> consumer, List<Integer> values, int count) {
        for (int i = 0; i < 300 && values.size() < count; i++) {  // bounded: at most 300 polls of 100 ms
            List<ConsumerRecord<String, String>> batch = new ArrayList<>();
            consumer.poll(Duration.ofMillis(100)).forEach(batch::add);
            batch.forEach(r -> values.add(Integer.parseInt(r.value())));
            if (!batch.isEmpty()) consumer.commitSync();  // retries NOT_COORDINATOR on its own during a move
        }
    }

    @Test
    @Timeout(90)
    void commitsLandThroughACoordinatorMove() throws Exception {
        try (KafkaProducer<String, String> producer = new KafkaProducer<>(Map.of("bootstrap.servers", bootstrap,
                "key.serializer", StringSerializer.class.getName(),
                "value.serializer", StringSerializer.class.getName()))) {
            for (int i = 0; i < 60; i++) producer.send(new ProducerRecord<>("payments", String.valueOf(i)));
        }
        List<Integer> values = new ArrayList<>();
        try (KafkaConsumer<String, String> consumer = new KafkaConsumer<>(Map.of("bootstrap.servers", bootstrap,
                "group.id", "payments", "auto.offset.reset", "earliest", "enable.auto.commit", "false",
                "max.poll.records", "10", "key.deserializer", StringDeserializer.class.getName(),
                "value.deserializer", StringDeserializer.class.getName()))) {
            consumer.subscribe(List.of("payments"));
            readUntil(consumer, values, 20);
            int generation = intField(get("/groups/payments/wait?state=Stable&members=1&timeout=30"), "generation");
            int from = intField(get("/cluster/coordinators/payments?key_type=group"), "node_id");
            int to = from % 3 + 1;
            // Answered once the old coordinator resigned; the wait, once the new one has loaded the group.
            post("/cluster/coordinators", "{\"key\": \"payments\", \"key_type\": \"group\", \"node_id\": " + to + "}");
            get("/cluster/coordinators/payments/wait?key_type=group&node_id=" + to + "&timeout=30");
            readUntil(consumer, values, 60);
            String group = get("/groups/payments/wait?state=Stable&members=1&timeout=30");
            assertEquals(generation, intField(group, "generation"));  // the group moved with its generation
        }
        values.sort(null);
        assertEquals(IntStream.range(0, 60).boxed().collect(Collectors.toList()), values);  // none lost, none twice
    }
}
