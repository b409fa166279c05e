// A hand-driven protocol 775 connection over net.Socket for sending malformed bytes: framing,
// compression, the way to each state, and reading back the disconnect reason the server sends.
'use strict'

const net = require('node:net')
const zlib = require('node:zlib')
const { readNetworkNbt } = require('./nbt')

const PROTOCOL = 775

// Packet ids per state (minecraft-data 26.1 names).
const ID = {
  handshake: { set_protocol: 0x00 },
  login: { login_start: 0x00, login_acknowledged: 0x03, disconnect: 0x00, success: 0x02, compress: 0x03 },
  configuration: { finish_configuration: 0x03, select_known_packs: 0x07, disconnect: 0x02 },
  play: { login: 0x31, disconnect: 0x20 }
}

function varint (value) {
  const out = []
  let v = value >>> 0
  while (v >= 0x80) {
    out.push((v & 0x7f) | 0x80)
    v >>>= 7
  }
  out.push(v)
  return Buffer.from(out)
}

// Reads a VarInt at `offset`; returns null when the buffer ends first, throws when too wide.
function readVarint (buf, offset = 0) {
  let value = 0
  for (let i = 0; i < 5; i++) {
    if (offset + i >= buf.length) return null
    const b = buf[offset + i]
    value |= (b & 0x7f) << (7 * i)
    if ((b & 0x80) === 0) return { value, size: i + 1 }
  }
  throw new Error('VarInt wider than 5 bytes')
}

function string (text) {
  const bytes = Buffer.from(text, 'utf8')
  return Buffer.concat([varint(bytes.length), bytes])
}

function u16 (value) {
  const b = Buffer.alloc(2)
  b.writeUInt16BE(value)
  return b
}

function uuidBytes (uuid) {
  return Buffer.from(uuid.replace(/-/g, ''), 'hex')
}

// Packet body: VarInt id + fields.
function body (id, ...fields) {
  return Buffer.concat([varint(id), ...fields])
}

function handshakeBody (port, intent = 2, protocol = PROTOCOL) {
  return body(ID.handshake.set_protocol, varint(protocol), string('127.0.0.1'), u16(port), varint(intent))
}

function loginStartBody (name) {
  return body(ID.login.login_start, string(name), uuidBytes('00000000-0000-0000-0000-000000000000'))
}

// The text of a chat component given as JSON (login) or decoded NBT (configuration, play).
function componentText (component) {
  if (component === undefined || component === null) return ''
  if (typeof component !== 'object') return String(component)
  if (Array.isArray(component)) return component.map(componentText).join('')
  let text = ''
  if (component.text !== undefined) text += componentText(component.text)
  if (component[''] !== undefined) text += componentText(component[''])
  if (component.translate !== undefined) {
    const args = (component.with || []).map(componentText)
    text += args.length ? `${component.translate}(${args.join(', ')})` : component.translate
  }
  for (const extra of component.extra || []) text += componentText(extra)
  return text
}

class RawConnection {
  constructor (port) {
    this.port = port
    this.state = 'handshake'
    this.threshold = -1 // framing of what we send and receive
    this.inbound = Buffer.alloc(0)
    this.packets = [] // { state, id, data } as received
    this.listeners = []
    this.socket = net.connect({ host: '127.0.0.1', port })
    this.socket.setNoDelay(true)
    this.connected = new Promise((resolve, reject) => {
      this.socket.once('connect', resolve)
      this.socket.once('error', reject)
    })
    this.closed = new Promise(resolve => {
      this.socket.on('close', () => resolve())
      this.socket.on('error', err => { this.error = err })
    })
    this.socket.on('data', chunk => this.onData(chunk))
  }

  onData (chunk) {
    this.inbound = Buffer.concat([this.inbound, chunk])
    for (;;) {
      const length = readVarint(this.inbound)
      if (!length || this.inbound.length < length.size + length.value) return
      const frame = this.inbound.subarray(length.size, length.size + length.value)
      this.inbound = this.inbound.subarray(length.size + length.value)
      this.onPacket(this.unframe(frame))
    }
  }

  unframe (frame) {
    if (this.threshold < 0) return frame
    const declared = readVarint(frame)
    const payload = frame.subarray(declared.size)
    return declared.value === 0 ? payload : zlib.inflateSync(payload)
  }

  onPacket (packetBody) {
    const id = readVarint(packetBody)
    const packet = { state: this.state, id: id.value, data: packetBody.subarray(id.size) }
    this.packets.push(packet)
    if (this.state === 'login' && packet.id === ID.login.compress) this.threshold = readVarint(packet.data).value
    this.listeners = this.listeners.filter(l => {
      if (!l.accept(packet)) return true
      l.resolve(packet)
      return false
    })
  }

  // Resolves with the first packet (already received or coming) that `accept` takes.
  waitForPacket (accept, what, timeoutMs = 10000) {
    const seen = this.packets.find(accept)
    if (seen) return Promise.resolve(seen)
    return new Promise((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error(`no ${what} within ${timeoutMs} ms`)), timeoutMs)
      // Packets that came with the close have been delivered by the time 'close' fires.
      this.closed.then(() => {
        clearTimeout(timer)
        reject(new Error(`connection closed before ${what}`))
      })
      this.listeners.push({ accept, resolve: p => { clearTimeout(timer); resolve(p) } })
    })
  }

  // Writes raw bytes exactly as given (no framing).
  writeRaw (bytes) {
    this.socket.write(bytes)
  }

  // Writes a frame around a body, in the format the current compression setting asks for.
  send (packetBody) {
    if (this.threshold < 0) return this.writeRaw(Buffer.concat([varint(packetBody.length), packetBody]))
    let inner
    if (packetBody.length < this.threshold) inner = Buffer.concat([varint(0), packetBody])
    else inner = Buffer.concat([varint(packetBody.length), zlib.deflateSync(packetBody)])
    this.writeRaw(Buffer.concat([varint(inner.length), inner]))
  }

  // Writes a frame whose content (after the length) is exactly `inner`, whatever the compression.
  sendFrame (inner) {
    this.writeRaw(Buffer.concat([varint(inner.length), inner]))
  }

  handshake (intent = 2, protocol = PROTOCOL) {
    this.send(handshakeBody(this.port, intent, protocol))
    this.state = intent === 1 ? 'status' : 'login'
  }

  // Handshake and login_start, then wait for login success (compression is on by then).
  async login (name) {
    await this.connected
    this.handshake()
    this.send(loginStartBody(name))
    await this.waitForPacket(p => p.state === 'login' && p.id === ID.login.success, 'login success')
  }

  async enterConfiguration (name) {
    await this.login(name)
    this.send(body(ID.login.login_acknowledged))
    this.state = 'configuration'
  }

  // Through configuration (empty known-packs reply, like mineflayer) into play.
  async enterPlay (name) {
    await this.enterConfiguration(name)
    this.send(body(ID.configuration.select_known_packs, varint(0)))
    await this.waitForPacket(p => p.state === 'configuration' && p.id === ID.configuration.finish_configuration,
      'finish_configuration', 20000)
    this.send(body(ID.configuration.finish_configuration))
    this.state = 'play'
    await this.waitForPacket(p => p.state === 'play' && p.id === ID.play.login, 'play login')
  }

  // Waits for the server to close the connection; returns what it said first, if anything.
  async outcome (timeoutMs = 10000) {
    const timedOut = Symbol('timeout')
    let timer
    const result = await Promise.race([
      this.closed,
      new Promise(resolve => { timer = setTimeout(() => resolve(timedOut), timeoutMs) })
    ])
    clearTimeout(timer)
    if (result === timedOut) {
      this.socket.destroy()
      return { closed: false, packets: this.packets }
    }
    return { closed: true, disconnect: this.disconnectReason(), packets: this.packets }
  }

  // The reason of the disconnect packet received, decoded for the state it came in; null if none.
  disconnectReason () {
    const last = this.packets.filter(p => ID[p.state] && ID[p.state].disconnect === p.id).pop()
    if (!last) return null
    if (last.state === 'login') {
      const json = readString(last.data)
      return { state: 'login', format: 'json', raw: json, text: componentText(JSON.parse(json)) }
    }
    const nbt = readNetworkNbt(last.data)
    return { state: last.state, format: 'nbt', raw: nbt.value, text: componentText(nbt.value) }
  }

  destroy () {
    this.socket.destroy()
  }
}

function readString (buf) {
  const length = readVarint(buf)
  return buf.subarray(length.size, length.size + length.value).toString('utf8')
}

module.exports = { RawConnection, ID, PROTOCOL, varint, string, u16, body, handshakeBody, loginStartBody, componentText }
