// The packet codec layer. A packet is declared once, as a struct with its identity and a
// fields(visitor) member; encoding, decoding, JSON dumps, field comparison and diffs all come
// from that one declaration (see docs/protocol.md for how to declare a packet).
#pragma once

#include <concepts>
#include <map>
#include <span>
#include <string>
#include <string_view>
#include <vector>

#include "sim/data/packet_ids.h"
#include "sim/protocol/codec_decode.h"
#include "sim/protocol/codec_describe.h"
#include "sim/protocol/codec_encode.h"
#include "sim/core/result.h"
#include "sim/protocol/wire.h"

namespace hz {

template <class P>
concept Packet = Declared<P> && requires {
  { P::kState } -> std::convertible_to<ProtocolState>;
  { P::kDirection } -> std::convertible_to<Direction>;
  { P::kId } -> std::convertible_to<int32_t>;
  { P::kName } -> std::convertible_to<std::string_view>;
};

// "serverbound" or "clientbound".
const char* direction_name(Direction d);

// --- encoding -------------------------------------------------------------------------------

// Writes the fields of any declared value (no packet id).
template <Declared T>
void encode_fields(const T& value, ByteWriter& out) {
  Encoder encoder(out);
  // The visitors share one non-const fields() member; the encoder only reads through it.
  const_cast<T&>(value).fields(encoder);
}

// Writes a packet body: VarInt id + fields.
template <Packet P>
void encode_packet(const P& packet, ByteWriter& out) {
  out.varint(P::kId);
  encode_fields(packet, out);
}

template <Packet P>
Bytes encode_packet(const P& packet) {
  ByteWriter out;
  encode_packet(packet, out);
  return out.take();
}

// --- decoding -------------------------------------------------------------------------------

// "play clientbound map_chunk (0x2d)".
template <Packet P>
std::string packet_label() {
  static constexpr char kHex[] = "0123456789abcdef";
  std::string id = "0x";
  id.push_back(kHex[(P::kId >> 4) & 0xF]);
  id.push_back(kHex[P::kId & 0xF]);
  return std::string(state_name(P::kState)) + " " + direction_name(P::kDirection) + " " + std::string(P::kName) +
         " (" + id + ")";
}

// Reads the fields of a declared value from `in`, which must then be exhausted. The error text
// names the field that failed, e.g. "field properties[0].name: string longer than allowed".
template <Declared T>
Result<T> decode_fields(ByteReader& in) {
  T value{};
  Decoder decoder(in);
  value.fields(decoder);
  if (!in.ok()) return Error{decoder.failure_text()};
  if (size_t left = in.remaining(); left != 0) {
    return Error{std::to_string(left) + (left == 1 ? " byte" : " bytes") + " left over after the last field"};
  }
  return value;
}

// Decodes a packet whose id was already read from `in`; errors name the packet.
template <Packet P>
Result<P> decode_packet_fields(ByteReader& in) {
  auto result = decode_fields<P>(in);
  if (!result) return Error{"bad " + packet_label<P>() + ": " + result.error()};
  return result;
}

// Decodes a whole packet body (VarInt id + fields); the id must be P's.
template <Packet P>
Result<P> decode_packet(std::span<const uint8_t> body) {
  ByteReader in(body);
  int32_t id = in.varint();
  if (!in.ok()) return Error{"packet has no valid id"};
  if (id != P::kId) return Error{"expected " + packet_label<P>() + ", got id " + std::to_string(id)};
  return decode_packet_fields<P>(in);
}

// --- describing and comparing ---------------------------------------------------------------

// The fields of a declared value as a JSON object, in declaration order.
template <Declared T>
std::string to_json(const T& value) {
  JsonSink sink;
  Describer<JsonSink> describer(sink);
  sink.open_struct();
  const_cast<T&>(value).fields(describer);
  sink.close_struct();
  return sink.take();
}

// {"packet":"map_chunk","state":"play","direction":"clientbound","id":45,"fields":{...}}
template <Packet P>
std::string packet_to_json(const P& packet) {
  JsonWriter w;
  w.begin_object();
  w.key("packet").string(P::kName);
  w.key("state").string(state_name(P::kState));
  w.key("direction").string(direction_name(P::kDirection));
  w.key("id").number(int64_t{P::kId});
  w.key("fields").raw(to_json(packet));
  w.end_object();
  return w.take();
}

// Every leaf field with its path, in declaration order.
template <Declared T>
std::vector<FieldValue> flatten(const T& value) {
  FlattenSink sink;
  Describer<FlattenSink> describer(sink);
  const_cast<T&>(value).fields(describer);
  return sink.take();
}

struct FieldDiff {
  std::string path;
  std::string a;  // "(absent)" when the field exists on one side only
  std::string b;
};

// The fields that differ between two flattened values: first in a's order, then b-only fields.
std::vector<FieldDiff> diff_flattened(const std::vector<FieldValue>& a, const std::vector<FieldValue>& b);

template <Declared T>
std::vector<FieldDiff> diff(const T& a, const T& b) {
  return diff_flattened(flatten(a), flatten(b));
}

// Field-by-field equality as declared. Floats compare by bit pattern, so NaN equals itself and
// 0.0 differs from -0.0, like the bytes on the wire.
template <Declared T>
bool fields_equal(const T& a, const T& b) {
  return flatten(a) == flatten(b);
}

}  // namespace hz
