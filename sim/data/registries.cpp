// Lookups over the generated synchronized registries (generated/registries.cpp).
#include "sim/data/registries.h"

namespace hz {

int registry_entry_id(std::string_view registry, std::string_view entry) {
  for (const Registry& candidate : synced_registries()) {
    if (candidate.name != registry) continue;
    for (size_t id = 0; id < candidate.entries.size(); ++id) {
      if (candidate.entries[id].name == entry) return static_cast<int>(id);
    }
    return -1;
  }
  return -1;
}

}  // namespace hz
