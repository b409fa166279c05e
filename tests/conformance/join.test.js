// One mineflayer bot's life on Horizon: join and spawn, chunks around it, 40 s connected with the
// server's keep-alives, chat echoed back, /tick query as an op, vanilla's refusal for a non-op,
// and a clean quit.
'use strict'

const { test, before, after } = require('node:test')
const assert = require('node:assert/strict')
const { startServer } = require('./harness/server')
const { joinBot, quitBot, waitForEvent, waitForMessage, countPackets, stayConnected, sleep } = require('./harness/bots')

const STAY_CONNECTED_MS = 40000
const VIEW_DISTANCE = 4 // the harness's server.properties
let server
let op
let opJoinedAt
let keepAlives

before(async () => {
  server = await startServer({ ops: ['Operator'] })
})

// Vanilla's ChunkTrackingView.isWithinDistance with neighbours: a circle of radius r widened by a
// 2-chunk square margin around the centre.
function viewColumns (centre, r) {
  const columns = new Set()
  for (let x = centre.x - r - 2; x <= centre.x + r + 2; x++) {
    for (let z = centre.z - r - 2; z <= centre.z + r + 2; z++) {
      const ax = Math.max(0, Math.abs(x - centre.x) - 2)
      const az = Math.max(0, Math.abs(z - centre.z) - 2)
      if (ax * ax + az * az < r * r) columns.add(`${x},${z}`)
    }
  }
  return columns
}

function sameSet (a, b) {
  return a.size === b.size && [...a].every(k => b.has(k))
}

after(async () => {
  if (op) await quitBot(op)
  if (server) assert.equal(await server.stop(), 0, 'server exit status after "stop"')
})

test('an op bot joins and spawns at the server spawn point', { timeout: 40000 }, async () => {
  opJoinedAt = performance.now()
  const mark = server.mark()
  op = await joinBot(server, 'Operator')
  keepAlives = countPackets(op, 'keep_alive')
  const pos = op.entity.position
  assert.ok(Number.isFinite(pos.x) && Number.isFinite(pos.y) && Number.isFinite(pos.z), `spawn position ${pos}`)
  assert.ok(pos.y >= -64 && pos.y < 320, `spawn y ${pos.y} inside the overworld`)
  assert.equal(op.game.dimension, 'overworld')
  assert.equal(op.game.minY, -64)
  assert.equal(op.game.height, 384)
  assert.equal(op.health, 20)
  await server.waitForLine(/Operator joined the game/, 5000, mark)
})

test('the bot receives exactly the chunks of vanilla\'s view around it', { timeout: 30000 }, async () => {
  // The chunk under the bot is what turns mineflayer's physics on. The view is vanilla's
  // ChunkTrackingView with its 2-chunk margin: 117 columns for view-distance 4.
  await op.waitForChunksToLoad()
  const centre = { x: Math.floor(op.entity.position.x) >> 4, z: Math.floor(op.entity.position.z) >> 4 }
  const expected = viewColumns(centre, VIEW_DISTANCE)
  assert.equal(expected.size, 117)
  const loaded = () => new Set(op.world.getColumns().map(c => `${c.chunkX},${c.chunkZ}`))
  const deadline = performance.now() + 20000
  while (performance.now() < deadline && !sameSet(loaded(), expected)) await sleep(200)
  const got = loaded()
  assert.deepEqual([...expected].filter(k => !got.has(k)), [], 'columns in view that never arrived')
  assert.deepEqual([...got].filter(k => !expected.has(k)), [], 'columns outside the view')
  assert.ok(op.blockAt(op.entity.position.offset(0, -1, 0)), 'the block under the bot is known')
})

test('chat comes back to the sender as <name> message', { timeout: 15000 }, async () => {
  const mark = server.mark()
  const echoed = waitForEvent(op, 'chat', { accept: (user, msg) => user === 'Operator' && msg === 'hello from the conformance run' })
  op.chat('hello from the conformance run')
  await echoed
  await server.waitForLine(/<Operator> hello from the conformance run/, 5000, mark)
})

test('an op runs /tick query and gets the reply as system chat', { timeout: 15000 }, async () => {
  const status = waitForMessage(op, /^The game is (running normally|running, but can't keep up|frozen|sprinting)/)
  const rate = waitForMessage(op, /Target tick rate: 20\.0 per second/)
  const percentiles = waitForMessage(op, /^Percentiles: P50: [0-9.]+ms P95: [0-9.]+ms P99: [0-9.]+ms\. Sample: 100$/)
  op.chat('/tick query')
  await Promise.all([status, rate, percentiles])
})

test('a non-op gets vanilla\'s "Unknown or incomplete command" refusal for /tick query', { timeout: 40000 }, async () => {
  const mark = server.mark()
  const visitor = await joinBot(server, 'Visitor')
  try {
    const heard = []
    visitor.on('messagestr', text => heard.push(text))
    const refusal = waitForMessage(visitor, /^Unknown or incomplete command\. See below for error$/)
    const context = waitForMessage(visitor, /tick query<--\[HERE\]$/)
    visitor.chat('/tick query')
    await Promise.all([refusal, context])
    await sleep(500)
    assert.ok(!heard.some(text => /Target tick rate/.test(text)), `no tick status for a non-op: ${JSON.stringify(heard)}`)
  } finally {
    await quitBot(visitor)
  }
  await server.waitForLine(/Visitor left the game/, 5000, mark)
})

test('the bot stays connected for 40 s and answers the server\'s keep-alives', { timeout: STAY_CONNECTED_MS + 20000 }, async () => {
  await stayConnected(op, STAY_CONNECTED_MS - (performance.now() - opJoinedAt))
  assert.ok(keepAlives.count >= 2, `keep-alives every 15 s: ${keepAlives.count} in 40 s`)
  assert.ok(keepAlives.count <= 3, `not more than one keep-alive per 15 s: ${keepAlives.count} in 40 s`)
  assert.deepEqual(op.problems, [])
  // Still alive at the application level: a chat round trip after the wait.
  const echoed = waitForEvent(op, 'chat', { accept: (user, msg) => user === 'Operator' && msg === 'still here' })
  op.chat('still here')
  await echoed
})

test('the bot quits cleanly and the server logs it leaving', { timeout: 15000 }, async () => {
  const mark = server.mark()
  const ended = waitForEvent(op, 'end', { timeoutMs: 10000 })
  op.quit()
  await ended
  await server.waitForLine(/Operator left the game/, 10000, mark)
  assert.deepEqual(op.problems, [])
  assert.equal(server.linesMatching(/Operator lost connection: (?!Disconnected)/).length, 0, 'no error reason for the quit')
  op = undefined
})
