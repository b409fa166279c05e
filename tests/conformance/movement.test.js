// Server-side move checks seen from real clients: a survival bot claiming a 20-block jump is
// pulled back (mineflayer's forcedMove), a creative bot moving through the air at sprint-flight
// speed is not (creative mode alone allows it; the client's "start flying" packet is not used).
'use strict'

const { test, before, after } = require('node:test')
const assert = require('node:assert/strict')
const { startServer } = require('./harness/server')
const { joinBot, quitBot, waitForEvent, sleep } = require('./harness/bots')

// Vanilla creative flight: 0.05 flying speed doubled by sprinting, air drag 0.91 per tick gives a
// terminal speed of 0.1 / 0.09 ≈ 1.11 blocks per tick.
const SPRINT_FLY_BLOCKS_PER_TICK = 1.1
const TICK_MS = 50
let server
let jumper
let flyer

before(async () => {
  server = await startServer()
  jumper = await joinBot(server, 'Jumper')
  flyer = await joinBot(server, 'Flyer')
  await Promise.all([jumper.waitForChunksToLoad(), flyer.waitForChunksToLoad()])
})

after(async () => {
  await Promise.all([quitBot(jumper), quitBot(flyer)])
  if (server) assert.equal(await server.stop(), 0, 'server exit status after "stop"')
})

function sendPosition (bot, pos, onGround) {
  bot._client.write('position', { x: pos.x, y: pos.y, z: pos.z, flags: { onGround, hasHorizontalCollision: false } })
}

// Moves the bot by hand: the packet, and mineflayer's own idea of its position, which it repeats
// to the server at least once a second even with physics off.
function flyTo (bot, pos) {
  bot.entity.position.set(pos.x, pos.y, pos.z)
  bot.entity.onGround = false
  sendPosition(bot, pos, false)
}

test('a survival bot that sends a 20-block jump is pulled back', { timeout: 20000 }, async () => {
  await sleep(1000) // let it land where it spawned
  assert.equal(jumper.game.gameMode, 'survival')
  jumper.physicsEnabled = false
  const start = jumper.entity.position.clone()
  const mark = server.mark()
  const pulledBack = waitForEvent(jumper, 'forcedMove', { timeoutMs: 5000, what: 'a pull-back (forcedMove)' })
  sendPosition(jumper, start.offset(0, 20, 0), false)
  await pulledBack
  const back = jumper.entity.position
  assert.ok(back.distanceTo(start) < 1, `pulled back to ${back}, started at ${start}`)
  await server.waitForLine(/Jumper moved too quickly!/, 5000, mark)
  jumper.physicsEnabled = true
  assert.deepEqual(jumper.problems, [])
})

test('a creative bot flying at sprint speed is not pulled back', { timeout: 30000 }, async () => {
  const becameCreative = waitForEvent(flyer, 'game', { accept: () => flyer.game.gameMode === 'creative', what: 'creative mode' })
  server.command('gamemode creative Flyer')
  await becameCreative
  // No serverbound player_abilities ("start flying"): the server does not decode it, so the test
  // relies only on what the server does with creative mode itself, which is what lets the flight
  // through: creative players may fly (no flying kick) and skip the moved-wrongly check.
  flyer.physicsEnabled = false
  let forced = 0
  flyer.on('forcedMove', () => forced++)

  const pos = flyer.entity.position.clone()
  // Climb 30 blocks a block per tick to clear trees and hills, then sprint-fly for two seconds.
  for (let i = 0; i < 30; i++) {
    pos.y += 1
    flyTo(flyer, pos)
    await sleep(TICK_MS)
  }
  for (let i = 0; i < 40; i++) {
    pos.x += SPRINT_FLY_BLOCKS_PER_TICK
    flyTo(flyer, pos)
    await sleep(TICK_MS)
  }
  await sleep(1000)
  assert.equal(forced, 0, 'no pull-back while flying at sprint speed')
  // The server took the flight: the other bot, 44 blocks away, sees the flyer where it flew to.
  const seen = jumper.players.Flyer && jumper.players.Flyer.entity
  assert.ok(seen, 'Jumper still tracks Flyer')
  assert.ok(seen.position.distanceTo(pos) <= 1 / 4096, `Jumper sees Flyer at ${seen.position}, it flew to ${pos}`)
  assert.equal(server.linesMatching(/Flyer moved (too quickly|wrongly)/).length, 0)
  assert.deepEqual(flyer.problems, [])
})
