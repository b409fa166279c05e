// Two mineflayer bots see each other through player info and entity tracking, and after one of
// them walks they agree on each other's position to within 1/4096 of a block (the precision of
// the relative-move packets).
'use strict'

const { test, before, after } = require('node:test')
const assert = require('node:assert/strict')
const { startServer } = require('./harness/server')
const { joinBot, quitBot, sleep } = require('./harness/bots')

const TOLERANCE = 1 / 4096
let server
let alice
let bob

before(async () => {
  server = await startServer()
  alice = await joinBot(server, 'Alice')
  bob = await joinBot(server, 'Bob')
  await Promise.all([alice.waitForChunksToLoad(), bob.waitForChunksToLoad()])
})

after(async () => {
  await Promise.all([quitBot(alice), quitBot(bob)])
  if (server) assert.equal(await server.stop(), 0, 'server exit status after "stop"')
})

// Polls until `viewer` has an entity for `name`; returns it.
async function seenEntity (viewer, name, timeoutMs = 10000) {
  const deadline = performance.now() + timeoutMs
  while (performance.now() < deadline) {
    const entity = viewer.players[name] && viewer.players[name].entity
    if (entity) return entity
    await sleep(100)
  }
  throw new Error(`${viewer.username} never saw an entity for ${name}`)
}

// Waits until the bot has stopped moving for a while: on the ground, the same position twice.
async function settle (bot, timeoutMs = 10000) {
  const deadline = performance.now() + timeoutMs
  let last = bot.entity.position.clone()
  let still = 0
  while (performance.now() < deadline && still < 10) {
    await sleep(100)
    const now = bot.entity.position
    still = bot.entity.onGround && now.distanceTo(last) === 0 ? still + 1 : 0
    last = now.clone()
  }
  if (still < 10) throw new Error(`${bot.username} did not come to rest (at ${bot.entity.position})`)
}

function assertSamePosition (viewer, subject) {
  const seen = viewer.players[subject.username].entity.position
  const actual = subject.entity.position
  for (const axis of ['x', 'y', 'z']) {
    const diff = Math.abs(seen[axis] - actual[axis])
    assert.ok(diff <= TOLERANCE,
      `${viewer.username} sees ${subject.username} at ${axis}=${seen[axis]}, it is at ${actual[axis]} (off by ${diff})`)
  }
}

test('each bot sees the other as a player entity', { timeout: 20000 }, async () => {
  const bobSeen = await seenEntity(alice, 'Bob')
  const aliceSeen = await seenEntity(bob, 'Alice')
  assert.equal(bobSeen.type, 'player')
  assert.equal(aliceSeen.type, 'player')
  await Promise.all([settle(alice), settle(bob)])
  assertSamePosition(alice, bob)
  assertSamePosition(bob, alice)
})

test('after Bob walks, both agree on his position within 1/4096', { timeout: 30000 }, async () => {
  // The spawn may be beside a tree or a slope: a blocked direction is given up for the next one.
  let walked = 0
  for (let turn = 0; turn < 4 && walked <= 1; turn++) {
    const start = bob.entity.position.clone()
    await bob.look(Math.PI / 4 + turn * Math.PI / 2, 0, true)
    bob.setControlState('forward', true)
    await sleep(2000)
    bob.setControlState('forward', false)
    await settle(bob)
    walked = Math.hypot(bob.entity.position.x - start.x, bob.entity.position.z - start.z)
  }
  assert.ok(walked > 1, `Bob walked ${walked.toFixed(2)} blocks`)
  await sleep(500) // the tracker sends the last move on the next tick
  assertSamePosition(alice, bob)
  assertSamePosition(bob, alice)
  assert.deepEqual(alice.problems, [])
  assert.deepEqual(bob.problems, [])
})
