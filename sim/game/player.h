// A player in the game: identity, entity id, position and rotation, game mode, permission, the
// client's settings, and the teleport that the server is waiting for the client to accept.
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include <array>

#include "sim/core/properties.h"
#include "sim/game/survival/effect_rules.h"
#include "sim/game/survival/experience_rules.h"
#include "sim/game/items/item_cooldowns.h"
#include "sim/game/items/item_stack.h"
#include "sim/core/types.h"
#include "sim/protocol/packets_common.h"
#include "sim/protocol/wire.h"

namespace hz {

struct Vec3 {
  double x = 0, y = 0, z = 0;
  bool operator==(const Vec3&) const = default;
  template <class Io>
  void state_fields(Io& io) {
    io(x, y, z);
  }
};

// Avatar's standing eye height (a float, widened to double where a position adds it).
inline constexpr float kStandingEyeHeight = 1.62f;
inline constexpr double kPlayerHeight = 1.8;  // a standing player's box

// The item a player is using over time (LivingEntity.useItem and useItemRemaining with the
// living-entity flags, docs/rules/eating.md): eating, drinking or a raised shield, counted down
// in its tick.
struct ItemInUse {
  bool active = false;
  // The hand last used; kept after the use stops, as vanilla keeps the flag's hand bit.
  bool off_hand = false;
  int32_t item = 0;    // the item kind started with (a switch to another kind stops the use)
  int remaining = 0;   // ticks until it finishes
  // LivingEntity's DATA_LIVING_ENTITY_FLAGS: 1 using an item, 2 with the off hand.
  uint8_t living_flags() const { return static_cast<uint8_t>((active ? 1 : 0) | (off_hand ? 2 : 0)); }
  // LivingEntity.stopUsingItem (the hand bit stays).
  void stop() {
    active = false;
    item = 0;
    remaining = 0;
  }
  bool operator==(const ItemInUse&) const = default;
  template <class Io>
  void state_fields(Io& io) {
    io(active, off_hand, item, remaining);
  }
};

struct Player {
  ConnId conn = 0;
  Uuid uuid;
  std::string name;
  // The profile's properties (skin textures), as a proxy forwarded them; none offline.
  std::vector<packet::GameProfileProperty> profile_properties;
  int32_t entity_id = 0;
  GameMode game_mode = GameMode::kSurvival;
  int permission_level = 0;

  Vec3 position;
  float yaw = 0, pitch = 0;
  bool on_ground = false;
  // The current pose's eye height (crouching players look from 1.27); movement publishes it.
  float eye_height = kStandingEyeHeight;
  bool crouching = false;  // Entity.isCrouching (the crouching pose); movement publishes it
  // Entity.getEyePosition.
  Vec3 eye_position() const { return {position.x, position.y + static_cast<double>(eye_height), position.z}; }

  // Client settings (Client Information).
  int client_view_distance = 2;
  std::string locale = "en_us";

  // Teleports: the id the client must echo before its moves count again.
  int32_t last_teleport_id = 0;
  int32_t awaiting_teleport_id = 0;  // 0: none pending
  Vec3 awaiting_teleport_position;
  int64_t awaiting_teleport_tick = 0;
  int latency_ms = 0;

  // The inventory menu's slots (item_stack.h) and the selected hotbar slot (0-8).
  std::array<ItemStack, kInventorySlots> inventory{};
  int selected_slot = 0;
  const ItemStack& main_hand() const { return inventory[static_cast<size_t>(kFirstHotbarSlot + selected_slot)]; }
  // The inventory menu's synchronisation (docs/rules/inventory.md): its state id and the stack
  // held on the cursor.
  int32_t inventory_state_id = 0;
  ItemStack carried;

  // Survival (docs/rules/health.md): health, food, falling and death.
  float health = 20.0f;
  int food_level = 20;
  float saturation = 5.0f;
  float exhaustion = 0.0f;
  int food_tick_timer = 0;
  double fall_distance = 0.0;
  int invulnerable_ticks = 0;
  bool dead = false;
  // Fire (docs/rules/burning.md): the remaining fire ticks (negative: the fire-immune ticks still
  // to count up; a new entity has 0, a player's tick out of fire sets -20) and the on-fire shared
  // flag as the last tick set it.
  int remaining_fire_ticks = 0;
  bool on_fire = false;
  ItemInUse using_item;
  ItemCooldowns cooldowns;  // Player.cooldowns (a shield an axe put down)
  // Status effects (docs/rules/effects.md), one per effect, sorted by effect id, and the
  // absorption hearts (LivingEntity.absorptionAmount) the absorption effect gives.
  std::vector<ActiveEffect> effects;
  float absorption = 0.0f;

  // Experience (docs/rules/experience.md): level, progress and total; the enchantment seed
  // (XpSeed, kept for the file); Player.takeXpDelay, the ticks until the next orb can be taken;
  // ServerPlayer.lastSentExp, the total last sent in set_experience (-1 forces a send).
  experience::Experience xp;
  int32_t xp_seed = 0;
  int take_xp_delay = 0;
  int last_sent_xp = kNeverSentXp;
  static constexpr int kNeverSentXp = -99999999;

  template <class Io>
  void state_fields(Io& io) {
    io(conn, uuid, name, profile_properties, entity_id, game_mode, permission_level, position, yaw, pitch, on_ground,
       eye_height, crouching, client_view_distance, locale, last_teleport_id, awaiting_teleport_id, awaiting_teleport_position,
       awaiting_teleport_tick, latency_ms, inventory, selected_slot, inventory_state_id, carried, health, food_level,
       saturation, exhaustion, food_tick_timer, fall_distance, invulnerable_ticks, dead, remaining_fire_ticks, on_fire, using_item, cooldowns, effects, absorption, xp, xp_seed, take_xp_delay,
       last_sent_xp);
  }
};

}  // namespace hz
