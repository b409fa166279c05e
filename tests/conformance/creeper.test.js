// A creeper with a real client: summoned next to a survival bot it swells, explodes and is gone;
// the bot hears the fuse, reads the explode packet with its sound, is hurt, and the blocks under
// the creeper are gone.
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
  bot = await joinBot(server, 'Sapper')
  await bot.waitForChunksToLoad()
  await waitForEvent(bot, 'physicsTick', { accept: () => bot.entity.onGround, what: 'standing on the ground' })
})

after(async () => {
  await quitBot(bot)
  if (server) assert.equal(await server.stop(), 0, 'server exit status after "stop"')
})

test('a summoned creeper blows up next to a survival player', { timeout: 30000 }, async () => {
  assert.equal(bot.game.gameMode, 'survival')
  const p = bot.entity.position.floored()
  const at = p.offset(2, 0, 0)
  const ground = at.offset(0, -1, 0)
  assert.notEqual(bot.blockAt(ground).name, 'air', 'ground under the creeper')
  const explosion = new Promise(resolve => bot._client.once('explosion', resolve))
  // The fuse lit: the primed sound, by registry id (minecraft-data numbers the sounds from 1).
  const soundId = name => bot.registry.soundsByName[name].id - 1
  const primed = new Promise(resolve => bot._client.on('sound_effect', p => {
    if (p.sound.soundId === soundId('entity.creeper.primed')) resolve(p)
  }))
  const seen = waitForEvent(bot, 'entitySpawn', { accept: e => e.name === 'creeper', what: 'the creeper' })
  server.command(`summon creeper ${at.x + 0.5} ${at.y} ${at.z + 0.5}`)
  await server.waitForLine(/Summoned new Creeper/)
  await seen
  const hurt = waitForEvent(bot, 'health', { timeoutMs: 15000, accept: () => bot.health < 20, what: 'the blast' })
  const gone = waitForEvent(bot, 'entityGone', { timeoutMs: 15000, accept: e => e.name === 'creeper', what: 'the creeper leaving' })
  const fuse = await primed
  assert.equal(fuse.soundCategory, 'hostile')
  assert.equal(fuse.pitch, 0.5)
  const packet = await explosion
  assert.equal(packet.radius, 3)
  assert.equal(packet.sound.soundId, soundId('entity.generic.explode'))
  assert.ok(packet.blockCount > 0, `block count ${packet.blockCount}`)
  await hurt
  await gone
  assert.equal(bot.blockAt(ground).name, 'air', 'the ground under the creeper is blown away')
  assert.deepEqual(bot.problems, [])
})
