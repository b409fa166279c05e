// The encoding visitor: walks a declaration's fields() and writes each field in wire form.
// Encoding never fails; values are trusted (limits are enforced when decoding).
#pragma once

#include <array>
#include <optional>
#include <string>
#include <string_view>
#include <type_traits>
#include <vector>

#include "sim/protocol/fields.h"
#include "sim/protocol/nbt.h"
#include "sim/protocol/wire.h"

namespace hz {

// Anything with a fields(visitor) member: packets and the structures nested in them.
template <class T>
concept Declared = requires(T& t) { &T::template fields<int>; };

class Encoder {
 public:
  explicit Encoder(ByteWriter& out) : out_(out) {}

  template <class T, class... Options>
  void operator()(std::string_view, T& value, Options... options) {
    write(value, make_format(options...));
  }

  // A prefixed array whose element layout is given inline by `fn(visitor, element)`.
  template <class T, class Fn>
  void each(std::string_view, std::vector<T>& items, Fn&& fn) {
    out_.varint(static_cast<int32_t>(items.size()));
    for (T& item : items) fn(*this, item);
  }

 private:
  void write(bool v, const FieldFormat&) { out_.boolean(v); }
  void write(int8_t v, const FieldFormat&) { out_.i8(v); }
  void write(uint8_t v, const FieldFormat&) { out_.u8(v); }
  void write(int16_t v, const FieldFormat&) { out_.i16(v); }
  void write(uint16_t v, const FieldFormat&) { out_.u16(v); }
  void write(int32_t v, const FieldFormat& f) { f.varint ? out_.varint(v) : out_.i32(v); }
  void write(int64_t v, const FieldFormat& f) { f.varlong ? out_.varlong(v) : out_.i64(v); }
  void write(float v, const FieldFormat&) { out_.f32(v); }
  void write(double v, const FieldFormat&) { out_.f64(v); }
  void write(const std::string& v, const FieldFormat&) { out_.string(v); }
  void write(const Uuid& v, const FieldFormat&) { out_.uuid(v); }
  void write(const BlockPos& v, const FieldFormat&) { out_.position(v); }
  void write(const Angle& v, const FieldFormat&) { out_.u8(v.steps); }
  void write(const BitSet& v, const FieldFormat&) { out_.bitset(v.words); }
  void write(const LpVec3& v, const FieldFormat&);
  void write(const nbt::Tag& v, const FieldFormat&) { nbt::write_network(out_, v); }
  void write(const Bytes& v, const FieldFormat& f) {
    if (!f.rest) out_.varint(static_cast<int32_t>(v.size()));
    out_.raw(v);
  }
  template <size_t N>
  void write(const std::array<uint8_t, N>& v, const FieldFormat&) {
    out_.raw(v.data(), N);
  }
  template <size_t Bits>
  void write(const FixedBitSet<Bits>& v, const FieldFormat&) {
    out_.raw(v.bytes.data(), v.bytes.size());
  }
  template <class T>
  void write(std::optional<T>& v, const FieldFormat& f) {
    bool present = f.has_when ? f.when : v.has_value();
    if (!f.has_when) out_.boolean(present);
    if (!present) return;
    if (!v.has_value()) {
      // Declared present by an earlier field but left empty: write the default so the packet
      // stays well-formed.
      T fallback{};
      write(fallback, f.inner());
      return;
    }
    write(*v, f.inner());
  }
  template <class T>
    requires(!std::is_same_v<T, uint8_t>)  // byte vectors are byte arrays, above
  void write(std::vector<T>& v, const FieldFormat& f) {
    out_.varint(static_cast<int32_t>(v.size()));
    for (T& item : v) write(item, f);
  }
  template <Declared T>
  void write(T& v, const FieldFormat&) {
    v.fields(*this);
  }

  ByteWriter& out_;
};

}  // namespace hz
