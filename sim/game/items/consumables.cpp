#include "sim/game/items/consumables.h"

#include <algorithm>
#include <array>
#include <initializer_list>
#include <optional>
#include <vector>

#include "sim/core/check.h"
#include "sim/data/catalog.h"
#include "sim/game/survival/food_rules.h"

namespace hz {

namespace {

// A food eaten in the default 1.6 seconds (Foods with Consumables.DEFAULT_FOOD).
constexpr Consumable food(std::string_view item, int nutrition, float modifier) {
  Consumable c;
  c.item = item, c.food = true, c.nutrition = nutrition, c.saturation_modifier = modifier;
  return c;
}
// Foods.stew: stacks of one that leave a bowl.
constexpr Consumable stew(std::string_view item, int nutrition) {
  Consumable c = food(item, nutrition, 0.6f);
  c.remainder = "bowl";
  return c;
}
// ApplyStatusEffectsConsumeEffect: the effects, all given when a draw falls below `chance`.
constexpr Consumable giving(Consumable c, std::initializer_list<StatusGrant> grants, float chance = 1.0f) {
  for (const StatusGrant& g : grants) c.grants[static_cast<size_t>(c.grant_count++)] = g;
  c.grant_chance = chance;
  return c;
}
constexpr Consumable with_unmodelled_effects(Consumable c) {
  c.unmodelled_effects = true;
  return c;
}
constexpr StatusGrant grant(int32_t effect, int duration, int amplifier) { return {effect, duration, amplifier, true}; }
constexpr Consumable always_edible(Consumable c) {
  c.can_always_eat = true;
  return c;
}
// Consumables.DEFAULT_DRINK without food.
constexpr Consumable drink(std::string_view item, std::string_view remainder) {
  Consumable c;
  c.item = item, c.drink = true, c.remainder = remainder, c.sound = sound::entity_generic_drink;
  return c;
}
constexpr Consumable honey_bottle() {
  Consumable c = always_edible(food("honey_bottle", 6, 0.1f));
  c.drink = true, c.consume_seconds = 2.0f, c.remainder = "glass_bottle", c.cures = effect::kPoison;
  c.sound = sound::item_honey_bottle_drink;
  return c;
}
constexpr Consumable milk_bucket() {
  Consumable c = drink("milk_bucket", "bucket");
  c.clears_effects = true;
  return c;
}
// OminousBottleAmplifier: Bad Omen for 100 minutes without particles (amplifier 0 as created).
constexpr Consumable ominous_bottle() {
  Consumable c = giving(drink("ominous_bottle", ""), {{30, 120000, 0, false}});
  c.grant_drawn = false;        // OminousBottleAmplifier's listener, not an apply_effects
  c.sound_after = sound::item_ominous_bottle_dispose;
  return c;
}
constexpr Consumable dried_kelp() {
  Consumable c = food("dried_kelp", 1, 0.3f);
  c.consume_seconds = 0.8f;
  return c;
}

constexpr std::array kConsumables = {
    food("apple", 4, 0.3f),
    stew("mushroom_stew", 6),
    food("bread", 5, 0.6f),
    food("porkchop", 3, 0.3f),
    food("cooked_porkchop", 8, 0.8f),
    always_edible(giving(food("golden_apple", 4, 1.2f), {grant(effect::kRegeneration, 100, 1), grant(effect::kAbsorption, 2400, 0)})),
    always_edible(giving(food("enchanted_golden_apple", 4, 1.2f),
                         {grant(effect::kRegeneration, 400, 1), grant(effect::kResistance, 6000, 0),
                          grant(effect::kFireResistance, 6000, 0), grant(effect::kAbsorption, 2400, 3)})),
    milk_bucket(),
    food("cod", 2, 0.1f),
    food("salmon", 2, 0.1f),
    food("tropical_fish", 1, 0.1f),
    giving(food("pufferfish", 1, 0.1f),
           {grant(effect::kPoison, 1200, 1), grant(effect::kHunger, 300, 2), grant(effect::kNausea, 300, 0)}),
    food("cooked_cod", 5, 0.6f),
    food("cooked_salmon", 6, 0.8f),
    food("cookie", 2, 0.1f),
    food("melon_slice", 2, 0.3f),
    dried_kelp(),
    food("beef", 3, 0.3f),
    food("cooked_beef", 8, 0.8f),
    giving(food("chicken", 2, 0.3f), {grant(effect::kHunger, 600, 0)}, 0.3f),
    food("cooked_chicken", 6, 0.6f),
    giving(food("rotten_flesh", 4, 0.1f), {grant(effect::kHunger, 600, 0)}, 0.8f),
    drink("potion", "glass_bottle"),
    giving(food("spider_eye", 2, 0.8f), {grant(effect::kPoison, 100, 0)}),
    food("carrot", 3, 0.6f),
    food("potato", 1, 0.3f),
    food("baked_potato", 5, 0.6f),
    giving(food("poisonous_potato", 2, 0.3f), {grant(effect::kPoison, 100, 0)}, 0.6f),
    food("golden_carrot", 6, 1.2f),
    food("pumpkin_pie", 8, 0.3f),
    food("rabbit", 3, 0.3f),
    food("cooked_rabbit", 5, 0.6f),
    stew("rabbit_stew", 10),
    food("mutton", 2, 0.3f),
    food("cooked_mutton", 6, 0.8f),
    always_edible(with_unmodelled_effects(food("chorus_fruit", 4, 0.3f))),
    food("beetroot", 1, 0.6f),
    stew("beetroot_soup", 6),
    always_edible(stew("suspicious_stew", 6)),
    food("sweet_berries", 2, 0.1f),
    food("glow_berries", 2, 0.1f),
    honey_bottle(),
    ominous_bottle(),
};

// Item id -> index into kConsumables (-1 for none), built once from the catalog.
const std::vector<int>& index_by_item() {
  static const std::vector<int> index = [] {
    std::vector<int> by_item;
    for (size_t i = 0; i < kConsumables.size(); ++i) {
      const std::optional<int> id = item_id(kConsumables[i].item);
      HZ_CHECK(id.has_value(), "a consumable the item catalog does not have");
      if (by_item.size() <= static_cast<size_t>(*id)) by_item.resize(static_cast<size_t>(*id) + 1, -1);
      by_item[static_cast<size_t>(*id)] = static_cast<int>(i);
    }
    return by_item;
  }();
  return index;
}

}  // namespace

float Consumable::saturation() const { return saturation_by_modifier(nutrition, saturation_modifier); }

const Consumable* consumable_of(int32_t item) {
  const std::vector<int>& index = index_by_item();
  if (item < 0 || static_cast<size_t>(item) >= index.size() || index[static_cast<size_t>(item)] < 0) return nullptr;
  return &kConsumables[static_cast<size_t>(index[static_cast<size_t>(item)])];
}

}  // namespace hz
