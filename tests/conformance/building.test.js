// Changing the world with real clients: a creative bot breaks blocks at once (another bot gets the
// break's level event), places a block from its hotbar, and a survival bot digs by hand at
// vanilla's pace, while another bot sees every change; /setblock and /fill from
// the console reach both; a dig out of reach changes nothing.
'use strict'

const { test, before, after } = require('node:test')
const assert = require('node:assert/strict')
const { startServer } = require('./harness/server')
const { joinBot, quitBot, waitForEvent } = require('./harness/bots')

let server
let digger
let watcher

before(async () => {
  server = await startServer({ properties: { 'spawn-protection': '0' } })
  digger = await joinBot(server, 'Digger')
  watcher = await joinBot(server, 'Watcher')
  await Promise.all([digger.waitForChunksToLoad(), watcher.waitForChunksToLoad()])
})

after(async () => {
  await quitBot(digger)
  await quitBot(watcher)
  if (server) assert.equal(await server.stop(), 0, 'server exit status after "stop"')
})

// Resolves once `bot` sees the block at `pos` become a block named `name`.
function seesBlock (bot, pos, name, timeoutMs = 10000) {
  const now = bot.blockAt(pos)
  if (now && now.name === name) return Promise.resolve()
  return waitForEvent(bot, `blockUpdate:${pos}`, {
    timeoutMs,
    accept: (_old, block) => block && block.name === name,
    what: `${name} at ${pos}`
  })
}

function groundUnder (bot) {
  return bot.entity.position.floored().offset(0, -1, 0)
}

test('a creative player breaks the block under its feet and the other player sees it', { timeout: 30000 }, async () => {
  server.command('gamemode creative Digger')
  await waitForEvent(digger, 'game', { accept: () => digger.game.gameMode === 'creative', what: 'creative mode' })
  const pos = groundUnder(digger)
  const block = digger.blockAt(pos)
  assert.notEqual(block.name, 'air')
  const seen = seesBlock(watcher, pos, 'air')
  // The others near get level event 2001 with the broken state: their clients show the break.
  const event = new Promise(resolve => watcher._client.on('world_event', p => { if (p.effectId === 2001) resolve(p) }))
  const diggerEvents = []
  digger._client.on('world_event', p => diggerEvents.push(p))
  await digger.dig(block, true)
  await seen
  await seesBlock(digger, pos, 'air')
  const broke = await event
  assert.deepEqual([broke.location.x, broke.location.y, broke.location.z], [pos.x, pos.y, pos.z])
  assert.equal(broke.data, block.stateId)
  assert.equal(broke.global, false)
  assert.deepEqual(diggerEvents, [], 'the breaker makes its own')
})

test('/setblock and /fill from the console reach every player', { timeout: 30000 }, async () => {
  const base = groundUnder(watcher).offset(3, 1, 0)
  const setSeen = seesBlock(watcher, base, 'stone')
  server.command(`setblock ${base.x} ${base.y} ${base.z} stone`)
  await server.waitForLine(/Changed the block at/)
  await setSeen
  await seesBlock(digger, base, 'stone')
  const corner = base.offset(1, 0, 1)
  const fillSeen = seesBlock(digger, corner, 'glass')
  server.command(`fill ${base.x} ${base.y} ${base.z} ${corner.x} ${corner.y} ${corner.z} glass`)
  await server.waitForLine(/Successfully filled 4 block\(s\)/)
  await fillSeen
})

test('a creative player places blocks from its hotbar and the other player sees them', { timeout: 30000 }, async () => {
  // The creative menu's packet as a client sends it (slot 36 is the first hotbar slot).
  const stone = { itemCount: 1, itemId: digger.registry.itemsByName.stone.id, addedComponentCount: 0, removedComponentCount: 0, components: [], removeComponents: [] }
  digger._client.write('set_creative_slot', { slot: 36, item: stone })
  digger._client.write('held_item_slot', { slotId: 0 })
  const at = groundUnder(digger).offset(2, 0, 0)
  server.command(`setblock ${at.x} ${at.y} ${at.z} dirt`)
  await seesBlock(digger, at, 'dirt')
  const target = at.offset(0, 1, 0)
  if (digger.blockAt(target).name !== 'air') {
    server.command(`setblock ${target.x} ${target.y} ${target.z} air`)
    await seesBlock(digger, target, 'air')
  }
  const reference = digger.blockAt(at)
  const seen = seesBlock(watcher, target, 'stone')
  digger._client.write('block_place', {
    hand: 'main_hand', location: reference.position, direction: 1, cursorX: 0.5, cursorY: 1, cursorZ: 0.5,
    insideBlock: false, worldBorderHit: false, sequence: 50
  })
  await seen
  // The placer's own copy arrives in the same tick, but its socket may be read after the watcher's.
  await seesBlock(digger, target, 'stone')
})

test('a survival player digs dirt by hand at vanilla\'s pace', { timeout: 30000 }, async () => {
  server.command('gamemode survival Digger')
  await waitForEvent(digger, 'game', { accept: () => digger.game.gameMode === 'survival', what: 'survival mode' })
  const pos = digger.entity.position.floored().offset(1, 0, 0)
  server.command(`setblock ${pos.x} ${pos.y} ${pos.z} dirt`)
  await seesBlock(digger, pos, 'dirt')
  const block = digger.blockAt(pos)
  const expectedMs = digger.digTime(block)
  assert.ok(expectedMs >= 500, `dirt by hand takes ${expectedMs} ms`)
  const seen = seesBlock(watcher, pos, 'air', 15000)
  const started = performance.now()
  await digger.dig(block, true)
  await seen
  assert.ok(performance.now() - started >= expectedMs * 0.6, 'the block broke before vanilla would allow it')
})

test('a dig out of reach changes nothing', { timeout: 30000 }, async () => {
  const far = digger.entity.position.floored().offset(12, 0, 0)
  server.command(`setblock ${far.x} ${far.y} ${far.z} stone`)
  await seesBlock(watcher, far, 'stone')
  const before = watcher.blockAt(far)
  digger._client.write('block_dig', { status: 0, location: far, face: 1, sequence: 99 })
  const [ack] = await waitForEvent(digger._client, 'acknowledge_player_digging', { what: 'the ack' })
  assert.equal(ack.sequenceId, 99)
  await new Promise(resolve => setTimeout(resolve, 500))
  assert.equal(watcher.blockAt(far).name, before.name)
  assert.deepEqual(digger.problems, [])
})

// Vanilla refuses these silently but still acknowledges the sequence, which makes the client undo
// its predicted block.
test('placements out of reach or into unloaded chunks change nothing and are acknowledged', { timeout: 30000 }, async () => {
  if (digger.game.gameMode !== 'creative') {
    server.command('gamemode creative Digger')
    await waitForEvent(digger, 'game', { accept: () => digger.game.gameMode === 'creative', what: 'creative mode' })
  }
  const stone = { itemCount: 1, itemId: digger.registry.itemsByName.stone.id, addedComponentCount: 0, removedComponentCount: 0, components: [], removeComponents: [] }
  digger._client.write('set_creative_slot', { slot: 36, item: stone })
  digger._client.write('held_item_slot', { slotId: 0 })
  const far = groundUnder(digger).offset(0, 0, 14)
  server.command(`setblock ${far.x} ${far.y} ${far.z} dirt`)
  await seesBlock(watcher, far, 'dirt')
  const above = far.offset(0, 1, 0)
  const aboveBefore = watcher.blockAt(above).name
  const acked = waitForEvent(digger._client, 'acknowledge_player_digging', {
    accept: packet => packet.sequenceId === 120, what: 'the ack of the placement out of reach'
  })
  digger._client.write('block_place', {
    hand: 'main_hand', location: far, direction: 1, cursorX: 0.5, cursorY: 1, cursorZ: 0.5,
    insideBlock: false, worldBorderHit: false, sequence: 120
  })
  await acked
  // Far beyond every loaded chunk.
  digger._client.write('block_place', {
    hand: 'main_hand', location: { x: 30000, y: 64, z: 30000 }, direction: 1, cursorX: 0.5, cursorY: 1, cursorZ: 0.5,
    insideBlock: false, worldBorderHit: false, sequence: 121
  })
  const [ack] = await waitForEvent(digger._client, 'acknowledge_player_digging', {
    accept: packet => packet.sequenceId === 121, what: 'the ack of the unloaded placement'
  })
  assert.equal(ack.sequenceId, 121)
  await new Promise(resolve => setTimeout(resolve, 300))
  assert.equal(watcher.blockAt(above).name, aboveBefore)
  assert.ok(digger.entity, 'still connected')
})

test('placed and dug blocks survive a restart', { timeout: 90000 }, async () => {
  if (digger.game.gameMode !== 'creative') {
    server.command('gamemode creative Digger')
    await waitForEvent(digger, 'game', { accept: () => digger.game.gameMode === 'creative', what: 'creative mode' })
  }
  const placed = groundUnder(digger).offset(-2, 1, 0)
  const dug = groundUnder(digger).offset(-2, 0, 2)
  server.command(`setblock ${placed.x} ${placed.y} ${placed.z} gold_block`)
  await seesBlock(digger, placed, 'gold_block')
  server.command(`setblock ${dug.x} ${dug.y} ${dug.z} stone`)
  await seesBlock(digger, dug, 'stone')
  await digger.dig(digger.blockAt(dug), true)
  await seesBlock(watcher, dug, 'air')
  await quitBot(digger)
  await quitBot(watcher)
  assert.equal(await server.stop(30000, { keep: true }), 0)

  server = await startServer({ folder: server.folder, properties: { 'spawn-protection': '0' } })
  const returning = await joinBot(server, 'Returning')
  await returning.waitForChunksToLoad()
  assert.equal(returning.blockAt(placed).name, 'gold_block')
  assert.equal(returning.blockAt(dug).name, 'air')
  digger = returning  // quit by after()
  watcher = await joinBot(server, 'Watcher2')
})
