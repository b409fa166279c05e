// Water with real clients (docs/rules/fluids.md): water set by command and water poured from a
// bucket spread over a stone floor; another bot sees the flowing water arrive block by block with
// vanilla's levels (1 beside the source, 2 one block farther).
'use strict'

const { test, before, after } = require('node:test')
const assert = require('node:assert/strict')
const { startServer } = require('./harness/server')
const { joinBot, quitBot, waitForEvent } = require('./harness/bots')

let server
let builder
let watcher

before(async () => {
  server = await startServer({ properties: { 'spawn-protection': '0' } })
  builder = await joinBot(server, 'Pourer')
  watcher = await joinBot(server, 'Watcher')
  await Promise.all([builder.waitForChunksToLoad(), watcher.waitForChunksToLoad()])
  server.command('gamemode creative Pourer')
  await waitForEvent(builder, 'game', { accept: () => builder.game.gameMode === 'creative', what: 'creative mode' })
})

after(async () => {
  await quitBot(builder)
  await quitBot(watcher)
  if (server) assert.equal(await server.stop(), 0, 'server exit status after "stop"')
})

function levelOf (block) {
  return block && block.name === 'water' ? Number(block.getProperties().level) : -1
}

// Resolves once `bot` sees water of `level` at `pos`.
function seesWater (bot, pos, level, timeoutMs = 10000) {
  if (levelOf(bot.blockAt(pos)) === level) return Promise.resolve()
  return waitForEvent(bot, `blockUpdate:${pos}`, {
    timeoutMs,
    accept: (_old, block) => levelOf(block) === level,
    what: `water of level ${level} at ${pos}`
  })
}

function seesBlock (bot, pos, name, timeoutMs = 10000) {
  const now = bot.blockAt(pos)
  if (now && now.name === name) return Promise.resolve()
  return waitForEvent(bot, `blockUpdate:${pos}`, { timeoutMs, accept: (_old, block) => block && block.name === name, what: `${name} at ${pos}` })
}

async function run (command, answer) {
  const mark = server.mark()
  server.command(command)
  await server.waitForLine(answer, 30000, mark)
}

// A 9x9 stone floor starting `east` blocks east of the builder, with air above it; returns the
// floor block at its centre row nearest the builder plus `east`.
async function floor (east) {
  const ground = builder.entity.position.floored().offset(east, -1, 0)
  await run(`fill ${ground.x - 4} ${ground.y} ${ground.z - 4} ${ground.x + 4} ${ground.y} ${ground.z + 4} stone`, /filled/)
  await run(`fill ${ground.x - 4} ${ground.y + 1} ${ground.z - 4} ${ground.x + 4} ${ground.y + 3} ${ground.z + 4} air`, /filled|could not/i)
  await seesBlock(watcher, ground.offset(4, 0, 4), 'stone')
  await seesBlock(watcher, ground.offset(4, 1, 4), 'air')
  await seesBlock(builder, ground.offset(0, 1, 0), 'air')
  return ground
}

// The watcher sees the four neighbours at level 1 and the next ring's straight blocks at level 2.
async function seesSpread (source) {
  const rings = []
  for (const [dx, dz] of [[1, 0], [-1, 0], [0, 1], [0, -1]]) {
    rings.push(seesWater(watcher, source.offset(dx, 0, dz), 1))
    rings.push(seesWater(watcher, source.offset(2 * dx, 0, 2 * dz), 2))
  }
  await Promise.all(rings)
  assert.equal(levelOf(watcher.blockAt(source)), 0)
}

test('water set by command spreads to its neighbours', { timeout: 60000 }, async () => {
  const ground = await floor(-9)
  const source = ground.offset(0, 1, 0)
  await run(`setblock ${source.x} ${source.y} ${source.z} water`, /Changed the block at/)
  await seesSpread(source)
})

test('water poured from a bucket spreads', { timeout: 60000 }, async () => {
  const ground = await floor(3)
  const item = { itemCount: 1, itemId: builder.registry.itemsByName.water_bucket.id, addedComponentCount: 0, removedComponentCount: 0, components: [], removeComponents: [] }
  builder._client.write('set_creative_slot', { slot: 36, item })
  builder._client.write('held_item_slot', { slotId: 0 })
  builder.setQuickBarSlot(0)
  await builder.lookAt(ground.offset(0.5, 1, 0.5), true)
  const source = ground.offset(0, 1, 0)
  const placed = seesWater(watcher, source, 0)
  builder.activateItem()
  await placed
  await seesSpread(source)
})
