// Test shorthands for reading a saved compound: a field that must be there (a missing one fails
// the test and reads as an empty tag) and the keys in the order they were written.
#pragma once

#include <gtest/gtest.h>

#include <string>
#include <string_view>
#include <vector>

#include "sim/protocol/nbt.h"

namespace hz::testing {

inline const nbt::Tag& at(const nbt::Compound& c, std::string_view key) {
  const nbt::Tag* tag = c.find(key);
  EXPECT_NE(tag, nullptr) << "missing " << key;
  static const nbt::Tag none;
  return tag ? *tag : none;
}

inline std::vector<std::string> keys_of(const nbt::Compound& c) {
  std::vector<std::string> out;
  for (const auto& [key, value] : c) out.push_back(key);
  return out;
}

}  // namespace hz::testing
