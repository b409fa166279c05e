// The narrow views the game systems have of the server around them, in place of the whole Core:
// each system is built with the ports it uses, so Core is the only file that knows every system.
#pragma once

#include <cstdint>
#include <functional>
#include <optional>
#include <string>
#include <vector>

#include "sim/core/effects.h"
#include "sim/data/blocks.h"
#include "sim/core/types.h"
#include "sim/game/level/level_time_state.h"
#include "sim/game/player.h"
#include "sim/game/sounds/sound_rules.h"
#include "sim/game/survival/armour_rules.h"
#include "sim/game/survival/damage_rules.h"
#include "sim/protocol/codec.h"
#include "sim/protocol/packets_play_cb.h"
#include "sim/protocol/text.h"

namespace hz {

// The server log (Core writes it as LogLine effects).
class ServerLog {
 public:
  virtual ~ServerLog() = default;
  virtual void log(LogLevel level, std::string text) = 0;
};

// Game time: the ticks the world has run (the level's time system counts them), and the time and
// weather a joining player is told (update_time with every clock, rain events while it rains).
class GameTime {
 public:
  virtual ~GameTime() = default;
  virtual int64_t game_time() const = 0;
  virtual packet::play_cb::UpdateTime time_sync() const { return {game_time(), {}}; }
  virtual std::vector<packet::play_cb::GameStateChange> join_weather() const { return {}; }
  // What a save writes: game time, clocks and weather.
  virtual LevelTimeState level_time() const {
    LevelTimeState state;
    state.game_time = game_time();
    return state;
  }
};

// Where players join and respawn (the world knows it; Core passes it on).
class SpawnPoint {
 public:
  virtual ~SpawnPoint() = default;
  virtual Vec3 spawn_point() const = 0;
};

// Where a player without a saved position appears, and a respawning player without a respawn
// point: vanilla's spawn finder around the world spawn, drawing from the core's one Rng.
class SpawnFinder {
 public:
  virtual ~SpawnFinder() = default;
  virtual Vec3 find_player_spawn() = 0;
};

struct SavedPlayer;

// A joining player's file (players/data/<uuid>.dat), read while the client configures, as
// vanilla reads it when it places the player (PlayerSaves implements it).
class PlayerStorage {
 public:
  virtual ~PlayerStorage() = default;
  // Starts reading the player's file (configuration begins).
  virtual void begin_load(ConnId conn, const Uuid& uuid, const std::string& name) = 0;
  // True once the read has finished, whatever it found.
  virtual bool load_finished(ConnId conn) const = 0;
  // What the file says; null for a new player (no file, or none that could be read).
  virtual const SavedPlayer* loaded(ConnId conn) const = 0;
  // The connection closed before its player joined.
  virtual void forget(ConnId conn) = 0;
};

// The world's blocks as game systems read and change them. Every change goes through set_block,
// the one path that keeps heightmaps, light, saving and viewers in step (WorldStreaming).
class BlockWorld {
 public:
  virtual ~BlockWorld() = default;
  // False when the chunk is not loaded or y is outside the world.
  virtual bool set_block(const BlockPos& pos, BlockStateId state) = 0;
  // Air where no chunk is loaded.
  virtual BlockStateId block_at(const BlockPos& pos) const = 0;
  virtual bool is_loaded(const BlockPos& pos) const = 0;
  // Level.getRawBrightness(pos, 0): the brighter of sky and block light, darkness ignored (what a
  // crop needs to stay). A world without light (a test's) is fully lit.
  virtual uint8_t raw_brightness(const BlockPos& /*pos*/) const { return 15; }
};

// Scheduling block ticks (vanilla's ScheduledTickAccess); the scheduled tick system implements
// it. A block tick runs `delay` game ticks later if the block at the position is still `block`.
class BlockTickScheduler {
 public:
  virtual ~BlockTickScheduler() = default;
  // False when the position's chunk is not loaded or the same block already waits there.
  virtual bool schedule_block_tick(const BlockPos& pos, BlockId block, int delay, int priority = 0) = 0;
  virtual bool has_block_tick(const BlockPos& pos, BlockId block) const = 0;
  // The fluid queue (fluid: index in the fluid registry, 2 = water, 4 = lava); a fluid tick runs
  // if the fluid at the position is still that fluid.
  virtual bool schedule_fluid_tick(const BlockPos& pos, uint32_t fluid, int delay, int priority = 0) = 0;
};

// Turning a block into a falling block entity (FallingBlockEntity.fall): the falling block
// system implements it.
class FallingBlockSpawner {
 public:
  virtual ~FallingBlockSpawner() = default;
  // Spawns the entity for the block at `pos` and replaces the block with air (or its liquid).
  virtual void fall(const BlockPos& pos, BlockStateId state) = 0;
};

// Item entities as other systems create them (the item entity system implements it, drawing
// positions and velocities from the core's one RNG as vanilla does).
class ItemDrops {
 public:
  virtual ~ItemDrops() = default;
  // Block.popResource: at a random spot inside the block, with vanilla's small random velocity.
  virtual void drop_from_block(const BlockPos& pos, const ItemStack& stack) = 0;
  // Entity.spawnAtLocation: at an entity's position with the default item velocity.
  virtual void drop_at(const Vec3& position, const ItemStack& stack) = 0;
  // Player.drop: thrown from the player's eyes the way they look; `scatter` throws in a random
  // direction instead (death drops); `keep_thrower` marks the player as thrower (Q, Ctrl-Q).
  virtual void drop_from_player(const Player& player, const ItemStack& stack, bool scatter, bool keep_thrower) = 0;
};

// A player's hands (InteractionHand).
enum class Hand : uint8_t { kMain, kOff };

// Wearing out what a player holds and wears (ItemStack.hurtAndBreak for an equipment slot): the
// durability system implements it (sim/game/items/durability.h).
class ItemWear {
 public:
  virtual ~ItemWear() = default;
  virtual void wear_held_item(ConnId player, Hand hand, int amount) = 0;
  // hurtAndBreak for the stack in a hand or armour slot (a window-0 slot number).
  virtual void wear_equipped(ConnId player, int menu_slot, int amount) = 0;
  // Player.hurtArmor: each worn piece that wears when hurt loses armour_wear_points(damage),
  // feet first (docs/rules/armour.md §3).
  virtual void wear_armour(ConnId player, float damage, DamageCause kind) = 0;
};

// A player's status effects as other systems change them (docs/rules/effects.md): eating,
// drinking and /effect. The survival system implements it.
class PlayerEffects {
 public:
  virtual ~PlayerEffects() = default;
  // LivingEntity.addEffect: false when nothing changed (a weaker or shorter instance only joins
  // the hidden chain).
  virtual bool add_effect(ConnId player, const EffectInstance& effect) = 0;
  // removeEffect: false when the player did not have it.
  virtual bool remove_effect(ConnId player, int32_t effect) = 0;
  // removeAllEffects: false when there was none.
  virtual bool clear_effects(ConnId player) = 0;
};

// The item a player is using, counted down in the player's tick (LivingEntity.updatingUsingItem,
// after the fire and before the food): the item use system implements it, the survival system
// calls it for each player.
class ItemUseTicker {
 public:
  virtual ~ItemUseTicker() = default;
  virtual void tick_item_use(Player& player) = 0;
};

// The armour attributes a player's equipment gave at its last equipment check
// (detectEquipmentUpdates, docs/rules/armour.md §1); the inventory menus keep what they checked.
class EquipmentAttributes {
 public:
  virtual ~EquipmentAttributes() = default;
  virtual ArmourAttributes armour_attributes(ConnId player) const = 0;
};

// Who lands on a block, as FarmlandBlock.fallOn asks: the box's size, and whether it may trample
// (a player always, a mob while mob_griefing is on).
struct Lander {
  float width = 0.0f, height = 0.0f;
  bool may_trample = false;
};

// FarmBlock.turnToDirt: farmland becomes dirt with a full update, lifting the players and mobs
// on it onto the full block (the farmland system, sim/game/blocks/farmland.h).
class FarmlandToDirt {
 public:
  virtual ~FarmlandToDirt() = default;
  virtual void turn_to_dirt(const BlockPos& pos) = 0;
};

// Block.fallOn's part for the block landed on (farmland trampling), before the fall damage.
class FallOnBlock {
 public:
  virtual ~FallOnBlock() = default;
  virtual void fall_on(const Lander& who, const BlockPos& pos, BlockStateId state, double fall_distance) = 0;
};

// Experience orbs as other systems create them (ExperienceOrb.award; the experience orb system
// implements it, drawing from the core's one RNG).
class ExperienceDrops {
 public:
  virtual ~ExperienceDrops() = default;
  // `points` split into orbs at `position` (each first tries to join an orb already there).
  virtual void award(const Vec3& position, int points) = 0;
};

// Players and the connections they play on (Sessions owns both): look a player up, send to a
// connection, disconnect it, teleport a player.
class PlayerConnections {
 public:
  virtual ~PlayerConnections() = default;
  virtual Player* player(ConnId conn) = 0;
  virtual const Player* player(ConnId conn) const = 0;
  // Players in join order (deterministic).
  virtual const std::vector<ConnId>& players_in_join_order() const = 0;
  // The same players themselves, in the same order, for loops that read every player (each stays
  // in place until it leaves).
  virtual const std::vector<Player*>& joined_players() const = 0;
  virtual void send(ConnId conn, SharedBytes body) = 0;
  template <Packet P>
  void send(ConnId conn, const P& packet) {
    send(conn, share(encode_packet(packet)));
  }
  // Sends the disconnect packet of the connection's state with `reason`, then closes it.
  virtual void disconnect(ConnId conn, const TextComponent& reason) = 0;
  // Sends a position packet with a fresh teleport id and waits for the client to confirm it.
  virtual void teleport(ConnId player, const Vec3& to, float yaw, float pitch) = 0;
  // PlayerList.respawn's packets: the join's dimension data again (respawn, keeping nothing),
  // then the player placed at `to` with a teleport.
  virtual void respawn(ConnId player, const Vec3& to) = 0;
};

// Sounds and level events heard around a place (docs/rules/sounds.md): ServerLevel's
// playSeededSound and levelEvent, sent to the players in range but `except` (who made it and
// plays it on its own client).
class LevelSounds {
 public:
  virtual ~LevelSounds() = default;
  virtual void play_sound(const Vec3& at, const SoundEvent& sound, std::optional<ConnId> except = std::nullopt) = 0;
  virtual void level_event(int32_t event, const BlockPos& pos, int32_t data,
                           std::optional<ConnId> except = std::nullopt) = 0;
};

// A player's life as the systems following it hear of it from the survival system: it died, its
// body left the world (after the death animation, or at respawn), it came back.
class PlayerLifeObserver {
 public:
  virtual ~PlayerLifeObserver() = default;
  virtual void on_player_died(Player&) {}
  virtual void on_player_body_removed(Player&) {}
  virtual void on_player_respawned(Player&) {}
};

// The mob behind a mob_attack hit: named in the death message, knocking the player away from it.
struct MobAttacker {
  int32_t entity_id = 0;
  std::string_view type_name;     // "zombie": the name's translation key is entity.minecraft.<type_name>
  std::string_view display_name;  // "Zombie" (the English text for the server log)
  Vec3 position;
  // Vanilla's (xd, zd) the hit knocks the player against: a projectile's reversed flight; none
  // for a hit that pushes away from `position`.
  std::optional<Vec3> knockback_towards = std::nullopt;
  // A player's arrow: the player it counts as (the pvp rule, kill credit, no difficulty scaling).
  const Player* player = nullptr;
  // A burning arrow sets the player on fire this long first (put back when the hit is refused).
  int ignite_ticks = 0;
  // The Punch level of the arrow's bow: a push along the flight (the reverse of
  // `knockback_towards`), less the player's knockback resistance, added to a full hit's motion.
  int punch = 0;
};

// Hurting players, the one path every damage goes through (the survival system implements it;
// mobs and other damage sources call it).
class PlayerDamage {
 public:
  virtual ~PlayerDamage() = default;
  // hurtServer: false when the hit was refused (immune, invulnerable, dead, within the window).
  virtual bool hurt(ConnId player, DamageCause kind, float amount) = 0;
  // A mob's hit (mob_attack damage caused by `attacker`, or `cause` such as a mob's arrow).
  virtual bool hurt_by_mob(ConnId player, float amount, const MobAttacker& attacker,
                           DamageCause cause = DamageCause::kMobAttack) {
    (void)attacker;
    return hurt(player, cause, amount);
  }
  // A player's melee hit (docs/rules/combat.md §2c): the attack's own target, with or without the
  // sprinting knockback, or a victim of a sword's sweep.
  enum class MeleeHit : uint8_t { kTarget, kKnockbackTarget, kSweep };
  virtual bool hurt_by_player(ConnId player, float amount, const Player& attacker, MeleeHit hit) {
    (void)attacker, (void)hit;
    return hurt(player, DamageCause::kPlayerAttack, amount);
  }
  // An explosion's hit (docs/rules/explosions.md §3): player_explosion caused by `cause` (a
  // creeper) when there is one, else explosion; explosions never knock back through the hurt.
  virtual bool hurt_by_explosion(ConnId player, float amount, const MobAttacker* cause) {
    return hurt(player, cause ? DamageCause::kPlayerExplosion : DamageCause::kExplosion, amount);
  }
  // LivingEntity.igniteForTicks (docs/rules/burning.md): the player burns at least `ticks` more,
  // scaled by its burning time. A sink that does not model fire ignores it.
  virtual void ignite(ConnId player, int ticks) { (void)player, (void)ticks; }
  // EnchantmentHelper.doPostAttackEffects on a player an attacker hurt (docs/rules/armour.md §5):
  // each equipped piece with Thorns may strike back (`strike(damage)` hurts the attacker), then
  // wears by 2. A sink without equipment strikes nothing.
  virtual void strike_back(ConnId victim, const std::function<void(float damage)>& strike) {
    (void)victim, (void)strike;
  }
  // Thorns damage to a player who hurt `wearer` (caused by the wearer; the pvp rule applies).
  virtual bool hurt_by_thorns(ConnId player, float amount, const Player& wearer) {
    (void)wearer;
    return hurt(player, DamageCause::kThorns, amount);
  }
};

// Hunger as actions add to it (Player.causeFoodExhaustion: nothing for creative and spectators).
class FoodExhaustion {
 public:
  virtual ~FoodExhaustion() = default;
  virtual void cause_food_exhaustion(ConnId player, float amount) = 0;
};

// Packets about a player to everyone who sees it and to the player itself (entity tracking
// implements it, as vanilla's ChunkMap.broadcastAndSend).
class EntityBroadcast {
 public:
  virtual ~EntityBroadcast() = default;
  virtual void send_to_viewers_and_self(const Player& player, SharedBytes body) = 0;
};

// Whether a player's client has loaded the world (player_loaded or the timeout) and is not
// waiting to respawn: until then it cannot be hurt (movement follows it).
class ClientLoading {
 public:
  virtual ~ClientLoading() = default;
  virtual bool client_loaded(ConnId player) const = 0;
};

}  // namespace hz
