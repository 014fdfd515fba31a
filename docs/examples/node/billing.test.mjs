// node --test: start `kaflite serve` for the file, wait for the group and inject faults over HTTP.
import assert from "node:assert/strict";
import { spawn } from "node:child_process";
import { existsSync, mkdtempSync, readFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { after, before, test } from "node:test";
import { setTimeout as sleep } from "node:timers/promises";
import { Kafka, logLevel } from "kafkajs";

let kaflite, admin, kafka;

async function call(path, init) {
  const response = await fetch(admin + path, init);
  const body = await response.json();
  assert.equal(response.status, 200, JSON.stringify(body));
  return body;
}
const get = (path) => call(path);
const post = (path, body) => call(path, { method: "POST", body: JSON.stringify(body) });

before(async () => {
  const dir = mkdtempSync(join(tmpdir(), "kaflite-"));
  const ready = join(dir, "ready"); // written atomically once both ports are bound
  kaflite = spawn("kaflite", ["serve", "--port", "0", "--admin-port", "0", "--data-dir", join(dir, "data"),
    "--ready-file", ready], { stdio: ["ignore", "ignore", "inherit"] });
  for (let i = 0; i < 1000 && !existsSync(ready); i++) await sleep(10);
  const [bootstrap, adminLine] = readFileSync(ready, "utf8").trim().split("\n");
  admin = `http://${adminLine.slice("admin=".length)}`;
  kafka = new Kafka({ clientId: "billing-test", brokers: [bootstrap], logLevel: logLevel.NOTHING });
  await post("/topics", { name: "orders", partitions: 1 });
});

after(() => kaflite.kill());

test("the consumer rediscovers its coordinator and commits what it processed", { timeout: 90_000 }, async () => {
  // A short fetch wait: disconnect() waits for the fetch in flight (kafkajs' default is 5 s).
  const consumer = kafka.consumer({ groupId: "billing", maxWaitTimeInMs: 500 });
  let processed;
  const done = new Promise((resolve) => { processed = resolve; });
  await consumer.connect();
  await consumer.subscribe({ topics: ["orders"], fromBeginning: true });
  await consumer.run({ eachMessage: async ({ message }) => processed(message.value.toString()) });
  try {
    await get("/groups/billing/wait?state=Stable&members=1&timeout=30");
    // For 2 s the group APIs answer NOT_COORDINATOR, as while a coordinator moves to another broker.
    await post("/faults/fail-coordinator", { error: "NOT_COORDINATOR", seconds: 2 });
    const producer = kafka.producer();
    await producer.connect();
    await producer.send({ topic: "orders", messages: [{ value: "order-1" }] });
    await producer.disconnect();
    assert.equal(await done, "order-1");
    // kafkajs commits after the batch; that commit is retried until the coordinator is back.
    let group = await get("/groups/billing");
    for (let i = 0; i < 300 && group.offsets.length === 0; i++) {
      await sleep(100);
      group = await get("/groups/billing");
    }
    assert.deepEqual(group.offsets.map((o) => [o.topic, o.partition, o.offset]), [["orders", 0, 1]]);
  } finally {
    await consumer.disconnect();
  }
});
