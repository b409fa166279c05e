// The wire form of a declared value written from the protocol's rules (protocol-26.1.md), with its
// own byte primitives, for tests only: checks the codec's Encoder against an independent writer.
#pragma once

#include <array>
#include <concepts>
#include <cstdint>
#include <cstring>
#include <optional>
#include <string>
#include <string_view>
#include <type_traits>
#include <vector>

#include "sim/protocol/codec.h"
#include "sim/protocol/nbt.h"

namespace hz::testing {

// Walks fields() like the codec's visitors do and writes every field as the protocol describes
// it. Besides the bytes it keeps one entry per leaf (field path and the leaf's bytes), so two
// values can be compared field by field with the first differing path named.
class ReferenceWire {
 public:
  struct Leaf {
    std::string path;
    Bytes bytes;
    bool operator==(const Leaf&) const = default;
  };

  template <class T, class... Options>
  void operator()(std::string_view name, T& value, Options... options) {
    path_.push_back(std::string(name));
    put(value, make_format(options...));
    path_.pop_back();
  }

  template <class T, class Fn>
  void each(std::string_view name, std::vector<T>& items, Fn&& fn) {
    path_.push_back(std::string(name));
    leaf("#count", varint_bytes(static_cast<uint32_t>(items.size())));
    for (size_t i = 0; i < items.size(); ++i) {
      path_.push_back("[" + std::to_string(i) + "]");
      fn(*this, items[i]);
      path_.pop_back();
    }
    path_.pop_back();
  }

  const Bytes& bytes() const { return bytes_; }
  const std::vector<Leaf>& leaves() const { return leaves_; }

  static Bytes varint_bytes(uint64_t v) {
    Bytes out;
    do {
      uint8_t b = v & 0x7F;
      v >>= 7;
      if (v != 0) b |= 0x80;
      out.push_back(b);
    } while (v != 0);
    return out;
  }
  static Bytes big_endian(uint64_t v, int n) {
    Bytes out(static_cast<size_t>(n));
    for (int i = n - 1; i >= 0; --i, v >>= 8) out[static_cast<size_t>(i)] = static_cast<uint8_t>(v);
    return out;
  }

 private:
  void leaf(std::string_view suffix, Bytes b) {
    std::string p;
    for (const std::string& s : path_) {
      if (!p.empty() && s[0] != '[') p.push_back('.');
      p += s;
    }
    p += suffix;
    bytes_.insert(bytes_.end(), b.begin(), b.end());
    leaves_.push_back({std::move(p), std::move(b)});
  }

  void put(bool v, const FieldFormat&) { leaf("", {static_cast<uint8_t>(v ? 1 : 0)}); }
  template <std::integral Int>
    requires(!std::is_same_v<Int, bool>)
  void put(Int v, const FieldFormat& f) {
    // VarInt and VarLong write the two's complement bits 7 at a time, lowest group first.
    if (f.varint) leaf("", varint_bytes(static_cast<uint32_t>(static_cast<int32_t>(v))));
    else if (f.varlong) leaf("", varint_bytes(static_cast<uint64_t>(static_cast<int64_t>(v))));
    else leaf("", big_endian(static_cast<uint64_t>(v), sizeof(Int)));
  }
  void put(float v, const FieldFormat&) {
    uint32_t bits;
    std::memcpy(&bits, &v, 4);
    leaf("", big_endian(bits, 4));
  }
  void put(double v, const FieldFormat&) {
    uint64_t bits;
    std::memcpy(&bits, &v, 8);
    leaf("", big_endian(bits, 8));
  }
  void put(const std::string& v, const FieldFormat&) {
    Bytes b = varint_bytes(v.size());
    b.insert(b.end(), v.begin(), v.end());
    leaf("", std::move(b));
  }
  void put(const Uuid& v, const FieldFormat&) {
    Bytes b = big_endian(v.most, 8);
    const Bytes low = big_endian(v.least, 8);
    b.insert(b.end(), low.begin(), low.end());
    leaf("", std::move(b));
  }
  void put(const BlockPos& v, const FieldFormat&) {
    // x in the top 26 bits, z in the next 26, y in the low 12.
    const uint64_t packed = (uint64_t(uint32_t(v.x)) & 0x3FFFFFF) << 38 |
                            (uint64_t(uint32_t(v.z)) & 0x3FFFFFF) << 12 | (uint64_t(uint32_t(v.y)) & 0xFFF);
    leaf("", big_endian(packed, 8));
  }
  void put(const Angle& v, const FieldFormat&) { leaf("", {v.steps}); }
  void put(const BitSet& v, const FieldFormat&) {
    Bytes b = varint_bytes(v.words.size());
    for (uint64_t w : v.words) {
      const Bytes word = big_endian(w, 8);
      b.insert(b.end(), word.begin(), word.end());
    }
    leaf("", std::move(b));
  }
  void put(const LpVec3& v, const FieldFormat&) {
    // Zero vector: one 0 byte. Else 48 bits: 2 scale bits, a continuation bit, then three 15-bit
    // quanta; written as two bytes and an int (lowest first), then the scale's rest as a VarInt.
    if (v.scale == 0) return leaf("", {0});
    const bool more = v.scale > 3;
    const uint64_t packed = (uint64_t(v.scale) & 3) | (more ? 4u : 0u) | uint64_t(v.qx & 0x7FFF) << 3 |
                            uint64_t(v.qy & 0x7FFF) << 18 | uint64_t(v.qz & 0x7FFF) << 33;
    Bytes b = {static_cast<uint8_t>(packed), static_cast<uint8_t>(packed >> 8)};
    const Bytes high = big_endian(packed >> 16, 4);
    b.insert(b.end(), high.begin(), high.end());
    if (more) {
      const Bytes rest = varint_bytes(static_cast<uint32_t>(v.scale >> 2));
      b.insert(b.end(), rest.begin(), rest.end());
    }
    leaf("", std::move(b));
  }
  void put(const nbt::Tag& v, const FieldFormat&) {
    // NBT has its own reader and writer tests; here it is one opaque leaf.
    ByteWriter w;
    nbt::write_network(w, v);
    leaf("", w.take());
  }
  void put(const Bytes& v, const FieldFormat& f) {
    Bytes b = f.rest ? Bytes{} : varint_bytes(v.size());
    b.insert(b.end(), v.begin(), v.end());
    leaf("", std::move(b));
  }
  template <size_t N>
  void put(const std::array<uint8_t, N>& v, const FieldFormat&) {
    leaf("", Bytes(v.begin(), v.end()));
  }
  template <size_t Bits>
  void put(const FixedBitSet<Bits>& v, const FieldFormat&) {
    leaf("", Bytes(v.bytes.begin(), v.bytes.end()));
  }
  template <class T>
  void put(std::optional<T>& v, const FieldFormat& f) {
    // A boolean prefix, unless an earlier field says whether the value is there.
    const bool present = f.has_when ? f.when : v.has_value();
    if (!f.has_when) leaf("?", {static_cast<uint8_t>(present ? 1 : 0)});
    if (!present) return;
    if (!v) {
      T fallback{};
      put(fallback, f.inner());
      return;
    }
    put(*v, f.inner());
  }
  template <class T>
    requires(!std::is_same_v<T, uint8_t>)
  void put(std::vector<T>& v, const FieldFormat& f) {
    leaf("#count", varint_bytes(v.size()));
    for (size_t i = 0; i < v.size(); ++i) {
      path_.push_back("[" + std::to_string(i) + "]");
      put(v[i], f);
      path_.pop_back();
    }
  }
  template <Declared T>
  void put(T& v, const FieldFormat&) {
    v.fields(*this);
  }

  std::vector<std::string> path_;
  Bytes bytes_;
  std::vector<Leaf> leaves_;
};

// The reference wire form of a value (a copy: fields() is non-const).
template <Declared T>
ReferenceWire reference_wire(T value) {
  ReferenceWire w;
  value.fields(w);
  return w;
}

}  // namespace hz::testing
