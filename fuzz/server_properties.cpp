// Fuzz target: the server.properties parser. Invariants: it never crashes; an accepted file
// written back by Horizon parses again, and writing that gives the same text (typed values are
// written in their normal form, as vanilla does: "099" comes back as "99", then stays so).
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
  assert(again.properties);
  assert(hz::write_server_properties(*again.properties, "fuzz") == written);
  return 0;
}
