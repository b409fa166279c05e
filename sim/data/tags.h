// Tags sent in the configuration phase (Update Tags): per registry, tag name to network ids.
// Built by tools/datagen from stated rules; docs/data.md says which tags are exact.
#pragma once

#include <cstdint>
#include <span>
#include <string_view>

namespace hz {

struct Tag {
  std::string_view name;            // "minecraft:climbable"
  std::span<const int32_t> ids;
};

struct TagRegistry {
  std::string_view registry;        // "minecraft:block"
  std::span<const Tag> tags;
};

std::span<const TagRegistry> synced_tags();

}  // namespace hz
