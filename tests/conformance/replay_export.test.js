// horizon-trace export: a real session recorded by the server (two mineflayer bots, a chat line)
// is exported as Recorder's ReplayMod recording; the .mcpr is unzipped with node's zlib and every
// record decoded by minecraft-protocol's own 26.1 deserializer, in the state the client was in.
'use strict'

const { test, before, after } = require('node:test')
const assert = require('node:assert/strict')
const { spawnSync } = require('node:child_process')
const fs = require('node:fs')
const path = require('node:path')
const zlib = require('node:zlib')
const mc = require('minecraft-protocol')
const { startServer, offlineUuid } = require('./harness/server')
const { joinBot, quitBot, sleep, waitForMessage } = require('./harness/bots')

let server
let session = null // what the bots saw, filled in by `before`

function traceBinary () {
  const bin = process.env.HZ_TRACE_BIN
  if (!bin || !fs.existsSync(bin)) throw new Error('HZ_TRACE_BIN must name the horizon-trace binary')
  return bin
}

function horizonTrace (...args) {
  return spawnSync(traceBinary(), args, { encoding: 'utf8', timeout: 60000 })
}

before(async () => {
  const startedAt = Date.now()
  server = await startServer({ properties: { 'horizon-record-trace': 'true' } })
  const recorder = await joinBot(server, 'Recorder')
  const other = await joinBot(server, 'Other')
  await recorder.waitForChunksToLoad()
  const chat = waitForMessage(recorder, /hello replay/)
  other.chat('hello replay')
  await chat
  session = { startedAt, entityId: recorder.entity.id }
  await Promise.all([quitBot(recorder), quitBot(other)])
  await sleep(200) // a few passes, so the server sees them leave before "stop"
  session.endedAt = Date.now()
  assert.equal(await server.stop(30000, { keep: true }), 0, 'server exit status after "stop"')
})

after(() => {
  if (server && !process.env.HZ_CONFORMANCE_KEEP) fs.rmSync(server.folder, { recursive: true, force: true })
})

function traceFiles () {
  const folder = path.join(server.folder, 'traces')
  return fs.readdirSync(folder).filter(f => f.endsWith('.hztrace')).sort().map(f => path.join(folder, f))
}

// The entries of a zip, read through its central directory and inflated with node's zlib.
function unzip (zip) {
  const end = zip.length - 22
  assert.equal(zip.readUInt32LE(end), 0x06054b50, 'end of central directory')
  const entries = {}
  let at = zip.readUInt32LE(end + 16)
  for (let i = 0; i < zip.readUInt16LE(end + 10); i++) {
    assert.equal(zip.readUInt32LE(at), 0x02014b50, 'central directory header')
    const method = zip.readUInt16LE(at + 10)
    const packed = zip.readUInt32LE(at + 20)
    const size = zip.readUInt32LE(at + 24)
    const nameLength = zip.readUInt16LE(at + 28)
    const local = zip.readUInt32LE(at + 42)
    const name = zip.toString('utf8', at + 46, at + 46 + nameLength)
    assert.equal(zip.readUInt32LE(local), 0x04034b50, `local header of ${name}`)
    const dataAt = local + 30 + zip.readUInt16LE(local + 26) + zip.readUInt16LE(local + 28)
    const raw = zip.subarray(dataAt, dataAt + packed)
    const data = method === 8 ? zlib.inflateRawSync(raw) : raw
    assert.equal(data.length, size, `${name} size`)
    assert.equal(zlib.crc32(data), zip.readUInt32LE(at + 16), `${name} crc`)
    entries[name] = data
    at += 46 + nameLength + zip.readUInt16LE(at + 30) + zip.readUInt16LE(at + 32)
  }
  return entries
}

// Time, length and body of every record of recording.tmcpr.
function records (tmcpr) {
  const out = []
  let at = 0
  while (at < tmcpr.length) {
    assert.ok(at + 8 <= tmcpr.length, `record header at ${at} is cut`)
    const time = tmcpr.readUInt32BE(at)
    const length = tmcpr.readUInt32BE(at + 4)
    assert.ok(at + 8 + length <= tmcpr.length, `record at ${at} is cut`)
    out.push({ time, body: tmcpr.subarray(at + 8, at + 8 + length) })
    at += 8 + length
  }
  return out
}

// The state a client reads the next packet in after receiving `name` in `state`.
const NEXT_STATE = {
  login: { success: 'configuration' },
  configuration: { finish_configuration: 'play' },
  play: { start_configuration: 'configuration' }
}

test('the exported recording holds metadata and every packet, decodable in its state', () => {
  const files = traceFiles()
  assert.ok(files.length >= 1, 'the server wrote a trace')
  const out = path.join(server.folder, 'Recorder.mcpr')
  const run = horizonTrace('export', files[files.length - 1], '--player', 'Recorder', '--out', out)
  assert.equal(run.status, 0, `export failed: ${run.stderr}${run.stdout}`)
  assert.match(run.stdout, /exported \d+ packets sent to Recorder/)

  // Python's zipfile as a second, independent reader: every entry's crc checks out.
  const tested = spawnSync('python3', ['-m', 'zipfile', '-t', out], { encoding: 'utf8', timeout: 30000 })
  assert.equal(tested.status, 0, `python3 -m zipfile -t: ${tested.stdout}${tested.stderr}`)
  const entries = unzip(fs.readFileSync(out))
  assert.deepEqual(Object.keys(entries).sort(), ['metaData.json', 'recording.tmcpr'])
  const meta = JSON.parse(entries['metaData.json'].toString('utf8'))
  assert.equal(meta.fileFormat, 'MCPR')
  assert.equal(meta.fileFormatVersion, 14)
  assert.equal(meta.protocol, 775)
  assert.equal(meta.mcversion, '26.1')
  assert.equal(meta.singleplayer, false)
  assert.match(meta.generator, /^Horizon /)
  assert.equal(meta.selfId, session.entityId, 'selfId is the entity id the client was given')
  assert.deepEqual(meta.players, [offlineUuid('Recorder'), offlineUuid('Other')])
  // The date comes from the recorded clock: between the test's start and the bots' leaving.
  assert.ok(meta.date >= session.startedAt - 1000 && meta.date <= session.endedAt + 1000,
    `date ${meta.date} outside ${session.startedAt}..${session.endedAt}`)

  const recorded = records(entries['recording.tmcpr'])
  let state = 'login'
  let last = 0
  const seen = new Map()
  const deserializers = {}
  for (const [index, { time, body }] of recorded.entries()) {
    assert.ok(time >= last, `record ${index} goes back in time (${time} after ${last})`)
    last = time
    deserializers[state] ??= mc.createDeserializer({ state, isServer: false, version: '26.1' })
    let packet
    try {
      packet = deserializers[state].parsePacketBuffer(body)
    } catch (err) {
      assert.fail(`record ${index} (${state}, id 0x${body[0].toString(16)}) does not decode: ${err.message}`)
    }
    const { name, params } = packet.data
    assert.equal(packet.metadata.size, body.length, `record ${index} ${state}/${name}: bytes left over`)
    if (index === 0) {
      assert.equal(`${state}/${name}`, 'login/success', 'a recording starts with login success')
      assert.equal(params.username, 'Recorder')
      assert.equal(time, 0)
    }
    if (state === 'play' && name === 'login') assert.equal(params.entityId, meta.selfId)
    seen.set(`${state}/${name}`, (seen.get(`${state}/${name}`) || 0) + 1)
    state = (NEXT_STATE[state] || {})[name] || state
  }
  assert.equal(meta.duration, last, 'duration is the last record\'s time')
  assert.ok(meta.duration > 0 && meta.duration <= session.endedAt - session.startedAt,
    `the recording's ${meta.duration} ms fit in the session`)
  for (const expected of ['configuration/registry_data', 'configuration/finish_configuration', 'play/login',
    'play/map_chunk', 'play/position', 'play/spawn_entity']) {
    assert.ok(seen.has(expected), `no ${expected} among ${[...seen.keys()].join(', ')}`)
  }
})

test('export refuses a player who never joined, and a call without --player', () => {
  const file = traceFiles()[0]
  const out = path.join(server.folder, 'nobody.mcpr')
  const missing = horizonTrace('export', file, '--player', 'Nobody', '--out', out)
  assert.equal(missing.status, 1)
  assert.match(missing.stderr, /Nobody never logged in during this session \(logins: Recorder, Other\)/)
  const usage = horizonTrace('export', file, '--out', out)
  assert.equal(usage.status, 2)
  assert.ok(!fs.existsSync(out))
})
