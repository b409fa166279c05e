// Armour (docs/rules/armour.md): the damage chain against a restatement of CombatRules and the
// protection enchantments, the materials table, the slot and broken-piece rules, Unbreaking's
// armour chance, and through the core: a mob's hit on an armoured player, the equipment check's
// delay, Feather Falling, a breaking piece and netherite's knockback resistance.
#include <gtest/gtest.h>
#include <rapidcheck/gtest.h>

#include <algorithm>
#include <cmath>
#include <set>
#include <string>

#include "sim/data/catalog.h"
#include "sim/game/items/durability.h"
#include "sim/game/items/enchantments.h"
#include "sim/game/items/equipment.h"
#include "sim/game/survival/armour_rules.h"
#include "sim/game/survival/damage_rules.h"
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

ItemStack worn_piece(std::string_view name, int damage = 0) {
  ItemStack stack{*item_id(name), 1};
  stack.damage = damage;
  return stack;
}

ItemStack enchanted_piece(std::string_view name, std::string_view enchantment, int level) {
  ItemStack stack = worn_piece(name);
  set_enchantment(stack, *enchantment_id(enchantment), level);
  return stack;
}

// --- the reference: CombatRules and the enchantment files restated from their tags ---

// bypasses_armor, bypasses_effects and the protection enchantments' damage-type tags, by registry
// name, as vanilla's tag files list them.
const std::set<std::string> kBypassesArmor = {"minecraft:generic", "minecraft:generic_kill", "minecraft:fall",
                                              "minecraft:out_of_world", "minecraft:starve", "minecraft:on_fire"};
float armoured_reference_damage(float damage, DamageCause kind, int armor, float toughness, float points) {
  const std::string name(damage_type(kind).registry_name);
  if (!kBypassesArmor.contains(name)) {
    const float divider = 2.0f + toughness / 4.0f;
    float real = static_cast<float>(armor) - damage / divider;
    real = std::max(real, static_cast<float>(armor) * 0.2f);
    real = std::min(real, 20.0f);
    damage = damage * (1.0f - real / 25.0f);
  }
  if (name == "minecraft:starve") return damage;  // bypasses_effects
  if (damage <= 0.0f) return 0.0f;
  if (points > 0.0f) damage = damage * (1.0f - std::min(points, 20.0f) / 25.0f);
  return damage;
}

RC_GTEST_PROP(Armour, TheDamageChainMatchesTheRestatement, ()) {
  const auto kind = static_cast<DamageCause>(*rc::gen::inRange(0, static_cast<int>(DamageCause::kOnFire) + 1));
  const float damage = static_cast<float>(*rc::gen::inRange(0, 4000)) / 100.0f;
  const int armor = *rc::gen::inRange(0, 31);
  const float toughness = static_cast<float>(*rc::gen::inRange(0, 21));
  const float points = static_cast<float>(*rc::gen::inRange(0, 30));
  const float got = damage_after_defence(damage, kind, Defence{static_cast<float>(armor), toughness, points});
  RC_ASSERT(got == armoured_reference_damage(damage, kind, armor, toughness, points));
}

TEST(Armour, ToughnessKeepsMoreOfTheArmourAgainstBigHits) {
  // 20 armour without toughness against 20 damage: clamp(20 - 10, 4, 20) = 10 → 60% gets through.
  EXPECT_FLOAT_EQ(damage_after_armour(20.0f, 20.0f, 0.0f), 12.0f);
  // With netherite's 12 toughness: 20 - 20/5 = 16 → 36%.
  EXPECT_FLOAT_EQ(damage_after_armour(20.0f, 20.0f, 12.0f), 7.2f);
  EXPECT_FLOAT_EQ(damage_after_protection(10.0f, 32.0f), 2.0f);  // capped at 20 points
}

// --- the materials ---

TEST(Armour, PiecesGiveTheirMaterialsDefence) {
  auto armor = [](std::string_view name) { return armour_piece(*item_id(name)).armor; };
  EXPECT_EQ(armor("leather_helmet"), 1.0);
  EXPECT_EQ(armor("copper_chestplate"), 4.0);
  EXPECT_EQ(armor("chainmail_leggings"), 4.0);
  EXPECT_EQ(armor("iron_boots"), 2.0);
  EXPECT_EQ(armor("golden_chestplate"), 5.0);
  EXPECT_EQ(armor("diamond_leggings"), 6.0);
  EXPECT_EQ(armor("netherite_helmet"), 3.0);
  EXPECT_EQ(armor("turtle_helmet"), 2.0);
  EXPECT_EQ(armor("elytra"), 0.0);
  EXPECT_EQ(armor("carved_pumpkin"), 0.0);
  EXPECT_EQ(armor("iron_sword"), 0.0);
  EXPECT_EQ(armour_piece(*item_id("diamond_boots")).toughness, 2.0);
  EXPECT_EQ(armour_piece(*item_id("netherite_boots")).toughness, 3.0);
  EXPECT_EQ(armour_piece(*item_id("netherite_boots")).knockback_resistance, static_cast<double>(0.1f));
  // The durabilities are the material's unit times the piece's (ArmorType): 11, 16, 15, 13.
  EXPECT_EQ(item_max_damage(*item_id("netherite_helmet")), 37 * 11);
  EXPECT_EQ(item_max_damage(*item_id("leather_chestplate")), 5 * 16);
  EXPECT_EQ(item_max_damage(*item_id("copper_leggings")), 11 * 15);
  EXPECT_EQ(item_max_damage(*item_id("turtle_helmet")), 25 * 11);
}

TEST(Armour, OnlyPiecesInTheirOwnSlotAndNotBrokenCount) {
  const ItemStack boots = worn_piece("diamond_boots"), legs = worn_piece("diamond_leggings"), chest = worn_piece("diamond_chestplate"),
                  head = worn_piece("diamond_helmet");
  EXPECT_EQ(worn_armour(WornStacks{&boots, &legs, &chest, &head}), (ArmourAttributes{20.0, 8.0, 0.0}));
  // A helmet where the boots go gives nothing.
  EXPECT_EQ(worn_armour(WornStacks{&head, &legs, &chest, &head}).armor, 17.0);
  const ItemStack worn_out = worn_piece("diamond_helmet", item_max_damage(*item_id("diamond_helmet")));
  EXPECT_EQ(worn_armour(WornStacks{&boots, &legs, &chest, &worn_out}).armor, 17.0);
  const ItemStack n_boots = worn_piece("netherite_boots"), n_legs = worn_piece("netherite_leggings"),
                  n_chest = worn_piece("netherite_chestplate"), n_head = worn_piece("netherite_helmet");
  const ArmourAttributes netherite = worn_armour(WornStacks{&n_boots, &n_legs, &n_chest, &n_head});
  EXPECT_EQ(netherite.toughness, 12.0);
  EXPECT_EQ(netherite.knockback_resistance, 4.0 * static_cast<double>(0.1f));  // four float modifiers
  EXPECT_EQ(defence_of(netherite, 3.0f).armor, 20.0f);
}

TEST(Armour, ProtectionPointsFollowTheDamageType) {
  const ItemStack boots = enchanted_piece("iron_boots", "feather_falling", 4);
  const ItemStack legs = enchanted_piece("iron_leggings", "protection", 3);
  const ItemStack chest = enchanted_piece("iron_chestplate", "blast_protection", 2);
  const ItemStack head = enchanted_piece("iron_helmet", "projectile_protection", 1);
  const WornStacks worn{&boots, &legs, &chest, &head};
  EXPECT_EQ(protection_points(worn, DamageCause::kMobAttack), 3.0f);
  EXPECT_EQ(protection_points(worn, DamageCause::kFall), 3.0f + 12.0f);
  EXPECT_EQ(protection_points(worn, DamageCause::kExplosion), 3.0f + 4.0f);
  EXPECT_EQ(protection_points(worn, DamageCause::kPlayerExplosion), 3.0f + 4.0f);
  EXPECT_EQ(protection_points(worn, DamageCause::kArrow), 3.0f + 2.0f);
  EXPECT_EQ(protection_points(worn, DamageCause::kOutOfWorld), 0.0f);
  EXPECT_EQ(protection_points(worn, DamageCause::kGenericKill), 0.0f);
  const ItemStack fire = enchanted_piece("iron_boots", "fire_protection", 3);
  EXPECT_EQ(protection_points(WornStacks{&fire, &legs, &chest, &head}, DamageCause::kLava), 3.0f + 6.0f);
  EXPECT_EQ(protection_points(WornStacks{&fire, &legs, &chest, &head}, DamageCause::kOnFire), 3.0f + 6.0f);
  // Starving reads the points but bypasses effects before they apply.
  EXPECT_EQ(damage_after_defence(1.0f, DamageCause::kStarve, Defence{20.0f, 0.0f, 20.0f}), 1.0f);
}

// The enchantments' attribute effects: Fire Protection on burning_time, Blast Protection on
// explosion_knockback_resistance, each level value a float, summed over the armour slots.
TEST(Armour, EnchantmentsChangeTheirAttributes) {
  const ItemStack boots = enchanted_piece("iron_boots", "blast_protection", 2);
  const ItemStack legs = enchanted_piece("iron_leggings", "fire_protection", 1);
  const ItemStack chest = enchanted_piece("iron_chestplate", "blast_protection", 4);
  const ItemStack head = worn_piece("iron_helmet");
  const ArmourAttributes a = worn_armour(WornStacks{&boots, &legs, &chest, &head});
  EXPECT_EQ(a.burning_time, 1.0 + static_cast<double>(-0.15f));
  EXPECT_EQ(a.explosion_knockback_resistance,
            static_cast<double>(0.15f + 0.15f) + static_cast<double>(0.15f + 0.15f * 3.0f));
  const ItemStack more = enchanted_piece("iron_helmet", "blast_protection", 4);
  EXPECT_EQ(worn_armour(WornStacks{&boots, &legs, &chest, &more}).explosion_knockback_resistance, 1.0);  // capped
}

TEST(Armour, WearIsAQuarterOfTheDamageAndAtLeastOne) {
  EXPECT_EQ(armour_wear_points(0.5f), 1);
  EXPECT_EQ(armour_wear_points(7.9f), 1);
  EXPECT_EQ(armour_wear_points(8.0f), 2);
  EXPECT_EQ(armour_wear_points(30.0f), 7);
  EXPECT_TRUE(wears_when_hurt(worn_piece("leather_boots"), DamageCause::kMobAttack));
  EXPECT_TRUE(wears_when_hurt(worn_piece("turtle_helmet"), DamageCause::kMobAttack));
  EXPECT_FALSE(wears_when_hurt(worn_piece("elytra"), DamageCause::kMobAttack));
  EXPECT_FALSE(wears_when_hurt(worn_piece("carved_pumpkin"), DamageCause::kMobAttack));
  EXPECT_FALSE(wears_when_hurt(worn_piece("iron_sword"), DamageCause::kMobAttack));  // no equippable component
  EXPECT_TRUE(wears_when_hurt(worn_piece("netherite_helmet"), DamageCause::kMobAttack));
  EXPECT_FALSE(wears_when_hurt(worn_piece("netherite_helmet"), DamageCause::kLava));  // damage_resistant
  EXPECT_TRUE(wears_when_hurt(worn_piece("diamond_helmet"), DamageCause::kLava));
}

TEST(Armour, UnbreakingSparesArmourLessOften) {
  EXPECT_EQ(unbreaking_chance(enchanted_piece("iron_chestplate", "unbreaking", 1)), 2.0f / 10.0f);
  EXPECT_EQ(unbreaking_chance(enchanted_piece("iron_chestplate", "unbreaking", 2)), 4.0f / 15.0f);
  EXPECT_EQ(unbreaking_chance(enchanted_piece("turtle_helmet", "unbreaking", 3)), 6.0f / 20.0f);
  EXPECT_EQ(unbreaking_chance(enchanted_piece("iron_sword", "unbreaking", 3)), 3.0f / 4.0f);
  EXPECT_EQ(unbreaking_chance(enchanted_piece("elytra", "unbreaking", 1)), 1.0f / 2.0f);  // not enchantable/armor
  EXPECT_EQ(unbreaking_chance(worn_piece("iron_chestplate")), 0.0f);
}

// --- through the core ---

// Normal difficulty, where a mob's hit is not scaled.
ServerProperties normal_difficulty() {
  ServerProperties props = testing::test_properties();
  props.difficulty = Difficulty::kNormal;
  return props;
}

struct Armoured {
  MovementServer s{normal_difficulty()};
  JoinedPlayer p;
  Armoured() : p(join(s, 1, "Probe")) {
    s.tick({p.loaded().confirm(1).take()});
    s.tick({ConsoleLine{"gamerule natural_health_regeneration false"}});
    s.h.sink.clear();
  }
  Player& player() { return *s.h.core.sessions().player(1); }
  void wear(EquipSlot slot, ItemStack stack) { player().inventory[static_cast<size_t>(armour_menu_slot(slot))] = std::move(stack); }
  const ItemStack& worn(EquipSlot slot) { return player().inventory[static_cast<size_t>(armour_menu_slot(slot))]; }
  bool hit(float amount) {
    const MobAttacker zombie{99, "zombie", "Zombie", Vec3{p.spawn.x + 1.0, p.spawn.y, p.spawn.z}};
    return s.h.core.survival().hurt_by_mob(1, amount, zombie);
  }
  void dress_in(std::string_view material) {
    wear(EquipSlot::kFeet, worn_piece(std::string(material) + "_boots"));
    wear(EquipSlot::kLegs, worn_piece(std::string(material) + "_leggings"));
    wear(EquipSlot::kChest, worn_piece(std::string(material) + "_chestplate"));
    wear(EquipSlot::kHead, worn_piece(std::string(material) + "_helmet"));
  }
};

TEST(ArmourScenario, IronArmourSoftensAZombiesHitAndEachPieceWears) {
  Armoured f;
  f.dress_in("iron");
  f.s.tick();  // the player's equipment check puts the attributes on
  ASSERT_TRUE(f.hit(6.0f));
  EXPECT_EQ(f.player().health, 20.0f - armoured_reference_damage(6.0f, DamageCause::kMobAttack, 15, 0.0f, 0.0f));
  EXPECT_FLOAT_EQ(f.player().health, 20.0f - 3.12f);
  for (EquipSlot slot : {EquipSlot::kFeet, EquipSlot::kLegs, EquipSlot::kChest, EquipSlot::kHead})
    EXPECT_EQ(f.worn(slot).damage, 1);
  // Food exhaustion is the damage type's, once the damage is not zero.
  EXPECT_FLOAT_EQ(f.player().exhaustion, 0.1f);
}

TEST(ArmourScenario, ArmourPutOnThisTickDoesNotCountUntilThePlayersTick) {
  Armoured f;
  f.dress_in("diamond");
  ASSERT_TRUE(f.hit(4.0f));
  EXPECT_EQ(f.player().health, 16.0f);          // no attributes yet
  EXPECT_EQ(f.worn(EquipSlot::kChest).damage, 1);  // but what is worn wears
  // Out of the invulnerability window, checked: all four count. A piece taken off still counts
  // until the next check.
  for (int i = 0; i < 20; ++i) f.s.tick();
  f.wear(EquipSlot::kChest, ItemStack{});
  float before = f.player().health;
  ASSERT_TRUE(f.hit(4.0f));
  EXPECT_EQ(f.player().health, before - armoured_reference_damage(4.0f, DamageCause::kMobAttack, 20, 8.0f, 0.0f));
  for (int i = 0; i < 20; ++i) f.s.tick();
  before = f.player().health;
  ASSERT_TRUE(f.hit(4.0f));
  EXPECT_EQ(f.player().health, before - armoured_reference_damage(4.0f, DamageCause::kMobAttack, 12, 6.0f, 0.0f));
}

TEST(ArmourScenario, FeatherFallingSoftensAFallAndNothingWears) {
  Armoured f;
  f.wear(EquipSlot::kFeet, enchanted_piece("iron_boots", "feather_falling", 4));
  f.s.tick();
  ASSERT_TRUE(f.s.h.core.survival().hurt(1, DamageCause::kFall, 7.0f));
  EXPECT_EQ(f.player().health, 20.0f - armoured_reference_damage(7.0f, DamageCause::kFall, 2, 0.0f, 12.0f));
  EXPECT_FLOAT_EQ(f.player().health, 20.0f - 3.64f);
  EXPECT_EQ(f.worn(EquipSlot::kFeet).damage, 0);
}

TEST(ArmourScenario, TheLastPointBreaksThePieceWithItsEvent) {
  Armoured f;
  const int max = item_max_damage(*item_id("golden_helmet"));
  f.wear(EquipSlot::kHead, worn_piece("golden_helmet", max - 1));
  f.wear(EquipSlot::kFeet, worn_piece("golden_boots", max - 1));  // far from its own durability
  f.s.tick();
  ASSERT_TRUE(f.hit(3.0f));
  EXPECT_TRUE(f.worn(EquipSlot::kHead).empty());
  EXPECT_EQ(f.worn(EquipSlot::kFeet).damage, max);
  const auto events = sent_to<cb::EntityStatus>(f.s.h.sink, 1);
  ASSERT_EQ(events.size(), 1u);
  EXPECT_EQ(events[0].status, kEntityEventHeadBreak);
  // The broken helmet still counted in this hit (the attributes change at the next check).
  EXPECT_EQ(f.player().health, 20.0f - armoured_reference_damage(3.0f, DamageCause::kMobAttack, 3, 0.0f, 0.0f));
}

TEST(ArmourScenario, TheVoidAndStarvingBypassArmour) {
  Armoured f;
  f.dress_in("diamond");
  f.s.tick();
  ASSERT_TRUE(f.s.h.core.survival().hurt(1, DamageCause::kOutOfWorld, 4.0f));
  EXPECT_EQ(f.player().health, 16.0f);
  EXPECT_EQ(f.worn(EquipSlot::kChest).damage, 0);
}

TEST(ArmourWear, CreativePlayersWearNothingAndPiecesWearFeetFirst) {
  testing::FakePlayerConnections players;
  testing::RecordingBroadcast broadcast;
  Rng random{11};
  PlayerItemWear wear{players, broadcast, random};
  Player& creative = players.add(1, Vec3{0.5, 65.0, 0.5}, GameMode::kCreative);
  creative.inventory[static_cast<size_t>(armour_menu_slot(EquipSlot::kChest))] = worn_piece("leather_chestplate");
  wear.wear_armour(1, 40.0f, DamageCause::kMobAttack);
  EXPECT_EQ(creative.inventory[static_cast<size_t>(armour_menu_slot(EquipSlot::kChest))].damage, 0);

  // Unbreaking draws one float per point, feet first: the same draws as a restatement's.
  Player& p = players.add(2, Vec3{0.5, 65.0, 0.5});
  const EquipSlot order[] = {EquipSlot::kFeet, EquipSlot::kLegs, EquipSlot::kChest, EquipSlot::kHead};
  const char* names[] = {"iron_boots", "iron_leggings", "iron_chestplate", "iron_helmet"};
  for (int i = 0; i < 4; ++i)
    p.inventory[static_cast<size_t>(armour_menu_slot(order[i]))] = enchanted_piece(names[i], "unbreaking", i % 3 + 1);
  Rng reference = random;
  wear.wear_armour(2, 12.0f, DamageCause::kMobAttack);  // 3 points each
  for (int i = 0; i < 4; ++i) {
    const float chance = (2.0f * static_cast<float>(i % 3 + 1)) / (10.0f + 5.0f * static_cast<float>(i % 3));
    int kept = 3;
    for (int point = 0; point < 3; ++point)
      if (reference.next_float() < chance) --kept;
    EXPECT_EQ(p.inventory[static_cast<size_t>(armour_menu_slot(order[i]))].damage, kept) << names[i];
  }
  EXPECT_EQ(random.next_u64(), reference.next_u64());
}

TEST(ArmourScenario, NetheritePushesThePlayerLess) {
  auto knockback_x = [](bool netherite) {
    Armoured f;
    if (netherite) f.dress_in("netherite");
    f.s.tick();
    f.s.h.sink.clear();
    EXPECT_TRUE(f.hit(1.0f));
    const auto pushes = sent_to<cb::EntityVelocity>(f.s.h.sink, 1);
    EXPECT_EQ(pushes.size(), 1u);
    return pushes.empty() ? 0.0 : pushes[0].velocity.x();
  };
  const double bare = knockback_x(false), resisted = knockback_x(true);
  EXPECT_NEAR(bare, -0.4, 1e-3);  // away from the zombie on +x
  EXPECT_NEAR(resisted, -0.4 * 0.6, 1e-3);
}

// --- Thorns (docs/rules/armour.md §5) ---

TEST(Thorns, TheChanceGrowsByFifteenHundredthsALevelAndTheDamageLiesInOneToFive) {
  EXPECT_EQ(armour_rules::thorns_chance(1), 0.15f);
  EXPECT_EQ(armour_rules::thorns_chance(2), 0.15f + 0.15f);
  EXPECT_EQ(armour_rules::thorns_chance(3), 0.15f + 0.15f * 2.0f);
  Rng random{3};
  for (int i = 0; i < 1000; ++i) {
    Rng reference = random;
    const float damage = armour_rules::thorns_damage(random);
    EXPECT_EQ(damage, reference.next_float() * 4.0f + 1.0f);
    EXPECT_GE(damage, 1.0f);
    EXPECT_LT(damage, 5.0f);
  }
}

// The equipment in EquipmentSlot order, each Thorns piece drawing its chance and, when it strikes,
// its damage, then wearing by 2 (no Unbreaking: no more draws): restated against the core's random.
TEST(ThornsScenario, EachThornsPieceDrawsInSlotOrderStrikesAndWearsByTwo) {
  Armoured f;
  auto thorny = [](const char* name, int level) {
    ItemStack stack = worn_piece(name);
    set_enchantment(stack, *enchantment_id("thorns"), level);
    return stack;
  };
  f.wear(EquipSlot::kChest, thorny("diamond_chestplate", 3));
  f.wear(EquipSlot::kFeet, thorny("diamond_boots", 1));
  f.player().inventory[static_cast<size_t>(kFirstHotbarSlot)] = ItemStack{*item_id("stick"), 1};  // no Thorns
  int feet_strikes = 0, chest_strikes = 0;
  for (int round = 0; round < 200; ++round) {
    Rng reference = f.s.h.core.game_random();
    std::vector<float> expected;
    for (const int level : {1, 3}) {  // feet before chest
      if (!(reference.next_float() < armour_rules::thorns_chance(level))) continue;
      expected.push_back(reference.next_float() * 4.0f + 1.0f);
      (level == 1 ? feet_strikes : chest_strikes) += 1;
    }
    std::vector<float> struck;
    f.s.h.core.survival().strike_back(1, [&](float damage) { struck.push_back(damage); });
    ASSERT_EQ(struck, expected) << round;
    ASSERT_EQ(f.s.h.core.game_random().next_u64(), reference.next_u64()) << round;
  }
  EXPECT_EQ(f.worn(EquipSlot::kFeet).damage, 2 * feet_strikes);
  EXPECT_EQ(f.worn(EquipSlot::kChest).damage, 2 * chest_strikes);
  // Two hundred rounds: both pieces struck, the level III one more often.
  EXPECT_GT(feet_strikes, 10);
  EXPECT_GT(chest_strikes, feet_strikes);
}

TEST(ThornsScenario, ThornsDamageNamesTheWearerAndFollowsThePvpRule) {
  MovementServer s{normal_difficulty()};
  JoinedPlayer a = join(s, 1, "Alice"), b = join(s, 2, "Bob");
  s.tick({a.loaded().confirm(1).take(), b.loaded().confirm(1).take()});
  s.tick({ConsoleLine{"gamerule natural_health_regeneration false"}});
  const Player& alice = *s.h.core.sessions().player(1);
  // Not scaled by the difficulty: the wearer is a player.
  ASSERT_TRUE(s.h.core.survival().hurt_by_thorns(2, 3.0f, alice));
  EXPECT_EQ(s.h.core.sessions().player(2)->health, 17.0f);
  for (int i = 0; i < 20; ++i) s.tick();
  ASSERT_TRUE(s.h.core.survival().hurt_by_thorns(2, 40.0f, alice));
  EXPECT_TRUE(testing::logged(s.h.sink, "Bob was killed while trying to hurt Alice"));
  s.tick({ConsoleLine{"gamerule pvp false"}});
  EXPECT_FALSE(s.h.core.survival().hurt_by_thorns(1, 3.0f, *s.h.core.sessions().player(2)));
}

}  // namespace
}  // namespace hz
