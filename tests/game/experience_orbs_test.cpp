// Experience orbs (docs/rules/experience.md): one orb's fall, bounce and pull towards a player on
// flat ground against a reference model written from vanilla's ExperienceOrb.tick, water and
// lava, awards and the 20-tick merge scan, pickup one orb every 2 ticks, saving orbs; and through
// the core a survival player's kill dropping orbs it then takes, with set_experience following.
#include <gtest/gtest.h>
#include <rapidcheck/gtest.h>

#include <algorithm>
#include <cmath>
#include <map>
#include <vector>

#include "sim/game/entities/experience_orb_codec.h"
#include "sim/game/entities/experience_orbs.h"
#include "sim/data/catalog.h"
#include "sim/game/items/enchantments.h"
#include "sim/game/items/equipment.h"
#include "sim/game/mobs/mobs.h"
#include "sim/game/survival/experience_rules.h"
#include "tests/game/movement_client.h"
#include "tests/game/entity_fakes.h"
#include "tests/game/movement_fake_world.h"
#include "tests/game/streaming_server.h"

namespace hz {
namespace {

using testing::FakeWorld;

// --- fakes for the system on its own ---

using FakeConnections = testing::FakePlayerConnections;
using testing::RecordingTracking;

struct OrbWorld {
  FakeWorld world;
  EntityIds ids;
  Rng random{11};
  FakeConnections connections;
  RecordingTracking tracking;
  ExperienceOrbs orbs{ids, random, connections, tracking};

  OrbWorld() {
    world.ground(63);  // stone whose top is y = 64
    orbs.set_block_source(&world);
  }
  // An orb with the given velocity (the spawn's random velocity replaced).
  int32_t put(int value, const Vec3& at, const Vec3& velocity = {}) {
    const int32_t id = orbs.spawn(at, value);
    const_cast<ExperienceOrb*>(orbs.find(id))->velocity = velocity;
    return id;
  }
  ExperienceOrb& orb(int32_t id) { return *const_cast<ExperienceOrb*>(orbs.find(id)); }
};

// --- reference model: one orb over flat stone whose top is y = 64 ---

// Written from ExperienceOrb.tick and Entity.move: gravity 0.03 (the orb is never inside a
// block here); a player closer than 8 blocks pulls it by normalize(delta) x (1 - |delta|/8)^2 x
// 0.1, delta aimed at the player's eyes' half height; the move stops at the ground (tiny moves
// are dropped against the ground as for items); landing zeroes the vertical speed; all three axes
// are scaled by 0.98 in the air, 0.6 x 0.98 (floats) on stone; a landing faster than 0.03 bounces
// up at 0.4 of the speed it fell with.
struct ReferenceOrb {
  double x, y, z, vx, vy, vz;
  bool on_ground = false;
  bool following = false;
  bool has_player = false;
  double px = 0, py = 0, pz = 0;

  int ground_blocks_under_swept_box() const {
    auto columns = [](double centre, double move) {
      const double lo = std::min(centre - 0.25, centre - 0.25 + move), hi = std::max(centre + 0.25, centre + 0.25 + move);
      return static_cast<int>(std::ceil(hi) - std::floor(lo));
    };
    return columns(x, vx) * columns(z, vz);
  }

  void step() {
    vy -= 0.03;
    if (has_player) {
      const double dx = px - x, dy = py + static_cast<double>(1.62f) / 2.0 - y, dz = pz - z;  // the float eye height
      const double d2 = (px - x) * (px - x) + (py - y) * (py - y) + (pz - z) * (pz - z);
      following = following ? d2 <= 64.0 : d2 < 64.0;
      if (following) {
        const double length = std::sqrt(dx * dx + dy * dy + dz * dz);
        const double power = 1.0 - length / 8.0;
        if (length >= static_cast<double>(1.0e-5f)) {
          vx += dx / length * (power * power * 0.1);
          vy += dy / length * (power * power * 0.1);
          vz += dz / length * (power * power * 0.1);
        }
      }
    }
    const double fall = vy;
    double mx = vx, my = vy, mz = vz;
    if (y + vy < 64.0) {
      my = std::abs(my) < 1.0e-7 ? 0.0 : std::max(my, 64.0 - y);
      if (std::abs(my) < 1.0e-7 && ground_blocks_under_swept_box() > 1) my = 0.0;
      if (std::abs(mx) < 1.0e-7) mx = 0.0;
      if (std::abs(mz) < 1.0e-7) mz = 0.0;
    }
    const double moved = mx * mx + my * my + mz * mz;
    const double wanted = vx * vx + vy * vy + vz * vz;
    if (moved > 1.0e-7 || wanted - moved < 1.0e-7) x += mx, y += my, z += mz;
    const double tolerance = static_cast<double>(1.0e-5f);
    if (!(std::abs(mx - vx) < tolerance)) vx = 0.0;
    if (!(std::abs(mz - vz) < tolerance)) vz = 0.0;
    const bool landed = my != vy && vy < 0.0;
    on_ground = landed;
    if (my != vy) vy = vy * 0.0;
    const double friction = on_ground ? static_cast<double>(0.6f * 0.98f) : static_cast<double>(0.98f);
    vx *= friction, vy *= friction, vz *= friction;
    if (landed && fall < -0.03) vy = -fall * 0.4;
  }
};

RC_GTEST_PROP(ExperienceOrbPhysics, FallBounceAndFollowingMatchTheReferenceModel, ()) {
  OrbWorld w;
  const auto thousandths = [](int lo, int hi) { return *rc::gen::inRange(lo, hi + 1) / 1000.0; };
  const Vec3 start{thousandths(-20000, 20000), 64.0 + thousandths(0, 4000), thousandths(-20000, 20000)};
  const Vec3 velocity{thousandths(-400, 400), thousandths(-500, 500), thousandths(-400, 400)};
  const bool with_player = *rc::gen::arbitrary<bool>();
  ReferenceOrb ref{start.x, start.y, start.z, velocity.x, velocity.y, velocity.z};
  if (with_player) {
    // A spectator-free survival player standing somewhere within 12 blocks of the start.
    const Vec3 at{start.x + thousandths(-12000, 12000), 64.0, start.z + thousandths(-12000, 12000)};
    Player& p = w.connections.add(1, at);
    p.take_xp_delay = 1000000;  // never takes the orb: its motion is what is compared
    ref.has_player = true, ref.px = at.x, ref.py = at.y, ref.pz = at.z;
  }
  const int32_t id = w.put(7, start, velocity);
  for (int tick = 1; tick <= 150; ++tick) {
    w.orbs.tick();
    ref.step();
    const ExperienceOrb* orb = w.orbs.find(id);
    RC_ASSERT(orb != nullptr);
    RC_LOG() << "tick " << tick << " player " << with_player << " orb " << orb->position.x << "," << orb->position.y
             << "," << orb->position.z << " v " << orb->velocity.x << "," << orb->velocity.y << "," << orb->velocity.z
             << " ref " << ref.x << "," << ref.y << "," << ref.z << " v " << ref.vx << "," << ref.vy << "," << ref.vz
             << "\n";
    RC_ASSERT(orb->position == (Vec3{ref.x, ref.y, ref.z}));
    RC_ASSERT(orb->velocity == (Vec3{ref.vx, ref.vy, ref.vz}));
    RC_ASSERT(orb->on_ground == ref.on_ground);
    RC_ASSERT(orb->following.has_value() == ref.following);
  }
}

TEST(ExperienceOrbPhysics, ANewOrbTakesItsVelocityFromTheConstructorsDraws) {
  OrbWorld w;
  Rng copy = w.random;
  const int32_t id = w.orbs.spawn({0.5, 70.0, 0.5}, 3);
  copy.next_u64(), copy.next_u64();  // the UUID
  const float yaw = copy.next_float() * 360.0f;
  const double x = (copy.next_double() * 0.2 - 0.1) * 2.0;
  const double y = copy.next_double() * 0.2 * 2.0;
  const double z = (copy.next_double() * 0.2 - 0.1) * 2.0;
  const ExperienceOrb& orb = w.orb(id);
  EXPECT_EQ(orb.yaw, yaw);
  EXPECT_EQ(orb.velocity, (Vec3{x, y, z}));
  EXPECT_EQ(orb.value(), 3);
  EXPECT_EQ(orb.count, 1);
  EXPECT_EQ(w.random.state_hash(), copy.state_hash());
}

TEST(ExperienceOrbPhysics, OrbsWithEyesInWaterRiseSlowlyInsteadOfFalling) {
  OrbWorld w;
  for (int y = 64; y < 70; ++y) w.world.set(0, y, 0, "water");
  const int32_t id = w.put(1, {0.5, 65.0, 0.5}, {0.1, 0.0, 0.0});
  w.orbs.tick();
  // x0.99 and +5e-4 (capped at 0.06) in water, then 0.98 on every axis in the air.
  EXPECT_DOUBLE_EQ(w.orb(id).velocity.x, 0.1 * static_cast<double>(0.99f) * static_cast<double>(0.98f));
  EXPECT_DOUBLE_EQ(w.orb(id).velocity.y, static_cast<double>(5.0e-4f) * static_cast<double>(0.98f));
  // Already rising at the cap: it stays there before the friction.
  w.orb(id).velocity = {0.0, 0.07, 0.0};
  w.orbs.tick();
  EXPECT_DOUBLE_EQ(w.orb(id).velocity.y, static_cast<double>(0.06f) * static_cast<double>(0.98f));
}

TEST(ExperienceOrbPhysics, LavaThrowsTheOrbUpWithFourFloatDraws) {
  OrbWorld w;
  w.world.set(0, 64, 0, "lava");
  const int32_t id = w.put(1, {0.5, 64.2, 0.5});
  Rng copy = w.random;
  w.orbs.tick();
  const float f1 = copy.next_float(), f2 = copy.next_float(), f3 = copy.next_float(), f4 = copy.next_float();
  const double f = static_cast<double>(0.98f);
  EXPECT_DOUBLE_EQ(w.orb(id).velocity.x, static_cast<double>((f1 - f2) * 0.2f) * f);
  EXPECT_DOUBLE_EQ(w.orb(id).velocity.z, static_cast<double>((f3 - f4) * 0.2f) * f);
  EXPECT_DOUBLE_EQ(w.orb(id).velocity.y, static_cast<double>(0.2f) * f);
}

TEST(ExperienceOrbPhysics, AnOrbIsDiscardedAtAge6000) {
  OrbWorld w;
  const int32_t id = w.put(1, {0.5, 64.0, 0.5});
  w.orb(id).age = 5998;
  w.orbs.tick();
  EXPECT_NE(w.orbs.find(id), nullptr);
  w.orbs.tick();
  EXPECT_EQ(w.orbs.find(id), nullptr);
  EXPECT_EQ(w.tracking.removed, std::vector<int32_t>{id});
}

// --- awards and merging ---

RC_GTEST_PROP(ExperienceOrbAward, AwardsSplitIntoTheOrbSizes, ()) {
  OrbWorld w;
  const int points = *rc::gen::inRange(1, 6000);
  w.orbs.award({0.5, 64.0, 0.5}, points);
  // Each orb stands for `count` orbs of its value (awards of one value may join an earlier one).
  std::vector<int> values;
  for (int32_t id : w.orbs.ids())
    for (int i = 0; i < w.orbs.find(id)->count; ++i) values.push_back(w.orbs.find(id)->value());
  std::sort(values.rbegin(), values.rend());
  RC_ASSERT(values == experience::split_into_orbs(points));
}

TEST(ExperienceOrbAward, AnAwardJoinsTheOrbOfItsValueWhoseIdMatchesTheDrawModulo40) {
  OrbWorld w;
  const Vec3 at{0.5, 64.0, 0.5};
  std::vector<int32_t> ids;
  for (int i = 0; i < 40; ++i) ids.push_back(w.put(3, at));  // every residue modulo 40
  w.orb(ids[5]).age = 100;
  Rng copy = w.random;
  const int group = static_cast<int>(copy.next_below(40));
  w.orbs.award(at, 3);
  EXPECT_EQ(w.orbs.size(), 40u);  // no new orb
  for (int32_t id : ids) {
    const bool chosen = (id - group) % 40 == 0;
    EXPECT_EQ(w.orbs.find(id)->count, chosen ? 2 : 1) << id;
    if (chosen) {
      EXPECT_EQ(w.orbs.find(id)->age, 0);
    }
  }
  // A value no orb there has: a new orb.
  w.orbs.award(at, 1);
  EXPECT_EQ(w.orbs.size(), 41u);
}

TEST(ExperienceOrbMerge, OrbsOfEqualValueAndIdModulo40MergeOnTheScanTick) {
  OrbWorld w;
  const int32_t a = w.put(7, {0.5, 64.0, 0.5});
  for (int i = 0; i < 39; ++i) w.ids.next();
  const int32_t b = w.put(7, {0.8, 64.0, 0.5});  // b = a + 40
  const int32_t c = w.put(7, {0.6, 64.0, 0.5});  // a + 41: another group
  const int32_t d = w.put(3, {0.5, 64.0, 0.7});
  ASSERT_EQ(b - a, 40);
  w.orb(a).age = 50;
  w.orb(b).age = 20;
  w.orb(b).count = 3;
  w.orbs.tick();  // tickCount 1: every orb scans
  ASSERT_NE(w.orbs.find(a), nullptr);
  EXPECT_EQ(w.orbs.find(b), nullptr);
  EXPECT_EQ(w.orbs.find(a)->count, 4);
  EXPECT_EQ(w.orbs.find(a)->age, 21);  // the smaller age, then this tick's
  EXPECT_NE(w.orbs.find(c), nullptr);
  EXPECT_NE(w.orbs.find(d), nullptr);
  EXPECT_EQ(w.orbs.find(c)->count, 1);
}

TEST(ExperienceOrbMerge, TheScanRunsOnlyEveryTwentyTicks) {
  OrbWorld w;
  const int32_t a = w.put(7, {0.5, 64.0, 0.5});
  w.orbs.tick();  // a scans on its first tick, alone
  for (int i = 0; i < 39; ++i) w.ids.next();
  const int32_t b = w.put(7, {0.5, 64.0, 0.5});
  ASSERT_EQ(b - a, 40);
  // b scans on its own first tick and takes a.
  w.orbs.tick();
  EXPECT_EQ(w.orbs.find(a), nullptr);
  EXPECT_EQ(w.orbs.find(b)->count, 2);
  // Two more of the group join; nobody scans until b's 21st tick.
  for (int i = 0; i < 39; ++i) w.ids.next();
  const int32_t c = w.put(7, {0.5, 64.0, 0.5});
  ASSERT_EQ(c - b, 40);
  w.orbs.tick();  // c's first tick: c takes b
  EXPECT_EQ(w.orbs.find(b), nullptr);
  EXPECT_EQ(w.orbs.find(c)->count, 3);
}

// --- pickup ---

TEST(ExperienceOrbPickup, APlayerOnOrbsTakesOneEveryTwoTicksAndItsBarFollows) {
  OrbWorld w;
  Player& p = w.connections.add(1, {0.5, 64.0, 0.5});
  p.on_ground = true;
  const std::vector<int> values{17, 7, 3};
  for (int v : values) w.put(v, {0.5, 64.0, 0.5});
  std::vector<int> totals;
  for (int tick = 1; tick <= 8; ++tick) {
    const size_t before = w.orbs.size();
    w.orbs.tick();
    const bool took = w.orbs.size() < before;
    // Ticks 1, 3, 5 take an orb; the delay of 2 counts down in between.
    EXPECT_EQ(took, tick % 2 == 1 && tick <= 5) << tick;
    if (took) totals.push_back(p.xp.total);
  }
  ASSERT_EQ(totals.size(), 3u);
  EXPECT_EQ(p.xp.total, 27);
  // Level and progress are those of the points given one orb at a time.
  experience::Experience stepwise;
  int previous = 0;
  for (int total : totals) experience::give_points(stepwise, total - previous), previous = total;
  EXPECT_EQ(p.xp.level, stepwise.level);
  EXPECT_EQ(p.xp.progress, stepwise.progress);
  EXPECT_EQ(p.xp.level, 3);  // 7 + 9 + 11 = 27 points: level 3, nothing over
  // set_experience: once at the first tick (never sent), then after every orb.
  const auto sent = w.connections.sent_of<packet::play_cb::SetExperience>(1);
  ASSERT_EQ(sent.size(), 3u);
  EXPECT_EQ(sent.back().level, 3);
  EXPECT_EQ(sent.back().total, 27);
  EXPECT_EQ(sent.back().progress, p.xp.progress);
  // Each pickup shows the orb flying to the player.
  int collects = 0;
  for (const auto& [id, body] : w.tracking.broadcasts)
    collects += testing::packet_id_of(body) == packet_id::play_cb::collect;
  EXPECT_EQ(collects, 3);
}

TEST(ExperienceOrbPickup, SpectatorsAndTheDeadTakeNothing) {
  OrbWorld w;
  Player& p = w.connections.add(1, {0.5, 64.0, 0.5});
  p.game_mode = GameMode::kSpectator;
  const int32_t id = w.put(3, {0.5, 64.0, 0.5});
  for (int i = 0; i < 5; ++i) w.orbs.tick();
  EXPECT_NE(w.orbs.find(id), nullptr);
  EXPECT_FALSE(w.orbs.find(id)->following.has_value());
  p.game_mode = GameMode::kSurvival;
  p.health = 0.0f, p.dead = true;
  for (int i = 0; i < 5; ++i) w.orbs.tick();
  EXPECT_NE(w.orbs.find(id), nullptr);
  EXPECT_EQ(p.xp.total, 0);
}

// Mending (ExperienceOrb.repairPlayerItems), restated for one mendable item: an orb of v points
// repairs up to 2v; the points not spent are v − repair × v / 2v (integers), given to the player
// once nothing damaged with Mending is left.
ItemStack mending_item(std::string_view name, int damage) {
  ItemStack stack{*item_id(name), 1};
  stack.damage = damage;
  set_enchantment(stack, *enchantment_id("mending"), 1);
  return stack;
}

RC_GTEST_PROP(ExperienceOrbMending, OneMendableItemTakesTwicePointsAndLeavesTheRest, ()) {
  OrbWorld w;
  Player& p = w.connections.add(1, {0.5, 64.0, 0.5});
  p.on_ground = true;
  const int damage = *rc::gen::inRange(0, 250);
  const int value = *rc::gen::element(1, 3, 7, 17, 37, 73);
  const int slot = *rc::gen::element(kFirstHotbarSlot, kOffhandSlot, armour_menu_slot(EquipSlot::kChest));
  p.inventory[static_cast<size_t>(slot)] = mending_item(slot == armour_menu_slot(EquipSlot::kChest) ? "iron_chestplate" : "iron_pickaxe", damage);
  w.put(value, {0.5, 64.0, 0.5});
  w.orbs.tick();
  const int repair = std::min(2 * value, damage);
  const int left = repair == 0 ? value : value - repair * value / (2 * value);
  RC_ASSERT(p.inventory[static_cast<size_t>(slot)].damage == damage - repair);
  RC_ASSERT(p.xp.total == (damage > 2 * value ? 0 : left));
}

TEST(ExperienceOrbMending, OnlyDamagedItemsWithMendingAreRepaired) {
  OrbWorld w;
  Player& p = w.connections.add(1, {0.5, 64.0, 0.5});
  ItemStack plain{*item_id("iron_pickaxe"), 1};
  plain.damage = 50;
  p.inventory[static_cast<size_t>(kFirstHotbarSlot)] = plain;                     // no Mending
  p.inventory[static_cast<size_t>(kOffhandSlot)] = mending_item("shield", 0);  // not damaged
  const int boots = armour_menu_slot(EquipSlot::kFeet), helmet = armour_menu_slot(EquipSlot::kHead);
  p.inventory[static_cast<size_t>(boots)] = mending_item("iron_boots", 100);
  p.inventory[static_cast<size_t>(helmet)] = mending_item("iron_helmet", 100);
  w.put(17, {0.5, 64.0, 0.5});
  w.orbs.tick();
  EXPECT_EQ(p.inventory[static_cast<size_t>(kFirstHotbarSlot)].damage, 50);
  EXPECT_EQ(p.inventory[static_cast<size_t>(kOffhandSlot)].damage, 0);
  // One of the two pieces took all 34 points; nothing was left for the bar.
  EXPECT_EQ(p.inventory[static_cast<size_t>(boots)].damage + p.inventory[static_cast<size_t>(helmet)].damage, 200 - 34);
  EXPECT_EQ(p.xp.total, 0);
}

// --- saving ---

TEST(ExperienceOrbSaving, AnOrbRoundTripsThroughItsCompound) {
  OrbWorld w;
  const int32_t id = w.put(37, {3.25, 64.0, -5.5}, {0.01, 0.0, -0.02});
  w.orb(id).age = 1234;
  w.orb(id).count = 4;
  const Uuid uuid = w.orb(id).uuid();
  std::vector<nbt::Compound> saved;
  w.orbs.save_chunk(ChunkPos{0, -1}, saved);
  ASSERT_EQ(saved.size(), 1u);
  const nbt::Compound& c = saved[0];
  EXPECT_EQ(*c.find("id")->as<std::string>(), "minecraft:experience_orb");
  EXPECT_EQ(*c.find("Value")->as<int16_t>(), 37);
  EXPECT_EQ(*c.find("Age")->as<int16_t>(), 1234);
  EXPECT_EQ(*c.find("Health")->as<int16_t>(), 5);
  EXPECT_EQ(*c.find("Count")->as<int32_t>(), 4);
  w.orbs.unload_chunk(ChunkPos{0, -1});
  EXPECT_EQ(w.orbs.size(), 0u);
  ASSERT_TRUE(w.orbs.load(c));
  const ExperienceOrb& back = *w.orbs.find(w.orbs.ids().front());
  EXPECT_EQ(back.value(), 37);
  EXPECT_EQ(back.count, 4);
  EXPECT_EQ(back.age, 1234);
  EXPECT_EQ(back.position, (Vec3{3.25, 64.0, -5.5}));
  EXPECT_EQ(back.uuid(), uuid);
  // A count that is not positive reads as 1; missing keys take their defaults.
  nbt::Compound odd = c;
  odd.put("Count", int32_t{0});
  ASSERT_TRUE(experience_orb_codec::load(odd).has_value());
  EXPECT_EQ(experience_orb_codec::load(odd)->count, 1);
}

// --- through the core ---

// The summoned mob of a kind (NoAI), among the animals the world generated.
Mob& summoned(Mobs& mobs, MobType type) {
  Mob* found = nullptr;
  for (int32_t id : mobs.ids()) {
    Mob* mob = mobs.find(id);
    if (mob->mob_kind().type == type && mob->state.no_ai && !mob->state.dead) found = mob;
  }
  EXPECT_NE(found, nullptr);
  return *found;
}

struct CoreWorld {
  testing::StreamingServer s{3};
  CoreWorld() { s.prepare_spawn(); }
  void run(const std::string& line) { s.pass({ConsoleLine{line}}); }
};

TEST(ExperienceThroughTheCore, ASurvivalPlayersKillDropsOrbsThePlayerThenTakes) {
  CoreWorld w;
  testing::TestClient alice = w.s.join_loaded(1, "Alice", 3);
  for (int i = 0; i < 40; ++i) w.s.pass();
  Player& player = *w.s.h.core.sessions().player(1);
  player.game_mode = GameMode::kSurvival;
  const Vec3 at = player.position;
  w.run("summon chicken " + std::to_string(at.x + 1.5) + " " + std::to_string(at.y) + " " + std::to_string(at.z) +
        " {NoAI:1b}");
  Mobs& mobs = w.s.h.core.mobs();
  Mob& chicken = summoned(mobs, MobType::kChicken);
  ExperienceOrbs& orbs = w.s.h.core.experience_orbs();
  ASSERT_EQ(orbs.size(), 0u);
  ASSERT_TRUE(mobs.hurt(chicken, MobDamage::kPlayerAttack, 10.0f, &player));
  // A chicken is worth 1-3 points: orbs of 1 or 3 at its feet.
  int points = 0;
  for (int32_t id : orbs.ids()) points += orbs.find(id)->value() * orbs.find(id)->count;
  EXPECT_GE(points, 1);
  EXPECT_LE(points, 3);
  EXPECT_GE(orbs.size(), 1u);
  // The orbs fly to the player, who takes them; set_experience tells the client.
  std::vector<packet::play_cb::SetExperience> sent;
  for (int i = 0; i < 100 && orbs.size() > 0; ++i) {
    w.s.pass();
    for (const auto& p : testing::sent_to<packet::play_cb::SetExperience>(w.s.h.sink, 1)) sent.push_back(p);
  }
  for (int i = 0; i < 3; ++i) {
    w.s.pass();
    for (const auto& p : testing::sent_to<packet::play_cb::SetExperience>(w.s.h.sink, 1)) sent.push_back(p);
  }
  EXPECT_EQ(orbs.size(), 0u);
  EXPECT_EQ(player.xp.total, points);
  EXPECT_EQ(player.xp.level, 0);
  ASSERT_FALSE(sent.empty());
  EXPECT_EQ(sent.back().total, points);
  EXPECT_EQ(sent.back().level, 0);
  // One orb at a time: the progress is the sum of value / 7 in floats, as giveExperiencePoints.
  EXPECT_NEAR(sent.back().progress, static_cast<float>(points) / 7.0f, 1e-6f);
}

TEST(ExperienceThroughTheCore, AKillWithoutAPlayerOrWithMobDropsOffDropsNoOrbs) {
  CoreWorld w;
  testing::TestClient alice = w.s.join_loaded(1, "Alice", 3);
  for (int i = 0; i < 40; ++i) w.s.pass();
  Player& player = *w.s.h.core.sessions().player(1);
  const Vec3 at = player.position;
  const std::string where = std::to_string(at.x + 1.5) + " " + std::to_string(at.y) + " " + std::to_string(at.z);
  w.run("summon zombie " + where + " {NoAI:1b}");
  w.run("kill @e[type=zombie]");
  EXPECT_EQ(w.s.h.core.experience_orbs().size(), 0u);
  w.run("gamerule mob_drops false");
  w.run("summon pig " + where + " {NoAI:1b}");
  Mobs& mobs = w.s.h.core.mobs();
  Mob& pig = summoned(mobs, MobType::kPig);
  ASSERT_TRUE(mobs.hurt(pig, MobDamage::kPlayerAttack, 20.0f, &player));
  EXPECT_EQ(w.s.h.core.experience_orbs().size(), 0u);
}

TEST(ExperienceThroughTheCore, OnlyAKillWithin100TicksOfAPlayersHitDropsOrbs) {
  CoreWorld w;
  testing::TestClient alice = w.s.join_loaded(1, "Alice", 3);
  for (int i = 0; i < 40; ++i) w.s.pass();
  Player& player = *w.s.h.core.sessions().player(1);
  const Vec3 at = player.position;
  const std::string where = std::to_string(at.x + 4.5) + " " + std::to_string(at.y) + " " + std::to_string(at.z);
  Mobs& mobs = w.s.h.core.mobs();
  // Hit once by the player, killed by /kill in the 99th tick after: the player's hit still counts
  // (the memory of 100 is counted down once a tick, and the command runs before the mobs tick).
  w.run("summon cow " + where + " {NoAI:1b}");
  ASSERT_TRUE(mobs.hurt(summoned(mobs, MobType::kCow), MobDamage::kPlayerAttack, 1.0f, &player));
  for (int i = 0; i < 98; ++i) w.s.pass();
  w.run("kill @e[type=cow]");
  EXPECT_GE(w.s.h.core.experience_orbs().size(), 1u);
  for (int i = 0; i < 150; ++i) w.s.pass();  // taken by the player; the cow's body is gone
  ASSERT_EQ(w.s.h.core.experience_orbs().size(), 0u);
  // In the 101st tick: forgotten.
  w.run("summon cow " + where + " {NoAI:1b}");
  ASSERT_TRUE(mobs.hurt(summoned(mobs, MobType::kCow), MobDamage::kPlayerAttack, 1.0f, &player));
  for (int i = 0; i < 100; ++i) w.s.pass();
  w.run("kill @e[type=cow]");
  EXPECT_EQ(w.s.h.core.experience_orbs().size(), 0u);
}

TEST(ExperienceThroughTheCore, ADyingPlayerDropsSevenPointsALevelAndRespawnsWithout) {
  CoreWorld w;
  testing::TestClient alice = w.s.join_loaded(1, "Alice", 3);
  for (int i = 0; i < 40; ++i) w.s.pass();
  Player& player = *w.s.h.core.sessions().player(1);
  player.xp = experience::Experience{5, 0.5f, 60};
  // Killed away from the spawn, so the respawned player does not stand on its own orbs.
  const Vec3 at = player.position;
  w.run("tp Alice " + std::to_string(at.x + 20.0) + " " + std::to_string(at.y + 10.0) + " " + std::to_string(at.z));
  w.run("kill Alice");
  ASSERT_TRUE(player.dead);
  ExperienceOrbs& orbs = w.s.h.core.experience_orbs();
  int points = 0;
  for (int32_t id : orbs.ids()) points += orbs.find(id)->value() * orbs.find(id)->count;
  EXPECT_EQ(points, 35);  // 7 x level 5
  w.s.pass();
  alice.packet(packet::play_sb::ClientCommand{0});
  w.s.pass({alice.take()});
  ASSERT_FALSE(player.dead);
  EXPECT_EQ(player.xp.level, 0);
  EXPECT_EQ(player.xp.total, 0);
  EXPECT_EQ(player.xp.progress, 0.0f);
  const auto sent = testing::sent_to<packet::play_cb::SetExperience>(w.s.h.sink, 1);
  ASSERT_EQ(sent.size(), 1u);
  EXPECT_EQ(sent[0].total, 0);
  EXPECT_EQ(sent[0].level, 0);
}

TEST(ExperienceThroughTheCore, KeepInventoryKeepsTheExperienceAndDropsNone) {
  CoreWorld w;
  testing::TestClient alice = w.s.join_loaded(1, "Alice", 3);
  for (int i = 0; i < 40; ++i) w.s.pass();
  w.run("gamerule keep_inventory true");
  Player& player = *w.s.h.core.sessions().player(1);
  player.xp = experience::Experience{5, 0.5f, 60};
  w.run("kill Alice");
  EXPECT_EQ(w.s.h.core.experience_orbs().size(), 0u);
  alice.packet(packet::play_sb::ClientCommand{0});
  w.s.pass({alice.take()});
  ASSERT_FALSE(player.dead);
  EXPECT_EQ(player.xp.level, 5);
  EXPECT_EQ(player.xp.total, 60);
  const auto sent = testing::sent_to<packet::play_cb::SetExperience>(w.s.h.sink, 1);
  ASSERT_EQ(sent.size(), 1u);  // restoreFrom: sent again after the respawn
  EXPECT_EQ(sent[0].level, 5);
}

TEST(ExperienceThroughTheCore, AJoiningPlayerIsToldItsExperienceOnItsFirstTick) {
  CoreWorld w;
  testing::TestClient alice = w.s.join(1, "Alice", 3);
  // The join's first tick sends the bar (never sent before): a new player's is empty.
  const auto sent = testing::sent_to<packet::play_cb::SetExperience>(w.s.h.sink, 1);
  ASSERT_EQ(sent.size(), 1u);
  EXPECT_EQ(sent[0].total, 0);
}

}  // namespace
}  // namespace hz
