// Random ticks seen by a real client: with a high random_tick_speed, a leaf far from any log
// decays to air and wheat on farmland kept moist grows to age 7, both next to the player (a ticking
// chunk).
'use strict'

const { test, before, after } = require('node:test')
const assert = require('node:assert/strict')
const { startServer } = require('./harness/server')
const { joinBot, quitBot, waitForEvent } = require('./harness/bots')

let server
let bot

before(async () => {
  server = await startServer({ properties: { 'spawn-protection': '0' } })
  bot = await joinBot(server, 'Farmer')
  await bot.waitForChunksToLoad()
  server.command('gamerule random_tick_speed 1000')
  await server.waitForLine(/Gamerule random_tick_speed is now set to: 1000/)
})

after(async () => {
  await quitBot(bot)
  if (server) assert.equal(await server.stop(), 0, 'server exit status after "stop"')
})

// Resolves once the bot sees the block at `pos` satisfy `accept`.
function sees (pos, accept, what, timeoutMs = 20000) {
  const now = bot.blockAt(pos)
  if (now && accept(now)) return Promise.resolve()
  return waitForEvent(bot, `blockUpdate:${pos}`, { timeoutMs, accept: (_old, block) => block && accept(block), what })
}

test('a leaf with no log nearby decays', { timeout: 40000 }, async () => {
  const pos = bot.entity.position.floored().offset(2, 6, 0)
  // Persistent first, so the client sees the leaf before a tick can take it (a leaf placed and
  // decayed in one tick reaches clients as the air it ends as).
  const placed = sees(pos, (b) => b.name === 'oak_leaves', 'the leaf')
  server.command(`setblock ${pos.x} ${pos.y} ${pos.z} oak_leaves[distance=7,persistent=true]`)
  await placed
  await new Promise((resolve) => setTimeout(resolve, 1000))
  assert.equal(bot.blockAt(pos).name, 'oak_leaves', 'a persistent leaf stays')
  server.command(`setblock ${pos.x} ${pos.y} ${pos.z} oak_leaves[distance=7,persistent=false]`)
  await sees(pos, (b) => b.name === 'air', 'the leaf decayed')
})

// Water two blocks away, in a glass basin, keeps the farmland moist: on dry farmland the wheat
// would grow half as fast (its growth draw is 1 in 13 rather than 1 in 7), and ripen in about
// 19 s at this tick speed, too close to the wait.
test('wheat on moist farmland grows to age 7', { timeout: 40000 }, async () => {
  const soil = bot.entity.position.floored().offset(-2, 8, 1)
  const crop = soil.offset(0, 1, 0)
  server.command(`fill ${soil.x + 1} ${soil.y - 1} ${soil.z - 1} ${soil.x + 3} ${soil.y} ${soil.z + 1} glass`)
  server.command(`setblock ${soil.x + 2} ${soil.y} ${soil.z} water`)
  server.command(`setblock ${soil.x} ${soil.y} ${soil.z} farmland[moisture=7]`)
  server.command(`setblock ${crop.x} ${crop.y} ${crop.z} wheat[age=0]`)
  await sees(crop, (b) => b.name === 'wheat' && Number(b.getProperties().age) === 7, 'ripe wheat', 30000)
})
