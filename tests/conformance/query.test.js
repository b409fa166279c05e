// The GameSpy 4 query (enable-query, query.port) read with minecraft-server-util's queryBasic and
// queryFull, and the Prometheus endpoint (horizon-metrics-port) scraped over HTTP: the motd,
// counts, map and player list, and the players gauge, before and while a bot is joined.
'use strict'

const { test, before, after } = require('node:test')
const assert = require('node:assert/strict')
const http = require('node:http')
const dgram = require('node:dgram')
const util = require('minecraft-server-util')
const { startServer, freePort } = require('./harness/server')
const { joinBot, quitBot } = require('./harness/bots')

const MOTD = 'Horizon \u00a7aquery'
let server
let queryPort
let metricsPort

// A UDP port that was free a moment ago (the kernel picks it; closed before the server binds it).
function freeUdpPort () {
  return new Promise((resolve, reject) => {
    const socket = dgram.createSocket('udp4')
    socket.on('error', reject)
    socket.bind(0, '127.0.0.1', () => {
      const { port } = socket.address()
      socket.close(() => resolve(port))
    })
  })
}

function scrape (path = '/metrics') {
  return new Promise((resolve, reject) => {
    const req = http.get({ host: '127.0.0.1', port: metricsPort, path, timeout: 5000 }, res => {
      let body = ''
      res.setEncoding('utf8')
      res.on('data', chunk => { body += chunk })
      res.on('end', () => resolve({ status: res.statusCode, headers: res.headers, body }))
    })
    req.on('timeout', () => req.destroy(new Error('metrics scrape timed out')))
    req.on('error', reject)
  })
}

// The value of an unlabelled sample line ("name value").
function gauge (body, name) {
  const line = body.split('\n').find(l => l.startsWith(name + ' '))
  assert.ok(line, `no sample ${name} in:\n${body}`)
  return Number(line.slice(name.length + 1))
}

before(async () => {
  queryPort = await freeUdpPort()
  metricsPort = await freePort()
  server = await startServer({
    properties: {
      motd: MOTD,
      'max-players': '9',
      'level-name': 'queried',
      'enable-query': 'true',
      'query.port': String(queryPort),
      'horizon-metrics-port': String(metricsPort),
      // So the trace writer's backlog is reported.
      'horizon-record-trace': 'true'
    }
  })
})

after(async () => {
  if (server) assert.equal(await server.stop(), 0, 'server exit status after "stop"')
})

test('the log says the query and metrics listeners run', async () => {
  await server.waitForLine(/\[Server thread\/INFO\]: Starting GS4 status listener/, 5000, 0)
  await server.waitForLine(new RegExp(`Query running on 127\\.0\\.0\\.1:${queryPort}`), 5000, 0)
  await server.waitForLine(new RegExp(`Serving metrics on http://127\\.0\\.0\\.1:${metricsPort}/metrics`), 5000, 0)
})

test('basic and full stat of an empty server', { timeout: 20000 }, async () => {
  const basic = await util.queryBasic('127.0.0.1', queryPort, { enableSRV: false, timeout: 5000 })
  assert.equal(basic.motd.clean, 'Horizon query')
  assert.equal(basic.gameType, 'SMP')
  assert.equal(basic.map, 'queried')
  assert.deepEqual(basic.players, { online: 0, max: 9 })
  // The port is a little-endian 16-bit field (vanilla writes a Java short); the library reads it
  // signed, so ports above 32767 come out negative.
  assert.equal(basic.hostPort & 0xffff, server.port)
  assert.equal(basic.hostIP, '127.0.0.1')

  const full = await util.queryFull('127.0.0.1', queryPort, { enableSRV: false, timeout: 5000 })
  assert.equal(full.motd.clean, 'Horizon query')
  assert.equal(full.version, '26.1')
  assert.equal(full.software, '')
  assert.deepEqual(full.plugins, [])
  assert.equal(full.map, 'queried')
  assert.deepEqual(full.players, { online: 0, max: 9, list: [] })
  assert.equal(full.hostPort, server.port)
  assert.equal(full.hostIP, '127.0.0.1')
})

test('a stat request with a token never handed out gets no answer', { timeout: 10000 }, async () => {
  const socket = dgram.createSocket('udp4')
  const answered = new Promise(resolve => {
    socket.on('message', () => resolve(true))
    setTimeout(() => resolve(false), 1500)
  })
  socket.send(Buffer.from([0xfe, 0xfd, 0x00, 0, 0, 0, 1, 0x7f, 0xff, 0xff, 0xff]), queryPort, '127.0.0.1')
  socket.send(Buffer.from('not a query'), queryPort, '127.0.0.1')
  assert.equal(await answered, false)
  socket.close()
})

test('metrics before anyone joins', { timeout: 10000 }, async () => {
  const res = await scrape()
  assert.equal(res.status, 200)
  assert.match(res.headers['content-type'], /^text\/plain; version=0\.0\.4/)
  assert.equal(gauge(res.body, 'horizon_players_online'), 0)
  assert.equal(gauge(res.body, 'horizon_players_max'), 9)
  assert.ok(gauge(res.body, 'horizon_ticks_total') > 0)
  assert.ok(gauge(res.body, 'horizon_chunks_loaded') > 0)
  assert.match(res.body, /^horizon_mspt\{quantile="0\.99"\} [0-9.e+-]+$/m)
  assert.equal((await scrape('/')).status, 404)
})

test('query and metrics list a joined player', { timeout: 60000 }, async () => {
  const bot = await joinBot(server, 'Queried')
  try {
    const full = await util.queryFull('127.0.0.1', queryPort, { enableSRV: false, timeout: 5000 })
    assert.deepEqual(full.players, { online: 1, max: 9, list: ['Queried'] })
    const basic = await util.queryBasic('127.0.0.1', queryPort, { enableSRV: false, timeout: 5000 })
    assert.deepEqual(basic.players, { online: 1, max: 9 })
    const res = await scrape()
    assert.equal(gauge(res.body, 'horizon_players_online'), 1)
    assert.ok(gauge(res.body, 'horizon_network_received_packets_total') > 0)
    assert.ok(gauge(res.body, 'horizon_network_sent_bytes_total') > 0)
    assert.ok(gauge(res.body, 'horizon_connections_open') >= 1)
    assert.equal(gauge(res.body, 'horizon_entities{kind="player"}'), 1)
    assert.ok(gauge(res.body, 'horizon_chunks_ticking') > 0)
    assert.ok(gauge(res.body, 'horizon_chunks_ticking') <= gauge(res.body, 'horizon_chunks_loaded'))
    assert.equal(gauge(res.body, 'horizon_trace_recording'), 1)
    // The writer drains every 100 ms: a scrape sees a small queue, never an unbounded one.
    assert.ok(gauge(res.body, 'horizon_trace_backlog_passes') < 1000)
    assert.ok(gauge(res.body, 'horizon_trace_backlog_bytes') < 64 * 1024 * 1024)
  } finally {
    await quitBot(bot)
  }
})
