// kafkajs over a SASL listener: node sasl.js '<json>' where json = {"logins": [{"config": {...}, "topic": "t",
// "expect": "ok"|"fail"}, ...]} (configs from kaflite.testing's sasl_client_config("kafkajs", ...)).
// Prints one JSON line per login: {"i": n, "ok": value} or {"i": n, "error": name, "message": ...}.
'use strict'

const { Kafka, logLevel } = require('kafkajs')

async function login (i, { config, topic }) {
  const sasl = { ...config.sasl }
  if (sasl.mechanism === 'oauthbearer') {
    const value = sasl.oauthBearerToken
    delete sasl.oauthBearerToken
    sasl.oauthBearerProvider = async () => ({ value })
  }
  const kafka = new Kafka({
    clientId: 'kaflite-sasl-js',
    brokers: config.brokers,
    ssl: config.ssl,
    sasl,
    logLevel: logLevel.NOTHING,
    connectionTimeout: 10000,
    requestTimeout: 15000,
    retry: { retries: 0 }
  })
  const producer = kafka.producer()
  try {
    await producer.connect()
    await producer.send({ topic, messages: [{ key: 'k', value: 'over-sasl-js', partition: 0 }] })
    await producer.disconnect()
    const admin = kafka.admin()
    await admin.connect()
    const offsets = await admin.fetchTopicOffsets(topic)
    await admin.disconnect()
    return { i, ok: offsets[0].high }
  } catch (e) {
    await producer.disconnect().catch(() => {})
    return { i, error: e && e.name, message: e && e.message }
  }
}

async function main () {
  const { logins } = JSON.parse(process.argv[2])
  for (let i = 0; i < logins.length; i++) {
    process.stdout.write(JSON.stringify(await login(i, logins[i])) + '\n')
  }
}

main().catch(e => { process.stderr.write(`${e && e.stack}\n`); process.exit(1) })
