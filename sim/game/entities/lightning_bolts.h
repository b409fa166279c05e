// The lightning bolt system (docs/rules/time-and-weather.md, "Thunder and lightning"): bolts the
// thunder (or later a command) strikes, shown to players as lightning_bolt entities, flashing and
// setting fire as LightningBolt.tick does, gone after their last flash. Not saved (vanilla's noSave).
#pragma once

#include <cstdint>
#include <map>
#include <memory>
#include <vector>

#include "sim/core/properties.h"
#include "sim/core/rng.h"
#include "sim/game/entities/lightning_bolt.h"
#include "sim/game/entity_ids.h"
#include "sim/game/game_rules.h"
#include "sim/game/ports.h"
#include "sim/game/sessions.h"

namespace hz {

class TickRateManager;

// What makes a bolt (ServerLevel.addFreshEntity of a LightningBolt): the thunder's port.
class LightningStrikes {
 public:
  virtual ~LightningStrikes() = default;
  // A bolt at `position` (a block's bottom centre); a visual-only bolt sets no fire.
  virtual int32_t strike(const Vec3& position, bool visual_only) = 0;
};

class LightningBolts final : public LightningStrikes, public PlayerListener {
 public:
  LightningBolts(EntityIds& ids, Rng& random, EntityTracking& tracking, const GameRules& rules,
                 const TickRateManager& rate, BlockWorld& world, PlayerConnections& players, Difficulty difficulty);

  int32_t strike(const Vec3& position, bool visual_only) override;
  // PlayerListener: LightningBolt.tick for each bolt, in id order (none while frozen).
  void tick() override;

  const LightningBolt* find(int32_t id) const;
  LightningBolt* find(int32_t id);
  std::vector<int32_t> ids() const;
  size_t size() const { return bolts_.size(); }
  uint64_t fires_set() const { return fires_set_; }
  uint64_t hash() const;
  template <class Io>
  void state_fields(Io& io) {
    entity_map_fields(io, bolts_);
    io(fires_set_);
  }

  // ServerLevel.canSpreadFireAround: the fire_spread_radius_around_player rule (-1 everywhere,
  // else a non-spectator player closer than that many blocks to the block's corner).
  bool can_spread_fire_around(const BlockPos& pos);

 private:
  void tick_one(LightningBolt& bolt);
  void spawn_fire(LightningBolt& bolt, int additional);
  void try_fire(const BlockPos& pos);

  EntityIds& ids_;
  Rng& random_;
  EntityTracking& tracking_;
  const GameRules& rules_;
  const TickRateManager& rate_;
  BlockWorld& world_;
  PlayerConnections& players_;
  Difficulty difficulty_;
  std::map<int32_t, std::unique_ptr<LightningBolt>> bolts_;
  uint64_t fires_set_ = 0;
};

}  // namespace hz
