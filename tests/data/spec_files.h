// Locates and reads the vanilla reference files the data tests compare against; they live outside
// the repository ($HZ_SPEC_DIR, else the shared spec folder beside the checkout). Missing: a failure.
#pragma once

#include <gtest/gtest.h>

#include <cstdlib>
#include <fstream>
#include <optional>
#include <sstream>
#include <string>

#include "tests/data/json_reader.h"

namespace hz::test {

inline std::string spec_path(const std::string& file) {
  if (const char* dir = std::getenv("HZ_SPEC_DIR")) return std::string(dir) + "/" + file;
  return std::string(HZ_SOURCE_DIR) + "/../shared/spec/" + file;
}

// The parsed file, or nullopt when it is absent or unreadable (tests then fail, or skip with the
// opt-out below, saying why).
inline std::optional<JsonValue> load_spec_json(const std::string& file) {
  std::ifstream in(spec_path(file));
  if (!in) return std::nullopt;
  std::stringstream text;
  text << in.rdbuf();
  return JsonReader(text.str()).parse();
}

// A missing reference file fails the test: a comparison that silently does not run would pass in
// CI forever. A developer without the spec folder sets HZ_SPEC_OPTIONAL=1 to skip instead; CI
// never sets it (docs/testing.md).
inline bool spec_optional() {
  const char* v = std::getenv("HZ_SPEC_OPTIONAL");
  return v != nullptr && std::string(v) == "1";
}

}  // namespace hz::test

// Ends the current test when `file` could not be read: a failure, or a skip under the opt-out.
#define HZ_SPEC_MISSING(file)                                                                      \
  do {                                                                                             \
    if (::hz::test::spec_optional()) {                                                             \
      GTEST_SKIP() << "reference file not readable at " << ::hz::test::spec_path(file)             \
                   << " (skipped: HZ_SPEC_OPTIONAL=1)";                                            \
    }                                                                                              \
    GTEST_FAIL() << "reference file not readable at " << ::hz::test::spec_path(file)               \
                 << "; set HZ_SPEC_DIR to the spec folder, or HZ_SPEC_OPTIONAL=1 to skip outside CI"; \
  } while (false)
