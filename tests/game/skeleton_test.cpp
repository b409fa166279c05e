// Skeletons and arrows (docs/rules/mobs.md §7, docs/rules/projectiles.md): arrow flight in air and
// water against a reference integration, sticking in a wall and despawning after 1200 ticks,
// hit damage against ceil(speed × damage), the shot's aim and draw power against restated
// formulas, a skeleton shooting a survival player (gaps of interval + draw between shots), and
// through the core: a summoned skeleton's arrows seen by a client and hurting the player; undead
// burning in daylight; a spider climbing a wall (against LivingEntity's climbing rule), calm in
// light and biting in the dark.
#include <gtest/gtest.h>

#include <cmath>
#include <map>
#include <set>
#include <string>
#include <vector>

#include "sim/data/catalog.h"
#include "sim/game/entities/arrows.h"
#include "sim/game/mobs/mob_codec.h"
#include "sim/game/mobs/mob_physics.h"
#include "sim/game/mobs/mobs.h"
#include "sim/game/mobs/skeleton.h"
#include "sim/game/mobs/sun_burn.h"
#include "sim/game/movement/player_body.h"
#include "tests/game/entity_fakes.h"
#include "tests/game/fake_player_connections.h"
#include "tests/game/movement_fake_world.h"
#include "tests/game/streaming_server.h"

namespace hz {
namespace {

using testing::FakeWorld;

using Connections = testing::FakePlayerConnections;

class ArrowTracking final : public EntityTracking {
 public:
  void add_entity(Entity& entity) override { added.push_back(&entity); }
  void remove_entity(int32_t id) override { removed.push_back(id); }
  void send_to_viewers(int32_t, const SharedBytes&) override {}
  std::vector<Entity*> added;
  std::vector<int32_t> removed;
};

struct Shot {
  ConnId player;
  float amount;
  std::string attacker;
  DamageCause cause;
};

class ShotDamage final : public PlayerDamage {
 public:
  bool hurt(ConnId, DamageCause, float) override { return true; }
  bool hurt_by_mob(ConnId player, float amount, const MobAttacker& attacker, DamageCause cause) override {
    shots.push_back(Shot{player, amount, std::string(attacker.type_name), cause});
    return refuse == 0;
  }
  std::vector<Shot> shots;
  int refuse = 0;
};

struct ArrowWorld {
  FakeWorld world;
  EntityIds ids;
  Rng random{5};
  Connections players;
  ArrowTracking tracking;
  ShotDamage damage;
  GameRules rules;
  Arrows arrows{ids, random, players, tracking, damage, rules};
  ArrowWorld() { arrows.set_block_source(&world); }
  Arrow& launch(const Vec3& at, const Vec3& velocity, double base_damage = 2.0) {
    Arrows::Launch l;
    l.position = at;
    l.velocity = velocity;
    l.base_damage = base_damage;
    l.owner = 77;
    l.owner_type = "skeleton";
    l.owner_name = "Skeleton";
    return *arrows.find(arrows.launch(l));
  }
};

// Reference flight, restated from AbstractArrow.tick: water drag 0.6 first when the arrow was in
// water last tick, the move, air drag 0.99 otherwise, gravity 0.05; `water` says where water is.
struct ReferenceArrow {
  double x, y, z, vx, vy, vz;
  bool was_in_water = false;
  template <class Water>
  void step(Water water) {
    if (was_in_water) vx *= 0.6f, vy *= static_cast<double>(0.6f), vz *= static_cast<double>(0.6f);
    x += vx, y += vy, z += vz;
    if (!was_in_water) vx *= static_cast<double>(0.99f), vy *= static_cast<double>(0.99f), vz *= static_cast<double>(0.99f);
    vy -= 0.05;
    was_in_water = water(y);
  }
};

TEST(ArrowFlight, FallsThroughAirAsTheReferenceIntegrationSays) {
  ArrowWorld w;  // no blocks at all
  Arrow& arrow = w.launch(Vec3{0.5, 200.0, 0.5}, Vec3{1.2, 0.6, -0.4});
  const int32_t id = arrow.id();
  ReferenceArrow ref{0.5, 200.0, 0.5, 1.2, 0.6, -0.4};
  for (int tick = 0; tick < 80; ++tick) {
    w.arrows.tick();
    ref.step([](double) { return false; });
    const Arrow* a = w.arrows.find(id);
    ASSERT_NE(a, nullptr);
    ASSERT_NEAR(a->position.x, ref.x, 1e-9) << tick;
    ASSERT_NEAR(a->position.y, ref.y, 1e-9) << tick;
    ASSERT_NEAR(a->position.z, ref.z, 1e-9) << tick;
    ASSERT_NEAR(a->velocity.y, ref.vy, 1e-12) << tick;
  }
  // Its pitch turns down toward its flight a fifth of the way each tick.
  EXPECT_LT(w.arrows.find(id)->pitch, 0.0f);
}

TEST(ArrowFlight, WaterSlowsItBySixTenthsInsteadOfAirDrag) {
  ArrowWorld w;
  for (int x = -2; x <= 40; ++x)
    for (int y = 90; y <= 100; ++y) w.world.set(x, y, 0, "water");
  Arrow& arrow = w.launch(Vec3{0.5, 101.5, 0.5}, Vec3{1.0, -0.5, 0.0});
  const int32_t id = arrow.id();
  ReferenceArrow ref{0.5, 101.5, 0.5, 1.0, -0.5, 0.0};
  auto water = [](double y) { return y >= 90.0 && y < 101.0; };
  for (int tick = 0; tick < 12; ++tick) {
    w.arrows.tick();
    ref.step(water);
    const Arrow* a = w.arrows.find(id);
    ASSERT_NE(a, nullptr);
    ASSERT_NEAR(a->position.x, ref.x, 1e-9) << tick;
    ASSERT_NEAR(a->position.y, ref.y, 1e-9) << tick;
  }
  EXPECT_TRUE(ref.was_in_water);
}

TEST(ArrowFlight, StuckInAWallItStopsAndDespawnsAfter1200Ticks) {
  ArrowWorld w;
  for (int y = 60; y <= 70; ++y) w.world.set(5, y, 0, "stone");
  Arrow& arrow = w.launch(Vec3{0.5, 65.0, 0.5}, Vec3{1.5, 0.0, 0.0});
  const int32_t id = arrow.id();
  int ticks = 0;
  while (!w.arrows.find(id)->in_ground && ticks < 10) w.arrows.tick(), ++ticks;
  const Arrow& stuck = *w.arrows.find(id);
  ASSERT_TRUE(stuck.in_ground);
  // It stops at the wall's face, backed off by 0.05 along its flight.
  EXPECT_NEAR(stuck.position.x, 5.0 - static_cast<double>(0.05f), 1e-9);
  EXPECT_EQ(stuck.velocity.x, 0.0);
  EXPECT_TRUE(stuck.data_dirty);
  EXPECT_FALSE(stuck.synched_data().empty());  // IN_GROUND is sent
  for (int i = 0; i < 1199; ++i) w.arrows.tick();
  ASSERT_NE(w.arrows.find(id), nullptr);
  w.arrows.tick();
  EXPECT_EQ(w.arrows.find(id), nullptr);
  EXPECT_EQ(w.tracking.removed, std::vector<int32_t>{id});
}

TEST(ArrowFlight, ItFallsWhenItsBlockIsRemoved) {
  ArrowWorld w;
  w.world.set(5, 65, 0, "stone");
  const int32_t id = w.launch(Vec3{0.5, 65.5, 0.5}, Vec3{1.5, 0.0, 0.0}).id();
  for (int i = 0; i < 6; ++i) w.arrows.tick();
  ASSERT_TRUE(w.arrows.find(id)->in_ground);
  w.world.set(5, 65, 0, BlockStateId{0});
  w.arrows.tick();
  EXPECT_FALSE(w.arrows.find(id)->in_ground);
}

TEST(ArrowHits, APlayerTakesCeilOfSpeedTimesDamageAndTheArrowGoes) {
  ArrowWorld w;
  w.players.add(1, Vec3{6.5, 64.0, 0.5});
  const Vec3 v{1.3, 0.05, 0.0};
  const int32_t id = w.launch(Vec3{0.5, 65.0, 0.5}, v, 2.3).id();
  for (int i = 0; i < 8 && w.damage.shots.empty(); ++i) w.arrows.tick();
  ASSERT_EQ(w.damage.shots.size(), 1u);
  // The speed when it hits: the launch speed after the ticks of drag and gravity before.
  ReferenceArrow ref{0.5, 65.0, 0.5, v.x, v.y, v.z};
  while (ref.x + ref.vx < 6.5 - 0.3) ref.step([](double) { return false; });
  const double speed = static_cast<double>(static_cast<float>(std::sqrt(ref.vx * ref.vx + ref.vy * ref.vy + ref.vz * ref.vz)));
  EXPECT_FLOAT_EQ(w.damage.shots[0].amount, static_cast<float>(std::ceil(speed * 2.3)));
  EXPECT_EQ(w.damage.shots[0].cause, DamageCause::kArrow);
  EXPECT_EQ(w.damage.shots[0].attacker, "skeleton");
  EXPECT_EQ(w.arrows.find(id), nullptr);
}

TEST(ArrowHits, ARefusedHitBouncesTheArrowBackSlowly) {
  ArrowWorld w;
  w.damage.refuse = 1;  // a creative player's immunity
  w.players.add(1, Vec3{4.5, 64.0, 0.5});
  const int32_t id = w.launch(Vec3{0.5, 65.0, 0.5}, Vec3{1.5, 0.0, 0.0}).id();
  for (int i = 0; i < 5 && w.damage.shots.empty(); ++i) w.arrows.tick();
  ASSERT_EQ(w.damage.shots.size(), 1u);
  const Arrow* a = w.arrows.find(id);
  ASSERT_NE(a, nullptr);
  EXPECT_LT(a->velocity.x, 0.0);  // reversed
  EXPECT_LT(std::abs(a->velocity.x), 0.16);
}

TEST(ArrowRules, MarginAndDamageFormulas) {
  EXPECT_EQ(arrow_rules::hit_margin(1), 0.0);
  EXPECT_EQ(arrow_rules::hit_margin(2), 0.0);
  EXPECT_NEAR(arrow_rules::hit_margin(5), 0.15, 1e-7);
  EXPECT_NEAR(arrow_rules::hit_margin(100), 0.3, 1e-7);
  EXPECT_EQ(arrow_rules::hit_damage(1.6, 2.0), 4);
  EXPECT_EQ(arrow_rules::hit_damage(1.5, 2.0), 3);
  EXPECT_EQ(arrow_rules::hit_damage(0.0, 2.0), 0);
  // The short way round: 170 → −170 is 20° across ±180, a fifth of it from 170 read as −190.
  EXPECT_FLOAT_EQ(arrow_rules::lerp_rotation(170.0f, -170.0f), -186.0f);
}

TEST(SkeletonRules, DrawPowerIntervalAndAim) {
  for (int t = 0; t <= 30; ++t) {
    const float s = static_cast<float>(t) / 20.0f;
    EXPECT_FLOAT_EQ(arrow_rules::power_for_time(t), std::min(1.0f, (s * s + s * 2.0f) / 3.0f)) << t;
  }
  EXPECT_EQ(skeleton::attack_interval(Difficulty::kHard), 20);
  EXPECT_EQ(skeleton::attack_interval(Difficulty::kNormal), 40);
  EXPECT_EQ(skeleton::attack_interval(Difficulty::kEasy), 40);
  for (Difficulty d : {Difficulty::kEasy, Difficulty::kNormal, Difficulty::kHard}) {
    Rng a{42}, b{42};
    const Vec3 mob{0.5, 64.0, 0.5}, target{10.5, 64.0, 3.5};
    const skeleton::ArrowShot shot = skeleton::aim(mob, 64.0 + 1.74, target, 1.8, 1.0f, d, a);
    // Reference: damage 2 × power + (difficulty × 0.11 + 0.57425 × (u1 − u2)); the start 0.1
    // below the eyes; the direction to a third of the target's height, lifted by 0.2 × the
    // horizontal distance, normalized, each axis plus 0.0172275 × (14 − 4 × difficulty) × (u − u'),
    // times 1.6.
    const int id = static_cast<int>(d);
    const double u1 = b.next_double(), u2 = b.next_double();
    EXPECT_DOUBLE_EQ(shot.base_damage, 2.0 + (id * 0.11 + 0.57425 * (u1 - u2)));
    const double sy = 64.0 + 1.74 - static_cast<double>(0.1f);
    EXPECT_DOUBLE_EQ(shot.position.y, sy);
    const double xd = 10.0, zd = 3.0, yd = 64.0 + 0.6 - sy + std::sqrt(109.0) * static_cast<double>(0.2f);
    const double len = std::sqrt(xd * xd + yd * yd + zd * zd);
    const double spread = 0.0172275 * (14 - 4 * id);
    double t[3];
    for (double& v : t) {
      const double p = b.next_double();
      v = spread * (p - b.next_double());
    }
    const double speed = static_cast<double>(1.6f);  // the speed is a float widened
    EXPECT_NEAR(shot.velocity.x, (xd / len + t[0]) * speed, 1e-12);
    EXPECT_NEAR(shot.velocity.y, (yd / len + t[1]) * speed, 1e-12);
    EXPECT_NEAR(shot.velocity.z, (zd / len + t[2]) * speed, 1e-12);
  }
}

struct SkeletonWorld {
  FakeWorld world;
  EntityIds ids;
  Rng random{19};
  Connections players;
  ArrowTracking tracking;
  ShotDamage damage;
  testing::NoDrops drops;
  GameRules rules;
  testing::SettableTime time;
  Mobs mobs{ids, random, players, tracking, damage, drops, rules, time};
  SkeletonWorld() {
    world.ground(64);
    mobs.set_block_source(&world);
  }
  void tick() {
    mobs.tick();
    ++time.time;
  }
};

TEST(SkeletonGoals, ASkeletonShootsASurvivalPlayerEveryIntervalPlusTheDraw) {
  for (Difficulty d : {Difficulty::kNormal, Difficulty::kHard}) {
    SkeletonWorld w;
    w.mobs.set_difficulty(d);
    w.players.add(1, Vec3{7.5, 65.0, 0.5});
    const int32_t id = w.mobs.summon(mob_kind(MobType::kSkeleton), Vec3{0.5, 65.0, 0.5}, 0.0f);
    w.mobs.find(id)->on_ground = true;
    std::vector<int> launches;
    bool drawing_seen = false, aggressive_seen = false;
    for (int tick = 0; tick < 400; ++tick) {
      const size_t before = w.tracking.added.size();
      w.tick();
      const Mob& s = *w.mobs.find(id);
      drawing_seen |= s.state.using_item;
      aggressive_seen |= s.state.aggressive;
      for (size_t i = before; i < w.tracking.added.size(); ++i)
        if (w.tracking.added[i]->kind().type == *entity_type_id("arrow")) {
          launches.push_back(tick);
          EXPECT_EQ(w.tracking.added[i]->spawn_data(), id);  // the owner's id in the spawn packet
        }
    }
    EXPECT_TRUE(drawing_seen);
    EXPECT_TRUE(aggressive_seen);
    ASSERT_GE(launches.size(), 3u);
    for (size_t i = 1; i < launches.size(); ++i)
      EXPECT_EQ(launches[i] - launches[i - 1], skeleton::attack_interval(d) + skeleton::kDrawTicks) << i;
    ASSERT_FALSE(w.damage.shots.empty()) << "no arrow hit";
    for (const Shot& s : w.damage.shots) {
      EXPECT_EQ(s.cause, DamageCause::kArrow);
      EXPECT_EQ(s.attacker, "skeleton");
      // A full draw: 1.6 speed at most, damage 2 + difficulty × 0.11 ± 0.57425.
      EXPECT_GE(s.amount, 1.0f);
      EXPECT_LE(s.amount, std::ceil(1.6 * (2.0 + 0.33 + 0.58)));
    }
  }
}

TEST(SkeletonGoals, NoShotsWithoutLineOfSight) {
  SkeletonWorld w;
  for (int y = 65; y <= 70; ++y)
    for (int z = -6; z <= 6; ++z) w.world.set(4, y, z, "stone");
  w.players.add(1, Vec3{7.5, 65.0, 0.5});
  const int32_t id = w.mobs.summon(mob_kind(MobType::kSkeleton), Vec3{0.5, 65.0, 0.5}, 0.0f,
                                   SummonOptions{});
  w.mobs.find(id)->on_ground = true;
  for (int tick = 0; tick < 150; ++tick) w.tick();
  EXPECT_TRUE(w.damage.shots.empty());
}

TEST(SkeletonSaving, ASkeletonSavesWithItsBowAndLoadsBack) {
  SkeletonWorld w;
  const int32_t id = w.mobs.summon(mob_kind(MobType::kSkeleton), Vec3{0.5, 65.0, 0.5}, 0.0f);
  std::vector<nbt::Compound> saved;
  w.mobs.save_chunk(ChunkPos{0, 0}, saved);
  ASSERT_EQ(saved.size(), 1u);
  const nbt::Tag* equipment = saved[0].find("equipment");
  ASSERT_NE(equipment, nullptr);
  ASSERT_NE(equipment->as<nbt::Compound>(), nullptr);
  const nbt::Tag* hand = equipment->as<nbt::Compound>()->find("mainhand");
  ASSERT_NE(hand, nullptr);
  const nbt::Tag* bow = hand->as<nbt::Compound>()->find("id");
  ASSERT_NE(bow, nullptr);
  EXPECT_EQ(*bow->as<std::string>(), "minecraft:bow");
  w.mobs.kill(id);
  SkeletonWorld other;
  ASSERT_TRUE(other.mobs.load(saved[0]));
  EXPECT_EQ(other.mobs.find(other.mobs.ids().front())->mob_kind().type, MobType::kSkeleton);
}

// --- burning in daylight ---

TEST(SunBurn, TimeOfDayBrightnessAndTheDrawAgainstTheRule) {
  EXPECT_TRUE(sun_burn::monsters_burn(0));
  EXPECT_TRUE(sun_burn::monsters_burn(12541));
  EXPECT_FALSE(sun_burn::monsters_burn(12542));
  EXPECT_FALSE(sun_burn::monsters_burn(18000));
  EXPECT_FALSE(sun_burn::monsters_burn(23459));
  EXPECT_TRUE(sun_burn::monsters_burn(23460));
  EXPECT_TRUE(sun_burn::monsters_burn(24000 * 7 + 6000));
  EXPECT_FLOAT_EQ(sun_burn::brightness(15), 1.0f);
  EXPECT_FLOAT_EQ(sun_burn::brightness(0), 0.0f);
  EXPECT_FLOAT_EQ(sun_burn::brightness(12), 0.8f / (4.0f - 2.4f));
  // Reference: bright > 0.5, then one float × 30 < (bright − 0.4) × 2, then dry and under sky.
  Rng a{9}, b{9}, pick{3};
  for (int i = 0; i < 2000; ++i) {
    sun_burn::SunInput in;
    in.monsters_burn = pick.next_below(4) != 0;
    in.brightness = sun_burn::brightness(static_cast<int>(pick.next_below(16)));
    in.in_water_or_rain = pick.next_below(4) == 0;
    in.sky_visible = pick.next_below(4) != 0;
    bool expected = false;
    if (in.monsters_burn && in.brightness > 0.5f)
      expected = b.next_float() * 30.0f < (in.brightness - 0.4f) * 2.0f && !in.in_water_or_rain && in.sky_visible;
    ASSERT_EQ(sun_burn::is_sun_burn_tick(in, a), expected) << i;
  }
  EXPECT_EQ(a.next_u64(), b.next_u64());  // the same draws were made
}

TEST(SunBurn, AZombieInFullSunCatchesFireAndLosesOneHealthEvery20Ticks) {
  SkeletonWorld w;
  Sunlight sun{true, 15, true, false};
  w.mobs.set_sunlight([&](const BlockPos&, const BlockPos&, const BlockPos&) { return sun; });
  const int32_t zid = w.mobs.summon(mob_kind(MobType::kZombie), Vec3{4.5, 65.0, 0.5}, 0.0f);
  int ignited_at = -1;
  for (int tick = 0; tick < 200 && ignited_at < 0; ++tick) {
    w.tick();
    if (w.mobs.find(zid)->state.remaining_fire_ticks > 0) ignited_at = tick;
  }
  ASSERT_GE(ignited_at, 0);
  const Mob& z = *w.mobs.find(zid);
  EXPECT_EQ(z.state.remaining_fire_ticks, sun_burn::kSunFireTicks);
  // Shade from now on: no new fire; the old one burns out.
  sun.sky_visible = false;
  // The on-fire flag goes out with the next data update: index 0, byte, bit 1.
  w.tick();
  const Bytes data = w.mobs.find(zid)->synched_data();
  ASSERT_GE(data.size(), 3u);
  EXPECT_EQ(data[0], Mob::kSharedFlagsIndex);
  EXPECT_EQ(data[2] & 1, 1);
  EXPECT_FLOAT_EQ(w.mobs.find(zid)->state.health, 19.0f);  // the first burn: 160 is a multiple of 20
  // Fire hurts at 160, 140, ..., 20 remaining: eight times.
  for (int i = 0; i < 200; ++i) w.tick();
  EXPECT_EQ(w.mobs.find(zid)->state.remaining_fire_ticks, 0);
  EXPECT_FLOAT_EQ(w.mobs.find(zid)->state.health, 12.0f);
  EXPECT_FALSE(w.mobs.find(zid)->state.on_fire);
}

TEST(SunBurn, NightRainAndCowsDoNotBurn) {
  for (int c = 0; c < 3; ++c) {
    SkeletonWorld w;
    Sunlight sun{c != 0, 15, true, c == 1};
    w.mobs.set_sunlight([&](const BlockPos&, const BlockPos&, const BlockPos&) { return sun; });
    const MobType type = c == 2 ? MobType::kCow : MobType::kSkeleton;
    const int32_t id = w.mobs.summon(mob_kind(type), Vec3{0.5, 65.0, 0.5}, 0.0f);
    for (int i = 0; i < 300; ++i) w.tick();
    EXPECT_EQ(w.mobs.find(id)->state.remaining_fire_ticks, 0) << c;
    EXPECT_FLOAT_EQ(w.mobs.find(id)->state.health, mob_kind(type).max_health) << c;
  }
}

// --- spiders ---

TEST(Spider, PushingIntoAWallItClimbsAtTheClimbingSpeed) {
  FakeWorld world;
  world.ground(64);
  for (int y = 65; y <= 72; ++y)
    for (int z = -2; z <= 2; ++z) world.set(2, y, z, "stone");
  Mob spider(1, Uuid{}, mob_kind(MobType::kSpider));
  spider.position = Vec3{0.5, 65.0, 0.5};
  spider.on_ground = true;
  spider.yaw = -90.0f;  // facing +x
  const float speed = static_cast<float>(spider.mob_kind().movement_speed);
  // Reference (LivingEntity.travelInAir with onClimbable): after the move into the wall the
  // vertical speed is 0.2, then gravity 0.08 and drag 0.98f: 0.1176 a tick upwards.
  const double climb = (0.2 - 0.08) * static_cast<double>(0.98f);
  int climbing_ticks = 0;
  for (int tick = 0; tick < 80 && spider.position.y < 72.5; ++tick) {
    mob_physics::before_ai(spider);
    spider.state.speed = speed;
    spider.state.zza = speed;
    const bool was_climbing = spider.state.climbing;
    mob_physics::after_ai(spider, world);
    if (was_climbing && spider.state.horizontal_collision) {
      ++climbing_ticks;
      ASSERT_NEAR(spider.velocity.y, climb, 1e-12) << tick;
    }
    spider.state.climbing = spider.state.horizontal_collision;  // Spider.tick
  }
  EXPECT_GT(climbing_ticks, 50);
  EXPECT_GE(spider.position.y, 72.0);
  EXPECT_LE(spider.position.x + static_cast<double>(0.7f), 2.0 + 1e-7);  // never inside the wall
  Mob flagged(2, Uuid{}, mob_kind(MobType::kSpider));
  flagged.state.climbing = true;
  const Bytes data = flagged.synched_data();
  ASSERT_GE(data.size(), 3u);
  EXPECT_EQ(data[data.size() - 4], Mob::kSpiderFlagsIndex);
}

TEST(Spider, CalmInLightBitesInTheDarkAndClimbsToAPlayerOnAWall) {
  for (int bright = 0; bright < 2; ++bright) {
    SkeletonWorld w;
    Sunlight sun{false, bright ? 15 : 0, true, false};
    w.mobs.set_sunlight([&](const BlockPos&, const BlockPos&, const BlockPos&) { return sun; });
    // A pillar the player stands on, three blocks up.
    for (int y = 65; y <= 67; ++y) w.world.set(6, y, 0, "stone");
    w.players.add(1, Vec3{6.5, 68.0, 0.5});
    const int32_t id = w.mobs.summon(mob_kind(MobType::kSpider), Vec3{0.5, 65.0, 0.5}, 0.0f);
    w.mobs.find(id)->on_ground = true;
    bool targeted = false, climbed = false;
    for (int tick = 0; tick < 400 && w.damage.shots.empty(); ++tick) {
      w.tick();
      const Mob& s = *w.mobs.find(id);
      targeted |= s.state.target.has_value();
      climbed |= s.state.climbing && s.position.y > 66.0;
    }
    if (bright) {
      EXPECT_FALSE(targeted);
      EXPECT_TRUE(w.damage.shots.empty());
    } else {
      EXPECT_TRUE(targeted);
      EXPECT_TRUE(climbed);
      ASSERT_FALSE(w.damage.shots.empty());
      EXPECT_EQ(w.damage.shots[0].attacker, "spider");
      EXPECT_FLOAT_EQ(w.damage.shots[0].amount, 2.0f);
    }
  }
}

// --- through the core ---

TEST(SkeletonInWorld, ASummonedSkeletonsArrowsAreSeenAndHurtASurvivalPlayer) {
  testing::StreamingServer s{3};
  s.prepare_spawn();
  testing::TestClient alice = s.join_loaded(1, "Alice", 3);
  for (int i = 0; i < 40; ++i) s.pass();
  Player& player = *s.h.core.sessions().player(1);
  player.game_mode = GameMode::kSurvival;
  const Vec3 at = player.position;
  const std::string summon = "summon skeleton " + std::to_string(at.x + 5.0) + " " + std::to_string(at.y) + " " +
                             std::to_string(at.z);
  float lowest = player.health;
  bool arrow_seen = false, bow_seen = false;
  std::set<int32_t> skeletons;  // the summoned one, and any the night spawns
  int equipment_packets = 0;
  for (int i = 0; i < 300 && (lowest == 20.0f || !arrow_seen); ++i) {
    if (i == 0) s.pass({ConsoleLine{summon}});
    else s.pass();
    for (int32_t id : s.h.core.mobs().ids())
      if (s.h.core.mobs().find(id)->mob_kind().type == MobType::kSkeleton) skeletons.insert(id);
    lowest = std::min(lowest, s.h.core.sessions().player(1)->health);
    for (const Bytes& body : alice.received(s.h.sink)) {
      const int32_t pid = testing::packet_id_of(body);
      if (pid == packet::play_cb::SpawnEntity::kId) {
        auto spawn = decode_packet<packet::play_cb::SpawnEntity>(body);
        if (spawn->type == *entity_type_id("arrow")) {
          arrow_seen = true;
          EXPECT_TRUE(skeletons.contains(spawn->data));  // the owner's id
        }
      } else if (pid == packet::play_cb::EntityEquipment::kId) {
        ++equipment_packets;
        auto eq = decode_packet<packet::play_cb::EntityEquipment>(body);
        ASSERT_TRUE(eq.ok());
        bow_seen |= skeletons.contains(eq->entity_id) && eq->slot == 0 && eq->item.item_id == item_id("bow");
      }
    }
  }
  EXPECT_GT(equipment_packets, 0);
  EXPECT_TRUE(bow_seen);
  EXPECT_TRUE(arrow_seen);
  EXPECT_LT(lowest, 20.0f);
}

}  // namespace
}  // namespace hz
