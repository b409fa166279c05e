#include "sim/game/survival/food_rules.h"

#include <algorithm>
#include <cmath>

#include "sim/game/survival/damage_rules.h"

namespace hz {

namespace {

constexpr int kSaturatedHealTicks = 10;
constexpr int kFedHealTicks = 80;
constexpr int kStarveTicks = 80;
constexpr int kFedFoodLevel = 18;
constexpr float kMaxSaturationSpent = 6.0f;
constexpr float kFedHealExhaustion = 6.0f;

bool is_hurt(float health) { return health > 0.0f && health < kMaxHealth; }

// FoodData.tick's starvation rule: easy stops at 10 health, normal at 1, hard kills.
bool starvation_hurts(float health, Difficulty difficulty) {
  return health > 10.0f || difficulty == Difficulty::kHard || (health > 1.0f && difficulty == Difficulty::kNormal);
}

// Java's Math.round of a float: floor(x + 0.5).
int round_float(float x) { return static_cast<int>(std::floor(x + 0.5f)); }

}  // namespace

void add_exhaustion(FoodState& food, float amount) { food.exhaustion = std::min(food.exhaustion + amount, kMaxExhaustion); }

float saturation_by_modifier(int nutrition, float modifier) { return static_cast<float>(nutrition) * modifier * 2.0f; }

void eat(FoodState& food, int nutrition, float saturation) {
  food.food = std::clamp(nutrition + food.food, 0, kMaxFood);
  food.saturation = std::clamp(saturation + food.saturation, 0.0f, static_cast<float>(food.food));
}

FoodTickResult tick_food(FoodState& food, float health, Difficulty difficulty, bool natural_regeneration) {
  FoodTickResult result;
  if (food.exhaustion > kExhaustionPerFoodPoint) {
    food.exhaustion -= kExhaustionPerFoodPoint;
    if (food.saturation > 0.0f) food.saturation = std::max(food.saturation - 1.0f, 0.0f);
    else if (difficulty != Difficulty::kPeaceful) food.food = std::max(food.food - 1, 0);
  }
  if (natural_regeneration && food.saturation > 0.0f && is_hurt(health) && food.food >= kMaxFood) {
    if (++food.tick_timer >= kSaturatedHealTicks) {
      const float spent = std::min(food.saturation, kMaxSaturationSpent);
      result.heal = spent / 6.0f;
      add_exhaustion(food, spent);
      food.tick_timer = 0;
    }
  } else if (natural_regeneration && food.food >= kFedFoodLevel && is_hurt(health)) {
    if (++food.tick_timer >= kFedHealTicks) {
      result.heal = 1.0f;
      add_exhaustion(food, kFedHealExhaustion);
      food.tick_timer = 0;
    }
  } else if (food.food <= 0) {
    if (++food.tick_timer >= kStarveTicks) {
      result.starve = starvation_hurts(health, difficulty);
      food.tick_timer = 0;
    }
  } else {
    food.tick_timer = 0;
  }
  return result;
}

float tick_peaceful_regeneration(FoodState& food, int tick_count, float health) {
  float heal = 0.0f;
  if (tick_count % 20 == 0) {
    if (health < kMaxHealth) heal = 1.0f;
    if (food.saturation < 20.0f) food.saturation += 1.0f;
  }
  if (tick_count % 10 == 0 && food.food < kMaxFood) food.food += 1;
  return heal;
}

float movement_exhaustion(MoveMedium medium, double dx, double dy, double dz, bool sprinting) {
  if (dx == 0.0 && dy == 0.0 && dz == 0.0) return 0.0f;  // didNotMove
  const int distance = round_float(static_cast<float>(std::sqrt(dx * dx + dy * dy + dz * dz)) * 100.0f);
  const int horizontal = round_float(static_cast<float>(std::sqrt(dx * dx + dz * dz)) * 100.0f);
  switch (medium) {
    case MoveMedium::kSwimming:
    case MoveMedium::kUnderWater: return distance > 0 ? 0.01f * static_cast<float>(distance) * 0.01f : 0.0f;
    case MoveMedium::kOnWater: return horizontal > 0 ? 0.01f * static_cast<float>(horizontal) * 0.01f : 0.0f;
    case MoveMedium::kOnGround:
      return horizontal > 0 && sprinting ? 0.1f * static_cast<float>(horizontal) * 0.01f : 0.0f;
    default: return 0.0f;
  }
}

}  // namespace hz
