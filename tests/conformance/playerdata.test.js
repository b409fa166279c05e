// Player files with a real client: a creative bot fills a hotbar slot, is given an enchanted
// pickaxe, picks a held slot and walks, quits and comes back where and how it left (the pickaxe
// still enchanted); after "stop" the server has written
// players/data/<uuid>.dat in vanilla 26.1's layout (read here with prismarine-nbt).
'use strict'

const { test, before, after } = require('node:test')
const assert = require('node:assert/strict')
const fs = require('node:fs')
const path = require('node:path')
const nbt = require('prismarine-nbt')
const { startServer, offlineUuid } = require('./harness/server')
const { joinBot, quitBot, waitForEvent } = require('./harness/bots')

let server
let bot
let left // where and how the bot was when it quit

const sleep = ms => new Promise(resolve => setTimeout(resolve, ms))

before(async () => {
  server = await startServer({ properties: { 'spawn-protection': '0' } })
})

after(async () => {
  await quitBot(bot)
  if (server) {
    await server.stop()
    fs.rmSync(server.folder, { recursive: true, force: true })
  }
})

test('a player who rejoins is where and how they left', { timeout: 90000 }, async () => {
  bot = await joinBot(server, 'Keeper')
  await bot.waitForChunksToLoad()
  server.command('gamemode creative Keeper')
  await waitForEvent(bot, 'game', { accept: () => bot.game.gameMode === 'creative', what: 'creative mode' })
  const Item = require('prismarine-item')(bot.registry)
  await bot.creative.setInventorySlot(36, new Item(bot.registry.itemsByName.stone.id, 17))
  await bot.creative.setInventorySlot(20, new Item(bot.registry.itemsByName.oak_planks.id, 5))
  // An enchanted stack from /give goes to the first empty hotbar slot (inventory index 1).
  const given = waitForEvent(bot.inventory, 'updateSlot:37', {
    accept: (_old, now) => now && now.name === 'diamond_pickaxe', what: 'the enchanted pickaxe'
  })
  server.command('give Keeper diamond_pickaxe[enchantments={efficiency:5}]')
  await given
  bot.setQuickBarSlot(2)
  bot.setControlState('forward', true)
  await sleep(700)
  bot.setControlState('forward', false)
  await sleep(2000) // come to rest; the client reports its position at least once a second
  left = bot.entity.position.clone()
  const gone = server.waitForLine(/Keeper left the game/)
  await quitBot(bot)
  await gone

  bot = await joinBot(server, 'Keeper')
  assert.ok(bot.entity.position.distanceTo(left) < 0.05,
    `rejoined at ${bot.entity.position}, left at ${left}`)
  assert.equal(bot.game.gameMode, 'creative')
  const hotbar = bot.inventory.slots[36]
  assert.ok(hotbar, 'hotbar slot 0 is empty after rejoining')
  assert.equal(hotbar.name, 'stone')
  assert.equal(hotbar.count, 17)
  const main = bot.inventory.slots[20]
  assert.ok(main, 'main slot 20 is empty after rejoining')
  assert.equal(main.name, 'oak_planks')
  assert.equal(main.count, 5)
  const pickaxe = bot.inventory.slots[37]
  assert.ok(pickaxe && pickaxe.name === 'diamond_pickaxe', 'the pickaxe is gone after rejoining')
  assert.deepEqual(pickaxe.componentMap.get('enchantments').data.enchantments,
    [{ id: bot.registry.enchantmentsByName.efficiency.id, level: 5 }])
  assert.equal(bot.quickBarSlot, 2)
  assert.equal(bot.health, 20)
})

test('stop writes the player file in vanilla\'s layout', { timeout: 60000 }, async () => {
  process.env.HZ_CONFORMANCE_KEEP = '1' // the folder is read after the server has gone
  assert.equal(await server.stop(), 0, 'server exit status after "stop"')
  bot = null
  const file = path.join(server.folder, 'world', 'players', 'data', offlineUuid('Keeper') + '.dat')
  assert.ok(fs.existsSync(file), 'no ' + file)
  assert.ok(fs.existsSync(file + '_old'), 'the previous save is not kept as .dat_old')
  const { parsed } = await nbt.parse(fs.readFileSync(file))
  const data = nbt.simplify(parsed)
  assert.equal(data.DataVersion, 4790)
  assert.equal(data.Pos.length, 3)
  assert.ok(Math.abs(data.Pos[0] - left.x) < 0.05 && Math.abs(data.Pos[1] - left.y) < 0.05 &&
            Math.abs(data.Pos[2] - left.z) < 0.05, `Pos ${data.Pos} against ${left}`)
  assert.equal(parsed.value.Pos.value.type, 'double')
  assert.equal(data.Health, 20)
  assert.equal(parsed.value.Health.type, 'float')
  assert.equal(data.playerGameType, 1)
  assert.equal(data.SelectedItemSlot, 2)
  const stone = data.Inventory.find(entry => entry.Slot === 0)
  assert.deepEqual(stone, { Slot: 0, id: 'minecraft:stone', count: 17 })
  const planks = data.Inventory.find(entry => entry.Slot === 20)
  assert.deepEqual(planks, { Slot: 20, id: 'minecraft:oak_planks', count: 5 })
  assert.equal(parsed.value.Inventory.value.value[0].Slot.type, 'byte')
  const pickaxe = data.Inventory.find(entry => entry.Slot === 1)
  assert.deepEqual(pickaxe, {
    Slot: 1, id: 'minecraft:diamond_pickaxe', count: 1,
    components: { 'minecraft:enchantments': { 'minecraft:efficiency': 5 } }
  })
  const levels = parsed.value.Inventory.value.value.find(entry => entry.Slot.value === 1).components.value
  assert.equal(levels['minecraft:enchantments'].value['minecraft:efficiency'].type, 'int')
  assert.equal(data.Dimension, 'minecraft:overworld')
  delete process.env.HZ_CONFORMANCE_KEEP
})
