// Eating and drinking (docs/rules/eating.md): the food a consumable gives, the table of
// consumables, and through the core: a use counts down in the player's ticks and then feeds,
// shrinks the stack and leaves its remainder; full players eat only what can always be eaten;
// releasing, switching slots, swapping hands and dropping the stack stop it; the living flags
// show it; a schedule of random actions follows a reference model of the use.
#include <gtest/gtest.h>
#include <rapidcheck/gtest.h>

#include <algorithm>
#include <string>

#include "sim/data/catalog.h"
#include "sim/game/items/consumables.h"
#include "sim/game/survival/food_rules.h"
#include "sim/protocol/packets.h"
#include "tests/game/movement_client.h"

namespace hz {
namespace {

using testing::join;
using testing::JoinedPlayer;
using testing::MovementServer;
using testing::sent_to;
namespace cb = packet::play_cb;
namespace sb = packet::play_sb;

int32_t item_named(std::string_view name) { return *item_id(name); }

// FoodData.add restated: food clamped to 0-20, saturation to 0 and the new food level.
RC_GTEST_PROP(Eating, EatingMatchesTheRestatement, ()) {
  FoodState food;
  food.food = *rc::gen::inRange(0, 21);
  food.saturation = static_cast<float>(*rc::gen::inRange(0, food.food * 4 + 1)) / 4.0f;
  const int nutrition = *rc::gen::inRange(0, 12);
  const float saturation = static_cast<float>(*rc::gen::inRange(0, 100)) / 8.0f;
  const int want_food = std::min(20, food.food + nutrition);
  const float want_saturation = std::min(static_cast<float>(want_food), food.saturation + saturation);
  eat(food, nutrition, saturation);
  RC_ASSERT(food.food == want_food);
  RC_ASSERT(food.saturation == want_saturation);
}

TEST(Eating, TheConsumablesTable) {
  const Consumable* bread = consumable_of(item_named("bread"));
  ASSERT_NE(bread, nullptr);
  EXPECT_EQ(bread->consume_ticks(), 32);
  EXPECT_EQ(bread->nutrition, 5);
  EXPECT_EQ(bread->saturation(), 6.0f);  // 5 × 0.6 × 2
  EXPECT_FALSE(bread->can_always_eat);
  EXPECT_EQ(consumable_of(item_named("cooked_beef"))->saturation(), 12.8f);
  EXPECT_EQ(consumable_of(item_named("dried_kelp"))->consume_ticks(), 16);
  const Consumable* honey = consumable_of(item_named("honey_bottle"));
  EXPECT_EQ(honey->consume_ticks(), 40);
  EXPECT_TRUE(honey->drink && honey->can_always_eat);
  EXPECT_EQ(honey->remainder, "glass_bottle");
  EXPECT_EQ(consumable_of(item_named("rabbit_stew"))->remainder, "bowl");
  EXPECT_TRUE(consumable_of(item_named("golden_apple"))->can_always_eat);
  const Consumable* milk = consumable_of(item_named("milk_bucket"));
  EXPECT_FALSE(milk->food);
  EXPECT_EQ(milk->remainder, "bucket");
  EXPECT_EQ(consumable_of(item_named("stone")), nullptr);
  EXPECT_EQ(consumable_of(item_named("wheat")), nullptr);  // fed to animals, not eaten
}

// --- through the core ---

struct Eater {
  MovementServer s;
  JoinedPlayer p;
  int sequence = 0;
  Eater() : p(join(s, 1, "Eater")) {
    s.tick({p.loaded().confirm(1).take()});
    s.tick({ConsoleLine{"gamerule natural_health_regeneration false"}});
    player().food_level = 10;
    player().saturation = 0.0f;
    s.h.sink.clear();
  }
  Player& player() { return *s.h.core.sessions().player(1); }
  ItemStack& slot(int hotbar) { return player().inventory[static_cast<size_t>(kFirstHotbarSlot + hotbar)]; }
  ItemStack& off_hand() { return player().inventory[kOffhandSlot]; }
  void hold(int hotbar, std::string_view item, int count) { slot(hotbar) = ItemStack{item_named(item), count}; }
  void use(int hand = 0) { s.tick({p.client.packet(sb::UseItem{hand, ++sequence, 0.0f, 0.0f}).take()}); }
  void action(int32_t status) {
    sb::BlockDig dig;
    dig.status = status;
    s.tick({p.client.packet(dig).take()});
  }
  void select(int hotbar) { s.tick({p.client.packet(sb::HeldItemSlot{static_cast<int16_t>(hotbar)}).take()}); }
  void ticks(int n) {
    for (int i = 0; i < n; ++i) s.tick();
  }
  int completions() {
    int n = 0;
    for (const cb::EntityStatus& e : sent_to<cb::EntityStatus>(s.h.sink, 1))
      if (e.entity_id == p.entity_id && e.status == 9) ++n;
    return n;
  }
  // The living flags the player's own client was told, in order (metadata of index 8 alone).
  std::vector<int> living_flags() {
    std::vector<int> out;
    for (const cb::EntityMetadata& m : sent_to<cb::EntityMetadata>(s.h.sink, 1))
      if (m.entity_id == p.entity_id && m.metadata.size() == 4 && m.metadata[0] == 8) out.push_back(m.metadata[2]);
    return out;
  }
};

TEST(EatingScenario, BreadTakes32TicksThenFeedsAndShrinksTheStack) {
  Eater e;
  e.hold(0, "bread", 3);
  e.use();
  EXPECT_TRUE(e.player().using_item.active);
  e.ticks(30);  // 31 of the player's ticks, counting the one the packet came in
  EXPECT_EQ(e.player().food_level, 10);
  EXPECT_EQ(e.slot(0).count, 3);
  EXPECT_EQ(e.completions(), 0);
  e.ticks(1);
  EXPECT_EQ(e.player().food_level, 15);
  EXPECT_EQ(e.player().saturation, 6.0f);
  EXPECT_EQ(e.slot(0).count, 2);
  EXPECT_FALSE(e.player().using_item.active);
  EXPECT_EQ(e.completions(), 1);
  // The client hears of its new food (set_health) in the same tick.
  const std::vector<cb::UpdateHealth> health = sent_to<cb::UpdateHealth>(e.s.h.sink, 1);
  ASSERT_FALSE(health.empty());
  EXPECT_EQ(health.back().food, 15);
  // Entity data changed in a tick goes out with the next tick's tracking pass.
  EXPECT_EQ(e.living_flags(), (std::vector<int>{1}));
  e.ticks(1);
  EXPECT_EQ(e.living_flags(), (std::vector<int>{1, 0}));
}

TEST(EatingScenario, AFullPlayerEatsOnlyWhatCanAlwaysBeEaten) {
  Eater e;
  e.player().food_level = 20;
  e.hold(0, "cooked_beef", 1);
  e.use();
  EXPECT_FALSE(e.player().using_item.active);
  e.hold(0, "golden_apple", 1);
  e.use();
  EXPECT_TRUE(e.player().using_item.active);
  e.ticks(31);
  EXPECT_TRUE(e.slot(0).empty());
  EXPECT_EQ(e.player().food_level, 20);
  EXPECT_EQ(e.player().saturation, 9.6f);  // 0 + 4 × 1.2 × 2
}

TEST(EatingScenario, ReleasingSwitchingSwappingAndDroppingStopTheUse) {
  Eater e;
  e.hold(0, "bread", 2);
  e.hold(1, "bread", 2);
  e.use();
  e.action(sb::BlockDig::kReleaseUseItem);
  EXPECT_FALSE(e.player().using_item.active);
  e.use();
  e.select(0);  // the same slot again changes nothing
  EXPECT_TRUE(e.player().using_item.active);
  e.select(1);  // another slot stops it, even holding the same food
  EXPECT_FALSE(e.player().using_item.active);
  e.use();
  e.action(sb::BlockDig::kSwapItemWithOffhand);
  EXPECT_FALSE(e.player().using_item.active);
  e.action(sb::BlockDig::kSwapItemWithOffhand);
  e.use();
  e.action(sb::BlockDig::kDropItem);  // one of two dropped: the use goes on
  EXPECT_TRUE(e.player().using_item.active);
  e.action(sb::BlockDig::kDropItem);  // the last one: it stops
  EXPECT_FALSE(e.player().using_item.active);
  e.ticks(40);
  EXPECT_EQ(e.player().food_level, 10);
  EXPECT_EQ(e.completions(), 0);
}

TEST(EatingScenario, StewsLeaveABowlAndBottlesJoinTheInventory) {
  Eater e;
  e.hold(0, "mushroom_stew", 1);
  e.use();
  e.ticks(31);
  EXPECT_EQ(e.slot(0), (ItemStack{item_named("bowl"), 1}));
  EXPECT_EQ(e.player().food_level, 16);
  e.off_hand() = ItemStack{item_named("honey_bottle"), 2};
  e.use(1);
  EXPECT_EQ(e.living_flags().back(), 3);  // using, off hand
  e.ticks(39);
  EXPECT_EQ(e.off_hand().count, 1);
  EXPECT_EQ(e.player().food_level, 20);  // honey can always be drunk
  // The glass bottle goes where Inventory.add puts it: the first empty slot after the stew's bowl.
  EXPECT_EQ(e.slot(1), (ItemStack{item_named("glass_bottle"), 1}));
  e.ticks(1);
  EXPECT_EQ(e.living_flags().back(), 2);  // stopped; the hand bit stays
}

TEST(EatingScenario, CreativePlayersEatWhenFullAndKeepTheirFood) {
  Eater e;
  e.s.tick({ConsoleLine{"gamemode creative Eater"}});
  e.player().food_level = 20;
  e.hold(0, "dried_kelp", 5);
  e.use();
  e.ticks(15);  // dried kelp takes 16 ticks
  EXPECT_EQ(e.completions(), 1);
  EXPECT_EQ(e.slot(0).count, 5);
}

TEST(EatingScenario, DyingStopsTheUse) {
  Eater e;
  e.hold(0, "bread", 1);
  e.use();
  e.s.tick({ConsoleLine{"kill Eater"}});
  e.ticks(40);
  EXPECT_FALSE(e.player().using_item.active);
  EXPECT_EQ(e.completions(), 0);
}

// A reference model of one player's use over a random schedule: use, release, select, drop one,
// swap hands or nothing each tick, with bread in slot 0 and cooked beef in slot 1.
struct UseModel {
  int food = 0;
  float saturation = 0.0f;
  int selected = 0;
  std::array<ItemStack, 9> hotbar{};
  ItemStack off;
  bool using_item = false;
  bool off_hand = false;
  int32_t item = 0;
  int remaining = 0;
  ItemStack& hand(bool off_hand_used) { return off_hand_used ? off : hotbar[static_cast<size_t>(selected)]; }
  void use() {
    const ItemStack& held = hand(false);
    if (using_item || held.empty() || food >= 20) return;  // both foods need hunger
    using_item = true, off_hand = false, item = held.item;
    remaining = 32;
  }
  void tick() {
    if (!using_item) return;
    ItemStack& held = hand(off_hand);
    if (held.empty() || held.item != item) return void(using_item = false);
    if (--remaining > 0) return;
    const bool beef = item == item_named("cooked_beef");
    const int nutrition = beef ? 8 : 5;
    food = std::min(20, food + nutrition);
    saturation = std::min(static_cast<float>(food), saturation + (beef ? 12.8f : 6.0f));
    if (--held.count == 0) held = ItemStack{};
    using_item = false;
  }
};

RC_GTEST_PROP(EatingScenario, ARandomScheduleFollowsTheReferenceModel, ()) {
  Eater e;
  UseModel model;
  model.food = e.player().food_level = *rc::gen::inRange(0, 21);
  model.hotbar[0] = e.slot(0) = ItemStack{item_named("bread"), *rc::gen::inRange(1, 4)};
  model.hotbar[1] = e.slot(1) = ItemStack{item_named("cooked_beef"), *rc::gen::inRange(1, 3)};
  for (int t = 0; t < 120; ++t) {
    const int what = *rc::gen::inRange(0, 40);
    if (what == 0) {
      e.use(), model.use();
    } else if (what == 1) {
      e.action(sb::BlockDig::kReleaseUseItem), model.using_item = false;
    } else if (what == 2) {
      const int to = *rc::gen::inRange(0, 2);
      if (to != model.selected) model.using_item = false;
      model.selected = to;
      e.select(to);
    } else if (what == 3) {
      e.action(sb::BlockDig::kDropItem);
      ItemStack& held = model.hand(false);
      if (!held.empty() && --held.count == 0) held = ItemStack{};
      if (held.empty() && !model.off_hand) model.using_item = false;
    } else if (what == 4) {
      e.action(sb::BlockDig::kSwapItemWithOffhand);
      std::swap(model.hand(false), model.off);
      model.using_item = false;
    } else {
      e.s.tick();
    }
    model.tick();
    RC_ASSERT(e.player().using_item.active == model.using_item);
    RC_ASSERT(e.player().food_level == model.food);
    RC_ASSERT(e.player().saturation == model.saturation);
    for (int i = 0; i < 2; ++i) RC_ASSERT(e.slot(i) == model.hotbar[static_cast<size_t>(i)]);
    RC_ASSERT(e.off_hand() == model.off);
  }
}

}  // namespace
}  // namespace hz
