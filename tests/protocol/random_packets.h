// A visitor that fills any declared packet with random values within its declared limits, so
// one rapidcheck property covers every packet. Must run inside a property.
#pragma once

#include <rapidcheck.h>

#include <array>
#include <concepts>
#include <optional>
#include <string>
#include <vector>

#include "sim/protocol/codec.h"
#include "tests/protocol/random_values.h"

namespace hz::testing {

inline std::string random_identifier() {
  static const std::string kChars = "abcdefghijklmnopqrstuvwxyz0123456789_-.";
  auto part = [&](bool path) {
    std::string s;
    int n = *rc::gen::inRange(1, 12);
    for (int i = 0; i < n; ++i) {
      s.push_back(kChars[*rc::gen::inRange<size_t>(0, kChars.size())]);
      if (path && *rc::gen::inRange(0, 8) == 0) s.push_back('/');
    }
    return s;
  };
  if (*rc::gen::inRange(0, 4) == 0) return part(true);  // namespace left implicit
  return part(false) + ":" + part(true);
}

class RandomFill {
 public:
  template <class T, class... Options>
  void operator()(std::string_view, T& value, Options... options) {
    fill(value, make_format(options...));
  }

  template <class T, class Fn>
  void each(std::string_view, std::vector<T>& items, Fn&& fn) {
    items.assign(static_cast<size_t>(*rc::gen::inRange(0, 4)), T{});
    for (T& item : items) fn(*this, item);
  }

 private:
  void fill(bool& v, const FieldFormat&) { v = *rc::gen::arbitrary<bool>(); }
  template <std::integral Int>
  void fill(Int& v, const FieldFormat& f) {
    if (f.min != FieldFormat{}.min || f.max != FieldFormat{}.max) {
      v = static_cast<Int>(*rc::gen::inRange<int64_t>(f.min, f.max + 1));
    } else {
      v = *rc::gen::arbitrary<Int>();
    }
  }
  void fill(float& v, const FieldFormat&) { v = random_float_bits(); }
  void fill(double& v, const FieldFormat&) { v = random_double_bits(); }
  void fill(std::string& v, const FieldFormat& f) {
    v = f.identifier ? random_identifier() : random_utf8(f.max_chars);
  }
  void fill(Uuid& v, const FieldFormat&) {
    v.most = *rc::gen::arbitrary<uint64_t>();
    v.least = *rc::gen::arbitrary<uint64_t>();
  }
  void fill(BlockPos& v, const FieldFormat&) {
    v.x = *rc::gen::inRange(-(1 << 25), 1 << 25);
    v.z = *rc::gen::inRange(-(1 << 25), 1 << 25);
    v.y = *rc::gen::inRange(-(1 << 11), 1 << 11);
  }
  void fill(Angle& v, const FieldFormat&) { v.steps = *rc::gen::arbitrary<uint8_t>(); }
  void fill(BitSet& v, const FieldFormat&) {
    v.words = *rc::gen::container<std::vector<uint64_t>>(static_cast<size_t>(*rc::gen::inRange(0, 4)),
                                                         rc::gen::arbitrary<uint64_t>());
  }
  void fill(LpVec3& v, const FieldFormat&) {
    v = LpVec3{};
    if (*rc::gen::arbitrary<bool>()) return;
    v.scale = *rc::gen::inRange<int64_t>(1, int64_t{1} << 34);
    v.qx = *rc::gen::inRange<uint16_t>(0, 0x8000);
    v.qy = *rc::gen::inRange<uint16_t>(0, 0x8000);
    v.qz = *rc::gen::inRange<uint16_t>(0, 0x8000);
  }
  void fill(nbt::Tag& v, const FieldFormat&) {
    v = *rc::gen::inRange(0, 8) == 0 ? nbt::Tag() : random_tag(3);
  }
  void fill(Bytes& v, const FieldFormat& f) {
    size_t n = static_cast<size_t>(*rc::gen::inRange(0, std::min(f.max_count, 48) + 1));
    v = *rc::gen::container<Bytes>(n, rc::gen::arbitrary<uint8_t>());
  }
  template <size_t N>
  void fill(std::array<uint8_t, N>& v, const FieldFormat&) {
    for (uint8_t& b : v) b = *rc::gen::arbitrary<uint8_t>();
  }
  template <size_t Bits>
  void fill(FixedBitSet<Bits>& v, const FieldFormat& f) {
    fill(v.bytes, f);
  }
  template <class T>
  void fill(std::optional<T>& v, const FieldFormat& f) {
    bool present = f.has_when ? f.when : *rc::gen::arbitrary<bool>();
    v.reset();
    if (present) fill(v.emplace(), f.inner());
  }
  template <class T>
    requires(!std::is_same_v<T, uint8_t>)
  void fill(std::vector<T>& v, const FieldFormat& f) {
    v.assign(static_cast<size_t>(*rc::gen::inRange(0, std::min(f.max_count, 4) + 1)), T{});
    for (T& item : v) fill(item, f);
  }
  template <Declared T>
  void fill(T& v, const FieldFormat&) {
    v.fields(*this);
  }
};

// A packet (or any declared value) with random fields.
template <Declared T>
T random_declared() {
  T value{};
  RandomFill fill;
  value.fields(fill);
  return value;
}

}  // namespace hz::testing
