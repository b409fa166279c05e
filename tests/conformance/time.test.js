// Time and weather with a real client: the client's clock advances 20 ticks a second, `time set`
// and `weather rain` from the console reach it, and after `stop` and a restart in the same folder
// the game time and the day time carry on from where the save left them.
'use strict'

const { test, before, after } = require('node:test')
const assert = require('node:assert/strict')
const { startServer } = require('./harness/server')
const { joinBot, quitBot, waitForEvent } = require('./harness/bots')

let server
let bot

before(async () => {
  server = await startServer()
  bot = await joinBot(server, 'Clock')
})

after(async () => {
  if (bot) await quitBot(bot)
  if (server) assert.equal(await server.stop(), 0, 'server exit status after "stop"')
})

// The next update_time the bot receives (every 20 ticks, and on each clock change).
function nextTime (who, accept = () => true, timeoutMs = 10000) {
  return waitForEvent(who, 'time', { timeoutMs, accept, what: 'update_time' })
}

test('the game time and the day time advance 20 ticks a second', { timeout: 30000 }, async () => {
  await nextTime(bot)
  const first = { age: bot.time.age, day: bot.time.time, at: Date.now() }
  await new Promise((resolve) => setTimeout(resolve, 3000))
  await nextTime(bot)
  const seconds = (Date.now() - first.at) / 1000
  const ageRate = (bot.time.age - first.age) / seconds
  const dayRate = (bot.time.time - first.day) / seconds
  assert.ok(ageRate > 15 && ageRate < 25, `game time advanced ${ageRate.toFixed(1)} ticks a second`)
  assert.ok(dayRate > 15 && dayRate < 25, `day time advanced ${dayRate.toFixed(1)} ticks a second`)
  assert.equal(bot.time.doDaylightCycle, true)
})

test('time set from the console reaches the client', { timeout: 30000 }, async () => {
  const seen = nextTime(bot, () => bot.time.timeOfDay >= 6000 && bot.time.timeOfDay < 6100)
  server.command('time set 6000')
  await server.waitForLine(/Set minecraft:overworld to 6000 tick\(s\)/)
  await seen
  server.command('time query gametime')
  await server.waitForLine(/The game time is \d+ tick\(s\)/)
})

test('weather rain from the console makes it rain for the client', { timeout: 30000 }, async () => {
  assert.equal(bot.isRaining, false)
  const rain = waitForEvent(bot, 'rain', { timeoutMs: 10000, accept: () => bot.isRaining, what: 'rain' })
  server.command('weather rain')
  await server.waitForLine(/Set the weather to rain/)
  await rain
  const clear = waitForEvent(bot, 'rain', { timeoutMs: 10000, accept: () => !bot.isRaining, what: 'rain stopping' })
  server.command('weather clear 1d')
  await clear
})

test('after a restart in the same folder the game time carries on', { timeout: 90000 }, async () => {
  await nextTime(bot)
  const before = bot.time.age
  const dayBefore = bot.time.time
  await quitBot(bot)
  bot = null
  const folder = server.folder
  assert.equal(await server.stop(30000, { keep: true }), 0)
  server = await startServer({ folder })
  bot = await joinBot(server, 'Clock')
  await nextTime(bot)
  assert.ok(bot.time.age >= before, `game time ${bot.time.age} after the restart, ${before} before it`)
  assert.ok(bot.time.time >= dayBefore, `day time ${bot.time.time} after the restart, ${dayBefore} before it`)
})
