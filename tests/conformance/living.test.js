// Block updates and falling blocks with real clients: sand placed over air falls as a
// falling_block entity and lands two blocks lower, and a torch pops off (dropping a torch item)
// when the block under it is dug; another bot sees all of it.
'use strict'

const { test, before, after } = require('node:test')
const assert = require('node:assert/strict')
const { startServer } = require('./harness/server')
const { joinBot, quitBot, waitForEvent } = require('./harness/bots')

let server
let builder
let watcher
let sequence = 100

before(async () => {
  server = await startServer({ properties: { 'spawn-protection': '0' } })
  builder = await joinBot(server, 'Builder')
  watcher = await joinBot(server, 'Watcher')
  await Promise.all([builder.waitForChunksToLoad(), watcher.waitForChunksToLoad()])
  server.command('gamemode creative Builder')
  await waitForEvent(builder, 'game', { accept: () => builder.game.gameMode === 'creative', what: 'creative mode' })
})

after(async () => {
  await quitBot(builder)
  await quitBot(watcher)
  if (server) assert.equal(await server.stop(), 0, 'server exit status after "stop"')
})

// Resolves once `bot` sees the block at `pos` named `name`.
function seesBlock (bot, pos, name, timeoutMs = 10000) {
  const now = bot.blockAt(pos)
  if (now && now.name === name) return Promise.resolve()
  return waitForEvent(bot, `blockUpdate:${pos}`, {
    timeoutMs,
    accept: (_old, block) => block && block.name === name,
    what: `${name} at ${pos}`
  })
}

// Resolves with the first entity of that kind `bot` is told about.
function seesEntity (bot, name, timeoutMs = 10000) {
  return waitForEvent(bot, 'entitySpawn', { timeoutMs, accept: (entity) => entity.name === name, what: `a ${name} entity` })
}

async function run (command, answer) {
  const mark = server.mark()
  server.command(command)
  await server.waitForLine(answer, 30000, mark)
}

// A stone floor two blocks east of the builder with air above it, seen by both bots.
async function clearedFloor () {
  const ground = builder.entity.position.floored().offset(2, -1, 0)
  await run(`fill ${ground.x} ${ground.y} ${ground.z - 2} ${ground.x + 1} ${ground.y} ${ground.z + 2} stone`, /filled/)
  await run(`fill ${ground.x} ${ground.y + 1} ${ground.z - 2} ${ground.x + 1} ${ground.y + 4} ${ground.z + 2} air`, /filled/)
  await seesBlock(watcher, ground.offset(0, 0, 2), 'stone')
  await seesBlock(watcher, ground.offset(1, 1, 2), 'air')
  await seesBlock(builder, ground.offset(1, 1, 2), 'air')
  return ground
}

test('sand placed over air falls and lands', { timeout: 30000 }, async () => {
  const ground = await clearedFloor()
  const holder = ground.offset(0, 3, 0)
  await run(`setblock ${holder.x} ${holder.y} ${holder.z} stone`, /Changed the block at/)
  await seesBlock(builder, holder, 'stone')
  const item = { itemCount: 1, itemId: builder.registry.itemsByName.sand.id, addedComponentCount: 0, removedComponentCount: 0, components: [], removeComponents: [] }
  builder._client.write('set_creative_slot', { slot: 36, item })
  builder._client.write('held_item_slot', { slotId: 0 })
  const falling = seesEntity(watcher, 'falling_block')
  const landed = ground.offset(1, 1, 0)
  const sand = seesBlock(watcher, landed, 'sand')
  // The holder's east face: the sand goes into the air east of it, two blocks above the floor.
  builder._client.write('block_place', {
    hand: 'main_hand', location: holder, direction: 5, cursorX: 1, cursorY: 0.5, cursorZ: 0.5, insideBlock: false, worldBorderHit: false, sequence: ++sequence
  })
  const [entity] = await falling
  assert.equal(Math.floor(entity.position.x), landed.x)
  assert.equal(Math.floor(entity.position.z), landed.z)
  await sand
  await seesBlock(watcher, holder.offset(1, 0, 0), 'air')
  assert.equal(watcher.blockAt(landed.offset(0, 1, 0)).name, 'air')
})

test('a torch pops off when the block under it is dug', { timeout: 30000 }, async () => {
  const ground = (await clearedFloor()).offset(0, 0, 2)
  const support = ground.offset(0, 1, 0)
  const torch = ground.offset(0, 2, 0)
  await run(`setblock ${support.x} ${support.y} ${support.z} stone`, /Changed the block at/)
  await run(`setblock ${torch.x} ${torch.y} ${torch.z} torch`, /Changed the block at/)
  await seesBlock(watcher, torch, 'torch')
  await seesBlock(builder, support, 'stone')
  const gone = seesBlock(watcher, torch, 'air')
  const drop = seesEntity(watcher, 'item')
  await builder.dig(builder.blockAt(support), true)
  await gone
  await seesBlock(watcher, support, 'air')
  const [item] = await drop
  assert.equal(Math.floor(item.position.x), torch.x)
  assert.equal(Math.floor(item.position.z), torch.z)
})
