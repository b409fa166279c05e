// Digging with tools with a real client: a survival bot given an iron pickaxe digs stone at
// mineflayer's own pace (bot.digTime) and the server breaks it on the bot's STOP, not later on its
// own; a STOP sent at once is refused; the cobblestone drops; an Efficiency V
// pickaxe reaches the client with its enchantment and makes STOP at once acceptable.
'use strict'

const { test, before, after } = require('node:test')
const assert = require('node:assert/strict')
const { startServer } = require('./harness/server')
const { joinBot, quitBot, waitForEvent } = require('./harness/bots')

let server
let bot
let sequence = 200

before(async () => {
  server = await startServer({ properties: { 'spawn-protection': '0' } })
  bot = await joinBot(server, 'Miner')
  await bot.waitForChunksToLoad()
})

after(async () => {
  await quitBot(bot)
  if (server) assert.equal(await server.stop(), 0, 'server exit status after "stop"')
})

// Resolves once the bot's inventory slot holds an item named `name`.
function slotHolds (slot, name, timeoutMs = 10000) {
  const item = bot.inventory.slots[slot]
  if (item && item.name === name) return Promise.resolve(item)
  return waitForEvent(bot.inventory, `updateSlot:${slot}`, {
    timeoutMs, accept: (_old, now) => now && now.name === name, what: `${name} in slot ${slot}`
  }).then(([, now]) => now)
}

function seesBlock (pos, name, timeoutMs = 10000) {
  const now = bot.blockAt(pos)
  if (now && now.name === name) return Promise.resolve()
  return waitForEvent(bot, `blockUpdate:${pos}`, {
    timeoutMs, accept: (_old, block) => block && block.name === name, what: `${name} at ${pos}`
  })
}

// A fresh stone block beside the bot's feet, seen by the bot.
async function stoneBeside () {
  const pos = bot.entity.position.floored().offset(1, 0, 0)
  server.command(`setblock ${pos.x} ${pos.y} ${pos.z} stone`)
  await seesBlock(pos, 'stone')
  return pos
}

// The order in which the server's own packets say the block at `pos` turned to air and the
// player's digging was acknowledged. The acknowledgement of a tick goes out after that tick's block
// changes, so a block broken on STOP shows up before STOP's acknowledgement, and one the server
// breaks later by itself shows up after it.
function recordOrder (pos) {
  const events = []
  const air = bot.registry.blocksByName.air.defaultState
  const onChange = packet => {
    const at = packet.location
    if (at.x === pos.x && at.y === pos.y && at.z === pos.z && packet.type === air) events.push('air')
  }
  const onAck = () => events.push('ack')
  bot._client.on('block_change', onChange)
  bot._client.on('acknowledge_player_digging', onAck)
  return {
    events,
    stop () {
      bot._client.removeListener('block_change', onChange)
      bot._client.removeListener('acknowledge_player_digging', onAck)
    }
  }
}

function dig (status, pos) {
  sequence += 1
  bot._client.write('block_dig', { status, location: pos, face: 1, sequence })
}

const sleep = ms => new Promise(resolve => setTimeout(resolve, ms))

// Waits until the block's change and `acks` acknowledgements were seen, then a few ticks more so
// an acknowledgement sent with the change is in too.
async function settle (order, acks) {
  for (let i = 0; i < 100; i++) {
    if (order.events.includes('air') && order.events.filter(e => e === 'ack').length >= acks) return sleep(300)
    await sleep(50)
  }
  assert.fail(`only ${order.events.join(', ')} after 5 s`)
}

test('an iron pickaxe digs stone in mineflayer\'s time, broken on STOP, and the cobblestone drops', { timeout: 60000 }, async () => {
  server.command('give Miner iron_pickaxe')
  await slotHolds(36, 'iron_pickaxe')
  bot.setQuickBarSlot(0)
  const pos = await stoneBeside()
  const block = bot.blockAt(pos)
  // The client's rule: iron pickaxe speed 6 on stone (hardness 1.5), correct tool: 6 / 1.5 / 30 a
  // tick, so ceil(1 / 0.1333) = 8 ticks. The server accepts STOP from 5 ticks (0.7 of the way).
  assert.equal(bot.digTime(block), 8 * 50)
  const dropped = waitForEvent(bot, 'itemDrop', {
    timeoutMs: 30000, accept: entity => entity.getDroppedItem()?.name === 'cobblestone', what: 'the cobblestone item'
  })
  const order = recordOrder(pos)
  await bot.dig(block, true)
  await settle(order, 2)
  order.stop()
  // START's acknowledgement, then the block, then STOP's.
  assert.deepEqual(order.events.slice(0, 3), ['ack', 'air', 'ack'], order.events.join(', '))
  const [item] = await dropped
  assert.equal(item.getDroppedItem().count, 1)
  assert.deepEqual(bot.problems, [])
})

test('a STOP right after START is refused and the server finishes the block itself', { timeout: 60000 }, async () => {
  await slotHolds(36, 'iron_pickaxe')
  const pos = await stoneBeside()
  const order = recordOrder(pos)
  dig(0, pos)
  dig(2, pos)
  await settle(order, 1)
  order.stop()
  assert.equal(order.events[order.events.length - 1], 'air', order.events.join(', '))
  assert.ok(order.events.indexOf('air') > order.events.indexOf('ack'), order.events.join(', '))
})

test('an Efficiency V pickaxe reaches the client enchanted and STOP at once is accepted', { timeout: 60000 }, async () => {
  server.command('clear Miner')
  await waitForEvent(bot.inventory, 'updateSlot:36', { accept: (_old, now) => !now, what: 'slot 36 emptied' })
  server.command('give Miner iron_pickaxe[enchantments={efficiency:5}]')
  const pickaxe = await slotHolds(36, 'iron_pickaxe')
  const component = pickaxe.componentMap && pickaxe.componentMap.get('enchantments')
  assert.ok(component, 'the stack arrives with its enchantments component')
  const efficiency = bot.registry.enchantmentsByName.efficiency.id
  assert.deepEqual(component.data.enchantments, [{ id: efficiency, level: 5 }])
  const pos = await stoneBeside()
  const order = recordOrder(pos)
  dig(0, pos)
  dig(2, pos)
  await settle(order, 1)
  order.stop()
  // (6 + 26) / 1.5 / 30 = 0.711 a tick: 0.7 is reached on the first tick, so the STOP breaks it.
  assert.ok(order.events.indexOf('air') < order.events.lastIndexOf('ack'), order.events.join(', '))
  assert.deepEqual(bot.problems, [])
})
