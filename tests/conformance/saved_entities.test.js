// Saved entities with a real server and client: items and a falling block near a bot are written
// to the dimension's entities region file when the server stops, read there by an independent
// NBT reader (prismarine-nbt) in vanilla 26.1's layout, and are back, with the same UUIDs, after
// the server restarts on the same world.
'use strict'

const { test, after } = require('node:test')
const assert = require('node:assert/strict')
const fs = require('node:fs')
const path = require('node:path')
const zlib = require('node:zlib')
const nbt = require('prismarine-nbt')
const { startServer } = require('./harness/server')
const { joinBot, quitBot, waitForEvent, sleep } = require('./harness/bots')

let server
let bot

after(async () => {
  await quitBot(bot)
  if (server) await server.stop()
})

async function run (command, answer) {
  const mark = server.mark()
  server.command(command)
  await server.waitForLine(answer, 30000, mark)
}

// Every chunk record of one region file: the header's locations, each record's length and
// compression byte (2 zlib, 1 gzip, 3 none), then the NBT.
async function readRegion (file) {
  const bytes = fs.readFileSync(file)
  const records = []
  for (let slot = 0; slot < 1024; slot++) {
    const location = bytes.readUInt32BE(slot * 4)
    if (location === 0) continue
    const offset = (location >>> 8) * 4096
    const length = bytes.readUInt32BE(offset)
    const codec = bytes[offset + 4]
    const stream = bytes.subarray(offset + 5, offset + 4 + length)
    const raw = codec === 2 ? zlib.inflateSync(stream) : codec === 1 ? zlib.gunzipSync(stream) : stream
    const { parsed } = await nbt.parse(raw, 'big')
    records.push({ slot, parsed, data: nbt.simplify(parsed) })
  }
  return records
}

function uuidOf (ints) {
  return ints.map(i => (i >>> 0).toString(16).padStart(8, '0')).join('')
}

let saved // what the first server wrote: { uuids of items, uuid of the falling block }

test('stop writes items and a falling block to the entities region file', { timeout: 120000 }, async () => {
  server = await startServer({ properties: { 'spawn-protection': '0' } })
  bot = await joinBot(server, 'Keeper')
  await bot.waitForChunksToLoad()
  server.command('gamemode spectator Keeper') // a spectator picks nothing up
  await waitForEvent(bot, 'game', { accept: () => bot.game.gameMode === 'spectator', what: 'spectator mode' })
  const here = bot.entity.position.floored()
  const spot = here.offset(4, 0, 4)
  // A stone pillar broken with "destroy" drops its loot: cobblestone items on the ground.
  await run(`fill ${spot.x} ${spot.y} ${spot.z} ${spot.x} ${spot.y + 1} ${spot.z} stone`, /filled/)
  await run(`setblock ${spot.x} ${spot.y + 1} ${spot.z} air destroy`, /Changed the block at/)
  await run(`setblock ${spot.x} ${spot.y} ${spot.z} air destroy`, /Changed the block at/)
  // Sand high above falls for many seconds: still a falling block when the server stops.
  await run(`setblock ${spot.x} 300 ${spot.z} sand`, /Changed the block at/)
  await sleep(1500)
  await quitBot(bot)
  bot = null
  assert.equal(await server.stop(30000, { keep: true }), 0, 'server exit status after "stop"')

  const folder = path.join(server.folder, 'world', 'dimensions', 'minecraft', 'overworld', 'entities')
  const regionX = Math.floor(spot.x / 512)
  const regionZ = Math.floor(spot.z / 512)
  const file = path.join(folder, `r.${regionX}.${regionZ}.mca`)
  assert.ok(fs.existsSync(file), 'no ' + file)
  assert.equal(fs.statSync(file).size % 4096, 0)
  const records = await readRegion(file)
  const chunkX = Math.floor(spot.x / 16)
  const chunkZ = Math.floor(spot.z / 16)
  const record = records.find(r => r.slot === (chunkX & 31) + 32 * (chunkZ & 31))
  assert.ok(record, `no record for chunk ${chunkX}, ${chunkZ}`)
  assert.deepEqual(Object.keys(record.parsed.value), ['DataVersion', 'Entities', 'Position'])
  assert.equal(record.data.DataVersion, 4790)
  assert.deepEqual(record.data.Position, [chunkX, chunkZ])
  assert.equal(record.parsed.value.Position.type, 'intArray')
  const entities = record.data.Entities
  const items = entities.filter(e => e.id === 'minecraft:item')
  const falling = entities.filter(e => e.id === 'minecraft:falling_block')
  assert.ok(items.length >= 1, 'no item entity saved: ' + JSON.stringify(entities))
  assert.equal(falling.length, 1, 'falling blocks saved: ' + JSON.stringify(entities))
  for (const item of items) {
    assert.equal(item.Item.id, 'minecraft:cobblestone')
    assert.ok(item.Item.count >= 1)
    assert.equal(item.Pos.length, 3)
    assert.equal(item.UUID.length, 4)
    assert.ok(typeof item.Age === 'number' && typeof item.PickupDelay === 'number')
  }
  const rawItem = record.parsed.value.Entities.value.value.find(e => e.id.value === 'minecraft:item')
  assert.equal(rawItem.Pos.type, 'list')
  assert.equal(rawItem.Pos.value.type, 'double')
  assert.equal(rawItem.Rotation.value.type, 'float')
  assert.equal(rawItem.UUID.type, 'intArray')
  assert.equal(rawItem.Age.type, 'short')
  assert.equal(rawItem.fall_distance.type, 'double')
  const block = falling[0]
  assert.equal(block.BlockState.Name, 'minecraft:sand')
  assert.ok(block.Time > 0)
  assert.ok(block.Pos[1] > 64 && block.Pos[1] < 300, 'falling block at ' + block.Pos)
  assert.equal(block.DropItem, 1)
  saved = { items: items.map(e => uuidOf(e.UUID)).sort(), falling: uuidOf(block.UUID), spot }
})

test('after a restart on the same world they are back with their UUIDs', { timeout: 120000 }, async () => {
  assert.ok(saved, 'the first test saved nothing')
  server = await startServer({ folder: server.folder, properties: { 'spawn-protection': '0' } })
  bot = await joinBot(server, 'Keeper')
  // The player file keeps Keeper a spectator; the bot sees the saved entities as they load.
  const seen = new Map()
  const want = () => saved.items.every(u => seen.has(u)) && seen.has(saved.falling)
  const done = new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error('saved entities not seen; saw ' + [...seen.keys()])), 30000)
    const check = (entity) => {
      if (entity.uuid) seen.set(entity.uuid.replace(/-/g, ''), entity.name)
      if (want()) {
        clearTimeout(timer)
        resolve()
      }
    }
    bot.on('entitySpawn', check)
    for (const entity of Object.values(bot.entities)) check(entity)
  })
  await done
  for (const u of saved.items) assert.equal(seen.get(u), 'item')
  assert.equal(seen.get(saved.falling), 'falling_block')
})
