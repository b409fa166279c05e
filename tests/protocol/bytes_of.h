// Test shorthand for writing wire bytes in a test: bytes_of({0x80, 0x01}).
#pragma once

#include <cstdint>
#include <initializer_list>

#include "sim/core/types.h"

namespace hz::testing {

inline Bytes bytes_of(std::initializer_list<int> values) {
  Bytes b;
  for (int v : values) b.push_back(static_cast<uint8_t>(v));
  return b;
}

}  // namespace hz::testing
