// The falling block system (docs/rules/block-ticks-and-updates.md §3): blocks that lost what held
// them up become entities here (FallingBlockSpawner), fall with gravity 0.04 and drag 0.98
// against the world's collision shapes, and land as blocks or drop as items.
#pragma once

#include <cstdint>
#include <map>
#include <memory>
#include <vector>

#include "sim/core/rng.h"
#include "sim/game/entities/entity.h"
#include "sim/game/entities/entity_persistence.h"
#include "sim/game/entities/falling_block.h"
#include "sim/game/entity_ids.h"
#include "sim/game/game_rules.h"
#include "sim/game/movement/aabb.h"
#include "sim/game/movement/block_source.h"
#include "sim/game/ports.h"
#include "sim/game/sessions.h"

namespace hz {

class TickRateManager;

class FallingBlocks final : public FallingBlockSpawner, public PlayerListener, public EntityPersistence {
 public:
  static constexpr double kGravity = 0.04;
  static constexpr double kDrag = 0.98;
  // Ticks after which a block still falling outside the world (or at all) drops as an item.
  static constexpr int kOutsideWorldTicks = 100;
  static constexpr int kMaxFallTicks = 600;

  // `world`: where landing blocks are set (with the usual updates); `blocks`: what they collide
  // with; `drops`: the items of blocks that cannot land.
  FallingBlocks(EntityIds& ids, Rng& random, EntityTracking& tracking, const GameRules& rules,
                const TickRateManager& rate, BlockWorld& world, ItemDrops& drops);

  void set_block_source(const BlockSource* blocks) { blocks_ = blocks ? blocks : &no_blocks_; }

  // FallingBlockSpawner: FallingBlockEntity.fall.
  void fall(const BlockPos& pos, BlockStateId state) override;

  // PlayerListener: every falling block's tick, in id order (none while the game is frozen).
  void tick() override;

  // EntityPersistence (falling_block_codec.h writes and reads the compound).
  std::vector<std::string_view> saved_types() const override;
  void save_chunk(ChunkPos pos, std::vector<nbt::Compound>& out) const override;
  void unload_chunk(ChunkPos pos) override;
  bool load(const nbt::Compound& tag) override;

  const FallingBlock* find(int32_t id) const;
  FallingBlock* find(int32_t id);
  std::vector<int32_t> ids() const;
  size_t size() const { return entities_.size(); }
  uint64_t hash() const;
  template <class Io>
  void state_fields(Io& io) {
    entity_map_fields(io, entities_);
  }

  // EntityDimensions.makeBoundingBox for 0.98 x 0.98 at `position`.
  static Aabb box_at(const Vec3& position);
  // One tick of movement: gravity, the collision move, on-ground, drag is left to the caller.
  static void move(FallingBlock& entity, const BlockSource& blocks);

 private:
  void tick_one(FallingBlock& entity);
  void land(FallingBlock& entity, const BlockPos& pos, bool concrete, bool stuck_in_water);
  void drop_item(FallingBlock& entity);
  void discard(FallingBlock& entity);

  EntityIds& ids_;
  Rng& random_;
  EntityTracking& tracking_;
  const GameRules& rules_;
  const TickRateManager& rate_;
  BlockWorld& world_;
  ItemDrops& drops_;
  NoBlocks no_blocks_;
  const BlockSource* blocks_ = &no_blocks_;
  std::map<int32_t, std::unique_ptr<FallingBlock>> entities_;  // by entity id: ticks in id order
};

}  // namespace hz
