// Test helper: values written as a snapshot writes them, and read back the same way
// (sim/game/snapshot/state_io.h), for the tests that restore a system and compare.
#pragma once

#include "sim/game/snapshot/state_io.h"

namespace hz::testing {

template <class... T>
Bytes state_bytes(const T&... values) {
  StateWriter writer;
  writer(values...);
  return writer.take();
}

// Reads `bytes` into `values`; false when the read fails or leaves bytes over.
template <class... T>
bool read_into(const Bytes& bytes, T&... values) {
  StateReader reader(bytes);
  reader(values...);
  reader.expect_end();
  return reader.ok();
}

}  // namespace hz::testing
