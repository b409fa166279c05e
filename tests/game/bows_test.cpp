// Players' bows and their arrows (docs/rules/projectiles.md §5-6): the shot's rules against
// restatements (the look's direction, the ammo search, Power and Punch), and the system: drawing,
// releasing, what a shot costs, hitting a mob for its shooter, Flame, picking the arrow back up,
// and a player's arrow hitting a player through the core (pvp, no difficulty scaling).
#include <gtest/gtest.h>
#include <rapidcheck/gtest.h>

#include <cmath>
#include <string>
#include <vector>

#include "sim/data/catalog.h"
#include "sim/data/sound_ids.h"
#include "sim/game/entities/arrow_codec.h"
#include "sim/game/items/bows.h"
#include "sim/game/items/durability.h"
#include "sim/game/items/enchantments.h"
#include "sim/game/items/equipment.h"
#include "sim/game/items/inventory.h"
#include "sim/game/items/item_stack_nbt.h"
#include "sim/game/items/item_use.h"
#include "sim/game/mobs/mobs.h"
#include "sim/game/survival/survival_system.h"
#include "sim/protocol/packets.h"
#include "tests/game/entity_fakes.h"
#include "tests/game/fake_player_connections.h"
#include "tests/game/movement_client.h"
#include "tests/game/movement_fake_world.h"
#include "tests/game/streaming_server.h"

namespace hz {
namespace {

namespace cb = packet::play_cb;
namespace sb = packet::play_sb;

ItemStack bow_item(std::initializer_list<std::pair<const char*, int>> enchantments = {}) {
  ItemStack bow{*item_id("bow"), 1};
  for (const auto& [name, level] : enchantments) set_enchantment(bow, *enchantment_id(name), level);
  return bow;
}

// --- the rules against restatements ---

RC_GTEST_PROP(BowRules, AShotLeavesAlongTheLook, ()) {
  // The look restated with the library's sine: yaw 0 faces +z, 90 faces -x, pitch 90 straight down.
  const float yaw = static_cast<float>(*rc::gen::inRange(-3600, 3600)) / 10.0f;
  const float pitch = static_cast<float>(*rc::gen::inRange(-900, 900)) / 10.0f;
  const double y = yaw * M_PI / 180.0, p = pitch * M_PI / 180.0;
  const Vec3 d = arrow_rules::direction_from_rotation(pitch, yaw);
  // The table has 65536 steps a turn: within 1e-4 of the exact trigonometry.
  RC_ASSERT(std::fabs(d.x - (-std::sin(y) * std::cos(p))) < 1e-4);
  RC_ASSERT(std::fabs(d.y - (-std::sin(p))) < 1e-4);
  RC_ASSERT(std::fabs(d.z - (std::cos(y) * std::cos(p))) < 1e-4);
}

TEST(BowRules, PowerAddsOneAtLevelOneAndAHalfPerLevelAbove) {
  EXPECT_EQ(arrow_rules::weapon_damage(2.0, 0), 2.0);
  const double expected[] = {3.0, 3.5, 4.0, 4.5, 5.0};
  for (int level = 1; level <= 5; ++level) EXPECT_EQ(arrow_rules::weapon_damage(2.0, level), expected[level - 1]);
  // The base goes through a float first: a skeleton's base damage loses its double digits.
  EXPECT_EQ(arrow_rules::weapon_damage(2.1, 0), static_cast<double>(2.1f));
}

TEST(BowRules, PunchPushesAlongTheHorizontalFlight) {
  EXPECT_FALSE(arrow_rules::punch_push(Vec3{1, 0, 0}, 0, 0.0));
  EXPECT_FALSE(arrow_rules::punch_push(Vec3{0, -2, 0}, 2, 0.0));  // straight down: no direction
  const auto push = arrow_rules::punch_push(Vec3{3.0, -1.0, 4.0}, 2, 0.0);
  ASSERT_TRUE(push);
  EXPECT_NEAR(push->x, 0.6 * 2 * 0.6, 1e-12);  // (3, 4) / 5 × 1.2
  EXPECT_EQ(push->y, 0.1);
  EXPECT_NEAR(push->z, 0.8 * 2 * 0.6, 1e-12);
  EXPECT_NEAR(arrow_rules::punch_push(Vec3{3.0, 0, 4.0}, 1, 0.5)->x, 0.6 * 0.6 * 0.5, 1e-12);
}

RC_GTEST_PROP(BowRules, TheAmmoSearchTakesTheHandsFirstThenTheInventoryInOrder, ()) {
  // A restatement over vanilla's inventory indices: the off hand, the selected hotbar slot, then
  // 0-35 and 40, in that order.
  Player player;
  player.selected_slot = *rc::gen::inRange(0, 9);
  const int32_t arrow_kinds[] = {*item_id("arrow"), *item_id("spectral_arrow"), *item_id("tipped_arrow")};
  const int arrows = *rc::gen::inRange(0, 4);
  for (int i = 0; i < arrows; ++i) {
    const int index = *rc::gen::element(0, 3, 8, 9, 20, 35, 40);
    player.inventory[static_cast<size_t>(menu_slot_of_inventory_index(index))] =
        ItemStack{arrow_kinds[*rc::gen::inRange(0, 3)], 5};
  }
  player.inventory[static_cast<size_t>(kFirstHotbarSlot + 4)] = ItemStack{*item_id("stone"), 5};
  std::vector<int> order = {40, player.selected_slot};
  for (int i = 0; i < 36; ++i) order.push_back(i);
  order.push_back(40);
  int expected = -1;
  for (int index : order) {
    const int slot = menu_slot_of_inventory_index(index);
    if (!player.inventory[static_cast<size_t>(slot)].empty() && player.inventory[static_cast<size_t>(slot)].item != *item_id("stone")) {
      expected = slot;
      break;
    }
  }
  RC_ASSERT(bow_rules::ammo_slot(player) == expected);
}

TEST(BowRules, InfinitySparesOnlyPlainArrowsAndCreativeSparesAll) {
  Player player;
  const ItemStack arrow{*item_id("arrow"), 1}, tipped{*item_id("tipped_arrow"), 1};
  EXPECT_EQ(bow_rules::ammo_cost(player, bow_item(), arrow), 1);
  EXPECT_EQ(bow_rules::ammo_cost(player, bow_item({{"infinity", 1}}), arrow), 0);
  EXPECT_EQ(bow_rules::ammo_cost(player, bow_item({{"infinity", 1}}), tipped), 1);
  player.game_mode = GameMode::kCreative;
  EXPECT_EQ(bow_rules::ammo_cost(player, bow_item(), tipped), 0);
}

// --- the system: a player at (0.5, 65, 0.5) on the ground at 64 ---

class ArrowHitLog final : public PlayerDamage {
 public:
  bool hurt(ConnId, DamageCause, float) override { return true; }
  // Every hit player wears Thorns that always strike back for 3.
  void strike_back(ConnId, const std::function<void(float)>& strike) override {
    if (thorns) strike(3.0f);
  }
  bool hurt_by_thorns(ConnId player, float amount, const Player& wearer) override {
    thorned.push_back({player, amount, wearer.entity_id, DamageCause::kThorns});
    return true;
  }
  bool thorns = false;
  bool hurt_by_mob(ConnId player, float amount, const MobAttacker& attacker, DamageCause cause) override {
    hits.push_back(Hit{player, amount, attacker.player ? attacker.player->entity_id : 0, cause});
    return true;
  }
  struct Hit {
    ConnId victim;
    float amount;
    int32_t shooter;
    DamageCause cause;
  };
  std::vector<Hit> hits;
  std::vector<Hit> thorned;  // (the attacker struck, the damage, the wearer)
};

struct Archery {
  testing::FakeWorld world;
  EntityIds ids;
  Rng random{11};
  testing::FakePlayerConnections connections;
  testing::RecordingTracking tracking;
  ArrowHitLog damage;
  testing::NoDrops drops;
  GameRules rules;
  testing::SettableTime time;
  Mobs mobs{ids, random, connections, tracking, damage, drops, rules, time};
  testing::RecordingBroadcast broadcast;
  PlayerItemWear wear{connections, broadcast, random};
  testing::RecordingSounds sounds;
  ItemUse use{connections, drops};
  Bows bows{mobs.arrows(), random};
  int sequence = 0;

  explicit Archery(GameMode mode = GameMode::kSurvival, ItemStack bow = bow_item()) {
    world.ground(64);
    mobs.set_block_source(&world);
    mobs.set_sounds(&sounds);
    bows.set_sounds(&sounds);
    bows.set_item_wear(&wear);
    use.set_bows(&bows);
    Player& p = connections.add(1, Vec3{0.5, 65.0, 0.5}, mode);
    p.yaw = -90.0f;  // facing +x
    p.inventory[static_cast<size_t>(kFirstHotbarSlot)] = bow;
    p.inventory[static_cast<size_t>(menu_slot_of_inventory_index(5))] = ItemStack{*item_id("arrow"), 3};
  }
  Player& player() { return *connections.player(1); }
  int arrows_held() { return player().inventory[static_cast<size_t>(menu_slot_of_inventory_index(5))].count; }
  const ItemStack& bow() { return player().inventory[static_cast<size_t>(kFirstHotbarSlot)]; }
  void draw() { use.on_use_item(player(), sb::UseItem{0, ++sequence, player().yaw, player().pitch}); }
  void hold(int ticks) {
    for (int i = 0; i < ticks; ++i) use.tick_item_use(player());
  }
  void release() { use.on_block_action(player(), sb::BlockDig::kReleaseUseItem, BlockPos{}, 0, 0); }
  // Draws for `ticks`, releases; the new arrow, or null.
  Arrow* shoot(int ticks) {
    const size_t before = tracking.added.size();
    draw();
    hold(ticks);
    release();
    return tracking.added.size() == before ? nullptr : mobs.arrows().find(tracking.added.back());
  }
  Mob& cow(const Vec3& at) {
    return *mobs.find(mobs.summon(mob_kind(MobType::kCow), at, 0.0f, SummonOptions{true, {}, {}, false}));
  }
};

TEST(Bows, AFullDrawShootsACriticalArrowAlongTheLookAndCostsAnArrowAndADurability) {
  Archery a;
  a.draw();
  ASSERT_TRUE(a.player().using_item.active);
  a.hold(20);
  a.release();
  EXPECT_FALSE(a.player().using_item.active);
  ASSERT_EQ(a.tracking.added.size(), 1u);
  const Arrow& arrow = *a.mobs.arrows().find(a.tracking.added[0]);
  // At the eyes less 0.1; three blocks a tick along +x, give or take the spread.
  EXPECT_EQ(arrow.position.y, 65.0 + static_cast<double>(kStandingEyeHeight) - static_cast<double>(0.1f));
  EXPECT_NEAR(arrow.velocity.x, 3.0, 3 * 0.0172275 * 2);
  EXPECT_NEAR(arrow.velocity.y, 0.0, 3 * 0.0172275 * 2);
  EXPECT_NEAR(arrow.velocity.z, 0.0, 3 * 0.0172275 * 2);
  EXPECT_TRUE(arrow.crit);
  EXPECT_TRUE(arrow.owner_is_player);
  EXPECT_EQ(arrow.owner, a.player().entity_id);
  EXPECT_EQ(arrow.spawn_data(), a.player().entity_id);
  EXPECT_EQ(arrow.pickup, ArrowPickup::kAllowed);
  EXPECT_EQ(arrow.pickup_item, (ItemStack{*item_id("arrow"), 1}));
  EXPECT_EQ(a.arrows_held(), 2);
  EXPECT_EQ(a.bow().damage, 1);
  // The shot's sound for everyone: pitch 1 / (r × 0.4 + 1.2) + power / 2.
  ASSERT_EQ(a.sounds.sounds.size(), 1u);
  EXPECT_EQ(a.sounds.sounds[0].id, sound::entity_arrow_shoot);
  EXPECT_EQ(a.sounds.sounds[0].source, SoundSource::kPlayers);
  EXPECT_GT(a.sounds.sounds[0].pitch, 1.0f / 1.6f + 0.5f);
  EXPECT_LE(a.sounds.sounds[0].pitch, 1.0f / 1.2f + 0.5f);
}

TEST(Bows, AShortDrawShootsNothingAndAWeakOneIsNoCrit) {
  Archery a;
  // Two ticks: (0.01 + 0.2) / 3 = 0.07, below 0.1.
  EXPECT_EQ(a.shoot(2), nullptr);
  EXPECT_EQ(a.arrows_held(), 3);
  EXPECT_EQ(a.bow().damage, 0);
  EXPECT_TRUE(a.sounds.sounds.empty());
  // Three: (0.0225 + 0.3) / 3 = 0.1075.
  const Arrow* arrow = a.shoot(3);
  ASSERT_NE(arrow, nullptr);
  EXPECT_FALSE(arrow->crit);
  EXPECT_NEAR(std::sqrt(length_sqr(arrow->velocity)), 0.1075 * 3, 0.02);
}

TEST(Bows, WithoutArrowsASurvivalPlayerCannotDrawAndACreativeOneShootsForFree) {
  Archery survival;
  survival.player().inventory[static_cast<size_t>(menu_slot_of_inventory_index(5))] = ItemStack{};
  survival.draw();
  EXPECT_FALSE(survival.player().using_item.active);

  Archery creative(GameMode::kCreative);
  creative.player().inventory[static_cast<size_t>(menu_slot_of_inventory_index(5))] = ItemStack{};
  const Arrow* arrow = creative.shoot(20);
  ASSERT_NE(arrow, nullptr);
  EXPECT_EQ(arrow->pickup, ArrowPickup::kCreativeOnly);
  EXPECT_EQ(creative.bow().damage, 0);  // creative items do not wear
}

TEST(Bows, InfinityKeepsPlainArrowsButTheArrowCannotBePickedUp) {
  Archery a(GameMode::kSurvival, bow_item({{"infinity", 1}}));
  const Arrow* arrow = a.shoot(20);
  ASSERT_NE(arrow, nullptr);
  EXPECT_EQ(a.arrows_held(), 3);
  EXPECT_EQ(arrow->pickup, ArrowPickup::kCreativeOnly);
}

TEST(Bows, ReleasingAfterSwitchingAwayShootsNothing) {
  Archery a;
  a.draw();
  a.hold(20);
  a.use.on_select_slot(a.player(), 3);
  a.player().selected_slot = 3;
  a.release();
  EXPECT_TRUE(a.tracking.added.empty());
  EXPECT_EQ(a.arrows_held(), 3);
}

// Shoots a 10-tick draw (power 5/12, no crit) at a cow 6 blocks along +x; returns the cow after
// the hit and the arrow's speed the tick it hit.
struct CowShot {
  Archery a;
  Mob* cow = nullptr;
  double speed = 0;
  int32_t arrow = 0;
  explicit CowShot(ItemStack bow) : a(GameMode::kSurvival, std::move(bow)) {
    cow = &a.cow(Vec3{6.5, 65.0, 0.5});
    cow->on_ground = true;
    a.player().pitch = -2.0f;  // a little up: the arrow drops into the cow's body
    const Arrow* shot = a.shoot(10);
    EXPECT_NE(shot, nullptr);
    arrow = shot->id();
    for (int i = 0; i < 40 && a.mobs.arrows().find(arrow) != nullptr; ++i) {
      speed = std::sqrt(length_sqr(a.mobs.arrows().find(arrow)->velocity));
      a.mobs.arrows().tick();
    }
  }
};

TEST(Bows, AnArrowHurtsAMobForItsShooterAndPowerAddsToIt) {
  CowShot plain(bow_item());
  ASSERT_EQ(plain.a.mobs.arrows().find(plain.arrow), nullptr);  // it hit and is gone
  const float lost = 10.0f - plain.cow->state.health;
  EXPECT_GT(lost, 0.0f);
  EXPECT_EQ(lost, std::ceil(static_cast<float>(plain.speed) * 2.0f));
  EXPECT_EQ(plain.cow->state.last_hurt_by_player, plain.a.player().uuid);
  // The hit sound, from the arrow.
  EXPECT_EQ(plain.a.sounds.sounds.back().id, sound::entity_arrow_hit);

  CowShot powered(bow_item({{"power", 5}}));  // the same seed: the same flight
  EXPECT_EQ(powered.speed, plain.speed);
  EXPECT_EQ(10.0f - powered.cow->state.health, std::ceil(static_cast<float>(plain.speed) * 5.0f));
}

TEST(Bows, PunchAddsItsPushAndFlameSetsTheTargetOnFire) {
  CowShot plain(bow_item());
  CowShot punched(bow_item({{"punch", 2}}));
  ASSERT_LT(plain.cow->state.health, 10.0f);
  const Vec3 extra = punched.cow->velocity - plain.cow->velocity;
  EXPECT_NEAR(extra.y, 0.1, 1e-12);
  EXPECT_NEAR(std::hypot(extra.x, extra.z), 1.2, 1e-9);
  EXPECT_GT(extra.x, 1.1);  // along the flight, +x

  Archery a(GameMode::kSurvival, bow_item({{"flame", 1}}));
  const Arrow* burning = a.shoot(20);
  ASSERT_NE(burning, nullptr);
  EXPECT_EQ(burning->fire_ticks, arrow_rules::kFlameFireTicks);
  // The on-fire bit goes out in the arrow's data (index 0, byte 1).
  const Bytes data = burning->synched_data();
  ASSERT_GE(data.size(), 3u);
  EXPECT_EQ(data[0], 0);
  EXPECT_EQ(data[2], 1);
  CowShot fire(bow_item({{"flame", 1}}));
  EXPECT_EQ(fire.cow->state.remaining_fire_ticks, arrow_rules::kHitFireTicks);
}

TEST(Bows, AnArrowInTheGroundIsPickedUpAfterItsShakeAndATakenPacketShowsIt) {
  Archery a;
  a.player().pitch = 60.0f;  // into the ground a few blocks ahead
  const Arrow* shot = a.shoot(20);
  ASSERT_NE(shot, nullptr);
  const int32_t id = shot->id();
  // Stand aside while it flies, then walk onto it.
  a.player().position = Vec3{0.5, 65.0, 10.5};
  int stuck_for = -1;
  for (int i = 0; i < 20; ++i) {
    a.mobs.arrows().tick();
    const Arrow* arrow = a.mobs.arrows().find(id);
    ASSERT_NE(arrow, nullptr);
    if (arrow->in_ground) {
      stuck_for = i;
      break;
    }
  }
  ASSERT_GE(stuck_for, 0);
  const Vec3 at = a.mobs.arrows().find(id)->position;
  EXPECT_EQ(a.sounds.sounds.back().id, sound::entity_arrow_hit);
  a.player().position = Vec3{at.x, 65.0, at.z};
  for (int i = 0; i < arrow_rules::kShakeTicks - 1; ++i) a.mobs.arrows().tick();
  ASSERT_NE(a.mobs.arrows().find(id), nullptr);  // still shaking
  EXPECT_EQ(a.arrows_held(), 2);
  a.mobs.arrows().tick();
  EXPECT_EQ(a.mobs.arrows().find(id), nullptr);
  EXPECT_EQ(a.arrows_held(), 3);
  ASSERT_FALSE(a.tracking.broadcasts.empty());
  const auto taken = decode_packet<cb::Collect>(a.tracking.broadcasts.back().second);
  ASSERT_TRUE(taken);
  EXPECT_EQ(taken->collected_entity_id, id);
  EXPECT_EQ(taken->collector_entity_id, a.player().entity_id);
}

TEST(Bows, APlayersArrowHitsAnotherPlayerOnlyWithPvpAndRingsForTheShooter) {
  for (const bool pvp : {true, false}) {
    Archery a;
    a.rules.set(*a.rules.find("pvp"), pvp ? 1 : 0);
    Player& target = a.connections.add(2, Vec3{6.5, 65.0, 0.5});
    a.player().pitch = -2.0f;
    const Arrow* shot = a.shoot(10);
    ASSERT_NE(shot, nullptr);
    for (int i = 0; i < 40; ++i) a.mobs.arrows().tick();
    if (!pvp) {
      EXPECT_TRUE(a.damage.hits.empty());
      continue;
    }
    ASSERT_EQ(a.damage.hits.size(), 1u);
    EXPECT_EQ(a.damage.hits[0].victim, target.conn);
    EXPECT_EQ(a.damage.hits[0].shooter, a.player().entity_id);
    EXPECT_EQ(a.damage.hits[0].cause, DamageCause::kArrow);
    const auto events = a.connections.sent_of<cb::GameStateChange>(1);
    ASSERT_EQ(events.size(), 1u);
    EXPECT_EQ(events[0].event, 6);  // PLAY_ARROW_HIT_SOUND
  }
}

TEST(Bows, ThornsOnAPlayerHitStrikeTheShooterOrTheSkeleton) {
  Archery a;
  a.damage.thorns = true;
  Player& target = a.connections.add(2, Vec3{6.5, 65.0, 0.5});
  a.player().pitch = -2.0f;
  ASSERT_NE(a.shoot(10), nullptr);
  for (int i = 0; i < 40; ++i) a.mobs.arrows().tick();
  ASSERT_EQ(a.damage.hits.size(), 1u);
  ASSERT_EQ(a.damage.thorned.size(), 1u);
  EXPECT_EQ(a.damage.thorned[0].victim, a.player().conn);  // the shooter is struck
  EXPECT_EQ(a.damage.thorned[0].shooter, target.entity_id);  // by the wearer

  // A skeleton's arrow: the skeleton takes the thorns damage, caused by the wearer.
  Archery b;
  b.damage.thorns = true;
  Player& wearer = b.connections.add(2, Vec3{6.5, 65.0, 0.5});
  Mob& skeleton = *b.mobs.find(b.mobs.summon(mob_kind(MobType::kSkeleton), Vec3{0.5, 65.0, 3.5}, 0.0f,
                                             SummonOptions{true, {}, {}, false}));
  Arrows::Launch shot;
  shot.position = Vec3{0.5, 66.5, 0.5};
  shot.velocity = Vec3{1.5, 0.0, 0.0};
  shot.owner = skeleton.id();
  shot.owner_type = "skeleton";
  shot.owner_name = "Skeleton";
  b.mobs.arrows().launch(shot);
  for (int i = 0; i < 40; ++i) b.mobs.arrows().tick();
  ASSERT_EQ(b.damage.hits.size(), 1u);
  EXPECT_FLOAT_EQ(skeleton.state.health, 20.0f - 3.0f);
  EXPECT_EQ(skeleton.state.last_hurt_by_player, wearer.uuid);
}

// --- saving (AbstractArrow's save data) ---

// Shoots into the ground two blocks ahead and lets the arrow stick; returns it.
Arrow& stuck_arrow(Archery& a) {
  a.player().pitch = 60.0f;
  const int32_t id = a.shoot(20)->id();
  for (int i = 0; i < 20 && !a.mobs.arrows().find(id)->in_ground; ++i) a.mobs.arrows().tick();
  return *a.mobs.arrows().find(id);
}

TEST(ArrowSaving, AStuckArrowIsWrittenWithVanillasKeys) {
  Archery a(GameMode::kSurvival, bow_item({{"power", 2}}));
  Arrow& arrow = stuck_arrow(a);
  ASSERT_TRUE(arrow.in_ground);
  const nbt::Compound c = arrow_codec::save(arrow);
  EXPECT_EQ(*c.find("id")->as<std::string>(), "minecraft:arrow");
  EXPECT_EQ(*c.find("Owner")->as<nbt::IntArray>(), entity_nbt::uuid_ints(a.player().uuid));
  EXPECT_EQ(*c.find("inGround")->as<int8_t>(), 1);
  EXPECT_EQ(*c.find("pickup")->as<int8_t>(), 1);  // ALLOWED
  EXPECT_EQ(*c.find("shake")->as<int8_t>(), arrow_rules::kShakeTicks);
  EXPECT_EQ(*c.find("damage")->as<double>(), 2.0);
  EXPECT_EQ(*c.find("crit")->as<int8_t>(), 0);  // it hit a block
  EXPECT_EQ(*c.find("SoundEvent")->as<std::string>(), "minecraft:entity.arrow.hit");
  EXPECT_EQ(*c.find("inBlockState")->as<nbt::Compound>()->find("Name")->as<std::string>(), "minecraft:stone");
  EXPECT_EQ(*c.find("item")->as<nbt::Compound>()->find("id")->as<std::string>(), "minecraft:arrow");
  const std::optional<ItemStack> weapon = stack_from_nbt(*c.find("weapon")->as<nbt::Compound>());
  ASSERT_TRUE(weapon);
  EXPECT_EQ(enchantment_level(*weapon, "power"), 2);
  EXPECT_EQ(*c.find("Fire")->as<int16_t>(), -1);
}

TEST(ArrowSaving, AnArrowLeavesWithItsChunkAndComesBackToBePickedUp) {
  Archery a;
  Arrow& arrow = stuck_arrow(a);
  const Uuid uuid = arrow.uuid();
  const Vec3 at = arrow.position;
  const ChunkPos chunk = entity_nbt::chunk_of(at);
  std::vector<nbt::Compound> saved;
  a.mobs.arrows().save_chunk(chunk, saved);
  ASSERT_EQ(saved.size(), 1u);
  a.mobs.arrows().unload_chunk(chunk);
  EXPECT_EQ(a.mobs.arrows().size(), 0u);
  ASSERT_TRUE(a.mobs.arrows().load(saved[0]));
  ASSERT_EQ(a.mobs.arrows().size(), 1u);
  Arrow& back = *a.mobs.arrows().find(a.mobs.arrows().ids().front());
  EXPECT_EQ(back.uuid(), uuid);
  EXPECT_EQ(back.position, at);
  EXPECT_TRUE(back.in_ground);
  EXPECT_EQ(back.pickup, ArrowPickup::kAllowed);
  EXPECT_EQ(back.owner, a.player().entity_id);  // the owner found again by its UUID
  EXPECT_TRUE(back.owner_is_player);
  // Its shake goes on where it was; then the archer takes it.
  a.player().position = Vec3{at.x, 65.0, at.z};
  for (int i = 0; i < arrow_rules::kShakeTicks; ++i) a.mobs.arrows().tick();
  EXPECT_EQ(a.mobs.arrows().size(), 0u);
  EXPECT_EQ(a.arrows_held(), 3);
}

TEST(ArrowSaving, AVanillaCompoundLoadsWithItsFallbacks) {
  nbt::Compound c;
  c.put("id", std::string("minecraft:arrow"));
  c.put("UUID", entity_nbt::uuid_ints(Uuid{1, 2}));
  nbt::List pos;
  for (double v : {0.5, 64.05, 3.5}) pos.items.emplace_back(v);
  c.put("Pos", std::move(pos));
  c.put("life", int16_t{300});
  c.put("inGround", int8_t{1});
  c.put("pickup", int8_t{2});
  c.put("damage", 4.5);
  c.put("Fire", int16_t{40});
  const std::optional<arrow_codec::Loaded> loaded = arrow_codec::load(c);
  ASSERT_TRUE(loaded);
  EXPECT_EQ(loaded->life, 300);
  EXPECT_TRUE(loaded->in_ground);
  EXPECT_EQ(loaded->pickup, ArrowPickup::kCreativeOnly);
  EXPECT_EQ(loaded->base_damage, 4.5);
  EXPECT_EQ(loaded->fire_ticks, 40);
  EXPECT_FALSE(loaded->in_block);  // never stuck as far as the file says
  EXPECT_EQ(loaded->item, (ItemStack{*item_id("arrow"), 1}));  // the default pickup item
  EXPECT_TRUE(loaded->weapon.empty());
  EXPECT_FALSE(loaded->owner);
  c.put("pickup", int8_t{7});
  EXPECT_EQ(arrow_codec::load(c)->pickup, ArrowPickup::kDisallowed);
  c.put("UUID", std::string("not a uuid"));
  EXPECT_FALSE(arrow_codec::load(c));
}

TEST(ArrowSaving, AnArrowInTheGroundIsBackAfterARestart) {
  std::map<ChunkPos, Bytes> chunks, entities;
  Uuid uuid;
  Vec3 at;
  {
    testing::StreamingServer s(testing::properties_with_view_distance(3));
    s.prepare_spawn();
    [[maybe_unused]] testing::TestClient alice = s.join_loaded(1, "Alice", 3);
    const Vec3 spawn = s.world().spawn_point();
    Arrows::Launch launch;
    launch.position = Vec3{spawn.x + 4.5, spawn.y + 3.0, spawn.z + 4.5};
    launch.velocity = Vec3{0.0, -1.0, 0.0};
    launch.pickup = ArrowPickup::kAllowed;
    launch.pickup_item = ItemStack{*item_id("arrow"), 1};
    Arrows& arrows = s.h.core.mobs().arrows();
    const int32_t id = arrows.launch(launch);
    for (int i = 0; i < 40 && !arrows.find(id)->in_ground; ++i) s.pass();
    ASSERT_TRUE(arrows.find(id)->in_ground);
    uuid = arrows.find(id)->uuid();
    at = arrows.find(id)->position;
    s.pass({ConsoleLine{"save-all"}});
    chunks = s.jobs.stored;
    entities = s.jobs.entity_records;
  }
  testing::StreamingServer s(testing::properties_with_view_distance(3), "", chunks, entities);
  Arrows& arrows = s.h.core.mobs().arrows();
  const auto back = [&]() -> const Arrow* {
    for (int32_t id : arrows.ids())
      if (arrows.find(id)->uuid() == uuid) return arrows.find(id);
    return nullptr;
  };
  for (int i = 0; i < 2000 && back() == nullptr; ++i) s.pass();
  ASSERT_NE(back(), nullptr);
  EXPECT_TRUE(back()->in_ground);
  EXPECT_EQ(back()->position, at);
  EXPECT_EQ(back()->pickup, ArrowPickup::kAllowed);
}

// --- a player's arrow through the core's survival rules ---

using testing::join;
using testing::JoinedPlayer;
using testing::MovementServer;
using testing::sent_to;

ServerProperties easy_properties() {
  return *parse_server_properties("pause-when-empty-seconds=0\nonline-mode=false\ndifficulty=easy\n").properties;
}

struct Range {
  MovementServer s{easy_properties()};
  JoinedPlayer a, b;
  Range() : a(join(s, 1, "Alice")), b(join(s, 2, "Bob")) {
    s.tick({a.loaded().confirm(1).take(), b.loaded().confirm(1).take()});
    s.tick({ConsoleLine{"gamerule natural_health_regeneration false"}});
    s.h.sink.clear();
  }
  bool shot(ConnId victim, float amount, const Player* by, int punch = 0) {
    MobAttacker arrow{by ? by->entity_id : 99, "skeleton", "Skeleton", Vec3{}, Vec3{1.0, 0.0, 0.0}};
    arrow.player = by;
    arrow.punch = punch;
    return s.h.core.survival().hurt_by_mob(victim, amount, arrow, DamageCause::kArrow);
  }
};

TEST(BowScenario, APlayersArrowIsNotScaledByDifficultyAndNamesTheShooter) {
  Range r;
  const Player& alice = *r.s.player(1);
  ASSERT_TRUE(r.shot(2, 5.0f, nullptr));
  EXPECT_FLOAT_EQ(r.s.player(2)->health, 16.5f);  // a skeleton's on easy: min(5 / 2 + 1, 5)
  for (int i = 0; i < 20; ++i) r.s.tick();
  ASSERT_TRUE(r.shot(2, 5.0f, &alice));
  EXPECT_FLOAT_EQ(r.s.player(2)->health, 11.5f);  // Alice's: all five
  for (int i = 0; i < 20; ++i) r.s.tick();
  ASSERT_TRUE(r.shot(2, 50.0f, &alice));
  ASSERT_TRUE(r.s.player(2)->dead);
  EXPECT_TRUE(testing::logged(r.s.h.sink, "Bob was shot by Alice"));
  // With pvp off a player's arrow is refused.
  r.s.tick({ConsoleLine{"gamerule pvp false"}});
  EXPECT_FALSE(r.shot(1, 5.0f, r.s.player(2)));
  EXPECT_EQ(r.s.player(1)->health, 20.0f);
}

// Punch's push on a player: along the flight (here -x), less its knockback resistance (netherite
// 0.1 a piece), 0.1 up, added to the hit's own motion.
TEST(BowScenario, PunchPushesAPlayerLessItsKnockbackResistance) {
  auto motion = [](int punch, bool netherite) {
    Range r;
    if (netherite)
      for (const char* piece : {"netherite_boots", "netherite_leggings", "netherite_chestplate", "netherite_helmet"}) {
        const ItemStack stack{*item_id(piece), 1};
        r.s.h.core.sessions().player(2)->inventory[static_cast<size_t>(armour_menu_slot(equip_slot_of(stack.item)))] = stack;
      }
    r.s.tick();  // the equipment check
    r.s.h.sink.clear();
    EXPECT_TRUE(r.shot(2, 1.0f, nullptr, punch));
    const auto pushes = sent_to<cb::EntityVelocity>(r.s.h.sink, 2);
    EXPECT_EQ(pushes.size(), 1u);
    return pushes.empty() ? Vec3{} : Vec3{pushes[0].velocity.x(), pushes[0].velocity.y(), pushes[0].velocity.z()};
  };
  const Vec3 bare = motion(0, false), punched = motion(2, false);
  EXPECT_NEAR(punched.x - bare.x, -1.2, 1e-3);
  EXPECT_NEAR(punched.y - bare.y, 0.1, 1e-3);
  const Vec3 armoured = motion(0, true), armoured_punched = motion(2, true);
  EXPECT_NEAR(armoured_punched.x - armoured.x, -1.2 * 0.6, 1e-3);
}

// handleUseItem turns the player to the packet's look first (the bow shoots along it), but only
// with something in that hand.
TEST(BowScenario, UsingAnItemTurnsThePlayerToThePacketsLook) {
  Range r;
  Player& alice = *r.s.h.core.sessions().player(1);
  const float yaw = alice.yaw, pitch = alice.pitch;
  r.s.tick({r.a.client.packet(sb::UseItem{0, 1, 123.0f, 10.0f}).take()});
  EXPECT_EQ(alice.yaw, yaw);  // empty hand
  EXPECT_EQ(alice.pitch, pitch);
  alice.inventory[static_cast<size_t>(kFirstHotbarSlot)] = bow_item();
  r.s.tick({r.a.client.packet(sb::UseItem{0, 2, 400.0f, 10.0f}).take()});
  EXPECT_EQ(alice.yaw, 40.0f);  // wrapped
  EXPECT_EQ(alice.pitch, 10.0f);
}

}  // namespace
}  // namespace hz
