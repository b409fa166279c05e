#include "sim/data/tag_lookup.h"

#include <algorithm>
#include <string>

#include "sim/core/check.h"
#include "sim/data/tags.h"

namespace hz {

namespace {

bool in_tag(std::string_view registry_name, int32_t id, std::string_view tag) {
  for (const TagRegistry& registry : synced_tags()) {
    if (registry.registry != registry_name) continue;
    for (const Tag& t : registry.tags)
      if (t.name == tag) return std::find(t.ids.begin(), t.ids.end(), id) != t.ids.end();
  }
  HZ_CHECK(false, "no " + std::string(registry_name) + " tag " + std::string(tag));
  return false;
}

}  // namespace

bool item_in_tag(int32_t item, std::string_view tag) { return in_tag("minecraft:item", item, tag); }

bool entity_type_in_tag(int32_t entity_type, std::string_view tag) {
  return in_tag("minecraft:entity_type", entity_type, tag);
}

}  // namespace hz
