#include "sim/world/anvil/block_state_nbt.h"

#include <algorithm>
#include <span>
#include <vector>

#include "sim/data/registries.h"

namespace hz::anvil {
namespace {

constexpr std::string_view kNamespace = "minecraft:";
constexpr std::string_view kBiomeRegistry = "minecraft:worldgen/biome";

// Value index of each property of `state`, in property order (the last property varies fastest).
std::vector<size_t> property_digits(const BlockInfo& info, BlockStateId state) {
  std::vector<size_t> digits(info.properties.size());
  size_t offset = static_cast<size_t>(state - info.min_state);
  for (size_t i = info.properties.size(); i-- > 0;) {
    const size_t radix = info.properties[i].values.size();
    digits[i] = offset % radix;
    offset /= radix;
  }
  return digits;
}

BlockStateId state_from_digits(const BlockInfo& info, const std::vector<size_t>& digits) {
  size_t offset = 0;
  for (size_t i = 0; i < digits.size(); ++i) offset = offset * info.properties[i].values.size() + digits[i];
  return static_cast<BlockStateId>(info.min_state + offset);
}

std::span<const RegistryEntry> biome_entries() {
  for (const Registry& r : synced_registries()) {
    if (r.name == kBiomeRegistry) return r.entries;
  }
  return {};
}

}  // namespace

nbt::Compound block_state_to_nbt(BlockStateId state) {
  const BlockInfo& info = block_info(block_of_state(state));
  nbt::Compound entry;
  entry.put("Name", std::string(kNamespace) + std::string(info.name));
  if (!info.properties.empty()) {
    nbt::Compound properties;
    const std::vector<size_t> digits = property_digits(info, state);
    for (size_t i = 0; i < digits.size(); ++i) {
      properties.put(std::string(info.properties[i].name), std::string(info.properties[i].values[digits[i]]));
    }
    entry.put("Properties", std::move(properties));
  }
  return entry;
}

BlockStateId block_state_from_nbt(const nbt::Compound& entry, std::string& problem) {
  const nbt::Tag* name_tag = entry.find("Name");
  const std::string* name = name_tag ? name_tag->as<std::string>() : nullptr;
  if (!name) {
    problem = "palette entry without a Name; using air";
    return 0;
  }
  const auto block = block_by_name(*name);
  if (!block) {
    problem = "unknown block " + *name + "; using air";
    return 0;
  }
  const BlockInfo& info = block_info(*block);
  std::vector<size_t> digits = property_digits(info, info.default_state);
  const nbt::Tag* props_tag = entry.find("Properties");
  const nbt::Compound* props = props_tag ? props_tag->as<nbt::Compound>() : nullptr;
  for (size_t i = 0; i < info.properties.size() && props; ++i) {
    const nbt::Tag* value_tag = props->find(info.properties[i].name);
    const std::string* value = value_tag ? value_tag->as<std::string>() : nullptr;
    if (!value) continue;  // missing: the default, silently (StateDefinition)
    const auto values = info.properties[i].values;
    const auto found = std::find(values.begin(), values.end(), *value);
    if (found != values.end()) digits[i] = static_cast<size_t>(found - values.begin());
  }
  return state_from_digits(info, digits);
}

std::string_view biome_name(uint16_t biome_id) {
  const auto entries = biome_entries();
  return biome_id < entries.size() ? entries[biome_id].name : std::string_view("minecraft:plains");
}

uint16_t biome_from_name(std::string_view name, std::string& problem) {
  static const int plains = registry_entry_id(kBiomeRegistry, "minecraft:plains");
  std::string full(name);
  if (full.find(':') == std::string::npos) full = std::string(kNamespace) + full;
  const int id = registry_entry_id(kBiomeRegistry, full);
  if (id < 0) {
    problem = "unknown biome " + std::string(name) + "; using minecraft:plains";
    return static_cast<uint16_t>(plains);
  }
  return static_cast<uint16_t>(id);
}

}  // namespace hz::anvil
