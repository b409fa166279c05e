#include "sim/data/item_tags.h"

#include <algorithm>
#include <string>

#include "sim/core/check.h"
#include "sim/data/tags.h"

namespace hz {

bool item_in_tag(int32_t item, std::string_view tag) {
  for (const TagRegistry& registry : synced_tags()) {
    if (registry.registry != "minecraft:item") continue;
    for (const Tag& t : registry.tags)
      if (t.name == tag) return std::find(t.ids.begin(), t.ids.end(), item) != t.ids.end();
  }
  HZ_CHECK(false, std::string("no item tag ") + std::string(tag));
  return false;
}

}  // namespace hz
