// Item and entity type lookups of catalog.h: binary search over the generated sorted tables.
#include "sim/data/catalog.h"

#include <algorithm>
#include <vector>

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

// Names by id, built once from the name-sorted table.
static const std::vector<std::string_view>& item_names_by_id() {
  static const std::vector<std::string_view> names = [] {
    std::vector<std::string_view> out;
    for (const catalog_tables::NamedId& entry : catalog_tables::items_by_name()) {
      if (entry.id >= static_cast<int>(out.size())) out.resize(static_cast<size_t>(entry.id) + 1);
      out[static_cast<size_t>(entry.id)] = entry.name;
    }
    return out;
  }();
  return names;
}

std::string_view item_name(int id) {
  const auto& names = item_names_by_id();
  return id >= 0 && id < static_cast<int>(names.size()) ? names[static_cast<size_t>(id)] : std::string_view{};
}

int item_count() { return static_cast<int>(item_names_by_id().size()); }

int item_max_stack_size(int id) {
  std::span<const uint8_t> sizes = catalog_tables::item_stack_sizes();
  if (id < 0 || static_cast<size_t>(id) >= sizes.size()) return 0;
  return sizes[static_cast<size_t>(id)];
}

int item_max_damage(int id) {
  std::span<const uint16_t> damages = catalog_tables::item_max_damages();
  if (id < 0 || static_cast<size_t>(id) >= damages.size()) return 0;
  return damages[static_cast<size_t>(id)];
}

std::optional<int> entity_type_id(std::string_view name) {
  return find_id(catalog_tables::entity_types_by_name(), name);
}

}  // namespace hz
