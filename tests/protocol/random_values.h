// Random protocol values for rapidcheck properties: UTF-8 strings within a length limit and NBT
// trees. Each function draws with `*gen` and so must run inside a property.
#pragma once

#include <rapidcheck.h>

#include <cstring>
#include <string>

#include "sim/protocol/mutf8.h"
#include "sim/protocol/nbt.h"

namespace hz::testing {

// A code point from every UTF-8 length class, U+0000 included, surrogates excluded.
inline uint32_t random_code_point() {
  return *rc::gen::weightedOneOf<uint32_t>({
      {6, rc::gen::inRange<uint32_t>(0x20, 0x7F)},
      {1, rc::gen::just<uint32_t>(0)},
      {2, rc::gen::inRange<uint32_t>(0x80, 0x800)},
      {2, rc::gen::inRange<uint32_t>(0x800, 0xD800)},
      {1, rc::gen::inRange<uint32_t>(0xE000, 0x10000)},
      {2, rc::gen::inRange<uint32_t>(0x10000, 0x110000)},
  });
}

// Valid UTF-8 of at most `max_units` UTF-16 units (the unit Java and the protocol count in).
inline std::string random_utf8(int max_units, int typical_max = 24) {
  int target = *rc::gen::inRange(0, std::min(max_units, typical_max) + 1);
  std::string s;
  int units = 0;
  while (units < target) {
    uint32_t cp = random_code_point();
    int need = cp >= 0x10000 ? 2 : 1;
    if (units + need > max_units) break;
    append_utf8(cp, s);
    units += need;
  }
  return s;
}

inline float random_float_bits() {
  uint32_t bits = *rc::gen::arbitrary<uint32_t>();
  float f;
  std::memcpy(&f, &bits, 4);
  return f;
}

inline double random_double_bits() {
  uint64_t bits = *rc::gen::arbitrary<uint64_t>();
  double d;
  std::memcpy(&d, &bits, 8);
  return d;
}

inline nbt::Tag random_tag(int depth);

inline nbt::Compound random_compound(int depth) {
  nbt::Compound c;
  int n = *rc::gen::inRange(0, 5);
  for (int i = 0; i < n; ++i) c.put(random_utf8(12, 8), random_tag(depth - 1));
  return c;
}

// A tag of type `kind` (1..12); containers nest up to `depth` more levels.
inline nbt::Tag random_tag_of(int kind, int depth) {
  switch (kind) {
    case 1: return nbt::Tag(*rc::gen::arbitrary<int8_t>());
    case 2: return nbt::Tag(*rc::gen::arbitrary<int16_t>());
    case 3: return nbt::Tag(*rc::gen::arbitrary<int32_t>());
    case 4: return nbt::Tag(*rc::gen::arbitrary<int64_t>());
    case 5: return nbt::Tag(random_float_bits());
    case 6: return nbt::Tag(random_double_bits());
    case 7: return nbt::Tag(*rc::gen::container<nbt::ByteArray>(rc::gen::arbitrary<int8_t>()));
    case 8: return nbt::Tag(random_utf8(40));
    case 9: {
      // Homogeneous or mixed; vanilla writes mixed lists as wrapped compounds.
      nbt::List list;
      int n = *rc::gen::inRange(0, 5);
      bool mixed = *rc::gen::arbitrary<bool>();
      int item_kind = *rc::gen::inRange(1, depth > 1 ? 13 : 9);
      for (int i = 0; i < n; ++i) {
        int k = mixed ? *rc::gen::inRange(1, depth > 1 ? 13 : 9) : item_kind;
        if (k == 9 && depth <= 1) k = 3;
        list.items.push_back(random_tag_of(k, depth - 1));
      }
      return nbt::Tag(std::move(list));
    }
    case 10: return nbt::Tag(random_compound(depth));
    case 11: return nbt::Tag(*rc::gen::container<nbt::IntArray>(rc::gen::arbitrary<int32_t>()));
    default: return nbt::Tag(*rc::gen::container<nbt::LongArray>(rc::gen::arbitrary<int64_t>()));
  }
}

// Any tag but End, nested up to `depth` levels.
inline nbt::Tag random_tag(int depth) {
  int kind = *rc::gen::inRange(1, 13);
  if (depth <= 0 && (kind == 9 || kind == 10)) kind = 8;
  return random_tag_of(kind, depth);
}

}  // namespace hz::testing
