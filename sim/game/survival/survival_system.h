// Survival health for players (docs/rules/health.md): the one hurt path, fall damage from the
// moves movement accepts, the void, hunger and regeneration, death (message, drops, the body
// leaving the world) and respawn. Decisions are the pure rules next to it (damage_rules,
// fall_rules, food_rules, combat_tracker); this system keeps per-player state and sends packets.
#pragma once

#include <cstdint>
#include <functional>
#include <map>
#include <optional>
#include <vector>

#include "sim/game/movement/movement_system.h"
#include "sim/game/ports.h"
#include "sim/game/sessions.h"
#include "sim/game/survival/burning.h"
#include "sim/game/sounds/steps.h"
#include "sim/game/survival/combat_tracker.h"
#include "sim/game/survival/shield_rules.h"

namespace hz {

class GameRules;

class SurvivalSystem final : public PlayerListener,
                             public MoveOutcomeObserver,
                             public PlayerDamage,
                             public FoodExhaustion,
                             public PlayerEffects {
 public:
  struct Ports {
    PlayerConnections& connections;
    ServerLog& log;
    SpawnFinder& spawn;  // where a respawning player goes (the join placement rule)
    ItemDrops& drops;
    EntityBroadcast& broadcast;
    const ClientLoading& loading;
  };
  SurvivalSystem(Ports ports, const GameRules& rules, Difficulty difficulty);

  // Systems that follow deaths and respawns (movement, entity tracking), told in this order.
  void add_life_observer(PlayerLifeObserver* observer) { life_observers_.push_back(observer); }
  // Whether an entity (a mob or a player, by network id) is in the world and alive: a kill credit
  // names only an entity still there, and a mob's credit lapses when it dies.
  enum class Presence : uint8_t { kGone, kDead, kAlive };
  void set_presence(std::function<Presence(int32_t)> presence) { presence_ = std::move(presence); }
  // What the block landed on does before the fall damage (farmland may be trampled).
  void set_fall_on(FallOnBlock* fall_on) { fall_on_ = fall_on; }
  // Where the players' hurt, death, fall and step sounds go (docs/rules/sounds.md §3, §6), the
  // random their strokes' pitches come from, and the blocks steps are heard on.
  void set_sounds(LevelSounds* sounds, Rng* random, const BlockSource* blocks) {
    sounds_ = sounds;
    random_ = random;
    blocks_ = blocks;
  }
  // Where a dying player's experience goes (the experience orb system); none without it.
  void set_experience_drops(ExperienceDrops* experience) { experience_ = experience; }
  // What fire and lava do to players (docs/rules/burning.md): the blocks around them, the random
  // that decides how fast a burning player's fire grows, and where it rains. Without them
  // nothing burns.
  void set_fire(const BlockSource* blocks, Rng* random, std::function<bool(const BlockPos&)> raining_at) {
    fire_blocks_ = blocks;
    fire_random_ = random;
    raining_at_ = std::move(raining_at);
  }
  // What a player's armour does (docs/rules/armour.md): the pieces wear through `wear`, and the
  // attributes come from the last equipment check. Without them players wear nothing.
  void set_armour(ItemWear* wear, const EquipmentAttributes* attributes) {
    armour_wear_ = wear;
    armour_attributes_ = attributes;
  }

  // Where the item a player is using counts down (LivingEntity.updatingUsingItem, after the fire
  // and before the food); without it nothing is eaten.
  void set_item_use(ItemUseTicker* item_use) { item_use_ = item_use; }

  // PlayerDamage
  bool hurt(ConnId player, DamageCause kind, float amount) override;
  // A mob's hit: recorded with the mob for the death message; a full hit knocks the player away.
  bool hurt_by_mob(ConnId player, float amount, const MobAttacker& attacker,
                   DamageCause cause = DamageCause::kMobAttack) override;
  // A player's melee hit (player_attack): refused when the pvp rule is off; a full hit knocks the
  // victim away, a sprinting attacker's knockback hit 0.5 further along its look (told to the
  // victim alone), a sweep 0.4 further along it (told to its viewers too).
  bool hurt_by_player(ConnId player, float amount, const Player& attacker, MeleeHit hit) override;
  // An explosion's hit: recorded with its cause for the death message, no knockback (no_knockback).
  bool hurt_by_explosion(ConnId player, float amount, const MobAttacker* cause) override;
  void ignite(ConnId player, int ticks) override;
  void strike_back(ConnId victim, const std::function<void(float damage)>& strike) override;
  bool hurt_by_thorns(ConnId player, float amount, const Player& wearer) override;
  // LivingEntity.kill: generic_kill damage of Float.MAX_VALUE.
  void kill(ConnId player);
  // FoodExhaustion
  void cause_food_exhaustion(ConnId player, float amount) override;
  // PlayerEffects (survival_effects.cpp).
  bool add_effect(ConnId player, const EffectInstance& effect) override;
  bool remove_effect(ConnId player, int32_t effect) override;
  bool clear_effects(ConnId player) override;

  // PlayerListener
  void on_join(Player& player) override;
  void on_leave(Player& player) override;
  void on_client_command(Player& player, int32_t action) override;
  // Per tick, each player in join order: ServerPlayer.tick (invulnerability) and doTick (the
  // void, the death animation, peaceful regeneration, food, the set_health sync).
  void tick() override;
  // MoveOutcomeObserver: jumps and movement cost food; landings deal fall damage.
  void on_move_outcome(Player& player, const MoveResult& result) override;

  uint64_t hash() const;
  template <class Io>
  void state_fields(Io& io) {
    io(lives_);
  }

 private:
  // A living entity that hurt the player, by network id and as the death message names it.
  struct KillCredit {
    int32_t entity_id = 0;
    CombatAttacker attacker;
    template <class Io>
    void state_fields(Io& io) {
      io(entity_id, attacker);
    }
  };
  // What the player entity keeps besides the Player fields (a respawn starts a fresh one).
  struct Life {
    float last_hurt = 0.0f;
    int tick_count = 0;
    int death_time = 0;
    bool body_removed = false;
    CombatTracker combat;
    // The last set_health sent (ServerPlayer.lastSentHealth and friends).
    float sent_health = -1.0e8f;
    int sent_food = -99999999;
    bool sent_saturation_zero = true;
    // Kill credit (LivingEntity.lastHurtByPlayer with its memory, lastHurtByMob with its time):
    // who a death by a source without an entity is blamed on.
    std::optional<KillCredit> hurt_by_player;
    int hurt_by_player_memory = 0;
    std::optional<KillCredit> hurt_by_mob;
    int hurt_by_mob_tick = 0;
    StepClock steps;  // Entity.moveDist and nextStep
    // LivingEntity.yHeadRot: the yaw as the player's last tick left it (Player.aiStep), what a
    // raised shield faces.
    float head_yaw = 0.0f;
    template <class Io>
    void state_fields(Io& io) {
      io(last_hurt, tick_count, death_time, body_removed, combat, sent_health, sent_food, sent_saturation_zero,
         hurt_by_player, hurt_by_player_memory, hurt_by_mob, hurt_by_mob_tick, steps, head_yaw);
    }
  };

  class WornArmour;
  // The entity behind a hit: the damage event's cause, the death message's attacker, where the
  // hit pushes the player from (vanilla's (xd, zd) of knockback; none for no push), the source's
  // position a shield must face, and how long the direct attacker's weapon disables a shield.
  struct HitCause {
    int32_t entity_id = 0;
    CombatAttacker attacker;
    std::optional<Vec3> knockback_towards;
    std::optional<Vec3> source;
    float disable_blocking_seconds = 0.0f;
  };
  struct Hurt {
    HurtOutcome outcome;
    std::optional<Vec3> velocity;  // the knockback's new motion, for a full hit that pushes
  };
  // The hurt mark's new motion, to everyone who sees the player and to itself.
  void send_hurt_motion(const Player& player, const std::optional<Vec3>& velocity);
  Hurt hurt_at(Player& player, Life& life, DamageCause kind, float amount, double fall_distance,
               const HitCause* cause = nullptr);
  void die(Player& player, Life& life);
  // The shield the player blocks with (getItemBlockingWith), or null.
  static const BlocksAttacks* blocking_with(const Player& player);
  // BlocksAttacks.disable: the shield's cooldown, the use stopped and the disabled sound.
  void disable_shield(Player& player, const BlocksAttacks& shield, float seconds);
  // checkTotemDeathProtection: a totem in a hand (the main hand first) is used up and the player
  // lives on at 1 health with its effects; false when there is none or the kind bypasses it.
  bool use_totem(Player& player, DamageCause kind);
  // Player.playSound: at the player, for everyone near but the player.
  void play_sound(const Player& player, int32_t sound);
  void play_sound(const Player& player, const SoundEvent& sound);
  // Entity.move's movement emission after an accepted move: steps and strokes.
  void step(const Player& player, Life& life, const MoveResult& result);
  void drop_inventory(Player& player);
  void drop_experience(Player& player);
  static constexpr int kExperiencePerLevel = 7;
  static constexpr int kMaxDeathExperience = 100;
  void tick_player(Player& player, Life& life);
  void tick_death(Player& player, Life& life);
  void recheck_combat(Player& player, Life& life);
  // LivingEntity.baseTick: the player's credit lapses after its memory, the mob's after 100 ticks
  // or when the mob is dead or gone.
  void tick_kill_credit(Life& life);
  // getKillCredit: the player credited, else the mob, if still in the world.
  std::optional<CombatAttacker> kill_credit(const Life& life) const;
  static constexpr int kPlayerCreditMemory = 100;
  static constexpr int kMobCreditTicks = 100;
  void remove_body(Player& player, Life& life);
  void tick_food(Player& player, Life& life);
  // LivingEntity.tickEffects (survival_effects.cpp): each effect acts, then counts down.
  void tick_effects(Player& player, Life& life);
  // MobEffect.applyEffectTick: false when the effect ends itself.
  bool apply_effect(Player& player, Life& life, const EffectInstance& effect);
  void send_effect(const Player& player, const EffectInstance& effect, bool blend);
  void send_effect_removed(const Player& player, int32_t effect);
  static void clamp_absorption(Player& player);
  // Entity.baseTick's fire and LivingEntity.aiStep's applyEffectsFromBlocks (burning.md).
  void tick_burning(Player& player, Life& life);
  void apply_block_effects(Player& player, Life& life, const burning::Inside& inside);
  void set_fire_ticks(Player& player, int ticks) const;
  Aabb box_of(const Player& player) const;
  void sync_health(Player& player, Life& life);
  void land(Player& player, Life& life, const Landing& landing);
  void respawn(Player& player);
  void heal(Player& player, float amount);
  // LivingEntity.knockback(0.4, towards): the player's new motion (its motion is its client's;
  // the server takes it as still, docs/rules/combat.md); none for a hit from straight above.
  std::optional<Vec3> knockback(const Player& player, const Vec3& towards) const;
  // The knockback_resistance attribute as the player's last equipment check left it.
  double knockback_resistance(ConnId player) const;
  // The burning_time attribute as the player's last equipment check left it (Fire Protection).
  double burning_time(ConnId player) const;
  void broadcast_death_message(const TextComponent& message);
  Life* life_of(ConnId conn);

  PlayerConnections& connections_;
  ServerLog& log_;
  SpawnFinder& spawn_;
  ItemDrops& drops_;
  ExperienceDrops* experience_ = nullptr;
  const BlockSource* fire_blocks_ = nullptr;
  Rng* fire_random_ = nullptr;
  std::function<bool(const BlockPos&)> raining_at_;
  ItemWear* armour_wear_ = nullptr;
  const EquipmentAttributes* armour_attributes_ = nullptr;
  EntityBroadcast& broadcast_;
  const ClientLoading& loading_;
  const GameRules& rules_;
  Difficulty difficulty_;
  std::vector<PlayerLifeObserver*> life_observers_;
  std::function<Presence(int32_t)> presence_;
  FallOnBlock* fall_on_ = nullptr;
  LevelSounds* sounds_ = nullptr;
  Rng* random_ = nullptr;
  const BlockSource* blocks_ = nullptr;
  ItemUseTicker* item_use_ = nullptr;
  std::map<ConnId, Life> lives_;
};

}  // namespace hz
