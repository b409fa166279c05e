// Survival health with a real client: a survival bot teleported up falls and loses vanilla's fall
// damage, and /kill shows the death, after which the bot respawns around the world spawn with full
// health; then it eats a golden apple, which another player sees and hears it do, and which gives
// it Regeneration II and Absorption with four golden hearts.
'use strict'

const { test, before, after } = require('node:test')
const assert = require('node:assert/strict')
const { startServer } = require('./harness/server')
const { joinBot, quitBot, waitForEvent } = require('./harness/bots')

let server
let bot

before(async () => {
  server = await startServer()
  bot = await joinBot(server, 'Faller')
  await bot.waitForChunksToLoad()
  await waitForEvent(bot, 'physicsTick', { accept: () => bot.entity.onGround, what: 'standing on the ground' })
})

after(async () => {
  await quitBot(bot)
  if (server) assert.equal(await server.stop(), 0, 'server exit status after "stop"')
})

test('a survival player falling 10.5 blocks loses 7 health', { timeout: 30000 }, async () => {
  assert.equal(bot.game.gameMode, 'survival')
  assert.equal(bot.health, 20)
  // floor(10.5 + 1e-6 - 3) = 7
  const hurt = waitForEvent(bot, 'health', { accept: () => bot.health < 20, what: 'fall damage' })
  server.command('tp Faller ~ ~10.5 ~')
  await hurt
  assert.equal(bot.health, 13)
  assert.equal(bot.food, 20)
  assert.deepEqual(bot.problems, [])
})

test('/kill shows the death and the respawn puts the player near the world spawn with full health', { timeout: 30000 }, async () => {
  const died = waitForEvent(bot, 'death', { what: 'the death' })
  const message = waitForEvent(bot, 'messagestr', { accept: text => /was killed/.test(text), what: 'the death message' })
  server.command('kill Faller')
  await server.waitForLine(/Killed Faller/)
  await died
  await message
  // mineflayer asks to respawn on its own; the server answers with respawn and full health.
  await waitForEvent(bot, 'health', { accept: () => bot.health === 20, what: 'full health after respawning' })
  assert.equal(bot.food, 20)
  await waitForEvent(bot, 'physicsTick', { accept: () => bot.entity.onGround, what: 'standing at the spawn' })
  // Vanilla's spawn finder places a respawn within respawn_radius (10) of the world spawn.
  const p = bot.entity.position
  const spawn = bot.spawnPoint
  assert.ok(Math.abs(p.x - (spawn.x + 0.5)) <= 10 && Math.abs(p.z - (spawn.z + 0.5)) <= 10,
    `respawned at ${p}, the world spawn is ${spawn}`)
  assert.deepEqual(bot.problems, [])
})

test('a golden apple is eaten: the server completes the use, takes one apple, and a watcher sees it', { timeout: 40000 }, async () => {
  const watcher = await joinBot(server, 'Watcher')
  try {
    await watcher.waitForChunksToLoad()
    // The living-entity flags (entity data 8) of the eater, as the watcher's client decodes them.
    const flags = []
    watcher._client.on('entity_metadata', packet => {
      if (packet.entityId !== bot.entity.id) return
      for (const entry of packet.metadata) if (entry.key === 8) flags.push(entry.value)
    })
    await waitForEvent(watcher, 'physicsTick', { accept: () => watcher.entities[bot.entity.id] !== undefined, what: 'the watcher seeing the eater' })
    // Within a sound's 16 blocks of the eater (both joined somewhere near the world spawn).
    const moved = waitForEvent(watcher, 'forcedMove', { what: 'the watcher next to the eater' })
    server.command('tp Watcher Faller')
    await moved
    const given = waitForEvent(bot.inventory, 'updateSlot:36', {
      accept: (_old, now) => now && now.name === 'golden_apple' && now.count === 2, what: 'two golden apples'
    })
    server.command('give Faller golden_apple 2')
    await given
    assert.equal(bot.heldItem.name, 'golden_apple')
    // The effects and the absorption hearts (entity data 17) the bot's own client decodes.
    const effects = []
    bot.on('entityEffect', (entity, effect) => { if (entity === bot.entity) effects.push(effect) })
    const hearts = []
    bot._client.on('entity_metadata', packet => {
      if (packet.entityId !== bot.entity.id) return
      for (const entry of packet.metadata) if (entry.key === 17) hearts.push(entry.value)
    })
    // The sounds each client hears, by registry id (minecraft-data numbers the sounds from 1, the
    // registry from 0) and category.
    const soundId = name => bot.registry.soundsByName[name].id - 1
    const heard = { eater: [], watcher: [] }
    bot._client.on('sound_effect', p => heard.eater.push([p.sound.soundId, p.soundCategory]))
    watcher._client.on('sound_effect', p => heard.watcher.push([p.sound.soundId, p.soundCategory]))
    const count = (list, name, category) => list.filter(([id, c]) => id === soundId(name) && c === category).length
    // A golden apple can be eaten with full food; consume() resolves on entity event 9.
    const oneLeft = waitForEvent(bot.inventory, 'updateSlot:36', {
      accept: (_old, now) => now && now.name === 'golden_apple' && now.count === 1, what: 'one golden apple left'
    })
    await bot.consume()
    await oneLeft
    await waitForEvent(watcher, 'physicsTick', { accept: () => flags.includes(1) && flags[flags.length - 1] === 0, what: 'the use shown and ended' })
    assert.deepEqual(flags, [1, 0])
    // The chewing (six times while eating, once at the end) is the others' to hear; the eating
    // sound of the meal and the burp go to everyone near.
    assert.equal(count(heard.watcher, 'entity.generic.eat', 'player'), 7)
    assert.equal(count(heard.eater, 'entity.generic.eat', 'player'), 0)
    for (const list of [heard.eater, heard.watcher]) {
      assert.equal(count(list, 'entity.generic.eat', 'neutral'), 1)
      assert.equal(count(list, 'entity.player.burp', 'player'), 1)
    }
    await waitForEvent(bot, 'physicsTick', { accept: () => hearts.includes(4), what: 'four absorption hearts' })
    assert.deepEqual(effects.map(e => [e.id, e.amplifier, e.duration]), [[9, 1, 100], [21, 0, 2400]])
    // Regeneration II ends after its 5 seconds with remove_entity_effect.
    await waitForEvent(bot, 'entityEffectEnd', { timeoutMs: 15000, accept: (entity, effect) => entity === bot.entity && effect.id === 9, what: 'regeneration ending' })
    assert.deepEqual(bot.problems, [])
    assert.deepEqual(watcher.problems, [])
  } finally {
    await quitBot(watcher)
  }
})
