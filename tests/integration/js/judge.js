// kafkajs 2.2.4 as a judge of kaflite: node judge.js <bootstrap> [prefix]
//
// Prints one JSON object per line on stdout, each with a "step" field (a failing step prints
// {"step": ..., "error": ...}); tests/integration/test_kafkajs.py judges the lines. The last line,
// step "versions", lists every (api, version) kafkajs sent.
'use strict'

const { Kafka, logLevel, CompressionTypes, AssignerProtocol, ConfigResourceTypes } = require('kafkajs')

const bootstrap = process.argv[2]
const prefix = process.argv[3] || 'js'
const PARTITIONS = 3
const RECORDS = 3000 // keyed, idempotent, half of the batches gzip
const BATCH = 250
const TIMEOUT_MS = 60000

const sent = new Set()
const logCreator = () => ({ level, log }) => {
  const m = /^Request (\w+)\(key: (\d+), version: (\d+)\)/.exec(log.message || '')
  if (m) sent.add(`${m[1]} v${m[3]}`)
  else if (level <= logLevel.WARN) process.stderr.write(`[kafkajs ${level}] ${JSON.stringify(log)}\n`)
}

const kafka = new Kafka({
  clientId: 'kaflite-judge-js',
  brokers: [bootstrap],
  logLevel: logLevel.DEBUG,
  logCreator,
  connectionTimeout: 10000,
  requestTimeout: 30000,
  retry: { retries: 5, initialRetryTime: 100 },
})

const key = n => `key-${n % 53}`
const value = n => `js-value-${n}`

function emit (obj) {
  process.stdout.write(JSON.stringify(obj) + '\n')
}

async function step (name, body) {
  const t0 = Date.now()
  try {
    emit({ step: name, ...(await body()), seconds: (Date.now() - t0) / 1000 })
  } catch (e) {
    process.stderr.write(`step ${name} failed: ${e && e.stack}\n`)
    emit({ step: name, error: `${e && e.name}: ${e && e.message}`, seconds: (Date.now() - t0) / 1000 })
  }
}

function deadline (ms, what) {
  let timer
  const p = new Promise((resolve, reject) => {
    timer = setTimeout(() => reject(new Error(`timed out after ${ms} ms: ${what}`)), ms)
  })
  return { promise: p, cancel: () => clearTimeout(timer) }
}

async function adminStep (topic) {
  const admin = kafka.admin()
  await admin.connect()
  try {
    const created = await admin.createTopics({ topics: [{ topic, numPartitions: PARTITIONS }], waitForLeaders: true, timeout: 30000 })
    const createdAgain = await admin.createTopics({ topics: [{ topic, numPartitions: PARTITIONS }], timeout: 30000 })
    const md = await admin.fetchTopicMetadata({ topics: [topic] })
    const topics = await admin.listTopics()
    const cluster = await admin.describeCluster()
    // describeConfigs, createPartitions and deleteTopics on a second topic.
    const doomed = `${topic}-doomed`
    await admin.createTopics({
      topics: [{ topic: doomed, numPartitions: 1, configEntries: [{ name: 'retention.ms', value: '7200000' }] }],
      waitForLeaders: true,
      timeout: 30000,
    })
    const cfg = await admin.describeConfigs({
      resources: [{ type: ConfigResourceTypes.TOPIC, name: doomed, configNames: ['retention.ms', 'cleanup.policy'] }],
      includeSynonyms: false,
    })
    await admin.createPartitions({ topicPartitions: [{ topic: doomed, count: 2 }], timeout: 30000 })
    const grown = await admin.fetchTopicMetadata({ topics: [doomed] })
    await admin.deleteTopics({ topics: [doomed], timeout: 30000 })
    const afterDelete = await admin.listTopics()
    return {
      describe_configs: cfg.resources.map(r => ({
        name: r.resourceName,
        error: r.errorCode,
        configs: Object.fromEntries(r.configEntries.map(e => [e.configName, { value: e.configValue, default: e.isDefault, source: e.configSource }])),
      })),
      partitions_after_create_partitions: grown.topics[0].partitions.length,
      listed_after_delete: afterDelete.includes(doomed),
      created,
      created_again: createdAgain,
      list_topics: topics.sort(),
      metadata: md.topics.map(t => ({
        name: t.name,
        partitions: t.partitions.map(p => ({ partition: p.partitionId, leader: p.leader, replicas: p.replicas, isr: p.isr }))
          .sort((a, b) => a.partition - b.partition),
      })),
      cluster: { cluster_id: cluster.clusterId, controller: cluster.controller, brokers: cluster.brokers },
    }
  } finally {
    await admin.disconnect()
  }
}

async function produceStep (topic) {
  const producer = kafka.producer({ idempotent: true, maxInFlightRequests: 1 })
  await producer.connect()
  const acks = []
  try {
    for (let from = 0; from < RECORDS; from += BATCH) {
      const messages = []
      for (let n = from; n < Math.min(from + BATCH, RECORDS); n++) messages.push({ key: key(n), value: value(n) })
      const compression = (from / BATCH) % 2 === 1 ? CompressionTypes.GZIP : CompressionTypes.None
      const res = await producer.send({ topic, acks: -1, compression, messages })
      for (const r of res) acks.push({ partition: r.partition, error: r.errorCode, base_offset: r.baseOffset })
    }
  } finally {
    await producer.disconnect()
  }
  return { sent: RECORDS, responses: acks.length, errors: acks.filter(a => a.error !== 0).length }
}

function decodeAssignment (buf) {
  if (!buf || buf.length === 0) return {}
  const a = AssignerProtocol.MemberAssignment.decode(buf)
  return a ? a.assignment : {}
}

async function groupStep (topic, groupId) {
  const admin = kafka.admin()
  await admin.connect()
  const records = new Map() // "p:o" -> [key, value]
  let deliveries = 0
  const state = [{ joins: 0, assignment: {} }, { joins: 0, assignment: {} }]
  let finish
  const done = new Promise(resolve => { finish = resolve })
  // Done when every record was seen and the members' latest assignments split the partitions
  // (both non-empty, disjoint, covering all): both then hold the same, settled generation.
  const check = () => {
    const held = state.map(s => s.assignment[topic] || [])
    const all = held.flat().sort((a, b) => a - b)
    const split = held.every(ps => ps.length > 0) && JSON.stringify(all) === JSON.stringify([...Array(PARTITIONS).keys()])
    if (split && records.size >= RECORDS) finish()
  }
  const consumers = [0, 1].map(i => kafka.consumer({
    groupId,
    sessionTimeout: 10000,
    heartbeatInterval: 300,
    rebalanceTimeout: 30000,
    maxWaitTimeInMs: 200,
    retry: { retries: 5, initialRetryTime: 100 },
  }))
  const out = {}
  try {
    consumers.forEach((c, i) => c.on(c.events.GROUP_JOIN, e => {
      state[i].joins++
      state[i].history = [...(state[i].history || []), { at: Date.now(), leader: e.payload.isLeader, assignment: e.payload.memberAssignment }]
      state[i].assignment = e.payload.memberAssignment
      state[i].leader = e.payload.isLeader
      state[i].member_id = e.payload.memberId
      state[i].protocol = e.payload.groupProtocol
      check()
    }))
    const crashes = []
    consumers.forEach((c, i) => c.on(c.events.CRASH, e => crashes.push(`${i}: ${e.payload.error && e.payload.error.message}`)))
    await Promise.all(consumers.map(async c => {
      await c.connect()
      await c.subscribe({ topic, fromBeginning: true })
      await c.run({
        autoCommit: true,
        eachMessage: async ({ partition, message }) => {
          deliveries++
          records.set(`${partition}:${message.offset}`, [message.key.toString(), message.value.toString()])
          check()
        },
      })
    }))
    const limit = deadline(TIMEOUT_MS, `both members assigned and ${RECORDS} records consumed`)
    try {
      await Promise.race([done, limit.promise])
    } finally {
      limit.cancel()
    }
    // The group can settle and drain the records within one heartbeat interval (a fresh broker answers
    // its first FindCoordinator at once): keep the members running until one has heartbeated, bounded.
    for (let waited = 0; ![...sent].some(a => a.startsWith('Heartbeat ')) && waited < 5000; waited += 50) {
      await new Promise(resolve => setTimeout(resolve, 50))
    }
    // A copy of the settled split, taken now: disconnecting below (LeaveGroup) starts one more
    // rebalance, and its GROUP_JOIN events would otherwise rewrite what we report.
    const settled = JSON.parse(JSON.stringify(state))
    const described = await admin.describeGroups([groupId])
    out.describe_active = described.groups.map(g => ({
      group: g.groupId,
      state: g.state,
      protocol_type: g.protocolType,
      protocol: g.protocol,
      error: g.errorCode,
      members: g.members.map(m => ({ client_id: m.clientId, member_id: m.memberId, assignment: decodeAssignment(m.memberAssignment) })),
    }))
    out.members = settled
    out.crashes = crashes
  } finally {
    for (const c of consumers) await c.disconnect()
  }
  try {
    out.unique_consumed = records.size
    out.deliveries = deliveries
    // Per key, the values in offset order within their partition must be the send order.
    const byKey = {}
    const ordered = [...records.entries()].map(([po, kv]) => [po.split(':').map(Number), kv])
      .sort((a, b) => a[0][0] - b[0][0] || a[0][1] - b[0][1])
    for (const [, [k, v]] of ordered) (byKey[k] = byKey[k] || []).push(v)
    let bad = 0
    for (let k = 0; k < 53; k++) {
      const exp = []
      for (let n = k; n < RECORDS; n += 53) exp.push(value(n))
      if (JSON.stringify(exp) !== JSON.stringify(byKey[key(k)])) bad++
    }
    out.keys = Object.keys(byKey).length
    out.keys_out_of_order_or_missing = bad
    out.fetch_offsets = (await admin.fetchOffsets({ groupId, topics: [topic] }))
      .map(t => ({ topic: t.topic, partitions: t.partitions.map(p => ({ partition: p.partition, offset: p.offset })).sort((a, b) => a.partition - b.partition) }))
    out.topic_offsets = (await admin.fetchTopicOffsets(topic))
      .map(p => ({ partition: p.partition, high: p.high, low: p.low })).sort((a, b) => a.partition - b.partition)
    out.describe_after = (await admin.describeGroups([groupId])).groups.map(g => ({ group: g.groupId, state: g.state, members: g.members.length }))
    out.list_groups = (await admin.listGroups()).groups
  } finally {
    await admin.disconnect()
  }
  return out
}

async function main () {
  const topic = `${prefix}-topic`
  await step('admin', () => adminStep(topic))
  await step('produce', () => produceStep(topic))
  await step('group', () => groupStep(topic, `${prefix}-group`))
  emit({ step: 'versions', sent: [...sent].sort() })
}

main().then(() => process.exit(0), e => {
  process.stderr.write(`judge failed: ${e && e.stack}\n`)
  process.exit(1)
})
