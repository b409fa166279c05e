// A player's food fields as the FoodState the food rules (food_rules.h) work on, and back: the
// one place that lists which Player fields hold the food data.
#pragma once

#include "sim/game/player.h"
#include "sim/game/survival/food_rules.h"

namespace hz {

inline FoodState food_of(const Player& p) { return FoodState{p.food_level, p.saturation, p.exhaustion, p.food_tick_timer}; }

inline void store_food(Player& p, const FoodState& food) {
  p.food_level = food.food;
  p.saturation = food.saturation;
  p.exhaustion = food.exhaustion;
  p.food_tick_timer = food.tick_timer;
}

}  // namespace hz
