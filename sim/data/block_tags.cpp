#include "sim/data/block_tags.h"

#include <map>
#include <string>

#include "sim/core/check.h"
#include "sim/data/tags.h"

namespace hz {
namespace {

// Lookups only: the map's order never reaches an output.
const std::map<std::string_view, std::vector<bool>>& block_tag_tables() {
  static const std::map<std::string_view, std::vector<bool>> tables = [] {
    std::map<std::string_view, std::vector<bool>> out;
    for (const TagRegistry& registry : synced_tags()) {
      if (registry.registry != "minecraft:block") continue;
      for (const Tag& tag : registry.tags) {
        std::vector<bool>& members = out[tag.name];
        members.assign(static_cast<size_t>(block_count()), false);
        for (int32_t id : tag.ids) members[static_cast<size_t>(id)] = true;
      }
    }
    return out;
  }();
  return tables;
}

}  // namespace

const std::vector<bool>& block_tag_members(std::string_view tag) {
  const auto it = block_tag_tables().find(tag);
  HZ_CHECK(it != block_tag_tables().end(), std::string("no block tag ") + std::string(tag));
  return it->second;
}

bool block_in_tag(BlockId block, std::string_view tag) { return block_tag_members(tag)[block]; }

}  // namespace hz
