// Vanilla's hunger as pure functions (docs/rules/health.md §6): FoodData's exhaustion, its per-tick
// update with regeneration and starvation, peaceful regeneration, and the exhaustion each action
// costs.
#pragma once

#include <cstdint>

#include "sim/core/properties.h"

namespace hz {

inline constexpr int kMaxFood = 20;
inline constexpr float kMaxExhaustion = 40.0f;
inline constexpr float kExhaustionPerFoodPoint = 4.0f;

// Exhaustion of actions (ServerPlayer.jumpFromGround, Block.playerDestroy).
inline constexpr float kJumpExhaustion = 0.05f;
inline constexpr float kSprintJumpExhaustion = 0.2f;
inline constexpr float kBreakBlockExhaustion = 0.005f;

struct FoodState {
  int food = kMaxFood;
  float saturation = 5.0f;
  float exhaustion = 0.0f;
  int tick_timer = 0;
};

// FoodData.addExhaustion.
void add_exhaustion(FoodState& food, float amount);

// FoodConstants.saturationByModifier: the saturation a food of this nutrition and modifier gives.
float saturation_by_modifier(int nutrition, float modifier);
// FoodData.eat (its add): food up to the maximum, then saturation up to the new food level.
void eat(FoodState& food, int nutrition, float saturation);

// What FoodData.tick asks of the player: heal this much (0: none), or take 1 starvation damage.
struct FoodTickResult {
  float heal = 0.0f;
  bool starve = false;
};

// FoodData.tick. `health` is the player's health before the tick (isHurt: 0 < health < max).
FoodTickResult tick_food(FoodState& food, float health, Difficulty difficulty, bool natural_regeneration);

// ServerPlayer.tickRegeneration on peaceful (with the natural regeneration rule): the health to
// heal this tick; raises saturation and food by the same cadence.
float tick_peaceful_regeneration(FoodState& food, int tick_count, float health);

// How a move went, for ServerPlayer.checkMovementStatistics.
enum class MoveMedium : uint8_t { kSwimming, kUnderWater, kOnWater, kClimbing, kOnGround, kOther };

// checkMovementStatistics: the exhaustion one accepted move costs.
float movement_exhaustion(MoveMedium medium, double dx, double dy, double dz, bool sprinting);

}  // namespace hz
