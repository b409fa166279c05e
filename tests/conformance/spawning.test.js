// Natural spawning with a real client: at midnight, zombies appear on their own around a survival
// bot (never within 24 blocks of it). Nothing is summoned in this file.
'use strict'

const { test, before, after } = require('node:test')
const assert = require('node:assert/strict')
const { startServer } = require('./harness/server')
const { joinBot, quitBot, waitForEvent } = require('./harness/bots')

let server
let bot

before(async () => {
  server = await startServer({ properties: { difficulty: 'normal' } })
  bot = await joinBot(server, 'Sleeper')
  await bot.waitForChunksToLoad()
  await waitForEvent(bot, 'physicsTick', { accept: () => bot.entity.onGround, what: 'standing on the ground' })
})

after(async () => {
  await quitBot(bot)
  if (server) assert.equal(await server.stop(), 0, 'server exit status after "stop"')
})

test('at midnight zombies spawn on their own around a survival player', { timeout: 150000 }, async () => {
  assert.equal(bot.game.gameMode, 'survival')
  server.command('time set 18000')
  await server.waitForLine(/Set minecraft:overworld to \d+ tick\(s\)/)
  const [zombie] = await waitForEvent(bot, 'entitySpawn', {
    timeoutMs: 120000,
    accept: e => e.name === 'zombie',
    what: 'a zombie spawning'
  })
  const distance = zombie.position.distanceTo(bot.entity.position)
  assert.ok(distance > 24, `a zombie appeared ${distance.toFixed(1)} blocks away`)
  assert.deepEqual(bot.problems, [])
})
