// Skeletons with a real client: a summoned skeleton holds a bow the client sees, shoots arrows the
// client tracks (owned by the skeleton) and hurts a survival bot through the health system.
'use strict'

const { test, before, after } = require('node:test')
const assert = require('node:assert/strict')
const { startServer } = require('./harness/server')
const { joinBot, quitBot, waitForEvent } = require('./harness/bots')

let server
let bot

before(async () => {
  server = await startServer()
  server.command('gamerule spawn_mobs false')
  await server.waitForLine(/Gamerule spawn_mobs is now set to: false/)
  // Midnight: a skeleton in daylight would burn.
  server.command('time set 18000')
  await server.waitForLine(/Set .* to 18000 tick/)
  bot = await joinBot(server, 'Target')
  await bot.waitForChunksToLoad()
  await waitForEvent(bot, 'physicsTick', { accept: () => bot.entity.onGround, what: 'standing on the ground' })
})

after(async () => {
  await quitBot(bot)
  if (server) assert.equal(await server.stop(), 0, 'server exit status after "stop"')
})

test('a summoned skeleton shoots a survival player with arrows', { timeout: 40000 }, async () => {
  assert.equal(bot.game.gameMode, 'survival')
  const p = bot.entity.position
  const seen = waitForEvent(bot, 'entitySpawn', { accept: e => e.name === 'skeleton', what: 'the skeleton' })
  const arrow = waitForEvent(bot, 'entitySpawn', { timeoutMs: 20000, accept: e => e.name === 'arrow', what: 'an arrow' })
  const hurt = waitForEvent(bot, 'health', { timeoutMs: 20000, accept: () => bot.health < 20, what: 'an arrow\'s hit' })
  server.command(`summon skeleton ${(p.x + 5).toFixed(2)} ${p.y.toFixed(2)} ${p.z.toFixed(2)}`)
  await server.waitForLine(/Summoned new Skeleton/)
  const [skeleton] = await seen
  await arrow
  await hurt
  assert.ok(bot.health < 20, `health ${bot.health}`)
  const held = skeleton.heldItem || (skeleton.equipment && skeleton.equipment[0])
  assert.ok(held && held.name === 'bow', `the skeleton holds ${held && held.name}`)
  assert.deepEqual(bot.problems, [])
})
