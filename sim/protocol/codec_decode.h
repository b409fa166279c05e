// The decoding visitor: walks a declaration's fields() and reads each field from a ByteReader,
// enforcing the declared limits before allocating. The first failure stops the walk and is kept
// with the path of the field that caused it.
#pragma once

#include <algorithm>
#include <array>
#include <optional>
#include <string>
#include <string_view>
#include <type_traits>
#include <vector>

#include "sim/protocol/codec_encode.h"
#include "sim/protocol/fields.h"
#include "sim/protocol/nbt.h"
#include "sim/protocol/wire.h"

namespace hz {

class Decoder {
 public:
  explicit Decoder(ByteReader& in) : in_(in) {}

  template <class T, class... Options>
  void operator()(std::string_view name, T& value, Options... options) {
    if (!in_.ok()) return;
    path_.push_back({name, -1});
    read(value, make_format(options...));
    if (!in_.ok()) note_failure();
    path_.pop_back();
  }

  template <class T, class Fn>
  void each(std::string_view name, std::vector<T>& items, Fn&& fn) {
    if (!in_.ok()) return;
    path_.push_back({name, -1});
    int32_t n = count(FieldFormat{});
    items.clear();
    for (int32_t i = 0; i < n && in_.ok(); ++i) {
      path_.push_back({{}, i});
      fn(*this, items.emplace_back());
      if (!in_.ok()) note_failure();
      path_.pop_back();
    }
    if (!in_.ok()) note_failure();
    path_.pop_back();
  }

  // Where and why decoding failed, e.g. "field entries[2].name: string longer than allowed".
  std::string failure_text() const;

 private:
  struct Segment {
    std::string_view name;
    int64_t index;  // >= 0 for an array element
  };

  void note_failure();
  void fail(std::string detail) {
    if (detail_.empty()) detail_ = std::move(detail);
    in_.fail(WireError::kBadValue);
  }
  template <class Int>
  void check_range(Int v, const FieldFormat& f) {
    if (!in_.ok()) return;
    auto wide = static_cast<int64_t>(v);
    if (wide < f.min || wide > f.max) {
      fail("value " + std::to_string(wide) + " outside [" + std::to_string(f.min) + ", " + std::to_string(f.max) + "]");
    }
  }
  // An element count: VarInt within the declared maximum and, since each element takes at least
  // one byte, within the bytes left.
  int32_t count(const FieldFormat& f);

  void read(bool& v, const FieldFormat&) { v = in_.boolean(); }
  void read(int8_t& v, const FieldFormat& f) { check_range(v = in_.i8(), f); }
  void read(uint8_t& v, const FieldFormat& f) { check_range(v = in_.u8(), f); }
  void read(int16_t& v, const FieldFormat& f) { check_range(v = in_.i16(), f); }
  void read(uint16_t& v, const FieldFormat& f) { check_range(v = in_.u16(), f); }
  void read(int32_t& v, const FieldFormat& f) { check_range(v = f.varint ? in_.varint() : in_.i32(), f); }
  void read(int64_t& v, const FieldFormat& f) { check_range(v = f.varlong ? in_.varlong() : in_.i64(), f); }
  void read(float& v, const FieldFormat&) { v = in_.f32(); }
  void read(double& v, const FieldFormat&) { v = in_.f64(); }
  void read(std::string& v, const FieldFormat& f);
  void read(Uuid& v, const FieldFormat&) { v = in_.uuid(); }
  void read(BlockPos& v, const FieldFormat&) { v = in_.position(); }
  void read(Angle& v, const FieldFormat&) { v.steps = in_.u8(); }
  void read(BitSet& v, const FieldFormat&) { v.words = in_.bitset(static_cast<int>(std::min<size_t>(in_.remaining() / 8, 1 << 20))); }
  void read(LpVec3& v, const FieldFormat&);
  void read(nbt::Tag& v, const FieldFormat&);
  void read(Bytes& v, const FieldFormat& f);
  template <size_t N>
  void read(std::array<uint8_t, N>& v, const FieldFormat&) {
    auto bytes = in_.view(N);
    if (in_.ok()) std::copy(bytes.begin(), bytes.end(), v.begin());
  }
  template <size_t Bits>
  void read(FixedBitSet<Bits>& v, const FieldFormat& f) {
    read(v.bytes, f);
  }
  template <class T>
  void read(std::optional<T>& v, const FieldFormat& f) {
    bool present = f.has_when ? f.when : in_.boolean();
    v.reset();
    if (!present || !in_.ok()) return;
    read(v.emplace(), f.inner());
  }
  template <class T>
    requires(!std::is_same_v<T, uint8_t>)
  void read(std::vector<T>& v, const FieldFormat& f) {
    int32_t n = count(f);
    v.clear();
    v.reserve(static_cast<size_t>(n));
    for (int32_t i = 0; i < n && in_.ok(); ++i) {
      path_.push_back({{}, i});
      read(v.emplace_back(), f);
      if (!in_.ok()) note_failure();
      path_.pop_back();
    }
  }
  template <Declared T>
  void read(T& v, const FieldFormat&) {
    v.fields(*this);
  }

  ByteReader& in_;
  std::vector<Segment> path_;
  std::string failed_path_;  // set once, at the innermost field that failed
  std::string detail_;       // a reason more specific than the reader's error code
};

}  // namespace hz
