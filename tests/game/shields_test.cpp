// Shields and totems (docs/rules/combat.md §7, §8): the blocking rules against a restatement in
// angles, and through the core: raising a shield, what it blocks and from where, what a hit
// costs it, an axe putting it down on cooldown, and a totem saving its holder.
#include <gtest/gtest.h>
#include <rapidcheck/gtest.h>

#include <algorithm>
#include <cmath>
#include <set>
#include <string>

#include "sim/data/catalog.h"
#include "sim/data/sound_ids.h"
#include "sim/game/survival/damage_rules.h"
#include "sim/game/survival/shield_rules.h"
#include "sim/game/survival/survival_system.h"
#include "sim/protocol/packets.h"
#include "tests/game/entity_fakes.h"
#include "tests/game/movement_client.h"

namespace hz {
namespace {

using testing::join;
using testing::JoinedPlayer;
using testing::MovementServer;
using testing::sent_to;
namespace cb = packet::play_cb;
namespace sb = packet::play_sb;

const BlocksAttacks& the_shield() { return *blocks_attacks_of(*item_id("shield")); }

// --- the rules against a restatement ---

// The restatement: the compass bearing of the look (yaw 0 faces +z, 90 faces -x) and of the
// source, in degrees; a shield covers 90 degrees either side.
double bearing_difference(double yaw, double from_x, double from_z, double to_x, double to_z) {
  const double look = std::fmod(std::fmod(yaw, 360.0) + 360.0, 360.0);
  const double towards = std::fmod(std::atan2(-(to_x - from_x), to_z - from_z) * 180.0 / M_PI + 360.0, 360.0);
  const double d = std::fabs(look - towards);
  return std::min(d, 360.0 - d);
}

RC_GTEST_PROP(ShieldRules, AShieldBlocksWhatComesFromWithinNinetyDegreesOfItsLook, ()) {
  const Vec3 at{*rc::gen::inRange(-3000, 3000) / 10.0, 64.0, *rc::gen::inRange(-3000, 3000) / 10.0};
  const Vec3 from{at.x + *rc::gen::inRange(-200, 200) / 10.0, 60.0 + *rc::gen::inRange(0, 100) / 10.0,
                  at.z + *rc::gen::inRange(-200, 200) / 10.0};
  const float yaw = static_cast<float>(*rc::gen::inRange(-7200, 7200)) / 10.0f;
  RC_PRE(std::hypot(from.x - at.x, from.z - at.z) > 0.01);
  const double difference = bearing_difference(yaw, at.x, at.z, from.x, from.z);
  RC_PRE(std::fabs(difference - 90.0) > 0.05);  // the sine table's steps blur the very edge
  const float damage = static_cast<float>(*rc::gen::inRange(1, 400)) / 10.0f;
  const float blocked = blocked_damage(the_shield(), damage, blocking_angle(at, yaw, from));
  RC_ASSERT(blocked == (difference < 90.0 ? damage : 0.0f));
}

TEST(ShieldRules, AHitWithoutASourceIsNeverBlocked) {
  EXPECT_EQ(blocked_damage(the_shield(), 5.0f, blocking_angle(Vec3{0, 64, 0}, 0.0f, std::nullopt)), 0.0f);
  // A source exactly at the player: Vec3.normalize gives zero, acos(0) is 90 degrees: blocked.
  EXPECT_EQ(blocked_damage(the_shield(), 5.0f, blocking_angle(Vec3{0, 64, 0}, 0.0f, Vec3{0, 70, 0})), 5.0f);
}

TEST(ShieldRules, TheShieldIsUpAfterFiveTicksAndWearsFromThreeDamage) {
  EXPECT_EQ(block_delay_ticks(the_shield()), 5);
  EXPECT_FALSE(blocks_after(the_shield(), kBlockingUseDuration - 4));
  EXPECT_TRUE(blocks_after(the_shield(), kBlockingUseDuration - 5));
  EXPECT_EQ(shield_wear(the_shield(), 2.9f), 0);
  EXPECT_EQ(shield_wear(the_shield(), 3.0f), 4);
  EXPECT_EQ(shield_wear(the_shield(), 9.5f), 10);
  EXPECT_EQ(blocks_attacks_of(*item_id("diamond_sword")), nullptr);
}

TEST(ShieldRules, AxesDisableForFiveSecondsAndOtherWeaponsNot) {
  for (const char* axe : {"wooden_axe", "iron_axe", "netherite_axe"})
    EXPECT_EQ(disable_ticks(the_shield(), disable_blocking_seconds(ItemStack{*item_id(axe), 1})), 100) << axe;
  for (const char* other : {"iron_sword", "iron_pickaxe", "stick"})
    EXPECT_EQ(disable_ticks(the_shield(), disable_blocking_seconds(ItemStack{*item_id(other), 1})), 0) << other;
  EXPECT_EQ(disable_blocking_seconds(ItemStack{}), 0.0f);
}

// The bypasses_shield tag restated from its file: #bypasses_armor and the fire kinds among those
// Horizon deals.
TEST(ShieldRules, TheKindsThatBypassAShieldAreTheTagsOwn) {
  const std::set<std::string> bypass = {"minecraft:generic", "minecraft:generic_kill", "minecraft:fall",
                                        "minecraft:out_of_world", "minecraft:starve", "minecraft:on_fire",
                                        "minecraft:in_fire", "minecraft:lava", "minecraft:magic"};
  for (int k = 0; k <= static_cast<int>(DamageCause::kMagic); ++k) {
    const auto kind = static_cast<DamageCause>(k);
    EXPECT_EQ(bypasses_shield(kind), bypass.contains(std::string(damage_type(kind).registry_name)))
        << damage_type(kind).registry_name;
  }
}

TEST(ShieldRules, OnlyTheTotemProtectsFromDeath) {
  EXPECT_TRUE(protects_from_death(*item_id("totem_of_undying")));
  EXPECT_FALSE(protects_from_death(*item_id("shield")));
}

// The pure hurt: a blocked hit still restarts the window, reaches nothing and hurts nothing.
TEST(ShieldRules, AFullyBlockedHitRestartsTheWindowAndDoesNotHurt) {
  HurtState state;
  HurtContext context;
  context.blocking = &the_shield();
  context.blocking_angle = 0.0;
  const HurtOutcome out = apply_hurt(state, DamageCause::kMobAttack, 6.0f, context);
  EXPECT_TRUE(out.reached);
  EXPECT_TRUE(out.full_hit);
  EXPECT_FALSE(out.hurt);
  EXPECT_EQ(out.blocked, 6.0f);
  EXPECT_EQ(state.health, 20.0f);
  EXPECT_EQ(state.invulnerable_ticks, kInvulnerableTicksOnHit);
  // A kind that bypasses the shield goes through it.
  const HurtOutcome fall = apply_hurt(state = HurtState{}, DamageCause::kFall, 6.0f, context);
  EXPECT_TRUE(fall.hurt);
  EXPECT_EQ(fall.blocked, 0.0f);
  EXPECT_EQ(state.health, 14.0f);
}

// --- through the core ---

ServerProperties guard_properties() {
  ServerProperties props = testing::test_properties();
  props.difficulty = Difficulty::kNormal;
  return props;
}

ItemStack one_item(std::string_view name, int count = 1) { return ItemStack{*item_id(name), count}; }

// One player at its spawn, facing +x (yaw -90), a shield in the off hand.
struct Guard {
  MovementServer s{guard_properties()};
  JoinedPlayer p;
  int sequence = 0;
  Guard() : p(join(s, 1, "Guard")) {
    s.tick({p.loaded().confirm(1).take()});
    s.tick({ConsoleLine{"gamerule natural_health_regeneration false"}});
    s.tick({p.pos_look(p.spawn.x, p.spawn.y, p.spawn.z, -90.0f, 0.0f).take()});
    player().inventory[static_cast<size_t>(kOffhandSlot)] = one_item("shield");
    s.h.sink.clear();
  }
  Player& player() { return *s.h.core.sessions().player(1); }
  const ItemStack& off_hand() { return player().inventory[static_cast<size_t>(kOffhandSlot)]; }
  void raise() { s.tick({p.client.packet(sb::UseItem{1, ++sequence, -90.0f, 0.0f}).take()}); }
  void ticks(int n) {
    for (int i = 0; i < n; ++i) s.tick();
  }
  bool zombie_hit(float amount, double dx, DamageCause cause = DamageCause::kMobAttack) {
    const MobAttacker zombie{99, "zombie", "Zombie", Vec3{p.spawn.x + dx, p.spawn.y, p.spawn.z}};
    return s.h.core.survival().hurt_by_mob(1, amount, zombie, cause);
  }
  size_t heard(int32_t sound) {
    const auto all = sent_to<cb::SoundEffect>(s.h.sink, 1);
    return static_cast<size_t>(std::count_if(all.begin(), all.end(), [&](const cb::SoundEffect& e) { return e.sound == sound + 1; }));
  }
};

TEST(ShieldScenario, ARaisedShieldBlocksAZombieInFrontAndWears) {
  Guard g;
  g.raise();
  EXPECT_TRUE(g.player().using_item.active);
  EXPECT_EQ(g.player().using_item.living_flags(), 3);  // using, with the off hand
  g.ticks(5);
  g.s.h.sink.clear();
  EXPECT_FALSE(g.zombie_hit(3.0f, 1.0));
  EXPECT_EQ(g.player().health, 20.0f);
  EXPECT_EQ(g.off_hand().damage, 4);  // floor(1 + 3)
  EXPECT_EQ(g.player().invulnerable_ticks, kInvulnerableTicksOnHit);
  // The block sound instead of the damage event, and no push.
  EXPECT_EQ(g.heard(sound::item_shield_block), 1u);
  EXPECT_TRUE(sent_to<cb::DamageEvent>(g.s.h.sink, 1).empty());
  EXPECT_TRUE(sent_to<cb::EntityVelocity>(g.s.h.sink, 1).empty());
}

TEST(ShieldScenario, TheShieldTakesFiveTicksToComeUp) {
  Guard g;
  g.raise();
  g.ticks(3);
  EXPECT_TRUE(g.zombie_hit(3.0f, 1.0));
  EXPECT_EQ(g.player().health, 17.0f);
  EXPECT_EQ(g.off_hand().damage, 0);
}

TEST(ShieldScenario, AHitFromBehindOrBelowTheThresholdIsTakenOrCostsNothing) {
  Guard g;
  g.raise();
  g.ticks(5);
  EXPECT_TRUE(g.zombie_hit(3.0f, -1.0));  // behind: through
  EXPECT_EQ(g.player().health, 17.0f);
  EXPECT_EQ(g.off_hand().damage, 0);
  g.ticks(20);
  EXPECT_FALSE(g.zombie_hit(2.0f, 1.0));  // in front, below the threshold: blocked, no wear
  EXPECT_EQ(g.player().health, 17.0f);
  EXPECT_EQ(g.off_hand().damage, 0);
  // A fall has no source: never blocked.
  g.ticks(20);
  EXPECT_TRUE(g.s.h.core.survival().hurt(1, DamageCause::kFall, 2.0f));
  EXPECT_EQ(g.player().health, 15.0f);
}

TEST(ShieldScenario, AnArrowIsBlockedButCannotPutTheShieldDown) {
  Guard g;
  g.raise();
  g.ticks(5);
  const MobAttacker arrow{99, "skeleton", "Skeleton", Vec3{g.p.spawn.x + 3.0, g.p.spawn.y + 1.5, g.p.spawn.z},
                          Vec3{1.0, 0.0, 0.0}};
  EXPECT_FALSE(g.s.h.core.survival().hurt_by_mob(1, 5.0f, arrow, DamageCause::kArrow));
  EXPECT_EQ(g.player().health, 20.0f);
  EXPECT_EQ(g.off_hand().damage, 6);
  EXPECT_TRUE(g.player().using_item.active);
}

TEST(ShieldScenario, ReleasingLowersTheShield) {
  Guard g;
  g.raise();
  g.ticks(5);
  g.s.tick({g.p.client.packet(sb::BlockDig{sb::BlockDig::kReleaseUseItem, BlockPos{}, 0, 0}).take()});
  EXPECT_FALSE(g.player().using_item.active);
  EXPECT_TRUE(g.zombie_hit(3.0f, 1.0));
}

// Alice (an axe) at x 0.5 and Bob (a shield, looking at her: yaw 90 faces -x) at x 2.5, on the
// ground of the spawn's height.
struct AxeDuel {
  MovementServer s;
  JoinedPlayer a, b;
  int sequence = 0;
  AxeDuel() : a(join(s, 1, "Alice")), b(join(s, 2, "Bob")) {
    s.world.ground(static_cast<int>(std::floor(a.spawn.y)) - 1);
    s.tick({a.loaded().confirm(1).take(), b.loaded().confirm(1).take()});
    s.tick({ConsoleLine{"gamerule natural_health_regeneration false"}});
    const std::string y = std::to_string(a.spawn.y);
    s.tick({ConsoleLine{"tp Alice 0.5 " + y + " 0.5"}, ConsoleLine{"tp Bob 2.5 " + y + " 0.5"}});
    s.tick({a.confirm(2).take(), b.confirm(2).pos_look(2.5, a.spawn.y, 0.5, 90.0f, 0.0f).take()});
    player(1).inventory[static_cast<size_t>(kFirstHotbarSlot)] = one_item("iron_axe");
    player(2).inventory[static_cast<size_t>(kOffhandSlot)] = one_item("shield");
    raise();
    for (int i = 0; i < 30; ++i) s.tick();  // the axe's full swing
    s.h.sink.clear();
  }
  Player& player(ConnId conn) { return *s.h.core.sessions().player(conn); }
  void raise() { s.tick({b.client.packet(sb::UseItem{1, ++sequence, 90.0f, 0.0f}).take()}); }
  void attack() { s.tick({a.client.packet(sb::Attack{b.entity_id}).take()}); }
  // Ticks with both standing on the ground as their clients say (no flying kick).
  void wait(int n) {
    for (int i = 0; i < n; ++i) s.tick({a.pos(0.5, a.spawn.y, 0.5).take(), b.pos(2.5, a.spawn.y, 0.5).take()});
  }
};

TEST(ShieldScenario, AnAxePutsTheShieldDownForFiveSeconds) {
  AxeDuel d;
  ASSERT_TRUE(d.player(2).using_item.active);
  d.attack();
  EXPECT_EQ(d.player(2).health, 20.0f);
  EXPECT_FALSE(d.player(2).using_item.active);
  const auto cooldowns = sent_to<cb::SetCooldown>(d.s.h.sink, 2);
  ASSERT_EQ(cooldowns.size(), 1u);
  EXPECT_EQ(cooldowns[0].cooldown_group, "minecraft:shield");
  EXPECT_EQ(cooldowns[0].cooldown_ticks, 100);
  // The iron axe's 9 blocked cost floor(1 + 9); both hear the disabled sound and the block.
  EXPECT_EQ(d.player(2).inventory[static_cast<size_t>(kOffhandSlot)].damage, 10);
  for (ConnId conn : {ConnId{1}, ConnId{2}}) {
    const auto heard = sent_to<cb::SoundEffect>(d.s.h.sink, conn);
    EXPECT_TRUE(std::any_of(heard.begin(), heard.end(), [](const cb::SoundEffect& e) {
      return e.sound == sound::item_shield_break + 1 && e.volume == 0.8f;
    }));
    EXPECT_TRUE(std::any_of(heard.begin(), heard.end(), [](const cb::SoundEffect& e) {
      return e.sound == sound::item_shield_block + 1;
    }));
  }
  // On cooldown the shield does not come up; at the end the client is told and it does.
  d.raise();
  EXPECT_FALSE(d.player(2).using_item.active);
  d.s.h.sink.clear();
  d.wait(100);
  const auto ended = sent_to<cb::SetCooldown>(d.s.h.sink, 2);
  ASSERT_EQ(ended.size(), 1u);
  EXPECT_EQ(ended[0].cooldown_ticks, 0);
  d.raise();
  EXPECT_TRUE(d.player(2).using_item.active);
}

TEST(ShieldScenario, ASwordHitIsBlockedAndLeavesTheShieldUp) {
  AxeDuel d;
  d.player(1).inventory[static_cast<size_t>(kFirstHotbarSlot)] = one_item("iron_sword");
  for (int i = 0; i < 20; ++i) d.s.tick();
  d.s.h.sink.clear();
  d.attack();
  EXPECT_EQ(d.player(2).health, 20.0f);
  EXPECT_TRUE(d.player(2).using_item.active);
  EXPECT_TRUE(sent_to<cb::SetCooldown>(d.s.h.sink, 2).empty());
  // The attacker's hit did no damage: Alice hears the no-damage sound.
  const auto heard = sent_to<cb::SoundEffect>(d.s.h.sink, 1);
  EXPECT_TRUE(std::any_of(heard.begin(), heard.end(), [](const cb::SoundEffect& e) {
    return e.sound == sound::entity_player_attack_nodamage + 1;
  }));
}

TEST(TotemScenario, ATotemInHandSavesItsHolderOnce) {
  Guard g;
  g.player().inventory[static_cast<size_t>(kOffhandSlot)] = one_item("totem_of_undying");
  g.player().inventory[static_cast<size_t>(kFirstHotbarSlot)] = one_item("totem_of_undying", 1);
  EXPECT_TRUE(g.s.h.core.survival().hurt(1, DamageCause::kGeneric, 100.0f));
  EXPECT_FALSE(g.player().dead);
  EXPECT_EQ(g.player().health, 1.0f);
  // The main hand's totem goes first.
  EXPECT_TRUE(g.player().inventory[static_cast<size_t>(kFirstHotbarSlot)].empty());
  EXPECT_FALSE(g.off_hand().empty());
  const auto amplifier_and_duration = [&](int32_t effect) {
    for (const ActiveEffect& e : g.player().effects)
      if (e.now.effect == effect) return std::pair{e.now.amplifier, e.now.duration};
    return std::pair{-1, 0};
  };
  EXPECT_EQ(amplifier_and_duration(effect::kRegeneration), (std::pair{1, 900}));
  EXPECT_EQ(amplifier_and_duration(effect::kAbsorption), (std::pair{1, 100}));
  EXPECT_EQ(amplifier_and_duration(effect::kFireResistance), (std::pair{0, 800}));
  EXPECT_EQ(g.player().absorption, 8.0f);  // absorption II's four hearts
  const auto events = sent_to<cb::EntityStatus>(g.s.h.sink, 1);
  EXPECT_TRUE(std::any_of(events.begin(), events.end(), [](const cb::EntityStatus& e) { return e.status == 35; }));
  EXPECT_EQ(g.heard(sound::entity_player_death), 0u);
  // The void bypasses invulnerability and so the totem.
  g.ticks(20);
  g.s.h.core.survival().hurt(1, DamageCause::kOutOfWorld, 100.0f);
  EXPECT_TRUE(g.player().dead);
}

}  // namespace
}  // namespace hz
