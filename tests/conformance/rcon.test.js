// RCON with an independent client library (minecraft-server-util's RCON): a wrong password is
// refused, the right one logs in, commands come back with vanilla's texts and change the world
// a player sees, and with broadcast-rcon-to-ops the log shows "[Rcon: ...]".
'use strict'

const { test, before, after } = require('node:test')
const assert = require('node:assert/strict')
const util = require('minecraft-server-util')
const { startServer, freePort } = require('./harness/server')
const { joinBot, quitBot, waitForEvent } = require('./harness/bots')

const PASSWORD = 'conformance-secret'
let server
let rconPort

before(async () => {
  rconPort = await freePort()
  server = await startServer({
    properties: { 'enable-rcon': 'true', 'rcon.port': String(rconPort), 'rcon.password': PASSWORD }
  })
  await server.waitForLine(new RegExp(`RCON running on 127\\.0\\.0\\.1:${rconPort}`), 5000, 0)
})

after(async () => {
  if (server) assert.equal(await server.stop(), 0, 'server exit status after "stop"')
})

async function connected () {
  const rcon = new util.RCON()
  await rcon.connect('127.0.0.1', rconPort, { timeout: 5000 })
  return rcon
}

test('a wrong password is refused', { timeout: 20000 }, async () => {
  const rcon = await connected()
  await assert.rejects(rcon.login('not the password', { timeout: 5000 }))
  rcon.close()
})

test('commands run with their output returned, and a player sees what they change', { timeout: 60000 }, async () => {
  const bot = await joinBot(server, 'Watcher')
  const rcon = await connected()
  await rcon.login(PASSWORD, { timeout: 5000 })
  assert.equal(await rcon.execute('list'), 'There are 1 of a max of 40 players online: Watcher')
  const raining = waitForEvent(bot, 'rain', { accept: () => bot.isRaining, what: 'rain starting' })
  assert.equal(await rcon.execute('weather rain'), 'Set the weather to rain')
  await raining
  await server.waitForLine(/\[Rcon: Set the weather to rain\]/, 5000, 0)
  assert.match(await rcon.execute('gamerule no_such_rule 1'), /^Incorrect argument for command/)
  rcon.close()
  await quitBot(bot)
})
