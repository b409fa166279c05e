// Dropped items with real clients: a survival bot digs the grass block under its feet by hand,
// another bot sees the item entity (dirt) appear, the digger falls onto it and picks it up, and
// both see it collected.
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

function countOf (bot, name) {
  return bot.inventory.items().filter(item => item.name === name).reduce((sum, item) => sum + item.count, 0)
}

test('a survival player digs grass by hand, the other player sees the dirt drop, the digger picks it up', { timeout: 90000 }, async () => {
  if (digger.game.gameMode !== 'survival') {
    server.command('gamemode survival Digger')
    await waitForEvent(digger, 'game', { accept: () => digger.game.gameMode === 'survival', what: 'survival mode' })
  }
  const pos = digger.entity.position.floored().offset(0, -1, 0)
  server.command(`setblock ${pos.x} ${pos.y} ${pos.z} grass_block`)
  if (digger.blockAt(pos).name !== 'grass_block') {
    await waitForEvent(digger, `blockUpdate:${pos}`, {
      accept: (_old, block) => block && block.name === 'grass_block', what: 'grass under the digger'
    })
  }
  assert.equal(digger.blockAt(pos).name, 'grass_block')
  assert.equal(countOf(digger, 'dirt'), 0)

  const dropSeen = waitForEvent(watcher, 'itemDrop', {
    timeoutMs: 30000,
    accept: entity => entity.getDroppedItem()?.name === 'dirt',
    what: 'the dirt item entity'
  })
  const collectSeen = waitForEvent(watcher, 'playerCollect', {
    timeoutMs: 40000,
    accept: (collector) => collector.username === 'Digger',
    what: 'the digger collecting the item'
  })
  const inventoryFilled = waitForEvent(digger.inventory, 'updateSlot', {
    timeoutMs: 40000,
    accept: () => countOf(digger, 'dirt') === 1,
    what: 'dirt in the digger\'s inventory'
  })
  await digger.dig(digger.blockAt(pos), true)
  const [item] = await dropSeen
  assert.equal(item.name, 'item')
  assert.equal(item.getDroppedItem().count, 1)
  // The digger falls into the hole, onto the item, and picks it up once its delay is over.
  await inventoryFilled
  await collectSeen
  assert.equal(countOf(digger, 'dirt'), 1)
  // The removal comes in the same tick as the collect packet.
  for (let i = 0; i < 50 && watcher.entities[item.id]; ++i) await new Promise(resolve => setTimeout(resolve, 100))
  assert.equal(watcher.entities[item.id], undefined, 'the watcher still has the item')
})
