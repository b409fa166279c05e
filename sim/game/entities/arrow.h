// One arrow (docs/rules/projectiles.md): the entity the tracker shows (owner id in the spawn
// data, on-fire, in-ground and crit flags in its data) and its flight and shot rules as pure
// functions.
#pragma once

#include <cstdint>
#include <memory>
#include <optional>
#include <string>
#include <string_view>

#include "sim/core/rng.h"
#include "sim/data/blocks.h"
#include "sim/game/entities/entity.h"
#include "sim/game/items/item_stack.h"
#include "sim/game/movement/aabb.h"

namespace hz {

namespace arrow_rules {
// AbstractArrow's constants.
inline constexpr double kGravity = 0.05;
inline constexpr float kInertia = 0.99f;
inline constexpr float kWaterInertia = 0.6f;
inline constexpr int kDespawnTicks = 1200;  // life in the ground before it goes
inline constexpr double kBaseDamage = 2.0;
inline constexpr double kHalfWidth = 0.25;  // EntityType ARROW: 0.5 × 0.5
inline constexpr double kHeight = 0.5;
inline constexpr int kShakeTicks = 7;         // after sticking, before a player may pick it up
inline constexpr int kHitFireTicks = 100;     // igniteForSeconds(5): a burning arrow's target
inline constexpr int kFlameFireTicks = 2000;  // Flame's ignite effect: 100 seconds

// BowItem.getPowerForTime: the draw's power, (t² + 2t) / 3 for t = ticks / 20, at most 1.
float power_for_time(int ticks);
// Projectile.getMovementToShoot: the direction normalized, a triangle of 0.0172275 × uncertainty
// added to each axis (x, y, z), times the speed.
Vec3 movement_to_shoot(const Vec3& direction, float speed, float uncertainty, Rng& random);
// Projectile.shootFromRotation's direction for a look (degrees), with Mth's table sine and cosine.
Vec3 direction_from_rotation(float pitch, float yaw);
// EnchantmentHelper.modifyDamage for an arrow shot from a bow: the base damage as a float plus
// Power's 1 at level 1 and 0.5 more per level above.
double weapon_damage(double base_damage, int power_level);
// AbstractArrow.doKnockback: the push a Punch level gives a hit living entity, along the arrow's
// horizontal flight at level × 0.6 (scaled by the target's knockback resistance), 0.1 up; none
// without Punch or without horizontal flight.
std::optional<Vec3> punch_push(const Vec3& arrow_velocity, int punch_level, double knockback_resistance);

// One tick of flight with nothing in the way: drag in water first, the move, drag in air (both
// read last tick's in-water state), then gravity.
struct Flight {
  Vec3 position;
  Vec3 velocity;
  bool in_water = false;
};
void fly(Flight& flight);
// Projectile.lerpRotation: a fifth of the way from the old angle to the new, the short way round.
float lerp_rotation(float from, float to);
// The damage of a hit at `speed` (the length of the arrow's velocity): ceil(speed × base damage).
int hit_damage(double speed, double base_damage);
// ProjectileUtil.computeMargin: how much bigger entities look to an arrow `tick_count` ticks old.
double hit_margin(int tick_count);
// AABB.clip: where the segment from `from` to `to` enters `box`, if it does from outside.
std::optional<Vec3> clip_box(const Aabb& box, const Vec3& from, const Vec3& to);
}  // namespace arrow_rules

// AbstractArrow.Pickup: who may take an arrow lying in the ground.
enum class ArrowPickup : uint8_t { kDisallowed, kAllowed, kCreativeOnly };

class Arrow final : public Entity {
 public:
  static constexpr uint8_t kSharedFlagsIndex = 0;  // bit 1: on fire
  // Data indices (AbstractArrow's defineSynchedData after Entity's eight).
  static constexpr uint8_t kFlagsIndex = 8;     // bit 1: critical
  static constexpr uint8_t kInGroundIndex = 10;

  Arrow(int32_t id, const Uuid& uuid);
  static const EntityKind& entity_kind();

  Bytes synched_data() const override;
  // Projectile.getAddEntityPacket: the owner's entity id, 0 for none.
  int32_t spawn_data() const override { return owner; }

  Aabb box() const;

  static std::unique_ptr<Arrow> blank_for_snapshot() { return std::make_unique<Arrow>(0, Uuid{}); }
  // The shooter's kind is written as its registry path; reading points the names back at the kind.
  template <class Io>
  void state_fields(Io& io) {
    entity_fields(io);
    std::string type(owner_type);
    io(owner, type, owner_is_player, left_owner, in_ground, crit, in_water, life, in_ground_time, tick_count,
       base_damage, last_state, removed, pickup, pickup_item, weapon, owner_uuid, fire_ticks, shake_time);
    if constexpr (Io::kReading) io.check(set_owner_kind(type));
  }
  // Points owner_type and owner_name at the mob kind named `type` (none when empty); false when
  // no kind has that name.
  bool set_owner_kind(std::string_view type);

  int32_t owner = 0;                 // the shooter's entity id (0: none)
  std::string_view owner_type;       // "skeleton" (death messages)
  std::string_view owner_name;       // "Skeleton"
  bool owner_is_player = false;      // shot by the player whose entity id is `owner`
  bool left_owner = false;           // Projectile.leftOwner
  bool in_ground = false;
  bool crit = false;
  bool in_water = false;
  int life = 0;                      // ticks in the ground
  int in_ground_time = 0;
  int tick_count = 0;
  double base_damage = arrow_rules::kBaseDamage;
  BlockStateId last_state = 0;       // the block it stuck in
  bool removed = false;
  ArrowPickup pickup = ArrowPickup::kDisallowed;
  ItemStack pickup_item;             // what a player picking it up gets (the stack shot)
  ItemStack weapon;                  // the bow it was shot from (empty: none); Power and Punch
  std::optional<Uuid> owner_uuid;    // the owner as saved (Projectile's Owner reference)
  int fire_ticks = 0;                // burning while above 0 (Flame)
  int shake_time = 0;                // counts down after sticking; no pickup until 0
};

}  // namespace hz
