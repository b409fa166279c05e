// Inventories with a real client: /give reaches the bot's inventory, a stack the bot moves with
// window clicks is where the server puts the next /give, /clear counts what the bot holds, and
// clicks on slots that do not exist change nothing and keep the bot connected.
'use strict'

const { test, before, after } = require('node:test')
const assert = require('node:assert/strict')
const { startServer } = require('./harness/server')
const { joinBot, quitBot, waitForEvent } = require('./harness/bots')

let server
let bot
let stateId = -1  // the inventory window's state id, as the server last sent it

before(async () => {
  server = await startServer()
  bot = await joinBot(server, 'Keeper')
  bot._client.on('window_items', packet => { stateId = packet.stateId })
  bot._client.on('set_slot', packet => { stateId = packet.stateId })
  await bot.waitForChunksToLoad()
})

after(async () => {
  await quitBot(bot)
  if (server) assert.equal(await server.stop(), 0, 'server exit status after "stop"')
})

// Resolves once the bot's inventory slot holds `count` of `name`.
function slotHolds (slot, name, count, timeoutMs = 10000) {
  const item = bot.inventory.slots[slot]
  if (item && item.name === name && item.count === count) return Promise.resolve()
  return waitForEvent(bot.inventory, `updateSlot:${slot}`, {
    timeoutMs,
    accept: (_old, now) => now && now.name === name && now.count === count,
    what: `${count} ${name} in slot ${slot}`
  })
}

test('/give puts the stack in the first hotbar slot and says so', { timeout: 30000 }, async () => {
  const seen = slotHolds(36, 'diamond', 5)
  server.command('give Keeper minecraft:diamond 5')
  await server.waitForLine(/Gave 5 \[Diamond\] to Keeper/)
  await seen
})

test('a stack moved with clicks is where the server adds the next one', { timeout: 30000 }, async () => {
  await slotHolds(36, 'diamond', 5)
  await bot.moveSlotItem(36, 20)
  await slotHolds(20, 'diamond', 5)
  assert.equal(bot.inventory.slots[36], null)
  // Inventory.add fills the slot already holding diamonds: slot 20 only if the server moved them.
  const topped = slotHolds(20, 'diamond', 6)
  server.command('give Keeper diamond 1')
  await topped
  server.command('clear Keeper diamond 0')
  await server.waitForLine(/Found 6 matching item\(s\) on player Keeper/)
})

test('clicks on slots that do not exist are refused without harm', { timeout: 30000 }, async () => {
  await slotHolds(20, 'diamond', 6)
  const click = (slot, mouseButton, mode) => bot._client.write('window_click', {
    windowId: 0, stateId, slot, mouseButton, mode, changedSlots: [], cursorItem: undefined
  })
  click(46, 0, 0)
  click(500, 0, 1)
  click(-5, 0, 2)
  click(-999, 3, 2)
  click(20, 40, 7)
  const mark = server.mark()
  server.command('clear Keeper diamond 0')
  await server.waitForLine(/Found 6 matching item\(s\) on player Keeper/, 10000, mark)
  assert.equal(bot.inventory.slots[20].count, 6)
  assert.deepEqual(bot.problems, [])
  assert.ok(!bot._client.ended, 'the bot is still connected')
})

test('/clear empties the inventory and the bot sees it', { timeout: 30000 }, async () => {
  const cleared = waitForEvent(bot.inventory, 'updateSlot:20', { accept: (_old, now) => !now, what: 'slot 20 emptied' })
  server.command('clear Keeper')
  await server.waitForLine(/Removed 6 item\(s\) from player Keeper/)
  await cleared
})
