// kafkajs 2.2.4 as a client agent across broker moves: node failover.js <bootstrap>
//
// Driven by tests/integration/test_brokers_kafkajs.py: the test moves leaders and coordinators and stops and
// starts brokers with the kit, and between the moves tells this agent what to do, one JSON command a line on
// stdin; each command is answered by one JSON line on stdout ({"reply": op, ...}, or {"reply": op, "error": ...}).
//   {"op": "produce", "topic", "from", "to", "partitions", "batch"}  idempotent sends, each awaited (acks -1)
//   {"op": "subscribe", "topic", "group"}   a group member (autoCommit after every record), until it joined
//   {"op": "consumed", "count"}              until the member read `count` records and committed them all
//   {"op": "read", "topic", "group", "count"} a second consumer reads `count` records from the start
//   {"op": "offsets", "topic"}               each partition's high watermark (ListOffsets, by kafkajs's admin)
//   {"op": "close"}                          disconnects; answers with every delivery and group event seen
// Every wait is bounded (TIMEOUT_MS); the end of stdin disconnects and exits.
'use strict'

const readline = require('readline')
const { Kafka, logLevel } = require('kafkajs')

const bootstrap = process.argv[2].split(',')
const TIMEOUT_MS = 60000

const kafka = new Kafka({
  clientId: 'kaflite-failover-js',
  brokers: bootstrap,
  logLevel: logLevel.WARN,
  logCreator: () => ({ level, log }) => process.stderr.write(`[kafkajs ${level}] ${JSON.stringify(log)}\n`),
  connectionTimeout: 5000,
  requestTimeout: 30000,
  retry: { retries: 10, initialRetryTime: 100, maxRetryTime: 2000 },
})

let producer = null
let consumer = null
const deliveries = [] // [partition, offset, value, committed before] of every record handed over, repeats included
const seen = new Set() // "partition:offset"
const committed = {} // partition -> the last offset the member committed (the next one to read)
const events = { joins: [], rebalancing: 0, commits: 0, crashes: [] }

const waiters = new Set()
function notify () {
  for (const w of waiters) w()
}

function waitFor (condition, what) {
  return new Promise((resolve, reject) => {
    const check = () => {
      if (!condition()) return
      waiters.delete(check)
      clearTimeout(timer)
      resolve()
    }
    const timer = setTimeout(() => {
      waiters.delete(check)
      reject(new Error(`timed out after ${TIMEOUT_MS} ms: ${what}`))
    }, TIMEOUT_MS)
    waiters.add(check)
    check()
  })
}

const committedTotal = () => Object.values(committed).reduce((a, b) => a + b, 0)

async function produce ({ topic, from, to, partitions = 1, batch = 10 }) {
  if (producer === null) {
    producer = kafka.producer({ idempotent: true, maxInFlightRequests: 1 })
    await producer.connect()
  }
  const acks = []
  for (let start = from; start < to; start += batch) {
    const messages = []
    for (let n = start; n < Math.min(start + batch, to); n++) messages.push({ value: `${n}`, partition: n % partitions })
    const res = await producer.send({ topic, acks: -1, messages })
    for (const r of res) acks.push({ partition: r.partition, error: r.errorCode, base_offset: Number(r.baseOffset) })
  }
  return { acks }
}

async function subscribe ({ topic, group }) {
  consumer = kafka.consumer({
    groupId: group,
    sessionTimeout: 10000, // a member left behind by a crash-and-restart (see the test) expires after this
    heartbeatInterval: 500,
    rebalanceTimeout: 30000,
    maxWaitTimeInMs: 100,
  })
  const { GROUP_JOIN, REBALANCING, COMMIT_OFFSETS, CRASH } = consumer.events
  consumer.on(GROUP_JOIN, e => {
    events.joins.push({ member_id: e.payload.memberId, assignment: e.payload.memberAssignment })
    notify()
  })
  consumer.on(REBALANCING, () => events.rebalancing++)
  consumer.on(CRASH, e => events.crashes.push({ error: `${e.payload.error && e.payload.error.message}`, restart: e.payload.restart }))
  consumer.on(COMMIT_OFFSETS, e => {
    events.commits++
    for (const t of e.payload.topics) for (const p of t.partitions) committed[p.partition] = Number(p.offset)
    notify()
  })
  await consumer.connect()
  await consumer.subscribe({ topic, fromBeginning: true })
  await consumer.run({
    autoCommit: true,
    autoCommitThreshold: 1, // kafkajs commits after every record it handed over
    eachMessage: async ({ partition, message }) => {
      const offset = Number(message.offset)
      // Below the partition's last commit that landed: a record already committed, handed over again.
      const recommitted = committed[partition] !== undefined && offset < committed[partition]
      deliveries.push([partition, offset, Number(message.value.toString()), recommitted])
      seen.add(`${partition}:${message.offset}`)
      notify()
    },
  })
  await waitFor(() => events.joins.length > 0, 'the member joined the group')
  return { member_id: events.joins[0].member_id }
}

async function consumed ({ count }) {
  await waitFor(() => seen.size >= count && committedTotal() >= count,
    `${count} records read and committed (read ${seen.size}, committed ${committedTotal()})`)
  return { read: seen.size, committed: { ...committed } }
}

async function read ({ topic, group, count }) {
  const reader = kafka.consumer({ groupId: group, maxWaitTimeInMs: 100 })
  const records = []
  await reader.connect()
  try {
    await reader.subscribe({ topic, fromBeginning: true })
    await reader.run({
      autoCommit: false,
      eachMessage: async ({ partition, message }) => {
        records.push([partition, Number(message.offset), Number(message.value.toString())])
        notify()
      },
    })
    await waitFor(() => records.length >= count, `${count} records read back (read ${records.length})`)
  } finally {
    await reader.disconnect()
  }
  return { records }
}

async function offsets ({ topic }) {
  const admin = kafka.admin()
  await admin.connect()
  try {
    const high = {}
    for (const p of await admin.fetchTopicOffsets(topic)) high[p.partition] = Number(p.high)
    return { high }
  } finally {
    await admin.disconnect()
  }
}

async function close () {
  if (consumer !== null) await consumer.disconnect()
  if (producer !== null) await producer.disconnect()
  consumer = producer = null
  return { deliveries, committed: { ...committed }, ...events }
}

const ops = { produce, subscribe, consumed, read, offsets, close }

async function main () {
  const lines = readline.createInterface({ input: process.stdin })
  for await (const line of lines) {
    if (!line.trim()) continue
    const command = JSON.parse(line)
    try {
      const answer = await ops[command.op](command)
      process.stdout.write(JSON.stringify({ reply: command.op, ...answer }) + '\n')
    } catch (e) {
      process.stderr.write(`${command.op} failed: ${e && e.stack}\n`)
      process.stdout.write(JSON.stringify({ reply: command.op, error: `${e && e.name}: ${e && e.message}` }) + '\n')
    }
  }
  await close()
}

main().then(() => process.exit(0), e => {
  process.stderr.write(`failover.js failed: ${e && e.stack}\n`)
  process.exit(1)
})
