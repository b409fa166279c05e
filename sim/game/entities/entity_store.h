// The entities of one kind that a system owns (item entities, experience orbs): kept by entity id
// so they tick in id order, each in a cell of a grid for the searches around a box, the tracker
// told when one arrives or leaves, and saved and unloaded with the chunk they stand in.
#pragma once

#include <algorithm>
#include <cstdint>
#include <map>
#include <memory>
#include <vector>

#include "sim/game/entities/entity_nbt.h"
#include "sim/game/movement/aabb.h"
#include "sim/game/ports.h"
#include "sim/game/tracking/tracking_grid.h"
#include "sim/world/chunk_pos.h"

namespace hz {

// T is an Entity with `removed`. Removal takes two steps, as in vanilla: `discard` marks the
// entity and tells the tracker at once; `purge_removed` forgets it once no loop is walking them.
template <class T>
class EntityStore {
 public:
  explicit EntityStore(EntityTracking& tracking) : tracking_(tracking) {}

  T& add(std::unique_ptr<T> entity) {
    const int32_t id = entity->id();
    T& added = *entities_.emplace(id, std::move(entity)).first->second;
    const int64_t cell = TrackingGrid::cell_of(added.position);
    cells_[id] = cell;
    grid_.insert(id, cell);
    tracking_.add_entity(added);
    return added;
  }

  void discard(T& entity) {
    if (entity.removed) return;
    entity.removed = true;
    tracking_.remove_entity(entity.id());
  }

  void purge_removed() {
    for (auto it = entities_.begin(); it != entities_.end();) {
      if (!it->second->removed) {
        ++it;
        continue;
      }
      grid_.remove(it->first, cells_.at(it->first));
      cells_.erase(it->first);
      it = entities_.erase(it);
    }
  }

  // After the entity moved: its grid cell follows.
  void refresh_cell(T& entity) {
    const int64_t cell = TrackingGrid::cell_of(entity.position);
    int64_t& known = cells_.at(entity.id());
    if (cell == known) return;
    grid_.remove(entity.id(), known);
    grid_.insert(entity.id(), cell);
    known = cell;
  }

  // A live entity, or null.
  T* find(int32_t id) const {
    auto it = entities_.find(id);
    return it == entities_.end() || it->second->removed ? nullptr : it->second.get();
  }
  // Any entity still held (removed or not); the id must be held.
  T& at(int32_t id) const { return *entities_.at(id); }

  // The live entities' ids in id order (a copy: ticking may add or discard entities).
  std::vector<int32_t> ids() const {
    std::vector<int32_t> out;
    for (const auto& [id, entity] : entities_)
      if (!entity->removed) out.push_back(id);
    return out;
  }

  // Entities held (removed ones too) whose position is within a block of `box` across, in id order.
  std::vector<T*> near(const Aabb& box) const {
    const Vec3 center{(box.min_x + box.max_x) / 2.0, 0.0, (box.min_z + box.max_z) / 2.0};
    const double radius = std::max(box.x_size(), box.z_size()) / 2.0 + 1.0;
    std::vector<int32_t> ids;
    grid_.collect(center, radius, ids);
    std::sort(ids.begin(), ids.end());
    std::vector<T*> out;
    for (int32_t id : ids) {
      T& entity = *entities_.at(id);
      const Vec3& p = entity.position;
      if (p.x + 1.0 < box.min_x || p.x - 1.0 > box.max_x || p.z + 1.0 < box.min_z || p.z - 1.0 > box.max_z) continue;
      out.push_back(&entity);
    }
    return out;
  }

  // The live entities standing in a chunk, in id order (what its entity record saves).
  std::vector<const T*> in_chunk(ChunkPos pos) const {
    std::vector<const T*> out;
    for (const auto& [id, entity] : entities_)
      if (!entity->removed && entity_nbt::chunk_of(entity->position) == pos) out.push_back(entity.get());
    return out;
  }

  // The chunk unloads: its entities leave the world (they were saved with it).
  void unload_chunk(ChunkPos pos) {
    for (const auto& [id, entity] : entities_)
      if (!entity->removed && entity_nbt::chunk_of(entity->position) == pos) discard(*entity);
    purge_removed();
  }

  // The entities and their cells; reading rebuilds the grid from the cells. The tracker keeps its
  // own pairs (it is restored apart and finds the entities by id).
  template <class Io>
  void state_fields(Io& io) {
    entity_map_fields(io, entities_);
    io(cells_);
    if constexpr (Io::kReading) {
      io.check(cells_.size() == entities_.size());
      grid_ = TrackingGrid{};
      for (const auto& [id, entity] : entities_) {
        const auto known = cells_.find(id);
        io.check(known != cells_.end());
        if (known != cells_.end()) grid_.insert(id, known->second);
      }
    }
  }

  // Every entity held, by id (for the state hash).
  const std::map<int32_t, std::unique_ptr<T>>& all() const { return entities_; }

 private:
  EntityTracking& tracking_;
  std::map<int32_t, std::unique_ptr<T>> entities_;
  std::map<int32_t, int64_t> cells_;  // each entity's grid cell
  TrackingGrid grid_;
};

}  // namespace hz
