// The items a player eats or drinks (docs/rules/eating.md §1): vanilla's consumable, food and
// use_remainder components as Items, Foods and Consumables give them to each item.
#pragma once

#include <array>
#include <cstdint>
#include <optional>
#include <string_view>

#include "sim/data/sound_ids.h"
#include "sim/game/survival/effect_rules.h"

namespace hz {

// One status effect an apply_effects consume effect gives (a MobEffectInstance).
struct StatusGrant {
  int32_t effect = 0;
  int duration = 0;
  int amplifier = 0;
  bool visible = true;  // particles; the icon always shows
};

struct Consumable {
  std::string_view item;
  float consume_seconds = 1.6f;  // Consumable.DEFAULT_CONSUME_SECONDS
  bool drink = false;            // the drink animation and sound instead of eating's
  int32_t sound = sound::entity_generic_eat;  // Consumable.sound, heard while and after consuming
  // The food component; a consumable without it (milk, potions) gives no food.
  bool food = false;
  int nutrition = 0;
  float saturation_modifier = 0.0f;
  bool can_always_eat = false;
  // use_remainder: what an emptied stack becomes, or what joins the inventory ("" for none).
  std::string_view remainder;
  // on_consume_effects, in vanilla's order: apply_effects (all of `grants` with one chance),
  // clear_all_effects (milk), remove_effects (honey cures poison).
  std::array<StatusGrant, 4> grants{};
  int grant_count = 0;
  float grant_chance = 1.0f;
  bool grant_drawn = true;  // false for a component's own effect (the ominous bottle's), given always
  bool clears_effects = false;
  std::optional<int32_t> cures;
  // A play_sound consume effect after the others (the ominous bottle's).
  std::optional<int32_t> sound_after;
  // on_consume_effects Horizon does not model (the chorus fruit's teleport).
  bool unmodelled_effects = false;

  // Consumable.consumeTicks.
  int consume_ticks() const { return static_cast<int>(consume_seconds * 20.0f); }
  // FoodProperties.saturation, as the builder computes it from the modifier.
  float saturation() const;
};

// The item's consumable (by item network id), or null for an item that is not eaten or drunk.
const Consumable* consumable_of(int32_t item);

}  // namespace hz
