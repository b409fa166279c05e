// Twenty mineflayer bots joining at the same moment all spawn; prints connect-to-spawn times for a
// lone bot and for the crowd (figures for the report, not assertions on speed).
'use strict'

const { test, before, after } = require('node:test')
const assert = require('node:assert/strict')
const { startServer } = require('./harness/server')
const { joinBot, quitBot, sleep } = require('./harness/bots')

const CROWD = 20
let server
let bots = []

before(async () => {
  server = await startServer()
  // The first bot of a process pays for loading the client library's 26.1 data (about a second);
  // one untimed bot first keeps that out of the figures.
  const mark = server.mark()
  await quitBot(await joinBot(server, 'WarmUp'))
  await server.waitForLine(/WarmUp left the game/, 5000, mark)
})

after(async () => {
  await Promise.all(bots.map(bot => quitBot(bot)))
  if (server) assert.equal(await server.stop(), 0, 'server exit status after "stop"')
})

function summary (millis) {
  const sorted = [...millis].sort((a, b) => a - b)
  const at = q => sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))]
  return `min ${sorted[0].toFixed(0)} ms, median ${at(0.5).toFixed(0)} ms, max ${sorted[sorted.length - 1].toFixed(0)} ms`
}

test('one bot: connect-to-spawn time', { timeout: 40000 }, async () => {
  const mark = server.mark()
  const bot = await joinBot(server, 'Solo')
  const line = `connect-to-spawn, 1 bot: ${bot.joinMillis.toFixed(0)} ms`
  console.log(line)
  await quitBot(bot)
  await server.waitForLine(/Solo left the game/, 5000, mark)
})

test(`${CROWD} bots joining at once all spawn`, { timeout: 90000 }, async () => {
  const names = Array.from({ length: CROWD }, (_, i) => `Crowd${String(i + 1).padStart(2, '0')}`)
  const results = await Promise.allSettled(names.map(name => joinBot(server, name, { timeoutMs: 60000 })))
  bots = results.filter(r => r.status === 'fulfilled').map(r => r.value)
  const failures = results.filter(r => r.status === 'rejected').map(r => r.reason.message)
  assert.deepEqual(failures, [], 'every bot spawns')
  const line = `connect-to-spawn, ${CROWD} bots at once: ${summary(bots.map(b => b.joinMillis))}`
  console.log(line)

  // Everyone is in the game: each bot's tab list holds all twenty names.
  await sleep(1000)
  for (const bot of bots) {
    const listed = names.filter(name => bot.players[name])
    assert.equal(listed.length, CROWD, `${bot.username} lists ${listed.length} of ${CROWD} players`)
  }
  assert.equal(server.linesMatching(/Crowd\d\d joined the game/).length, CROWD)
  for (const bot of bots) assert.deepEqual(bot.problems, [], `${bot.username} had no kick or error`)
})
