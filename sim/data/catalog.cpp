// Item and entity type lookups of catalog.h: binary search over the generated sorted tables.
#include "sim/data/catalog.h"

#include <algorithm>

#include "sim/data/catalog_tables.h"

namespace hz {
namespace {

std::optional<int> find_id(std::span<const catalog_tables::NamedId> table, std::string_view name) {
  constexpr std::string_view kNamespace = "minecraft:";
  if (name.starts_with(kNamespace)) name.remove_prefix(kNamespace.size());
  const auto it = std::lower_bound(table.begin(), table.end(), name,
                                   [](const catalog_tables::NamedId& entry, std::string_view key) { return entry.name < key; });
  if (it == table.end() || it->name != name) return std::nullopt;
  return it->id;
}

}  // namespace

std::optional<int> item_id(std::string_view name) { return find_id(catalog_tables::items_by_name(), name); }

std::optional<int> entity_type_id(std::string_view name) {
  return find_id(catalog_tables::entity_types_by_name(), name);
}

}  // namespace hz
