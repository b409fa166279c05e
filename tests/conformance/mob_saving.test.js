// Mobs saved with their chunks, with a real server and client: a summoned zombie and a named cow
// are written to the dimension's entities region file when the server stops, read there by an
// independent NBT reader (prismarine-nbt) with vanilla 26.1's keys and tag types, and are back,
// with the same UUIDs, after the server restarts on the same world.
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

// Every chunk record of one region file (header locations, length, compression byte, NBT).
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

let saved // { zombie uuid, cow uuid }

test('stop writes a summoned zombie and a named cow to the entities region file', { timeout: 120000 }, async () => {
  server = await startServer()
  // Only summoned mobs: a zombie spawning on its own in a cave would be saved too and join the
  // restart's /kill count (the game rule is saved with the world).
  server.command('gamerule spawn_mobs false')
  await server.waitForLine(/Gamerule spawn_mobs is now set to: false/)
  bot = await joinBot(server, 'Keeper')
  await bot.waitForChunksToLoad()
  server.command('gamemode spectator Keeper') // nothing attacks a spectator
  await waitForEvent(bot, 'game', { accept: () => bot.game.gameMode === 'spectator', what: 'spectator mode' })
  const spot = bot.entity.position.floored().offset(4, 0, 4)
  let mark = server.mark()
  server.command(`summon zombie ${spot.x + 0.5} ${spot.y} ${spot.z + 0.5} {Health:13,NoAI:1b}`)
  await server.waitForLine(/Summoned new Zombie/, 30000, mark)
  mark = server.mark()
  server.command(`summon cow ${spot.x + 0.5} ${spot.y} ${spot.z + 0.5} {CustomName:"Daisy",NoAI:1b}`)
  await server.waitForLine(/Summoned new/, 30000, mark)
  await sleep(500)
  await quitBot(bot)
  bot = null
  assert.equal(await server.stop(30000, { keep: true }), 0, 'server exit status after "stop"')

  const folder = path.join(server.folder, 'world', 'dimensions', 'minecraft', 'overworld', 'entities')
  const file = path.join(folder, `r.${Math.floor(spot.x / 512)}.${Math.floor(spot.z / 512)}.mca`)
  assert.ok(fs.existsSync(file), 'no ' + file)
  const records = await readRegion(file)
  const chunkX = Math.floor(spot.x / 16)
  const chunkZ = Math.floor(spot.z / 16)
  const record = records.find(r => r.slot === (chunkX & 31) + 32 * (chunkZ & 31))
  assert.ok(record, `no record for chunk ${chunkX}, ${chunkZ}`)
  const entities = record.data.Entities
  const zombie = entities.find(e => e.id === 'minecraft:zombie')
  // The chunk may also hold animals placed when it generated: the named cow is the one summoned.
  const cow = entities.find(e => e.id === 'minecraft:cow' && e.CustomName === 'Daisy')
  assert.ok(zombie && cow, 'saved: ' + JSON.stringify(entities.map(e => e.id)))
  assert.equal(zombie.Health, 13)
  assert.equal(zombie.NoAI, 1)
  assert.equal(zombie.IsBaby, 0)
  assert.equal(zombie.DrownedConversionTime, -1)
  assert.equal(cow.CustomName, 'Daisy')
  assert.equal(cow.Health, 10)
  assert.equal(cow.Age, 0)
  assert.equal(cow.variant, 'minecraft:temperate')
  const raw = record.parsed.value.Entities.value.value
  const rawZombie = raw.find(e => e.id.value === 'minecraft:zombie')
  assert.equal(rawZombie.Health.type, 'float')
  assert.equal(rawZombie.HurtTime.type, 'short')
  assert.equal(rawZombie.DeathTime.type, 'short')
  assert.equal(rawZombie.PersistenceRequired.type, 'byte')
  assert.equal(rawZombie.UUID.type, 'intArray')
  assert.equal(rawZombie.attributes.type, 'list')
  const maxHealth = zombie.attributes.find(a => a.id === 'minecraft:max_health')
  assert.equal(maxHealth.base, 20)
  const rawCow = raw.find(e => e.id.value === 'minecraft:cow' && e.CustomName?.value === 'Daisy')
  assert.equal(rawCow.CustomName.type, 'string')
  assert.equal(rawCow.Age.type, 'int')
  saved = { zombie: uuidOf(zombie.UUID), cow: uuidOf(cow.UUID) }
})

test('after a restart on the same world the bot sees them again', { timeout: 120000 }, async () => {
  assert.ok(saved, 'the first test saved nothing')
  server = await startServer({ folder: server.folder })
  bot = await joinBot(server, 'Keeper')
  const seen = new Map()
  const done = new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error('saved mobs not seen; saw ' + [...seen.entries()])), 30000)
    const check = (entity) => {
      if (entity.uuid) seen.set(entity.uuid.replace(/-/g, ''), entity.name)
      if (seen.has(saved.zombie) && seen.has(saved.cow)) {
        clearTimeout(timer)
        resolve()
      }
    }
    bot.on('entitySpawn', check)
    for (const entity of Object.values(bot.entities)) check(entity)
  })
  await done
  assert.equal(seen.get(saved.zombie), 'zombie')
  assert.equal(seen.get(saved.cow), 'cow')
  // The server has them too: /kill by type finds the loaded mobs.
  const mark = server.mark()
  server.command('kill @e[type=zombie]')
  await server.waitForLine(/Killed Zombie/, 30000, mark)
})
