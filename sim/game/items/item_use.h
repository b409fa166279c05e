// Using items over time (docs/rules/eating.md, combat.md §7, projectiles.md §5): use_item starts
// eating or drinking a consumable, raises a shield or draws a bow (released, it shoots), the
// player's tick counts it down and finishes a consumable
// (food, the stack's shrink, its remainder); releasing, switching slots, swapping hands, dropping
// the stack, dying or turning spectator stop it. The tick also counts the item cooldowns down.
#pragma once

#include <cstdint>

#include "sim/core/rng.h"
#include "sim/game/ports.h"
#include "sim/game/sessions.h"
#include "sim/protocol/packets_play_cb.h"

namespace hz {

struct Consumable;
class Bows;

class ItemUse final : public PlayerListener, public ItemUseTicker {
 public:
  ItemUse(PlayerConnections& players, ItemDrops& drops) : players_(players), drops_(drops) {}
  // Where consume effects go (status effects) and the random that decides the chance ones;
  // without them eating only feeds.
  void set_effects(PlayerEffects* effects, Rng* random) {
    effects_ = effects;
    random_ = random;
  }
  // Where the eating and drinking sounds go (docs/rules/sounds.md §3); their draws come from the
  // random above whether or not anyone hears them.
  void set_sounds(LevelSounds* sounds) { sounds_ = sounds; }
  // What a drawn bow's release shoots with; without it bows are not drawn.
  void set_bows(Bows* bows) { bows_ = bows; }

  // PlayerListener. Registered after the inventory menus, so a drop or swap has happened when
  // its player_action arrives here.
  void on_use_item(Player& player, const packet::play_sb::UseItem& use) override;
  // player_action 5 (release the used item), 6 (swap hands), 3 and 4 (drop from the held stack).
  void on_block_action(Player& player, int32_t action, const BlockPos& pos, int8_t face, int32_t sequence) override;
  void on_select_slot(Player& player, int32_t slot) override;
  void on_game_mode_changed(Player& player) override;

  // ItemUseTicker: LivingEntity.updatingUsingItem and, at 0, completeUsingItem; then
  // Player.tick's cooldowns.
  void tick_item_use(Player& player) override;

  // ServerItemCooldowns' packet for an item's cooldown group: its ticks, 0 when it ended.
  static packet::play_cb::SetCooldown cooldown_packet(int32_t item, int ticks);


 private:
  void tick_use(Player& player);
  void release(Player& player);
  static void stop(Player& player) { player.using_item.stop(); }
  void finish(Player& player, ItemStack& held, const Consumable& consumable);
  // The consumable's on_consume_effects (docs/rules/eating.md §4).
  void apply_consume_effects(Player& player, const Consumable& consumable);
  // Consumable.emitParticlesAndSounds: the consume sound for the others near the player.
  void emit_consume_sound(const Player& player, const Consumable& consumable);
  // FoodProperties.onConsume's sounds for everyone near: the consume sound before the food is
  // eaten, the burp after.
  void meal_sound(const Player& player, const Consumable& consumable);
  void burp(const Player& player);
  void play(const Vec3& at, const SoundEvent& sound, std::optional<ConnId> except);
  // ServerPlayer.handleExtraItemsCreatedOnUse: into the inventory, or dropped at the player.
  void give_extra(Player& player, ItemStack extra);

  PlayerConnections& players_;
  ItemDrops& drops_;
  PlayerEffects* effects_ = nullptr;
  Rng* random_ = nullptr;
  LevelSounds* sounds_ = nullptr;
  Bows* bows_ = nullptr;
};

}  // namespace hz
