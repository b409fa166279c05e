#include "sim/game/entities/lightning_bolts.h"

#include <cmath>

#include "sim/core/hash.h"
#include "sim/core/java_format.h"
#include "sim/game/blocks/block_kinds.h"
#include "sim/game/blocks/block_support.h"
#include "sim/game/blocks/directions.h"
#include "sim/game/blocks/fire_rules.h"
#include "sim/game/tick_rate.h"

namespace hz {
namespace {

// The extra fires of a bolt's first tick (LightningBolt.spawnFire(4)).
constexpr int kFirstFlashExtraFires = 4;

BlockPos struck_block_of(const Vec3& p) { return BlockPos{java_floor(p.x), java_floor(p.y), java_floor(p.z)}; }

}  // namespace

LightningBolts::LightningBolts(EntityIds& ids, Rng& random, EntityTracking& tracking, const GameRules& rules,
                               const TickRateManager& rate, BlockWorld& world, PlayerConnections& players,
                               Difficulty difficulty)
    : ids_(ids), random_(random), tracking_(tracking), rules_(rules), rate_(rate), world_(world), players_(players),
      difficulty_(difficulty) {}

int32_t LightningBolts::strike(const Vec3& position, bool visual_only) {
  // The constructor's draws: a seed for the client-side shape (not sent; clients make their own),
  // then the number of further flashes.
  (void)random_.next_u64();
  const int flashes = static_cast<int>(random_.next_below(3)) + 1;
  // Mth.createInsecureUUID, as for other entities.
  const uint64_t most = (random_.next_u64() & ~uint64_t{0xF000}) | uint64_t{0x4000};
  const uint64_t least = (random_.next_u64() & 0x3FFFFFFFFFFFFFFFull) | 0x8000000000000000ull;
  const int32_t id = ids_.next();
  auto bolt = std::make_unique<LightningBolt>(id, Uuid{most, least}, flashes, visual_only);
  bolt->position = position;
  LightningBolt& added = *bolts_.emplace(id, std::move(bolt)).first->second;
  tracking_.add_entity(added);
  return id;
}

const LightningBolt* LightningBolts::find(int32_t id) const { return const_cast<LightningBolts&>(*this).find(id); }

LightningBolt* LightningBolts::find(int32_t id) {
  auto it = bolts_.find(id);
  return it == bolts_.end() || it->second->removed ? nullptr : it->second.get();
}

std::vector<int32_t> LightningBolts::ids() const {
  std::vector<int32_t> out;
  for (const auto& [id, bolt] : bolts_)
    if (!bolt->removed) out.push_back(id);
  return out;
}

void LightningBolts::tick() {
  if (!rate_.runs_normally()) return;
  for (const int32_t id : ids()) tick_one(*bolts_.at(id));
  for (auto it = bolts_.begin(); it != bolts_.end();) it = it->second->removed ? bolts_.erase(it) : std::next(it);
}

void LightningBolts::tick_one(LightningBolt& bolt) {
  if (bolt.life == 2) {
    // Fire only on normal and hard; the strike's sound and flash are the client's.
    if (difficulty_ == Difficulty::kNormal || difficulty_ == Difficulty::kHard) spawn_fire(bolt, kFirstFlashExtraFires);
  }
  --bolt.life;
  if (bolt.life < 0) {
    if (bolt.flashes == 0) {
      bolt.removed = true;
      tracking_.remove_entity(bolt.id());
    } else if (bolt.life < -static_cast<int>(random_.next_below(10))) {
      --bolt.flashes;
      bolt.life = 1;
      (void)random_.next_u64();  // a new shape seed
      spawn_fire(bolt, 0);
    }
  }
  // Entities within 3 blocks would be hit (damage, fire, conversions): nothing is hit yet.
}

void LightningBolts::spawn_fire(LightningBolt& bolt, int additional) {
  if (bolt.visual_only) return;
  const BlockPos at = struck_block_of(bolt.position);
  if (!can_spread_fire_around(at)) return;
  try_fire(at);
  for (int i = 0; i < additional; ++i) {
    const int dx = static_cast<int>(random_.next_below(3)) - 1;
    const int dy = static_cast<int>(random_.next_below(3)) - 1;
    const int dz = static_cast<int>(random_.next_below(3)) - 1;
    try_fire(BlockPos{at.x + dx, at.y + dy, at.z + dz});
  }
}

void LightningBolts::try_fire(const BlockPos& pos) {
  // BaseFireBlock.getState: soul fire on its base blocks, else fire with the faces it clings to.
  const BlockStateId fire = fire_rules::state_for(world_, pos);
  if (!is_air(world_.block_at(pos)) || !fire_rules::can_survive(world_, fire, pos)) return;
  if (world_.set_block(pos, fire)) ++fires_set_;
}

bool LightningBolts::can_spread_fire_around(const BlockPos& pos) {
  const int radius = rules_.get("fire_spread_radius_around_player");
  if (radius == -1) return true;
  const Vec3 corner{static_cast<double>(pos.x), static_cast<double>(pos.y), static_cast<double>(pos.z)};
  for (const Player* p : players_.joined_players()) {
    if (p->game_mode == GameMode::kSpectator) continue;
    const double dx = p->position.x - corner.x, dy = p->position.y - corner.y, dz = p->position.z - corner.z;
    if (std::sqrt(dx * dx + dy * dy + dz * dz) < static_cast<double>(radius)) return true;
  }
  return false;
}

uint64_t LightningBolts::hash() const {
  Hasher h;
  h.u64(bolts_.size()), h.u64(fires_set_);
  for (const auto& [id, b] : bolts_) {
    h.i64(id), h.i64(b->life), h.i64(b->flashes), h.u64(b->visual_only), h.u64(b->removed);
    h.f64(b->position.x), h.f64(b->position.y), h.f64(b->position.z);
  }
  return h.digest();
}

}  // namespace hz
