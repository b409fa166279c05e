#include "sim/protocol/codec.h"

#include <map>

#include "sim/core/hash.h"

namespace hz {
namespace {

constexpr char kHex[] = "0123456789abcdef";

std::string hex(std::span<const uint8_t> bytes) {
  std::string s;
  s.reserve(bytes.size() * 2);
  for (uint8_t b : bytes) {
    s.push_back(kHex[b >> 4]);
    s.push_back(kHex[b & 0xF]);
  }
  return s;
}

// "0x1f": a word as a short hex literal, for field descriptions.
std::string hex_literal(uint64_t v) {
  std::string s = "0x";
  bool started = false;
  for (int shift = 60; shift >= 0; shift -= 4) {
    int digit = static_cast<int>((v >> shift) & 0xF);
    if (digit != 0 || started || shift == 0) {
      s.push_back(kHex[digit]);
      started = true;
    }
  }
  return s;
}

}  // namespace

const char* direction_name(Direction d) { return d == Direction::kServerbound ? "serverbound" : "clientbound"; }

// --- Encoder ----------------------------------------------------------------------------------

void Encoder::write(const LpVec3& v, const FieldFormat&) {
  if (v.scale == 0) {
    out_.u8(0);
    return;
  }
  bool partial = v.scale > 3;
  uint64_t markers = partial ? (static_cast<uint64_t>(v.scale) & 3) | 4 : static_cast<uint64_t>(v.scale);
  uint64_t packed = markers | (uint64_t{v.qx & 0x7FFFu} << 3) | (uint64_t{v.qy & 0x7FFFu} << 18) |
                    (uint64_t{v.qz & 0x7FFFu} << 33);
  out_.u8(static_cast<uint8_t>(packed));
  out_.u8(static_cast<uint8_t>(packed >> 8));
  out_.i32(static_cast<int32_t>(packed >> 16));
  if (partial) out_.varint(static_cast<int32_t>(v.scale >> 2));
}

// --- Decoder ----------------------------------------------------------------------------------

void Decoder::note_failure() {
  if (!failed_path_.empty()) return;
  for (const Segment& s : path_) {
    if (s.index >= 0) {
      failed_path_ += "[" + std::to_string(s.index) + "]";
    } else {
      if (!failed_path_.empty()) failed_path_.push_back('.');
      failed_path_ += s.name;
    }
  }
  if (failed_path_.empty()) failed_path_ = "(packet)";
}

std::string Decoder::failure_text() const {
  std::string reason = detail_.empty() ? wire_error_text(in_.error()) : detail_;
  return "field " + failed_path_ + ": " + reason;
}

int32_t Decoder::count(const FieldFormat& f) {
  int32_t n = in_.length(f.max_count);
  if (!in_.ok()) {
    if (in_.error() == WireError::kBadValue) fail("more than " + std::to_string(f.max_count) + " elements");
    return 0;
  }
  if (static_cast<size_t>(n) > in_.remaining()) {
    in_.fail(WireError::kTruncated);
    return 0;
  }
  return n;
}

void Decoder::read(std::string& v, const FieldFormat& f) {
  v = in_.string(f.max_chars);
  if (in_.ok() && f.identifier && !is_valid_identifier(v)) fail("invalid identifier \"" + v + "\"");
}

void Decoder::read(LpVec3& v, const FieldFormat&) {
  v = LpVec3{};
  uint8_t lowest = in_.u8();
  if (lowest == 0 || !in_.ok()) return;
  uint64_t middle = in_.u8();
  uint64_t highest = static_cast<uint32_t>(in_.i32());
  uint64_t packed = (highest << 16) | (middle << 8) | lowest;
  int64_t scale = lowest & 3;
  if ((lowest & 4) != 0) scale |= static_cast<int64_t>(static_cast<uint32_t>(in_.varint())) << 2;
  if (!in_.ok() || scale == 0) return;  // scale 0 reads as the zero vector whatever the quanta
  v.scale = scale;
  v.qx = static_cast<uint16_t>((packed >> 3) & 0x7FFF);
  v.qy = static_cast<uint16_t>((packed >> 18) & 0x7FFF);
  v.qz = static_cast<uint16_t>((packed >> 33) & 0x7FFF);
}

void Decoder::read(nbt::Tag& v, const FieldFormat&) {
  auto tag = nbt::read_network(in_);
  if (!tag) {
    fail(tag.error());
    return;
  }
  v = std::move(tag).value();
}

void Decoder::read(Bytes& v, const FieldFormat& f) {
  if (f.rest) {
    if (in_.remaining() > static_cast<size_t>(f.max_count)) {
      fail(std::to_string(in_.remaining()) + " bytes where at most " + std::to_string(f.max_count) + " are allowed");
      return;
    }
    v = in_.raw(in_.remaining());
    return;
  }
  int32_t n = in_.length(f.max_count);
  if (!in_.ok()) {
    if (in_.error() == WireError::kBadValue) fail("more than " + std::to_string(f.max_count) + " bytes");
    return;
  }
  v = in_.raw(static_cast<size_t>(n));
}

// --- describing -------------------------------------------------------------------------------

std::string field_json(bool v) { return v ? "true" : "false"; }
std::string field_json(int64_t v) { return std::to_string(v); }
std::string field_json(float v) { return JsonWriter().number(v).take(); }
std::string field_json(double v) { return JsonWriter().number(v).take(); }
std::string field_json(const std::string& v) { return JsonWriter().string(v).take(); }
std::string field_json(const Uuid& v) { return "\"" + v.to_string() + "\""; }

std::string field_json(const BlockPos& v) {
  return "{\"x\":" + std::to_string(v.x) + ",\"y\":" + std::to_string(v.y) + ",\"z\":" + std::to_string(v.z) + "}";
}

std::string field_json(const Angle& v) { return field_json(v.degrees()); }

std::string field_json(const BitSet& v) {
  std::string s = "[";
  for (size_t i = 0; i < v.words.size(); ++i) {
    if (i != 0) s.push_back(',');
    s += "\"" + hex_literal(v.words[i]) + "\"";
  }
  return s + "]";
}

std::string field_json(const LpVec3& v) {
  JsonWriter w;
  w.begin_object();
  w.key("x").number(v.x()).key("y").number(v.y()).key("z").number(v.z());
  w.key("scale").number(v.scale);
  w.key("quanta").begin_array().number(int64_t{v.qx}).number(int64_t{v.qy}).number(int64_t{v.qz}).end_array();
  w.end_object();
  return w.take();
}

std::string field_json(const nbt::Tag& v) { return JsonWriter().string(nbt::to_string(v)).take(); }

std::string field_json_bytes(std::span<const uint8_t> v) {
  if (v.size() <= 64) return "\"" + hex(v) + "\"";
  return "\"<" + std::to_string(v.size()) + " bytes, hash " + hex_literal(hash_bytes(v)) + ">\"";
}

void FlattenSink::field(std::string_view name) {
  pending_.clear();
  if (!path_.empty()) pending_.push_back('.');
  pending_ += name;
}

void FlattenSink::item(size_t index) { pending_ = "[" + std::to_string(index) + "]"; }

void FlattenSink::enter() {
  marks_.push_back(path_.size());
  path_ += pending_;
  pending_.clear();
}

void FlattenSink::leave() {
  path_.resize(marks_.back());
  marks_.pop_back();
}

void FlattenSink::open_list(size_t size) {
  out_.push_back({path_ + pending_, "[" + std::to_string(size) + " items]"});
  enter();
}

void FlattenSink::value(std::string_view json) {
  out_.push_back({path_ + pending_, std::string(json)});
  pending_.clear();
}

std::vector<FieldDiff> diff_flattened(const std::vector<FieldValue>& a, const std::vector<FieldValue>& b) {
  static const std::string kAbsent = "(absent)";
  std::map<std::string_view, const std::string*> in_b;
  for (const FieldValue& f : b) in_b.emplace(f.path, &f.value);
  std::map<std::string_view, bool> in_a;
  std::vector<FieldDiff> diffs;
  for (const FieldValue& f : a) {
    in_a.emplace(f.path, true);
    auto it = in_b.find(f.path);
    const std::string& other = it == in_b.end() ? kAbsent : *it->second;
    if (other != f.value) diffs.push_back({f.path, f.value, other});
  }
  for (const FieldValue& f : b) {
    if (in_a.find(f.path) == in_a.end()) diffs.push_back({f.path, kAbsent, f.value});
  }
  return diffs;
}

}  // namespace hz
