// One mob (docs/rules/mobs.md): the entity the tracker shows, and MobState, everything about it
// that outlives a tick in one struct (so a codec for entity storage can be added in one place).
#pragma once

#include <cstdint>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "sim/game/entities/entity.h"
#include "sim/game/mobs/mob_kinds.h"
#include "sim/game/movement/aabb.h"
#include "sim/game/pathfinding/path.h"
#include "sim/game/sounds/steps.h"
#include "sim/protocol/nbt.h"

namespace hz {

// MoveControl.Operation.
enum class MoveOperation : uint8_t { kWait, kMoveTo, kJumping, kStrafe };

// The goals Horizon's mobs use, in no particular order (each kind lists its own with priorities).
enum class GoalId : uint8_t {
  kFloat,
  kPanic,
  kStroll,
  kLookAtPlayer,
  kRandomLookAround,
  kZombieAttack,
  kNearestAttackableTarget,
  kSwell,  // the creeper's SwellGoal (creeper.h)
  kRangedBowAttack,  // skeletons (skeleton.h)
  kLeapAtTarget,     // spiders (spider.h)
};

struct GoalState {
  GoalId id;
  int priority = 0;
  uint8_t flags = 0;  // GoalFlag bits
  bool running = false;
  bool target_selector = false;  // in the target selector rather than the goal selector
  template <class Io>
  void state_fields(Io& io) {
    io(id, priority, flags, running, target_selector);
  }
};

// Creeper's own fields (docs/rules/mobs.md §8); meaningful only for creepers.
struct CreeperState {
  int swell = 0;
  int old_swell = 0;
  int max_swell = 30;       // Fuse
  int explosion_radius = 3; // ExplosionRadius
  int swell_dir = -1;       // entity data 16
  bool powered = false;     // entity data 17
  bool ignited = false;     // entity data 18
  std::optional<ConnId> swell_target;  // SwellGoal.target
  template <class Io>
  void state_fields(Io& io) {
    io(swell, old_swell, max_swell, explosion_radius, swell_dir, powered, ignited, swell_target);
  }
};

struct MobState {
  // LivingEntity.
  float health = 0;
  float speed = 0;          // LivingEntity.speed, set by the move control
  float xxa = 0, zza = 0;   // strafe and forward input
  bool jumping = false;
  int no_jump_delay = 0;
  float head_yaw = 0;       // yHeadRot
  double fall_distance = 0;
  bool horizontal_collision = false;
  bool in_water = false;
  int invulnerable_time = 0;
  float last_hurt = 0;
  int tick_count = 0;
  int ambient_sound_time = 0;  // Mob.ambientSoundTime (entity_sounds.h); not saved
  StepClock steps;             // Entity.moveDist and nextStep (steps.h); not saved
  int death_time = 0;       // ticks since death; removed at 20
  bool dead = false;
  // Who hurt it last and when (lastHurtByMob, forgotten 100 ticks after the timestamp); by UUID,
  // as vanilla's EntityReference saves it. Only players hurt mobs so far.
  std::optional<Uuid> last_hurt_by;
  int last_hurt_by_timestamp = 0;
  // lastHurtByPlayer and lastHurtByPlayerMemoryTime: 100 when a player hurts it, counted down each
  // tick (the player is forgotten a tick after it reaches 0); a death above 0 drops experience.
  std::optional<Uuid> last_hurt_by_player;
  int last_hurt_by_player_memory = 0;
  // getLastDamageSource, as PanicGoal asks it: whether the last hit's damage type is in
  // #minecraft:panic_causes, and the game time of that hit (forgotten 40 ticks later).
  bool last_damage_panics = false;
  int64_t last_damage_time = 0;
  // Mob.
  bool no_ai = false;
  bool persistence_required = false;  // never despawns, not counted against the mob caps
  std::optional<std::string> custom_name;
  std::optional<ConnId> target;     // the player the target selector chose
  int no_action_time = 0;
  // Controls.
  MoveOperation move_operation = MoveOperation::kWait;
  Vec3 wanted;                       // MoveControl's wanted position
  double speed_modifier = 0;
  bool jump_wanted = false;          // JumpControl.jump
  bool look_at_wanted = false;       // LookControl's target is set (lookAtCooldown > 0)
  int look_at_cooldown = 0;
  Vec3 look_at;
  float look_y_max = 10, look_x_max = 40;
  // Navigation: the path being followed and the index of its next point.
  std::optional<Path> path;
  size_t path_index = 0;
  double path_speed = 1.0;
  // Goals and their working state.
  std::vector<GoalState> goals;
  int look_time = 0;                 // LookAtPlayerGoal / RandomLookAroundGoal countdown
  std::optional<ConnId> look_at_player;
  double rel_look_x = 0, rel_look_z = 0;
  int ticks_until_next_attack = 0;   // MeleeAttackGoal
  int ticks_until_path_recalculation = 0;
  Vec3 pathed_target;
  int64_t last_can_use_check = -1000;
  int attack_swing_ticks = 0;
  // Skeletons (skeleton.h): RangedBowAttackGoal's counters, MoveControl.strafe's input, the bow
  // being drawn (LivingEntity.useItem) and Mob.setAggressive.
  int bow_attack_time = -1;
  int bow_see_time = 0;
  int strafing_time = -1;
  bool strafing_clockwise = false, strafing_backwards = false;
  float strafe_forwards = 0, strafe_right = 0;
  bool using_item = false;
  int use_item_ticks = 0;
  bool aggressive = false;
  // Entity.remainingFireTicks (burning while above 0) and the on-fire shared flag viewers last got.
  int remaining_fire_ticks = 0;
  bool on_fire = false;
  // Spiders (spider.h): the climbing flag (horizontal collision last tick) and
  // WallClimberNavigation's remembered target block.
  bool climbing = false;
  std::optional<NodePos> climb_to;
  // The compound this mob was loaded from (empty for a summoned mob): the keys Horizon does not
  // model (equipment, Tags, a sheep's color...) are written back from it unchanged (mob_codec.h).
  nbt::Compound loaded;
  CreeperState creeper;

  template <class Io>
  void state_fields(Io& io) {
    io(health, speed, xxa, zza, jumping, no_jump_delay, head_yaw, fall_distance, horizontal_collision, in_water,
       invulnerable_time, last_hurt, tick_count, death_time, dead, last_hurt_by, last_hurt_by_timestamp,
       last_hurt_by_player, last_hurt_by_player_memory, no_ai, persistence_required, custom_name, target,
       no_action_time, last_damage_panics, last_damage_time);
    io(move_operation, wanted, speed_modifier, jump_wanted, look_at_wanted, look_at_cooldown, look_at, look_y_max,
       look_x_max, path, path_index, path_speed, goals, look_time, look_at_player, rel_look_x, rel_look_z,
       ticks_until_next_attack, ticks_until_path_recalculation, pathed_target, last_can_use_check, attack_swing_ticks);
    io(bow_attack_time, bow_see_time, strafing_time, strafing_clockwise, strafing_backwards, strafe_forwards,
       strafe_right, using_item, use_item_ticks, aggressive, remaining_fire_ticks, on_fire, climbing, climb_to, loaded,
       creeper, ambient_sound_time, steps);
  }
};

class Mob final : public Entity {
 public:
  // Data indices (Entity, LivingEntity, Mob's defineSynchedData order).
  static constexpr uint8_t kSharedFlagsIndex = 0;  // bit 1: on fire
  static constexpr uint8_t kCustomNameIndex = 2;
  static constexpr uint8_t kLivingFlagsIndex = 8;  // bit 1: using an item (drawing a bow)
  static constexpr uint8_t kHealthIndex = 9;
  static constexpr uint8_t kMobFlagsIndex = 15;
  static constexpr uint8_t kSpiderFlagsIndex = 16;  // bit 1: climbing

  Mob(int32_t id, const Uuid& uuid, const MobKind& kind) : Entity(id, uuid, kind.entity), kind_(&kind) {
    state.health = kind.max_health;
  }

  const MobKind& mob_kind() const { return *kind_; }
  Bytes synched_data() const override;
  // A skeleton's bow in its main hand (set_equipment), so clients draw it.
  std::vector<SharedBytes> pairing_extras() const override;

  // EntityDimensions.makeBoundingBox at the entity's position.
  Aabb box() const { return box_at(position); }
  Aabb box_at(const Vec3& p) const;
  double eye_y() const { return position.y + static_cast<double>(kind_->eye_height); }
  bool alive() const { return !state.dead && state.health > 0.0f; }

  // Sets health the way LivingEntity.setHealth does (clamped to 0..max) and marks the data dirty.
  void set_health(float health);

  MobState state;
  bool removed = false;
  float sent_head_yaw = 0;  // the head yaw viewers last heard (rotate_head)

  // A snapshot names the kind (a registry path) and then the entity and its state.
  static std::unique_ptr<Mob> blank_for_snapshot();
  template <class Io>
  void state_fields(Io& io) {
    std::string kind_name(kind_->name);
    io(kind_name);
    if constexpr (Io::kReading) {
      const MobKind* kind = find_mob_kind(kind_name);
      io.check(kind != nullptr);
      if (kind) kind_ = kind, set_kind(kind->entity);
    }
    entity_fields(io);
    io(state, removed, sent_head_yaw);
  }

 private:
  const MobKind* kind_;
};

}  // namespace hz
