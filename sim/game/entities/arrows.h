// Every arrow in the world (docs/rules/projectiles.md): shot by skeletons and players' bows,
// ticked in id order (sticking in blocks, despawning after 1200 ticks there, hitting players and
// mobs), picked up by the players touching them, saved with their chunk. The mob system owns it
// and ticks it after the mobs; mobs are reached through MobHits.
#pragma once

#include <cstdint>
#include <functional>
#include <map>
#include <memory>
#include <vector>

#include "sim/core/rng.h"
#include "sim/game/entities/arrow.h"
#include "sim/game/entities/entity_persistence.h"
#include "sim/game/entity_ids.h"
#include "sim/game/game_rules.h"
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
  // Hurts the mob with arrow damage (caused by `shooter` when a player shot it); false when the
  // hit was refused. The mob's fire and Punch are the arrow's to add.
  std::function<bool(int32_t mob, float damage, const Arrow& arrow, const Player* shooter)> hurt;
  // Entity.igniteForSeconds on a mob, and setRemainingFireTicks to put back a refused hit's.
  std::function<int(int32_t mob)> fire_ticks;
  std::function<void(int32_t mob, int ticks)> set_fire_ticks;
  // LivingEntity.push on a hit mob (Punch).
  std::function<void(int32_t mob, const Vec3& push)> push;
  // Thorns on a player the mob's arrow hit strike the mob (caused by the wearer).
  std::function<void(int32_t mob, float damage, const Player& wearer)> thorns;
  // The living mob with a saved owner's UUID (a loaded arrow finds its skeleton), if present.
  struct Owner {
    int32_t id = 0;
    std::string_view type;
  };
  std::function<std::optional<Owner>(const Uuid& uuid)> with_uuid;
};

class Arrows final : public EntityPersistence {
 public:
  Arrows(EntityIds& ids, Rng& random, PlayerConnections& players, EntityTracking& tracking, PlayerDamage& damage,
         const GameRules& rules);

  void set_block_source(const BlockSource* blocks) { blocks_ = blocks ? blocks : &no_blocks_; }
  void set_mob_hits(MobHits hits) { mobs_ = std::move(hits); }
  // Where the hit sounds go and where an arrow that can be picked up drops when it stops in mid
  // air; without them there are neither (the sound's pitch is drawn all the same).
  void set_sounds(LevelSounds* sounds) { sounds_ = sounds; }
  void set_item_drops(ItemDrops* drops) { drops_ = drops; }

  // A new arrow (Projectile.spawnProjectileUsingShoot); returns its entity id.
  struct Launch {
    Vec3 position, velocity;
    float yaw = 0, pitch = 0;
    double base_damage = arrow_rules::kBaseDamage;
    int32_t owner = 0;
    std::string_view owner_type, owner_name;  // a mob's kind
    bool owner_is_player = false;             // `owner` is a player's entity id
    bool crit = false;
    ArrowPickup pickup = ArrowPickup::kDisallowed;
    ItemStack pickup_item;
    ItemStack weapon;                 // the bow (its Power and Punch count at the hit)
    std::optional<Uuid> owner_uuid;   // the owner as saved
    int fire_ticks = 0;               // Flame
  };
  int32_t launch(const Launch& launch);
  // Every arrow's tick in id order, then each player's pickups in join order.
  void tick();

  Arrow* find(int32_t id);
  std::vector<int32_t> ids() const;
  size_t size() const { return arrows_.size(); }
  uint64_t hash() const;
  template <class Io>
  void state_fields(Io& io) {
    entity_map_fields(io, arrows_);
  }
  // EntityPersistence (arrow_codec.h writes and reads the compound). A loaded arrow's owner is
  // looked up by UUID among the players and mobs present then.
  std::vector<std::string_view> saved_types() const override;
  void save_chunk(ChunkPos pos, std::vector<nbt::Compound>& out) const override;
  void unload_chunk(ChunkPos pos) override;
  bool load(const nbt::Compound& tag) override;

 private:
  void tick_arrow(Arrow& arrow);
  bool inside_block(const Arrow& arrow, BlockStateId state, int bx, int by, int bz) const;
  bool should_fall(const Arrow& arrow) const;
  bool hit_entity(Arrow& arrow, Vec3 from, const Vec3& to);
  void hit_block(Arrow& arrow, BlockStateId state);
  void deflect(Arrow& arrow);
  void discard(Arrow& arrow);
  // The player who shot the arrow, when it is one and is still here.
  Player* shooter(const Arrow& arrow) const;
  // Whether the owner's box is still near the arrow's path (Projectile.checkLeftOwner).
  bool touching_owner(const Arrow& arrow, const Aabb& near) const;
  bool hurt_player(Arrow& arrow, const Player& target, int damage);
  bool hurt_mob(Arrow& arrow, int32_t mob, int damage);
  // AbstractArrow.playSound of the hit sound at the arrow, its pitch drawn.
  void hit_sound(const Arrow& arrow);
  // Player.aiStep's touch of the arrows in its pickup area (AbstractArrow.playerTouch).
  void pick_up(Player& player);

  EntityIds& ids_;
  Rng& random_;
  PlayerConnections& players_;
  EntityTracking& tracking_;
  PlayerDamage& damage_;
  const GameRules& rules_;
  LevelSounds* sounds_ = nullptr;
  ItemDrops* drops_ = nullptr;
  NoBlocks no_blocks_;
  const BlockSource* blocks_ = &no_blocks_;
  MobHits mobs_;
  std::map<int32_t, std::unique_ptr<Arrow>> arrows_;
};

}  // namespace hz
