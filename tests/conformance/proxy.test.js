// Proxy forwarding with minecraft-protocol's client playing the proxy's part: Velocity's
// login plugin request answered with a correct and with a wrong HMAC-SHA256 (key: the forwarding
// secret), and BungeeCord's handshake host carrying the player's address and profile id.
'use strict'

const { test, before, after } = require('node:test')
const assert = require('node:assert/strict')
const crypto = require('node:crypto')
const mc = require('minecraft-protocol')
const { startServer } = require('./harness/server')

const SECRET = 'conformance-forwarding-secret'
const UUID = '0123456789abcdeffedcba9876543210'
let velocity
let bungee

before(async () => {
  velocity = await startServer({
    properties: { 'horizon-proxy-forwarding': 'velocity', 'horizon-proxy-secret': SECRET }
  })
  bungee = await startServer({ properties: { 'horizon-proxy-forwarding': 'bungeecord' } })
})

after(async () => {
  if (velocity) assert.equal(await velocity.stop(), 0, 'velocity server exit status after "stop"')
  if (bungee) assert.equal(await bungee.stop(), 0, 'bungeecord server exit status after "stop"')
})

function varint (n) {
  const out = []
  do {
    let b = n & 0x7f
    n >>>= 7
    if (n !== 0) b |= 0x80
    out.push(b)
  } while (n !== 0)
  return Buffer.from(out)
}

function string (s) {
  const bytes = Buffer.from(s, 'utf8')
  return Buffer.concat([varint(bytes.length), bytes])
}

// What Velocity answers: the signature over the payload, then the payload (version 4, the
// player's address, profile id, name and no properties).
function velocityAnswer (secret, address, name) {
  const payload = Buffer.concat([varint(4), string(address), Buffer.from(UUID, 'hex'), string(name), varint(0)])
  const signature = crypto.createHmac('sha256', secret).update(payload).digest()
  return Buffer.concat([signature, payload])
}

// Connects and resolves with { joined, uuid, reason } once the client reaches play or is refused.
function connect (server, username, options = {}, answer = null) {
  return new Promise((resolve, reject) => {
    const client = mc.createClient({
      host: '127.0.0.1', port: server.port, username, version: '26.1', auth: 'offline', hideErrors: true, ...options
    })
    let seen = null
    if (answer) {
      client.removeAllListeners('login_plugin_request')
      client.on('login_plugin_request', packet => {
        seen = packet
        client.write('login_plugin_response', { messageId: packet.messageId, data: answer })
      })
    }
    const timer = setTimeout(() => { client.end(); reject(new Error(`${username}: no login or refusal in 20 s`)) }, 20000)
    const finish = result => { clearTimeout(timer); client.end(); resolve({ ...result, request: seen }) }
    client.on('login', () => finish({ joined: true, uuid: client.uuid }))
    client.on('disconnect', packet => finish({ joined: false, reason: JSON.stringify(packet.reason) }))
    client.on('kick_disconnect', packet => finish({ joined: false, reason: JSON.stringify(packet.reason) }))
    client.on('error', err => { clearTimeout(timer); reject(err) })
  })
}

test('velocity: a correctly signed answer logs the forwarded player in from its address', { timeout: 60000 }, async () => {
  const result = await connect(velocity, 'Forwarded', {}, velocityAnswer(SECRET, '203.0.113.9', 'Forwarded'))
  assert.equal(result.joined, true, result.reason)
  assert.equal(result.request.channel, 'velocity:player_info')
  assert.deepEqual([...result.request.data], [4])
  assert.equal(result.uuid.replace(/-/g, ''), UUID)
  await velocity.waitForLine(/Forwarded\[\/203\.0\.113\.9:\d+\] logged in/, 5000, 0)
})

test('velocity: a wrong signature is refused with the reason', { timeout: 60000 }, async () => {
  const result = await connect(velocity, 'Forger', {}, velocityAnswer('not the secret', '203.0.113.9', 'Forger'))
  assert.equal(result.joined, false)
  assert.match(result.reason, /Unable to verify player details/)
})

test('velocity: a client that does not answer is told to come through Velocity', { timeout: 60000 }, async () => {
  const result = await connect(velocity, 'Direct')
  assert.equal(result.joined, false)
  assert.match(result.reason, /requires you to connect with Velocity/)
})

test('bungeecord: the handshake host carries the address and profile id; a plain one is refused', { timeout: 60000 }, async () => {
  const forwarded = await connect(bungee, 'Bungee', { fakeHost: ['localhost', '198.51.100.20', UUID].join('\u0000') })
  assert.equal(forwarded.joined, true, forwarded.reason)
  assert.equal(forwarded.uuid.replace(/-/g, ''), UUID)
  await bungee.waitForLine(/Bungee\[\/198\.51\.100\.20:\d+\] logged in/, 5000, 0)
  const plain = await connect(bungee, 'Plain')
  assert.equal(plain.joined, false)
  assert.match(plain.reason, /enable it in your BungeeCord config/)
})
