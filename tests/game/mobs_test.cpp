// Mobs (docs/rules/mobs.md, docs/rules/combat.md): a mob's fall and slide against reference models
// written from LivingEntity.travel, hurt with the invulnerability window, knockback and attack
// strength against restated formulas, death and loot, a zombie finding, chasing and hitting a
// survival player (and ignoring a creative one), a property test that a move never ends inside a
// block, entity selectors, and /summon and /kill through the core.
#include <gtest/gtest.h>
#include <rapidcheck/gtest.h>

#include <algorithm>
#include <cmath>
#include <map>
#include <string>
#include <vector>

#include "sim/data/catalog.h"
#include "sim/data/registries.h"
#include "sim/game/commands/entity_selector.h"
#include "sim/game/mobs/combat_rules.h"
#include "sim/game/items/enchantments.h"
#include "sim/game/mobs/mob_ai.h"
#include "sim/game/mobs/mob_physics.h"
#include "sim/game/mobs/mobs.h"
#include "sim/game/movement/player_body.h"
#include "sim/game/survival/armour_rules.h"
#include "sim/game/survival/burning.h"
#include "tests/game/entity_fakes.h"
#include "tests/game/fake_player_connections.h"
#include "tests/game/movement_fake_world.h"
#include "tests/game/streaming_server.h"

namespace hz {
namespace {

using testing::FakeWorld;

// --- fakes for the system on its own ---

using FakeConnections = testing::FakePlayerConnections;

struct Hit {
  ConnId player;
  float amount;
  std::string attacker;
  Vec3 attacker_position;
  DamageCause cause = DamageCause::kMobAttack;
};

class RecordingDamage final : public PlayerDamage {
 public:
  bool hurt(ConnId, DamageCause, float) override { return true; }
  bool hurt_by_mob(ConnId player, float amount, const MobAttacker& attacker, DamageCause cause) override {
    hits.push_back(Hit{player, amount, std::string(attacker.type_name), attacker.position, cause});
    return true;
  }
  std::vector<Hit> hits;
};

class MobDrops final : public ItemDrops {
 public:
  void drop_from_block(const BlockPos&, const ItemStack&) override {}
  void drop_at(const Vec3& position, const ItemStack& stack) override { drops.emplace_back(position, stack); }
  void drop_from_player(const Player&, const ItemStack&, bool, bool) override {}
  std::vector<std::pair<Vec3, ItemStack>> drops;
};

struct MobWorldFixture {
  FakeWorld world;
  EntityIds ids;
  Rng random{11};
  FakeConnections connections;
  testing::RecordingTracking tracking;
  RecordingDamage damage;
  MobDrops drops;
  GameRules rules;
  testing::SettableTime time;
  Mobs mobs{ids, random, connections, tracking, damage, drops, rules, time};

  MobWorldFixture() {
    world.ground(64);  // stone whose top is y = 65
    mobs.set_block_source(&world);
  }
  Mob& summon(MobType type, const Vec3& at, SummonOptions options = {}) {
    return *mobs.find(mobs.summon(mob_kind(type), at, 0.0f, options));
  }
  void tick() {
    mobs.tick();
    ++time.time;
  }
};

// One tick of a mob's body with no input (what a mob without goals does).
void body_tick(Mob& mob, const BlockSource& world) {
  mob_physics::before_ai(mob);
  mob_physics::after_ai(mob, world);
}

// --- physics against reference models ---

// Written from LivingEntity.aiStep/travelInAir for a mob with no input over a flat floor whose
// top is `floor`: velocities under 0.003 snap to 0, the move stops at the floor, landing zeroes
// the vertical speed, then gravity 0.08 and drag 0.98 (a float in vanilla, widened).
// Entity.checkFallDamage rides along: each downward move adds to the fall as a float, and a
// landing reports the fall and starts afresh.
struct ReferenceFall {
  double y, vy = 0.0;
  double floor;
  bool on_ground = false;
  double fall = 0.0;
  double landed_fall = 0.0;  // what this step's landing reported, 0 without one
  void step() {
    if (std::abs(vy) < 0.003) vy = 0.0;
    double moved = vy;
    if (y + vy < floor) moved = floor - y;
    if (moved * moved > 1.0e-7 || vy * vy - moved * moved < 1.0e-7) y += moved;
    if (vy != 0.0) on_ground = moved != vy && vy < 0.0;
    if (moved < 0.0) fall -= static_cast<double>(static_cast<float>(moved));
    landed_fall = on_ground ? fall : 0.0;
    if (on_ground) fall = 0.0;
    if (moved != vy) vy = vy * 0.0;
    vy = (vy - 0.08) * static_cast<double>(0.98f);
  }
};

TEST(MobPhysics, ADroppedCowFallsAndLandsAsTheReferenceSays) {
  FakeWorld world;
  world.ground(64);
  Mob cow(1, Uuid{}, mob_kind(MobType::kCow));
  cow.position = Vec3{0.5, 80.25, 0.5};
  ReferenceFall ref{80.25, 0.0, 65.0};
  int landed_at = -1, ref_landed_at = -1;
  for (int tick = 0; tick < 60; ++tick) {
    body_tick(cow, world);
    ref.step();
    ASSERT_NEAR(cow.position.y, ref.y, 1e-9) << "tick " << tick;
    ASSERT_NEAR(cow.velocity.y, ref.vy, 1e-12) << "tick " << tick;
    if (cow.on_ground && landed_at < 0) landed_at = tick;
    if (ref.on_ground && ref_landed_at < 0) ref_landed_at = tick;
  }
  EXPECT_EQ(landed_at, ref_landed_at);
  EXPECT_GT(landed_at, 0);
  EXPECT_DOUBLE_EQ(cow.position.y, 65.0);
  EXPECT_TRUE(cow.on_ground);
}

// --- falls (docs/rules/mobs.md §2) ---

// LivingEntity.calculateFallDamage restated: floor(fall + 1e-6 − 3), never below 0.
int reference_fall_damage(double fall) { return std::max(0, static_cast<int>(std::floor(fall + 1.0e-6 - 3.0))); }

struct DroppedMob {
  float health_lost = 0.0f;
  double landed_fall = 0.0;   // the reference's landing
  int fall_events = 0;        // damage events of type fall
  int swell_after_landing = -1;
};

// Drops a mob `height` blocks onto the fixture's floor (top y = 65) and ticks until the reference
// fall lands, then a few ticks more.
DroppedMob drop(MobWorldFixture& w, MobType type, double height) {
  Mob& mob = w.summon(type, Vec3{0.5, 65.0 + height, 0.5});
  const int32_t id = mob.id();
  ReferenceFall ref{65.0 + height, 0.0, 65.0};
  DroppedMob out;
  const float start = mob.state.health;
  for (int tick = 0; tick < 200 && out.landed_fall == 0.0; ++tick) {
    w.tick();
    ref.step();
    EXPECT_NEAR(mob.position.y, ref.y, 1e-9) << "tick " << tick;
    out.landed_fall = ref.landed_fall;
  }
  if (type == MobType::kCreeper) out.swell_after_landing = mob.state.creeper.swell;
  for (int tick = 0; tick < 5; ++tick) w.tick();
  out.health_lost = start - mob.state.health;
  for (const auto& [eid, body] : w.tracking.broadcasts)
    if (eid == id && testing::packet_id_of(body) == packet::play_cb::DamageEvent::kId &&
        decode_packet<packet::play_cb::DamageEvent>(body)->source_type ==
            registry_entry_id("minecraft:damage_type", "minecraft:fall"))
      ++out.fall_events;
  return out;
}

TEST(MobFall, ALandingHurtsByTheFallLessThreeRoundedDown) {
  for (const double height : {2.0, 3.25, 4.0, 5.5, 8.0}) {
    MobWorldFixture w;
    const DroppedMob cow = drop(w, MobType::kCow, height);
    EXPECT_GT(cow.landed_fall, height - 0.001) << height;
    const int damage = reference_fall_damage(cow.landed_fall);
    EXPECT_EQ(cow.health_lost, static_cast<float>(damage)) << height;
    EXPECT_EQ(cow.fall_events, damage > 0 ? 1 : 0) << height;
  }
}

// Fall damage bypasses armour (#bypasses_armor): a zombie's 2 points take nothing off it.
TEST(MobFall, AZombiesArmourDoesNotSoftenTheFall) {
  MobWorldFixture w;
  const DroppedMob zombie = drop(w, MobType::kZombie, 9.0);
  EXPECT_EQ(zombie.health_lost, static_cast<float>(reference_fall_damage(zombie.landed_fall)));
  EXPECT_GT(zombie.health_lost, 0.0f);
}

// The chicken is in #fall_damage_immune (and flaps, so the reference fall does not follow it).
TEST(MobFall, AChickenTakesNoFallDamage) {
  MobWorldFixture w;
  Mob& chicken = w.summon(MobType::kChicken, Vec3{0.5, 85.0, 0.5});
  for (int tick = 0; tick < 200; ++tick) w.tick();
  EXPECT_TRUE(chicken.on_ground);
  EXPECT_EQ(chicken.state.health, 4.0f);
}

// Creeper.causeFallDamage: the fall adds (int)(fall × 1.5) to the swell, at most the fuse − 5.
TEST(MobFall, AFallShortensACreepersFuse) {
  for (const double height : {2.0, 4.0, 30.0}) {
    MobWorldFixture w;
    const DroppedMob creeper = drop(w, MobType::kCreeper, height);
    EXPECT_EQ(creeper.swell_after_landing, std::min(static_cast<int>(creeper.landed_fall * 1.5), 30 - 5)) << height;
  }
}

// Water met by the move stops the fall (LivingEntity.checkFallDamage's updateFluidInteraction).
TEST(MobFall, WaterBreaksTheFall) {
  MobWorldFixture w;
  for (int x = -4; x <= 4; ++x)
    for (int z = -4; z <= 4; ++z) w.world.set(x, 65, z, "water");
  Mob& cow = w.summon(MobType::kCow, Vec3{0.5, 90.0, 0.5});
  for (int tick = 0; tick < 200; ++tick) w.tick();
  EXPECT_LT(cow.position.y, 66.0);
  EXPECT_EQ(cow.state.health, 10.0f);
}

TEST(MobPhysics, ASlidingMobSlowsByBlockFrictionTimes091) {
  for (const char* floor : {"stone", "ice", "slime_block"}) {
    FakeWorld world;
    world.ground(64, floor);
    Mob pig(1, Uuid{}, mob_kind(MobType::kPig));
    pig.position = Vec3{0.5, 65.0, 0.5};
    pig.on_ground = true;
    pig.velocity = Vec3{0.4, 0.0, 0.0};
    // travelInAir: x' = x × (block friction × 0.91, as floats); 0.003 snaps to 0.
    const float block_friction = std::string(floor) == "ice" ? 0.98f : std::string(floor) == "slime_block" ? 0.8f : 0.6f;
    const double f = static_cast<double>(block_friction * 0.91f);
    double x = 0.5, vx = 0.4;
    for (int tick = 0; tick < 80; ++tick) {
      body_tick(pig, world);
      if (std::abs(vx) < 0.003) vx = 0.0;
      x += vx;
      vx *= f;
      ASSERT_NEAR(pig.position.x, x, 1e-9) << floor << " tick " << tick;
      ASSERT_DOUBLE_EQ(pig.position.y, 65.0) << floor << " tick " << tick;
    }
  }
}

TEST(MobPhysics, WalkingInputAcceleratesBySpeedSquaredOverFrictionCubed) {
  FakeWorld world;
  world.ground(64);
  Mob zombie(1, Uuid{}, mob_kind(MobType::kZombie));
  zombie.position = Vec3{0.5, 65.0, 0.5};
  zombie.on_ground = true;
  zombie.yaw = 0.0f;  // facing +z
  const float speed = static_cast<float>(zombie.mob_kind().movement_speed);
  // getInputVector: forward input `speed` times speed × 0.21600002 / 0.6³ along +z.
  const double a = static_cast<double>(speed) * static_cast<double>(speed * (0.21600002f / (0.6f * 0.6f * 0.6f)));
  const double f = static_cast<double>(0.6f * 0.91f);
  double z = 0.5, vz = 0.0;
  for (int tick = 0; tick < 40; ++tick) {
    mob_physics::before_ai(zombie);
    zombie.state.speed = speed;
    zombie.state.zza = speed;
    mob_physics::after_ai(zombie, world);
    if (std::abs(vz) < 0.003) vz = 0.0;
    vz += a;
    z += vz;
    vz *= f;
    ASSERT_NEAR(zombie.position.z, z, 1e-9) << "tick " << tick;
  }
  EXPECT_NEAR(vz, a * f / (1.0 - f), 1e-6);  // levelled off
}

TEST(MobPhysics, AWalkingMobStepsUpASlabButNotAFullBlock) {
  FakeWorld world;
  world.ground(64);
  world.set(1, 65, 0, "stone_slab");
  world.set(1, 65, 3, "stone");
  world.set(1, 66, 3, "stone");
  Mob zombie(1, Uuid{}, mob_kind(MobType::kZombie));
  zombie.on_ground = true;
  zombie.position = Vec3{0.5, 65.0, 0.5};
  zombie.velocity = Vec3{0.3, 0.0, 0.0};
  mob_physics::move(zombie, zombie.velocity, world);
  EXPECT_DOUBLE_EQ(zombie.position.y, 65.5);
  EXPECT_NEAR(zombie.position.x, 0.8, 1e-12);
  Mob other(2, Uuid{}, mob_kind(MobType::kZombie));
  other.on_ground = true;
  other.position = Vec3{0.5, 65.0, 3.5};
  mob_physics::move(other, Vec3{0.3, 0.0, 0.0}, world);
  EXPECT_DOUBLE_EQ(other.position.y, 65.0);
  // Stopped at the wall: 1 − the half width, which is the float 0.3F widened.
  EXPECT_DOUBLE_EQ(other.position.x, 1.0 - static_cast<double>(0.6f / 2.0f));
  EXPECT_TRUE(other.state.horizontal_collision);
}

// Property: whatever the blocks around and the velocity, a mob that starts clear of blocks ends
// its move clear of them.
RC_GTEST_PROP(MobPhysics, AMoveNeverEndsInsideABlock, ()) {
  FakeWorld world;
  const char* kinds[] = {"stone", "stone_slab", "oak_fence", "oak_stairs", "glass"};
  const auto cells = *rc::gen::container<std::vector<std::tuple<int, int, int, int>>>(
      *rc::gen::inRange(0, 40), rc::gen::tuple(rc::gen::inRange(-3, 4), rc::gen::inRange(62, 69),
                                               rc::gen::inRange(-3, 4), rc::gen::inRange(0, 5)));
  for (const auto& [x, y, z, k] : cells) world.set(x, y, z, kinds[k]);
  world.ground(61);
  const MobType type = *rc::gen::element(MobType::kCow, MobType::kChicken, MobType::kZombie, MobType::kPig);
  Mob mob(1, Uuid{}, mob_kind(type));
  mob.position = Vec3{*rc::gen::inRange(-2000, 2000) / 1000.0, 62.0 + *rc::gen::inRange(0, 6000) / 1000.0,
                      *rc::gen::inRange(-2000, 2000) / 1000.0};
  RC_PRE(mob_physics::fits_at(mob, mob.position, world));
  mob.on_ground = *rc::gen::arbitrary<bool>();
  const Vec3 delta{*rc::gen::inRange(-1500, 1500) / 1000.0, *rc::gen::inRange(-1500, 1500) / 1000.0,
                   *rc::gen::inRange(-1500, 1500) / 1000.0};
  mob.velocity = delta;
  mob_physics::move(mob, delta, world);
  RC_ASSERT(mob_physics::fits_at(mob, mob.position, world));
}

// --- hurt, knockback, attack strength ---

TEST(MobCombat, TheInvulnerabilityWindowTakesOnlyTheExcessOfALargerHit) {
  MobWorldFixture w;
  Player& player = w.connections.add(1, Vec3{3.5, 65.0, 0.5});
  Mob& cow = w.summon(MobType::kCow, Vec3{0.5, 65.0, 0.5}, SummonOptions{true, {}, {}, false});
  EXPECT_TRUE(w.mobs.hurt(cow, MobDamage::kPlayerAttack, 1.0f, &player));
  EXPECT_FLOAT_EQ(cow.state.health, 9.0f);
  EXPECT_FALSE(w.mobs.hurt(cow, MobDamage::kPlayerAttack, 1.0f, &player));  // within the window, not larger
  EXPECT_FLOAT_EQ(cow.state.health, 9.0f);
  EXPECT_TRUE(w.mobs.hurt(cow, MobDamage::kPlayerAttack, 3.0f, &player));   // larger: only 3 − 1
  EXPECT_FLOAT_EQ(cow.state.health, 7.0f);
  for (int i = 0; i < 9; ++i) w.tick();  // invulnerable 20 → 11: still inside
  EXPECT_FALSE(w.mobs.hurt(cow, MobDamage::kPlayerAttack, 3.0f, &player));
  w.tick();  // 10: no longer above 10, a full hit
  EXPECT_TRUE(w.mobs.hurt(cow, MobDamage::kPlayerAttack, 1.0f, &player));
  EXPECT_FLOAT_EQ(cow.state.health, 6.0f);
  // Full hits sent damage events to viewers (the first and the last).
  int events = 0;
  for (const auto& [id, body] : w.tracking.broadcasts) events += testing::packet_id_of(body) == packet::play_cb::DamageEvent::kId;
  EXPECT_EQ(events, 2);
}

TEST(MobCombat, KnockbackPushesAwayFromTheAttackerAsTheFormulaSays) {
  MobWorldFixture w;
  Player& player = w.connections.add(1, Vec3{3.5, 65.0, 4.5});
  Mob& sheep = w.summon(MobType::kSheep, Vec3{0.5, 65.0, 0.5}, SummonOptions{true, {}, {}, false});
  sheep.on_ground = true;
  sheep.velocity = Vec3{0.1, 0.0, -0.2};
  ASSERT_TRUE(w.mobs.hurt(sheep, MobDamage::kPlayerAttack, 1.0f, &player));
  // knockback(0.4F, attacker − mob) with the float widened: (vx/2 − p·3/5, min(0.4, vy/2 + p), vz/2 − p·4/5).
  const double power = static_cast<double>(0.4f);
  EXPECT_NEAR(sheep.velocity.x, 0.05 - power * 3.0 / 5.0, 1e-15);
  EXPECT_NEAR(sheep.velocity.y, 0.4, 1e-15);
  EXPECT_NEAR(sheep.velocity.z, -0.1 - power * 4.0 / 5.0, 1e-15);
  // In the air the vertical speed is kept.
  Rng random{3};
  const Vec3 airborne = combat::knockback(Vec3{0.0, -0.5, 0.0}, false, 0.4, 0.0, 2.0, random);
  EXPECT_NEAR(airborne.y, -0.5, 1e-12);
  EXPECT_NEAR(airborne.z, -0.4, 1e-12);
}

TEST(MobCombat, AttackStrengthScalesTheDamageAndResetsOnEveryAttack) {
  // Reference: scale = clamp((ticks + 0.5) / (20 / speed), 0, 1); damage × (0.2 + scale² × 0.8).
  auto expected = [](float damage, double speed, int ticks) {
    const float delay = static_cast<float>(20.0 / speed);
    const float s = std::clamp((static_cast<float>(ticks) + 0.5f) / delay, 0.0f, 1.0f);
    return damage * (0.2f + s * s * 0.8f);
  };
  for (int ticks : {0, 1, 3, 5, 12, 30}) {
    combat::AttackInput fist;
    fist.attack_strength_ticker = ticks;
    EXPECT_FLOAT_EQ(combat::player_attack(fist).damage, expected(1.0f, 4.0, ticks)) << ticks;
    combat::AttackInput sword;
    sword.weapon = combat::weapon_of("minecraft:iron_sword");
    sword.attack_strength_ticker = ticks;
    EXPECT_FLOAT_EQ(combat::player_attack(sword).damage, expected(6.0f, 1.6, ticks)) << ticks;
  }
  combat::AttackInput falling;
  falling.weapon = combat::weapon_of("diamond_axe");
  falling.attack_strength_ticker = 100;
  falling.fall_distance = 0.5;
  falling.on_ground = false;
  const combat::AttackOutcome crit = combat::player_attack(falling);
  EXPECT_TRUE(crit.critical);
  EXPECT_FLOAT_EQ(crit.damage, 13.5f);  // 9 × 1.5
  EXPECT_FLOAT_EQ(combat::weapon_of("stick").damage, 1.0f);
}

TEST(MobCombat, ZombieArmourAbsorbsPartOfAHit) {
  EXPECT_FLOAT_EQ(damage_after_armour(1.0f, 2.0f, 0.0f), 1.0f * (1.0f - 1.5f / 25.0f));
  EXPECT_FLOAT_EQ(damage_after_armour(10.0f, 2.0f, 0.0f), 10.0f * (1.0f - 0.4f / 25.0f));
  EXPECT_FLOAT_EQ(damage_after_armour(5.0f, 0.0f, 0.0f), 5.0f);
}

// --- death and loot ---

TEST(MobDeath, ADeadMobLies20TicksAndDropsItsLoot) {
  MobWorldFixture w;
  Player& player = w.connections.add(1, Vec3{2.5, 65.0, 0.5});
  Mob& chicken = w.summon(MobType::kChicken, Vec3{0.5, 65.0, 0.5});
  const int32_t id = chicken.id();
  ASSERT_TRUE(w.mobs.hurt(chicken, MobDamage::kPlayerAttack, 10.0f, &player));
  EXPECT_TRUE(chicken.state.dead);
  // Loot: feather 0–2, chicken 1.
  int feathers = 0, meat = 0;
  for (const auto& [at, stack] : w.drops.drops) {
    if (stack.item == *item_id("feather")) feathers += stack.count;
    if (stack.item == *item_id("chicken")) meat += stack.count;
  }
  EXPECT_LE(feathers, 2);
  EXPECT_EQ(meat, 1);
  auto statuses = [&](int8_t status) {
    int n = 0;
    for (const auto& [eid, body] : w.tracking.broadcasts)
      if (eid == id && testing::packet_id_of(body) == packet::play_cb::EntityStatus::kId && body.back() == static_cast<uint8_t>(status)) ++n;
    return n;
  };
  EXPECT_EQ(statuses(Mobs::kEntityEventDeath), 1);
  for (int i = 0; i < 19; ++i) w.tick();
  EXPECT_NE(w.mobs.find(id), nullptr);
  w.tick();
  EXPECT_EQ(w.mobs.find(id), nullptr);
  EXPECT_EQ(statuses(Mobs::kEntityEventPoof), 1);
  EXPECT_EQ(w.tracking.removed, std::vector<int32_t>{id});
}

// --- fire and lava (docs/rules/burning.md §6) ---

// Counts the drops of one item.
int dropped(const MobWorldFixture& w, std::string_view item) {
  int n = 0;
  for (const auto& [at, stack] : w.drops.drops)
    if (stack.item == *item_id(item)) n += stack.count;
  return n;
}

TEST(MobFire, LavaSetsACowAlightHurtsItEveryTenTicksAndItsBeefComesCooked) {
  MobWorldFixture w;
  w.world.set(0, 65, 0, "lava");
  Mob& cow = w.summon(MobType::kCow, Vec3{0.5, 65.0, 0.5}, SummonOptions{true, {}, {}, false});
  w.tick();
  EXPECT_EQ(cow.state.health, 6.0f);  // lava's 4 (no armour)
  EXPECT_EQ(cow.state.remaining_fire_ticks, burning::kLavaIgniteTicks);
  EXPECT_TRUE(cow.state.last_damage_panics);
  int ticks = 1;
  while (cow.alive() && ticks < 40) w.tick(), ++ticks;
  EXPECT_EQ(ticks, 21);  // three full hits, 10 ticks apart
  EXPECT_GE(dropped(w, "cooked_beef"), 1);
  EXPECT_EQ(dropped(w, "beef"), 0);
}

TEST(MobFire, AFireBlockLightsAMobAtOnceAndArmourSoftensItsHurt) {
  MobWorldFixture w;
  w.world.set(0, 65, 0, "fire");
  Mob& zombie = w.summon(MobType::kZombie, Vec3{0.5, 65.0, 0.5}, SummonOptions{true, {}, {}, false});
  w.tick();
  // Mobs rest at 0 fire-immune ticks, so the first touch ignites for 8 seconds.
  EXPECT_EQ(zombie.state.remaining_fire_ticks, burning::kFireIgniteTicks);
  EXPECT_FLOAT_EQ(zombie.state.health, 20.0f - damage_after_armour(1.0f, 2.0f, 0.0f));
  // Out of the fire it burns on; water then puts it out and it rests at 0 again.
  w.world.set(0, 65, 0, "air");
  for (int i = 0; i < 5; ++i) w.tick();
  EXPECT_EQ(zombie.state.remaining_fire_ticks, burning::kFireIgniteTicks - 5);
  EXPECT_TRUE(zombie.state.on_fire);
  w.world.set(0, 65, 0, "water");
  w.tick();
  EXPECT_EQ(zombie.state.remaining_fire_ticks, 0);
}

TEST(MobFire, AMobKilledOutOfFireDropsRawMeat) {
  MobWorldFixture w;
  Player& player = w.connections.add(1, Vec3{2.5, 65.0, 0.5});
  Mob& pig = w.summon(MobType::kPig, Vec3{0.5, 65.0, 0.5});
  ASSERT_TRUE(w.mobs.hurt(pig, MobDamage::kPlayerAttack, 20.0f, &player));
  EXPECT_GE(dropped(w, "porkchop"), 1);
  EXPECT_EQ(dropped(w, "cooked_porkchop"), 0);
  // Killed by a Fire Aspect sword (#smelts_loot in the killer's hand), its meat comes cooked.
  ItemStack sword{*item_id("iron_sword"), 1};
  set_enchantment(sword, *enchantment_id("fire_aspect"), 1);
  player.inventory[static_cast<size_t>(kFirstHotbarSlot)] = sword;
  Mob& second = w.summon(MobType::kPig, Vec3{0.5, 65.0, 3.5});
  ASSERT_TRUE(w.mobs.hurt(second, MobDamage::kPlayerAttack, 20.0f, &player));
  EXPECT_GE(dropped(w, "cooked_porkchop"), 1);
  // The damage types' table: registry names and tags.
  EXPECT_EQ(mob_damage_type(MobDamage::kLava).registry_name, "minecraft:lava");
  EXPECT_FALSE(mob_damage_type(MobDamage::kInFire).bypasses_armor);
  EXPECT_TRUE(mob_damage_type(MobDamage::kOnFire).bypasses_armor);
  EXPECT_FALSE(mob_damage_type(MobDamage::kFall).panics);
}

// Monster.updateNoActionTime: a monster whose eyes see raw brightness 13 or more (the curved
// value v / (4 − 3v) above 0.5) counts two more idle ticks a tick; animals do not.
TEST(MobDespawn, MonstersInBrightLightGrowIdleFaster) {
  for (int raw = 0; raw <= 15; ++raw) {
    MobWorldFixture w;
    w.mobs.set_sunlight([raw](const BlockPos&, const BlockPos&, const BlockPos&) {
      Sunlight light;
      light.raw_brightness = raw;
      return light;
    });
    // No AI: serverAiStep's own count stays out of it.
    Mob& creeper = w.summon(MobType::kCreeper, Vec3{0.5, 65.0, 0.5}, SummonOptions{true, {}, {}, false});
    Mob& cow = w.summon(MobType::kCow, Vec3{4.5, 65.0, 0.5}, SummonOptions{true, {}, {}, false});
    for (int i = 0; i < 10; ++i) w.tick();
    const float v = static_cast<float>(raw) / 15.0f;
    const bool bright = v / (4.0f - 3.0f * v) > 0.5f;
    EXPECT_EQ(creeper.state.no_action_time, bright ? 20 : 0) << raw;
    EXPECT_EQ(cow.state.no_action_time, 0) << raw;
  }
}

// Entity.checkBelowWorld -> LivingEntity.onBelowWorld: 64 blocks below the world a mob takes 4
// out_of_world damage a tick, through the invulnerability window, and dies of it.
TEST(MobDeath, AMobBelowTheWorldIsHurtUntilItDies) {
  // Restated: the hurt comes before the window counts down; an equal hit inside it (> 10) is refused.
  std::vector<int> expected_hits;
  float health = 10.0f;
  for (int tick = 0, invulnerable = 0; health > 0.0f; ++tick) {
    if (invulnerable <= 10) health -= 4.0f, invulnerable = 20, expected_hits.push_back(tick);
    if (invulnerable > 0) --invulnerable;
  }
  MobWorldFixture w;
  Mob& cow = w.summon(MobType::kCow, Vec3{0.5, -129.0, 0.5}, SummonOptions{true, {}, {}, false});
  const int32_t id = cow.id();
  std::vector<int> hits;
  float last = cow.state.health;
  for (int tick = 0; tick < 60 && !cow.state.dead; ++tick) {
    w.tick();
    if (cow.state.health < last) hits.push_back(tick), last = cow.state.health;
  }
  EXPECT_EQ(hits, expected_hits);
  EXPECT_TRUE(cow.state.dead);
  int events = 0;
  for (const auto& [eid, body] : w.tracking.broadcasts)
    if (eid == id && testing::packet_id_of(body) == packet::play_cb::DamageEvent::kId) {
      ++events;
      EXPECT_EQ(decode_packet<packet::play_cb::DamageEvent>(body)->source_type,
                registry_entry_id("minecraft:damage_type", "minecraft:out_of_world"));
    }
  EXPECT_EQ(events, static_cast<int>(expected_hits.size()));
  // The body lies its 20 ticks like any other.
  EXPECT_NE(w.mobs.find(id), nullptr);
  for (int i = 0; i < 20; ++i) w.tick();
  EXPECT_EQ(w.mobs.find(id), nullptr);
}

TEST(MobDeath, LootCountsStayInTheirRangesAndTheGameRuleStopsThem) {
  MobWorldFixture w;
  std::map<std::string, std::pair<int, int>> seen;
  for (int i = 0; i < 60; ++i) {
    Mob& cow = w.summon(MobType::kCow, Vec3{0.5, 65.0, 0.5});
    const size_t before = w.drops.drops.size();
    w.mobs.kill(cow.id());
    int leather = 0, beef = 0;
    for (size_t d = before; d < w.drops.drops.size(); ++d) {
      const ItemStack& s = w.drops.drops[d].second;
      if (s.item == *item_id("leather")) leather += s.count;
      if (s.item == *item_id("beef")) beef += s.count;
    }
    EXPECT_LE(leather, 2);
    EXPECT_GE(beef, 1);
    EXPECT_LE(beef, 3);
    seen["leather"].first = std::max(seen["leather"].first, leather);
    seen["beef"].first = std::max(seen["beef"].first, beef);
  }
  EXPECT_EQ(seen["leather"].first, 2);  // every count occurs over 60 cows
  EXPECT_EQ(seen["beef"].first, 3);
  w.rules.set(*w.rules.find("mob_drops"), 0);
  const size_t before = w.drops.drops.size();
  Mob& zombie = w.summon(MobType::kZombie, Vec3{0.5, 65.0, 0.5});
  w.mobs.kill(zombie.id());
  EXPECT_TRUE(zombie.state.dead);
  EXPECT_EQ(w.drops.drops.size(), before);
}

// --- goals ---

TEST(MobGoals, AZombieChasesASurvivalPlayerAndHitsItInMeleeRange) {
  MobWorldFixture w;
  w.connections.add(1, Vec3{8.5, 65.0, 0.5});
  Mob& zombie = w.summon(MobType::kZombie, Vec3{0.5, 65.0, 0.5});
  zombie.on_ground = true;
  const int32_t id = zombie.id();
  int targeted_at = -1;
  double closest = 100.0;
  for (int tick = 0; tick < 200 && w.damage.hits.empty(); ++tick) {
    w.tick();
    const Mob& z = *w.mobs.find(id);
    if (z.state.target && targeted_at < 0) targeted_at = tick;
    closest = std::min(closest, std::abs(8.5 - z.position.x));
  }
  ASSERT_GE(targeted_at, 0);
  ASSERT_FALSE(w.damage.hits.empty());
  const Hit& hit = w.damage.hits.front();
  EXPECT_EQ(hit.player, 1u);
  EXPECT_FLOAT_EQ(hit.amount, 3.0f);
  EXPECT_EQ(hit.attacker, "zombie");
  // Reference melee test: the zombie's box grown by sqrt(2.04F) − 0.6F sideways meets the player's.
  const double reach = std::sqrt(static_cast<double>(2.04f)) - static_cast<double>(0.6f);
  EXPECT_LT(std::abs(8.5 - hit.attacker_position.x), 0.3 + reach + 0.3);
  EXPECT_LT(closest, 1.5);
  // Every later hit also lands only in melee range (vanilla's goal may restart beside the player,
  // which resets its attack counter; the player's own window limits the damage).
  for (int i = 0; i < 60; ++i) w.tick();
  for (const Hit& h : w.damage.hits) EXPECT_LT(std::abs(8.5 - h.attacker_position.x), 0.3 + reach + 0.3);
}

TEST(MobGoals, AZombieIgnoresCreativePlayersAndPlayersBeyondFollowRange) {
  MobWorldFixture w;
  w.connections.add(1, Vec3{4.5, 65.0, 0.5}, GameMode::kCreative);
  w.connections.add(2, Vec3{90.5, 65.0, 0.5});  // beyond the follow range of 35, even after strolling
  Mob& zombie = w.summon(MobType::kZombie, Vec3{0.5, 65.0, 0.5});
  for (int tick = 0; tick < 300; ++tick) {
    w.tick();
    ASSERT_FALSE(zombie.state.target.has_value()) << tick;
  }
  EXPECT_TRUE(w.damage.hits.empty());
}

// TargetingConditions.test scales the range by getVisibilityPercent: a crouching player is noticed
// from 0.8 of the follow range (28 of 35 blocks). The player keeps 31 blocks from the zombie.
TEST(MobGoals, AZombieNoticesACrouchingPlayerFromEightTenthsOfItsFollowRange) {
  for (bool crouching : {false, true}) {
    MobWorldFixture w;
    Player& player = w.connections.add(1, Vec3{31.5, 65.0, 0.5});
    player.crouching = crouching;
    Mob& zombie = w.summon(MobType::kZombie, Vec3{0.5, 65.0, 0.5});
    bool targeted = false;
    for (int tick = 0; tick < 200 && !targeted; ++tick) {
      player.position = Vec3{zombie.position.x + 31.0, zombie.position.y, zombie.position.z};
      w.tick();
      targeted = zombie.state.target.has_value();
    }
    EXPECT_EQ(targeted, !crouching) << crouching;
  }
}

TEST(MobGoals, APassiveMobPanicsWhenHitAndStrollsOtherwise) {
  MobWorldFixture w;
  Player& player = w.connections.add(1, Vec3{2.5, 65.0, 0.5});
  Mob& cow = w.summon(MobType::kCow, Vec3{0.5, 65.0, 0.5});
  for (int i = 0; i < 3; ++i) w.tick();
  ASSERT_TRUE(w.mobs.hurt(cow, MobDamage::kPlayerAttack, 1.0f, &player));
  bool panicked = false;
  for (int i = 0; i < 4 && !panicked; ++i) {
    w.tick();
    for (const GoalState& g : cow.state.goals) panicked |= g.id == GoalId::kPanic && g.running;
  }
  EXPECT_TRUE(panicked);
  // A mob without AI never moves.
  Mob& still = w.summon(MobType::kSheep, Vec3{5.5, 70.0, 5.5}, SummonOptions{true, {}, {}, false});
  for (int i = 0; i < 40; ++i) w.tick();
  EXPECT_EQ(still.position, (Vec3{5.5, 70.0, 5.5}));
}

// PanicGoal.shouldPanic: the last damage source, if its type is in #minecraft:panic_causes and no
// older than 40 ticks. An arrow without a shooter panics a cow; the void's damage does not.
TEST(MobGoals, PanicFollowsTheLastDamageTypeNotTheAttacker) {
  auto panics_after = [](MobDamage kind, int age) {
    MobWorldFixture w;
    Mob& cow = w.summon(MobType::kCow, Vec3{0.5, 65.0, 0.5});
    for (int i = 0; i < 3; ++i) w.tick();
    EXPECT_TRUE(w.mobs.hurt(cow, kind, 1.0f, nullptr));
    cow.state.last_damage_time -= age;  // as if the hit came `age` ticks ago
    bool panicked = false;
    for (int i = 0; i < 4 && !panicked; ++i) {
      w.tick();
      for (const GoalState& g : cow.state.goals) panicked |= g.id == GoalId::kPanic && g.running;
    }
    return panicked;
  };
  EXPECT_TRUE(panics_after(MobDamage::kArrow, 0));
  EXPECT_TRUE(panics_after(MobDamage::kOnFire, 0));
  EXPECT_FALSE(panics_after(MobDamage::kOutOfWorld, 0));
  EXPECT_TRUE(panics_after(MobDamage::kArrow, 38));
  EXPECT_FALSE(panics_after(MobDamage::kArrow, 41));  // forgotten
}

TEST(MobGoals, SameSeedSameWalk) {
  // Determinism: two worlds with the same seed and inputs produce the same mob states.
  auto run = [] {
    MobWorldFixture w;
    w.connections.add(1, Vec3{6.5, 65.0, 3.5});
    w.summon(MobType::kCow, Vec3{0.5, 65.0, 0.5});
    w.summon(MobType::kZombie, Vec3{-3.5, 65.0, 0.5});
    w.summon(MobType::kChicken, Vec3{2.5, 67.0, -2.5});
    for (int i = 0; i < 400; ++i) w.tick();
    return w.mobs.hash();
  };
  EXPECT_EQ(run(), run());
}

// --- selectors ---

bool known(std::string_view type) { return type == "player" || entity_type_id(type).has_value(); }

std::optional<EntitySelector> parse(const std::string& text, std::string* message = nullptr) {
  CommandReader reader(text);
  std::optional<CommandError> error;
  auto selector = parse_entity_selector(reader, known, error);
  if (message) *message = error ? error->message : "";
  return selector;
}

TEST(EntitySelectors, ParseOptions) {
  auto s = parse("@e[type=minecraft:zombie,distance=..5.5,limit=2,sort=furthest]");
  ASSERT_TRUE(s);
  EXPECT_EQ(s->variable, 'e');
  EXPECT_EQ(s->type, "zombie");
  EXPECT_FALSE(s->distance_min);
  EXPECT_EQ(s->distance_max, 5.5);
  EXPECT_EQ(s->limit, 2);
  EXPECT_EQ(s->sort, SelectorSort::kFurthest);
  s = parse("@e[type=!player, distance=2..3]");
  ASSERT_TRUE(s);
  EXPECT_TRUE(s->type_negated);
  EXPECT_EQ(s->distance_min, 2.0);
  EXPECT_EQ(s->distance_max, 3.0);
  s = parse("@p");
  ASSERT_TRUE(s);
  EXPECT_EQ(s->limit, 1);
  EXPECT_EQ(s->sort, SelectorSort::kNearest);
  EXPECT_TRUE(s->players_only());
  s = parse("Alice");
  ASSERT_TRUE(s);
  EXPECT_TRUE(s->is_name());
  EXPECT_EQ(s->player_name, "Alice");
}

TEST(EntitySelectors, ErrorsUseVanillaTexts) {
  const std::pair<std::string, std::string> cases[] = {
      {"@x", "Unknown selector type '@x'"},
      {"@", "Missing selector type"},
      {"@e[foo=1]", "Unknown option 'foo'"},
      {"@e[limit]", "Expected value for option 'limit'"},
      {"@e[limit=0]", "Limit must be at least 1"},
      {"@e[distance=-1]", "Distance cannot be negative"},
      {"@e[distance=5..2]", "Min cannot be bigger than max"},
      {"@e[distance=]", "Expected value or range of values"},
      {"@e[sort=up]", "Invalid or unknown sort type 'up'"},
      {"@e[type=dragonfly]", "Invalid or unknown entity type 'minecraft:dragonfly'"},
      {"@e[limit=2", "Expected end of options"},
      {"@e[limit=2 x]", "Expected end of options"},
      {"@s[limit=2]", "Option 'limit' isn't applicable here"},
  };
  for (const auto& [text, message] : cases) {
    std::string got;
    EXPECT_FALSE(parse(text, &got)) << text;
    EXPECT_EQ(got, message) << text;
  }
}

TEST(EntitySelectors, SelectFiltersSortsAndLimits) {
  std::vector<SelectableEntity> all = {
      {10, ConnId{1}, "player", "Alice", Vec3{5, 0, 0}, true},
      {11, ConnId{2}, "player", "Bob", Vec3{1, 0, 0}, false},
      {20, std::nullopt, "zombie", "Zombie", Vec3{3, 0, 0}, true},
      {21, std::nullopt, "cow", "Cow", Vec3{-2, 0, 0}, true},
      {22, std::nullopt, "zombie", "Zombie", Vec3{9, 0, 0}, false},
  };
  Rng random{5};
  auto ids = [&](const std::string& text, std::optional<int32_t> self = std::nullopt) {
    std::vector<int32_t> out;
    for (const SelectableEntity& e : select_entities(*parse(text), all, Vec3{}, self, random)) out.push_back(e.entity_id);
    return out;
  };
  EXPECT_EQ(ids("@e"), (std::vector<int32_t>{10, 20, 21}));  // living only, world order
  EXPECT_EQ(ids("@a"), (std::vector<int32_t>{10, 11}));      // dead players too
  EXPECT_EQ(ids("@p"), (std::vector<int32_t>{11}));          // nearest player
  EXPECT_EQ(ids("@e[type=zombie]"), (std::vector<int32_t>{20}));
  EXPECT_EQ(ids("@e[type=!player,sort=nearest]"), (std::vector<int32_t>{21, 20}));
  EXPECT_EQ(ids("@e[distance=..3]"), (std::vector<int32_t>{20, 21}));
  EXPECT_EQ(ids("@e[distance=4..]"), (std::vector<int32_t>{10}));
  EXPECT_EQ(ids("@e[sort=furthest,limit=2]"), (std::vector<int32_t>{10, 20}));
  EXPECT_EQ(ids("@s", 20), (std::vector<int32_t>{20}));
  EXPECT_TRUE(ids("@s").empty());
  EXPECT_EQ(ids("@n"), (std::vector<int32_t>{21}));
  EXPECT_EQ(ids("bob"), (std::vector<int32_t>{11}));
  const auto r = ids("@r");
  ASSERT_EQ(r.size(), 1u);
  EXPECT_TRUE(r[0] == 10 || r[0] == 11);
}

// --- /summon and /kill through the core ---

struct MobCommandWorld {
  testing::StreamingServer s{3};
  MobCommandWorld() { s.prepare_spawn(); }
  std::vector<std::string> run(const std::string& line) {
    s.pass({ConsoleLine{line}});
    return s.h.sink.logs();
  }
  Mobs& mobs() { return s.h.core.mobs(); }
};

TEST(SummonAndKill, TextsAndEffects) {
  MobCommandWorld w;
  const Vec3 spawn = w.s.world().spawn_point();
  const int sx = static_cast<int>(std::floor(spawn.x)), sy = static_cast<int>(std::floor(spawn.y)) + 3,
            sz = static_cast<int>(std::floor(spawn.z));
  auto at = [&](int dx) { return std::to_string(sx + dx) + " " + std::to_string(sy) + " " + std::to_string(sz); };
  EXPECT_EQ(w.run("summon zombie " + at(0)), std::vector<std::string>{"Summoned new Zombie"});
  ASSERT_EQ(w.mobs().size(), 1u);
  const Mob& zombie = *w.mobs().find(w.mobs().ids().front());
  EXPECT_EQ(zombie.position.x, sx + 0.5);  // whole x and z are centred
  EXPECT_EQ(zombie.position.y, static_cast<double>(sy));
  EXPECT_EQ(zombie.mob_kind().type, MobType::kZombie);
  EXPECT_EQ(w.run("summon minecraft:cow ~ ~ ~ {NoAI:1b,Health:4.5f,CustomName:\"Bessie\"}"),
            std::vector<std::string>{"Summoned new Bessie"});
  const Mob& cow = *w.mobs().find(w.mobs().ids().back());
  EXPECT_TRUE(cow.state.no_ai);
  EXPECT_FLOAT_EQ(cow.state.health, 4.5f);
  EXPECT_EQ(cow.state.custom_name, "Bessie");
  EXPECT_EQ(w.run("summon enderman"), std::vector<std::string>{"Unable to summon entity"});
  auto unknown = w.run("summon dragonfly");
  ASSERT_FALSE(unknown.empty());
  EXPECT_EQ(unknown[0], "Can't find element 'minecraft:dragonfly' of type 'minecraft:entity_type'");
  EXPECT_EQ(w.run("summon pig 0 40000000 0"), std::vector<std::string>{"Invalid position for summon"});

  EXPECT_EQ(w.run("kill @e[type=zombie]"), std::vector<std::string>{"Killed Zombie"});
  EXPECT_TRUE(w.mobs().find(zombie.id())->state.dead);
  w.run("summon pig " + at(3));
  EXPECT_EQ(w.run("kill @e[type=!player]"), std::vector<std::string>{"Killed 2 entities"});
  auto none = w.run("kill @e[type=sheep]");
  ASSERT_FALSE(none.empty());
  EXPECT_EQ(none[0], "No entity was found");
  auto bad = w.run("kill @e[limit=0]");
  ASSERT_FALSE(bad.empty());
  EXPECT_EQ(bad[0], "Limit must be at least 1");
  // The dead lie 20 ticks, then leave.
  for (int i = 0; i < 25; ++i) w.s.pass();
  EXPECT_EQ(w.mobs().size(), 0u);
}

TEST(SummonAndKill, ASummonedZombieHurtsAJoinedSurvivalPlayerThroughTheHealthSystem) {
  MobCommandWorld w;
  testing::TestClient alice = w.s.join_loaded(1, "Alice", 3);
  for (int i = 0; i < 40; ++i) w.s.pass();
  Player& player = *w.s.h.core.sessions().player(1);
  player.game_mode = GameMode::kSurvival;
  const Vec3 at = player.position;
  w.run("summon zombie " + std::to_string(at.x + 2.0) + " " + std::to_string(at.y) + " " + std::to_string(at.z));
  float lowest = player.health;
  for (int i = 0; i < 200 && lowest == 20.0f; ++i) {
    w.s.pass();
    lowest = std::min(lowest, w.s.h.core.sessions().player(1)->health);
  }
  // Easy (server.properties' default): the zombie's 3 becomes min(3 / 2 + 1, 3) = 2.5.
  EXPECT_FLOAT_EQ(lowest, 17.5f);
}

}  // namespace
}  // namespace hz
