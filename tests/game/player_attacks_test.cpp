// Players' melee attacks (docs/rules/combat.md §1-2c): the weapon table against a restatement of
// Items.java's tool modifiers, attack strength through the system (attacks, swings, a new item in
// hand), what a landed hit costs the attacker, the attack packet's checks, and a player hitting a
// player through the core (pvp rule, knockback, death message).
#include <gtest/gtest.h>
#include <rapidcheck/gtest.h>

#include <algorithm>
#include <cmath>
#include <string>
#include <vector>

#include "sim/data/catalog.h"
#include "sim/game/items/durability.h"
#include "sim/game/items/enchantments.h"
#include "sim/game/mobs/combat_rules.h"
#include "sim/game/mobs/mobs.h"
#include "sim/game/survival/player_attacks.h"
#include "sim/game/survival/survival_system.h"
#include "sim/protocol/text.h"
#include "tests/game/entity_fakes.h"
#include "tests/game/fake_player_connections.h"
#include "tests/game/movement_client.h"
#include "tests/game/movement_fake_world.h"

namespace hz {
namespace {

// --- the weapon table ---

// Items.java restated: a tool kind's damage and speed baselines plus the material's damage bonus
// (ToolMaterial: wood and gold 0, stone and copper 1, iron 2, diamond 3, netherite 4). Hoes and
// axes set their numbers per material.
TEST(PlayerAttackWeapons, ToolsHitAsTheirAttributeModifiersSay) {
  struct Material {
    std::string name;
    float bonus;
  };
  const std::vector<Material> materials = {{"wooden", 0}, {"stone", 1},   {"copper", 1},   {"iron", 2},
                                           {"golden", 0}, {"diamond", 3}, {"netherite", 4}};
  auto check = [](const std::string& item, float damage_modifier, float speed_modifier) {
    const combat::Weapon w = combat::weapon_of("minecraft:" + item);
    EXPECT_EQ(w.damage, static_cast<float>(1.0 + static_cast<double>(damage_modifier))) << item;
    EXPECT_EQ(w.attack_speed, 4.0 + static_cast<double>(speed_modifier)) << item;
  };
  for (const Material& m : materials) {
    check(m.name + "_sword", 3.0f + m.bonus, -2.4f);
    check(m.name + "_pickaxe", 1.0f + m.bonus, -2.8f);
    check(m.name + "_shovel", 1.5f + m.bonus, -3.0f);
    // HoeItem's damage is minus the material's bonus: every hoe hits as a fist.
    check(m.name + "_hoe", 0.0f, 0.0f + (m.name == "wooden" || m.name == "golden" ? -3.0f
                                        : m.name == "stone" || m.name == "copper" ? -2.0f
                                        : m.name == "iron"                         ? -1.0f
                                                                                   : 0.0f));
  }
  const std::vector<std::pair<std::string, std::pair<float, float>>> axes = {
      {"wooden", {6, -3.2f}}, {"stone", {7, -3.2f}},   {"copper", {7, -3.2f}},   {"iron", {6, -3.1f}},
      {"golden", {6, -3.0f}}, {"diamond", {5, -3.0f}}, {"netherite", {5, -3.0f}}};
  for (const auto& axe : axes) {
    const std::string& material = axe.first;
    const float bonus = std::find_if(materials.begin(), materials.end(), [&](const Material& m) {
                          return m.name == material;
                        })->bonus;
    check(material + "_axe", axe.second.first + bonus, axe.second.second);
  }
  check("trident", 8.0f, -2.9f);
  // Anything else is the fist; the pickaxe's full swing takes 1 / 1.2F-widened × 20 ticks.
  EXPECT_EQ(combat::weapon_of("minecraft:stick").damage, combat::kFistDamage);
  EXPECT_EQ(combat::attack_strength_delay(combat::weapon_of("iron_pickaxe").attack_speed),
            static_cast<float>(1.0 / (4.0 + static_cast<double>(-2.8f)) * 20.0));
}

// --- the system on its own ---

class AttackDamageLog final : public PlayerDamage {
 public:
  struct PlayerHit {
    ConnId victim;
    float amount;
    int32_t attacker;
    MeleeHit kind;
  };
  bool hurt(ConnId, DamageCause, float) override { return true; }
  bool hurt_by_player(ConnId victim, float amount, const Player& attacker, MeleeHit kind) override {
    hits.push_back(PlayerHit{victim, amount, attacker.entity_id, kind});
    return true;
  }
  // With `thorns`, every victim's Thorns strike back for 2.5 (order: before Fire Aspect).
  void strike_back(ConnId, const std::function<void(float)>& strike) override {
    if (thorns) strike(2.5f);
  }
  bool hurt_by_thorns(ConnId attacker, float amount, const Player& wearer) override {
    thorned.push_back(PlayerHit{attacker, amount, wearer.entity_id, MeleeHit::kTarget});
    return true;
  }
  std::vector<PlayerHit> hits;
  std::vector<PlayerHit> thorned;
  bool thorns = false;
};

class AttackExhaustionLog final : public FoodExhaustion {
 public:
  void cause_food_exhaustion(ConnId player, float amount) override { costs.emplace_back(player, amount); }
  std::vector<std::pair<ConnId, float>> costs;
};

class AttackersLoaded final : public ClientLoading {
 public:
  bool client_loaded(ConnId) const override { return true; }
};

struct AttackFixture {
  testing::FakeWorld world;
  EntityIds ids;
  Rng random{5};
  testing::FakePlayerConnections connections;
  testing::RecordingTracking tracking;
  AttackDamageLog damage;
  AttackExhaustionLog exhaustion;
  testing::NoDrops drops;
  GameRules rules;
  testing::SettableTime time;
  AttackersLoaded loaded;
  Mobs mobs{ids, random, connections, tracking, damage, drops, rules, time};
  PlayerAttacks attacks{connections, mobs, damage, exhaustion, loaded};
  testing::RecordingBroadcast broadcast;
  PlayerItemWear wear{connections, broadcast, random};
  bool sprinting = false;
  Vec3 known_movement;
  std::vector<ConnId> sprints_stopped;

  AttackFixture() {
    world.ground(64);
    mobs.set_block_source(&world);
    attacks.set_sprinting([this](ConnId) { return sprinting; },
                          [this](ConnId conn) { sprints_stopped.push_back(conn); });
    attacks.set_unattackable([](int32_t id) { return id == 777; });
    attacks.set_known_movement([this](ConnId) { return known_movement; });
    attacks.set_item_wear(&wear);
  }
  Player& add(ConnId conn, const Vec3& at, GameMode mode = GameMode::kSurvival) {
    Player& p = connections.add(conn, at, mode);
    attacks.on_join(p);
    return p;
  }
  Mob& cow(const Vec3& at) {
    return *mobs.find(mobs.summon(mob_kind(MobType::kCow), at, 0.0f, SummonOptions{true, {}, {}, false}));
  }
  void tick(int n = 1) {
    for (int i = 0; i < n; ++i) {
      mobs.tick();
      attacks.tick();
      ++time.time;
    }
  }
};

// Player.getAttackStrengthScale restated: the hit's damage for a weapon after `ticks`.
float expected_damage(float damage, double speed, int ticks) {
  const float delay = static_cast<float>(1.0 / speed * 20.0);
  const float s = std::clamp((static_cast<float>(ticks) + 0.5f) / delay, 0.0f, 1.0f);
  return damage * (0.2f + s * s * 0.8f);
}

TEST(PlayerAttacks, AFreshPlayerHitsWeaklyAndAfterAFullSwingAtFullStrength) {
  AttackFixture f;
  Player& player = f.add(1, Vec3{2.5, 65.0, 0.5});
  Mob& cow = f.cow(Vec3{0.5, 65.0, 0.5});
  f.attacks.on_attack(player, cow.id());
  EXPECT_FLOAT_EQ(cow.state.health, 10.0f - expected_damage(1.0f, 4.0, 0));
  f.tick(25);  // past the invulnerability window
  EXPECT_EQ(f.attacks.attack_strength_ticker(1), 25);
  f.attacks.on_attack(player, cow.id());
  EXPECT_FLOAT_EQ(cow.state.health, 10.0f - expected_damage(1.0f, 4.0, 0) - 1.0f);
  EXPECT_EQ(f.attacks.attack_strength_ticker(1), 0);  // Player.onAttack
  // Each landed hit cost the attacker 0.1 food exhaustion.
  ASSERT_EQ(f.exhaustion.costs.size(), 2u);
  EXPECT_EQ(f.exhaustion.costs[1], std::make_pair(ConnId{1}, 0.1f));
}

// ItemStack.postHurtEnemy: a landed hit wears the weapon by its weapon component (axes 2, swords
// 1); a hit the invulnerability window refuses wears nothing, nor does a fist.
TEST(PlayerAttacks, ALandedHitWearsTheWeapon) {
  AttackFixture f;
  Player& player = f.add(1, Vec3{2.5, 65.0, 0.5});
  Mob& cow = f.cow(Vec3{0.5, 65.0, 0.5});
  // Each hit is taken by a cow healed first: a dead one would be removed in the middle of the test.
  auto hit = [&] {
    cow.set_health(10.0f);
    f.attacks.on_attack(player, cow.id());
  };
  player.inventory[kFirstHotbarSlot] = ItemStack{*item_id("iron_axe"), 1};
  f.tick(25);
  hit();
  EXPECT_EQ(player.main_hand().damage, 2);
  hit();  // weaker, inside the window: refused
  EXPECT_EQ(player.main_hand().damage, 2);
  player.inventory[kFirstHotbarSlot] = ItemStack{*item_id("stone_sword"), 1};
  f.tick(25);
  hit();
  EXPECT_EQ(player.main_hand().damage, 1);
  player.inventory[kFirstHotbarSlot] = ItemStack{};
  f.tick(25);
  hit();
  EXPECT_LT(cow.state.health, 10.0f);  // the fist's hit landed, and wore nothing
  EXPECT_TRUE(f.broadcast.sent.empty());
}

TEST(PlayerAttacks, ASwingAtTheAirLeavesTheNextHitWeak) {
  AttackFixture f;
  Player& player = f.add(1, Vec3{2.5, 65.0, 0.5});
  Mob& cow = f.cow(Vec3{0.5, 65.0, 0.5});
  f.tick(25);
  f.attacks.on_swing(player, 0);
  f.attacks.on_attack(player, cow.id());
  EXPECT_FLOAT_EQ(cow.state.health, 10.0f - expected_damage(1.0f, 4.0, 0));
}

// Player.tick: another item in the main hand restarts the ticker; the same item with another
// count does not (ItemStack.isSameItem).
TEST(PlayerAttacks, TakingAnotherItemRestartsTheAttackStrength) {
  AttackFixture f;
  Player& player = f.add(1, Vec3{2.5, 65.0, 0.5});
  const int32_t sword = *item_id("iron_sword"), stone = *item_id("stone");
  ItemStack& hand = player.inventory[static_cast<size_t>(kFirstHotbarSlot)];
  hand = ItemStack{sword, 1, {}};
  f.tick();  // the first tick sees the sword where the new entity's last item was empty
  EXPECT_EQ(f.attacks.attack_strength_ticker(1), 0);
  f.tick(20);
  EXPECT_EQ(f.attacks.attack_strength_ticker(1), 20);
  hand = ItemStack{sword, 1, {EnchantmentLevel{1, 1}}};
  f.tick();
  EXPECT_EQ(f.attacks.attack_strength_ticker(1), 21);
  hand = ItemStack{stone, 5, {}};
  f.tick();
  EXPECT_EQ(f.attacks.attack_strength_ticker(1), 0);
  hand = ItemStack{stone, 64, {}};
  f.tick(3);
  EXPECT_EQ(f.attacks.attack_strength_ticker(1), 3);
  player.selected_slot = 1;  // an empty slot: the hand now holds air
  f.tick();
  EXPECT_EQ(f.attacks.attack_strength_ticker(1), 0);
}

TEST(PlayerAttacks, ASprintingFullStrengthHitKnocksBackFurtherAndEndsTheSprint) {
  AttackFixture f;
  f.sprinting = true;
  Player& player = f.add(1, Vec3{0.5, 65.0, -1.5});  // north of the cow, facing south (yaw 0)
  Mob& cow = f.cow(Vec3{0.5, 65.0, 0.5});
  cow.on_ground = true;
  f.tick(10);
  f.attacks.on_attack(player, cow.id());
  EXPECT_FLOAT_EQ(cow.state.health, 9.0f);  // sprinting: no critical hit
  // knockback(0.4F) away from the player: (0, 0.4, p); then knockback(0.5, sin 0, −cos 0).
  const double power = static_cast<double>(0.4f);
  EXPECT_NEAR(cow.velocity.x, 0.0, 1e-12);
  EXPECT_NEAR(cow.velocity.y, 0.4, 1e-12);
  EXPECT_NEAR(cow.velocity.z, power / 2.0 + 0.5, 1e-12);
  EXPECT_EQ(f.sprints_stopped, std::vector<ConnId>{1});
  // A weak sprinting hit is no knockback hit: the sprint goes on.
  f.tick(25);
  f.attacks.on_swing(player, 0);
  f.attacks.on_attack(player, cow.id());
  EXPECT_EQ(f.sprints_stopped.size(), 1u);
}

TEST(PlayerAttacks, AttacksOutOfReachBySpectatorsOrOnNothingDoNothing) {
  AttackFixture f;
  Player& far = f.add(1, Vec3{8.0, 65.0, 0.5});
  Player& spectator = f.add(2, Vec3{1.5, 65.0, 0.5}, GameMode::kSpectator);
  Mob& pig = *f.mobs.find(f.mobs.summon(mob_kind(MobType::kPig), Vec3{0.5, 65.0, 0.5}, 0.0f,
                                        SummonOptions{true, {}, {}, false}));
  // The pig's box reaches x = 0.95; the far player's eyes are 7.05 away (more than 3 + 3).
  f.attacks.on_attack(far, pig.id());
  f.attacks.on_attack(spectator, pig.id());
  f.attacks.on_attack(far, 12345);
  EXPECT_FLOAT_EQ(pig.state.health, 10.0f);
  EXPECT_TRUE(f.exhaustion.costs.empty());
  far.position = Vec3{6.8, 65.0, 0.5};  // 5.85 sideways, 0.72 above the box: in reach with the tolerance
  f.attacks.on_attack(far, pig.id());
  EXPECT_LT(pig.state.health, 10.0f);
  EXPECT_TRUE(f.connections.disconnects.empty());
}

// handleAttack: attacking oneself, an item entity or an orb is a client bug or a cheat.
TEST(PlayerAttacks, AttackingItselfOrAnItemDisconnects) {
  AttackFixture f;
  Player& a = f.add(1, Vec3{0.5, 65.0, 0.5});
  Player& b = f.add(2, Vec3{2.5, 65.0, 0.5});
  f.attacks.on_attack(a, a.entity_id);
  f.attacks.on_attack(b, 777);
  ASSERT_EQ(f.connections.disconnects.size(), 2u);
  EXPECT_EQ(f.connections.disconnects[0], std::make_pair(ConnId{1}, std::string("multiplayer.disconnect.invalid_entity_attacked")));
  EXPECT_EQ(f.connections.disconnects[1].first, ConnId{2});
  EXPECT_TRUE(f.damage.hits.empty());
}

TEST(PlayerAttacks, APlayerTargetIsHurtThroughThePlayerDamagePort) {
  AttackFixture f;
  Player& a = f.add(1, Vec3{0.5, 65.0, 0.5});
  Player& b = f.add(2, Vec3{2.5, 65.0, 0.5});
  f.tick(30);
  a.inventory[static_cast<size_t>(kFirstHotbarSlot)] = ItemStack{*item_id("diamond_sword"), 1, {}};
  f.tick(30);
  f.attacks.on_attack(a, b.entity_id);
  ASSERT_EQ(f.damage.hits.size(), 1u);
  EXPECT_EQ(f.damage.hits[0].victim, ConnId{2});
  EXPECT_FLOAT_EQ(f.damage.hits[0].amount, 7.0f);
  EXPECT_EQ(f.damage.hits[0].attacker, a.entity_id);
  EXPECT_EQ(f.damage.hits[0].kind, PlayerDamage::MeleeHit::kTarget);
  EXPECT_TRUE(f.damage.thorned.empty());
  // Thorns on the victim strike the attacker after a landed hit.
  f.damage.thorns = true;
  f.tick(30);
  f.attacks.on_attack(a, b.entity_id);
  ASSERT_EQ(f.damage.thorned.size(), 1u);
  EXPECT_EQ(f.damage.thorned[0].victim, ConnId{1});
  EXPECT_EQ(f.damage.thorned[0].amount, 2.5f);
  EXPECT_EQ(f.damage.thorned[0].attacker, b.entity_id);  // the wearer
}

// Player.isSweepAttack restated: full strength (scale > 0.9), not critical, not a knockback hit,
// on the ground, a sword, and the known movement slower than (double)0.1F × 2.5 per tick.
RC_GTEST_PROP(PlayerAttackSweep, TheDecisionFollowsIsSweepAttack, ()) {
  combat::AttackInput in;
  in.weapon = combat::weapon_of(*rc::gen::element<std::string>("iron_sword", "iron_axe", "stick"));
  in.sword = *rc::gen::arbitrary<bool>();
  in.attack_strength_ticker = *rc::gen::inRange(0, 30);
  in.sprinting = *rc::gen::arbitrary<bool>();
  in.on_ground = *rc::gen::arbitrary<bool>();
  in.fall_distance = *rc::gen::element(0.0, 0.5);
  const double speed = *rc::gen::element(0.0, 0.1, 0.2499, 0.25, 0.2500001, 0.3);
  in.known_horizontal_sqr = speed * speed;
  const combat::AttackOutcome out = combat::player_attack(in);
  const float delay = static_cast<float>(1.0 / in.weapon.attack_speed * 20.0);
  const float scale = std::clamp((static_cast<float>(in.attack_strength_ticker) + 0.5f) / delay, 0.0f, 1.0f);
  const bool full = scale > 0.9f;
  const bool critical = full && in.fall_distance > 0.0 && !in.on_ground && !in.sprinting;
  const bool knockback = full && in.sprinting;
  const double limit = static_cast<double>(0.1f) * 2.5;
  RC_ASSERT(out.sweep == (full && !critical && !knockback && in.on_ground && in.sword &&
                          in.known_horizontal_sqr < limit * limit));
}

TEST(PlayerAttacks, ASwordsFullHitSweepsTheMobsBesideItsTarget) {
  AttackFixture f;
  Player& player = f.add(1, Vec3{0.5, 65.0, -1.5});  // facing south (yaw 0) at the cow
  player.inventory[static_cast<size_t>(kFirstHotbarSlot)] = ItemStack{*item_id("iron_sword"), 1, {}};
  Mob& cow = f.cow(Vec3{0.5, 65.0, 0.5});
  Mob& beside = f.cow(Vec3{1.9, 65.0, 0.5});   // boxes 0.5 apart, 2.4 from the player
  Mob& far = f.cow(Vec3{0.5, 65.0, 1.9});      // beside the target too, but 3.4 from the player
  Mob& apart = f.cow(Vec3{3.5, 65.0, 0.5});    // out of the grown box
  for (Mob* m : {&cow, &beside, &far, &apart}) m->on_ground = true;
  f.tick(20);
  f.attacks.on_attack(player, cow.id());
  EXPECT_FLOAT_EQ(cow.state.health, 4.0f);     // 6, the sword's full damage
  EXPECT_FLOAT_EQ(beside.state.health, 9.0f);  // the sweep's 1 at full strength
  EXPECT_FLOAT_EQ(far.state.health, 10.0f);
  EXPECT_FLOAT_EQ(apart.state.health, 10.0f);
  // knockback(0.4F) away from the player, then knockback(0.4F, sin 0, −cos 0) along the look.
  Rng unused(1);
  const double p = static_cast<double>(0.4f);
  Vec3 expected = combat::knockback(Vec3{}, true, p, player.position.x - 1.9, player.position.z - 0.5, unused);
  expected = combat::knockback(expected, true, p, 0.0, -1.0, unused);
  EXPECT_NEAR(beside.velocity.x, expected.x, 1e-12);
  EXPECT_NEAR(beside.velocity.z, expected.z, 1e-12);
  // Running at the target: no sweep.
  f.tick(25);
  f.known_movement = Vec3{0.0, 0.0, 0.3};
  f.attacks.on_attack(player, cow.id());
  EXPECT_FLOAT_EQ(beside.state.health, 9.0f);
}

// Fire Aspect's post-attack ignite: 4 seconds a level on the target and on each swept mob.
TEST(PlayerAttacks, FireAspectSetsTheTargetAndTheSweptMobsAlight) {
  AttackFixture f;
  Player& player = f.add(1, Vec3{0.5, 65.0, -1.5});
  ItemStack sword{*item_id("iron_sword"), 1, {}};
  set_enchantment(sword, *enchantment_id("fire_aspect"), 2);
  player.inventory[static_cast<size_t>(kFirstHotbarSlot)] = sword;
  Mob& cow = f.cow(Vec3{0.5, 65.0, 0.5});
  Mob& beside = f.cow(Vec3{1.9, 65.0, 0.5});
  Mob& apart = f.cow(Vec3{3.5, 65.0, 0.5});
  for (Mob* m : {&cow, &beside, &apart}) m->on_ground = true;
  f.tick(20);
  f.attacks.on_attack(player, cow.id());
  EXPECT_EQ(cow.state.remaining_fire_ticks, 160);
  EXPECT_EQ(beside.state.remaining_fire_ticks, 160);
  EXPECT_EQ(apart.state.remaining_fire_ticks, 0);
  // A plain sword lights nothing.
  player.inventory[static_cast<size_t>(kFirstHotbarSlot)] = ItemStack{*item_id("iron_sword"), 1, {}};
  f.tick(25);
  f.attacks.on_attack(player, apart.id());
  EXPECT_EQ(apart.state.remaining_fire_ticks, 0);
}

// --- a player hitting a player through the core ---

using testing::join;
using testing::JoinedPlayer;
using testing::MovementServer;
using testing::sent_to;
namespace cb = packet::play_cb;

struct Duel {
  MovementServer s;
  JoinedPlayer a, b;
  Duel() : a(join(s, 1, "Alice")), b(join(s, 2, "Bob")) {
    s.tick({a.loaded().confirm(1).take(), b.loaded().confirm(1).take()});
    s.tick({ConsoleLine{"gamerule natural_health_regeneration false"}});
    s.tick({ConsoleLine{"tp Alice 0.5 65 0.5"}, ConsoleLine{"tp Bob 2.5 65 0.5"}});
    s.tick({a.confirm(2).take(), b.confirm(2).take()});
    for (int i = 0; i < 30; ++i) s.tick();  // a full swing, and Bob's invulnerability long over
    s.h.sink.clear();
  }
  void attack() {
    a.client.packet(packet::play_sb::Attack{b.entity_id});
    s.tick({a.take()});
  }
};

TEST(PlayerAttacksScenario, AFistHitsAnotherPlayerAndKnocksHimAway) {
  Duel d;
  d.attack();
  EXPECT_FLOAT_EQ(d.s.player(2)->health, 19.0f);
  // knockback(0.4F, Alice − Bob): away along +x, told to Bob alone.
  const auto motion = sent_to<cb::EntityVelocity>(d.s.h.sink, 2);
  ASSERT_EQ(motion.size(), 1u);
  EXPECT_EQ(motion[0].entity_id, d.b.entity_id);
  EXPECT_NEAR(motion[0].velocity.x(), static_cast<double>(0.4f), 1e-4);
  EXPECT_TRUE(sent_to<cb::EntityVelocity>(d.s.h.sink, 1).empty());
  // Hit by a living entity: Bob is in combat.
  EXPECT_EQ(sent_to<cb::EnterCombatEvent>(d.s.h.sink, 2).size(), 1u);
}

// Fire Aspect I lights the player it hits for 80 ticks (burning counts it down in the same tick's
// player update when that runs after the attack).
TEST(PlayerAttacksScenario, FireAspectSetsTheVictimAlight) {
  Duel d;
  ItemStack sword{*item_id("iron_sword"), 1, {}};
  set_enchantment(sword, *enchantment_id("fire_aspect"), 1);
  d.s.h.core.sessions().player(1)->inventory[static_cast<size_t>(kFirstHotbarSlot)] = sword;
  for (int i = 0; i < 20; ++i) d.s.tick();  // a full swing with the new item
  EXPECT_LE(d.s.player(2)->remaining_fire_ticks, 0);
  d.attack();
  EXPECT_GE(d.s.player(2)->remaining_fire_ticks, 79);
  EXPECT_LE(d.s.player(2)->remaining_fire_ticks, 80);
  d.s.tick();
  EXPECT_TRUE(d.s.player(2)->on_fire);
}

// A hit inside the victim's invulnerability window that deals more than the last is a partial
// hit: no hurt mark, so even a sprinting knockback hit tells the victim no new motion.
TEST(PlayerAttacksScenario, APartialHitSendsNoMotionEvenWhenSprinting) {
  Duel d;
  d.a.client.packet(packet::play_sb::ArmAnimation{0});
  d.s.tick({d.a.take()});
  d.attack();  // right after the swing: 0.2 of a fist, a full hit
  ASSERT_EQ(sent_to<cb::EntityVelocity>(d.s.h.sink, 2).size(), 1u);
  for (int i = 0; i < 6; ++i) d.s.tick();  // a fist's full swing, still inside the window
  d.a.client.packet(packet::play_sb::EntityAction{d.a.entity_id, packet::play_sb::EntityAction::kStartSprinting, 0});
  d.s.tick({d.a.take()});
  d.s.h.sink.clear();
  d.attack();
  EXPECT_FLOAT_EQ(d.s.player(2)->health, 19.0f);  // 0.2, then the 0.8 more of a full fist
  EXPECT_TRUE(sent_to<cb::EntityVelocity>(d.s.h.sink, 2).empty());
}

TEST(PlayerAttacksScenario, ThePvpRuleOffProtectsPlayers) {
  Duel d;
  d.s.tick({ConsoleLine{"gamerule pvp false"}});
  d.attack();
  EXPECT_FLOAT_EQ(d.s.player(2)->health, 20.0f);
}

// getKillCredit: a death by a source without an entity within 100 ticks of a player's hit reads
// "death.attack.<id>.player" with that player; later, the plain message.
TEST(PlayerAttacksScenario, ADeathSoonAfterAHitBlamesTheAttacker) {
  Duel d;
  d.attack();
  for (int i = 0; i < 30; ++i) d.s.tick();
  d.s.h.core.survival().hurt(2, DamageCause::kGeneric, 100.0f);
  ASSERT_TRUE(d.s.player(2)->dead);
  const auto kills = sent_to<cb::DeathCombatEvent>(d.s.h.sink, 2);
  ASSERT_EQ(kills.size(), 1u);
  const std::string message = nbt_text_to_json(kills[0].message);
  EXPECT_NE(message.find("death.attack.generic.player"), std::string::npos) << message;
  EXPECT_NE(message.find("Alice"), std::string::npos) << message;
  EXPECT_TRUE(testing::logged(d.s.h.sink, "Bob died because of Alice"));
}

TEST(PlayerAttacksScenario, TheCreditLapsesAfterAHundredTicks) {
  Duel d;
  d.attack();
  for (int i = 0; i < 101; ++i) d.s.tick();
  d.s.h.core.survival().hurt(2, DamageCause::kGeneric, 100.0f);
  ASSERT_TRUE(d.s.player(2)->dead);
  const auto kills = sent_to<cb::DeathCombatEvent>(d.s.h.sink, 2);
  ASSERT_EQ(kills.size(), 1u);
  const std::string message = nbt_text_to_json(kills[0].message);
  EXPECT_NE(message.find("\"death.attack.generic\""), std::string::npos) << message;
  EXPECT_EQ(message.find("Alice"), std::string::npos) << message;
}

TEST(PlayerAttacksScenario, ADeathByAPlayerNamesTheKiller) {
  Duel d;
  for (int hit = 0; hit < 20 && !d.s.player(2)->dead; ++hit) {
    d.attack();
    for (int i = 0; i < 20; ++i) d.s.tick();
  }
  ASSERT_TRUE(d.s.player(2)->dead);
  const auto kills = sent_to<cb::DeathCombatEvent>(d.s.h.sink, 2);
  ASSERT_EQ(kills.size(), 1u);
  const std::string message = nbt_text_to_json(kills[0].message);
  EXPECT_NE(message.find("death.attack.player"), std::string::npos) << message;
  EXPECT_NE(message.find("Alice"), std::string::npos) << message;
  EXPECT_TRUE(testing::logged(d.s.h.sink, "Bob was slain by Alice"));
  // Dying ends the combat: its duration goes to Bob after the death screen.
  const auto ends = sent_to<cb::EndCombatEvent>(d.s.h.sink, 2);
  ASSERT_EQ(ends.size(), 1u);
  EXPECT_GT(ends[0].duration, 19 * 20);
}

}  // namespace
}  // namespace hz
