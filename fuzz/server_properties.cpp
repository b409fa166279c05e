// Fuzz target: the server.properties parser. Invariants: it never crashes; an accepted file
// written back by Horizon parses again to the same key/value map.
#include <cassert>
#include <string_view>

#include "sim/core/properties.h"

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  std::string_view text(reinterpret_cast<const char*>(data), size);
  auto parsed = hz::parse_server_properties(text);
  if (!parsed.properties) {
    assert(parsed.error && !parsed.error->message.empty());
    return 0;
  }
  std::string written = hz::write_server_properties(*parsed.properties, "fuzz");
  auto again = hz::parse_server_properties(written);
  assert(again.properties && again.properties->raw == parsed.properties->raw);
  return 0;
}
