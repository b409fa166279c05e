// Animals placed when chunks generate, with a real client: right after a fresh world generated,
// a bot at the spawn sees cows, pigs, sheep or chickens around it although nothing was summoned
// and no creature spawning tick has run near a player yet (docs/rules/spawning.md §8).
'use strict'

const { test, after } = require('node:test')
const assert = require('node:assert/strict')
const { startServer } = require('./harness/server')
const { joinBot, quitBot, sleep } = require('./harness/bots')

const ANIMALS = new Set(['cow', 'pig', 'sheep', 'chicken'])

let server
let bot

after(async () => {
  await quitBot(bot)
  if (server) assert.equal(await server.stop(), 0, 'server exit status after "stop"')
})

test('a fresh world has animals near the spawn as soon as a player joins', { timeout: 90000 }, async () => {
  server = await startServer()
  bot = await joinBot(server, 'Shepherd')
  await bot.waitForChunksToLoad()
  // Creature spawning needs a player within 128 blocks and runs every 400 ticks (20 s): the first
  // look is well before the bot's first such tick could add anything.
  await sleep(2000)
  const animals = Object.values(bot.entities).filter(e => ANIMALS.has(e.name))
  assert.ok(animals.length > 0, 'no animals in view; saw ' + JSON.stringify(Object.values(bot.entities).map(e => e.name)))
  // Each one stands on the ground of a loaded chunk (animals wander, so positions are not checked
  // further here; the placement rule is tested against a reference model in the unit tests).
  for (const animal of animals) {
    assert.ok(animal.position.y > -64 && animal.position.y < 320, `${animal.name} at ${animal.position}`)
    assert.ok(bot.world.getColumnAt(animal.position), `${animal.name} outside the loaded chunks`)
  }
  assert.deepEqual(bot.problems, [])
})
