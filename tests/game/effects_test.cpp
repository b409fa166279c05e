// Status effects (docs/rules/effects.md): how a new instance takes over or hides against a
// restatement with vanilla's linked chain, the countdown, when an effect acts, resistance and
// absorption in the hurt rules, the saved list; through the core: /effect, regeneration, poison,
// hunger, the packets, a golden apple's hearts, milk and honey.
#include <gtest/gtest.h>
#include <rapidcheck/gtest.h>

#include <algorithm>
#include <memory>
#include <string>

#include "sim/data/catalog.h"
#include "sim/game/player_data.h"
#include "sim/game/survival/damage_rules.h"
#include "sim/game/survival/effect_rules.h"
#include "sim/game/survival/effects_nbt.h"
#include "sim/game/survival/survival_system.h"
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

// MobEffectInstance restated with its own linked hidden chain, as vanilla keeps it.
struct Linked {
  int amplifier = 0, duration = 0;
  std::unique_ptr<Linked> hidden;
  Linked(int a, int d) : amplifier(a), duration(d) {}
  bool infinite() const { return duration == -1; }
  bool shorter(const Linked& o) const { return !infinite() && (duration < o.duration || o.infinite()); }
  void update(const Linked& in) {
    if (in.amplifier > amplifier) {
      if (in.shorter(*this)) {
        auto copy = std::make_unique<Linked>(amplifier, duration);
        copy->hidden = std::move(hidden);
        hidden = std::move(copy);
      }
      amplifier = in.amplifier, duration = in.duration;
    } else if (shorter(in)) {
      if (in.amplifier == amplifier) duration = in.duration;
      else if (!hidden) hidden = std::make_unique<Linked>(in.amplifier, in.duration);
      else hidden->update(in);
    }
  }
  // tickDownDuration runs down the whole chain; only the head then downgrades.
  void tick_down() {
    if (hidden) hidden->tick_down();
    if (!infinite() && duration != 0) --duration;
  }
  void tick() {
    tick_down();
    if (duration == 0 && hidden) {
      amplifier = hidden->amplifier, duration = hidden->duration;
      hidden = std::move(hidden->hidden);
    }
  }
  bool same(const ActiveEffect& a) const {
    if (a.now.amplifier != amplifier || a.now.duration != duration) return false;
    const Linked* h = hidden.get();
    for (const EffectInstance& e : a.hidden) {
      if (!h || h->amplifier != e.amplifier || h->duration != e.duration) return false;
      h = h->hidden.get();
    }
    return h == nullptr;
  }
};

RC_GTEST_PROP(Effects, TakingOverAndCountingDownMatchTheLinkedChain, ()) {
  const auto instance = [] {
    const int amplifier = *rc::gen::inRange(0, 4);
    const int duration = *rc::gen::element(-1, 0, 1, 2, 5, 20, 40, 100);
    return std::pair{amplifier, duration};
  };
  auto [a0, d0] = instance();
  Linked model(a0, d0);
  ActiveEffect active{EffectInstance{effect::kRegeneration, a0, d0}, {}};
  const int steps = *rc::gen::inRange(1, 30);
  for (int i = 0; i < steps; ++i) {
    if (*rc::gen::inRange(0, 3) == 0) {
      auto [a, d] = instance();
      model.update(Linked(a, d));
      take_over(active, EffectInstance{effect::kRegeneration, a, d});
    } else {
      model.tick();
      count_down(active);
    }
    RC_ASSERT(model.same(active));
    RC_ASSERT(active.now.effect == effect::kRegeneration);
  }
}

TEST(Effects, TheRegistryAndWhenEffectsAct) {
  EXPECT_EQ(effect_id("minecraft:regeneration"), effect::kRegeneration);
  EXPECT_EQ(effect_id("poison"), effect::kPoison);
  EXPECT_EQ(effect_name(effect::kAbsorption), "absorption");
  EXPECT_EQ(effect_name(39), "breath_of_the_nautilus");
  EXPECT_EQ(effect_display_name(26), "Bad Luck");
  EXPECT_FALSE(effect_id("nope"));
  // Regeneration every 50 >> amplifier ticks, poison every 25 >> amplifier; every tick at 0.
  EXPECT_TRUE(acts_this_tick(effect::kRegeneration, 100, 0));
  EXPECT_FALSE(acts_this_tick(effect::kRegeneration, 99, 0));
  EXPECT_TRUE(acts_this_tick(effect::kRegeneration, 75, 1));
  EXPECT_TRUE(acts_this_tick(effect::kRegeneration, 7, 6));
  EXPECT_TRUE(acts_this_tick(effect::kPoison, 36, 1));
  EXPECT_FALSE(acts_this_tick(effect::kPoison, 37, 1));
  EXPECT_TRUE(acts_this_tick(effect::kHunger, 37, 0));
}

// Resistance: (25 − 5 (a + 1)) / 25 of the damage is left; level V and above leave nothing.
RC_GTEST_PROP(Effects, ResistanceMatchesTheFormula, ()) {
  const float damage = static_cast<float>(*rc::gen::inRange(1, 400)) / 8.0f;
  const int amplifier = *rc::gen::inRange(0, 8);
  RC_ASSERT(damage_after_resistance(damage, amplifier) ==
            std::max(damage * static_cast<float>(25 - (amplifier + 1) * 5) / 25.0f, 0.0f));
}

TEST(Effects, TheHurtRulesUseResistanceFireResistanceAndAbsorption) {
  HurtContext context;
  context.resistance = 1;  // 40 % less
  HurtState state;
  apply_hurt(state, DamageCause::kGeneric, 10.0f, context);
  EXPECT_EQ(state.health, 14.0f);
  state = HurtState{};
  apply_hurt(state, DamageCause::kOutOfWorld, 10.0f, context);  // bypasses resistance
  EXPECT_EQ(state.health, 10.0f);
  context = HurtContext{};
  context.fire_resistant = true;
  state = HurtState{};
  EXPECT_FALSE(apply_hurt(state, DamageCause::kLava, 4.0f, context).hurt);
  EXPECT_TRUE(apply_hurt(state, DamageCause::kFall, 4.0f, context).hurt);
  // Four absorption hearts take the first 4 of a 6 hit.
  context = HurtContext{};
  context.max_absorption = 4.0f;
  state = HurtState{};
  state.absorption = 4.0f;
  const HurtOutcome out = apply_hurt(state, DamageCause::kGeneric, 6.0f, context);
  EXPECT_EQ(state.absorption, 0.0f);
  EXPECT_EQ(state.health, 18.0f);
  EXPECT_EQ(out.health_lost, 2.0f);
}

TEST(Effects, TheSavedListKeepsHiddenInstancesAndRefusesUnknownIds) {
  std::vector<ActiveEffect> effects = {
      {EffectInstance{effect::kRegeneration, 1, 100, false, true, true}, {EffectInstance{effect::kRegeneration, 0, 900}}},
      {EffectInstance{effect::kPoison, 0, kInfiniteDuration, true, false, false}, {}}};
  nbt::List list = effects_tag(effects);
  nbt::Compound unknown;
  unknown.put("id", std::string("minecraft:not_an_effect"));
  list.items.emplace_back(unknown);
  EXPECT_EQ(effects_from_tag(list), effects);
  const auto* first = list.items[0].as<nbt::Compound>();
  EXPECT_EQ(*nbt::find_as<std::string>(*first, "id"), "minecraft:regeneration");
  EXPECT_EQ(*nbt::find_as<int8_t>(*first, "amplifier"), 1);
  ASSERT_NE(nbt::find_as<nbt::Compound>(*first, "hidden_effect"), nullptr);
  // Through the player file.
  Player p;
  p.effects = effects;
  p.absorption = 3.0f;
  const SavedPlayer saved = saved_player_from_nbt(player_to_nbt(p, PlayerSaveContext{}));
  EXPECT_EQ(saved.effects, effects);
  EXPECT_EQ(saved.absorption, 3.0f);
}

// --- through the core ---

struct Affected {
  MovementServer s;
  JoinedPlayer p;
  Affected() : p(join(s, 1, "Affected")) {
    s.tick({p.loaded().confirm(1).take()});
    s.tick({ConsoleLine{"gamerule natural_health_regeneration false"}});
    s.h.sink.clear();
  }
  Player& player() { return *s.h.core.sessions().player(1); }
  void command(const std::string& line) { s.tick({ConsoleLine{line}}); }
  void ticks(int n) {
    for (int i = 0; i < n; ++i) s.tick();
  }
  bool logged(const std::string& line) { return testing::logged(s.h.sink, line); }
};

TEST(EffectsScenario, EffectGiveAndClearWithVanillasTexts) {
  Affected a;
  a.command("effect give Affected minecraft:speed 10 2");
  EXPECT_TRUE(a.logged("Applied effect Speed to Affected"));
  const std::vector<cb::EntityEffect> told = sent_to<cb::EntityEffect>(a.s.h.sink, 1);
  ASSERT_EQ(told.size(), 1u);
  EXPECT_EQ(told[0].effect, 0);
  EXPECT_EQ(told[0].amplifier, 2);
  EXPECT_EQ(told[0].duration, 200);
  EXPECT_EQ(told[0].flags, cb::EntityEffect::kVisible | cb::EntityEffect::kShowIcon | cb::EntityEffect::kBlend);
  a.command("effect give Affected speed 5 1");  // weaker and shorter: nothing changes
  EXPECT_TRUE(a.logged("Unable to apply this effect (target is either immune to effects, or has something stronger)"));
  a.command("effect clear Affected poison");
  EXPECT_TRUE(a.logged("Target doesn't have the requested effect"));
  a.command("effect clear Affected");
  EXPECT_TRUE(a.logged("Removed every effect from Affected"));
  EXPECT_EQ(sent_to<cb::RemoveEntityEffect>(a.s.h.sink, 1).size(), 1u);
  a.command("effect give Affected speed 0");
  EXPECT_TRUE(a.logged("Integer must not be less than 1: found 0"));
  a.command("effect give Affected speed 5 256");
  EXPECT_TRUE(a.logged("Integer must not be more than 255: found 256"));
  a.command("effect give Affected nothing");
  EXPECT_TRUE(a.logged("Can't find element 'minecraft:nothing' of type 'minecraft:mob_effect'"));
}

TEST(EffectsScenario, RegenerationHealsAndTheEffectEndsWithAPacket) {
  Affected a;
  a.player().health = 10.0f;
  a.command("effect give Affected regeneration 5");  // 100 ticks: heals at 100 and 50
  a.ticks(100);
  EXPECT_EQ(a.player().health, 12.0f);
  EXPECT_TRUE(a.player().effects.empty());
  const std::vector<cb::RemoveEntityEffect> removed = sent_to<cb::RemoveEntityEffect>(a.s.h.sink, 1);
  ASSERT_EQ(removed.size(), 1u);
  EXPECT_EQ(removed[0].effect, effect::kRegeneration);
}

TEST(EffectsScenario, PoisonHurtsDownToOneAndHungerTires) {
  Affected a;
  a.player().health = 3.0f;
  a.command("effect give Affected poison 10 3");  // every 3 ticks (25 >> 3)
  a.ticks(60);
  EXPECT_EQ(a.player().health, 1.0f);  // never below 1
  a.command("effect give Affected hunger 10 1");
  const float before = a.player().exhaustion;
  a.ticks(10);
  EXPECT_FLOAT_EQ(a.player().exhaustion - before, 10 * 0.01f);
}

TEST(EffectsScenario, AGoldenAppleGivesRegenerationAndFourAbsorptionHearts) {
  Affected a;
  a.player().inventory[kFirstHotbarSlot] = ItemStack{*item_id("golden_apple"), 1};
  a.s.tick({a.p.client.packet(sb::UseItem{0, 1, 0.0f, 0.0f}).take()});
  a.ticks(31);
  ASSERT_EQ(a.player().effects.size(), 2u);
  EXPECT_EQ(a.player().effects[0].now, (EffectInstance{effect::kRegeneration, 1, 100}));  // given after the effects ticked
  EXPECT_EQ(a.player().effects[1].now.effect, effect::kAbsorption);
  EXPECT_EQ(a.player().absorption, 4.0f);
  // The player's client hears of the hearts through its entity data (index 17, a float).
  a.ticks(1);
  bool told = false;
  const std::vector<uint8_t> entry = {17, 3, 0x40, 0x80, 0, 0};  // index, float, 4.0f big-endian
  for (const cb::EntityMetadata& m : sent_to<cb::EntityMetadata>(a.s.h.sink, 1))
    told |= m.entity_id == a.p.entity_id &&
            std::search(m.metadata.begin(), m.metadata.end(), entry.begin(), entry.end()) != m.metadata.end();
  EXPECT_TRUE(told);
}

TEST(EffectsScenario, AbsorptionTakesHitsFirstAndEndsWhenSpent) {
  Affected a;
  a.command("effect give Affected absorption 60 0");
  EXPECT_EQ(a.player().absorption, 4.0f);
  a.s.h.core.survival().hurt(1, DamageCause::kGeneric, 6.0f);
  EXPECT_EQ(a.player().absorption, 0.0f);
  EXPECT_EQ(a.player().health, 18.0f);
  a.ticks(1);
  EXPECT_TRUE(a.player().effects.empty());
}

TEST(EffectsScenario, MilkClearsEffectsAndHoneyCuresPoison) {
  Affected a;
  a.command("effect give Affected poison 30");
  a.command("effect give Affected speed 30");
  a.player().inventory[kFirstHotbarSlot] = ItemStack{*item_id("honey_bottle"), 1};
  a.s.tick({a.p.client.packet(sb::UseItem{0, 1, 0.0f, 0.0f}).take()});
  a.ticks(39);
  ASSERT_EQ(a.player().effects.size(), 1u);
  EXPECT_EQ(a.player().effects[0].now.effect, 0);  // speed stays
  a.player().inventory[kFirstHotbarSlot] = ItemStack{*item_id("milk_bucket"), 1};
  a.s.tick({a.p.client.packet(sb::UseItem{0, 2, 0.0f, 0.0f}).take()});
  a.ticks(31);
  EXPECT_TRUE(a.player().effects.empty());
  EXPECT_EQ(a.player().inventory[kFirstHotbarSlot], (ItemStack{*item_id("bucket"), 1}));
}

}  // namespace
}  // namespace hz
