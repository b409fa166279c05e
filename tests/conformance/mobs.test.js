// Mobs with a real client: a summoned zombie walks to a survival bot and hurts it through the
// health system (easy difficulty: 2.5 per hit), and the bot kills a summoned chicken with its fist
// and picks up the chicken meat it drops and the experience orbs (1-3 points) the kill is worth.
'use strict'

const { test, before, after } = require('node:test')
const assert = require('node:assert/strict')
const { startServer } = require('./harness/server')
const { joinBot, quitBot, waitForEvent, sleep } = require('./harness/bots')

let server
let bot

before(async () => {
  server = await startServer()
  // Only summoned mobs here: a zombie spawning on its own would join the /kill count.
  server.command('gamerule spawn_mobs false')
  await server.waitForLine(/Gamerule spawn_mobs is now set to: false/)
  bot = await joinBot(server, 'Hunter')
  await bot.waitForChunksToLoad()
  await waitForEvent(bot, 'physicsTick', { accept: () => bot.entity.onGround, what: 'standing on the ground' })
})

after(async () => {
  await quitBot(bot)
  if (server) assert.equal(await server.stop(), 0, 'server exit status after "stop"')
})

function near (name) {
  return Object.values(bot.entities).find(e => e.name === name)
}

test('a summoned zombie walks to a survival player and hurts it', { timeout: 60000 }, async () => {
  assert.equal(bot.game.gameMode, 'survival')
  const p = bot.entity.position
  const seen = waitForEvent(bot, 'entitySpawn', { accept: e => e.name === 'zombie', what: 'the zombie' })
  server.command(`summon zombie ${(p.x + 4).toFixed(2)} ${p.y.toFixed(2)} ${p.z.toFixed(2)}`)
  await server.waitForLine(/Summoned new Zombie/)
  await seen
  const hurt = waitForEvent(bot, 'health', { timeoutMs: 40000, accept: () => bot.health < 20, what: 'the zombie\'s hit' })
  await hurt
  assert.equal(bot.health, 17.5)
  const zombie = near('zombie')
  assert.ok(zombie, 'the bot still sees the zombie')
  assert.ok(zombie.position.distanceTo(bot.entity.position) < 3, `the zombie is at ${zombie.position}`)
  server.command('kill @e[type=zombie]')
  await server.waitForLine(/Killed Zombie/)
  await waitForEvent(bot, 'entityGone', { accept: e => e.name === 'zombie', what: 'the zombie leaving' })
})

test('a player kills a summoned chicken and picks up its drop', { timeout: 60000 }, async () => {
  const p = bot.entity.position
  // Near the bot: chickens a chunk was born with may come into view too.
  const seen = waitForEvent(bot, 'entitySpawn', { accept: e => e.name === 'chicken' && e.position.distanceTo(p) < 2, what: 'the chicken' })
  server.command(`summon chicken ${(p.x + 0.8).toFixed(2)} ${p.y.toFixed(2)} ${p.z.toFixed(2)} {NoAI:1b}`)
  await server.waitForLine(/Summoned new Chicken/)
  const [chicken] = await seen
  const meat = waitForEvent(bot, 'playerCollect', { timeoutMs: 30000, accept: collector => collector === bot.entity, what: 'the pickup' })
  const pointsBefore = bot.experience.points
  const experience = waitForEvent(bot, 'experience', { timeoutMs: 30000, accept: () => bot.experience.points > pointsBefore, what: 'the experience orbs' })
  // Four full-strength fist hits of 1 (health 4), each after the 10-tick window.
  for (let i = 0; i < 10 && bot.entities[chicken.id]; i++) {
    await bot.lookAt(chicken.position.offset(0, 0.35, 0), true)
    bot.attack(chicken)
    await sleep(700)
  }
  await meat
  // The meat and the feathers fly apart with random speeds; one may land beyond the pickup box,
  // so the bot steps onto whatever still lies there.
  const names = () => bot.inventory.items().map(i => i.name)
  for (let i = 0; i < 20 && !names().includes('chicken'); i++) {
    const left = Object.values(bot.entities).find(e => e.name === 'item')
    if (left) server.command(`tp Hunter ${left.position.x.toFixed(2)} ${left.position.y.toFixed(2)} ${left.position.z.toFixed(2)}`)
    await sleep(500)
  }
  assert.ok(names().includes('chicken'), `inventory: ${names()}`)
  await experience
  // Orbs of 1 or 3 taken one at a time; the bar follows giveExperiencePoints (7 points to level 1).
  for (let i = 0; i < 10 && Object.values(bot.entities).some(e => e.name === 'experience_orb'); i++) await sleep(300)
  const gained = bot.experience.points - pointsBefore
  assert.ok(gained >= 1 && gained <= 3, `experience gained: ${gained}`)
  assert.equal(bot.experience.level, 0)
  assert.ok(Math.abs(bot.experience.progress - bot.experience.points / 7) < 1e-6, `progress ${bot.experience.progress}`)
  assert.deepEqual(bot.problems, [])
})
