#include "sim/game/survival/experience_rules.h"

#include <algorithm>
#include <climits>
#include <cstdint>
#include <cmath>

namespace hz::experience {

namespace {
// The orb sizes, largest first.
constexpr int kOrbSizes[] = {2477, 1237, 617, 307, 149, 73, 37, 17, 7, 3};
constexpr int kMonsterReward = 5;
}  // namespace

int orb_value(int max_value) {
  for (int size : kOrbSizes)
    if (max_value >= size) return size;
  return 1;
}

std::vector<int> split_into_orbs(int amount) {
  std::vector<int> out;
  while (amount > 0) {
    const int value = orb_value(amount);
    amount -= value;
    out.push_back(value);
  }
  return out;
}

int points_for_next_level(int level) {
  // Java's int arithmetic wraps for the huge levels /experience can set.
  const long long l = level;
  if (level >= 30) return static_cast<int>(static_cast<uint32_t>(112 + (l - 30) * 9));
  return static_cast<int>(static_cast<uint32_t>(level >= 15 ? 37 + (l - 15) * 5 : 7 + l * 2));
}

void give_levels(Experience& xp, int levels) {
  // IntMath.saturatedAdd.
  xp.level = static_cast<int>(std::clamp(static_cast<long long>(xp.level) + levels, static_cast<long long>(INT_MIN),
                                         static_cast<long long>(INT_MAX)));
  if (xp.level < 0) {
    xp.level = 0;
    xp.progress = 0.0f;
    xp.total = 0;
  }
}

void give_points(Experience& xp, int points) {
  xp.progress += static_cast<float>(points) / static_cast<float>(points_for_next_level(xp.level));
  xp.total = static_cast<int>(std::clamp(static_cast<long long>(xp.total) + points, 0LL, static_cast<long long>(INT_MAX)));
  while (xp.progress < 0.0f) {
    const float remaining = xp.progress * static_cast<float>(points_for_next_level(xp.level));
    if (xp.level > 0) {
      give_levels(xp, -1);
      xp.progress = 1.0f + remaining / static_cast<float>(points_for_next_level(xp.level));
    } else {
      give_levels(xp, -1);
      xp.progress = 0.0f;
    }
  }
  while (xp.progress >= 1.0f) {
    xp.progress = (xp.progress - 1.0f) * static_cast<float>(points_for_next_level(xp.level));
    give_levels(xp, 1);
    xp.progress /= static_cast<float>(points_for_next_level(xp.level));
  }
}

void set_points(Experience& xp, int points) {
  const float limit = static_cast<float>(points_for_next_level(xp.level));
  xp.progress = std::clamp(static_cast<float>(points) / limit, 0.0f, (limit - 1.0f) / limit);
}

int points_in_level(const Experience& xp) {
  return static_cast<int>(std::floor(xp.progress * static_cast<float>(points_for_next_level(xp.level))));
}

int mending_repair_points(int points) {
  constexpr float kMendingFactor = 2.0f;  // enchantment/mending.json: multiply by 2
  return std::max(0, static_cast<int>(static_cast<float>(points) * kMendingFactor));
}

int mob_reward(bool animal, int equipped_items, Rng& random) {
  if (animal) return 1 + static_cast<int>(random.next_below(3));
  int reward = kMonsterReward;
  for (int i = 0; i < equipped_items; ++i) reward += 1 + static_cast<int>(random.next_below(3));
  return reward;
}

}  // namespace hz::experience
