import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.apache.kafka.clients.consumer.KafkaConsumer;
import org.apache.kafka.common.serialization.StringDeserializer;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/** JUnit 5: start `kaflite serve` for the class, wait for the group and inject faults over HTTP. */
class BillingIT {
    static Process kaflite;
    static String bootstrap;
    static String admin;
    static final HttpClient http = HttpClient.newHttpClient();

    @BeforeAll
    static void startKaflite() throws Exception {
        Path dir = Files.createTempDirectory("kaflite");
        Path ready = dir.resolve("ready");  // written atomically once both ports are bound
        kaflite = new ProcessBuilder("kaflite", "serve", "--port", "0", "--admin-port", "0",
                "--data-dir", dir.resolve("data").toString(), "--ready-file", ready.toString())
                .redirectErrorStream(true).redirectOutput(dir.resolve("kaflite.log").toFile()).start();
        for (int i = 0; i < 1000 && !Files.exists(ready); i++) Thread.sleep(10);
        List<String> lines = Files.readAllLines(ready);
        bootstrap = lines.get(0);
        admin = "http://" + lines.get(1).substring("admin=".length());
        post("/topics", "{\"name\": \"orders\", \"partitions\": 3}");
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

    static String firstMemberId(String group) {
        Matcher m = Pattern.compile("\"member_id\": \"([^\"]+)\"").matcher(group);
        assertTrue(m.find(), group);
        return m.group(1);
    }

    @Test
    @Timeout(90)
    void rejoinsAfterItsSessionExpires() throws Exception {
        AtomicBoolean running = new AtomicBoolean(true);
        Thread app = new Thread(() -> {  // the application's poll loop, on its own thread as in production
            Map<String, Object> config = Map.of("bootstrap.servers", bootstrap, "group.id", "billing",
                    "key.deserializer", StringDeserializer.class.getName(),
                    "value.deserializer", StringDeserializer.class.getName());
            try (KafkaConsumer<String, String> consumer = new KafkaConsumer<>(config)) {
                consumer.subscribe(List.of("orders"));
                while (running.get()) consumer.poll(Duration.ofMillis(100));
            }
        });
        app.start();
        try {
            String before = firstMemberId(get("/groups/billing/wait?state=Stable&members=1&timeout=30"));
            // As if the session timed out now: the next heartbeat gets UNKNOWN_MEMBER_ID and the consumer rejoins.
            post("/faults/expire-member", "{\"group\": \"billing\", \"member_id\": \"" + before + "\"}");
            String after = firstMemberId(get("/groups/billing/wait?state=Stable&members=1&timeout=30"));
            assertNotEquals(before, after);
        } finally {
            running.set(false);
            app.join();
        }
    }
}
