// Mineflayer bots for the conformance tests: join with a deadline, wait for events with a
// deadline, and quit cleanly. Every wait is bounded so a broken server fails a test, not CI.
'use strict'

const mineflayer = require('mineflayer')

const VERSION = '26.1'

// Resolves with the arguments of the first `event` from `emitter` for which `accept` holds;
// rejects after `timeoutMs`, or when the bot is kicked or its connection ends first.
function waitForEvent (emitter, event, { timeoutMs = 10000, accept = () => true, what = event } = {}) {
  return new Promise((resolve, reject) => {
    const cleanup = () => {
      clearTimeout(timer)
      emitter.removeListener(event, onEvent)
      emitter.removeListener('kicked', onKicked)
      emitter.removeListener('end', onEnd)
    }
    const onEvent = (...args) => {
      if (!accept(...args)) return
      cleanup()
      resolve(args)
    }
    const onKicked = reason => {
      cleanup()
      reject(new Error(`kicked while waiting for ${what}: ${JSON.stringify(reason)}`))
    }
    const onEnd = reason => {
      cleanup()
      reject(new Error(`connection ended while waiting for ${what}: ${reason}`))
    }
    const timer = setTimeout(() => {
      cleanup()
      reject(new Error(`no ${what} within ${timeoutMs} ms`))
    }, timeoutMs)
    emitter.on(event, onEvent)
    if (event !== 'kicked') emitter.on('kicked', onKicked)
    if (event !== 'end') emitter.on('end', onEnd)
  })
}

// Creates a bot and resolves once mineflayer fires `spawn`. The bot records its own kicks and
// errors in bot.problems so tests can assert there were none.
async function joinBot (server, username, { timeoutMs = 30000, ...options } = {}) {
  const started = performance.now()
  const bot = mineflayer.createBot({
    host: '127.0.0.1',
    port: server.port,
    username,
    version: VERSION,
    auth: 'offline',
    hideErrors: true,
    logErrors: false,
    ...options
  })
  // Connect-to-spawn is timed from the TCP connect, so the client library's own start-up
  // (loading the 26.1 registry data in this process) is not counted against the server.
  let connectedAt = started
  bot._client.once('connect', () => { connectedAt = performance.now() })
  bot.problems = []
  bot.on('kicked', reason => bot.problems.push('kicked: ' + JSON.stringify(reason)))
  bot.on('error', err => bot.problems.push('error: ' + (err && err.message)))
  try {
    await waitForEvent(bot, 'spawn', { timeoutMs, what: `spawn of ${username}` })
  } catch (err) {
    bot.end()
    throw new Error(`${err.message} (problems: ${bot.problems.join('; ') || 'none'})`)
  }
  bot.joinMillis = performance.now() - connectedAt
  bot.createToSpawnMillis = performance.now() - started
  return bot
}

// Ends the bot's connection and waits for the socket to close.
async function quitBot (bot, timeoutMs = 5000) {
  if (!bot || bot._client.ended) return
  const ended = new Promise(resolve => bot.once('end', resolve))
  bot.quit()
  await Promise.race([ended, new Promise(resolve => setTimeout(resolve, timeoutMs))])
}

// Resolves with the plain text of the first chat line (system chat included) that matches.
async function waitForMessage (bot, pattern, timeoutMs = 10000) {
  const [text] = await waitForEvent(bot, 'messagestr', {
    timeoutMs,
    accept: text => pattern.test(text),
    what: `a message matching ${pattern}`
  })
  return text
}

// Counts the clientbound packets named `name` from now on.
function countPackets (bot, name) {
  const counter = { count: 0 }
  bot._client.on('packet', (_data, meta) => {
    if (meta.name === name) counter.count++
  })
  return counter
}

// Resolves after `ms` if the bot stayed connected all along; rejects at once on a kick or end.
function stayConnected (bot, ms) {
  if (ms <= 0) return Promise.resolve()
  return new Promise((resolve, reject) => {
    const cleanup = () => {
      clearTimeout(timer)
      bot.removeListener('kicked', onKicked)
      bot.removeListener('end', onEnd)
    }
    const onKicked = reason => { cleanup(); reject(new Error('kicked: ' + JSON.stringify(reason))) }
    const onEnd = reason => { cleanup(); reject(new Error('connection ended: ' + reason)) }
    const timer = setTimeout(() => { cleanup(); resolve() }, ms)
    bot.on('kicked', onKicked)
    bot.on('end', onEnd)
  })
}

const sleep = ms => new Promise(resolve => setTimeout(resolve, ms))

module.exports = { joinBot, quitBot, waitForEvent, waitForMessage, countPackets, stayConnected, sleep, VERSION }
