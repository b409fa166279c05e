// The item entity system (docs/rules/item-entities.md, docs/entities.md): every dropped stack in
// the world, created through the ItemDrops port, ticked after player movement (physics, merging,
// despawn), picked up by the players touching it, and shown to players through EntityTracking.
#pragma once

#include <cstdint>
#include <array>
#include <memory>
#include <vector>

#include "sim/core/rng.h"
#include "sim/game/entities/entity.h"
#include "sim/game/entities/entity_persistence.h"
#include "sim/game/entities/entity_store.h"
#include "sim/game/entities/item_entity.h"
#include "sim/game/entities/item_spawns.h"
#include "sim/game/entity_ids.h"
#include "sim/game/game_rules.h"
#include "sim/game/movement/aabb.h"
#include "sim/game/movement/block_source.h"
#include "sim/game/ports.h"
#include "sim/game/sessions.h"

namespace hz {

class ItemEntities final : public ItemDrops, public PlayerListener, public EntityPersistence {
 public:
  // Items below the world's bottom by this much are removed (Entity.checkBelowWorld).
  static constexpr int kBelowWorldMargin = 64;

  ItemEntities(EntityIds& ids, Rng& random, PlayerConnections& connections, EntityTracking& tracking,
               const GameRules& rules);
  ~ItemEntities() override;

  // The world items collide with and whose loaded chunks they tick in.
  void set_block_source(const BlockSource* blocks) { blocks_ = blocks ? blocks : &no_blocks_; }

  // ItemDrops
  void drop_from_block(const BlockPos& pos, const ItemStack& stack) override;
  void drop_at(const Vec3& position, const ItemStack& stack) override;
  void drop_from_player(const Player& player, const ItemStack& stack, bool scatter, bool keep_thrower) override;

  // Adds an item where `spawn` says (the drops above end here). Returns its entity id.
  int32_t spawn(const ItemStack& stack, const item_spawns::Spawn& spawn);

  // PlayerListener: every item's tick in id order, then each player's pickups in join order.
  void tick() override;

  // EntityPersistence (item_entity_codec.h writes and reads the compound).
  std::vector<std::string_view> saved_types() const override;
  void save_chunk(ChunkPos pos, std::vector<nbt::Compound>& out) const override;
  void unload_chunk(ChunkPos pos) override;
  bool load(const nbt::Compound& tag) override;

  const ItemEntity* find(int32_t id) const;
  ItemEntity* find(int32_t id);
  // Every item's id, ascending.
  std::vector<int32_t> ids() const;
  size_t size() const { return items_.all().size(); }
  uint64_t hash() const;
  template <class Io>
  void state_fields(Io& io) {
    io(items_);
  }

 private:
  // ItemEntity.tick; false when the item was removed.
  void tick_item(ItemEntity& item);
  bool mergeable(const ItemEntity& item) const;
  void merge_with_neighbours(ItemEntity& item);
  void try_to_merge(ItemEntity& item, ItemEntity& other);
  // Player.aiStep's touch of every item in the pickup area.
  void pick_up(Player& player);
  void touch(Player& player, ItemEntity& item);

  EntityIds& ids_;
  Rng& random_;
  PlayerConnections& connections_;
  EntityTracking& tracking_;
  const GameRules& rules_;
  NoBlocks no_blocks_;
  const BlockSource* blocks_ = &no_blocks_;
  EntityStore<ItemEntity> items_;
};

}  // namespace hz
