// Converts prismarine-nbt's JSON form ({type, value}) into binary network NBT: a type byte and
// the payload of a nameless root tag, big-endian, names and strings in modified UTF-8.
'use strict';

const TAG_IDS = {
  end: 0, byte: 1, short: 2, int: 3, long: 4, float: 5, double: 6, byteArray: 7,
  string: 8, list: 9, compound: 10, intArray: 11, longArray: 12,
};

class ByteSink {
  constructor() { this.chunks = []; }
  u8(v) { this.chunks.push(Buffer.from([v & 0xff])); }
  i8(v) { const b = Buffer.alloc(1); b.writeInt8(checkRange(v, -128, 127)); this.chunks.push(b); }
  i16(v) { const b = Buffer.alloc(2); b.writeInt16BE(checkRange(v, -32768, 32767)); this.chunks.push(b); }
  u16(v) { const b = Buffer.alloc(2); b.writeUInt16BE(checkRange(v, 0, 65535)); this.chunks.push(b); }
  i32(v) { const b = Buffer.alloc(4); b.writeInt32BE(checkRange(v, -2147483648, 2147483647)); this.chunks.push(b); }
  f32(v) { const b = Buffer.alloc(4); b.writeFloatBE(v); this.chunks.push(b); }
  f64(v) { const b = Buffer.alloc(8); b.writeDoubleBE(v); this.chunks.push(b); }
  raw(buffer) { this.chunks.push(buffer); }
  bytes() { return Buffer.concat(this.chunks); }
}

function checkRange(value, min, max) {
  if (!Number.isInteger(value) || value < min || value > max) throw new Error(`NBT value ${value} out of range`);
  return value;
}

// Java's modified UTF-8: U+0000 as C0 80, and each UTF-16 unit (surrogates too) on its own.
function modifiedUtf8(text) {
  const out = [];
  for (let i = 0; i < text.length; i++) {
    const unit = text.charCodeAt(i);
    if (unit >= 0x01 && unit <= 0x7f) {
      out.push(unit);
    } else if (unit <= 0x7ff) {
      out.push(0xc0 | (unit >> 6), 0x80 | (unit & 0x3f));
    } else {
      out.push(0xe0 | (unit >> 12), 0x80 | ((unit >> 6) & 0x3f), 0x80 | (unit & 0x3f));
    }
  }
  return Buffer.from(out);
}

function writeString(sink, text) {
  const encoded = modifiedUtf8(text);
  sink.u16(encoded.length);
  sink.raw(encoded);
}

// prismarine-nbt stores a long as [high int32, low int32].
function writeLong(sink, pair) {
  if (!Array.isArray(pair) || pair.length !== 2) throw new Error('NBT long must be [high, low]');
  sink.i32(pair[0]);
  sink.raw(Buffer.from(new Uint32Array([pair[1] >>> 0]).buffer).reverse());
}

function writePayload(sink, type, value) {
  switch (type) {
    case 'byte': return sink.i8(value);
    case 'short': return sink.i16(value);
    case 'int': return sink.i32(value);
    case 'long': return writeLong(sink, value);
    case 'float': return sink.f32(value);
    case 'double': return sink.f64(value);
    case 'string': return writeString(sink, value);
    case 'byteArray': sink.i32(value.length); return value.forEach((v) => sink.i8(v));
    case 'intArray': sink.i32(value.length); return value.forEach((v) => sink.i32(v));
    case 'longArray': sink.i32(value.length); return value.forEach((v) => writeLong(sink, v));
    case 'list': return writeList(sink, value);
    case 'compound': return writeCompound(sink, value);
    default: throw new Error(`unsupported NBT type ${type}`);
  }
}

function tagId(type) {
  if (!(type in TAG_IDS)) throw new Error(`unknown NBT type ${type}`);
  return TAG_IDS[type];
}

// A list's elements are bare payloads; compound elements are plain {name: tag} objects.
function writeList(sink, list) {
  const elements = list.value;
  if (!Array.isArray(elements)) throw new Error('NBT list without an element array');
  if (list.type === 'end' && elements.length > 0) throw new Error('non-empty NBT list of type end');
  sink.u8(tagId(list.type));
  sink.i32(elements.length);
  for (const element of elements) writePayload(sink, list.type, element);
}

function writeCompound(sink, fields) {
  for (const [name, tag] of Object.entries(fields)) {
    sink.u8(tagId(tag.type));
    writeString(sink, name);
    writePayload(sink, tag.type, tag.value);
  }
  sink.u8(TAG_IDS.end);
}

// Network NBT of a root tag: type byte + payload, no root name.
function toNetworkNbt(root) {
  const sink = new ByteSink();
  sink.u8(tagId(root.type));
  writePayload(sink, root.type, root.value);
  return sink.bytes();
}

// Every string value in the tag tree (names excluded), for scanning tag references.
function collectStrings(root, out = []) {
  const visit = (type, value) => {
    if (type === 'string') out.push(value);
    else if (type === 'compound') Object.values(value).forEach((tag) => visit(tag.type, tag.value));
    else if (type === 'list') value.value.forEach((element) => visit(value.type, element));
  };
  visit(root.type, root.value);
  return out;
}

// Every string value with the name of the compound field it sits under (list elements inherit the
// list's field name), for telling which registry a '#tag' reference points into.
function collectFieldStrings(root, out = []) {
  const visit = (type, value, field) => {
    if (type === 'string') out.push({ field, value });
    else if (type === 'compound') Object.entries(value).forEach(([name, tag]) => visit(tag.type, tag.value, name));
    else if (type === 'list') value.value.forEach((element) => visit(value.type, element, field));
  };
  visit(root.type, root.value, '');
  return out;
}

module.exports = { toNetworkNbt, modifiedUtf8, collectStrings, collectFieldStrings };
