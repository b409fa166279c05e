// Operating a server with real clients: the whitelist and bans refusing a mineflayer bot with
// vanilla's texts and letting it in again, a ban kicking a bot that is online, the "server is
// full" refusal, the list files as they are on disk after "stop", and server.properties written
// back at start with every vanilla key.
'use strict'

const { test } = require('node:test')
const assert = require('node:assert/strict')
const fs = require('node:fs')
const path = require('node:path')
const mineflayer = require('mineflayer')
const { startServer, offlineUuid } = require('./harness/server')
const { joinBot, quitBot, waitForEvent, VERSION } = require('./harness/bots')

// Connects `username` and resolves with the text of the refusal the server sends while it logs
// in (rejects if the bot spawns instead).
function refusalOf (server, username, timeoutMs = 30000) {
  const bot = mineflayer.createBot({
    host: '127.0.0.1', port: server.port, username, version: VERSION, auth: 'offline', hideErrors: true, logErrors: false
  })
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => { bot.end(); reject(new Error(`no refusal for ${username} within ${timeoutMs} ms`)) }, timeoutMs)
    bot.once('kicked', reason => { clearTimeout(timer); bot.end(); resolve(JSON.stringify(reason)) })
    bot.once('spawn', () => { clearTimeout(timer); bot.quit(); reject(new Error(`${username} was let in`)) })
  })
}

function readJson (folder, file) {
  return JSON.parse(fs.readFileSync(path.join(folder, file), 'utf8'))
}

function readProperties (folder) {
  const pairs = {}
  for (const line of fs.readFileSync(path.join(folder, 'server.properties'), 'utf8').split('\n')) {
    if (!line || line.startsWith('#')) continue
    const eq = line.indexOf('=')
    pairs[line.slice(0, eq)] = line.slice(eq + 1)
  }
  return pairs
}

const BAN_DATE = /^\d{4}-\d\d-\d\d \d\d:\d\d:\d\d [+-]\d{4}$/

test('whitelist, bans and the files they leave behind', { timeout: 120000 }, async () => {
  const server = await startServer()
  const folder = server.folder
  let stopped = false
  try {
    // server.properties: the harness wrote a dozen keys; the server wrote back every vanilla key.
    const props = readProperties(folder)
    assert.equal(props.motd, 'Horizon conformance')
    for (const [key, value] of Object.entries({
      'white-list': 'false',
      'enforce-whitelist': 'false',
      'op-permission-level': '4',
      'rate-limit': '0',
      'resource-pack': '',
      'max-world-size': '29999984',
      'management-server-port': '0',
      'enable-rcon': 'false',
      'level-type': 'minecraft\\:normal'
    })) assert.equal(props[key], value, `server.properties key ${key}`)

    server.command('whitelist on')
    await server.waitForLine(/Whitelist is now turned on/)
    const notListed = await refusalOf(server, 'Stranger')
    assert.match(notListed, /multiplayer\.disconnect\.not_whitelisted/)

    server.command('whitelist add Stranger')
    await server.waitForLine(/Added Stranger to the whitelist/)
    let stranger = await joinBot(server, 'Stranger')

    const kicked = waitForEvent(stranger, 'kicked', { what: 'the ban kick' })
    const beforeBan = server.mark()
    server.command('ban Stranger spamming')
    const [reason] = await kicked
    assert.match(JSON.stringify(reason), /multiplayer\.disconnect\.banned/)
    await server.waitForLine(/Banned Stranger: spamming/, 30000, beforeBan)
    const banned = await refusalOf(server, 'Stranger')
    assert.match(banned, /multiplayer\.disconnect\.banned\.reason/)
    assert.match(banned, /spamming/)

    server.command('pardon Stranger')
    await server.waitForLine(/Unbanned Stranger/)
    stranger = await joinBot(server, 'Stranger')
    await quitBot(stranger)

    server.command('ban Mallory')
    server.command('ban-ip 10.9.8.7 proxy')
    server.command('op Olga')
    await server.waitForLine(/Made Olga a server operator/)

    // The files must still be there once the server has stopped: keep the folder for this check.
    assert.equal(await server.stop(30000, { keep: true }), 0)
    stopped = true

    const whitelist = readJson(folder, 'whitelist.json')
    assert.deepEqual(whitelist, [{ uuid: offlineUuid('Stranger'), name: 'Stranger' }])
    const bans = readJson(folder, 'banned-players.json')
    assert.equal(bans.length, 1)
    assert.equal(bans[0].uuid, offlineUuid('Mallory'))
    assert.equal(bans[0].name, 'Mallory')
    assert.equal(bans[0].source, 'Server')
    assert.equal(bans[0].expires, 'forever')
    assert.equal(bans[0].reason, 'Banned by an operator.')
    assert.match(bans[0].created, BAN_DATE)
    const created = Date.parse(bans[0].created.replace(' ', 'T').replace(/ ([+-]\d\d)(\d\d)$/, '$1:$2'))
    assert.ok(Math.abs(created - Date.now()) < 10 * 60 * 1000, `ban date ${bans[0].created} is about now`)
    const ipBans = readJson(folder, 'banned-ips.json')
    assert.equal(ipBans.length, 1)
    assert.equal(ipBans[0].ip, '10.9.8.7')
    assert.equal(ipBans[0].reason, 'proxy')
    assert.match(ipBans[0].created, BAN_DATE)
    assert.equal(readProperties(folder)['white-list'], 'true', '"whitelist on" is stored in server.properties')
    assert.deepEqual(readJson(folder, 'ops.json'),
      [{ uuid: offlineUuid('Olga'), name: 'Olga', level: 4, bypassesPlayerLimit: false }])
  } finally {
    if (!stopped) await server.stop()
    fs.rmSync(folder, { recursive: true, force: true })
  }
})

test('a full server refuses the next player with vanilla\'s text', { timeout: 90000 }, async () => {
  const server = await startServer({ properties: { 'max-players': '1' } })
  let first
  try {
    first = await joinBot(server, 'First')
    const full = await refusalOf(server, 'Second')
    assert.match(full, /multiplayer\.disconnect\.server_full/)
    assert.deepEqual(first.problems, [])
  } finally {
    await quitBot(first)
    assert.equal(await server.stop(), 0)
  }
})
