// Locates and reads the vanilla reference files the data tests compare against; they live outside
// the repository ($HZ_SPEC_DIR, else the shared spec folder beside the checkout).
#pragma once

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

// The parsed file, or nullopt when it is absent or unreadable (tests then skip, saying why).
inline std::optional<JsonValue> load_spec_json(const std::string& file) {
  std::ifstream in(spec_path(file));
  if (!in) return std::nullopt;
  std::stringstream text;
  text << in.rdbuf();
  return JsonReader(text.str()).parse();
}

}  // namespace hz::test
