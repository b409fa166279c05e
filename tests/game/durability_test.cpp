// Item durability (docs/rules/durability.md): ItemStack.hurtAndBreak with Unbreaking against a
// restatement drawing from a copy of the random, the wear tables for attacks and mining, the
// held-item system (creative players, the break event), and the damage component on the wire and
// in saves.
#include <gtest/gtest.h>
#include <rapidcheck/gtest.h>

#include <string>
#include <vector>

#include "sim/data/catalog.h"
#include "sim/game/commands/item_argument.h"
#include "sim/game/entities/tool_rules.h"
#include "sim/game/items/durability.h"
#include "sim/game/items/enchantments.h"
#include "sim/game/items/item_stack_nbt.h"
#include "sim/game/items/item_wire.h"
#include "sim/protocol/packets.h"
#include "tests/game/entity_fakes.h"

namespace hz {
namespace {

ItemStack stack_of(std::string_view name, int damage = 0, int unbreaking = 0) {
  ItemStack stack{*item_id(name), 1};
  stack.damage = damage;
  if (unbreaking > 0) set_enchantment(stack, *enchantment_id("unbreaking"), unbreaking);
  return stack;
}

// Restated from RemoveBinomial (fewer than 129 points) and applyDamage: each point is dropped when
// a draw is below Unbreaking's chance; the rest is added; at the durability the item is gone.
RC_GTEST_PROP(Durability, WearMatchesTheRestatement, ()) {
  const std::string name = *rc::gen::element<std::string>("wooden_pickaxe", "diamond_sword", "shears", "trident",
                                                          "iron_hoe", "stone", "stick", "iron_chestplate",
                                                          "turtle_helmet", "elytra");
  const int max = item_max_damage(*item_id(name));
  const int damage = max > 0 ? *rc::gen::inRange(0, max) : 0;
  const int level = *rc::gen::inRange(0, 4);
  const int amount = *rc::gen::inRange(0, 4);
  const uint64_t seed = *rc::gen::arbitrary<uint64_t>();
  ItemStack stack = stack_of(name, damage, level);
  Rng random(seed);
  const Wear got = wear(stack, amount, random);

  Rng reference(seed);
  int kept = amount;
  // unbreaking.json: 2L / (10 + 5(L - 1)) for #enchantable/armor (not the elytra), else L / (L + 1).
  const bool armour = name == "iron_chestplate" || name == "turtle_helmet";
  const float chance = armour ? static_cast<float>(2 * level) / static_cast<float>(5 * level + 5)
                              : static_cast<float>(level) / static_cast<float>(level + 1);
  if (max > 0 && amount > 0 && level > 0)
    for (int i = 0; i < amount; ++i)
      if (reference.next_float() < chance) --kept;
  if (max == 0 || amount <= 0 || kept == 0) {
    RC_ASSERT(got == Wear::kNone);
    RC_ASSERT(stack.damage == damage);
  } else if (damage + kept >= max) {
    RC_ASSERT(got == Wear::kBroke);
    RC_ASSERT(stack.empty());
  } else {
    RC_ASSERT(got == Wear::kDamaged);
    RC_ASSERT(stack.damage == damage + kept);
  }
  RC_ASSERT(random.next_u64() == reference.next_u64());  // the same number of draws
}

TEST(Durability, TheDurabilitiesAreVanillas) {
  EXPECT_EQ(item_max_damage(*item_id("wooden_pickaxe")), 59);
  EXPECT_EQ(item_max_damage(*item_id("golden_sword")), 32);
  EXPECT_EQ(item_max_damage(*item_id("diamond_axe")), 1561);
  EXPECT_EQ(item_max_damage(*item_id("netherite_hoe")), 2031);
  EXPECT_EQ(item_max_damage(*item_id("shears")), 238);
  EXPECT_EQ(item_max_damage(*item_id("mace")), 500);
  EXPECT_EQ(item_max_damage(*item_id("stone")), 0);
}

TEST(Durability, AttacksWearWeaponsByTheirWeaponComponent) {
  EXPECT_EQ(wear_per_attack(stack_of("iron_sword")), 1);
  EXPECT_EQ(wear_per_attack(stack_of("trident")), 1);
  EXPECT_EQ(wear_per_attack(stack_of("mace")), 1);
  EXPECT_EQ(wear_per_attack(stack_of("wooden_spear")), 1);
  EXPECT_EQ(wear_per_attack(stack_of("stone_axe")), 2);
  EXPECT_EQ(wear_per_attack(stack_of("diamond_pickaxe")), 2);
  EXPECT_EQ(wear_per_attack(stack_of("golden_shovel")), 2);
  EXPECT_EQ(wear_per_attack(stack_of("iron_hoe")), 2);
  EXPECT_EQ(wear_per_attack(stack_of("shears")), 0);
  EXPECT_EQ(wear_per_attack(stack_of("stick")), 0);
  EXPECT_EQ(wear_per_attack(ItemStack{}), 0);
}

// Item.mineBlock: only blocks with a destroy time wear tools; shears wear on anything but fire.
TEST(Durability, MiningWearsToolsOnBlocksThatTakeTime) {
  const BlockStateId stone = default_state_of("stone"), torch = default_state_of("torch"),
                     grass = default_state_of("short_grass"), fire = default_state_of("fire");
  EXPECT_EQ(mining_wear(stone, stack_of("iron_pickaxe")), 1);
  EXPECT_EQ(mining_wear(stone, stack_of("iron_shovel")), 1);  // the wrong tool wears all the same
  EXPECT_EQ(mining_wear(stone, stack_of("iron_sword")), 2);
  EXPECT_EQ(mining_wear(stone, stack_of("trident")), 2);
  EXPECT_EQ(mining_wear(torch, stack_of("iron_pickaxe")), 0);
  EXPECT_EQ(mining_wear(grass, stack_of("iron_sword")), 0);
  EXPECT_EQ(mining_wear(grass, stack_of("shears")), 1);
  EXPECT_EQ(mining_wear(fire, stack_of("shears")), 0);
  EXPECT_EQ(mining_wear(stone, stack_of("stick")), 0);
  EXPECT_EQ(mining_wear(stone, ItemStack{}), 0);
}

struct WearFixture {
  testing::FakePlayerConnections players;
  testing::RecordingBroadcast broadcast;
  Rng random{7};
  PlayerItemWear wear{players, broadcast, random};
};

TEST(PlayerItemWear, ALastPointBreaksTheItemAndTellsEveryone) {
  WearFixture f;
  Player& p = f.players.add(1, Vec3{0.5, 65.0, 0.5});
  p.selected_slot = 2;
  p.inventory[kFirstHotbarSlot + 2] = stack_of("wooden_pickaxe", 57);
  p.inventory[kOffhandSlot] = stack_of("shears", 237);
  f.wear.wear_held_item(1, Hand::kMain, 1);
  EXPECT_EQ(p.main_hand().damage, 58);
  EXPECT_TRUE(f.broadcast.sent.empty());
  f.wear.wear_held_item(1, Hand::kMain, 1);
  EXPECT_TRUE(p.main_hand().empty());
  f.wear.wear_held_item(1, Hand::kOff, 1);
  EXPECT_TRUE(p.inventory[kOffhandSlot].empty());
  ASSERT_EQ(f.broadcast.sent.size(), 2u);
  const auto main = decode_packet<packet::play_cb::EntityStatus>(f.broadcast.sent[0].second);
  const auto off = decode_packet<packet::play_cb::EntityStatus>(f.broadcast.sent[1].second);
  ASSERT_TRUE(main && off);
  EXPECT_EQ(main->entity_id, p.entity_id);
  EXPECT_EQ(main->status, kEntityEventMainHandBreak);
  EXPECT_EQ(off->status, kEntityEventOffHandBreak);
}

TEST(PlayerItemWear, CreativePlayersWearNothing) {
  WearFixture f;
  Player& p = f.players.add(1, Vec3{0.5, 65.0, 0.5}, GameMode::kCreative);
  p.inventory[kFirstHotbarSlot] = stack_of("wooden_pickaxe", 58);
  f.wear.wear_held_item(1, Hand::kMain, 5);
  EXPECT_EQ(p.main_hand().damage, 58);
  EXPECT_TRUE(f.broadcast.sent.empty());
}

// The damage goes out as component 3 before the enchantments (13), and comes back from a saved
// stack and from a creative client's slot.
TEST(DamageComponent, RoundTripsOnTheWireAndInSaves) {
  ItemStack stack = stack_of("diamond_pickaxe", 12, 3);
  const packet::play_cb::SlotData slot = slot_data_of(stack);
  EXPECT_EQ(slot.components_added, 2);
  EXPECT_EQ(slot.first_type, packet::play_cb::SlotData::kDamageComponent);
  EXPECT_EQ(slot.damage, 12);
  EXPECT_EQ(slot.second_type, packet::play_cb::SlotData::kEnchantmentsComponent);
  const auto decoded = decode_packet<packet::play_cb::SetSlot>(encode_packet(packet::play_cb::SetSlot{0, 1, 36, slot}));
  ASSERT_TRUE(decoded);
  EXPECT_EQ(decoded->item.damage, 12);
  EXPECT_EQ(decoded->item.enchantments->size(), 1u);
  EXPECT_EQ(slot_data_of(stack_of("iron_axe", 5)).components_added, 1);
  EXPECT_EQ(slot_data_of(stack_of("iron_axe")).components_added, 0);

  nbt::Compound tag;
  put_components(tag, stack);
  ItemStack back{stack.item, 1};
  read_components(tag, back);
  EXPECT_EQ(back, stack);

  // A creative client's slot: the components with their lengths (the untrusted form).
  packet::play_sb::SetCreativeSlot set;
  set.slot = 36;
  set.count = 1;
  set.item_id = *item_id("iron_axe");
  set.components_added = 1;
  set.components_removed = 0;
  set.components = Bytes{3, 2, 0xE4, 0x07};  // type 3, two bytes, VarInt 996: above 250, kept at 250
  const Result<ItemStack> read = stack_of_creative_slot(set);
  ASSERT_TRUE(read.ok()) << read.error();
  EXPECT_EQ(read.value().damage, 250);
}

TEST(DamageComponent, TheGiveArgumentReadsIt) {
  auto parse = [](const std::string& text) {
    CommandReader reader(text);
    std::optional<CommandError> error;
    std::optional<ItemStack> stack = read_item_argument(reader, error);
    return std::pair{stack, error ? error->message : std::string()};
  };
  const auto [pickaxe, none] = parse("iron_pickaxe[damage=249,enchantments={unbreaking:2}]");
  ASSERT_TRUE(pickaxe) << none;
  EXPECT_EQ(pickaxe->damage, 249);
  EXPECT_EQ(enchantment_level(*pickaxe, "unbreaking"), 2);
  EXPECT_EQ(parse("iron_pickaxe[damage=999]").first->damage, 250);
  const auto [negative, why] = parse("iron_pickaxe[damage=-1]");
  EXPECT_FALSE(negative);
  EXPECT_EQ(why, "Malformed 'minecraft:damage' component: 'Value must be non-negative: -1'");
  const auto [twice, repeated] = parse("iron_pickaxe[damage=1,damage=2]");
  EXPECT_FALSE(twice);
  EXPECT_EQ(repeated, "Item component 'minecraft:damage' was repeated, but only one value can be specified");
}

}  // namespace
}  // namespace hz
