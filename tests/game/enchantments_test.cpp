// Enchanted stacks (the minecraft:enchantments component): the clientbound slot and the creative
// client's untrusted stack against a writer of the protocol's layout, /give's component syntax
// and its errors through the core, and enchanted stacks that must not merge with plain ones.
#include <gtest/gtest.h>
#include <rapidcheck/gtest.h>

#include <string>
#include <utility>
#include <vector>

#include "sim/data/catalog.h"
#include "sim/game/items/container_click.h"
#include "sim/game/items/enchantments.h"
#include "sim/game/items/item_wire.h"
#include "sim/protocol/codec.h"
#include "tests/game/names.h"
#include "tests/game/streaming_server.h"

namespace hz {
namespace {

using testing::enchantment_registry_size;
using testing::item_of;

using testing::packet_id_of;
using testing::StreamingServer;
using testing::TestClient;

int32_t enchantment(std::string_view name) { return *enchantment_id(name); }

ItemStack with_levels(std::string_view item, int count, std::vector<std::pair<std::string_view, int>> levels) {
  ItemStack stack{item_of(item), count};
  for (auto [name, level] : levels) set_enchantment(stack, enchantment(name), level);
  return stack;
}

rc::Gen<ItemStack> gen_enchanted_stack() {
  static const int kEnchantments = enchantment_registry_size();
  return rc::gen::apply(
      [](int item, int count, std::vector<std::pair<int, int>> levels) {
        ItemStack stack{item, count};
        for (auto [e, level] : levels) set_enchantment(stack, e, level);
        return stack;
      },
      rc::gen::inRange(1, item_count()), rc::gen::inRange(1, kMaxStackSizeLimit + 1),
      rc::gen::container<std::vector<std::pair<int, int>>>(
          rc::gen::pair(rc::gen::inRange(0, kEnchantments), rc::gen::inRange(1, 256))));
}

// --- the wire, written here from the protocol's layout ---

// ItemStack's stream form: count, item, added and removed counts, then each added component as
// its type and value; the enchantments value is a count and (id, level) pairs.
Bytes written_slot(const ItemStack& stack) {
  ByteWriter out;
  out.varint(stack.count);
  out.varint(stack.item);
  out.varint(stack.enchantments.empty() ? 0 : 1);
  out.varint(0);
  if (!stack.enchantments.empty()) {
    out.varint(13);
    out.varint(static_cast<int32_t>(stack.enchantments.size()));
    for (const EnchantmentLevel& e : stack.enchantments) out.varint(e.id), out.varint(e.level);
  }
  return out.take();
}

// The enchantments value on its own, as the untrusted form wraps it in a length.
Bytes enchantments_value(const std::vector<std::pair<int32_t, int32_t>>& levels) {
  ByteWriter out;
  out.varint(static_cast<int32_t>(levels.size()));
  for (auto [e, level] : levels) out.varint(e), out.varint(level);
  return out.take();
}

// A creative client's slot: components as (type, length-prefixed value), then removed types.
packet::play_sb::SetCreativeSlot creative_slot(int item, int count, const std::vector<std::pair<int32_t, Bytes>>& added,
                                               const std::vector<int32_t>& removed = {}) {
  packet::play_sb::SetCreativeSlot set;
  set.slot = 36;
  set.count = count;
  set.item_id = item;
  set.components_added = static_cast<int32_t>(added.size());
  set.components_removed = static_cast<int32_t>(removed.size());
  ByteWriter out;
  for (const auto& [type, value] : added) {
    out.varint(type);
    out.varint(static_cast<int32_t>(value.size()));
    out.raw(value);
  }
  for (int32_t type : removed) out.varint(type);
  set.components = out.take();
  return set;
}

RC_GTEST_PROP(ItemWire, ClientboundSlotsCarryTheEnchantments, ()) {
  const ItemStack stack = *gen_enchanted_stack();
  ByteWriter out;
  encode_fields(slot_data_of(stack), out);
  RC_ASSERT(out.take() == written_slot(stack));
}

RC_GTEST_PROP(ItemWire, ACreativeSlotReadsBackTheStackItWasWrittenFrom, ()) {
  const ItemStack stack = *gen_enchanted_stack();
  std::vector<std::pair<int32_t, int32_t>> levels;
  for (const EnchantmentLevel& e : stack.enchantments) levels.push_back({e.id, e.level});
  std::vector<std::pair<int32_t, Bytes>> added;
  // Other components around it are skipped: a max_stack_size (1) and a custom_data-like blob (0).
  if (*rc::gen::arbitrary<bool>()) added.push_back({1, Bytes{0x05}});
  if (!levels.empty()) added.push_back({13, enchantments_value(levels)});
  if (*rc::gen::arbitrary<bool>()) added.push_back({0, *rc::gen::container<Bytes>(rc::gen::arbitrary<uint8_t>())});
  auto read = stack_of_creative_slot(creative_slot(stack.item, stack.count, added, {3}));
  RC_ASSERT(read.ok());
  RC_ASSERT(*read == stack);
}

TEST(ItemWire, BadCreativeComponentsAreRefused) {
  const int pickaxe = item_of("diamond_pickaxe");
  const int32_t efficiency = enchantment("efficiency");
  EXPECT_TRUE(stack_of_creative_slot(creative_slot(pickaxe, 1, {{13, enchantments_value({{efficiency, 255}})}})).ok());
  // Level 0 is allowed on the wire and means no enchantment.
  auto zero = stack_of_creative_slot(creative_slot(pickaxe, 1, {{13, enchantments_value({{efficiency, 0}})}}));
  ASSERT_TRUE(zero.ok());
  EXPECT_TRUE(zero->enchantments.empty());
  EXPECT_FALSE(stack_of_creative_slot(creative_slot(pickaxe, 1, {{13, enchantments_value({{efficiency, 256}})}})).ok());
  EXPECT_FALSE(stack_of_creative_slot(creative_slot(pickaxe, 1, {{13, enchantments_value({{100000, 1}})}})).ok());
  Bytes cut = enchantments_value({{efficiency, 5}});
  cut.pop_back();
  EXPECT_FALSE(stack_of_creative_slot(creative_slot(pickaxe, 1, {{13, cut}})).ok());
  Bytes longer = enchantments_value({{efficiency, 5}});
  longer.push_back(0);
  EXPECT_FALSE(stack_of_creative_slot(creative_slot(pickaxe, 1, {{13, longer}})).ok());
  auto truncated = creative_slot(pickaxe, 1, {{13, enchantments_value({{efficiency, 5}})}});
  truncated.components.pop_back();
  EXPECT_FALSE(stack_of_creative_slot(truncated).ok());
  EXPECT_FALSE(stack_of_creative_slot(creative_slot(0, 1, {})).ok());
}

// --- /give through the core ---

struct GiveServer {
  StreamingServer s{2};
  TestClient alice{1};
  GiveServer() {
    s.prepare_spawn();
    alice = s.join_loaded(1, "Alice", 2);
    for (int i = 0; i < 3; ++i) s.pass();
  }
  Player& player() { return *s.h.core.sessions().player(1); }
  std::vector<std::string> run(const std::string& line) {
    s.pass({ConsoleLine{line}});
    return s.h.sink.logs();
  }
  std::string first_line(const std::string& line) {
    const std::vector<std::string> lines = run(line);
    return lines.empty() ? std::string() : lines[0];
  }
};

TEST(GiveEnchanted, TheStackArrivesWithItsEnchantments) {
  GiveServer w;
  EXPECT_EQ(w.run("give Alice diamond_pickaxe[enchantments={efficiency:5, \"minecraft:unbreaking\": 3b}]"),
            std::vector<std::string>{"Gave 1 [Diamond Pickaxe] to Alice"});
  const ItemStack expected = with_levels("diamond_pickaxe", 1, {{"efficiency", 5}, {"unbreaking", 3}});
  EXPECT_EQ(w.player().inventory[kFirstHotbarSlot], expected);
  bool sent = false;
  for (const Bytes& body : w.alice.received(w.s.h.sink)) {
    if (packet_id_of(body) != packet::play_cb::SetSlot::kId) continue;
    auto slot = decode_packet<packet::play_cb::SetSlot>(body);
    ASSERT_TRUE(slot.ok());
    ByteWriter out;
    encode_fields(slot->item, out);
    sent |= out.take() == written_slot(expected);
  }
  EXPECT_TRUE(sent);
}

TEST(GiveEnchanted, BadComponentsGetVanillasTexts) {
  GiveServer w;
  EXPECT_EQ(w.first_line("give Alice diamond_pickaxe[enchantments={sharpnes:1}]"),
            "Malformed 'minecraft:enchantments' component: 'Failed to get element minecraft:sharpnes'");
  EXPECT_EQ(w.first_line("give Alice diamond_pickaxe[enchantments={efficiency:0}]"),
            "Malformed 'minecraft:enchantments' component: 'Value must be within range [1;255]: 0'");
  EXPECT_EQ(w.first_line("give Alice diamond_pickaxe[enchantments={efficiency:256}]"),
            "Malformed 'minecraft:enchantments' component: 'Value must be within range [1;255]: 256'");
  EXPECT_EQ(w.first_line("give Alice diamond_pickaxe[glint=true]"), "Unknown item component 'minecraft:glint'");
  EXPECT_EQ(w.first_line("give Alice diamond_pickaxe[enchantments={efficiency:1},enchantments={efficiency:2}]"),
            "Item component 'minecraft:enchantments' was repeated, but only one value can be specified");
  EXPECT_EQ(w.first_line("give Alice diamond_pickaxe[enchantments{efficiency:1}]"), "Expected '='");
  EXPECT_EQ(w.first_line("give Alice diamond_pickaxe[enchantments={efficiency:1}"), "Expected ']'");
  EXPECT_EQ(w.first_line("give Alice not_an_item[enchantments={efficiency:1}]"), "Unknown item 'minecraft:not_an_item'");
  for (const ItemStack& stack : w.player().inventory) EXPECT_TRUE(stack.empty());
}

// --- stacks with different enchantments stay apart ---

TEST(GiveEnchanted, EnchantedAndPlainStacksDoNotMerge) {
  GiveServer w;
  w.run("give Alice stone[enchantments={efficiency:1}] 10");
  w.run("give Alice stone 10");
  w.run("give Alice stone[enchantments={efficiency:2}] 10");
  w.run("give Alice stone[enchantments={efficiency:1}] 5");
  EXPECT_EQ(w.player().inventory[kFirstHotbarSlot], with_levels("stone", 15, {{"efficiency", 1}}));
  EXPECT_EQ(w.player().inventory[kFirstHotbarSlot + 1], (ItemStack{item_of("stone"), 10}));
  EXPECT_EQ(w.player().inventory[kFirstHotbarSlot + 2], with_levels("stone", 10, {{"efficiency", 2}}));
}

TEST(EnchantedClicks, APlainStackAndAnEnchantedOneSwapInsteadOfMerging) {
  MenuState state;
  state.slots[20] = ItemStack{item_of("stone"), 10};
  state.carried = with_levels("stone", 5, {{"efficiency", 1}});
  ClickResult result = container_click(state, Click{20, 0, ClickType::kPickup}, false);
  EXPECT_EQ(result.state.slots[20], with_levels("stone", 5, {{"efficiency", 1}}));
  EXPECT_EQ(result.state.carried, (ItemStack{item_of("stone"), 10}));
  // The same enchantments merge; a right click splits off one that keeps them.
  state.slots[20] = with_levels("stone", 10, {{"efficiency", 1}});
  result = container_click(state, Click{20, 0, ClickType::kPickup}, false);
  EXPECT_EQ(result.state.slots[20], with_levels("stone", 15, {{"efficiency", 1}}));
  EXPECT_TRUE(result.state.carried.empty());
  state.carried = ItemStack{};
  result = container_click(state, Click{20, 1, ClickType::kPickup}, false);
  EXPECT_EQ(result.state.carried, with_levels("stone", 5, {{"efficiency", 1}}));
}

}  // namespace
}  // namespace hz
