#include "sim/game/entities/entity_physics.h"

#include <cmath>
#include <limits>
#include <vector>

#include "sim/core/java_format.h"
#include "sim/game/movement/block_motion.h"
#include "sim/game/movement/entity_move.h"
#include "sim/game/movement/world_collisions.h"

namespace hz::entity_physics {

namespace {

// getOnPos(0.999999F): the block under the entity that gives the friction.
constexpr double kFrictionProbe = as_float(0.999999);
constexpr double kSpeedFactorProbe = as_float(0.500001);
// Non-living entities bounce off slime and beds at 0.8 of a living entity's rebound.
constexpr double kNonLivingBounce = 0.8;

BlockStateId block_at(const BlockSource& blocks, double x, double y, double z) {
  return blocks.block(java_floor(x), java_floor(y), java_floor(z));
}

CollisionContext context_of(const Entity& e) {
  CollisionContext ctx;
  ctx.entity_bottom = e.position.y;
  return ctx;
}

bool full_block(const BlockSource& blocks, int x, int y, int z) {
  const VoxelShape* shape = block_collision_shape(blocks.block(x, y, z), x, y, z, CollisionContext{});
  return shape != nullptr && shape->is_unit_cube();
}

// Block.updateEntityMovementAfterFallOn for a non-living entity.
void after_fall_on(Entity& e, const BlockSource& blocks) {
  const Bounce bounce = block_motion(block_at(blocks, e.position.x, e.position.y - as_float(0.2), e.position.z)).bounce;
  Vec3& v = e.velocity;
  if (bounce == Bounce::kNone) v.y = v.y * 0.0;
  else if (v.y < 0.0) v.y = bounce == Bounce::kSlime ? -v.y * kNonLivingBounce : -v.y * as_float(0.66) * kNonLivingBounce;
}

// Entity.getBlockSpeedFactor (soul sand, honey).
double speed_factor(const Entity& e, const BlockSource& blocks) {
  const BlockMotion& here = block_motion(block_at(blocks, e.position.x, e.position.y, e.position.z));
  if (here.water_block || here.speed_factor != 1.0f) return static_cast<double>(here.speed_factor);
  const Vec3& p = e.position;
  return static_cast<double>(block_motion(block_at(blocks, p.x, p.y - kSpeedFactorProbe, p.z)).speed_factor);
}

}  // namespace

double liquid_height(const BlockSource& blocks, int x, int y, int z, bool water) {
  const BlockStateId above = blocks.block(x, y + 1, z);
  if (water ? is_water(above) : block_motion(above).lava) return 1.0;
  const BlockStateId state = blocks.block(x, y, z);
  const std::string_view level = state_property(state, "level");
  int amount = 8;
  if (!level.empty()) {
    const int n = level[0] - '0';
    amount = (level.size() == 1 && n >= 1 && n <= 7) ? 8 - n : 8;
  }
  return static_cast<double>(static_cast<float>(amount) / 9.0f);
}

void push_towards_closest_space(Entity& e, double y_center, const BlockSource& blocks, Rng& random) {
  const int bx = java_floor(e.position.x), by = java_floor(y_center), bz = java_floor(e.position.z);
  const double fx = e.position.x - bx, fy = y_center - by, fz = e.position.z - bz;
  struct Side {
    int dx, dy, dz;
    double distance;
  };
  const Side sides[] = {{0, 0, -1, fz}, {0, 0, 1, 1.0 - fz}, {-1, 0, 0, fx}, {1, 0, 0, 1.0 - fx}, {0, 1, 0, 1.0 - fy}};
  Side closest{0, 1, 0, std::numeric_limits<double>::max()};
  for (const Side& side : sides) {
    if (full_block(blocks, bx + side.dx, by + side.dy, bz + side.dz)) continue;
    if (side.distance < closest.distance) closest = side;
  }
  const float speed = random.next_float() * 0.2f + 0.1f;
  const double push = static_cast<double>(static_cast<float>(closest.dx + closest.dy + closest.dz) * speed);
  const Vec3 kept{e.velocity.x * 0.75, e.velocity.y * 0.75, e.velocity.z * 0.75};
  if (closest.dx != 0) e.velocity = Vec3{push, kept.y, kept.z};
  else if (closest.dz != 0) e.velocity = Vec3{kept.x, kept.y, push};
  else e.velocity = Vec3{kept.x, push, kept.z};
}

bool collides(const Entity& e, const Aabb& box, const BlockSource& blocks) {
  static const WorldBorder border;
  return !no_collision(blocks, border, e.position, context_of(e), box);
}

bool move(Entity& e, const Aabb& box, const BlockSource& blocks) {
  static const WorldBorder border;
  const Vec3 delta = e.velocity;
  Vec3 moved = delta;
  if (length_sqr(delta) != 0.0) {
    std::vector<PlacedShape> colliders;
    collect_colliders(blocks, border, e.position, context_of(e), box.expand_towards(delta), colliders);
    moved = collide_with_shapes(delta, box, colliders);
  }
  const double moved_sqr = length_sqr(moved);
  if (moved_sqr > 1.0e-7 || length_sqr(delta) - moved_sqr < 1.0e-7) e.position = e.position + moved;
  const double tolerance = as_float(1.0e-5);
  const bool x_collision = !(std::abs(moved.x - delta.x) < tolerance);
  const bool z_collision = !(std::abs(moved.z - delta.z) < tolerance);
  const bool vertical_collision = delta.y != moved.y;
  // Entity.move updates the flags when the entity moved vertically or the server is authoritative
  // for it, which it always is for entities nobody rides: so always.
  e.on_ground = vertical_collision && delta.y < 0.0;
  if (x_collision) e.velocity.x = 0.0;
  if (z_collision) e.velocity.z = 0.0;
  if (vertical_collision) after_fall_on(e, blocks);
  const double factor = speed_factor(e, blocks);
  e.velocity = Vec3{e.velocity.x * factor, e.velocity.y * 1.0, e.velocity.z * factor};
  return vertical_collision && delta.y < 0.0;
}

float ground_friction(const Entity& e, const BlockSource& blocks) {
  if (!e.on_ground) return 0.98f;
  const Vec3& p = e.position;
  return block_motion(block_at(blocks, p.x, p.y - kFrictionProbe, p.z)).friction * 0.98f;
}

}  // namespace hz::entity_physics
