// The experience orb system (docs/rules/experience.md): every orb, awarded through ExperienceDrops,
// ticked in id order, merged, taken by players one every 2 ticks; and each player's set_experience.
#pragma once

#include <cstdint>
#include <memory>
#include <vector>

#include "sim/core/rng.h"
#include "sim/game/entities/entity.h"
#include "sim/game/entities/entity_persistence.h"
#include "sim/game/entities/entity_store.h"
#include "sim/game/entities/experience_orb.h"
#include "sim/game/entity_ids.h"
#include "sim/game/movement/aabb.h"
#include "sim/game/movement/block_source.h"
#include "sim/game/ports.h"
#include "sim/game/sessions.h"

namespace hz {

class ExperienceOrbs final : public ExperienceDrops, public PlayerListener, public EntityPersistence {
 public:
  // ExperienceOrb: orbs scan for merges every 20 ticks, with ids equal modulo 40.
  static constexpr int kScanPeriod = 20;
  static constexpr int kGroups = 40;
  // Player.takeXpDelay after taking an orb.
  static constexpr int kTakeDelay = 2;
  static constexpr int kBelowWorldMargin = 64;

  ExperienceOrbs(EntityIds& ids, Rng& random, PlayerConnections& connections, EntityTracking& tracking);
  ~ExperienceOrbs() override;

  // The world orbs collide with and whose loaded chunks they tick in.
  void set_block_source(const BlockSource* blocks) { blocks_ = blocks ? blocks : &no_blocks_; }

  // ExperienceDrops: ExperienceOrb.award (no direction).
  void award(const Vec3& position, int points) override;
  // A new orb of `value` at `position` (the ExperienceOrb constructor's draws). Returns its id.
  int32_t spawn(const Vec3& position, int value);

  // PlayerListener: every orb's tick in id order; then for each player in join order the
  // takeXpDelay countdown, the pickup, and set_experience when the total changed.
  void tick() override;

  // EntityPersistence (experience_orb_codec.h writes and reads the compound).
  std::vector<std::string_view> saved_types() const override;
  void save_chunk(ChunkPos pos, std::vector<nbt::Compound>& out) const override;
  void unload_chunk(ChunkPos pos) override;
  bool load(const nbt::Compound& tag) override;

  // ServerPlayer.giveExperiencePoints: the points, and set_experience on the player's next tick.
  static void give_points(Player& player, int points);

  const ExperienceOrb* find(int32_t id) const;
  ExperienceOrb* find(int32_t id);
  // Every orb's id, ascending.
  std::vector<int32_t> ids() const;
  size_t size() const { return orbs_.all().size(); }
  uint64_t hash() const;
  template <class Io>
  void state_fields(Io& io) {
    io(orbs_);
  }

 private:
  void tick_orb(ExperienceOrb& orb);
  // ExperienceOrb.tryMergeToExisting: one nextInt(40) draw; true when an orb took the value.
  bool merge_into_existing(const Vec3& position, int value);
  void scan_for_merges(ExperienceOrb& orb);
  // followNearbyPlayer's choice of player; null when none.
  const Player* follow_target(ExperienceOrb& orb);
  void pick_up(Player& player);
  // ExperienceOrb.repairPlayerItems: Mending repairs a random damaged item with it, again with
  // what is left, and returns the points nobody used.
  int repair_with_experience(Player& player, int amount);
  void send_experience(Player& player);

  EntityIds& ids_;
  Rng& random_;
  PlayerConnections& connections_;
  EntityTracking& tracking_;
  NoBlocks no_blocks_;
  const BlockSource* blocks_ = &no_blocks_;
  EntityStore<ExperienceOrb> orbs_;
};

}  // namespace hz
