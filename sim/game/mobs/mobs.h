// The mob system (docs/rules/mobs.md, docs/entities.md): every mob in the world, created through
// the MobSpawner port (/summon), ticked in id order after player movement (body, AI, death), hurt
// by players' attacks and /kill, despawned far from players (docs/rules/spawning.md), hurting players through PlayerDamage, dropping loot as items.
#pragma once

#include <cstdint>
#include <functional>
#include <map>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "sim/core/properties.h"
#include "sim/core/rng.h"
#include "sim/game/entities/arrows.h"
#include "sim/game/entities/entity.h"
#include "sim/game/entities/entity_persistence.h"
#include "sim/game/entity_ids.h"
#include "sim/game/game_rules.h"
#include "sim/game/mobs/combat_rules.h"
#include "sim/game/mobs/mob.h"
#include "sim/game/mobs/mob_physics.h"
#include "sim/game/movement/block_source.h"
#include "sim/game/ports.h"
#include "sim/game/sessions.h"

namespace hz {

// How a mob is hurt (the damage types that reach mobs so far).
enum class MobDamage : uint8_t {
  kPlayerAttack,
  kGenericKill,
  kExplosion,
  kArrow,
  kOnFire,
  kOutOfWorld,
  kFall,
  kInFire,
  kLava,
  kThorns
};

// What vanilla's damage-type files and tags say of a MobDamage: its registry name, whether it is
// in #bypasses_armor, and whether it is in #panic_causes.
struct MobDamageType {
  std::string_view registry_name;
  bool bypasses_armor;
  bool panics;
};
const MobDamageType& mob_damage_type(MobDamage kind);

// What daylight burning reads of the level at a mob (the core fills it from the clock, the weather
// and the light engine): at its eyes, and whether rain falls at its feet or the top of its box.
struct Sunlight {
  bool monsters_burn = false;  // the day timeline's gameplay/monsters_burn
  int raw_brightness = 0;      // sky light less the darkening, or block light, at the eyes
  bool sky_visible = false;    // full sky light at the eyes
  bool raining_here = false;   // Entity.isInRain
};
using SunlightAt = std::function<Sunlight(const BlockPos& eyes, const BlockPos& feet, const BlockPos& top)>;

class Mobs final : public PlayerListener, public EntityPersistence {
 public:
  // Ticks a dead mob lies before it is removed (LivingEntity.tickDeath).
  static constexpr int kDeathTicks = 20;
  static constexpr int8_t kEntityEventDeath = 3;
  static constexpr int8_t kEntityEventPoof = 60;
  static constexpr int kBelowWorldMargin = 64;
  // LivingEntity.onBelowWorld: out_of_world damage each tick below the margin.
  static constexpr float kBelowWorldDamage = 4.0f;
  // Monster.updateNoActionTime: the extra idle ticks a monster counts in bright light.
  static constexpr int kBrightLightIdleTicks = 2;
  // LivingEntity.resolvePlayerResponsibleForDamage: a player's hit counts for 100 ticks.
  static constexpr int kPlayerKillMemory = 100;

  Mobs(EntityIds& ids, Rng& random, PlayerConnections& connections, EntityTracking& tracking, PlayerDamage& damage,
       ItemDrops& drops, const GameRules& rules, const GameTime& time);
  ~Mobs() override;

  void set_block_source(const BlockSource* blocks) {
    blocks_ = blocks ? blocks : &no_blocks_;
    arrows_.set_block_source(blocks);
  }
  // Where a creeper's explosion goes (the explosion system, sim/game/explosions/explosion_world.h):
  // centre, radius and the creeper as the explosion's source.
  void set_exploder(std::function<void(const Vec3&, float, const MobAttacker&)> explode) { explode_ = std::move(explode); }
  // Whether a line between two points meets no block collider (line of sight).
  void set_line_of_sight(std::function<bool(const Vec3&, const Vec3&)> clear) { clear_line_ = std::move(clear); }
  // The difficulty Mob.checkDespawn reads: in peaceful, hostile mobs vanish.
  void set_difficulty(Difficulty difficulty) { difficulty_ = difficulty; }
  // Where killed mobs' experience goes (the experience orb system); none without it.
  void set_experience(ExperienceDrops* experience) { experience_ = experience; }
  // Daylight for undead burning; without it nothing burns.
  void set_sunlight(SunlightAt sunlight) { sunlight_ = std::move(sunlight); }
  // The landed-on block's own part of a landing (farmland trampling); none without it.
  void set_fall_on(FallOnBlock* fall_on) { fall_on_ = fall_on; }
  // Where the mobs' voices go (docs/rules/sounds.md §2); unheard without it, the draws the same.
  void set_sounds(LevelSounds* sounds) {
    sounds_ = sounds;
    arrows_.set_sounds(sounds);
  }

  // Adds a mob at `position` facing `yaw` (Entity.snapTo); returns its entity id.
  int32_t summon(const MobKind& kind, const Vec3& position, float yaw, const SummonOptions& options = {});
  // Player.attack's hit on a mob (docs/rules/combat.md §2): player_attack damage, then a
  // sprinting hit's extra knockback along the player's look. True when the hit landed.
  bool hurt_by_player_attack(Mob& mob, const Player& player, const combat::AttackOutcome& outcome);
  // doSweepAttack's hit on a mob beside the target: player_attack damage, then 0.4F more
  // knockback along the player's look when it landed.
  bool hurt_by_sweep(Mob& mob, const Player& player, float damage);
  // LivingEntity.kill: generic_kill damage of Float.MAX_VALUE (kills whatever its health).
  void kill(int32_t entity_id);
  // LivingEntity.hurtServer for a mob; `attacker` is the attacking player for a player's attack.
  // `attacker` is credited with the hit and, with `knock_away`, pushes the mob away from it.
  bool hurt(Mob& mob, MobDamage kind, float amount, const Player* attacker, bool knock_away = true);
  // Entity.igniteForTicks (a mob's burning time is 1): the fire lasts at least `ticks` more.
  void ignite(Mob& mob, int ticks);

  // PlayerListener
  void on_leave(Player& player) override;
  // Every mob's tick in id order, then the arrows'.
  void tick() override;

  // EntityPersistence: mobs are kept with their chunk (mob_codec.h).
  std::vector<std::string_view> saved_types() const override;
  void save_chunk(ChunkPos pos, std::vector<nbt::Compound>& out) const override;
  void unload_chunk(ChunkPos pos) override;
  bool load(const nbt::Compound& tag) override;

  // The arrows skeletons shoot (ticked after the mobs).
  Arrows& arrows() { return arrows_; }
  // RangedAttackMob.performRangedAttack: a skeleton's arrow at `target` with the bow's power.
  int32_t shoot_arrow(Mob& mob, const Player& target, float power);

  Mob* find(int32_t id);
  const Mob* find(int32_t id) const;
  std::vector<int32_t> ids() const;
  size_t size() const { return mobs_.size(); }
  uint64_t hash() const;
  template <class Io>
  void state_fields(Io& io) {
    entity_map_fields(io, mobs_);
    io(arrows_);
  }

 private:
  void tick_mob(Mob& mob);
  // Entity.move's step or stroke sound, as the move decided (docs/rules/sounds.md §6).
  void step_sound(const Mob& mob, const mob_physics::MoveOutcome& moved);
  // LivingEntity.makeSound: the sound at the mob with its volume and a voice pitch.
  void make_sound(const Mob& mob, int32_t sound);
  // Entity.playSound at the mob with the kind's source.
  void play_sound(const Mob& mob, int32_t sound, float volume, float pitch);
  // LivingEntity.knockback(power, sin(yaw), -cos(yaw)): pushed along the player's look.
  void knock_along_look(Mob& mob, double power, float yaw);
  void check_despawn(Mob& mob);
  // A death's loot is smelted when the mob burns or the killing blow's weapon smelts loot.
  void die(Mob& mob, bool smelt_loot = false);
  // Creeper.explodeCreeper: dead, the explosion at its feet, removed without death loot.
  void explode_creeper(Mob& mob);
  void drop_loot(Mob& mob, bool smelt);
  // LivingEntity.dropExperience after the loot (Mob.getBaseExperienceReward's draws).
  void drop_experience(Mob& mob);
  bool hurt_player(Mob& mob, Player& player);
  void discard(Mob& mob);
  void purge_removed();
  bool hurt_by_arrow(int32_t mob_id, float damage, const Arrow& arrow, const Player* shooter);
  void tick_fire(Mob& mob);
  // LivingEntity.aiStep's applyEffectsFromBlocks: fire and lava set alight and hurt, water puts
  // out (docs/rules/burning.md §4).
  void apply_block_effects(Mob& mob);
  // Block.fallOn and LivingEntity.causeFallDamage for a mob that landed.
  void land(Mob& mob, const mob_physics::Landing& landing);
  void burn_in_daylight(Mob& mob);
  float brightness_at(const Mob& mob) const;
  // Entity.getLightLevelDependentMagicValue: the curved raw brightness at the eyes, 0..1.
  float light_value(const Mob& mob) const;

  EntityIds& ids_;
  Rng& random_;
  PlayerConnections& connections_;
  EntityTracking& tracking_;
  PlayerDamage& damage_;
  ItemDrops& drops_;
  ExperienceDrops* experience_ = nullptr;
  FallOnBlock* fall_on_ = nullptr;
  LevelSounds* sounds_ = nullptr;
  const GameRules& rules_;
  const GameTime& time_;
  NoBlocks no_blocks_;
  const BlockSource* blocks_ = &no_blocks_;
  std::map<int32_t, std::unique_ptr<Mob>> mobs_;  // by entity id: ticks in id order
  std::function<void(const Vec3&, float, const MobAttacker&)> explode_;
  std::function<bool(const Vec3&, const Vec3&)> clear_line_;
  SunlightAt sunlight_;
  Difficulty difficulty_ = Difficulty::kNormal;
  Arrows arrows_;
};

}  // namespace hz
