// Starts one horizon-server per test file in a fresh temporary folder on a free loopback port,
// captures its log, and stops it the way an operator would ("stop" on the console, exit 0).
'use strict'

const { spawn } = require('node:child_process')
const crypto = require('node:crypto')
const fs = require('node:fs')
const net = require('node:net')
const os = require('node:os')
const path = require('node:path')

const DEFAULT_PROPERTIES = {
  'online-mode': 'false',
  'level-seed': '12345',
  'server-ip': '127.0.0.1',
  motd: 'Horizon conformance',
  'max-players': '40',
  'view-distance': '4',
  'simulation-distance': '4',
  'spawn-protection': '0',
  // A slow CI machine must not trip the watchdog in the middle of a test.
  'max-tick-time': '-1'
}

const running = new Set()
process.on('exit', () => {
  // A test that crashed must not leave its server behind.
  for (const server of running) server.process.kill('SIGKILL')
})

function serverBinary () {
  const bin = process.env.HZ_SERVER_BIN
  if (!bin) throw new Error('HZ_SERVER_BIN must name the horizon-server binary')
  if (!fs.existsSync(bin)) throw new Error(`HZ_SERVER_BIN does not exist: ${bin}`)
  return bin
}

// A port the kernel just handed out on loopback; free again once this returns.
function freePort () {
  return new Promise((resolve, reject) => {
    const probe = net.createServer()
    probe.unref()
    probe.on('error', reject)
    probe.listen(0, '127.0.0.1', () => {
      const { port } = probe.address()
      probe.close(() => resolve(port))
    })
  })
}

// Vanilla's offline profile id: MD5 of "OfflinePlayer:<name>" made a version 3 UUID.
function offlineUuid (name) {
  const md5 = crypto.createHash('md5').update('OfflinePlayer:' + name, 'utf8').digest()
  md5[6] = (md5[6] & 0x0f) | 0x30
  md5[8] = (md5[8] & 0x3f) | 0x80
  const hex = md5.toString('hex')
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`
}

function writeProperties (folder, properties) {
  const lines = Object.entries(properties).map(([key, value]) => `${key}=${value}`)
  fs.writeFileSync(path.join(folder, 'server.properties'), lines.join('\n') + '\n')
}

function writeOps (folder, names) {
  const ops = names.map(name => ({ uuid: offlineUuid(name), name, level: 4, bypassesPlayerLimit: false }))
  fs.writeFileSync(path.join(folder, 'ops.json'), JSON.stringify(ops, null, 2))
}

class HorizonServer {
  constructor (folder, port, child) {
    this.folder = folder
    this.port = port
    this.process = child
    this.lines = []
    this.waiters = []
    this.exited = new Promise(resolve => child.on('exit', (code, signal) => resolve({ code, signal })))
    let pending = ''
    const onData = chunk => {
      pending += chunk
      let newline
      while ((newline = pending.indexOf('\n')) >= 0) {
        this.onLine(pending.slice(0, newline).replace(/\r$/, ''))
        pending = pending.slice(newline + 1)
      }
    }
    child.stdout.setEncoding('utf8').on('data', onData)
    child.stderr.setEncoding('utf8').on('data', onData)
    this.exited.then(() => {
      for (const w of this.waiters.splice(0)) w.reject(new Error('server exited while waiting for ' + w.pattern + '\n' + this.tail()))
    })
  }

  onLine (line) {
    this.lines.push(line)
    if (process.env.HZ_CONFORMANCE_VERBOSE) console.log('[server] ' + line)
    this.waiters = this.waiters.filter(w => {
      if (!w.pattern.test(line)) return true
      clearTimeout(w.timer)
      w.resolve(line)
      return false
    })
  }

  tail (count = 40) {
    return this.lines.slice(-count).join('\n')
  }

  // The position in the log from which a later waitForLine can look (see `since` there).
  mark () {
    return this.lines.length
  }

  // Resolves with the first log line that matches `pattern`, looking from line `since` (a mark;
  // by default only lines logged from now on).
  waitForLine (pattern, timeoutMs = 30000, since = this.lines.length) {
    const logged = this.lines.slice(since).find(line => pattern.test(line))
    if (logged !== undefined) return Promise.resolve(logged)
    return new Promise((resolve, reject) => {
      const waiter = { pattern, resolve, reject }
      waiter.timer = setTimeout(() => {
        this.waiters = this.waiters.filter(w => w !== waiter)
        reject(new Error(`no log line matching ${pattern} within ${timeoutMs} ms; log tail:\n${this.tail()}`))
      }, timeoutMs)
      this.waiters.push(waiter)
    })
  }

  // Lines logged so far that match `pattern`.
  linesMatching (pattern) {
    return this.lines.filter(line => pattern.test(line))
  }

  command (text) {
    this.process.stdin.write(text + '\n')
  }

  // Sends "stop" and resolves with the exit code; kills the process if it does not stop in time.
  // With keep, the folder stays for a restart (startServer({ folder })).
  async stop (timeoutMs = 30000, { keep = false } = {}) {
    if (!running.has(this)) return (await this.exited).code
    this.command('stop')
    const timer = setTimeout(() => this.process.kill('SIGKILL'), timeoutMs)
    const { code, signal } = await this.exited
    clearTimeout(timer)
    running.delete(this)
    if (signal) throw new Error(`server ended by ${signal} after "stop"; log tail:\n${this.tail()}`)
    // Keep the folder of a failed run for inspection; HZ_CONFORMANCE_KEEP keeps every folder.
    if (code === 0 && !keep && !process.env.HZ_CONFORMANCE_KEEP) fs.rmSync(this.folder, { recursive: true, force: true })
    return code
  }
}

// Starts a server. options.properties override the defaults; options.ops lists player names
// that get operator level 4; options.folder restarts in the folder of a server stopped with keep.
// Resolves once the log says "Done".
async function startServer (options = {}) {
  const folder = options.folder || fs.mkdtempSync(path.join(os.tmpdir(), 'horizon-conformance-'))
  const port = await freePort()
  writeProperties(folder, { ...DEFAULT_PROPERTIES, 'server-port': String(port), ...(options.properties || {}) })
  if (options.ops) writeOps(folder, options.ops)
  const child = spawn(serverBinary(), ['--nogui', '--port', String(port)], { cwd: folder, stdio: ['pipe', 'pipe', 'pipe'] })
  const server = new HorizonServer(folder, port, child)
  running.add(server)
  const done = server.waitForLine(/\]: Done \([0-9.]+s\)! For help, type "help"/, options.startTimeoutMs || 60000)
  try {
    await done
  } catch (err) {
    child.kill('SIGKILL')
    running.delete(server)
    throw err
  }
  return server
}

module.exports = { startServer, offlineUuid, freePort }
