// Online mode with minecraft-protocol's own client: it posts its session `join` and the server
// asks `hasJoined`, both answered by a local stand-in for the session server (node's http). A
// player the stand-in saw join logs in with the stand-in's profile over an encrypted connection;
// one it did not see is refused with vanilla's text.
'use strict'

const { test, before, after } = require('node:test')
const assert = require('node:assert/strict')
const http = require('node:http')
const mc = require('minecraft-protocol')
const { startServer } = require('./harness/server')

const PROFILES = {
  Notch: '069a79f444e94726a5befca90e38aaf5',
  Forgotten: '0123456789abcdeffedcba9876543210'
}
let sessionServer
let sessionUrl
let server
// serverId -> name, from the clients' joins; "Forgotten" joins but the stand-in then says no.
const joins = new Map()
const hasJoinedAsked = []

function json (res, status, body) {
  const text = JSON.stringify(body)
  res.writeHead(status, { 'Content-Type': 'application/json', 'Content-Length': Buffer.byteLength(text) })
  res.end(text)
}

before(async () => {
  sessionServer = http.createServer((req, res) => {
    const url = new URL(req.url, 'http://stand-in')
    if (req.method === 'POST' && url.pathname === '/session/minecraft/join') {
      let body = ''
      req.on('data', chunk => { body += chunk })
      req.on('end', () => {
        const join = JSON.parse(body)
        const name = Object.keys(PROFILES).find(n => PROFILES[n] === join.selectedProfile)
        if (join.accessToken !== 'token-' + name) return json(res, 403, { error: 'ForbiddenOperationException' })
        joins.set(join.serverId, name)
        res.writeHead(204)
        res.end()
      })
      return
    }
    if (req.method === 'GET' && url.pathname === '/session/minecraft/hasJoined') {
      const name = url.searchParams.get('username')
      const serverId = url.searchParams.get('serverId')
      hasJoinedAsked.push({ name, serverId })
      if (joins.get(serverId) === name && name !== 'Forgotten') {
        return json(res, 200, {
          id: PROFILES[name],
          name,
          properties: [{ name: 'textures', value: 'e30=', signature: 'c2lnbmF0dXJl' }]
        })
      }
      res.writeHead(204)
      res.end()
      return
    }
    res.writeHead(404)
    res.end()
  })
  await new Promise(resolve => sessionServer.listen(0, '127.0.0.1', resolve))
  sessionUrl = `http://127.0.0.1:${sessionServer.address().port}`
  server = await startServer({
    properties: { 'online-mode': 'true', 'horizon-session-server': sessionUrl, 'network-compression-threshold': '256' }
  })
})

after(async () => {
  if (server) assert.equal(await server.stop(), 0, 'server exit status after "stop"')
  if (sessionServer) await new Promise(resolve => sessionServer.close(resolve))
})

// minecraft-protocol's online login with a prepared session instead of a Microsoft account: the
// client posts `join` to options.sessionServer before answering the encryption request.
function sessionAuth (name) {
  return (client, options) => {
    client.username = name
    client.session = { accessToken: 'token-' + name, selectedProfile: { id: PROFILES[name], name } }
    options.accessToken = client.session.accessToken
    options.haveCredentials = true
    options.connect(client)
  }
}

function connect (name) {
  return new Promise((resolve, reject) => {
    const client = mc.createClient({
      host: '127.0.0.1',
      port: server.port,
      username: name,
      version: '26.1',
      auth: sessionAuth(name),
      sessionServer: sessionUrl,
      hideErrors: true
    })
    let encrypted = false
    client.once('encryption_begin', packet => { encrypted = packet.shouldAuthenticate })
    const timer = setTimeout(() => { client.end(); reject(new Error(`${name}: no login or refusal in 15 s`)) }, 15000)
    const finish = result => { clearTimeout(timer); client.end(); resolve({ ...result, encrypted }) }
    client.on('success', packet => { client.profile = packet })
    client.on('login', () => finish({ joined: true, profile: client.profile }))
    client.on('disconnect', packet => finish({ joined: false, reason: JSON.stringify(packet.reason) }))
    client.on('kick_disconnect', packet => finish({ joined: false, reason: JSON.stringify(packet.reason) }))
    client.on('error', err => { clearTimeout(timer); reject(err) })
  })
}

test('a player the session server vouches for joins encrypted, with its profile', { timeout: 30000 }, async () => {
  const result = await connect('Notch')
  assert.equal(result.joined, true, result.reason)
  assert.equal(result.encrypted, true, 'the encryption request asks the client to authenticate')
  assert.equal(result.profile.uuid.replace(/-/g, ''), PROFILES.Notch, 'login_success carries the session profile id')
  assert.deepEqual(result.profile.properties.map(p => [p.name, p.value, p.signature]),
    [['textures', 'e30=', 'c2lnbmF0dXJl']])
  const asked = hasJoinedAsked.filter(a => a.name === 'Notch')
  assert.equal(asked.length, 1)
  assert.equal(joins.get(asked[0].serverId), 'Notch', "the server's hash is the one the client joined with")
  await server.waitForLine(/UUID of player Notch is 069a79f4-44e9-4726-a5be-fca90e38aaf5/, 5000, 0)
})

test('a player the session server does not vouch for is refused', { timeout: 30000 }, async () => {
  const result = await connect('Forgotten')
  assert.equal(result.joined, false)
  assert.match(result.reason, /multiplayer\.disconnect\.unverified_username/)
  assert.ok(hasJoinedAsked.some(a => a.name === 'Forgotten' && joins.get(a.serverId) === 'Forgotten'),
    'the client did join and the server asked about it')
})
