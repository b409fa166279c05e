// Status ping with minecraft-protocol's own `ping`: version 26.1 / protocol 775, the motd from
// server.properties, the player counts and sample, and the pong that ends the exchange.
'use strict'

const { test, before, after } = require('node:test')
const assert = require('node:assert/strict')
const mc = require('minecraft-protocol')
const { startServer, offlineUuid } = require('./harness/server')
const { joinBot, quitBot, VERSION } = require('./harness/bots')

const MOTD = 'Horizon conformance \u00a7aping'
let server

// The description is a JSON text component: a plain string or an object with text and extra.
function plainText (component) {
  if (typeof component === 'string') return component
  return (component.text || '') + (component.extra || []).map(plainText).join('')
}

before(async () => {
  server = await startServer({ properties: { motd: MOTD, 'max-players': '7' } })
})

after(async () => {
  if (server) assert.equal(await server.stop(), 0, 'server exit status after "stop"')
})

test('status answers version 26.1 / 775, the motd and an empty player list', { timeout: 20000 }, async () => {
  const status = await mc.ping({ host: '127.0.0.1', port: server.port, version: VERSION })
  assert.equal(status.version.name, '26.1')
  assert.equal(status.version.protocol, 775)
  assert.equal(plainText(status.description), MOTD)
  assert.equal(status.players.max, 7)
  assert.equal(status.players.online, 0)
  assert.equal(typeof status.latency, 'number', 'the ping was answered with a pong')
  assert.equal(status.enforcesSecureChat, false)
})

test('status lists a player who joined', { timeout: 40000 }, async () => {
  const bot = await joinBot(server, 'Pinger')
  try {
    const status = await mc.ping({ host: '127.0.0.1', port: server.port, version: VERSION })
    assert.equal(status.players.online, 1)
    assert.deepEqual(status.players.sample, [{ name: 'Pinger', id: offlineUuid('Pinger') }])
  } finally {
    await quitBot(bot)
  }
})

test('status answers a client of another protocol version with its own version', { timeout: 20000 }, async () => {
  // Launchers ping with whatever version they run; vanilla answers every protocol alike, which is
  // how mc-p's auto-version and the multiplayer screen learn the server's version.
  const status = await mc.ping({ host: '127.0.0.1', port: server.port, version: '1.21.4' })
  assert.equal(status.version.name, '26.1')
  assert.equal(status.version.protocol, 775)
  assert.equal(plainText(status.description), MOTD)
})
