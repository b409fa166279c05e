#include "sim/game/entities/arrows.h"

#include <algorithm>
#include <cmath>

#include "sim/core/check.h"
#include "sim/core/hash.h"
#include "sim/core/java_format.h"
#include "sim/data/sound_ids.h"
#include "sim/game/blocks/block_ray.h"
#include "sim/game/entities/arrow_codec.h"
#include "sim/game/entities/insecure_uuid.h"
#include "sim/game/items/enchantments.h"
#include "sim/game/items/inventory.h"
#include "sim/game/movement/block_source_world.h"
#include "sim/game/movement/player_body.h"
#include "sim/protocol/packets.h"

namespace hz {

namespace {

constexpr float kRadToDeg = 180.0f / static_cast<float>(M_PI);
// Below this squared speed a deflected arrow is gone (AbstractArrow.onHitEntity).
constexpr double kDeflectedStopSqr = 1.0e-7;
// shouldFall: the arrow drops once nothing is within this distance of its point.
constexpr double kFallCheck = 0.06;
// The arrow backs off the hit face by this much along each axis it moved on.
constexpr double kBackOff = static_cast<double>(0.05f);

bool arrow_chunk_loaded(const BlockSource& blocks, const Vec3& p) {
  return blocks.is_chunk_loaded(java_floor(p.x) >> 4, java_floor(p.z) >> 4);
}

double signum(double v) { return v > 0.0 ? 1.0 : v < 0.0 ? -1.0 : 0.0; }

bool hittable(const Player& p) { return !p.dead && p.health > 0.0f && p.game_mode != GameMode::kSpectator; }

// Player.aiStep: the pickup area reaches 1 sideways and 0.5 up and down.
constexpr double kPickupReachHorizontal = 1.0;
constexpr double kPickupReachVertical = 0.5;
// ClientboundGameEventPacket.PLAY_ARROW_HIT_SOUND: the shooter hears its arrow hit a player.
constexpr uint8_t kArrowHitPlayerEvent = 6;

// Entity.setRemainingFireTicks with the shared flag kept in step.
void set_fire(Arrow& arrow, int ticks) {
  if ((arrow.fire_ticks > 0) != (ticks > 0)) arrow.data_dirty = true;
  arrow.fire_ticks = ticks;
}

// One candidate the arrow may hit.
struct Candidate {
  bool player = false;
  int32_t id = 0;  // a mob's entity id
  ConnId conn{};
  Aabb box;
  Vec3 position;
  Vec3 location;
};

}  // namespace

Arrows::Arrows(EntityIds& ids, Rng& random, PlayerConnections& players, EntityTracking& tracking, PlayerDamage& damage,
               const GameRules& rules)
    : ids_(ids), random_(random), players_(players), tracking_(tracking), damage_(damage), rules_(rules) {}

int32_t Arrows::launch(const Launch& l) {
  const int32_t id = ids_.next();
  auto arrow = std::make_unique<Arrow>(id, insecure_uuid(random_));
  arrow->position = l.position;
  arrow->velocity = l.velocity;
  arrow->yaw = l.yaw;
  arrow->pitch = l.pitch;
  arrow->base_damage = l.base_damage;
  arrow->owner = l.owner;
  arrow->owner_type = l.owner_type;
  arrow->owner_name = l.owner_name;
  arrow->owner_is_player = l.owner_is_player;
  arrow->crit = l.crit;
  arrow->pickup = l.pickup;
  arrow->pickup_item = l.pickup_item;
  arrow->weapon = l.weapon;
  arrow->owner_uuid = l.owner_uuid;
  arrow->fire_ticks = l.fire_ticks;
  arrow->needs_sync = true;
  Arrow& added = *arrows_.emplace(id, std::move(arrow)).first->second;
  tracking_.add_entity(added);
  return id;
}

Arrow* Arrows::find(int32_t id) {
  auto it = arrows_.find(id);
  return it == arrows_.end() || it->second->removed ? nullptr : it->second.get();
}

std::vector<int32_t> Arrows::ids() const {
  std::vector<int32_t> out;
  for (const auto& [id, arrow] : arrows_)
    if (!arrow->removed) out.push_back(id);
  return out;
}

void Arrows::tick() {
  for (const int32_t id : ids()) {
    Arrow& arrow = *arrows_.at(id);
    if (arrow.removed || !arrow_chunk_loaded(*blocks_, arrow.position)) continue;
    tick_arrow(arrow);
  }
  for (Player* player : players_.joined_players()) pick_up(*player);
  std::erase_if(arrows_, [](const auto& entry) { return entry.second->removed; });
}

void Arrows::pick_up(Player& player) {
  if (player.dead || player.health <= 0.0f || player.game_mode == GameMode::kSpectator) return;
  const Aabb area = make_player_box(player.position, Pose::kStanding)
                        .inflate(kPickupReachHorizontal, kPickupReachVertical, kPickupReachHorizontal);
  for (auto& [id, arrow] : arrows_) {
    if (arrow->removed || !arrow->in_ground || arrow->shake_time > 0 || !area.intersects(arrow->box())) continue;
    // tryPickup: into the inventory, or (an arrow no one may keep) by a creative player only.
    bool taken = false;
    if (arrow->pickup == ArrowPickup::kAllowed) {
      ItemStack stack = arrow->pickup_item;
      taken = add_to_inventory(player, stack);
    } else if (arrow->pickup == ArrowPickup::kCreativeOnly) {
      taken = player.game_mode == GameMode::kCreative;
    }
    if (!taken) continue;
    // LivingEntity.take: everyone who sees the arrow sees it fly to the player.
    tracking_.send_to_viewers(id, share(encode_packet(packet::play_cb::Collect{id, player.entity_id, 1})));
    discard(*arrow);
  }
}

std::vector<std::string_view> Arrows::saved_types() const { return {arrow_codec::kTypeId}; }

void Arrows::save_chunk(ChunkPos pos, std::vector<nbt::Compound>& out) const {
  for (const auto& [id, arrow] : arrows_)
    if (!arrow->removed && entity_nbt::chunk_of(arrow->position) == pos) out.push_back(arrow_codec::save(*arrow));
}

void Arrows::unload_chunk(ChunkPos pos) {
  for (auto& [id, arrow] : arrows_)
    if (entity_nbt::chunk_of(arrow->position) == pos) discard(*arrow);
  std::erase_if(arrows_, [](const auto& entry) { return entry.second->removed; });
}

bool Arrows::load(const nbt::Compound& tag) {
  std::optional<arrow_codec::Loaded> loaded = arrow_codec::load(tag);
  if (!loaded) return false;
  // A new network id, the stored UUID (vanilla keeps UUIDs across saves, never network ids).
  const int32_t id = ids_.next();
  auto arrow = std::make_unique<Arrow>(id, loaded->base.uuid);
  entity_nbt::apply_base(loaded->base, *arrow);
  Arrow& a = *arrow;
  a.owner_uuid = loaded->owner;
  a.left_owner = loaded->left_owner;
  a.fire_ticks = loaded->fire_ticks;
  a.life = loaded->life;
  a.last_state = loaded->in_block.value_or(0);
  a.shake_time = loaded->shake_time;
  a.in_ground = loaded->in_ground;
  a.pickup = loaded->pickup;
  a.base_damage = loaded->base_damage;
  a.crit = loaded->crit;
  a.pickup_item = loaded->item;
  a.weapon = loaded->weapon;
  if (a.owner_uuid) {
    for (const Player* p : players_.joined_players())
      if (p->uuid == *a.owner_uuid) a.owner = p->entity_id, a.owner_is_player = true;
    if (!a.owner_is_player && mobs_.with_uuid)
      if (std::optional<MobHits::Owner> mob = mobs_.with_uuid(*a.owner_uuid)) {
        a.owner = mob->id;
        HZ_CHECK(a.set_owner_kind(mob->type));
      }
  }
  a.needs_sync = true;
  arrows_.emplace(id, std::move(arrow));
  tracking_.add_entity(a);
  return true;
}

bool Arrows::inside_block(const Arrow& arrow, BlockStateId state, int bx, int by, int bz) const {
  // AABB.contains: min inclusive, max exclusive.
  const Vec3& p = arrow.position;
  for (const ShapeBox& b : collision_boxes(state))
    if (p.x >= b.min_x + bx && p.x < b.max_x + bx && p.y >= b.min_y + by && p.y < b.max_y + by &&
        p.z >= b.min_z + bz && p.z < b.max_z + bz)
      return true;
  return false;
}

bool Arrows::should_fall(const Arrow& arrow) const {
  // Level.noCollision for a point-sized box grown by 0.06.
  const Vec3& p = arrow.position;
  const Aabb box{p.x - kFallCheck, p.y - kFallCheck, p.z - kFallCheck, p.x + kFallCheck, p.y + kFallCheck,
                 p.z + kFallCheck};
  for (int x = java_floor(box.min_x); x <= java_floor(box.max_x); ++x)
    for (int y = java_floor(box.min_y); y <= java_floor(box.max_y); ++y)
      for (int z = java_floor(box.min_z); z <= java_floor(box.max_z); ++z)
        for (const ShapeBox& b : collision_boxes(blocks_->block(x, y, z)))
          if (box.intersects(b.min_x + x, b.min_y + y, b.min_z + z, b.max_x + x, b.max_y + y, b.max_z + z)) return false;
  return true;
}

void Arrows::tick_arrow(Arrow& arrow) {
  ++arrow.tick_count;  // ServerLevel.tickNonPassenger counts before the tick
  const int bx = java_floor(arrow.position.x), by = java_floor(arrow.position.y), bz = java_floor(arrow.position.z);
  const BlockStateId here = blocks_->block(bx, by, bz);
  if (inside_block(arrow, here, bx, by, bz)) {
    arrow.velocity = Vec3{};
    if (!arrow.in_ground) arrow.data_dirty = true;
    arrow.in_ground = true;
  }
  if (arrow.shake_time > 0) --arrow.shake_time;
  if (arrow.in_water) set_fire(arrow, 0);  // isInWaterOrRain: Horizon's arrows do not see rain
  if (arrow.in_ground) {
    if (arrow.last_state != here && should_fall(arrow)) {
      // startFalling: what is left of the speed, each axis times up to 0.2.
      arrow.in_ground = false;
      arrow.data_dirty = true;
      const double fx = static_cast<double>(random_.next_float() * 0.2f);
      const double fy = static_cast<double>(random_.next_float() * 0.2f);
      const double fz = static_cast<double>(random_.next_float() * 0.2f);
      arrow.velocity = Vec3{arrow.velocity.x * fx, arrow.velocity.y * fy, arrow.velocity.z * fz};
      arrow.life = 0;
    } else if (++arrow.life >= arrow_rules::kDespawnTicks) {
      discard(arrow);
      return;
    }
    ++arrow.in_ground_time;
    return;
  }
  arrow.in_ground_time = 0;
  const double water = static_cast<double>(arrow_rules::kWaterInertia);
  if (arrow.in_water) arrow.velocity = Vec3{arrow.velocity.x * water, arrow.velocity.y * water, arrow.velocity.z * water};
  const Vec3 v = arrow.velocity;
  const float y_rot = static_cast<float>(std::atan2(v.x, v.z) * static_cast<double>(kRadToDeg));
  const float x_rot = static_cast<float>(std::atan2(v.y, std::sqrt(v.x * v.x + v.z * v.z)) * static_cast<double>(kRadToDeg));
  arrow.pitch = arrow_rules::lerp_rotation(arrow.pitch, x_rot);
  arrow.yaw = arrow_rules::lerp_rotation(arrow.yaw, y_rot);
  // Projectile.checkLeftOwner: the owner may be hit once no part of it is near the arrow's path.
  if (!arrow.left_owner) arrow.left_owner = !touching_owner(arrow, arrow.box().expand_towards(v).inflate(1.0));
  const Vec3 from = arrow.position;
  const Vec3 to = from + v;
  const BlockSourceWorld world(*blocks_);
  const BlockHit block = clip_blocks(world, from, to, FluidClip::kNone);
  const Vec3 end = block.hit ? block.location : to;
  if (!hit_entity(arrow, from, end)) {
    arrow.position = end;
    if (block.hit) hit_block(arrow, blocks_->block(block.pos.x, block.pos.y, block.pos.z));
  }
  if (arrow.removed) return;
  const double air = static_cast<double>(arrow_rules::kInertia);
  if (!arrow.in_water) arrow.velocity = Vec3{arrow.velocity.x * air, arrow.velocity.y * air, arrow.velocity.z * air};
  if (!arrow.in_ground) arrow.velocity.y -= arrow_rules::kGravity;
  // Entity.baseTick: the water state the next tick's drag reads.
  arrow.in_water = is_water(blocks_->block(java_floor(arrow.position.x), java_floor(arrow.position.y),
                                           java_floor(arrow.position.z)));
  if (arrow.fire_ticks > 0) set_fire(arrow, arrow.fire_ticks - 1);
}

Player* Arrows::shooter(const Arrow& arrow) const {
  // Projectile.getOwner resolves the saved reference by UUID: a player who left and came back
  // (with a new entity id) is the owner again.
  if (!arrow.owner_uuid) return nullptr;
  for (Player* p : players_.joined_players())
    if (p->uuid == *arrow.owner_uuid) return p;
  return nullptr;
}

bool Arrows::touching_owner(const Arrow& arrow, const Aabb& near) const {
  if (const Player* p = shooter(arrow)) return near.intersects(make_player_box(p->position, Pose::kStanding));
  if (arrow.owner == 0 || arrow.owner_is_player) return false;
  if (mobs_.targets)
    for (const MobHits::Target& t : mobs_.targets())
      if (t.id == arrow.owner && near.intersects(t.box)) return true;
  return false;
}

bool Arrows::hit_entity(Arrow& arrow, Vec3 from, const Vec3& to) {
  // ProjectileUtil.getManyEntityHitResult over the box the arrow sweeps, grown by 1.
  const Aabb search = arrow.box().expand_towards(arrow.velocity).inflate(1.0);
  const double margin = arrow_rules::hit_margin(arrow.tick_count);
  const BlockSourceWorld world(*blocks_);
  std::vector<Candidate> hits;
  auto consider = [&](Candidate c) {
    if (!search.intersects(c.box)) return;
    if (auto at = arrow_rules::clip_box(c.box, from, to)) {
      c.location = *at;
      hits.push_back(c);
      return;
    }
    if (margin <= 0.0) return;
    // Grazing within the margin: aim from where the grown box is met toward the entity's centre,
    // stopped by blocks, and take where that meets the real box.
    const auto outside = arrow_rules::clip_box(c.box.inflate(margin), from, to);
    if (!outside) return;
    Vec3 towards{(c.box.min_x + c.box.max_x) / 2, (c.box.min_y + c.box.max_y) / 2, (c.box.min_z + c.box.max_z) / 2};
    const BlockHit blocked = clip_blocks(world, *outside, towards, FluidClip::kNone);
    if (blocked.hit) towards = blocked.location;
    if (auto surface = arrow_rules::clip_box(c.box, *outside, towards)) {
      c.location = *surface;
      hits.push_back(c);
    }
  };
  // canHitEntity: not the owner before the arrow left it; a player's arrow passes through the
  // players it may not harm (the pvp game rule).
  const bool mob_owner = arrow.owner != 0 && !arrow.owner_is_player;
  const Player* shot_by = shooter(arrow);
  const bool hits_players = shot_by == nullptr || rules_.get_bool("pvp");
  for (const Player* p : players_.joined_players())
    if (hittable(*p) && hits_players && (p != shot_by || arrow.left_owner))
      consider(Candidate{true, p->entity_id, p->conn, make_player_box(p->position, Pose::kStanding), p->position, {}});
  if (mobs_.targets)
    for (const MobHits::Target& t : mobs_.targets())
      if (!mob_owner || t.id != arrow.owner || arrow.left_owner)
        consider(Candidate{false, t.id, ConnId{}, t.box, t.position, {}});
  if (hits.empty()) return false;
  // The nearest by the entities' positions (a stable sort keeps players before mobs on ties).
  std::stable_sort(hits.begin(), hits.end(), [&](const Candidate& a, const Candidate& b) {
    return length_sqr(a.position - from) < length_sqr(b.position - from);
  });
  const Candidate& first = hits.front();
  arrow.position = first.location;
  arrow.needs_sync = true;
  // AbstractArrow.onHitEntity: the weapon's damage effects (the arrow's base as a float, Power).
  const double base = arrow.weapon.empty() ? arrow.base_damage
                                            : arrow_rules::weapon_damage(arrow.base_damage,
                                                                         enchantment_level(arrow.weapon, "power"));
  int damage = arrow_rules::hit_damage(std::sqrt(length_sqr(arrow.velocity)), base);
  if (arrow.crit) damage += static_cast<int>(random_.next_below(static_cast<uint32_t>(damage / 2 + 2)));
  bool hurt = false;
  if (first.player) {
    if (const Player* target = players_.player(first.conn)) hurt = hurt_player(arrow, *target, damage);
  } else {
    hurt = hurt_mob(arrow, first.id, damage);
  }
  if (hurt) {
    hit_sound(arrow);
    discard(arrow);
  } else {
    deflect(arrow);
  }
  return true;
}

bool Arrows::hurt_player(Arrow& arrow, const Player& target, int damage) {
  // Projectile.calculateHorizontalHurtKnockbackDirection: the player is pushed along the flight.
  // The damage source's causing entity: the skeleton or the player; an arrow without a present
  // owner is its own cause ("was shot by Arrow").
  const Vec3 along{-arrow.velocity.x, 0.0, -arrow.velocity.z};
  Player* shot_by = shooter(arrow);
  const bool mob_owner = arrow.owner != 0 && !arrow.owner_is_player;
  MobAttacker attacker = mob_owner ? MobAttacker{arrow.owner, arrow.owner_type, arrow.owner_name, arrow.position, along}
                                   : MobAttacker{arrow.id(), "arrow", "Arrow", arrow.position, along};
  attacker.player = shot_by;
  attacker.ignite_ticks = arrow.fire_ticks > 0 ? arrow_rules::kHitFireTicks : 0;
  attacker.punch = enchantment_level(arrow.weapon, "punch");
  const bool hurt = damage_.hurt_by_mob(target.conn, static_cast<float>(damage), attacker, DamageCause::kArrow);
  // doPostAttackEffectsWithItemSource: the target's Thorns strike the shooter.
  if (hurt && shot_by != nullptr)
    damage_.strike_back(target.conn, [&](float d) { damage_.hurt_by_thorns(shot_by->conn, d, target); });
  else if (hurt && mob_owner && mobs_.thorns)
    damage_.strike_back(target.conn, [&](float d) { mobs_.thorns(arrow.owner, d, target); });
  // The shooter's "ding" for a player it hit (not itself).
  if (hurt && shot_by != nullptr && shot_by->entity_id != target.entity_id)
    players_.send(shot_by->conn, packet::play_cb::GameStateChange{kArrowHitPlayerEvent, 0.0f});
  return hurt;
}

bool Arrows::hurt_mob(Arrow& arrow, int32_t mob, int damage) {
  if (!mobs_.hurt) return false;
  // igniteForSeconds(5) before the hurt; a refused hit puts the old fire back.
  const bool burning = arrow.fire_ticks > 0 && mobs_.fire_ticks && mobs_.set_fire_ticks;
  const int fire_before = burning ? mobs_.fire_ticks(mob) : 0;
  if (burning) mobs_.set_fire_ticks(mob, std::max(fire_before, arrow_rules::kHitFireTicks));
  const bool hurt = mobs_.hurt(mob, static_cast<float>(damage), arrow, shooter(arrow));
  if (!hurt) {
    if (burning) mobs_.set_fire_ticks(mob, fire_before);
    return false;
  }
  if (mobs_.push)
    // Horizon's mobs resist no knockback.
    if (auto push = arrow_rules::punch_push(arrow.velocity, enchantment_level(arrow.weapon, "punch"), 0.0))
      mobs_.push(mob, *push);
  return true;
}

void Arrows::hit_sound(const Arrow& arrow) {
  const float pitch = 1.2f / (random_.next_float() * 0.2f + 0.9f);
  if (sounds_) sounds_->play_sound(arrow.position, SoundEvent{sound::entity_arrow_hit, SoundSource::kNeutral, 1.0f, pitch});
}

void Arrows::deflect(Arrow& arrow) {
  // ProjectileDeflection.REVERSE, then the arrow loses four fifths of what is left.
  const float turn = 170.0f + random_.next_float() * 20.0f;
  arrow.velocity = Vec3{arrow.velocity.x * -0.5, arrow.velocity.y * -0.5, arrow.velocity.z * -0.5};
  arrow.yaw += turn;
  arrow.velocity = Vec3{arrow.velocity.x * 0.2, arrow.velocity.y * 0.2, arrow.velocity.z * 0.2};
  if (length_sqr(arrow.velocity) >= kDeflectedStopSqr) return;
  // Stopped in mid air: an arrow a player may keep drops as its item (spawnAtLocation, 0.1 up).
  if (arrow.pickup == ArrowPickup::kAllowed && drops_)
    drops_->drop_at(Vec3{arrow.position.x, arrow.position.y + static_cast<double>(0.1f), arrow.position.z},
                    arrow.pickup_item);
  discard(arrow);
}

void Arrows::hit_block(Arrow& arrow, BlockStateId state) {
  // AbstractArrow.onHitBlock: stuck, backed off the face, no longer critical.
  arrow.last_state = state;
  const Vec3 v = arrow.velocity;
  arrow.position = Vec3{arrow.position.x - signum(v.x) * kBackOff, arrow.position.y - signum(v.y) * kBackOff,
                        arrow.position.z - signum(v.z) * kBackOff};
  arrow.velocity = Vec3{};
  hit_sound(arrow);
  arrow.in_ground = true;
  arrow.shake_time = arrow_rules::kShakeTicks;
  arrow.crit = false;
  arrow.data_dirty = true;
  arrow.needs_sync = true;
}

void Arrows::discard(Arrow& arrow) {
  if (arrow.removed) return;
  arrow.removed = true;
  tracking_.remove_entity(arrow.id());
}

uint64_t Arrows::hash() const {
  Hasher h;
  for (const auto& [id, a] : arrows_) {
    h.i64(id);
    h.f64(a->position.x), h.f64(a->position.y), h.f64(a->position.z);
    h.f64(a->velocity.x), h.f64(a->velocity.y), h.f64(a->velocity.z);
    h.u64(a->in_ground), h.i64(a->life), h.u64(a->left_owner), h.f64(a->base_damage);
    h.u64(a->owner_is_player), h.u64(static_cast<uint64_t>(a->pickup)), h.i64(a->pickup_item.item);
    h.i64(a->weapon.item), hash_components(h, a->weapon), h.i64(a->fire_ticks), h.i64(a->shake_time), h.u64(a->crit);
    h.u64(a->owner_uuid.has_value());
    if (a->owner_uuid) h.u64(a->owner_uuid->most), h.u64(a->owner_uuid->least);
  }
  return h.digest();
}

}  // namespace hz
