// Twenty mineflayer bots joining at the same moment: every one spawns, lists and sees all the
// others as player entities, and receives the chunks of its view. Connect-to-spawn times are
// printed as figures for the report; nothing asserts on speed.
'use strict'

const { test, before, after } = require('node:test')
const assert = require('node:assert/strict')
const { startServer } = require('./harness/server')
const { joinBot, quitBot, sleep } = require('./harness/bots')

const CROWD = 20
const VIEW_DISTANCE = 4 // the harness's server.properties
let server
let bots = []

before(async () => {
  server = await startServer()
  // The first bot of a process pays for loading the client library's 26.1 data (about a second);
  // one untimed bot first keeps that out of the figures.
  const mark = server.mark()
  await quitBot(await joinBot(server, 'WarmUp'))
  await server.waitForLine(/WarmUp left the game/, 5000, mark)
})

after(async () => {
  await Promise.all(bots.map(bot => quitBot(bot)))
  if (server) assert.equal(await server.stop(), 0, 'server exit status after "stop"')
})

// Resolves once `bot` has every chunk column of its view square (clamped to the server's view
// distance); rejects naming the columns still missing at the deadline.
async function chunksOfView (bot, timeoutMs = 30000) {
  const deadline = performance.now() + timeoutMs
  for (;;) {
    const cx = Math.floor(bot.entity.position.x / 16)
    const cz = Math.floor(bot.entity.position.z / 16)
    const missing = []
    for (let x = cx - VIEW_DISTANCE; x <= cx + VIEW_DISTANCE; x++) {
      for (let z = cz - VIEW_DISTANCE; z <= cz + VIEW_DISTANCE; z++) {
        if (!bot.world.getColumn(x, z)) missing.push(`${x},${z}`)
      }
    }
    if (missing.length === 0) return
    if (performance.now() > deadline) {
      throw new Error(`${bot.username} is missing ${missing.length} columns of its view: ${missing.slice(0, 8).join(' ')}`)
    }
    await sleep(200)
  }
}

// Polls until `bot` has a player entity for every name in `names`; rejects naming the missing ones.
async function seesAll (bot, names, timeoutMs = 20000) {
  const deadline = performance.now() + timeoutMs
  for (;;) {
    const unseen = names.filter(name => name !== bot.username && !(bot.players[name] && bot.players[name].entity))
    if (unseen.length === 0) return
    if (performance.now() > deadline) throw new Error(`${bot.username} has no entity for ${unseen.join(', ')}`)
    await sleep(200)
  }
}

function summary (millis) {
  const sorted = [...millis].sort((a, b) => a - b)
  const at = q => sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))]
  return `min ${sorted[0].toFixed(0)} ms, median ${at(0.5).toFixed(0)} ms, max ${sorted[sorted.length - 1].toFixed(0)} ms`
}

test('one bot joins and receives the chunks of its view', { timeout: 40000 }, async () => {
  const mark = server.mark()
  const bot = await joinBot(server, 'Solo')
  console.log(`connect-to-spawn, 1 bot: ${bot.joinMillis.toFixed(0)} ms`)
  await server.waitForLine(/Solo joined the game/, 5000, mark)
  await chunksOfView(bot)
  assert.equal(bot.game.gameMode, 'survival')
  assert.deepEqual(bot.problems, [])
  await quitBot(bot)
  await server.waitForLine(/Solo left the game/, 5000, mark)
})

test(`${CROWD} bots joining at once all spawn, see each other and get their chunks`, { timeout: 120000 }, async () => {
  const names = Array.from({ length: CROWD }, (_, i) => `Crowd${String(i + 1).padStart(2, '0')}`)
  const results = await Promise.allSettled(names.map(name => joinBot(server, name, { timeoutMs: 60000 })))
  bots = results.filter(r => r.status === 'fulfilled').map(r => r.value)
  const failures = results.filter(r => r.status === 'rejected').map(r => r.reason.message)
  assert.deepEqual(failures, [], 'every bot spawns')
  assert.equal(bots.length, CROWD)
  console.log(`connect-to-spawn, ${CROWD} bots at once: ${summary(bots.map(b => b.joinMillis))}`)

  // Every bot gets the chunks of its view (they all spawn near the world spawn).
  await Promise.all(bots.map(bot => chunksOfView(bot, 60000)))
  // Everyone is in the game: each bot's tab list holds all twenty names...
  await sleep(1000)
  for (const bot of bots) {
    const listed = names.filter(name => bot.players[name])
    assert.equal(listed.length, CROWD, `${bot.username} lists ${listed.length} of ${CROWD} players`)
  }
  // ...and each sees the nineteen others as player entities, within view of the spawn.
  await Promise.all(bots.map(bot => seesAll(bot, names)))
  for (const bot of bots) {
    for (const name of names) {
      if (name === bot.username) continue
      const entity = bot.players[name].entity
      assert.equal(entity.type, 'player', `${bot.username} sees ${name} as a ${entity.type}`)
      const other = bots.find(b => b.username === name)
      const off = entity.position.distanceTo(other.entity.position)
      assert.ok(off < 1, `${bot.username} sees ${name} ${off.toFixed(2)} blocks from where it is`)
    }
  }
  assert.equal(server.linesMatching(/Crowd\d\d joined the game/).length, CROWD)
  assert.equal(server.linesMatching(/Crowd\d\d (lost connection|was kicked)/).length, 0)
  for (const bot of bots) assert.deepEqual(bot.problems, [], `${bot.username} had no kick or error`)
})
