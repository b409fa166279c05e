// Inventories (docs/rules/inventory.md): window-0 clicks against a reference model written from
// vanilla's rules (item counts conserved, pickup, swap, shift-click and drag outcomes), the
// window system with recording fakes (drops, closing, pick block, creative slots), and scenarios
// through the core (join, state ids and resync, refused packets, /give and /clear texts).
#include <gtest/gtest.h>
#include <rapidcheck/gtest.h>

#include <algorithm>
#include <bit>
#include <climits>
#include <map>

#include "sim/data/catalog.h"
#include "sim/game/items/container_click.h"
#include "sim/game/items/inventory_menu.h"
#include "tests/game/entity_fakes.h"
#include "tests/game/names.h"
#include "tests/game/streaming_server.h"

namespace hz {
namespace {

using testing::packet_id_of;
using testing::StreamingServer;
using testing::TestClient;

using testing::item_of;

// --- reference model (vanilla's rules, written independently of sim/game/items) ---

struct ModelItem {
  std::string_view name;
  int max;
  int armour_slot;  // window slot it is worn in, or -1
};
// A small pool: stackable blocks, a 16-stack, an unstackable tool, armour pieces, the shield.
const ModelItem kPool[] = {{"stone", 64, -1},         {"dirt", 64, -1},          {"ender_pearl", 16, -1},
                           {"diamond_sword", 1, -1},  {"iron_helmet", 1, 5},      {"iron_chestplate", 1, 6},
                           {"golden_leggings", 1, 7}, {"leather_boots", 1, 8},    {"shield", 1, -1}};

const ModelItem& model_item(int item) {
  for (const ModelItem& m : kPool)
    if (item_of(m.name) == item) return m;
  throw std::logic_error("item outside the model's pool");
}
int model_max(int slot, int item) { return slot >= 5 && slot <= 8 ? 1 : model_item(item).max; }
bool model_may_place(int slot, int item) {
  if (slot == 0) return false;
  return slot < 5 || slot > 8 || model_item(item).armour_slot == slot;
}

rc::Gen<ItemStack> gen_stack_for(int slot) {
  return rc::gen::exec([slot] {
    std::vector<int> allowed;
    for (const ModelItem& m : kPool)
      if (model_may_place(slot, item_of(m.name))) allowed.push_back(item_of(m.name));
    const int item = *rc::gen::elementOf(allowed);
    return ItemStack{item, *rc::gen::inRange(1, model_max(slot, item) + 1)};
  });
}

// A window as a player could have it: result empty, armour only in its slot, counts in limits.
rc::Gen<MenuState> gen_state() {
  return rc::gen::exec([] {
    MenuState s;
    for (int slot = 1; slot < kInventorySlots; ++slot)
      if (*rc::gen::inRange(0, 3) == 0) s.slots[static_cast<size_t>(slot)] = *gen_stack_for(slot);
    if (*rc::gen::inRange(0, 2) == 0) s.carried = *gen_stack_for(20);
    s.selected = *rc::gen::inRange(0, 9);
    return s;
  });
}

rc::Gen<Click> gen_click() {
  return rc::gen::exec([] {
    Click c;
    c.type = static_cast<ClickType>(*rc::gen::inRange(0, 7));
    c.slot = *rc::gen::element(-999, -1, 0, 5, 9, 36, 45, *rc::gen::inRange(0, kInventorySlots));
    c.button = *rc::gen::element(0, 1, 2, 4, 5, 6, 8, 9, 10, 40, *rc::gen::inRange(0, 9));
    return c;
  });
}

std::map<int, int> totals(const MenuState& s, const std::vector<ThrownStack>& thrown) {
  std::map<int, int> count;
  for (const ItemStack& stack : s.slots)
    if (!stack.empty()) count[stack.item] += stack.count;
  if (!s.carried.empty()) count[s.carried.item] += s.carried.count;
  for (const ThrownStack& t : thrown) count[t.stack.item] += t.stack.count;
  return count;
}

void check_slot_limits(const MenuState& s) {
  RC_ASSERT(s.slots[0].empty());
  for (int slot = 1; slot < kInventorySlots; ++slot) {
    const ItemStack& stack = s.slots[static_cast<size_t>(slot)];
    if (stack.empty()) continue;
    RC_ASSERT(model_may_place(slot, stack.item));
    RC_ASSERT(stack.count <= model_max(slot, stack.item));
  }
  if (!s.carried.empty()) RC_ASSERT(s.carried.count <= model_item(s.carried.item).max);
}

RC_GTEST_PROP(ContainerClick, SurvivalClicksConserveItemsAndKeepSlotLimits, ()) {
  MenuState state = *gen_state();
  const std::map<int, int> before = totals(state, {});
  std::vector<ThrownStack> thrown;
  const int clicks = *rc::gen::inRange(1, 30);
  for (int i = 0; i < clicks; ++i) {
    ClickResult r = container_click(state, *gen_click(), false);
    state = r.state;
    thrown.insert(thrown.end(), r.thrown.begin(), r.thrown.end());
    check_slot_limits(state);
  }
  RC_ASSERT(totals(state, thrown) == before);
  for (const ThrownStack& t : thrown) RC_ASSERT(t.from_hand && !t.stack.empty());
}

// PICKUP on a slot of the main inventory or hotbar (no drag in progress).
RC_GTEST_PROP(ContainerClick, PickupMatchesTheModel, ()) {
  MenuState s = *gen_state();
  const int slot = *rc::gen::inRange(9, kInventorySlots);
  const bool left = *rc::gen::arbitrary<bool>();
  ClickResult r = container_click(s, Click{slot, left ? 0 : 1, ClickType::kPickup}, false);
  ItemStack held = s.slots[static_cast<size_t>(slot)], cursor = s.carried;
  if (held.empty() && !cursor.empty()) {
    const int n = left ? cursor.count : 1;
    held = ItemStack{cursor.item, n};
    cursor.count -= n;
  } else if (!held.empty() && cursor.empty()) {
    const int n = left ? held.count : (held.count + 1) / 2;
    cursor = ItemStack{held.item, n};
    held.count -= n;
  } else if (!held.empty() && held.item == cursor.item) {
    const int n = std::min(left ? cursor.count : 1, model_max(slot, held.item) - held.count);
    held.count += n;
    cursor.count -= n;
  } else if (!held.empty()) {
    std::swap(held, cursor);
  }
  if (held.count == 0) held = {};
  if (cursor.count == 0) cursor = {};
  RC_ASSERT(r.state.slots[static_cast<size_t>(slot)] == held);
  RC_ASSERT(r.state.carried == cursor);
  RC_ASSERT(r.thrown.empty());
}

// Number keys over a slot of the main inventory: a plain exchange with the hotbar slot.
RC_GTEST_PROP(ContainerClick, SwapWithTheHotbarExchangesStacks, ()) {
  MenuState s = *gen_state();
  const int slot = *rc::gen::inRange(9, 36);
  const int button = *rc::gen::inRange(0, 9);
  ClickResult r = container_click(s, Click{slot, button, ClickType::kSwap}, false);
  RC_ASSERT(r.state.slots[static_cast<size_t>(slot)] == s.slots[static_cast<size_t>(36 + button)]);
  RC_ASSERT(r.state.slots[static_cast<size_t>(36 + button)] == s.slots[static_cast<size_t>(slot)]);
  RC_ASSERT(r.state.carried == s.carried);
}

// Shift-click of a non-equippable stack from the main inventory: tops up the hotbar's stacks of
// that item left to right, then the rest goes to the first empty hotbar slot.
RC_GTEST_PROP(ContainerClick, ShiftClickFromMainFillsTheHotbarInOrder, ()) {
  MenuState s = *gen_state();
  const int slot = *rc::gen::inRange(9, 36);
  const int item = item_of(*rc::gen::element<std::string_view>("stone", "dirt", "ender_pearl", "diamond_sword"));
  s.slots[static_cast<size_t>(slot)] = ItemStack{item, *rc::gen::inRange(1, model_item(item).max + 1)};
  ClickResult r = container_click(s, Click{slot, 0, ClickType::kQuickMove}, false);
  MenuState m = s;
  ItemStack moving = m.slots[static_cast<size_t>(slot)];
  const int max = model_item(item).max;
  for (int i = 36; i < 45 && moving.count > 0 && max > 1; ++i) {
    ItemStack& t = m.slots[static_cast<size_t>(i)];
    if (t.empty() || t.item != item) continue;
    const int n = std::min(moving.count, max - t.count);
    t.count += n;
    moving.count -= n;
  }
  for (int i = 36; i < 45 && moving.count > 0; ++i) {
    if (!m.slots[static_cast<size_t>(i)].empty()) continue;
    m.slots[static_cast<size_t>(i)] = moving;
    moving.count = 0;
  }
  m.slots[static_cast<size_t>(slot)] = moving.count > 0 ? moving : ItemStack{};
  RC_ASSERT(r.state.slots == m.slots);
}

TEST(ContainerClick, ShiftClickWearsArmourAndTakesItOff) {
  MenuState s;
  s.slots[20] = ItemStack{item_of("iron_helmet"), 1};
  s.slots[21] = ItemStack{item_of("shield"), 1};
  s = container_click(s, Click{20, 0, ClickType::kQuickMove}, false).state;
  EXPECT_EQ(s.slots[5], (ItemStack{item_of("iron_helmet"), 1}));
  s = container_click(s, Click{21, 0, ClickType::kQuickMove}, false).state;
  EXPECT_EQ(s.slots[kOffhandSlot], (ItemStack{item_of("shield"), 1}));
  s = container_click(s, Click{5, 0, ClickType::kQuickMove}, false).state;  // armour goes to 9-44
  EXPECT_TRUE(s.slots[5].empty());
  EXPECT_EQ(s.slots[9], (ItemStack{item_of("iron_helmet"), 1}));
  // Stone never goes to an armour slot, whatever the button.
  s.carried = ItemStack{item_of("stone"), 5};
  s = container_click(s, Click{6, 0, ClickType::kPickup}, false).state;
  EXPECT_TRUE(s.slots[6].empty());
  EXPECT_EQ(s.carried.count, 5);
}

// A drag over k distinct empty slots: left splits evenly (floor), right puts one in each.
RC_GTEST_PROP(ContainerClick, DragSplitsTheCursorStack, ()) {
  const int count = *rc::gen::inRange(2, 65);
  const int k = *rc::gen::inRange(2, std::min(count, 9) + 1);
  const bool left = *rc::gen::arbitrary<bool>();
  MenuState s;
  s.carried = ItemStack{item_of("stone"), count};
  const int kind = left ? 0 : 1;
  auto drag = [&](int header, int slot) {
    s = container_click(s, Click{slot, header | kind << 2, ClickType::kQuickCraft}, false).state;
  };
  drag(0, -999);
  for (int i = 0; i < k; ++i) drag(1, 9 + i);
  drag(2, -999);
  const int each = left ? count / k : 1;
  for (int i = 0; i < k; ++i) RC_ASSERT(s.slots[static_cast<size_t>(9 + i)] == (ItemStack{item_of("stone"), each}));
  const int rest = count - each * k;
  RC_ASSERT(s.carried == (rest > 0 ? ItemStack{item_of("stone"), rest} : ItemStack{}));
  RC_ASSERT(s.drag.status == 0);
}

TEST(ContainerClick, DragPacketsOutOfOrderResetTheDrag) {
  MenuState s;
  s.carried = ItemStack{item_of("dirt"), 10};
  s = container_click(s, Click{-999, 0, ClickType::kQuickCraft}, false).state;  // start left drag
  s = container_click(s, Click{9, 1, ClickType::kQuickCraft}, false).state;
  s = container_click(s, Click{10, 0, ClickType::kPickup}, false).state;  // any other click cancels
  EXPECT_EQ(s.drag.status, 0);
  EXPECT_TRUE(s.slots[10].empty());
  s = container_click(s, Click{9, 1, ClickType::kQuickCraft}, false).state;  // add without a start
  s = container_click(s, Click{-999, 2, ClickType::kQuickCraft}, false).state;
  EXPECT_TRUE(s.slots[9].empty());
  EXPECT_EQ(s.carried.count, 10);
  // A one-slot drag is a plain click: a left drag puts the whole stack there.
  s = container_click(s, Click{-999, 0, ClickType::kQuickCraft}, false).state;
  s = container_click(s, Click{12, 1, ClickType::kQuickCraft}, false).state;
  s = container_click(s, Click{-999, 2, ClickType::kQuickCraft}, false).state;
  EXPECT_EQ(s.slots[12], (ItemStack{item_of("dirt"), 10}));
  EXPECT_TRUE(s.carried.empty());
  // The middle-button drag needs a creative player.
  s.carried = ItemStack{item_of("dirt"), 1};
  const Click start{-999, 0 | 2 << 2, ClickType::kQuickCraft};
  EXPECT_EQ(container_click(s, start, false).state.drag.status, 0);
  EXPECT_EQ(container_click(s, start, true).state.drag.status, 1);
}

TEST(ContainerClick, DoubleClickGathersPartialStacksFirst) {
  MenuState s;
  s.carried = ItemStack{item_of("stone"), 10};
  s.slots[9] = ItemStack{item_of("stone"), 64};
  s.slots[10] = ItemStack{item_of("stone"), 30};
  s.slots[40] = ItemStack{item_of("stone"), 20};
  s = container_click(s, Click{11, 0, ClickType::kPickupAll}, false).state;
  // Pass 0 takes the partial stacks (30 and 20), pass 1 the last 4 from the full stack.
  EXPECT_EQ(s.carried.count, 64);
  EXPECT_TRUE(s.slots[10].empty());
  EXPECT_TRUE(s.slots[40].empty());
  EXPECT_EQ(s.slots[9].count, 60);
}

TEST(ContainerClick, ThrowsAndOutsideClicksLeaveTheWindow) {
  MenuState s;
  s.slots[36] = ItemStack{item_of("stone"), 10};
  ClickResult one = container_click(s, Click{36, 0, ClickType::kThrow}, false);
  ASSERT_EQ(one.thrown.size(), 1u);
  EXPECT_EQ(one.thrown[0].stack, (ItemStack{item_of("stone"), 1}));
  EXPECT_EQ(one.state.slots[36].count, 9);
  ClickResult all = container_click(s, Click{36, 1, ClickType::kThrow}, false);
  ASSERT_EQ(all.thrown.size(), 1u);
  EXPECT_EQ(all.thrown[0].stack.count, 10);
  EXPECT_TRUE(all.state.slots[36].empty());
  s.carried = ItemStack{item_of("dirt"), 5};
  ClickResult right = container_click(s, Click{-999, 1, ClickType::kPickup}, false);
  ASSERT_EQ(right.thrown.size(), 1u);
  EXPECT_EQ(right.thrown[0].stack.count, 1);
  EXPECT_EQ(right.state.carried.count, 4);
  ClickResult left = container_click(s, Click{-999, 0, ClickType::kPickup}, false);
  EXPECT_EQ(left.thrown[0].stack.count, 5);
  EXPECT_TRUE(left.state.carried.empty());
}

TEST(ContainerClick, CloneIsCreativeOnlyAndFillsAStack) {
  MenuState s;
  s.slots[20] = ItemStack{item_of("ender_pearl"), 2};
  EXPECT_TRUE(container_click(s, Click{20, 2, ClickType::kClone}, false).state.carried.empty());
  EXPECT_EQ(container_click(s, Click{20, 2, ClickType::kClone}, true).state.carried, (ItemStack{item_of("ender_pearl"), 16}));
}

TEST(ContainerClick, SwapIntoArmourSlotKeepsOneAndDisplacesTheOldPiece) {
  MenuState s;
  s.slots[36] = ItemStack{item_of("iron_helmet"), 1};
  s.slots[5] = ItemStack{item_of("iron_helmet"), 1};
  s.slots[37] = ItemStack{item_of("stone"), 3};
  s = container_click(s, Click{5, 1, ClickType::kSwap}, false).state;  // stone does not fit a head
  EXPECT_EQ(s.slots[5], (ItemStack{item_of("iron_helmet"), 1}));
  EXPECT_EQ(s.slots[37].count, 3);
  // Negative slots other than -999/-1 and slots past the window change nothing.
  for (int slot : {-2, -999, 46, 1000}) {
    ClickResult r = container_click(s, Click{slot, 0, ClickType::kSwap}, false);
    EXPECT_EQ(r.state, s);
  }
}

// --- the window system with fakes ---

class FakePlayers final : public PlayerConnections {
 public:
  std::map<ConnId, Player> players;
  std::vector<ConnId> order;
  std::vector<Player*> joined;
  std::vector<std::pair<ConnId, Bytes>> sent;

  Player& add(ConnId conn) {
    Player& p = players[conn];
    p.conn = conn;
    p.name = "P" + std::to_string(conn);
    order.push_back(conn);
    joined.push_back(&p);
    return p;
  }
  Player* player(ConnId conn) override { return players.contains(conn) ? &players.at(conn) : nullptr; }
  const Player* player(ConnId conn) const override { return players.contains(conn) ? &players.at(conn) : nullptr; }
  const std::vector<ConnId>& players_in_join_order() const override { return order; }
  const std::vector<Player*>& joined_players() const override { return joined; }
  void send(ConnId conn, SharedBytes body) override { sent.emplace_back(conn, *body); }
  void disconnect(ConnId, const TextComponent&) override {}
  void teleport(ConnId, const Vec3&, float, float) override {}
  void respawn(ConnId, const Vec3&) override {}
  std::vector<Bytes> take(int32_t packet_id) {
    std::vector<Bytes> out;
    for (auto& [conn, body] : sent)
      if (packet_id_of(body) == packet_id) out.push_back(body);
    sent.clear();
    return out;
  }
};

struct MenuDrops final : public ItemDrops {
  struct Drop {
    ItemStack stack;
    bool scatter;
    bool keep_thrower;
  };
  std::vector<Drop> drops;
  void drop_from_block(const BlockPos&, const ItemStack&) override {}
  void drop_at(const Vec3&, const ItemStack&) override {}
  void drop_from_player(const Player&, const ItemStack& stack, bool scatter, bool keep_thrower) override {
    drops.push_back({stack, scatter, keep_thrower});
  }
};

struct OneBlockWorld final : public BlockWorld {
  BlockPos at{0, 64, 1};
  BlockStateId state = default_state_of("oak_log");
  bool set_block(const BlockPos&, BlockStateId) override { return false; }
  BlockStateId block_at(const BlockPos& pos) const override { return pos == at ? state : BlockStateId{0}; }
  bool is_loaded(const BlockPos&) const override { return true; }
};

struct MenuWorld {
  FakePlayers players;
  MenuDrops drops;
  OneBlockWorld world;
  testing::RecordingLog log;
  InventoryMenus menus{players, drops, world, log};
  Player& p;
  MenuWorld() : p(players.add(1)) {
    p.position = Vec3{0.5, 64, 0.5};
    menus.on_join(p);
    players.sent.clear();
  }
  packet::play_sb::WindowClick click(int16_t slot, int8_t button, int32_t mode) {
    packet::play_sb::WindowClick c;
    c.state_id = p.inventory_state_id;
    c.slot = slot, c.button = button, c.mode = mode;
    return c;
  }
};

TEST(InventoryMenus, JoinSendsTheHeldSlotAndTheWholeWindowWithStateIdOne) {
  FakePlayers players;
  MenuDrops drops;
  OneBlockWorld world;
  testing::RecordingLog log;
  InventoryMenus menus{players, drops, world, log};
  Player& p = players.add(1);
  menus.on_join(p);
  ASSERT_EQ(players.sent.size(), 2u);
  EXPECT_EQ(packet_id_of(players.sent[0].second), packet::play_cb::HeldItemSlot::kId);
  auto content = decode_packet<packet::play_cb::WindowItems>(players.sent[1].second);
  ASSERT_TRUE(content.ok());
  EXPECT_EQ(content->state_id, 1);
  EXPECT_EQ(content->items.size(), 46u);
}

TEST(InventoryMenus, ClickOutsideAndQDropThroughItemDrops) {
  MenuWorld w;
  w.p.carried = ItemStack{item_of("stone"), 5};
  w.p.inventory[36] = ItemStack{item_of("dirt"), 3};
  w.menus.on_container_click(w.p, w.click(-999, 1, 0));
  w.menus.on_block_action(w.p, 4, {}, 0, 0);  // Q
  w.menus.on_block_action(w.p, 3, {}, 0, 0);  // Ctrl-Q
  ASSERT_EQ(w.drops.drops.size(), 3u);
  EXPECT_EQ(w.drops.drops[0].stack, (ItemStack{item_of("stone"), 1}));
  EXPECT_EQ(w.drops.drops[1].stack, (ItemStack{item_of("dirt"), 1}));
  EXPECT_EQ(w.drops.drops[2].stack, (ItemStack{item_of("dirt"), 2}));
  for (const auto& d : w.drops.drops) EXPECT_TRUE(d.keep_thrower && !d.scatter);
  EXPECT_TRUE(w.p.inventory[36].empty());
  // The held-item drop is what the client predicted: no slot packet for it on the next tick.
  w.players.sent.clear();
  w.menus.tick();
  EXPECT_TRUE(w.players.take(packet::play_cb::SetSlot::kId).empty());
}

TEST(InventoryMenus, ClosingPutsCursorAndGridBackOrDropsThem) {
  MenuWorld w;
  for (int slot = 9; slot < 45; ++slot) w.p.inventory[static_cast<size_t>(slot)] = ItemStack{item_of("dirt"), 64};
  w.p.inventory[40] = ItemStack{item_of("stone"), 60};
  w.p.carried = ItemStack{item_of("stone"), 10};
  w.p.inventory[2] = ItemStack{item_of("diamond_sword"), 1};
  w.menus.on_container_close(w.p, 7);  // the id is not checked
  EXPECT_EQ(w.p.inventory[40].count, 64);
  EXPECT_TRUE(w.p.carried.empty());
  EXPECT_TRUE(w.p.inventory[2].empty());
  ASSERT_EQ(w.drops.drops.size(), 2u);
  EXPECT_EQ(w.drops.drops[0].stack, (ItemStack{item_of("stone"), 6}));
  EXPECT_EQ(w.drops.drops[1].stack, (ItemStack{item_of("diamond_sword"), 1}));
  EXPECT_FALSE(w.drops.drops[0].keep_thrower);
  auto updates = w.players.take(packet::play_cb::SetPlayerInventory::kId);
  ASSERT_EQ(updates.size(), 1u);
  auto update = decode_packet<packet::play_cb::SetPlayerInventory>(updates[0]);
  EXPECT_EQ(update->slot, 4);  // inventory index of window slot 40
  EXPECT_EQ(update->contents.count, 64);
}

TEST(InventoryMenus, PickBlockSelectsBringsOrCreates) {
  MenuWorld w;
  const int log_item = item_of("oak_log");
  packet::play_sb::PickItemFromBlock pick{w.world.at, false};
  w.menus.on_pick_item_from_block(w.p, pick);  // survival, not held: only the held slot is sent
  EXPECT_EQ(w.players.take(packet::play_cb::HeldItemSlot::kId).size(), 1u);
  EXPECT_EQ(w.p.selected_slot, 0);
  w.p.inventory[20] = ItemStack{log_item, 7};
  w.p.inventory[36] = ItemStack{item_of("stone"), 1};
  w.menus.on_pick_item_from_block(w.p, pick);  // from the main inventory to the first empty hotbar slot
  EXPECT_EQ(w.p.selected_slot, 1);
  EXPECT_EQ(w.p.inventory[37], (ItemStack{log_item, 7}));
  EXPECT_TRUE(w.p.inventory[20].empty());
  w.p.selected_slot = 0;
  w.menus.on_pick_item_from_block(w.p, pick);  // already in the hotbar: selected
  EXPECT_EQ(w.p.selected_slot, 1);
  w.p.game_mode = GameMode::kCreative;
  w.world.state = default_state_of("glass");
  w.menus.on_pick_item_from_block(w.p, pick);
  EXPECT_EQ(w.p.inventory[38], (ItemStack{item_of("glass"), 1}));
  EXPECT_EQ(w.p.selected_slot, 2);
  w.menus.on_pick_item_from_block(w.p, packet::play_sb::PickItemFromBlock{{0, 64, 30}, false});  // out of reach
  EXPECT_EQ(w.p.selected_slot, 2);
}

TEST(InventoryMenus, CreativeSlotsAndThrottledCreativeDrops) {
  MenuWorld w;
  packet::play_sb::SetCreativeSlot set;
  set.slot = 10, set.count = 16, set.item_id = item_of("ender_pearl"), set.components_added = 0, set.components_removed = 0;
  w.menus.on_set_creative_slot(w.p, set);  // survival: ignored
  EXPECT_TRUE(w.p.inventory[10].empty());
  w.p.game_mode = GameMode::kCreative;
  set.count = 17;  // more than an ender pearl stack
  w.menus.on_set_creative_slot(w.p, set);
  EXPECT_TRUE(w.p.inventory[10].empty());
  set.count = 16;
  w.menus.on_set_creative_slot(w.p, set);
  EXPECT_EQ(w.p.inventory[10], (ItemStack{item_of("ender_pearl"), 16}));
  EXPECT_TRUE(w.players.take(packet::play_cb::SetSlot::kId).empty());  // the client set it: no echo
  set.slot = 0;  // the result slot is not writable
  w.menus.on_set_creative_slot(w.p, set);
  EXPECT_TRUE(w.p.inventory[0].empty());
  set.slot = -1;
  for (int i = 0; i < 80; ++i) w.menus.on_set_creative_slot(w.p, set);
  EXPECT_EQ(w.drops.drops.size(), 74u);  // 20 a drop, accepted below 1480
  for (int i = 0; i < 20; ++i) w.menus.tick();
  w.menus.on_set_creative_slot(w.p, set);
  EXPECT_EQ(w.drops.drops.size(), 75u);
}

TEST(InventoryMenus, GiveDropsWhatDoesNotFitAndClearCountsInVanillaOrder) {
  MenuWorld w;
  for (int slot = 9; slot < 45; ++slot) w.p.inventory[static_cast<size_t>(slot)] = ItemStack{item_of("dirt"), 64};
  w.p.inventory[44] = ItemStack{item_of("stone"), 60};
  w.menus.give(1, ItemStack{item_of("stone"), 1}, 70);
  EXPECT_EQ(w.p.inventory[44].count, 64);
  ASSERT_EQ(w.drops.drops.size(), 2u);  // the rest of the first stack, then the second stack
  EXPECT_EQ(w.drops.drops[0].stack.count, 60);
  EXPECT_EQ(w.drops.drops[1].stack.count, 6);
  EXPECT_EQ(w.menus.clear(1, item_of("dirt"), 0), 64 * 35);  // counting only
  EXPECT_EQ(w.menus.clear(1, item_of("dirt"), 100), 100);
  EXPECT_TRUE(w.p.inventory[36].empty());  // the hotbar is cleared first
  EXPECT_EQ(w.p.inventory[37].count, 28);
  EXPECT_EQ(w.menus.clear(1, std::nullopt, -1), 64 * 35 - 100 + 64);
  EXPECT_EQ(w.menus.clear(1, std::nullopt, -1), 0);
}

// --- scenarios through the core ---

struct InventoryServer {
  StreamingServer s{2};
  TestClient alice{1};
  InventoryServer() {
    s.prepare_spawn();
    alice = s.join_loaded(1, "Alice", 2);
    for (int i = 0; i < 3; ++i) s.pass();
  }
  Player& player() { return *s.h.core.sessions().player(1); }
  std::vector<Bytes> sent(int32_t packet_id) const {
    std::vector<Bytes> out;
    for (const Bytes& body : alice.received(s.h.sink))
      if (packet_id_of(body) == packet_id) out.push_back(body);
    return out;
  }
  std::vector<std::string> run(const std::string& line) {
    s.pass({ConsoleLine{line}});
    return s.h.sink.logs();
  }
  void click(const packet::play_sb::WindowClick& c) {
    alice.packet(c);
    s.pass({alice.take()});
  }
};

packet::play_sb::HashedItem hashed(std::string_view item, int count) { return {item_of(item), count, {}, {}}; }

TEST(InventoryScenario, JoiningSendsTheWindow) {
  StreamingServer s{2};
  s.prepare_spawn();
  TestClient alice = s.join(1, "Alice", 2);
  int contents = 0, held = 0;
  for (const Bytes& body : alice.received(s.h.sink)) {
    contents += packet_id_of(body) == packet::play_cb::WindowItems::kId;
    held += packet_id_of(body) == packet::play_cb::HeldItemSlot::kId;
  }
  EXPECT_EQ(contents, 1);
  EXPECT_EQ(held, 1);
  EXPECT_EQ(s.h.core.sessions().player(1)->inventory_state_id, 1);
}

TEST(InventoryScenario, GiveAndClearSayWhatTheyDid) {
  InventoryServer w;
  EXPECT_EQ(w.run("give Alice stone 70"), std::vector<std::string>{"Gave 70 [Stone] to Alice"});
  EXPECT_EQ(w.player().inventory[36], (ItemStack{item_of("stone"), 64}));
  EXPECT_EQ(w.player().inventory[37], (ItemStack{item_of("stone"), 6}));
  EXPECT_EQ(w.sent(packet::play_cb::SetSlot::kId).size(), 2u);
  EXPECT_EQ(w.run("give @a minecraft:ender_pearl"), std::vector<std::string>{"Gave 1 [Ender Pearl] to Alice"});
  EXPECT_EQ(w.run("give Alice stone 6401"), std::vector<std::string>{"Can't give more than 6400 of [Stone]"});
  EXPECT_EQ(w.run("give Bob stone"), std::vector<std::string>{"No player was found"});
  auto unknown = w.run("give Alice not_an_item");
  ASSERT_FALSE(unknown.empty());
  EXPECT_EQ(unknown[0], "Unknown item 'minecraft:not_an_item'");
  auto zero = w.run("give Alice stone 0");
  ASSERT_FALSE(zero.empty());
  EXPECT_EQ(zero[0], "Integer must not be less than 1: found 0");
  EXPECT_EQ(w.run("clear Alice stone 0"), std::vector<std::string>{"Found 70 matching item(s) on player Alice"});
  EXPECT_EQ(w.run("clear Alice stone 10"), std::vector<std::string>{"Removed 10 item(s) from player Alice"});
  EXPECT_EQ(w.run("clear @p"), std::vector<std::string>{"Removed 61 item(s) from player Alice"});
  EXPECT_EQ(w.run("clear Alice"), std::vector<std::string>{"No items were found on player Alice"});
  EXPECT_EQ(w.run("clear"), std::vector<std::string>{"A player is required to run this command here"});
  EXPECT_TRUE(w.player().inventory[36].empty());
}

TEST(InventoryScenario, AStaleStateIdResendsTheWholeWindow) {
  InventoryServer w;
  w.run("give Alice stone 10");
  w.s.pass();
  auto c = packet::play_sb::WindowClick{};
  c.state_id = w.player().inventory_state_id + 5;
  c.slot = 36, c.button = 0, c.mode = 0;
  c.changed_slots = {{36, std::nullopt}};
  c.cursor = hashed("stone", 10);
  w.click(c);
  EXPECT_EQ(w.player().carried, (ItemStack{item_of("stone"), 10}));  // applied anyway
  EXPECT_EQ(w.sent(packet::play_cb::WindowItems::kId).size(), 1u);
  EXPECT_TRUE(w.sent(packet::play_cb::SetSlot::kId).empty());
}

TEST(InventoryScenario, ARightPredictionIsQuietAndAWrongOneGetsTheSlot) {
  InventoryServer w;
  w.run("give Alice stone 10");
  w.s.pass();
  auto c = packet::play_sb::WindowClick{};
  c.state_id = w.player().inventory_state_id;
  c.slot = 36, c.button = 1, c.mode = 0;  // right click: takes 5
  c.changed_slots = {{36, hashed("stone", 5)}};
  c.cursor = hashed("stone", 5);
  w.click(c);
  EXPECT_EQ(w.player().carried.count, 5);
  EXPECT_TRUE(w.sent(packet::play_cb::SetSlot::kId).empty());
  EXPECT_TRUE(w.sent(packet::play_cb::SetCursorItem::kId).empty());
  // Left click on an empty slot with a wrong prediction for it (and one with components).
  c.state_id = w.player().inventory_state_id;
  c.slot = 20, c.button = 0;
  packet::play_sb::HashedItem with_components = hashed("stone", 5);
  with_components.components.push_back({3, 12345});
  c.changed_slots = {{20, hashed("stone", 4)}, {21, with_components}};
  c.cursor = std::nullopt;
  w.click(c);
  auto slots = w.sent(packet::play_cb::SetSlot::kId);
  ASSERT_EQ(slots.size(), 2u);
  auto first = decode_packet<packet::play_cb::SetSlot>(slots[0]);
  EXPECT_EQ(first->slot, 20);
  EXPECT_EQ(first->item.count, 5);
  EXPECT_EQ(first->state_id, w.player().inventory_state_id - 1);
  EXPECT_EQ(decode_packet<packet::play_cb::SetSlot>(slots[1])->slot, 21);
}

TEST(InventoryScenario, BadSlotsButtonsAndWindowsAreRefusedHarmlessly) {
  InventoryServer w;
  w.run("give Alice stone 10");
  w.s.pass();
  const auto before = w.player().inventory;
  for (auto [slot, button, mode, window] : std::vector<std::tuple<int16_t, int8_t, int32_t, int32_t>>{
           {46, 0, 0, 0}, {500, 0, 1, 0}, {-5, 0, 2, 0}, {-999, 3, 2, 0}, {36, 9, 2, 0}, {36, 7, 0, 0},
           {36, 0, 99, 0}, {36, 0, 0, 3}, {-2, 1, 5, 0}, {32767, 0, 6, 0}, {-32768, 0, 4, 0}}) {
    auto c = packet::play_sb::WindowClick{};
    c.window_id = window, c.state_id = w.player().inventory_state_id;
    c.slot = slot, c.button = button, c.mode = mode;
    w.click(c);
    EXPECT_FALSE(w.alice.closed(w.s.h.sink));
  }
  // Mode 99 reads as PICKUP and took the stack; put it back and compare.
  EXPECT_EQ(w.player().carried, (ItemStack{item_of("stone"), 10}));
  auto put = packet::play_sb::WindowClick{};
  put.state_id = w.player().inventory_state_id;
  put.slot = 36;
  w.click(put);
  EXPECT_EQ(w.player().inventory, before);
  // A held slot out of 0-8 is ignored.
  w.alice.packet(packet::play_sb::HeldItemSlot{9});
  w.s.pass({w.alice.take()});
  EXPECT_EQ(w.player().selected_slot, 0);
  EXPECT_FALSE(w.alice.closed(w.s.h.sink));
}

TEST(InventoryScenario, AMalformedClickDisconnects) {
  InventoryServer w;
  auto c = packet::play_sb::WindowClick{};
  for (int i = 0; i < 129; ++i) c.changed_slots.push_back({static_cast<int16_t>(i % 46), std::nullopt});
  w.click(c);  // more than 128 changed slots
  EXPECT_TRUE(w.alice.closed(w.s.h.sink));
}

}  // namespace
}  // namespace hz
