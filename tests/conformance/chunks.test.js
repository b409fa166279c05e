// The blocks a bot receives equal the blocks Horizon writes to its region files: after the bot
// has the chunks of its view, "save-all flush" on the console, then 200 sampled positions read
// through mineflayer are compared by block name with the same positions read back from disk by
// prismarine-provider-anvil (an independent Anvil reader).
'use strict'

const { test, before, after } = require('node:test')
const assert = require('node:assert/strict')
const fs = require('node:fs')
const path = require('node:path')
const { Anvil: AnvilFor, chunk: chunkCodecFor } = require('prismarine-provider-anvil')
const { startServer } = require('./harness/server')
const { joinBot, quitBot, sleep } = require('./harness/bots')

// prismarine-provider-anvil knows the Anvil layout up to 1.21; 26.1 keeps it, so read with the
// 1.21 mapping and compare block names, which both versions share.
const ANVIL_VERSION = '1.21.1'
const VIEW_DISTANCE = 3
const SAMPLES = 200
const MIN_Y = -64
const MAX_Y = 320
let server
let bot

before(async () => {
  server = await startServer({ properties: { 'view-distance': String(VIEW_DISTANCE) } })
  bot = await joinBot(server, 'Surveyor')
})

after(async () => {
  await quitBot(bot)
  if (server) assert.equal(await server.stop(), 0, 'server exit status after "stop"')
})

// A mineflayer vector (the vec3 class it uses, which this package does not depend on directly).
function vec (x, y, z) {
  return bot.entity.position.clone().set(x, y, z)
}

// A small seeded generator (mulberry32) so every run samples the same positions.
function seededRandom (seed) {
  let a = seed >>> 0
  return () => {
    a = (a + 0x6d2b79f5) >>> 0
    let t = a
    t = Math.imul(t ^ (t >>> 15), t | 1)
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61)
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296
  }
}

function viewColumns (centre) {
  const columns = []
  for (let x = centre.x - VIEW_DISTANCE; x <= centre.x + VIEW_DISTANCE; x++) {
    for (let z = centre.z - VIEW_DISTANCE; z <= centre.z + VIEW_DISTANCE; z++) columns.push({ x, z })
  }
  return columns
}

async function waitForColumns (columns, timeoutMs = 30000) {
  const deadline = performance.now() + timeoutMs
  for (;;) {
    const missing = columns.filter(c => !bot.world.getColumn(c.x, c.z))
    if (missing.length === 0) return
    if (performance.now() > deadline) throw new Error(`columns never loaded: ${JSON.stringify(missing)}`)
    await sleep(200)
  }
}

// The highest non-air block of a column as the bot sees it, or MIN_Y if there is none.
function surfaceY (x, z) {
  for (let y = MAX_Y - 1; y >= MIN_Y; y--) {
    const block = bot.blockAt(vec(x, y, z))
    if (block && block.name !== 'air' && block.name !== 'cave_air' && block.name !== 'void_air') return y
  }
  return MIN_Y
}

// Half the samples anywhere in the column's height, half near the surface where terrain varies.
function samplePositions (columns) {
  const random = seededRandom(12345)
  const positions = []
  for (let i = 0; i < SAMPLES; i++) {
    const column = columns[Math.floor(random() * columns.length)]
    const x = column.x * 16 + Math.floor(random() * 16)
    const z = column.z * 16 + Math.floor(random() * 16)
    let y
    if (i % 2 === 0) y = MIN_Y + Math.floor(random() * (MAX_Y - MIN_Y))
    else y = Math.min(MAX_Y - 1, Math.max(MIN_Y, surfaceY(x, z) - 8 + Math.floor(random() * 12)))
    positions.push(vec(x, y, z))
  }
  return positions
}

// Vanilla keeps light-only sections (below and above the world) without block_states; the 1.21
// reader expects every section to carry blocks, so those are dropped first.
function withoutLightOnlySections (raw) {
  const sections = raw.value.sections
  sections.value.value = sections.value.value.filter(section => section.block_states !== undefined)
  return raw
}

// Reads the stored NBT of each column with a fresh reader; a column whose region file or chunk is
// not (yet) there maps to null. The reader cannot close a region it failed to open, so only the
// opened ones are closed.
async function readStoredColumns (regionDir, columns) {
  const anvil = new (AnvilFor(ANVIL_VERSION))(regionDir)
  const stored = new Map()
  try {
    for (const c of columns) {
      const file = path.join(regionDir, `r.${c.x >> 5}.${c.z >> 5}.mca`)
      stored.set(`${c.x},${c.z}`, fs.existsSync(file) ? await anvil.loadRaw(c.x, c.z) : null)
    }
  } finally {
    await Promise.all(Object.values(anvil.regions).filter(r => r.file).map(r => r.file.close()))
  }
  return stored
}

// Which columns have a chunk in their region file right now, read synchronously from the region
// headers (4-byte location entries: 3-byte sector offset, 1-byte sector count) so that nothing
// else runs between the log line and the look at the disk.
function columnsMissingFromHeadersNow (regionDir, columns) {
  const files = new Map()
  const missing = []
  for (const c of columns) {
    const file = path.join(regionDir, `r.${c.x >> 5}.${c.z >> 5}.mca`)
    if (!files.has(file)) files.set(file, fs.existsSync(file) ? fs.readFileSync(file) : null)
    const bytes = files.get(file)
    const entry = 4 * ((c.x & 31) + 32 * (c.z & 31))
    const stored = bytes && bytes.length >= 8192 && (() => {
      const location = bytes.readUInt32BE(entry)
      const offset = location >>> 8
      const sectors = location & 0xff
      return offset >= 2 && sectors > 0 && bytes.length >= (offset + sectors) * 4096
    })()
    if (!stored) missing.push(`${c.x},${c.z}`)
  }
  return missing
}

function missingColumns (stored) {
  return [...stored].filter(([, raw]) => !raw).map(([key]) => key)
}

let columns
let regionDir

test('save-all flush logs "Saved the game" once every chunk of the view is in a region file', {
  timeout: 60000
}, async () => {
  await bot.waitForChunksToLoad()
  const centre = { x: Math.floor(bot.entity.position.x) >> 4, z: Math.floor(bot.entity.position.z) >> 4 }
  columns = viewColumns(centre)
  await waitForColumns(columns)
  regionDir = path.join(server.folder, 'world', 'dimensions', 'minecraft', 'overworld', 'region')

  const mark = server.mark()
  server.command('save-all flush')
  await server.waitForLine(/Saved the game/, 30000, mark)
  // Vanilla's flush waits for chunk storage to finish before it logs the line.
  const missing = columnsMissingFromHeadersNow(regionDir, columns)
  assert.deepEqual(missing, [], 'columns not yet stored when "Saved the game" was logged')
})

test('the blocks the bot sees equal the blocks in the saved region files', { timeout: 90000 }, async () => {
  assert.ok(columns, 'the save step ran')
  // Give the storage thread up to 10 s to finish what the flush should have waited for.
  let stored = await readStoredColumns(regionDir, columns)
  const deadline = performance.now() + 10000
  while (missingColumns(stored).length > 0 && performance.now() < deadline) {
    await sleep(200)
    stored = await readStoredColumns(regionDir, columns)
  }
  assert.deepEqual(missingColumns(stored), [], 'every column of the view is in a region file')
  const codec = chunkCodecFor(ANVIL_VERSION)
  const diskColumns = new Map()
  for (const [key, raw] of stored) diskColumns.set(key, codec.nbtChunkToPrismarineChunk(withoutLightOnlySections(raw)))

  const mismatches = []
  const names = new Set()
  for (const pos of samplePositions(columns)) {
    const seen = bot.blockAt(pos)
    assert.ok(seen, `the bot knows the block at ${pos}`)
    const disk = diskColumns.get(`${pos.x >> 4},${pos.z >> 4}`)
    const onDisk = disk.getBlock(vec(pos.x & 15, pos.y, pos.z & 15))
    names.add(seen.name)
    if (seen.name !== onDisk.name) mismatches.push(`${pos}: bot sees ${seen.name}, region file has ${onDisk.name}`)
  }
  console.log(`compared ${SAMPLES} positions in ${columns.length} chunks; block names seen: ${[...names].sort().join(', ')}`)
  assert.deepEqual(mismatches, [])
  assert.ok(names.size >= 3, `the samples cover varied terrain: ${[...names].join(', ')}`)
})
