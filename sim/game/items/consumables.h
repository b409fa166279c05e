// The items a player eats or drinks (docs/rules/eating.md §1): vanilla's consumable, food and
// use_remainder components as Items, Foods and Consumables give them to each item.
#pragma once

#include <cstdint>
#include <string_view>

namespace hz {

struct Consumable {
  std::string_view item;
  float consume_seconds = 1.6f;  // Consumable.DEFAULT_CONSUME_SECONDS
  bool drink = false;            // the drink animation and sound instead of eating's
  // The food component; a consumable without it (milk, potions) gives no food.
  bool food = false;
  int nutrition = 0;
  float saturation_modifier = 0.0f;
  bool can_always_eat = false;
  // use_remainder: what an emptied stack becomes, or what joins the inventory ("" for none).
  std::string_view remainder;
  // on_consume_effects Horizon does not model (status effects, teleporting, their sounds).
  bool unmodelled_effects = false;

  // Consumable.consumeTicks.
  int consume_ticks() const { return static_cast<int>(consume_seconds * 20.0f); }
  // FoodProperties.saturation, as the builder computes it from the modifier.
  float saturation() const;
};

// The item's consumable (by item network id), or null for an item that is not eaten or drunk.
const Consumable* consumable_of(int32_t item);

}  // namespace hz
