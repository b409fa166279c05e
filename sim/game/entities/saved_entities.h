// Entities kept with their chunks (docs/rules/saved-entities.md): reads a chunk's record from the
// dimension's `entities` store once the chunk is ready and hands each entity to the system that
// registered its type; writes the record when the chunk saves or unloads.
#pragma once

#include <cstdint>
#include <map>
#include <optional>
#include <string>
#include <vector>

#include "sim/game/entities/entity_persistence.h"
#include "sim/game/ports.h"
#include "sim/game/world/world_chunks.h"

namespace hz {

// A chunk's record in the entities store (EntityStorage.storeEntities): DataVersion, Entities,
// Position [I; x, z].
Bytes encode_entity_chunk(ChunkPos pos, const std::vector<nbt::Compound>& entities);
struct EntityChunk {
  ChunkPos position;  // as stored (may differ from where it was found)
  std::vector<nbt::Compound> entities;
};
Result<EntityChunk> decode_entity_chunk(std::span<const uint8_t> nbt);

class SavedEntities final : public EntityChunkKeeper {
 public:
  explicit SavedEntities(ServerLog& log) : log_(log) {}

  // A system registers once, at wiring time; a type registered twice keeps the first system.
  void add(EntityPersistence& system);

  // EntityChunkKeeper
  void on_entities_read(ChunkPos pos, const Bytes* nbt) override;
  std::optional<Bytes> entities_to_save(ChunkPos pos, bool unloading) override;

  // Chunks whose record has been read (their entities are live).
  size_t loaded_chunks() const { return chunks_.size(); }
  uint64_t hash() const;
  template <class Io>
  void state_fields(Io& io) {
    io(chunks_, loaded_, dropped_);
  }

 private:
  struct ChunkState {
    bool stored = false;                  // the store holds a non-empty record for it
    std::vector<nbt::Compound> unknown;   // entities of types nobody registered, written back as read
    template <class Io>
    void state_fields(Io& io) {
      io(stored, unknown);
    }
  };

  ServerLog& log_;
  std::vector<EntityPersistence*> systems_;
  std::map<std::string, EntityPersistence*, std::less<>> by_type_;
  std::map<ChunkPos, ChunkState> chunks_;
  uint64_t loaded_ = 0, dropped_ = 0;
};

}  // namespace hz
