// The 28 synchronized registries sent during configuration, with each entry's data as network
// NBT (generated from minecraft-data's loginPacket.json into generated/registries.cpp).
#pragma once

#include <cstdint>
#include <span>
#include <string_view>

namespace hz {

struct RegistryEntry {
  std::string_view name;            // "minecraft:plains"
  std::span<const uint8_t> nbt;     // network NBT: type byte + payload, nameless root compound
};

struct Registry {
  std::string_view name;                  // "minecraft:worldgen/biome"
  std::span<const RegistryEntry> entries; // order = network ids
};

// All synchronized registries in the order vanilla sends them.
std::span<const Registry> synced_registries();
// Network id of an entry, or -1 when the registry or entry is unknown.
int registry_entry_id(std::string_view registry, std::string_view entry);

}  // namespace hz
