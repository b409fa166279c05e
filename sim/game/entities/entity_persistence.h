// How an entity system takes part in saving: it names the entity types it stores, writes the
// saved compounds of its entities in a chunk, lets go of them when the chunk unloads, and reads one back.
#pragma once

#include <string_view>
#include <vector>

#include "sim/protocol/nbt.h"
#include "sim/world/chunk_pos.h"

namespace hz {

// Implemented by each system that owns a kind of non-player entity (items, falling blocks, mobs)
// and registered with SavedEntities; the compound of each kind is written and read by that kind's
// codec file (item_entity_codec.h, falling_block_codec.h).
class EntityPersistence {
 public:
  virtual ~EntityPersistence() = default;
  // The entity type ids ("minecraft:item") whose compounds `load` reads.
  virtual std::vector<std::string_view> saved_types() const = 0;
  // Appends the full compound (with "id") of each of its live entities whose position is in
  // chunk `pos`, in entity id order.
  virtual void save_chunk(ChunkPos pos, std::vector<nbt::Compound>& out) const = 0;
  // The chunk unloaded and its entities are in its record: removes them (viewers are told).
  virtual void unload_chunk(ChunkPos pos) = 0;
  // Adds one entity from a record, with a new network id and its stored UUID; false when the
  // compound is not a valid entity (vanilla drops those, as an item with an empty stack).
  virtual bool load(const nbt::Compound& tag) = 0;
};

}  // namespace hz
