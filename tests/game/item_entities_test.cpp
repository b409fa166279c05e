// Item entities and block loot (docs/rules/item-entities.md): one item's fall and slide on flat
// ground against a reference model written from vanilla's rules, merging, despawn, spawn
// offsets, loot counts and tool requirements, and scenarios through the core (a survival break
// drops the block's item, viewers see it, the player picks it up).
#include <gtest/gtest.h>
#include <rapidcheck/gtest.h>

#include <algorithm>
#include <cmath>
#include <map>
#include <set>
#include <string>
#include <vector>

#include "sim/game/blocks/block_kinds.h"
#include "sim/core/java_format.h"
#include "sim/data/catalog.h"
#include "sim/game/entities/entity_data.h"
#include "sim/game/entities/block_loot.h"
#include "sim/game/entities/item_entities.h"
#include "sim/game/entities/tool_rules.h"
#include "sim/game/items/enchantments.h"
#include "sim/game/tracking/entity_tracker.h"
#include "tests/game/entity_fakes.h"
#include "tests/game/movement_fake_world.h"
#include "tests/game/streaming_server.h"

namespace hz {
namespace {

using testing::FakeWorld;
using testing::packet_id_of;
using testing::StreamingServer;
using testing::TestClient;

ItemStack stack_of(std::string_view item, int count) { return ItemStack{*item_id(item), count}; }

// --- fakes for the system on its own ---

using FakeConnections = testing::FakePlayerConnections;
using testing::RecordingTracking;

struct ItemWorld {
  FakeWorld world;
  EntityIds ids;
  Rng random{7};
  FakeConnections connections;
  RecordingTracking tracking;
  GameRules rules;
  ItemEntities items{ids, random, connections, tracking, rules};

  ItemWorld() {
    world.ground(63);  // stone whose top is y = 64
    items.set_block_source(&world);
  }
  int32_t put(const ItemStack& stack, const Vec3& at, const Vec3& velocity = {}, int pickup_delay = 0) {
    return items.spawn(stack, item_spawns::Spawn{at, velocity, pickup_delay});
  }
};

// --- reference model: one item over flat stone whose top is y = 64 ---

// Written from ItemEntity.tick and Entity.move: gravity 0.04, a resting item (on ground, slower
// than 1e-5 squared horizontally) moves only when (tickCount + id) % 4 == 0; the move stops at
// the ground (a box touching the ground ignores axis moves under 1e-7), and is not applied at all
// when what is left is under 1e-7 squared while more than that was cut off; landing zeroes the
// vertical speed; friction 0.6 x 0.98 (as floats) on the ground, 0.98 in the air, 0.98 on y; a
// grounded item still falling bounces at half speed.
struct ReferenceItem {
  double x, y, z, vx, vy, vz;
  bool on_ground = false;
  int tick = 0;
  int id;

  // Ground blocks (x, 63, z) whose columns overlap the item's box swept by its velocity.
  int ground_blocks_under_swept_box() const {
    auto columns = [](double centre, double move) {
      const double lo = std::min(centre - 0.125, centre - 0.125 + move), hi = std::max(centre + 0.125, centre + 0.125 + move);
      return static_cast<int>(std::ceil(hi) - std::floor(lo));
    };
    return columns(x, vx) * columns(z, vz);
  }

  void step() {
    ++tick;
    vy -= 0.04;
    const double resting_limit = static_cast<double>(1.0e-5f);
    const bool resting = on_ground && !(vx * vx + vz * vz > resting_limit) && (tick + id) % 4 != 0;
    if (resting) return;
    double mx = vx, my = vy, mz = vz;
    const bool touches_ground = y + vy < 64.0;
    if (touches_ground) {
      my = std::abs(my) < 1.0e-7 ? 0.0 : std::max(my, 64.0 - y);
      // Shapes.collide gives up as soon as what is left is under 1e-7 and another shape follows: with
      // two or more ground blocks under the swept box, a clip to a hair above the ground is no move.
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
    on_ground = my != vy && vy < 0.0;
    if (my != vy) vy = vy * 0.0;
    const double friction = on_ground ? static_cast<double>(0.6f * 0.98f) : static_cast<double>(0.98f);
    vx *= friction, vy *= 0.98, vz *= friction;
    if (on_ground && vy < 0.0) vy *= -0.5;
  }
};

RC_GTEST_PROP(ItemPhysics, FallAndSlideOnFlatGroundMatchTheReferenceModel, ()) {
  ItemWorld w;
  const auto thousandths = [](int lo, int hi) { return *rc::gen::inRange(lo, hi + 1) / 1000.0; };
  const Vec3 start{thousandths(-20000, 20000), 64.0 + thousandths(0, 4000), thousandths(-20000, 20000)};
  const Vec3 velocity{thousandths(-400, 400), thousandths(-500, 500), thousandths(-400, 400)};
  const int32_t id = w.put(stack_of("dirt", 1), start, velocity, 32767);
  ReferenceItem ref{start.x, start.y, start.z, velocity.x, velocity.y, velocity.z, false, 0, id};
  for (int tick = 1; tick <= 150; ++tick) {
    w.items.tick();
    ref.step();
    const ItemEntity* item = w.items.find(id);
    RC_ASSERT(item != nullptr);
    RC_ASSERT(item->position == (Vec3{ref.x, ref.y, ref.z}));
    RC_ASSERT(item->velocity == (Vec3{ref.vx, ref.vy, ref.vz}));
    RC_ASSERT(item->on_ground == ref.on_ground);
  }
}

TEST(ItemPhysics, FreeFallFollowsGravityAndDrag) {
  ItemWorld w;
  const int32_t id = w.put(stack_of("dirt", 1), {0.5, 100.0, 0.5}, {}, 32767);
  w.items.tick();
  EXPECT_DOUBLE_EQ(w.items.find(id)->velocity.y, -0.04 * 0.98);
  EXPECT_DOUBLE_EQ(w.items.find(id)->position.y, 100.0 - 0.04);
  w.items.tick();
  EXPECT_DOUBLE_EQ(w.items.find(id)->velocity.y, (-0.0392 - 0.04) * 0.98);
}

TEST(ItemPhysics, IceKeepsItemsSlidingLongerThanStone) {
  ItemWorld stone, ice;
  ice.world.ground(63, "ice");
  const int32_t a = stone.put(stack_of("dirt", 1), {0.5, 64.0, 0.5}, {0.2, 0.0, 0.0}, 32767);
  const int32_t b = ice.put(stack_of("dirt", 1), {0.5, 64.0, 0.5}, {0.2, 0.0, 0.0}, 32767);
  stone.items.tick(), ice.items.tick();
  stone.items.tick(), ice.items.tick();
  // On the ground the horizontal speed shrinks by friction x 0.98 per tick.
  EXPECT_DOUBLE_EQ(stone.items.find(a)->velocity.x, 0.2 * static_cast<double>(0.6f * 0.98f) * static_cast<double>(0.6f * 0.98f));
  EXPECT_DOUBLE_EQ(ice.items.find(b)->velocity.x, 0.2 * static_cast<double>(0.98f * 0.98f) * static_cast<double>(0.98f * 0.98f));
}

TEST(ItemPhysics, ItemsInWaterFloatUp) {
  ItemWorld w;
  for (int y = 64; y < 70; ++y) w.world.set(0, y, 0, "water");
  const int32_t id = w.put(stack_of("dirt", 1), {0.5, 65.0, 0.5}, {0.1, 0.0, 0.0}, 32767);
  w.items.tick();
  // Water: x0.99 horizontally (then air drag 0.98), +5e-4 upwards instead of gravity.
  EXPECT_DOUBLE_EQ(w.items.find(id)->velocity.x, 0.1 * static_cast<double>(0.99f) * static_cast<double>(0.98f));
  EXPECT_DOUBLE_EQ(w.items.find(id)->velocity.y, static_cast<double>(5.0e-4f) * 0.98);
}

// --- merging and despawn ---

TEST(ItemEntitiesMerge, TheSmallerStackJoinsTheLargerOnTheFortiethTick) {
  ItemWorld w;
  const int32_t small = w.put(stack_of("dirt", 3), {0.5, 64.0, 0.5});
  const int32_t large = w.put(stack_of("dirt", 5), {0.9, 64.0, 0.5});
  for (int tick = 1; tick < 40; ++tick) w.items.tick();
  ASSERT_NE(w.items.find(small), nullptr);
  ASSERT_NE(w.items.find(large), nullptr);
  w.items.tick();
  EXPECT_EQ(w.items.find(small), nullptr);
  ASSERT_NE(w.items.find(large), nullptr);
  EXPECT_EQ(w.items.find(large)->stack().count, 8);
  EXPECT_EQ(w.tracking.removed, std::vector<int32_t>{small});
}

TEST(ItemEntitiesMerge, StacksThatWouldOverflowOrDifferOrAreFarApartStay) {
  ItemWorld w;
  const int32_t a = w.put(stack_of("dirt", 40), {0.5, 64.0, 0.5});
  const int32_t b = w.put(stack_of("dirt", 40), {0.7, 64.0, 0.5});
  const int32_t c = w.put(stack_of("stone", 1), {0.6, 64.0, 0.5});
  const int32_t d = w.put(stack_of("stone", 1), {5.6, 64.0, 0.5});
  for (int tick = 0; tick < 81; ++tick) w.items.tick();
  EXPECT_EQ(w.items.ids(), (std::vector<int32_t>{a, b, c, d}));
}

TEST(ItemEntitiesMerge, StacksWithDifferentEnchantmentsStayApart) {
  ItemWorld w;
  ItemStack enchanted = stack_of("dirt", 3);
  set_enchantment(enchanted, *enchantment_id("efficiency"), 1);
  const int32_t a = w.put(stack_of("dirt", 3), {0.5, 64.0, 0.5});
  const int32_t b = w.put(enchanted, {0.7, 64.0, 0.5});
  for (int tick = 0; tick < 81; ++tick) w.items.tick();
  EXPECT_EQ(w.items.ids(), (std::vector<int32_t>{a, b}));
  w.put(enchanted, {0.6, 64.0, 0.5});  // the same enchantments merge
  for (int tick = 0; tick < 41; ++tick) w.items.tick();
  const std::vector<int32_t> left = w.items.ids();
  ASSERT_EQ(left.size(), 2u);
  EXPECT_EQ(left[0], a);
  EXPECT_EQ(w.items.find(left[1])->stack(), (ItemStack{enchanted.item, 6, enchanted.enchantments}));
}

TEST(ItemEntitiesMerge, AMergeKeepsTheLongerDelayAndTheYoungerAge) {
  ItemWorld w;
  const int32_t old_one = w.put(stack_of("dirt", 2), {0.5, 64.0, 0.5}, {}, 0);
  for (int tick = 0; tick < 30; ++tick) w.items.tick();
  w.put(stack_of("dirt", 1), {0.6, 64.0, 0.5}, {}, 500);  // younger, with a longer delay
  for (int tick = 0; tick < 10; ++tick) w.items.tick();  // the old item's 40th tick merges
  ASSERT_EQ(w.items.ids(), std::vector<int32_t>{old_one});
  EXPECT_EQ(w.items.find(old_one)->stack().count, 3);
  // Items tick in id order: the young item had counted down 9 of its 10 ticks, and was 9 old.
  EXPECT_EQ(w.items.find(old_one)->age, 10);  // min(9, 39) + the old item's own tick after merging
  EXPECT_EQ(w.items.find(old_one)->pickup_delay, 491);
}

TEST(ItemEntitiesDespawn, AnItemDisappearsAtAge6000) {
  ItemWorld w;
  const int32_t id = w.put(stack_of("dirt", 1), {0.5, 64.0, 0.5});
  for (int tick = 1; tick < 6000; ++tick) w.items.tick();
  ASSERT_NE(w.items.find(id), nullptr);
  EXPECT_EQ(w.items.find(id)->age, 5999);
  w.items.tick();
  EXPECT_EQ(w.items.find(id), nullptr);
  EXPECT_EQ(w.tracking.removed, std::vector<int32_t>{id});
}

TEST(ItemEntitiesDespawn, ItemsInUnloadedChunksDoNotAge) {
  ItemWorld w;
  w.world.unload_chunk(0, 0);
  const int32_t id = w.put(stack_of("dirt", 1), {0.5, 64.0, 0.5});
  for (int tick = 0; tick < 100; ++tick) w.items.tick();
  EXPECT_EQ(w.items.find(id)->age, 0);
}

TEST(ItemEntitiesDespawn, ItemsFallingBelowTheWorldAreRemoved) {
  ItemWorld w;
  const int32_t id = w.put(stack_of("dirt", 1), {0.5, -127.9, 0.5}, {0.0, -1.0, 0.0});
  w.items.tick();
  w.items.tick();
  EXPECT_EQ(w.items.find(id), nullptr);
}

// --- pickup ---

TEST(ItemPickup, APlayerTakesTheItemOnceTheDelayIsOver) {
  ItemWorld w;
  Player& p = w.connections.add(1, {0.5, 64.0, 0.5});
  const int32_t id = w.put(stack_of("cobblestone", 1), {1.5, 64.0, 0.5}, {}, 10);
  for (int tick = 0; tick < 9; ++tick) w.items.tick();
  ASSERT_NE(w.items.find(id), nullptr);
  w.items.tick();
  EXPECT_EQ(w.items.find(id), nullptr);
  EXPECT_EQ(p.inventory[kFirstHotbarSlot], stack_of("cobblestone", 1));
  ASSERT_EQ(w.tracking.broadcasts.size(), 1u);
  auto take = decode_packet<packet::play_cb::Collect>(w.tracking.broadcasts[0].second);
  ASSERT_TRUE(take.ok());
  EXPECT_EQ(take->collected_entity_id, id);
  EXPECT_EQ(take->collector_entity_id, p.entity_id);
  EXPECT_EQ(take->pickup_item_count, 1);
  // The slot reaches the client through the inventory window's sync, not from here.
  EXPECT_TRUE(w.connections.sent.empty());
}

TEST(ItemPickup, TheReachIsOneBlockSidewaysAndHalfABlockUp) {
  // The player's box (0.6 wide, 1.8 tall) grown by 1 horizontally and 0.5 vertically; the item
  // (0.25 wide) lies on the ground, or on a block whose top is y = 66.
  for (const auto& [item_x, item_y, player_y, reached] : std::vector<std::tuple<double, double, double, bool>>{
           {0.5 + 0.3 + 1.0 + 0.125 - 0.01, 64.0, 64.0, true},
           {0.5 + 0.3 + 1.0 + 0.125 + 0.01, 64.0, 64.0, false},
           {0.5, 66.0, 66.0 - 1.8 - 0.5 + 0.01, true},
           {0.5, 66.0, 66.0 - 1.8 - 0.5 - 0.01, false}}) {
    ItemWorld w;
    w.connections.add(1, {0.5, player_y, 0.5});
    w.world.set(0, 64, 0, "stone"), w.world.set(0, 65, 0, "stone");
    const int32_t id = w.put(stack_of("dirt", 1), {item_x, item_y, 0.5}, {}, 0);
    w.items.tick();
    EXPECT_EQ(w.items.find(id) == nullptr, reached) << item_x << " " << player_y;
  }
}

TEST(ItemPickup, SpectatorsDeadPlayersAndFullInventoriesTakeNothing) {
  ItemWorld w;
  Player& spectator = w.connections.add(1, {0.5, 64.0, 0.5});
  spectator.game_mode = GameMode::kSpectator;
  Player& dead = w.connections.add(2, {0.5, 64.0, 0.5});
  dead.dead = true, dead.health = 0.0f;
  Player& full = w.connections.add(3, {0.5, 64.0, 0.5});
  full.inventory.fill(stack_of("stone", 64));
  const int32_t id = w.put(stack_of("dirt", 1), {0.5, 64.0, 0.5}, {}, 0);
  for (int tick = 0; tick < 5; ++tick) w.items.tick();
  EXPECT_NE(w.items.find(id), nullptr);
  EXPECT_TRUE(w.tracking.broadcasts.empty());
}

TEST(ItemPickup, APartialPickupReportsTheWholeCountAndLeavesTheRest) {
  ItemWorld w;
  Player& p = w.connections.add(1, {0.5, 64.0, 0.5});
  p.inventory.fill(stack_of("stone", 64));
  p.inventory[20] = stack_of("dirt", 60);
  const int32_t id = w.put(stack_of("dirt", 10), {0.5, 64.0, 0.5}, {}, 0);
  w.items.tick();
  ASSERT_NE(w.items.find(id), nullptr);
  EXPECT_EQ(w.items.find(id)->stack().count, 6);
  EXPECT_EQ(p.inventory[20].count, 64);
  ASSERT_EQ(w.tracking.broadcasts.size(), 1u);
  EXPECT_EQ(decode_packet<packet::play_cb::Collect>(w.tracking.broadcasts[0].second)->pickup_item_count, 10);
}

// --- spawning ---

RC_GTEST_PROP(ItemSpawns, BlockDropsStartNearTheCentreMovingUp, ()) {
  Rng random(*rc::gen::arbitrary<uint64_t>());
  const BlockPos pos{*rc::gen::inRange(-1000, 1000), *rc::gen::inRange(-64, 320), *rc::gen::inRange(-1000, 1000)};
  const item_spawns::Spawn s = item_spawns::from_block(pos, random);
  RC_ASSERT(s.position.x >= pos.x + 0.25 && s.position.x <= pos.x + 0.75);
  RC_ASSERT(s.position.y >= pos.y + 0.125 && s.position.y <= pos.y + 0.625);
  RC_ASSERT(s.position.z >= pos.z + 0.25 && s.position.z <= pos.z + 0.75);
  RC_ASSERT(s.velocity.y == 0.2);
  RC_ASSERT(std::abs(s.velocity.x) <= 0.1 && std::abs(s.velocity.z) <= 0.1);
  RC_ASSERT(s.pickup_delay == 10);
}

RC_GTEST_PROP(ItemSpawns, ThrowsLeaveFromBelowTheEyesAlongTheLook, ()) {
  Rng random(*rc::gen::arbitrary<uint64_t>());
  Player p;
  p.position = Vec3{10.0, 70.0, -3.0};
  p.yaw = static_cast<float>(*rc::gen::inRange(-180, 180));
  p.pitch = static_cast<float>(*rc::gen::inRange(-90, 90));
  const item_spawns::Spawn s = item_spawns::from_player(p, false, random);
  RC_ASSERT(s.position.y == 70.0 + static_cast<double>(1.62f) - static_cast<double>(0.3f));
  RC_ASSERT(s.pickup_delay == 40);
  // Facing yaw 0 is +z; the throw goes along the look's horizontal direction at about 0.3.
  const double rad = p.yaw * M_PI / 180.0, pitch = p.pitch * M_PI / 180.0;
  const double ex = -std::sin(rad) * std::cos(pitch) * 0.3, ez = std::cos(rad) * std::cos(pitch) * 0.3;
  RC_ASSERT(std::abs(s.velocity.x - ex) <= 0.021);
  RC_ASSERT(std::abs(s.velocity.z - ez) <= 0.021);
  const double ey = -std::sin(pitch) * 0.3 + 0.1;
  RC_ASSERT(std::abs(s.velocity.y - ey) <= 0.101);
}

TEST(ItemSpawns, ThrownItemsRememberTheThrowerOnlyWhenAsked) {
  ItemWorld w;
  Player& p = w.connections.add(1, {0.5, 64.0, 0.5});
  p.uuid = Uuid{1, 2};
  w.items.drop_from_player(p, stack_of("dirt", 1), false, true);
  w.items.drop_from_player(p, stack_of("dirt", 1), true, false);
  const std::vector<int32_t> ids = w.items.ids();
  ASSERT_EQ(ids.size(), 2u);
  EXPECT_EQ(w.items.find(ids[0])->thrower, p.uuid);
  EXPECT_FALSE(w.items.find(ids[1])->thrower.has_value());
  EXPECT_EQ(w.items.find(ids[1])->pickup_delay, 40);
}

TEST(ItemSpawns, TheBlockDropsRuleOffDropsNothing) {
  ItemWorld w;
  w.rules.set(*w.rules.find("block_drops"), 0);
  w.items.drop_from_block({0, 64, 0}, stack_of("dirt", 1));
  EXPECT_EQ(w.items.size(), 0u);
}

// --- loot ---

// The count range each block's table gives without Fortune, from the loot tables; nullopt for
// blocks outside this list.
std::optional<std::pair<int, int>> expected_ore_counts(std::string_view block) {
  static const std::map<std::string, std::pair<int, int>, std::less<>> counts = {
      {"coal_ore", {1, 1}},   {"iron_ore", {1, 1}},     {"copper_ore", {2, 5}},  {"gold_ore", {1, 1}},
      {"redstone_ore", {4, 5}}, {"lapis_ore", {4, 9}},  {"diamond_ore", {1, 1}}, {"emerald_ore", {1, 1}}};
  const std::string_view base = block.starts_with("deepslate_") ? block.substr(10) : block;
  auto it = counts.find(base);
  if (it == counts.end()) return std::nullopt;
  return it->second;
}

ItemStack random_tool() {
  static const std::vector<std::string> tools = {"",           "wooden_pickaxe", "stone_pickaxe", "iron_pickaxe",
                                                 "diamond_pickaxe", "golden_pickaxe", "wooden_shovel", "iron_axe",
                                                 "shears",     "iron_sword",     "netherite_pickaxe"};
  const std::string& name = *rc::gen::elementOf(tools);
  return name.empty() ? ItemStack{} : stack_of(name, 1);
}

RC_GTEST_PROP(BlockLoot, RequiredToolsAndCountRangesHold, ()) {
  const auto block = static_cast<BlockId>(*rc::gen::inRange(0, block_count()));
  const BlockInfo& info = block_info(block);
  const BlockStateId state = static_cast<BlockStateId>(*rc::gen::inRange(int(info.min_state), int(info.max_state) + 1));
  const ItemStack tool = random_tool();
  Rng random(*rc::gen::arbitrary<uint64_t>());
  const std::vector<ItemStack> drops = loot_for_block(state, tool, random);
  if (info.requires_tool && !tool_is_correct_for(state, tool)) RC_ASSERT(drops.empty());
  if (info.requires_tool && tool.empty()) RC_ASSERT(drops.empty());
  for (const ItemStack& s : drops) {
    RC_ASSERT(s.count >= 1);
    RC_ASSERT(s.count <= item_max_stack_size(s.item));
  }
  if (auto range = expected_ore_counts(info.name); range && !drops.empty()) {
    RC_ASSERT(drops.size() == 1u);
    RC_ASSERT(drops[0].count >= range->first && drops[0].count <= range->second);
  }
}

// The crops' loot tables restated, drawing from a copy of the same sequence: seeds or produce,
// and at full age 1 + binomial(3, 0.5714286) more (and 2 % a poisonous potato).
RC_GTEST_PROP(BlockLoot, CropsDropTheirTables, ()) {
  const std::string crop = *rc::gen::element<std::string>("wheat", "carrots", "potatoes", "beetroots");
  const int max_age = crop == "beetroots" ? 3 : 7;
  const int age = *rc::gen::inRange(0, max_age + 1);
  const uint64_t seed = *rc::gen::arbitrary<uint64_t>();
  Rng random(seed), reference(seed);
  const BlockStateId state = with_value(default_state_of(crop), "age", std::to_string(age));
  std::map<std::string, int> got;
  for (const ItemStack& stack : loot_for_block(state, ItemStack{}, random)) got[std::string(item_name(stack.item))] += stack.count;
  std::map<std::string, int> want;
  auto bonus = [&] {
    int n = 1;
    for (int i = 0; i < 3; ++i) n += reference.next_float() < 0.5714286f ? 1 : 0;
    return n;
  };
  const bool ripe = age == max_age;
  if (crop == "wheat") {
    if (ripe) want["wheat"] = 1, want["wheat_seeds"] = bonus();
    else want["wheat_seeds"] = 1;
  } else if (crop == "beetroots") {
    if (ripe) want["beetroot"] = 1, want["beetroot_seeds"] = bonus();
    else want["beetroot_seeds"] = 1;
  } else {
    const std::string produce = crop == "carrots" ? "carrot" : "potato";
    want[produce] = 1;
    if (ripe) {
      want[produce] += bonus();
      if (crop == "potatoes" && reference.next_float() < 0.02f) want["poisonous_potato"] = 1;
    }
  }
  RC_ASSERT(got == want);
  RC_ASSERT(random.next_u64() == reference.next_u64());
}

TEST(BlockLoot, CommonBlocksDropWhatTheirTablesSay) {
  Rng random(3);
  const ItemStack hand{};
  const ItemStack wooden = stack_of("wooden_pickaxe", 1), stone_pick = stack_of("stone_pickaxe", 1);
  const ItemStack iron = stack_of("iron_pickaxe", 1);
  auto drop = [&](std::string_view block, const ItemStack& tool) {
    return loot_for_block(default_state_of(block), tool, random);
  };
  EXPECT_EQ(drop("grass_block", hand), std::vector<ItemStack>{stack_of("dirt", 1)});
  EXPECT_EQ(drop("dirt", hand), std::vector<ItemStack>{stack_of("dirt", 1)});
  EXPECT_EQ(drop("oak_log", hand), std::vector<ItemStack>{stack_of("oak_log", 1)});
  EXPECT_TRUE(drop("stone", hand).empty());
  EXPECT_EQ(drop("stone", wooden), std::vector<ItemStack>{stack_of("cobblestone", 1)});
  EXPECT_EQ(drop("deepslate", wooden), std::vector<ItemStack>{stack_of("cobbled_deepslate", 1)});
  EXPECT_EQ(drop("coal_ore", wooden), std::vector<ItemStack>{stack_of("coal", 1)});
  EXPECT_TRUE(drop("iron_ore", wooden).empty());
  EXPECT_EQ(drop("iron_ore", stone_pick), std::vector<ItemStack>{stack_of("raw_iron", 1)});
  EXPECT_EQ(drop("deepslate_iron_ore", stone_pick), std::vector<ItemStack>{stack_of("raw_iron", 1)});
  EXPECT_TRUE(drop("diamond_ore", stone_pick).empty());
  EXPECT_EQ(drop("diamond_ore", iron), std::vector<ItemStack>{stack_of("diamond", 1)});
  EXPECT_TRUE(drop("stone", stack_of("wooden_shovel", 1)).empty());
  EXPECT_TRUE(drop("glass", hand).empty());
  EXPECT_EQ(drop("oak_leaves", stack_of("shears", 1)), std::vector<ItemStack>{stack_of("oak_leaves", 1)});
  EXPECT_EQ(drop("wall_torch", hand), std::vector<ItemStack>{stack_of("torch", 1)});
}

TEST(BlockLoot, CountsCoverTheirWholeRanges) {
  Rng random(11);
  const ItemStack iron = stack_of("iron_pickaxe", 1);
  std::map<std::string, std::set<int>> seen;
  for (int i = 0; i < 2000; ++i)
    for (std::string_view ore : {"copper_ore", "lapis_ore", "redstone_ore"})
      seen[std::string(ore)].insert(loot_for_block(default_state_of(ore), iron, random).at(0).count);
  EXPECT_EQ(seen["copper_ore"], (std::set<int>{2, 3, 4, 5}));
  EXPECT_EQ(seen["lapis_ore"], (std::set<int>{4, 5, 6, 7, 8, 9}));
  EXPECT_EQ(seen["redstone_ore"], (std::set<int>{4, 5}));
}

TEST(BlockLoot, LeavesAndGravelRollTheirChances) {
  Rng random(5);
  constexpr int kRolls = 200000;
  std::map<std::string, int> counts;
  for (int i = 0; i < kRolls; ++i) {
    for (const ItemStack& s : loot_for_block(default_state_of("oak_leaves"), ItemStack{}, random))
      ++counts[std::string(item_name(s.item))];
    for (const ItemStack& s : loot_for_block(default_state_of("gravel"), ItemStack{}, random))
      ++counts["gravel:" + std::string(item_name(s.item))];
  }
  // Expected 1/20, 1/50 (one or two sticks: 1.5 on average), 1/200 and 1/10; within 5 %.
  EXPECT_NEAR(counts["oak_sapling"], kRolls / 20.0, kRolls / 20.0 * 0.05);
  EXPECT_NEAR(counts["apple"], kRolls / 200.0, kRolls / 200.0 * 0.1);
  EXPECT_NEAR(counts["gravel:flint"], kRolls / 10.0, kRolls / 10.0 * 0.05);
  EXPECT_EQ(counts["gravel:flint"] + counts["gravel:gravel"], kRolls);
  EXPECT_GT(counts["stick"], 0);
  EXPECT_EQ(counts.count("oak_leaves"), 0u);
}

// --- scenarios through the core ---

struct DropWorld {
  StreamingServer s;
  TestClient alice{1};
  TestClient bob{2};
  BlockPos below;  // the block under Alice's feet at spawn

  DropWorld() : s(3) {
    s.prepare_spawn();
    // Players join exactly at the world spawn, whose column is known to be ground.
    s.pass({ConsoleLine{"gamerule respawn_radius 0"}});
    alice = s.join_loaded(1, "Alice", 3);
    bob = s.join_loaded(2, "Bob", 3);
    for (int i = 0; i < 200 && !(s.world().is_chunk_tracked(1, {0, 0}) && s.world().is_chunk_tracked(2, {0, 0})); ++i)
      s.pass();
    const Vec3 spawn = s.world().spawn_point();
    below = BlockPos{static_cast<int>(std::floor(spawn.x)), static_cast<int>(std::floor(spawn.y)) - 1,
                     static_cast<int>(std::floor(spawn.z))};
  }
  Player& player(ConnId conn) { return *s.h.core.sessions().player(conn); }
  // START then STOP on `pos`; the server finishes the block itself, on the tick progress reaches 1.
  void dig_until_broken(const BlockPos& pos) {
    alice.packet(packet::play_sb::BlockDig{packet::play_sb::BlockDig::kStartDestroy, pos, 1, 1});
    s.pass({alice.take()});
    alice.packet(packet::play_sb::BlockDig{packet::play_sb::BlockDig::kStopDestroy, pos, 1, 2});
    s.pass({alice.take()});
    for (int i = 0; i < 400 && !is_air(s.world().block_at(pos)); ++i) s.pass();
    ASSERT_TRUE(is_air(s.world().block_at(pos)));
  }
  std::vector<Bytes> sent(const TestClient& client, int32_t id) const {
    std::vector<Bytes> out;
    for (const Bytes& body : client.received(s.h.sink))
      if (packet_id_of(body) == id) out.push_back(body);
    return out;
  }
};

TEST(ItemEntitiesScenario, SurvivalDiggingDropsTheBlocksItemWhichThePlayerPicksUp) {
  DropWorld w;
  // A stone block three blocks from Alice's feet (in reach, out of her pickup box), and a wooden
  // pickaxe in her hand.
  const BlockPos side{w.below.x + 3, w.below.y + 1, w.below.z};
  ASSERT_TRUE(w.s.world().set_block(side, default_state_of("stone")));
  w.player(1).inventory[kFirstHotbarSlot] = stack_of("wooden_pickaxe", 1);
  w.s.pass();
  w.dig_until_broken(side);
  ASSERT_EQ(w.s.h.core.items().size(), 1u);
  const int32_t item_id_ = w.s.h.core.items().ids()[0];
  const ItemEntity& item = *w.s.h.core.items().find(item_id_);
  EXPECT_EQ(item.stack(), stack_of("cobblestone", 1));
  // Bob saw it appear: the add-entity packet with the item type, then its stack as data (mobs
  // the natural spawning brings in the same pass are left out).
  std::vector<Bytes> spawns;
  for (const Bytes& body : w.sent(w.bob, packet::play_cb::SpawnEntity::kId))
    if (decode_packet<packet::play_cb::SpawnEntity>(body)->entity_id == item_id_) spawns.push_back(body);
  ASSERT_EQ(spawns.size(), 1u);
  auto spawn = decode_packet<packet::play_cb::SpawnEntity>(spawns[0]);
  EXPECT_EQ(spawn->type, *entity_type_id("item"));
  EXPECT_NEAR(spawn->velocity.y(), 0.2, 1.0e-3);  // the block drop's upward start
  std::vector<Bytes> data;
  for (const Bytes& body : w.sent(w.bob, packet::play_cb::EntityMetadata::kId))
    if (decode_packet<packet::play_cb::EntityMetadata>(body)->entity_id == item_id_) data.push_back(body);
  ASSERT_EQ(data.size(), 1u);
  const Bytes expected_data = entity_data::single_stack_value(8, stack_of("cobblestone", 1));
  EXPECT_EQ(decode_packet<packet::play_cb::EntityMetadata>(data[0])->metadata, expected_data);
  // Once it has landed, Alice steps onto it; the pickup delay of 10 ticks is long over.
  for (int i = 0; i < 20; ++i) w.s.pass();
  ASSERT_NE(w.s.h.core.items().find(item_id_), nullptr);
  const Vec3 at = w.s.h.core.items().find(item_id_)->position;
  w.s.h.core.sessions().teleport(1, at, 0, 0);
  w.s.pass();
  EXPECT_EQ(w.s.h.core.items().size(), 0u);
  EXPECT_EQ(w.player(1).inventory[kFirstHotbarSlot + 1], stack_of("cobblestone", 1));
  for (const TestClient* viewer : {&w.alice, &w.bob}) {
    auto takes = w.sent(*viewer, packet::play_cb::Collect::kId);
    ASSERT_EQ(takes.size(), 1u);
    auto take = decode_packet<packet::play_cb::Collect>(takes[0]);
    EXPECT_EQ(take->collected_entity_id, item_id_);
    EXPECT_EQ(take->collector_entity_id, w.player(1).entity_id);
    EXPECT_EQ(take->pickup_item_count, 1);
    auto removals = w.sent(*viewer, packet::play_cb::EntityDestroy::kId);
    ASSERT_EQ(removals.size(), 1u);
    EXPECT_EQ(decode_packet<packet::play_cb::EntityDestroy>(removals[0])->entity_ids, std::vector<int32_t>{item_id_});
  }
  auto slots = w.sent(w.alice, packet::play_cb::SetSlot::kId);
  ASSERT_EQ(slots.size(), 1u);
  auto slot = decode_packet<packet::play_cb::SetSlot>(slots[0]);
  EXPECT_EQ(slot->window_id, 0);
  EXPECT_EQ(slot->slot, kFirstHotbarSlot + 1);
  EXPECT_EQ(slot->item.item_id, item_id("cobblestone"));
}

TEST(ItemEntitiesScenario, GrassByHandDropsDirtAndCreativeBreaksDropNothing) {
  DropWorld w;
  const BlockPos side{w.below.x + 1, w.below.y + 1, w.below.z};
  ASSERT_TRUE(w.s.world().set_block(side, default_state_of("grass_block")));
  w.s.pass();
  w.dig_until_broken(side);
  ASSERT_EQ(w.s.h.core.items().size(), 1u);
  EXPECT_EQ(w.s.h.core.items().find(w.s.h.core.items().ids()[0])->stack(), stack_of("dirt", 1));
  w.s.pass({ConsoleLine{"gamemode creative Alice"}});
  const BlockPos other{w.below.x - 1, w.below.y + 1, w.below.z};
  ASSERT_TRUE(w.s.world().set_block(other, default_state_of("dirt")));
  w.s.pass();
  w.dig_until_broken(other);
  EXPECT_EQ(w.s.h.core.items().size(), 1u);
}

TEST(ItemEntitiesScenario, StoneByHandDropsNothing) {
  DropWorld w;
  const BlockPos side{w.below.x + 1, w.below.y + 1, w.below.z};
  ASSERT_TRUE(w.s.world().set_block(side, default_state_of("stone")));
  w.s.pass();
  w.dig_until_broken(side);
  EXPECT_EQ(w.s.h.core.items().size(), 0u);
}

TEST(ItemEntitiesScenario, APlayerJoiningLaterSeesItemsAlreadyLying) {
  DropWorld w;
  const Vec3 at{2.5, w.below.y + 1.0, 0.5};
  const int32_t id = w.s.h.core.items().spawn(stack_of("dirt", 3), item_spawns::Spawn{at, {}, 32767});
  w.s.pass();
  TestClient carol = w.s.join_loaded(3, "Carol", 3);
  const Player& p = w.player(3);
  carol.packet(packet::play_sb::TeleportConfirm{p.awaiting_teleport_id});
  w.s.pass({carol.take()});
  // Like a real client, Carol reports her position every tick; entities in chunks she has
  // received are paired on such a move (ChunkMap.move).
  bool seen = false;
  for (int i = 0; i < 200 && !seen; ++i) {
    carol.packet(packet::play_sb::Position{p.position.x, p.position.y, p.position.z, 1});
    w.s.pass({carol.take()});
    for (const Bytes& body : carol.received(w.s.h.sink))
      if (packet_id_of(body) == packet::play_cb::SpawnEntity::kId &&
          decode_packet<packet::play_cb::SpawnEntity>(body)->entity_id == id)
        seen = true;
  }
  EXPECT_TRUE(seen);
  const std::vector<int32_t> sees = w.s.h.core.tracking().seen_by(3);
  EXPECT_TRUE(std::find(sees.begin(), sees.end(), id) != sees.end());
}

TEST(ItemEntitiesScenario, SetblockDestroyDropsTheOldBlock) {
  DropWorld w;
  const BlockPos side{w.below.x + 2, w.below.y + 1, w.below.z};
  ASSERT_TRUE(w.s.world().set_block(side, default_state_of("oak_log")));
  w.s.pass();
  w.s.pass({ConsoleLine{"setblock " + std::to_string(side.x) + " " + std::to_string(side.y) + " " +
                        std::to_string(side.z) + " stone destroy"}});
  EXPECT_EQ(w.s.world().block_at(side), default_state_of("stone"));
  ASSERT_EQ(w.s.h.core.items().size(), 1u);
  EXPECT_EQ(w.s.h.core.items().find(w.s.h.core.items().ids()[0])->stack(), stack_of("oak_log", 1));
}

}  // namespace
}  // namespace hz

namespace hz {
namespace {

// --- tracking of items to viewers ---

struct TrackedItems {
  FakeConnections connections;
  ServerProperties properties = [] {
    ServerProperties p = testing::test_properties();
    p.view_distance = 32;
    return p;
  }();
  EntityTracker tracker{connections, properties};
  Player* viewer = nullptr;

  TrackedItems() {
    viewer = &connections.add(1, {0.5, 64.0, 0.5});
    viewer->client_view_distance = 32;
    tracker.on_join(*viewer);
  }
  int count(int32_t packet_id) const {
    int n = 0;
    for (const auto& [conn, body] : connections.sent) n += packet_id_of(body) == packet_id;
    return n;
  }
  void move_viewer(double x) {
    viewer->position.x = x;
    tracker.on_player_moved(*viewer);
  }
};

TEST(ItemTracking, ItemsShowWithinSixChunksAndDisappearBeyond) {
  TrackedItems t;
  ItemEntity near(100, Uuid{1, 1}, stack_of("dirt", 1)), far(101, Uuid{1, 2}, stack_of("dirt", 1));
  near.position = {90.5, 64.0, 0.5};
  far.position = {100.5, 64.0, 0.5};
  t.tracker.add_entity(near);
  t.tracker.add_entity(far);
  EXPECT_EQ(t.tracker.seen_by(1), std::vector<int32_t>{100});
  EXPECT_EQ(t.count(packet::play_cb::SpawnEntity::kId), 1);
  EXPECT_EQ(t.count(packet::play_cb::EntityMetadata::kId), 1);  // the stack, in the pairing bundle
  t.move_viewer(20.5);
  EXPECT_EQ(t.tracker.seen_by(1), (std::vector<int32_t>{100, 101}));
  t.move_viewer(-20.5);  // 111 blocks from the first item, 121 from the second
  EXPECT_TRUE(t.tracker.seen_by(1).empty());
  EXPECT_EQ(t.count(packet::play_cb::EntityDestroy::kId), 2);
  t.tracker.remove_entity(100);
  t.tracker.remove_entity(101);
  EXPECT_EQ(t.count(packet::play_cb::EntityDestroy::kId), 2);  // nobody saw them any more
}

TEST(ItemTracking, PositionsGoOutEveryTwentyTicksAndStackChangesAtOnce) {
  TrackedItems t;
  ItemEntity item(100, Uuid{1, 1}, stack_of("dirt", 1));
  item.position = {3.5, 64.0, 0.5};
  t.tracker.add_entity(item);
  t.connections.sent.clear();
  for (int tick = 0; tick < 40; ++tick) {
    item.position.x += 0.01;
    t.tracker.tick();
  }
  EXPECT_EQ(t.count(packet::play_cb::RelEntityMove::kId) + t.count(packet::play_cb::EntityMoveLook::kId) +
                t.count(packet::play_cb::SyncEntityPosition::kId),
            2);
  EXPECT_EQ(t.count(packet::play_cb::EntityMetadata::kId), 0);
  item.set_stack(stack_of("dirt", 2));
  t.tracker.tick();
  EXPECT_EQ(t.count(packet::play_cb::EntityMetadata::kId), 1);
  EXPECT_FALSE(item.data_dirty);
  // A changed velocity is sent with the next update (items track their velocity).
  t.connections.sent.clear();
  item.velocity = {0.0, 0.2, 0.0};
  for (int tick = 0; tick < 20; ++tick) t.tracker.tick();
  EXPECT_EQ(t.count(packet::play_cb::EntityVelocity::kId), 1);
}

}  // namespace
}  // namespace hz
