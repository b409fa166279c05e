// Raw name -> id tables produced by tools/datagen into generated/catalog.cpp, sorted by name;
// catalog.cpp answers the lookups of catalog.h with them. Internal to sim/data.
#pragma once

#include <cstdint>
#include <span>
#include <string_view>

#include "sim/data/catalog.h"

namespace hz::catalog_tables {

struct NamedId {
  std::string_view name;  // without namespace
  int32_t id;
};

std::span<const NamedId> items_by_name();         // sorted by name
std::span<const NamedId> entity_types_by_name();  // sorted by name
std::span<const uint8_t> item_stack_sizes();        // by item id
std::span<const uint16_t> item_max_damages();       // by item id; 0 = does not wear

}  // namespace hz::catalog_tables
