// Every arrow in the world (docs/rules/projectiles.md): launched by skeletons, ticked in id
// order (sticking in blocks, despawning after 1200 ticks there, hitting players and mobs).
// The mob system owns it and ticks it after the mobs; mobs are reached through MobHits.
#pragma once

#include <cstdint>
#include <functional>
#include <map>
#include <memory>
#include <vector>

#include "sim/core/rng.h"
#include "sim/game/entities/arrow.h"
#include "sim/game/entity_ids.h"
#include "sim/game/movement/block_source.h"
#include "sim/game/ports.h"

namespace hz {

// What arrows see of the mobs: their boxes and a way to hurt one.
struct MobHits {
  struct Target {
    int32_t id = 0;
    Aabb box;
    Vec3 position;
  };
  std::function<std::vector<Target>()> targets;
  // Hurts the mob with arrow damage; false when the hit was refused.
  std::function<bool(int32_t mob, float damage, const Arrow& arrow)> hurt;
};

class Arrows final {
 public:
  Arrows(EntityIds& ids, Rng& random, PlayerConnections& players, EntityTracking& tracking, PlayerDamage& damage);

  void set_block_source(const BlockSource* blocks) { blocks_ = blocks ? blocks : &no_blocks_; }
  void set_mob_hits(MobHits hits) { mobs_ = std::move(hits); }

  // A new arrow (Projectile.spawnProjectileUsingShoot); returns its entity id.
  struct Launch {
    Vec3 position, velocity;
    float yaw = 0, pitch = 0;
    double base_damage = arrow_rules::kBaseDamage;
    int32_t owner = 0;
    std::string_view owner_type, owner_name;
  };
  int32_t launch(const Launch& launch);
  void tick();

  Arrow* find(int32_t id);
  std::vector<int32_t> ids() const;
  size_t size() const { return arrows_.size(); }
  uint64_t hash() const;
  template <class Io>
  void state_fields(Io& io) {
    entity_map_fields(io, arrows_);
  }
  // Removes every arrow in the chunk (it unloads; arrows are not saved yet).
  void unload_chunk(int chunk_x, int chunk_z);

 private:
  void tick_arrow(Arrow& arrow);
  bool inside_block(const Arrow& arrow, BlockStateId state, int bx, int by, int bz) const;
  bool should_fall(const Arrow& arrow) const;
  bool hit_entity(Arrow& arrow, Vec3 from, const Vec3& to);
  void hit_block(Arrow& arrow, BlockStateId state);
  void deflect(Arrow& arrow);
  void discard(Arrow& arrow);

  EntityIds& ids_;
  Rng& random_;
  PlayerConnections& players_;
  EntityTracking& tracking_;
  PlayerDamage& damage_;
  NoBlocks no_blocks_;
  const BlockSource* blocks_ = &no_blocks_;
  MobHits mobs_;
  std::map<int32_t, std::unique_ptr<Arrow>> arrows_;
};

}  // namespace hz
