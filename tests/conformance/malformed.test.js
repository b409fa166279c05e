// Malformed input over raw sockets: each case must end its own connection with a disconnect
// reason in the format of its state (login: JSON text, configuration and play: NBT text; in
// handshake state vanilla just closes), while a mineflayer bot on the same server plays on.
'use strict'

const { test, before, after } = require('node:test')
const assert = require('node:assert/strict')
const zlib = require('node:zlib')
const { startServer } = require('./harness/server')
const { joinBot, quitBot, waitForEvent, countPackets } = require('./harness/bots')
const { RawConnection, varint, string, body, handshakeBody } = require('./harness/raw_client')

const THRESHOLD = 256 // network-compression-threshold, vanilla's default
let server
let watcher
let watcherKeepAlives
const report = []

before(async () => {
  server = await startServer({ properties: { 'network-compression-threshold': String(THRESHOLD) } })
  watcher = await joinBot(server, 'Watcher')
  watcherKeepAlives = countPackets(watcher, 'keep_alive')
})

after(async () => {
  if (watcher) await quitBot(watcher)
  if (server) assert.equal(await server.stop(), 0, 'server exit status after "stop"')
})

// A compressed-format frame: declared uncompressed size, then the payload as given.
function compressedFrame (declared, payload) {
  return Buffer.concat([varint(declared), payload])
}

const GARBAGE = Buffer.from('this is not a zlib stream, it only pretends to be one; '.repeat(6))

// Each case: the state the connection is in when the bad bytes go out (and so the state whose
// disconnect format is expected), how to get there, and the bytes.
const cases = [
  {
    name: 'bad VarInt: 6-byte protocol version in the handshake',
    state: 'handshake',
    run: async c => { await c.connected; c.send(Buffer.from([0x00, 0xff, 0xff, 0xff, 0xff, 0xff, 0x01])) }
  },
  {
    name: 'unknown intent 7 in the handshake',
    state: 'handshake',
    run: async c => { await c.connected; c.send(handshakeBody(c.port, 7)) }
  },
  {
    name: 'unknown packet id 0x05 in handshake state',
    state: 'handshake',
    run: async c => { await c.connected; c.send(body(0x05, varint(775))) }
  },
  {
    name: 'client of another protocol (774) asks to log in',
    state: 'login',
    expectText: /multiplayer\.disconnect\.incompatible|Incompatible client|Outdated client/,
    run: async c => { await c.connected; c.handshake(2, 774) }
  },
  {
    name: '4-byte length prefix (5 written as 85 80 80 00)',
    state: 'login',
    run: async c => {
      await c.connected
      c.handshake()
      c.writeRaw(Buffer.concat([Buffer.from([0x85, 0x80, 0x80, 0x00]), Buffer.from([0x00, 0x01, 0x41, 0x00, 0x00])]))
    }
  },
  {
    name: 'oversize frame: length 2,097,152 (one past the 3-byte maximum)',
    state: 'login',
    run: async c => {
      await c.connected
      c.handshake()
      c.writeRaw(Buffer.concat([Buffer.from([0x80, 0x80, 0x80, 0x01]), Buffer.alloc(64)]))
    }
  },
  {
    name: 'frame of length 0',
    state: 'login',
    run: async c => { await c.connected; c.handshake(); c.writeRaw(Buffer.from([0x00])) }
  },
  {
    name: 'truncated fields: login_start name claims 10 bytes, the frame holds 3',
    state: 'login',
    run: async c => { await c.connected; c.handshake(); c.send(Buffer.concat([Buffer.from([0x00, 10]), Buffer.from('abc')])) }
  },
  {
    name: 'string over its max: 17-character player name',
    state: 'login',
    run: async c => { await c.connected; c.handshake(); c.send(body(0x00, string('A'.repeat(17)), Buffer.alloc(16))) }
  },
  {
    name: 'unknown packet id 0x7f in login state',
    state: 'login',
    run: async c => { await c.connected; c.handshake(); c.send(body(0x7f, Buffer.alloc(4))) }
  },
  {
    name: 'packet in the wrong state: status ping_request (0x01 + long) during login',
    state: 'login',
    run: async c => { await c.connected; c.handshake(); c.send(body(0x01, Buffer.from('0000000000000001', 'hex'))) }
  },
  {
    name: `compressed size below the threshold (declares 10 < ${THRESHOLD})`,
    state: 'login',
    run: async c => {
      await c.login('RawSmall')
      c.sendFrame(compressedFrame(10, zlib.deflateSync(Buffer.alloc(10, 0x03))))
    }
  },
  {
    name: 'compressed size above 8 MiB (declares 8,388,609)',
    state: 'login',
    run: async c => {
      await c.login('RawHuge')
      c.sendFrame(compressedFrame(8388609, zlib.deflateSync(Buffer.alloc(300, 0x03))))
    }
  },
  {
    name: 'zlib garbage (declares 300, payload is not zlib)',
    state: 'login',
    run: async c => { await c.login('RawGarbage'); c.sendFrame(compressedFrame(300, GARBAGE)) }
  },
  {
    name: 'zlib stream that inflates past its declared size (declares 300, holds 600)',
    state: 'login',
    run: async c => {
      await c.login('RawLong')
      c.sendFrame(compressedFrame(300, zlib.deflateSync(Buffer.concat([Buffer.from([0x03]), Buffer.alloc(599)]))))
    }
  },
  {
    name: 'unknown packet id 0x7f in configuration state',
    state: 'configuration',
    run: async c => { await c.enterConfiguration('RawConfigId'); c.send(body(0x7f, Buffer.alloc(4))) }
  },
  {
    name: 'packet in the wrong state: play chat_command "tick query" during configuration',
    state: 'configuration',
    run: async c => { await c.enterConfiguration('RawConfigCmd'); c.send(body(0x07, string('tick query'))) }
  },
  {
    name: 'unknown packet id 0x7f in play state',
    state: 'play',
    run: async c => { await c.enterPlay('RawPlayId'); c.send(body(0x7f, Buffer.alloc(4))) }
  },
  {
    name: 'string over its max: 257-character chat message',
    state: 'play',
    run: async c => {
      await c.enterPlay('RawPlayChat')
      const tail = Buffer.concat([Buffer.alloc(16), Buffer.from([0x00]), varint(0), Buffer.alloc(3), Buffer.from([0x00])])
      c.send(body(0x09, string('x'.repeat(257)), tail))
    }
  },
  {
    name: 'truncated fields: player position with only x',
    state: 'play',
    run: async c => { await c.enterPlay('RawPlayMove'); c.send(body(0x1e, Buffer.alloc(8))) }
  },
  {
    name: 'bad VarInt: 6-byte teleport id in accept_teleportation',
    state: 'play',
    run: async c => { await c.enterPlay('RawPlayVarInt'); c.send(Buffer.from([0x00, 0xff, 0xff, 0xff, 0xff, 0xff, 0x01])) }
  }
]

for (const testCase of cases) {
  test(testCase.name, { timeout: 30000 }, async () => {
    const c = new RawConnection(server.port)
    let outcome
    try {
      await testCase.run(c)
      outcome = await c.outcome(10000)
    } finally {
      c.destroy()
    }
    assert.ok(outcome.closed, 'the server closes the connection')
    const reason = outcome.disconnect
    report.push({ name: testCase.name, state: testCase.state, reason })
    if (testCase.state === 'handshake') {
      // Vanilla has no disconnect packet before login: closing is the whole answer.
      assert.equal(reason, null, 'no disconnect packet in handshake state')
      return
    }
    assert.ok(reason, `a ${testCase.state} disconnect packet before the close`)
    assert.equal(reason.state, testCase.state, 'the disconnect comes in the state of the bad packet')
    assert.equal(reason.format, testCase.state === 'login' ? 'json' : 'nbt')
    assert.ok(reason.text.trim().length > 0, 'the reason says something')
    if (testCase.expectText) assert.match(reason.text, testCase.expectText)
  })
}

test('the bot connected meanwhile still plays: a keep-alive and a chat round trip', { timeout: 40000 }, async () => {
  const casesText = report.map(r => `  [${r.state}] ${r.name}\n      -> ${r.reason ? `${r.reason.format}: ${r.reason.text}` : 'closed without a packet'}`)
  console.log(`malformed input cases and the reasons they got (${report.length}):\n${casesText.join('\n')}`)
  assert.ok(report.length >= 10, `at least 10 cases ran: ${report.length}`)

  const before = watcherKeepAlives.count
  await waitForEvent(watcher._client, 'keep_alive', { timeoutMs: 20000, what: 'a keep-alive for the watcher' })
  assert.ok(watcherKeepAlives.count > before)
  const echoed = waitForEvent(watcher, 'chat', { accept: (user, msg) => user === 'Watcher' && msg === 'still playing' })
  watcher.chat('still playing')
  await echoed
  assert.deepEqual(watcher.problems, [])
})
