#include "sim/game/entities/arrows.h"

#include <algorithm>
#include <cmath>

#include "sim/game/entities/insecure_uuid.h"
#include "sim/core/hash.h"
#include "sim/core/java_format.h"
#include "sim/game/blocks/block_ray.h"
#include "sim/game/movement/block_source_world.h"
#include "sim/game/movement/player_body.h"

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

Arrows::Arrows(EntityIds& ids, Rng& random, PlayerConnections& players, EntityTracking& tracking, PlayerDamage& damage)
    : ids_(ids), random_(random), players_(players), tracking_(tracking), damage_(damage) {}

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
  std::erase_if(arrows_, [](const auto& entry) { return entry.second->removed; });
}

void Arrows::unload_chunk(int chunk_x, int chunk_z) {
  for (auto& [id, arrow] : arrows_)
    if ((java_floor(arrow->position.x) >> 4) == chunk_x && (java_floor(arrow->position.z) >> 4) == chunk_z)
      discard(*arrow);
  std::erase_if(arrows_, [](const auto& entry) { return entry.second->removed; });
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
  if (!arrow.left_owner) {
    const Aabb near = arrow.box().expand_towards(v).inflate(1.0);
    bool touching = false;
    if (arrow.owner != 0 && mobs_.targets)
      for (const MobHits::Target& t : mobs_.targets())
        if (t.id == arrow.owner && near.intersects(t.box)) touching = true;
    arrow.left_owner = !touching;
  }
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
  for (const Player* p : players_.joined_players())
    if (hittable(*p))
      consider(Candidate{true, p->entity_id, p->conn, make_player_box(p->position, Pose::kStanding), p->position, {}});
  if (mobs_.targets)
    for (const MobHits::Target& t : mobs_.targets())
      if (t.id != arrow.owner || arrow.left_owner) consider(Candidate{false, t.id, ConnId{}, t.box, t.position, {}});
  if (hits.empty()) return false;
  // The nearest by the entities' positions (a stable sort keeps players before mobs on ties).
  std::stable_sort(hits.begin(), hits.end(), [&](const Candidate& a, const Candidate& b) {
    return length_sqr(a.position - from) < length_sqr(b.position - from);
  });
  const Candidate& first = hits.front();
  arrow.position = first.location;
  arrow.needs_sync = true;
  // AbstractArrow.onHitEntity.
  int damage = arrow_rules::hit_damage(std::sqrt(length_sqr(arrow.velocity)), arrow.base_damage);
  if (arrow.crit) damage += static_cast<int>(random_.next_below(static_cast<uint32_t>(damage / 2 + 2)));
  bool hurt = false;
  if (first.player) {
    // Projectile.calculateHorizontalHurtKnockbackDirection: the player is pushed along the flight.
    const MobAttacker attacker{arrow.owner != 0 ? arrow.owner : arrow.id(), arrow.owner_type, arrow.owner_name,
                               arrow.position, Vec3{-arrow.velocity.x, 0.0, -arrow.velocity.z}};
    hurt = damage_.hurt_by_mob(first.conn, static_cast<float>(damage), attacker, DamageCause::kArrow);
  } else if (mobs_.hurt) {
    hurt = mobs_.hurt(first.id, static_cast<float>(damage), arrow);
  }
  if (hurt) discard(arrow);
  else deflect(arrow);
  return true;
}

void Arrows::deflect(Arrow& arrow) {
  // ProjectileDeflection.REVERSE, then the arrow loses four fifths of what is left.
  const float turn = 170.0f + random_.next_float() * 20.0f;
  arrow.velocity = Vec3{arrow.velocity.x * -0.5, arrow.velocity.y * -0.5, arrow.velocity.z * -0.5};
  arrow.yaw += turn;
  arrow.velocity = Vec3{arrow.velocity.x * 0.2, arrow.velocity.y * 0.2, arrow.velocity.z * 0.2};
  if (length_sqr(arrow.velocity) < kDeflectedStopSqr) discard(arrow);  // skeleton arrows are never picked up
}

void Arrows::hit_block(Arrow& arrow, BlockStateId state) {
  // AbstractArrow.onHitBlock: stuck, backed off the face, no longer critical.
  arrow.last_state = state;
  const Vec3 v = arrow.velocity;
  arrow.position = Vec3{arrow.position.x - signum(v.x) * kBackOff, arrow.position.y - signum(v.y) * kBackOff,
                        arrow.position.z - signum(v.z) * kBackOff};
  arrow.velocity = Vec3{};
  arrow.in_ground = true;
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
  }
  return h.digest();
}

}  // namespace hz
