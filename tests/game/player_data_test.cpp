// Player files: the NBT layout against vanilla 26.1's keys and types, the round trip over random
// players, vanilla's lenient reading, keys Horizon does not model surviving a save, and the core
// writing a file when a player quits and placing them where they left when they come back.
#include <gtest/gtest.h>
#include <rapidcheck/gtest.h>

#include <cmath>

#include "sim/data/catalog.h"
#include "sim/game/items/enchantments.h"
#include "sim/game/player_data.h"
#include "sim/game/player_identity.h"
#include "sim/game/player_saves.h"
#include "sim/game/sessions.h"
#include "sim/world/anvil/compression.h"
#include "tests/game/client_bytes.h"
#include "tests/game/names.h"

namespace hz {
namespace {

using testing::enchantment_registry_size;

using testing::CoreHarness;
using testing::TestClient;

template <class T>
const T* get(const nbt::Compound& c, std::string_view key) {
  const nbt::Tag* tag = c.find(key);
  return tag ? tag->as<T>() : nullptr;
}

Player sample_player() {
  Player p;
  p.uuid = Uuid{0x0123456789abcdefull, 0xfedcba9876543210ull};
  p.name = "Saver";
  p.position = {10.5, 70.0, -3.25};
  p.yaw = 91.5f;
  p.pitch = -12.0f;
  p.on_ground = true;
  p.game_mode = GameMode::kCreative;
  p.health = 13.5f;
  p.food_level = 17;
  p.saturation = 2.5f;
  p.exhaustion = 1.25f;
  p.food_tick_timer = 40;
  p.fall_distance = 2.0;
  p.selected_slot = 4;
  p.inventory[kFirstHotbarSlot + 0] = ItemStack{*item_id("stone"), 64};
  p.inventory[20] = ItemStack{*item_id("oak_planks"), 3};
  p.inventory[5] = ItemStack{*item_id("iron_helmet"), 1};
  p.inventory[kOffhandSlot] = ItemStack{*item_id("torch"), 12};
  return p;
}

const nbt::Compound* inventory_entry(const nbt::Compound& root, int slot) {
  const auto* list = get<nbt::List>(root, "Inventory");
  if (!list) return nullptr;
  for (const nbt::Tag& item : list->items) {
    const auto* entry = item.as<nbt::Compound>();
    const auto* s = entry ? get<int8_t>(*entry, "Slot") : nullptr;
    if (s && *s == slot) return entry;
  }
  return nullptr;
}

TEST(PlayerData, PathIsTheDashedUuidUnderPlayersData) {
  EXPECT_EQ(player_data_path(sample_player().uuid), "players/data/01234567-89ab-cdef-fedc-ba9876543210.dat");
}

TEST(PlayerData, WritesVanillaKeysWithVanillaTypes) {
  const Player p = sample_player();
  const nbt::Compound root = player_to_nbt(p, PlayerSaveContext{});
  ASSERT_NE(get<int32_t>(root, "DataVersion"), nullptr);
  EXPECT_EQ(*get<int32_t>(root, "DataVersion"), 4790);
  const auto* pos = get<nbt::List>(root, "Pos");
  ASSERT_NE(pos, nullptr);
  ASSERT_EQ(pos->items.size(), 3u);
  EXPECT_EQ(*pos->items[0].as<double>(), 10.5);
  EXPECT_EQ(*pos->items[2].as<double>(), -3.25);
  const auto* rotation = get<nbt::List>(root, "Rotation");
  ASSERT_NE(rotation, nullptr);
  EXPECT_EQ(*rotation->items[0].as<float>(), 91.5f);
  EXPECT_EQ(*rotation->items[1].as<float>(), -12.0f);
  EXPECT_NE(get<nbt::List>(root, "Motion"), nullptr);
  EXPECT_EQ(*get<double>(root, "fall_distance"), 2.0);  // 26.1's name and type
  EXPECT_EQ(root.find("FallDistance"), nullptr);
  EXPECT_EQ(*get<int8_t>(root, "OnGround"), 1);
  const auto* uuid = get<nbt::IntArray>(root, "UUID");
  ASSERT_NE(uuid, nullptr);
  EXPECT_EQ(*uuid, (nbt::IntArray{0x01234567, static_cast<int32_t>(0x89abcdef), static_cast<int32_t>(0xfedcba98),
                                  0x76543210}));
  EXPECT_EQ(*get<float>(root, "Health"), 13.5f);
  EXPECT_NE(get<int16_t>(root, "HurtTime"), nullptr);
  EXPECT_NE(get<int16_t>(root, "DeathTime"), nullptr);
  EXPECT_EQ(*get<int32_t>(root, "foodLevel"), 17);
  EXPECT_EQ(*get<float>(root, "foodSaturationLevel"), 2.5f);
  EXPECT_EQ(*get<float>(root, "foodExhaustionLevel"), 1.25f);
  EXPECT_EQ(*get<int32_t>(root, "foodTickTimer"), 40);
  EXPECT_EQ(*get<int32_t>(root, "playerGameType"), 1);
  EXPECT_EQ(root.find("previousPlayerGameType"), nullptr);  // only when there is one
  EXPECT_EQ(*get<int32_t>(root, "SelectedItemSlot"), 4);
  EXPECT_EQ(*get<std::string>(root, "Dimension"), "minecraft:overworld");
  const auto* abilities = get<nbt::Compound>(root, "abilities");
  ASSERT_NE(abilities, nullptr);
  EXPECT_EQ(*get<int8_t>(*abilities, "instabuild"), 1);
  EXPECT_EQ(*get<int8_t>(*abilities, "mayfly"), 1);
  EXPECT_EQ(*get<float>(*abilities, "walkSpeed"), 0.1f);

  // Inventory: vanilla's indices (hotbar 0-8, main 9-35), Slot a byte, count an int.
  const nbt::Compound* hotbar = inventory_entry(root, 0);
  ASSERT_NE(hotbar, nullptr);
  EXPECT_EQ(*get<std::string>(*hotbar, "id"), "minecraft:stone");
  EXPECT_EQ(*get<int32_t>(*hotbar, "count"), 64);
  const nbt::Compound* main = inventory_entry(root, 20);
  ASSERT_NE(main, nullptr);
  EXPECT_EQ(*get<std::string>(*main, "id"), "minecraft:oak_planks");
  EXPECT_EQ(get<nbt::List>(root, "Inventory")->items.size(), 2u);  // armour and off hand are not here
  // 26.1: armour and off hand in `equipment`.
  const auto* equipment = get<nbt::Compound>(root, "equipment");
  ASSERT_NE(equipment, nullptr);
  EXPECT_EQ(*get<std::string>(*get<nbt::Compound>(*equipment, "head"), "id"), "minecraft:iron_helmet");
  EXPECT_EQ(*get<int32_t>(*get<nbt::Compound>(*equipment, "offhand"), "count"), 12);
  EXPECT_EQ(equipment->size(), 2u);
}

TEST(PlayerData, EquipmentIsLeftOutWhenEmptyAndSurvivalAbilitiesAreOff) {
  Player p;
  p.uuid = Uuid{1, 2};
  const nbt::Compound root = player_to_nbt(p, PlayerSaveContext{});
  EXPECT_EQ(root.find("equipment"), nullptr);
  EXPECT_TRUE(get<nbt::List>(root, "Inventory")->items.empty());
  const auto* abilities = get<nbt::Compound>(root, "abilities");
  EXPECT_EQ(*get<int8_t>(*abilities, "mayfly"), 0);
  EXPECT_EQ(*get<int8_t>(*abilities, "mayBuild"), 1);
  EXPECT_EQ(*get<int32_t>(root, "playerGameType"), 0);
}

TEST(PlayerData, FileIsGzipNbtWithANamelessRoot) {
  const Bytes file = encode_player_file(player_to_nbt(sample_player(), PlayerSaveContext{}));
  ASSERT_TRUE(anvil::looks_gzipped(file));
  auto raw = anvil::gunzip(file);
  ASSERT_TRUE(raw.ok());
  auto named = nbt::read_file(*raw);
  ASSERT_TRUE(named.ok());
  EXPECT_EQ(named->name, "");
  auto decoded = decode_player_file(file);
  ASSERT_TRUE(decoded.ok()) << decoded.error();
  EXPECT_EQ(*decoded, player_to_nbt(sample_player(), PlayerSaveContext{}));
}

TEST(PlayerData, DamagedFilesAreRefusedWithTheReason) {
  Bytes file = encode_player_file(player_to_nbt(sample_player(), PlayerSaveContext{}));
  file.resize(file.size() / 2);
  auto cut = decode_player_file(file);
  ASSERT_FALSE(cut.ok());
  EXPECT_NE(cut.error().find("gzip"), std::string::npos) << cut.error();
  auto garbage = decode_player_file(Bytes{1, 2, 3, 4});
  EXPECT_FALSE(garbage.ok());
  // A list as the root is not a player.
  auto list_root = decode_player_file(anvil::gzip(Bytes{9, 0, 0, 1, 0, 0, 0, 0}));
  EXPECT_FALSE(list_root.ok());
}

TEST(PlayerData, ReadingIsLenientAsVanillas) {
  nbt::Compound root;
  SavedPlayer empty = saved_player_from_nbt(root);
  EXPECT_FALSE(empty.position);
  EXPECT_FALSE(empty.rotation);
  EXPECT_FALSE(empty.game_mode);
  EXPECT_EQ(empty.health, 20.0f);
  EXPECT_EQ(empty.food_level, 20);
  EXPECT_EQ(empty.saturation, 5.0f);

  nbt::List pos;
  pos.items = {nbt::Tag(1.0), nbt::Tag(std::nan("")), nbt::Tag(3.0)};
  root.put("Pos", pos);
  nbt::List inventory;
  nbt::Compound old_helmet;  // pre-26.1 armour slot: ignored
  old_helmet.put("Slot", int8_t{103});
  old_helmet.put("id", "minecraft:iron_helmet");
  old_helmet.put("count", int32_t{1});
  nbt::Compound unknown;
  unknown.put("Slot", int8_t{2});
  unknown.put("id", "minecraft:not_an_item");
  unknown.put("count", int32_t{1});
  inventory.items = {nbt::Tag(old_helmet), nbt::Tag(unknown)};
  root.put("Inventory", inventory);
  root.put("SelectedItemSlot", int32_t{12});
  root.put("playerGameType", int32_t{9});
  SavedPlayer read = saved_player_from_nbt(root);
  EXPECT_FALSE(read.position);  // not finite
  for (const ItemStack& stack : read.inventory) EXPECT_TRUE(stack.empty());
  EXPECT_EQ(read.selected_slot, 0);
  EXPECT_EQ(read.game_mode, GameMode::kSurvival);  // GameType.byId's fallback
  // The unknown item is kept for its slot and written back while the slot stays empty.
  Player p;
  const nbt::Compound saved =
      player_to_nbt(p, PlayerSaveContext{std::nullopt, "minecraft:overworld", &root, &read.item_tags});
  const nbt::Compound* kept = inventory_entry(saved, 2);
  ASSERT_NE(kept, nullptr);
  EXPECT_EQ(*get<std::string>(*kept, "id"), "minecraft:not_an_item");
}

TEST(PlayerData, KeysHorizonDoesNotModelSurviveASave) {
  nbt::Compound loaded = player_to_nbt(sample_player(), PlayerSaveContext{});
  loaded.put("Score", int32_t{7});
  nbt::List ender;
  nbt::Compound pearl;
  pearl.put("Slot", int8_t{0});
  pearl.put("id", "minecraft:ender_pearl");
  pearl.put("count", int32_t{3});
  ender.items.emplace_back(pearl);
  loaded.put("EnderItems", ender);
  // A stack with data components: kept while the slot holds the same stack.
  nbt::Compound components;
  components.put("minecraft:custom_name", "Rock");
  auto* list = loaded.find("Inventory")->as<nbt::List>();
  list->items[0].as<nbt::Compound>()->put("components", components);
  const SavedPlayer read = saved_player_from_nbt(loaded);

  Player p = sample_player();
  PlayerSaveContext context{GameMode::kSurvival, "minecraft:overworld", &loaded, &read.item_tags};
  nbt::Compound again = player_to_nbt(p, context);
  EXPECT_EQ(*get<int32_t>(again, "Score"), 7);
  EXPECT_EQ(*again.find("EnderItems"), nbt::Tag(ender));
  EXPECT_EQ(*get<int32_t>(again, "previousPlayerGameType"), 0);
  EXPECT_NE(get<nbt::Compound>(*inventory_entry(again, 0), "components"), nullptr);
  // Changed stack: written fresh, without the old components.
  p.inventory[kFirstHotbarSlot].count = 5;
  again = player_to_nbt(p, context);
  EXPECT_EQ(inventory_entry(again, 0)->find("components"), nullptr);
  EXPECT_EQ(*get<int32_t>(*inventory_entry(again, 0), "count"), 5);
}

// ItemStack.MAP_CODEC's enchantments component: {"minecraft:enchantments": {"minecraft:<id>": level}}.
TEST(PlayerData, EnchantmentsAreTheEnchantmentsComponent) {
  Player p = sample_player();
  ItemStack pickaxe{*item_id("diamond_pickaxe"), 1};
  set_enchantment(pickaxe, *enchantment_id("efficiency"), 5);
  set_enchantment(pickaxe, *enchantment_id("unbreaking"), 3);
  p.inventory[kFirstHotbarSlot + 1] = pickaxe;
  const nbt::Compound root = player_to_nbt(p, PlayerSaveContext{});
  const nbt::Compound* entry = inventory_entry(root, 1);
  ASSERT_NE(entry, nullptr);
  const auto* components = get<nbt::Compound>(*entry, "components");
  ASSERT_NE(components, nullptr);
  const auto* levels = get<nbt::Compound>(*components, "minecraft:enchantments");
  ASSERT_NE(levels, nullptr);
  EXPECT_EQ(*get<int32_t>(*levels, "minecraft:efficiency"), 5);
  EXPECT_EQ(*get<int32_t>(*levels, "minecraft:unbreaking"), 3);
  EXPECT_EQ(levels->size(), 2u);
  EXPECT_EQ(inventory_entry(root, 0)->find("components"), nullptr);  // a plain stack has none
  EXPECT_EQ(saved_player_from_nbt(root).inventory[kFirstHotbarSlot + 1], pickaxe);
}

// Files may hold what Horizon cannot: unknown enchantments and bad levels are left out of the
// stack, and the stored compound is written back while the stack is unchanged.
TEST(PlayerData, UnknownEnchantmentsAreLeftOutAndKeptInTheFile) {
  nbt::Compound loaded = player_to_nbt(sample_player(), PlayerSaveContext{});
  nbt::Compound levels;
  levels.put("minecraft:efficiency", int32_t{4});
  levels.put("minecraft:not_an_enchantment", int32_t{2});
  levels.put("minecraft:unbreaking", int32_t{0});
  levels.put("minecraft:fortune", int16_t{2});  // any number type reads
  nbt::Compound components;
  components.put("minecraft:enchantments", levels);
  loaded.find("Inventory")->as<nbt::List>()->items[0].as<nbt::Compound>()->put("components", components);
  const SavedPlayer read = saved_player_from_nbt(loaded);
  const ItemStack& stone = read.inventory[kFirstHotbarSlot];
  EXPECT_EQ(enchantment_level(stone, "efficiency"), 4);
  EXPECT_EQ(enchantment_level(stone, "fortune"), 2);
  EXPECT_EQ(stone.enchantments.size(), 2u);
  Player p = sample_player();
  p.inventory[kFirstHotbarSlot] = stone;
  PlayerSaveContext context{GameMode::kSurvival, "minecraft:overworld", &loaded, &read.item_tags};
  EXPECT_EQ(*get<nbt::Compound>(*inventory_entry(player_to_nbt(p, context), 0), "components"), components);
  // A changed enchantment writes the stack afresh, from what Horizon holds.
  set_enchantment(p.inventory[kFirstHotbarSlot], *enchantment_id("efficiency"), 5);
  const nbt::Compound again = player_to_nbt(p, context);
  const auto* written = get<nbt::Compound>(*get<nbt::Compound>(*inventory_entry(again, 0), "components"), "minecraft:enchantments");
  ASSERT_NE(written, nullptr);
  EXPECT_EQ(*get<int32_t>(*written, "minecraft:efficiency"), 5);
  EXPECT_EQ(written->find("minecraft:not_an_enchantment"), nullptr);
}

// The enchantment registry's size: ids below it name an enchantment.
// A stack, sometimes with up to three enchantments at levels 1-255.
rc::Gen<ItemStack> gen_stack() {
  static const int kEnchantments = enchantment_registry_size();
  return rc::gen::apply(
      [](int item, int count, std::vector<std::pair<int, int>> levels) {
        ItemStack stack{item, count};
        for (auto [id, level] : levels) set_enchantment(stack, id, level);
        return stack;
      },
      rc::gen::inRange(1, item_count()), rc::gen::inRange(1, kMaxStackSizeLimit + 1),
      rc::gen::container<std::vector<std::pair<int, int>>>(
          *rc::gen::inRange(0, 4), rc::gen::pair(rc::gen::inRange(0, kEnchantments), rc::gen::inRange(1, 256))));
}

RC_GTEST_PROP(PlayerData, RoundTripKeepsEverythingASaveWrites, ()) {
  Player p;
  p.uuid = Uuid{*rc::gen::arbitrary<uint64_t>(), *rc::gen::arbitrary<uint64_t>()};
  p.position = {*rc::gen::inRange(-30000000, 30000000) / 7.0, *rc::gen::inRange(-640, 3200) / 10.0,
                *rc::gen::inRange(-30000000, 30000000) / 3.0};
  p.yaw = *rc::gen::inRange(-1800, 1800) / 10.0f;
  p.pitch = *rc::gen::inRange(-900, 900) / 10.0f;
  p.on_ground = *rc::gen::arbitrary<bool>();
  p.game_mode = static_cast<GameMode>(*rc::gen::inRange(0, 4));
  p.health = *rc::gen::inRange(0, 201) / 10.0f;
  p.food_level = *rc::gen::inRange(0, 21);
  p.saturation = *rc::gen::inRange(0, 201) / 10.0f;
  p.exhaustion = *rc::gen::inRange(0, 400) / 100.0f;
  p.food_tick_timer = *rc::gen::inRange(0, 80);
  p.fall_distance = *rc::gen::inRange(0, 1000) / 8.0;
  p.selected_slot = *rc::gen::inRange(0, 9);
  // Every slot a save keeps: armour, main, hotbar, off hand (not the crafting grid).
  for (int slot = 5; slot < kInventorySlots; ++slot)
    if (*rc::gen::inRange(0, 3) == 0) p.inventory[static_cast<size_t>(slot)] = *gen_stack();
  const std::optional<GameMode> previous =
      *rc::gen::arbitrary<bool>() ? std::optional(static_cast<GameMode>(*rc::gen::inRange(0, 4))) : std::nullopt;

  const Bytes file = encode_player_file(player_to_nbt(p, PlayerSaveContext{previous}));
  auto root = decode_player_file(file);
  RC_ASSERT(root.ok());
  const SavedPlayer read = saved_player_from_nbt(*root);
  RC_ASSERT(read.position == std::optional(p.position));
  RC_ASSERT(read.rotation == std::optional(std::pair{p.yaw, p.pitch}));
  RC_ASSERT(read.on_ground == p.on_ground);
  RC_ASSERT(read.game_mode == std::optional(p.game_mode));
  RC_ASSERT(read.previous_game_mode == previous);
  RC_ASSERT(read.health == p.health);
  RC_ASSERT(read.food_level == p.food_level);
  RC_ASSERT(read.saturation == p.saturation);
  RC_ASSERT(read.exhaustion == p.exhaustion);
  RC_ASSERT(read.food_tick_timer == p.food_tick_timer);
  RC_ASSERT(read.fall_distance == p.fall_distance);
  RC_ASSERT(read.selected_slot == p.selected_slot);
  RC_ASSERT(read.dimension == std::string("minecraft:overworld"));
  for (int slot = 0; slot < kInventorySlots; ++slot) RC_ASSERT(read.inventory[slot] == p.inventory[slot]);
}

// --- through the core ---

packet::handshake_sb::SetProtocol login_handshake() { return {kProtocolVersion, "localhost", 25565, 2}; }

// Login and configuration in separate passes, as a client waiting for each answer sends them.
TestClient join(CoreHarness& h, ConnId conn, const std::string& name) {
  TestClient client(conn);
  h.iterate(0, {ConnectionOpened{conn, "127.0.0.1:4"}});
  client.packet(login_handshake()).packet(packet::login_sb::LoginStart{name, {}});
  h.iterate(0, {client.take()});
  client.set_compression(256);
  client.packet(packet::login_sb::LoginAcknowledged{});
  h.iterate(0, {client.take()});
  client.packet(packet::config_sb::Settings{}).packet(packet::config_sb::SelectKnownPacks{});
  h.iterate(0, {client.take()});
  client.packet(packet::config_sb::FinishConfiguration{});
  h.iterate(0, {client.take()});
  return client;
}

TEST(PlayerDataCore, QuitWritesTheFileAndRejoiningRestoresThePlayer) {
  CoreHarness h;
  TestClient first = join(h, 1, "Keeper");
  Player* p = h.core.sessions().player(1);
  ASSERT_NE(p, nullptr);
  const Uuid uuid = p->uuid;
  h.command("gamemode creative Keeper");
  h.command("tp Keeper 12.5 80 -7.25");
  packet::play_sb::SetCreativeSlot slot;
  slot.slot = kFirstHotbarSlot + 2;
  slot.count = 40;
  slot.item_id = *item_id("cobblestone");
  slot.components_added = slot.components_removed = 0;
  first.packet(slot).packet(packet::play_sb::HeldItemSlot{2});
  h.iterate(0, {first.take()});
  p = h.core.sessions().player(1);
  ASSERT_EQ(p->inventory[kFirstHotbarSlot + 2], (ItemStack{*item_id("cobblestone"), 40}));
  p->health = 11.0f;  // as survival damage would leave it
  p->food_level = 15;
  p->xp = experience::Experience{4, 0.25f, 33};

  const int writes_before = h.player_file_writes;
  h.iterate(0, {ConnectionClosed{1}});
  EXPECT_EQ(h.player_file_writes, writes_before + 1);
  const std::string path = player_data_path(uuid);
  ASSERT_TRUE(h.player_files.contains(path));
  auto root = decode_player_file(h.player_files[path]);
  ASSERT_TRUE(root.ok()) << root.error();
  const SavedPlayer saved = saved_player_from_nbt(*root);
  EXPECT_EQ(saved.position, (Vec3{12.5, 80.0, -7.25}));
  EXPECT_EQ(saved.game_mode, GameMode::kCreative);
  EXPECT_EQ(saved.previous_game_mode, GameMode::kSurvival);
  EXPECT_EQ(saved.health, 11.0f);
  EXPECT_EQ(saved.xp.level, 4);
  EXPECT_EQ(saved.xp.total, 33);

  h.sink.clear();
  join(h, 2, "Keeper");
  const Player* back = h.core.sessions().player(2);
  ASSERT_NE(back, nullptr);
  EXPECT_EQ(back->position, (Vec3{12.5, 80.0, -7.25}));
  EXPECT_EQ(back->game_mode, GameMode::kCreative);
  EXPECT_EQ(back->inventory[kFirstHotbarSlot + 2], (ItemStack{*item_id("cobblestone"), 40}));
  EXPECT_EQ(back->selected_slot, 2);
  EXPECT_EQ(back->health, 11.0f);
  EXPECT_EQ(back->food_level, 15);
  EXPECT_EQ(back->xp.level, 4);
  EXPECT_EQ(back->xp.progress, 0.25f);
  EXPECT_EQ(back->xp.total, 33);
  // The first tick in play tells the client its bar.
  bool told = false;
  for (const auto& e : h.sink.effects)
    if (auto* sent = std::get_if<SendPacket>(&e); sent && sent->conn == 2 && testing::packet_id_of(*sent->body) == packet_id::play_cb::experience) {
      const auto xp = decode_packet<packet::play_cb::SetExperience>(*sent->body);
      told = xp && xp->level == 4 && xp->total == 33 && xp->progress == 0.25f;
    }
  EXPECT_TRUE(told);
}

TEST(PlayerDataCore, TheJoinWaitsForTheFileAndANewPlayerGetsTheDefaults) {
  CoreHarness h;
  h.answer_player_files = false;  // the read stays unanswered until the test says so
  TestClient client = join(h, 1, "Waiter");
  EXPECT_EQ(h.core.sessions().player(1), nullptr);  // still configuring
  // The read job the core asked for (the first player read's id): answered "absent" now.
  anvil::StorageResult absent;
  absent.kind = anvil::StorageJobKind::kReadPlayer;
  absent.outcome = anvil::StorageOutcome::kAbsent;
  h.iterate(0, {JobCompleted{PlayerSaves::kFirstJobId, anvil::encode_result(absent)}});
  const Player* p = h.core.sessions().player(1);
  ASSERT_NE(p, nullptr);
  EXPECT_EQ(p->game_mode, GameMode::kSurvival);
  EXPECT_EQ(p->health, 20.0f);
}

TEST(PlayerDataCore, ACorruptFileIsNamedInTheLogAndThePlayerStartsFresh) {
  CoreHarness h;
  const Uuid uuid = offline_player_uuid("Broken");
  h.player_files[player_data_path(uuid)] = Bytes{0x1f, 0x8b, 8, 0, 1, 2, 3};
  h.sink.clear();
  std::vector<std::string> logs;
  TestClient client(1);
  h.iterate(0, {ConnectionOpened{1, "127.0.0.1:4"}});
  client.packet(login_handshake()).packet(packet::login_sb::LoginStart{"Broken", {}});
  h.iterate(0, {client.take()});
  client.set_compression(256);
  client.packet(packet::login_sb::LoginAcknowledged{});
  h.iterate(0, {client.take()});
  h.sink.clear();
  client.packet(packet::config_sb::Settings{}).packet(packet::config_sb::SelectKnownPacks{});
  h.iterate(0, {client.take()});
  logs = h.sink.logs();
  bool named = false;
  for (const std::string& line : logs)
    named |= line.find("Failed to load player data for Broken") != std::string::npos &&
             line.find(player_data_path(uuid)) != std::string::npos && line.find("gzip") != std::string::npos;
  EXPECT_TRUE(named);
  client.packet(packet::config_sb::FinishConfiguration{});
  h.iterate(0, {client.take()});
  const Player* p = h.core.sessions().player(1);
  ASSERT_NE(p, nullptr);
  EXPECT_EQ(p->health, 20.0f);
  // The damaged file is left alone until the player's next save.
  EXPECT_EQ(h.player_files[player_data_path(uuid)], (Bytes{0x1f, 0x8b, 8, 0, 1, 2, 3}));
}

TEST(PlayerDataCore, SaveAllWritesEveryPlayerBeforeTheWorld) {
  CoreHarness h;
  join(h, 1, "Alpha");
  join(h, 2, "Beta");
  h.sink.clear();
  h.iterate(0, {ConsoleLine{"save-all"}});
  std::vector<std::string> paths;
  for (const Effect& e : h.sink.effects)
    if (const auto* write = std::get_if<StorageWrite>(&e)) paths.push_back(write->path);
  ASSERT_GE(paths.size(), 3u);
  EXPECT_EQ(paths[0], player_data_path(offline_player_uuid("Alpha")));
  EXPECT_EQ(paths[1], player_data_path(offline_player_uuid("Beta")));
  EXPECT_EQ(paths.back(), "level.dat");
}

TEST(PlayerDataCore, ForceGamemodeOverridesTheSavedMode) {
  ServerProperties props = testing::test_properties();
  props.raw["force-gamemode"] = "true";
  CoreHarness h(props);
  Player saved;
  saved.uuid = offline_player_uuid("Forced");
  saved.game_mode = GameMode::kCreative;
  saved.position = {1.5, 90.0, 2.5};
  h.player_files[player_data_path(saved.uuid)] = encode_player_file(player_to_nbt(saved, PlayerSaveContext{}));
  join(h, 1, "Forced");
  const Player* p = h.core.sessions().player(1);
  ASSERT_NE(p, nullptr);
  EXPECT_EQ(p->game_mode, GameMode::kSurvival);
  EXPECT_EQ(p->position, (Vec3{1.5, 90.0, 2.5}));
}

TEST(PlayerData, ExperienceKeysRoundTrip) {
  Player p = sample_player();
  p.xp = experience::Experience{12, 0.375f, 321};
  p.xp_seed = -123456;
  const nbt::Compound saved = player_to_nbt(p, PlayerSaveContext{});
  EXPECT_EQ(*get<float>(saved, "XpP"), 0.375f);
  EXPECT_EQ(*get<int32_t>(saved, "XpLevel"), 12);
  EXPECT_EQ(*get<int32_t>(saved, "XpTotal"), 321);
  EXPECT_EQ(*get<int32_t>(saved, "XpSeed"), -123456);
  const SavedPlayer read = saved_player_from_nbt(saved);
  EXPECT_EQ(read.xp.level, 12);
  EXPECT_EQ(read.xp.progress, 0.375f);
  EXPECT_EQ(read.xp.total, 321);
  EXPECT_EQ(read.xp_seed, -123456);
  // Missing keys read as vanilla's defaults.
  const SavedPlayer fresh = saved_player_from_nbt(nbt::Compound{});
  EXPECT_EQ(fresh.xp.level, 0);
  EXPECT_EQ(fresh.xp.total, 0);
  EXPECT_EQ(fresh.xp.progress, 0.0f);
}

}  // namespace
}  // namespace hz
