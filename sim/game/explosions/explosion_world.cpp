#include "sim/game/explosions/explosion_world.h"

#include <cmath>

#include "sim/core/java_format.h"
#include "sim/data/blocks.h"
#include "sim/data/catalog.h"
#include "sim/data/sound_ids.h"
#include "sim/game/blocks/block_ray.h"
#include "sim/game/entities/block_loot.h"
#include "sim/game/explosions/explosion_rays.h"
#include "sim/game/mobs/mobs.h"
#include "sim/game/movement/player_body.h"
#include "sim/protocol/packets.h"
#include "sim/world/chunk_pos.h"

namespace hz {

namespace {

// ServerLevel.explode tells players closer than 64 blocks.
constexpr double kPacketRangeSqr = 4096.0;
// ServerExplosion's drop merging (addOrAppendStack): stacks of the same item up to 16.
constexpr int kMergeLimit = 16;
// hurtEntities does nothing for a radius below this.
constexpr float kMinRadius = 1.0e-5f;
constexpr double kPlayerEyeHeight = 1.62;

double distance(const Vec3& a, const Vec3& b) { return std::sqrt(length_sqr(a - b)); }

// Vec3.normalize: zero for a vector shorter than 1e-5.
Vec3 normalized(const Vec3& v) {
  const double length = std::sqrt(v.x * v.x + v.y * v.y + v.z * v.z);
  return length < 1.0e-5 ? Vec3{} : Vec3{v.x / length, v.y / length, v.z / length};
}

// The ray's resistance at a position: nothing for air without fluid, else the larger of the
// block's and its fluid's (ExplosionDamageCalculator.getBlockExplosionResistance).
std::optional<float> resistance_of(BlockStateId state) {
  if (is_air(state) && !has_fluid(state)) return std::nullopt;
  float r = block_info(block_of_state(state)).resistance;
  if (has_fluid(state)) {
    // The fluid's own block (water or lava) carries the fluid's resistance (both 100).
    static const float water = block_info(*block_by_name("water")).resistance;
    static const float lava = block_info(*block_by_name("lava")).resistance;
    r = std::max(r, is_water(state) ? water : lava);
  }
  return r;
}

}  // namespace

ExplosionBlocks explosion_blocks(ExplosionInteraction interaction, const GameRules& rules) {
  auto destroy = [&](std::string_view decay_rule) {
    return rules.get_bool(decay_rule) ? ExplosionBlocks::kDestroyWithDecay : ExplosionBlocks::kDestroy;
  };
  switch (interaction) {
    case ExplosionInteraction::kNone: return ExplosionBlocks::kKeep;
    case ExplosionInteraction::kBlock: return destroy("block_explosion_drop_decay");
    case ExplosionInteraction::kMob:
      return rules.get_bool("mob_griefing") ? destroy("mob_explosion_drop_decay") : ExplosionBlocks::kKeep;
    case ExplosionInteraction::kTnt: return destroy("tnt_explosion_drop_decay");
  }
  return ExplosionBlocks::kKeep;
}

std::vector<ItemStack> decay_drops(std::vector<ItemStack> drops, float radius, Rng& random) {
  const float chance = 1.0f / radius;
  std::vector<ItemStack> out;
  for (ItemStack stack : drops) {
    int kept = 0;
    for (int i = 0; i < stack.count; ++i)
      if (random.next_float() <= chance) ++kept;
    if (kept == 0) continue;
    stack.count = kept;
    out.push_back(stack);
  }
  return out;
}

Explosions::Explosions(BlockUpdates& blocks, ItemDrops& drops, Rng& random, PlayerConnections& players,
                       PlayerDamage& damage, Mobs& mobs, const GameRules& rules)
    : blocks_(blocks), drops_(drops), random_(random), players_(players), damage_(damage), mobs_(mobs), rules_(rules) {}

bool Explosions::clear_line(const Vec3& from, const Vec3& to) const {
  return !clip_blocks(blocks_, from, to, FluidClip::kNone).hit;
}

ExplosionOutcome Explosions::explode(const ExplosionParams& params) {
  ExplosionOutcome out;
  out.blocks = explosion_blocks(params.interaction, rules_);
  // calculateExplodedPositions, then hurtEntities, then interactWithBlocks (vanilla's order, so
  // the random draws come in the same sequence).
  out.exploded = explosion_rays::exploded_positions(
      params.center, params.radius, random_,
      [this](const BlockPos& p) { return resistance_of(blocks_.block_at(p)); },
      [](const BlockPos& p) { return p.y >= kWorldMinY && p.y <= kWorldMaxY; });
  std::vector<std::pair<ConnId, Vec3>> hit_players;
  hurt_entities(params, hit_players);
  if (out.blocks != ExplosionBlocks::kKeep) break_blocks(params, out.blocks, out.exploded, out);
  // ServerLevel.explode: the packet to every player within 64 blocks of the centre.
  const bool small = params.radius < 2.0f || out.blocks == ExplosionBlocks::kKeep;
  for (ConnId conn : players_.players_in_join_order()) {
    const Player* p = players_.player(conn);
    if (p == nullptr || !(length_sqr(p->position - params.center) < kPacketRangeSqr)) continue;
    packet::play_cb::Explosion packet;
    packet.center = {params.center.x, params.center.y, params.center.z};
    packet.radius = params.radius;
    packet.block_count = static_cast<int32_t>(out.exploded.size());
    for (const auto& [hit, knockback] : hit_players)
      if (hit == conn) packet.player_knockback = packet::play_cb::DoublePosition{knockback.x, knockback.y, knockback.z};
    packet.particle = small ? explosion_ids::kParticleExplosion : explosion_ids::kParticleExplosionEmitter;
    packet.sound = sound::entity_generic_explode + 1;
    packet.block_particles = {{explosion_ids::kParticlePoof, 0.5f, 1.0f, 1}, {explosion_ids::kParticleSmoke, 1.0f, 1.0f, 1}};
    players_.send(conn, share(encode_packet(packet)));
    ++out.players_told;
  }
  return out;
}

void Explosions::hurt_entities(const ExplosionParams& params, std::vector<std::pair<ConnId, Vec3>>& hit_players) {
  if (params.radius < kMinRadius) return;
  const float double_radius = params.radius * 2.0f;
  const Vec3& c = params.center;
  const double reach = static_cast<double>(double_radius) + 1.0;
  const Aabb area{static_cast<double>(java_floor(c.x - reach)), static_cast<double>(java_floor(c.y - reach)),
                  static_cast<double>(java_floor(c.z - reach)), static_cast<double>(java_floor(c.x + reach)),
                  static_cast<double>(java_floor(c.y + reach)), static_cast<double>(java_floor(c.z + reach))};
  auto clear = [this](const Vec3& from, const Vec3& to) { return clear_line(from, to); };
  // The source never hurts itself (getEntities excludes it); -1 is no entity id.
  const int32_t source_id = params.source ? params.source->entity_id : -1;
  // Mobs in id order, then players in join order (Horizon's entity order; vanilla's is by section).
  for (const int32_t id : mobs_.ids()) {
    Mob* mob = mobs_.find(id);
    if (mob == nullptr || id == source_id || !mob->alive() || !mob->box().intersects(area)) continue;
    const double dist = distance(mob->position, c) / static_cast<double>(double_radius);
    if (dist > 1.0) continue;
    const Vec3 direction = normalized(Vec3{mob->position.x, mob->eye_y(), mob->position.z} - c);
    const float exposure = explosion_rays::seen_percent(c, mob->box(), clear);
    const double d = distance(mob->position, c);
    mobs_.hurt(*mob, MobDamage::kExplosion, explosion_rays::entity_damage(params.radius, d, exposure), nullptr);
    // Explosion knockback resistance is 0 for every mob Horizon has.
    const double power = explosion_rays::knockback_power(params.radius, d, exposure);
    mob->velocity = mob->velocity + Vec3{direction.x * power, direction.y * power, direction.z * power};
    mob->needs_sync = true;
  }
  for (ConnId conn : players_.players_in_join_order()) {
    Player* p = players_.player(conn);
    if (p == nullptr || p->dead || p->game_mode == GameMode::kSpectator) continue;
    const Aabb box = make_player_box(p->position, Pose::kStanding);
    if (!box.intersects(area)) continue;
    const double d = distance(p->position, c);
    if (d / static_cast<double>(double_radius) > 1.0) continue;
    const Vec3 direction = normalized(Vec3{p->position.x, p->position.y + kPlayerEyeHeight, p->position.z} - c);
    const float exposure = explosion_rays::seen_percent(c, box, clear);
    const MobAttacker* cause = params.source ? &*params.source : nullptr;
    damage_.hurt_by_explosion(conn, explosion_rays::entity_damage(params.radius, d, exposure), cause);
    // ServerExplosion.hurtEntities: the push scales by 1 − explosion_knockback_resistance.
    const double resistance = resistance_ ? resistance_(conn) : 0.0;
    const double power = explosion_rays::knockback_power(params.radius, d, exposure) * (1.0 - resistance);
    const bool flying_creative = p->game_mode == GameMode::kCreative && flying_ && flying_(conn);
    // The client applies the push it reads in the explode packet (Horizon's players move client-side).
    if (!flying_creative) hit_players.emplace_back(conn, Vec3{direction.x * power, direction.y * power, direction.z * power});
  }
}

void Explosions::break_blocks(const ExplosionParams& params, ExplosionBlocks interaction, std::vector<BlockPos> positions,
                              ExplosionOutcome& out) {
  // Util.shuffle with the level random (Fisher-Yates from the end), over the sorted positions.
  for (size_t i = positions.size(); i > 1; --i)
    std::swap(positions[i - 1], positions[random_.next_below(static_cast<uint32_t>(i))]);
  struct Collected {
    BlockPos pos;
    ItemStack stack;
  };
  std::vector<Collected> stacks;
  const BlockStateId air = default_state_of("air");
  for (const BlockPos& pos : positions) {
    const BlockStateId state = blocks_.block_at(pos);
    if (is_air(state)) continue;  // onExplosionHit: air is left alone
    std::vector<ItemStack> drops = block_loot_table(state, ItemStack{}, random_);
    if (interaction == ExplosionBlocks::kDestroyWithDecay) drops = decay_drops(std::move(drops), params.radius, random_);
    // addOrAppendStack: fill earlier stacks of the same item up to 16, the rest starts a new one.
    for (ItemStack stack : drops) {
      for (Collected& c : stacks) {
        if (c.stack.item != stack.item || c.stack.count >= kMergeLimit) continue;
        const int moved = std::min(kMergeLimit - c.stack.count, stack.count);
        c.stack.count += moved;
        stack.count -= moved;
        if (stack.count == 0) break;
      }
      if (stack.count > 0) stacks.push_back({pos, stack});
    }
    blocks_.set_block(pos, air, BlockUpdates::kUpdateAll, BlockUpdates::kDefaultUpdateLimit);
    out.destroyed.push_back(pos);
  }
  for (const Collected& c : stacks) drops_.drop_from_block(c.pos, c.stack);
}

}  // namespace hz
