// Placing and using blocks with a real client: one bot places a slab and doubles it, places a door
// (both halves) and a standing and a wall torch, then opens the door, while a second bot sees every
// change with the states vanilla computes.
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

function matches (block, name, props) {
  if (!block || block.name !== name) return false
  const actual = block.getProperties()
  return Object.entries(props).every(([key, value]) => String(actual[key]) === String(value))
}

// Resolves once `bot` sees the block at `pos` named `name` with the given properties.
function seesState (bot, pos, name, props = {}, timeoutMs = 10000) {
  if (matches(bot.blockAt(pos), name, props)) return Promise.resolve()
  return waitForEvent(bot, `blockUpdate:${pos}`, {
    timeoutMs,
    accept: (_old, block) => matches(block, name, props),
    what: `${name} ${JSON.stringify(props)} at ${pos}`
  })
}

function hold (name) {
  const item = { itemCount: 1, itemId: builder.registry.itemsByName[name].id, addedComponentCount: 0, removedComponentCount: 0, components: [], removeComponents: [] }
  builder._client.write('set_creative_slot', { slot: 36, item })
  builder._client.write('held_item_slot', { slotId: 0 })
}

function click (location, direction, cursorY) {
  builder._client.write('block_place', {
    hand: 'main_hand', location, direction, cursorX: 0.5, cursorY, cursorZ: 0.5, insideBlock: false, worldBorderHit: false, sequence: ++sequence
  })
}

// A stone floor two blocks east of the builder with air above it, seen by both bots.
async function clearedFloor () {
  const ground = builder.entity.position.floored().offset(2, -1, 0)
  // Each fill has run once its answer is logged: a click sent earlier could land in the same tick
  // and be overwritten by the fill, which runs after the tick's packets.
  for (const what of ['stone', 'air']) {
    const bottom = what === 'stone' ? ground.y : ground.y + 1
    const top = what === 'stone' ? ground.y : ground.y + 3
    const mark = server.mark()
    server.command(`fill ${ground.x} ${bottom} ${ground.z - 2} ${ground.x + 1} ${top} ${ground.z + 2} ${what}`)
    await server.waitForLine(/filled/, 30000, mark)
  }
  await seesState(watcher, ground.offset(0, 0, 2), 'stone')
  await seesState(watcher, ground.offset(0, 1, 2), 'air')
  await seesState(builder, ground.offset(0, 1, 2), 'air')
  return ground
}

test('a slab placed on a slab becomes a double slab', { timeout: 30000 }, async () => {
  const ground = await clearedFloor()
  hold('oak_slab')
  const slab = ground.offset(0, 1, 0)
  click(ground, 1, 1)
  await seesState(watcher, slab, 'oak_slab', { type: 'bottom' })
  click(slab, 1, 0.5)
  await seesState(watcher, slab, 'oak_slab', { type: 'double' })
  assert.notEqual(watcher.blockAt(slab.offset(0, 1, 0)).name, 'oak_slab')
})

test('a door is placed with both halves and opens for everyone', { timeout: 30000 }, async () => {
  const ground = (await clearedFloor()).offset(0, 0, 2)
  hold('oak_door')
  click(ground, 1, 1)
  const lower = ground.offset(0, 1, 0)
  const upper = ground.offset(0, 2, 0)
  await seesState(watcher, lower, 'oak_door', { half: 'lower', open: false })
  await seesState(watcher, upper, 'oak_door', { half: 'upper', open: false })
  click(upper, 4, 0.5)
  await seesState(watcher, lower, 'oak_door', { half: 'lower', open: true })
  await seesState(watcher, upper, 'oak_door', { half: 'upper', open: true })
})

test('torches stand on a floor and hang on the clicked wall', { timeout: 30000 }, async () => {
  const ground = (await clearedFloor()).offset(0, 0, -2)
  hold('torch')
  click(ground, 1, 1)
  await seesState(watcher, ground.offset(0, 1, 0), 'torch')
  // A pillar to hang one on: clicking its east face puts a wall torch east of it, facing east.
  const pillar = ground.offset(0, 1, 1)
  server.command(`setblock ${pillar.x} ${pillar.y} ${pillar.z} stone`)
  await seesState(builder, pillar, 'stone')
  click(pillar, 5, 0.5)
  await seesState(watcher, pillar.offset(1, 0, 0), 'wall_torch', { facing: 'east' })
  assert.deepEqual(builder.problems, [])
})
