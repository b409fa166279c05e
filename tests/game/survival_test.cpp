// Survival health (docs/rules/health.md): fall damage and FoodData against reference models
// written from vanilla's rules, and scenarios through the core: a 10-block fall, creative
// immunity, the void's death message and respawn, /kill, and what other players see of a death.
#include <gtest/gtest.h>
#include <rapidcheck/gtest.h>

#include <algorithm>
#include <cmath>

#include "sim/data/catalog.h"
#include "sim/data/registries.h"
#include "sim/game/movement/player_movement.h"
#include "sim/game/survival/fall_rules.h"
#include "sim/game/survival/survival_system.h"
#include "sim/game/survival/food_rules.h"
#include "sim/game/survival/damage_rules.h"
#include "sim/game/sessions.h"
#include "sim/protocol/text.h"
#include "tests/game/movement_client.h"

namespace hz {
namespace {

using testing::join;
using testing::JoinedPlayer;
using testing::logged;
using testing::MovementServer;
using testing::sent_to;
namespace cb = packet::play_cb;

// --- reference models ---

// Vanilla's fall: each downward move adds its float-rounded length; landing deals
// floor(distance + 1e-6 - 3) scaled by the block landed on.
int reference_fall_damage(double distance, std::string_view block) {
  double d = distance;
  double multiplier = 1.0;
  if (block == "hay_block" || block == "honey_block") multiplier = static_cast<double>(0.2f);
  if (block == "red_bed") d *= 0.5;
  if (block == "slime_block") multiplier = 0.0;  // sneaking or not (26.1's SlimeBlock.fallOn)
  return static_cast<int>(std::floor((d + 1.0e-6 - 3.0) * multiplier));
}

// FoodData as vanilla writes it, with the player's health alongside.
struct ReferenceFood {
  int food = 20;
  float saturation = 5.0f;
  float exhaustion = 0.0f;
  int timer = 0;
  float health = 20.0f;

  void exhaust(float a) { exhaustion = std::min(exhaustion + a, 40.0f); }
  void heal(float a) {
    if (health > 0.0f) health = std::min(health + a, 20.0f);
  }
  void tick(Difficulty difficulty, bool regen) {
    if (exhaustion > 4.0f) {
      exhaustion -= 4.0f;
      if (saturation > 0.0f) saturation = std::max(saturation - 1.0f, 0.0f);
      else if (difficulty != Difficulty::kPeaceful) food = std::max(food - 1, 0);
    }
    const bool hurt = health > 0.0f && health < 20.0f;
    if (regen && saturation > 0.0f && hurt && food >= 20) {
      if (++timer >= 10) {
        const float spent = std::min(saturation, 6.0f);
        heal(spent / 6.0f);
        exhaust(spent);
        timer = 0;
      }
    } else if (regen && food >= 18 && hurt) {
      if (++timer >= 80) {
        heal(1.0f);
        exhaust(6.0f);
        timer = 0;
      }
    } else if (food <= 0) {
      if (++timer >= 80) {
        const bool hurts = health > 10.0f || difficulty == Difficulty::kHard ||
                           (health > 1.0f && difficulty == Difficulty::kNormal);
        if (hurts) health = std::max(health - 1.0f, 0.0f);
        timer = 0;
      }
    } else {
      timer = 0;
    }
  }
};

// --- properties ---

class NoEffects final : public MoveEffects {
 public:
  void teleport(const Vec3&, float, float) override { ++teleports; }
  void warn(const std::string&) override {}
  int teleports = 0;
};

RC_GTEST_PROP(SurvivalFall, LandingAfterRandomStepsDealsTheReferenceDamage, ()) {
  const std::string_view block =
      *rc::gen::element(std::string_view("stone"), std::string_view("hay_block"), std::string_view("honey_block"),
                        std::string_view("red_bed"), std::string_view("slime_block"));
  const bool sneaking = *rc::gen::arbitrary<bool>();
  testing::FakeWorld world;
  world.floor(-2, 2, -2, 2, 63, block);
  const double floor_top = 64.0;
  // Steps down of 0.001 to 3.9 blocks (the client falls at most ~3.9 a tick), ending on the floor.
  const int steps = *rc::gen::inRange(1, 12);
  std::vector<double> heights;
  double y = floor_top;
  for (int i = 0; i < steps; ++i) {
    heights.push_back(y);
    y += *rc::gen::inRange(1, 3900) / 1000.0;
  }
  std::reverse(heights.begin(), heights.end());
  PlayerMovement m("Probe", GameMode::kSurvival, Vec3{0.5, y, 0.5}, 0, 0);
  m.handle_player_loaded();
  m.handle_input_shift(sneaking);
  const WorldBorder border;
  const MoveWorld move_world{world, border};
  NoEffects effects;
  double expected_distance = 0.0;
  double previous = y;
  std::optional<Landing> landing;
  for (size_t i = 0; i < heights.size(); ++i) {
    const bool last = i + 1 == heights.size();
    expected_distance -= static_cast<double>(static_cast<float>(heights[i] - previous));
    previous = heights[i];
    MoveInput in{true, false, 0.5, heights[i], 0.5, 0, 0, last, false};
    const MoveResult r = m.handle_move(in, move_world, MoveRules{}, effects);
    RC_ASSERT(r.decision == MoveDecision::kAccepted);
    if (r.landing) landing = r.landing;
    m.tick(move_world, MoveRules{}, effects);
  }
  RC_ASSERT(landing.has_value());
  RC_ASSERT(landing->fall_distance == expected_distance);
  const int damage = fall_damage(fall_impact(landing_block_of(landing->on_block), landing->fall_distance));
  RC_ASSERT(damage == reference_fall_damage(expected_distance, block));
}

RC_GTEST_PROP(SurvivalFood, RandomExhaustionSequencesMatchFoodData, ()) {
  const Difficulty difficulty = *rc::gen::element(Difficulty::kPeaceful, Difficulty::kEasy, Difficulty::kNormal, Difficulty::kHard);
  const bool regen = *rc::gen::arbitrary<bool>();
  ReferenceFood ref;
  ref.food = *rc::gen::inRange(0, 21);
  ref.saturation = static_cast<float>(*rc::gen::inRange(0, ref.food * 4 + 1)) / 4.0f;
  ref.health = static_cast<float>(*rc::gen::inRange(1, 41)) / 2.0f;
  FoodState food{ref.food, ref.saturation, 0.0f, 0};
  float health = ref.health;
  const int ticks = *rc::gen::inRange(1, 400);
  for (int t = 0; t < ticks; ++t) {
    if (*rc::gen::inRange(0, 4) == 0) {
      const float cost = *rc::gen::element(0.005f, 0.05f, 0.1f, 0.2f, 1.5f, 6.0f);
      ref.exhaust(cost);
      add_exhaustion(food, cost);
    }
    ref.tick(difficulty, regen);
    const FoodTickResult r = tick_food(food, health, difficulty, regen);
    if (r.heal > 0.0f && health > 0.0f) health = std::min(health + r.heal, 20.0f);
    if (r.starve) health = std::max(health - 1.0f, 0.0f);
    RC_ASSERT(food.food == ref.food);
    RC_ASSERT(food.saturation == ref.saturation);
    RC_ASSERT(food.exhaustion == ref.exhaustion);
    RC_ASSERT(food.tick_timer == ref.timer);
    RC_ASSERT(health == ref.health);
  }
}

TEST(SurvivalDamage, TheInvulnerabilityWindowAppliesOnlyABiggerHitsDifference) {
  HurtState s;
  const HurtContext survival;
  EXPECT_TRUE(apply_hurt(s, DamageCause::kGeneric, 4.0f, survival).full_hit);
  EXPECT_EQ(s.health, 16.0f);
  s.invulnerable_ticks = 15;
  EXPECT_FALSE(apply_hurt(s, DamageCause::kGeneric, 4.0f, survival).hurt);
  const HurtOutcome bigger = apply_hurt(s, DamageCause::kGeneric, 6.0f, survival);
  EXPECT_TRUE(bigger.hurt);
  EXPECT_FALSE(bigger.full_hit);
  EXPECT_EQ(s.health, 14.0f);
  s.invulnerable_ticks = 10;  // the window has ended: a full hit again
  EXPECT_TRUE(apply_hurt(s, DamageCause::kGeneric, 1.0f, survival).full_hit);
  EXPECT_EQ(s.invulnerable_ticks, 20);
}

TEST(SurvivalDamage, CreativeIsImmuneExceptToTheVoidAndKill) {
  HurtContext creative;
  creative.game_mode = GameMode::kCreative;
  HurtState s;
  EXPECT_FALSE(apply_hurt(s, DamageCause::kFall, 5.0f, creative).hurt);
  EXPECT_FALSE(apply_hurt(s, DamageCause::kStarve, 1.0f, creative).hurt);
  EXPECT_TRUE(apply_hurt(s, DamageCause::kOutOfWorld, 4.0f, creative).hurt);
  EXPECT_EQ(s.health, 16.0f);
  s.invulnerable_ticks = 0;
  EXPECT_TRUE(apply_hurt(s, DamageCause::kGenericKill, 3.4028235e38f, creative).hurt);
  EXPECT_EQ(s.health, 0.0f);
}

TEST(SurvivalDamage, OnlyMobAttacksScaleWithDifficulty) {
  HurtContext easy;
  easy.difficulty = Difficulty::kEasy;
  HurtState s;
  apply_hurt(s, DamageCause::kMobAttack, 6.0f, easy);
  EXPECT_EQ(s.health, 16.0f);  // min(6/2 + 1, 6)
  HurtState fall;
  apply_hurt(fall, DamageCause::kFall, 6.0f, easy);
  EXPECT_EQ(fall.health, 14.0f);
  HurtContext peaceful;
  peaceful.difficulty = Difficulty::kPeaceful;
  HurtState p;
  EXPECT_FALSE(apply_hurt(p, DamageCause::kMobAttack, 6.0f, peaceful).hurt);
  HurtContext no_fall;
  no_fall.fall_damage_rule = false;
  EXPECT_FALSE(apply_hurt(p, DamageCause::kFall, 6.0f, no_fall).hurt);
}

TEST(SurvivalFall, TheTableOfHeights) {
  EXPECT_EQ(fall_damage({3.0, 1.0f}), 0);
  EXPECT_EQ(fall_damage({3.5, 1.0f}), 0);
  EXPECT_EQ(fall_damage({4.0, 1.0f}), 1);
  EXPECT_EQ(fall_damage({10.0, 1.0f}), 7);
  EXPECT_EQ(fall_damage({23.0, 1.0f}), 20);
  EXPECT_EQ(fall_damage(fall_impact(LandingBlock::kHayBale, 23.0)), 4);
  EXPECT_EQ(fall_damage(fall_impact(LandingBlock::kBed, 23.0)), 8);
  EXPECT_EQ(fall_damage(fall_impact(LandingBlock::kSlime, 23.0)), 0);
}

// --- scenarios through the core ---

// A player standing on a stone floor `height` blocks below the spawn, loaded and confirmed.
struct Faller {
  MovementServer s;
  JoinedPlayer p;
  double floor_y;
  explicit Faller(int height) : p(join(s, 1, "Probe")) {
    floor_y = std::floor(p.spawn.y) - height;
    s.world.floor(-20, 20, -20, 20, static_cast<int>(floor_y) - 1);
    s.tick({p.loaded().confirm(1).take()});
    s.h.sink.clear();
  }
  // Falls in steps of one block to the floor, landing on the last.
  void fall() {
    for (double y = p.spawn.y - 1.0; y >= floor_y; y -= 1.0) {
      const bool ground = y - 1.0 < floor_y;
      s.tick({p.pos(p.spawn.x, y, p.spawn.z, ground).take()});
    }
  }
};

TEST(SurvivalScenario, ASurvivalPlayerFallingTenBlocksTakesSevenDamage) {
  Faller f(10);
  f.fall();
  EXPECT_EQ(f.s.player(1)->position.y, f.floor_y);
  EXPECT_EQ(f.s.player(1)->health, 13.0f);
  const auto health = sent_to<cb::UpdateHealth>(f.s.h.sink, 1);
  ASSERT_FALSE(health.empty());
  EXPECT_EQ(health.back().health, 13.0f);
  EXPECT_EQ(health.back().food, 20);
  const auto events = sent_to<cb::DamageEvent>(f.s.h.sink, 1);
  ASSERT_EQ(events.size(), 1u);
  EXPECT_EQ(events[0].entity_id, f.p.entity_id);
  EXPECT_EQ(events[0].source_type, registry_entry_id("minecraft:damage_type", "minecraft:fall"));
}

TEST(SurvivalScenario, ACreativePlayerIsNotHurtByFalling) {
  Faller f(10);
  f.s.tick({ConsoleLine{"gamemode creative Probe"}});
  f.fall();
  EXPECT_EQ(f.s.player(1)->position.y, f.floor_y);
  EXPECT_EQ(f.s.player(1)->health, 20.0f);
  EXPECT_TRUE(sent_to<cb::DamageEvent>(f.s.h.sink, 1).empty());
}

TEST(SurvivalScenario, ALongFallKillsWithTheFellFromAHighPlaceMessage) {
  Faller f(25);
  f.fall();
  EXPECT_TRUE(f.s.player(1)->dead);
  const auto kills = sent_to<cb::DeathCombatEvent>(f.s.h.sink, 1);
  ASSERT_EQ(kills.size(), 1u);
  EXPECT_NE(nbt_text_to_json(kills[0].message).find("death.fell.accident.generic"), std::string::npos);
  EXPECT_TRUE(logged(f.s.h.sink, "Probe fell from a high place"));
}

// DamageSource.getLocalizedDeathMessage: an arrow's death message names the shooter.
TEST(SurvivalScenario, AnArrowDeathNamesTheShooter) {
  Faller f(0);
  const MobAttacker skeleton{99, "skeleton", "Skeleton", f.p.spawn};
  f.s.h.core.survival().hurt_by_mob(1, 100.0f, skeleton, DamageCause::kArrow);
  ASSERT_TRUE(f.s.player(1)->dead);
  const auto kills = sent_to<cb::DeathCombatEvent>(f.s.h.sink, 1);
  ASSERT_EQ(kills.size(), 1u);
  const std::string message = nbt_text_to_json(kills[0].message);
  EXPECT_NE(message.find("death.attack.arrow"), std::string::npos) << message;
  EXPECT_NE(message.find("entity.minecraft.skeleton"), std::string::npos) << message;
  EXPECT_TRUE(logged(f.s.h.sink, "Probe was shot by Skeleton"));
}

// Ticks until `done` or `limit` ticks passed; returns the ticks taken.
template <class Done>
int tick_until(MovementServer& s, Done done, int limit) {
  for (int t = 1; t <= limit; ++t) {
    s.tick();
    if (done()) return t;
  }
  return -1;
}

TEST(SurvivalScenario, TheVoidKillsWithItsMessageAndRespawnPutsThePlayerBackAtSpawn) {
  MovementServer s;
  JoinedPlayer p = join(s, 1, "Probe");
  s.tick({p.loaded().confirm(1).take()});
  // Without regeneration (the full food bar would heal 5/6 every 10 ticks) the count is exact.
  s.tick({ConsoleLine{"gamerule natural_health_regeneration false"}});
  s.tick({ConsoleLine{"tp Probe 0.5 -130 0.5"}});
  EXPECT_EQ(s.player(1)->health, 16.0f);  // the first hit lands in the teleport's tick
  s.h.sink.clear();
  // 4 damage a hit, one hit per 10 ticks (an equal hit inside the window is refused).
  const int ticks = tick_until(s, [&] { return s.player(1)->dead; }, 100);
  EXPECT_EQ(ticks, 40);
  const auto kills = sent_to<cb::DeathCombatEvent>(s.h.sink, 1);
  ASSERT_EQ(kills.size(), 1u);
  EXPECT_EQ(kills[0].player_id, p.entity_id);
  EXPECT_NE(nbt_text_to_json(kills[0].message).find("death.attack.outOfWorld"), std::string::npos);
  EXPECT_TRUE(logged(s.h.sink, "Probe fell out of the world"));
  const auto chat = sent_to<cb::SystemChat>(s.h.sink, 1);
  ASSERT_FALSE(chat.empty());
  EXPECT_NE(nbt_text_to_json(chat.back().content).find("death.attack.outOfWorld"), std::string::npos);
  EXPECT_EQ(sent_to<cb::UpdateHealth>(s.h.sink, 1).back().health, 0.0f);

  // Dead: further void ticks do nothing; the respawn request brings the player back.
  s.tick();
  s.h.sink.clear();
  s.tick({p.client.packet(packet::play_sb::ClientCommand{0}).take()});
  const auto respawns = sent_to<cb::Respawn>(s.h.sink, 1);
  ASSERT_EQ(respawns.size(), 1u);
  EXPECT_EQ(respawns[0].data_kept, 0);
  EXPECT_EQ(respawns[0].dimension, "minecraft:overworld");
  const auto positions = sent_to<cb::Position>(s.h.sink, 1);
  ASSERT_EQ(positions.size(), 1u);
  EXPECT_EQ((Vec3{positions[0].x, positions[0].y, positions[0].z}), p.spawn);
  EXPECT_FALSE(s.player(1)->dead);
  EXPECT_EQ(s.player(1)->health, 20.0f);
  const auto health = sent_to<cb::UpdateHealth>(s.h.sink, 1);
  ASSERT_EQ(health.size(), 1u);
  EXPECT_EQ(health[0].health, 20.0f);
  EXPECT_EQ(health[0].food, 20);
  EXPECT_EQ(health[0].saturation, 5.0f);
}

TEST(SurvivalScenario, RespawnIsIgnoredWhileAlive) {
  MovementServer s;
  JoinedPlayer p = join(s, 1, "Probe");
  s.tick({p.loaded().confirm(1).take()});
  s.h.sink.clear();
  s.tick({p.client.packet(packet::play_sb::ClientCommand{0}).take()});
  EXPECT_TRUE(sent_to<cb::Respawn>(s.h.sink, 1).empty());
}

TEST(SurvivalScenario, KillKillsEvenACreativePlayerAndOthersSeeTheDeath) {
  MovementServer s;
  JoinedPlayer a = join(s, 1, "Alice");
  JoinedPlayer b = join(s, 2, "Bob");
  s.tick({a.loaded().confirm(1).take(), b.loaded().confirm(1).take()});
  s.tick({ConsoleLine{"gamemode creative Alice"}});
  s.h.sink.clear();
  s.tick({ConsoleLine{"kill Alice"}});
  EXPECT_TRUE(logged(s.h.sink, "Killed Alice"));
  EXPECT_TRUE(logged(s.h.sink, "Alice was killed"));
  EXPECT_TRUE(s.player(1)->dead);
  const auto seen = sent_to<cb::EntityStatus>(s.h.sink, 2);
  ASSERT_EQ(seen.size(), 1u);
  EXPECT_EQ(seen[0].entity_id, a.entity_id);
  EXPECT_EQ(seen[0].status, 3);
  ASSERT_EQ(sent_to<cb::EntityStatus>(s.h.sink, 1).size(), 1u);
  // After the 20-tick death animation the body leaves Bob's view.
  s.h.sink.clear();
  for (int t = 0; t < 19; ++t) s.tick();
  bool removed = false;
  for (const auto& d : sent_to<cb::EntityDestroy>(s.h.sink, 2))
    removed = removed || std::find(d.entity_ids.begin(), d.entity_ids.end(), a.entity_id) != d.entity_ids.end();
  EXPECT_TRUE(removed);
  // Respawned, Alice is seen again with the same entity id.
  s.h.sink.clear();
  s.tick({a.client.packet(packet::play_sb::ClientCommand{0}).take()});
  bool spawned = false;
  for (const auto& add : sent_to<cb::SpawnEntity>(s.h.sink, 2)) spawned = spawned || add.entity_id == a.entity_id;
  EXPECT_TRUE(spawned);
}

TEST(SurvivalScenario, SprintingOnTheGroundCostsExhaustion) {
  MovementServer s;
  JoinedPlayer p = join(s, 1, "Probe");
  s.world.floor(-20, 20, -20, 20, static_cast<int>(std::floor(p.spawn.y)) - 1);
  s.tick({p.loaded().confirm(1).take()});
  s.tick({p.client.packet(packet::play_sb::EntityAction{p.entity_id, packet::play_sb::EntityAction::kStartSprinting, 0}).take()});
  s.tick({p.pos(p.spawn.x + 0.25, p.spawn.y, p.spawn.z).take()});
  // 0.1 per metre on 25 cm.
  EXPECT_FLOAT_EQ(s.player(1)->exhaustion, 0.1f * 25.0f * 0.01f);
}

}  // namespace
}  // namespace hz
