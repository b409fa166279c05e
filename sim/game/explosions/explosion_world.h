// An explosion in the world (docs/rules/explosions.md, vanilla's Level.explode / ServerExplosion):
// the ray cast over the world's blocks, hurting and pushing players and mobs, breaking blocks
// through the block updates with their (decayed) loot, and the explode packet to nearby players.
#pragma once

#include <cstdint>
#include <functional>
#include <optional>
#include <string_view>
#include <vector>

#include "sim/core/rng.h"
#include "sim/game/blocks/block_updates.h"
#include "sim/game/game_rules.h"
#include "sim/game/ports.h"

namespace hz {

class Mobs;

// Level.ExplosionInteraction: what the explosion may do to blocks (decided with the game rules).
enum class ExplosionInteraction : uint8_t { kNone, kBlock, kMob, kTnt };

// Explosion.BlockInteraction after the game rules (TRIGGER_BLOCK is for wind charges, not modelled).
enum class ExplosionBlocks : uint8_t { kKeep, kDestroy, kDestroyWithDecay };

struct ExplosionParams {
  Vec3 center;
  float radius = 0;
  ExplosionInteraction interaction = ExplosionInteraction::kNone;
  // The entity that exploded (a creeper): never hurt by its own blast, named in death messages.
  std::optional<MobAttacker> source;
};

struct ExplosionOutcome {
  ExplosionBlocks blocks = ExplosionBlocks::kKeep;
  std::vector<BlockPos> exploded;  // every position the rays reached (vanilla's blockCount)
  std::vector<BlockPos> destroyed; // the non-air blocks broken, in the (shuffled) order they broke
  int players_told = 0;            // players sent the explode packet
};

// The explode packet's fixed particles as Level.explode sends them (ParticleTypes ids of 26.1:
// explosion 23, explosion_emitter 22, poof 59, smoke 62); its sound is entity.generic.explode.
namespace explosion_ids {
inline constexpr int32_t kParticleExplosion = 23;
inline constexpr int32_t kParticleExplosionEmitter = 22;
inline constexpr int32_t kParticlePoof = 59;
inline constexpr int32_t kParticleSmoke = 62;
}  // namespace explosion_ids

// ServerLevel.getDestroyType / explode's switch: the block interaction under the game rules.
ExplosionBlocks explosion_blocks(ExplosionInteraction interaction, const GameRules& rules);

// Explosion.BlockInteraction DESTROY_WITH_DECAY on a loot result: each item survives with chance
// 1/radius (one float per item, kept when <= 1/radius), stacks that lose every item vanish.
std::vector<ItemStack> decay_drops(std::vector<ItemStack> drops, float radius, Rng& random);

class Explosions {
 public:
  Explosions(BlockUpdates& blocks, ItemDrops& drops, Rng& random, PlayerConnections& players, PlayerDamage& damage,
             Mobs& mobs, const GameRules& rules);

  // Whether a player flies in creative (the flying creative player is not pushed).
  void set_flying(std::function<bool(ConnId)> flying) { flying_ = std::move(flying); }
  // A player's explosion_knockback_resistance attribute (Blast Protection, docs/rules/armour.md
  // §4); 0 without it.
  void set_knockback_resistance(std::function<double(ConnId)> resistance) { resistance_ = std::move(resistance); }
  // ServerLevel.explode without fire, with vanilla's default particles and sound.
  ExplosionOutcome explode(const ExplosionParams& params);

 private:
  void hurt_entities(const ExplosionParams& params, std::vector<std::pair<ConnId, Vec3>>& hit_players);
  void break_blocks(const ExplosionParams& params, ExplosionBlocks interaction, std::vector<BlockPos> positions,
                    ExplosionOutcome& out);
  bool clear_line(const Vec3& from, const Vec3& to) const;

  BlockUpdates& blocks_;
  ItemDrops& drops_;
  Rng& random_;
  PlayerConnections& players_;
  PlayerDamage& damage_;
  Mobs& mobs_;
  const GameRules& rules_;
  std::function<bool(ConnId)> flying_;
  std::function<double(ConnId)> resistance_;
};

}  // namespace hz
