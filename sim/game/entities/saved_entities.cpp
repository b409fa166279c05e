#include "sim/game/entities/saved_entities.h"

#include "sim/core/hash.h"
#include "sim/data/catalog.h"

namespace hz {
namespace {

std::string chunk_text(ChunkPos pos) { return "[" + std::to_string(pos.x) + ", " + std::to_string(pos.z) + "]"; }

}  // namespace

Bytes encode_entity_chunk(ChunkPos pos, const std::vector<nbt::Compound>& entities) {
  // The keys in the order EntityStorage.storeEntities puts them.
  nbt::Compound root;
  root.put("DataVersion", int32_t{kDataVersion});
  nbt::List list;
  for (const nbt::Compound& e : entities) list.items.emplace_back(e);
  root.put("Entities", std::move(list));
  root.put("Position", nbt::IntArray{pos.x, pos.z});
  return nbt::file_bytes("", nbt::Tag(std::move(root)));
}

Result<EntityChunk> decode_entity_chunk(std::span<const uint8_t> bytes) {
  Result<nbt::NamedTag> named = nbt::read_file(bytes);
  if (!named) return Error{named.error()};
  const auto* root = named->tag.as<nbt::Compound>();
  if (!root) return Error{"the record is not a compound"};
  EntityChunk out;
  const nbt::Tag* position = root->find("Position");
  const auto* ints = position ? position->as<nbt::IntArray>() : nullptr;
  if (!ints || ints->size() != 2) return Error{"no Position"};
  out.position = ChunkPos{(*ints)[0], (*ints)[1]};
  // childrenListOrEmpty: a missing list, or one of something else, is no entities.
  if (const nbt::Tag* entities = root->find("Entities"))
    if (const auto* list = entities->as<nbt::List>())
      for (const nbt::Tag& item : list->items)
        if (const auto* c = item.as<nbt::Compound>()) out.entities.push_back(*c);
  return out;
}

void SavedEntities::add(EntityPersistence& system) {
  systems_.push_back(&system);
  for (std::string_view type : system.saved_types()) by_type_.emplace(std::string(type), &system);
}

void SavedEntities::on_entities_read(ChunkPos pos, const Bytes* nbt) {
  ChunkState& state = chunks_[pos];
  state = ChunkState{};
  if (nbt == nullptr) return;
  Result<EntityChunk> chunk = decode_entity_chunk(*nbt);
  if (!chunk) {
    log_.log(LogLevel::kError, "Failed to load entity chunk " + chunk_text(pos) + ": " + chunk.error());
    return;
  }
  if (chunk->position != pos)
    log_.log(LogLevel::kError, "Chunk file at " + chunk_text(pos) + " is in the wrong location. (Expected " +
                                   chunk_text(pos) + ", got " + chunk_text(chunk->position) + ")");
  state.stored = !chunk->entities.empty();
  for (nbt::Compound& tag : chunk->entities) {
    const nbt::Tag* id = tag.find("id");
    const auto* type = id ? id->as<std::string>() : nullptr;
    auto system = type ? by_type_.find(*type) : by_type_.end();
    if (system == by_type_.end()) {
      // A type no system here knows (a mob, say): kept as read and written back with the chunk.
      state.unknown.push_back(std::move(tag));
      continue;
    }
    if (system->second->load(tag)) {
      ++loaded_;
    } else {
      ++dropped_;
      log_.log(LogLevel::kWarn, "Skipping invalid " + *type + " in entity chunk " + chunk_text(pos));
    }
  }
}

std::optional<Bytes> SavedEntities::entities_to_save(ChunkPos pos, bool unloading) {
  auto it = chunks_.find(pos);
  // Its record has not been read yet: writing now could replace entities not loaded, so nothing
  // is written and whatever is in the chunk stays in memory.
  if (it == chunks_.end()) return std::nullopt;
  ChunkState& state = it->second;
  std::vector<nbt::Compound> entities;
  for (EntityPersistence* system : systems_) system->save_chunk(pos, entities);
  for (const nbt::Compound& kept : state.unknown) entities.push_back(kept);
  std::optional<Bytes> record;
  if (!entities.empty()) {
    record = encode_entity_chunk(pos, entities);
    state.stored = true;
  } else if (state.stored) {
    record = Bytes{};  // the chunk emptied: its record is removed, as vanilla stores an empty chunk
    state.stored = false;
  }
  if (unloading) {
    for (EntityPersistence* system : systems_) system->unload_chunk(pos);
    chunks_.erase(it);
  }
  return record;
}

uint64_t SavedEntities::hash() const {
  Hasher h;
  // Counters only, so the cost does not grow with the loaded chunks (the state hash runs often).
  h.u64(chunks_.size()), h.u64(loaded_), h.u64(dropped_);
  return h.digest();
}

}  // namespace hz
