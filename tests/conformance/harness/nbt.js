// A small reader for network NBT (nameless root, 1.20.2+), enough to decode the text components
// in configuration and play disconnect packets into plain JavaScript values.
'use strict'

const MAX_DEPTH = 512

// Java's modified UTF-8 differs from UTF-8 only for NUL and supplementary characters, neither of
// which a disconnect reason needs; plain UTF-8 decoding is enough here.
function readMutf8 (buf, at) {
  const length = buf.readUInt16BE(at.pos)
  at.pos += 2
  if (at.pos + length > buf.length) throw new Error('NBT string runs past the end')
  const text = buf.subarray(at.pos, at.pos + length).toString('utf8')
  at.pos += length
  return text
}

function readArray (buf, at, width, read) {
  const count = buf.readInt32BE(at.pos)
  at.pos += 4
  if (count < 0 || at.pos + count * width > buf.length) throw new Error('NBT array runs past the end')
  const out = []
  for (let i = 0; i < count; i++, at.pos += width) out.push(read(at.pos))
  return out
}

function readPayload (buf, type, at, depth) {
  if (depth > MAX_DEPTH) throw new Error('NBT nested too deeply')
  switch (type) {
    case 1: return buf.readInt8(at.pos++)
    case 2: { const v = buf.readInt16BE(at.pos); at.pos += 2; return v }
    case 3: { const v = buf.readInt32BE(at.pos); at.pos += 4; return v }
    case 4: { const v = buf.readBigInt64BE(at.pos); at.pos += 8; return v }
    case 5: { const v = buf.readFloatBE(at.pos); at.pos += 4; return v }
    case 6: { const v = buf.readDoubleBE(at.pos); at.pos += 8; return v }
    case 7: return readArray(buf, at, 1, p => buf.readInt8(p))
    case 8: return readMutf8(buf, at)
    case 9: {
      const elementType = buf.readInt8(at.pos++)
      const count = buf.readInt32BE(at.pos)
      at.pos += 4
      const out = []
      for (let i = 0; i < count; i++) out.push(readPayload(buf, elementType, at, depth + 1))
      return out
    }
    case 10: {
      const out = {}
      for (;;) {
        const entryType = buf.readInt8(at.pos++)
        if (entryType === 0) return out
        const name = readMutf8(buf, at)
        out[name] = readPayload(buf, entryType, at, depth + 1)
      }
    }
    case 11: return readArray(buf, at, 4, p => buf.readInt32BE(p))
    case 12: return readArray(buf, at, 8, p => buf.readBigInt64BE(p))
    default: throw new Error(`unknown NBT tag type ${type}`)
  }
}

// Reads one nameless network NBT value from the start of `buf`: { type, value, size }.
function readNetworkNbt (buf) {
  const at = { pos: 0 }
  const type = buf.readInt8(at.pos++)
  if (type === 0) return { type, value: null, size: 1 }
  const value = readPayload(buf, type, at, 0)
  return { type, value, size: at.pos }
}

module.exports = { readNetworkNbt }
