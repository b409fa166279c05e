// Saved entities (docs/rules/saved-entities.md): the item and falling block compounds against the
// keys and tag types vanilla 26.1 writes (written out here by hand), round trips of both kinds and
// of an entity chunk record, and scenarios through the core: entities written to the entities store
// on save-all, removed when their chunk unloads and back with their UUIDs when it loads again, and
// back after a restart on the saved files; records of unknown entity types are written back as read.
#include <gtest/gtest.h>
#include <rapidcheck/gtest.h>

#include <cmath>
#include <map>
#include <optional>

#include "sim/data/catalog.h"
#include "sim/game/core.h"
#include "sim/game/entities/falling_block_codec.h"
#include "sim/game/entities/experience_orb_codec.h"
#include "sim/game/entities/experience_orbs.h"
#include "sim/game/entities/falling_blocks.h"
#include "sim/game/entities/item_entities.h"
#include "sim/game/entities/item_entity_codec.h"
#include "sim/game/entities/saved_entities.h"
#include "sim/world/anvil/block_state_nbt.h"
#include "tests/game/nbt_fields.h"
#include "tests/game/streaming_server.h"

namespace hz {
namespace {

using testing::StreamingServer;
using testing::TestClient;

using testing::at;
using testing::keys_of;

// --- the compounds, key by key ---

TEST(SavedEntityCodecs, AnItemIsWrittenWithVanillasKeysAndTypes) {
  ItemEntity item(7, Uuid{0x0123456789abcdefull, 0xfedcba9876543210ull}, ItemStack{*item_id("diamond"), 3});
  item.position = Vec3{1.5, 64.0, -2.25};
  item.velocity = Vec3{0.1, -0.2, 0.0};
  item.yaw = 90.0f;
  item.on_ground = true;
  item.age = 120;
  item.pickup_delay = 5;
  item.thrower = Uuid{1, 2};
  const nbt::Compound c = item_entity_codec::save(item);
  // Entity.save (id), saveWithoutId, then ItemEntity.addAdditionalSaveData, in that order.
  const std::vector<std::string> expected_keys{"id", "Pos", "Motion", "Rotation", "fall_distance", "Fire", "Air",
                                               "OnGround", "Invulnerable", "PortalCooldown", "UUID", "Health",
                                               "Age", "PickupDelay", "Thrower", "Item"};
  EXPECT_EQ(keys_of(c), expected_keys);
  EXPECT_EQ(at(c, "id"), nbt::Tag("minecraft:item"));
  EXPECT_EQ(at(c, "Pos"), nbt::Tag(nbt::List{{nbt::Tag(1.5), nbt::Tag(64.0), nbt::Tag(-2.25)}}));
  EXPECT_EQ(at(c, "Motion"), nbt::Tag(nbt::List{{nbt::Tag(0.1), nbt::Tag(-0.2), nbt::Tag(0.0)}}));
  EXPECT_EQ(at(c, "Rotation"), nbt::Tag(nbt::List{{nbt::Tag(90.0f), nbt::Tag(0.0f)}}));
  EXPECT_EQ(at(c, "fall_distance"), nbt::Tag(0.0));
  EXPECT_EQ(at(c, "Fire"), nbt::Tag(int16_t{-1}));
  EXPECT_EQ(at(c, "Air"), nbt::Tag(int16_t{300}));
  EXPECT_EQ(at(c, "OnGround"), nbt::Tag(int8_t{1}));
  EXPECT_EQ(at(c, "UUID"), nbt::Tag(nbt::IntArray{0x01234567, static_cast<int32_t>(0x89abcdef),
                                                  static_cast<int32_t>(0xfedcba98), 0x76543210}));
  EXPECT_EQ(at(c, "Health"), nbt::Tag(int16_t{5}));
  EXPECT_EQ(at(c, "Age"), nbt::Tag(int16_t{120}));
  EXPECT_EQ(at(c, "PickupDelay"), nbt::Tag(int16_t{5}));
  EXPECT_EQ(at(c, "Thrower"), nbt::Tag(nbt::IntArray{0, 1, 0, 2}));
  nbt::Compound stack;
  stack.put("id", "minecraft:diamond");
  stack.put("count", int32_t{3});
  EXPECT_EQ(at(c, "Item"), nbt::Tag(stack));
}

TEST(SavedEntityCodecs, AFallingBlockIsWrittenWithVanillasKeysAndTypes) {
  const BlockStateId anvil = default_state_of("anvil");
  FallingBlock block(9, Uuid{3, 4}, anvil, BlockPos{0, 70, 0});
  block.position = Vec3{0.5, 68.25, 0.5};
  block.time = 17;
  const nbt::Compound c = falling_block_codec::save(block);
  const std::vector<std::string> expected_keys{"id", "Pos", "Motion", "Rotation", "fall_distance", "Fire", "Air",
                                               "OnGround", "Invulnerable", "PortalCooldown", "UUID", "BlockState",
                                               "Time", "DropItem", "HurtEntities", "FallHurtAmount", "FallHurtMax",
                                               "CancelDrop"};
  EXPECT_EQ(keys_of(c), expected_keys);
  EXPECT_EQ(at(c, "id"), nbt::Tag("minecraft:falling_block"));
  nbt::Compound state;
  state.put("Name", "minecraft:anvil");
  nbt::Compound properties;
  properties.put("facing", "north");
  state.put("Properties", properties);
  EXPECT_EQ(at(c, "BlockState"), nbt::Tag(state));
  EXPECT_EQ(at(c, "Time"), nbt::Tag(int32_t{17}));
  EXPECT_EQ(at(c, "DropItem"), nbt::Tag(int8_t{1}));
  EXPECT_EQ(at(c, "FallHurtMax"), nbt::Tag(int32_t{40}));
}

RC_GTEST_PROP(SavedEntityCodecs, ItemsRoundTrip, ()) {
  const auto item_index = *rc::gen::inRange(1, 100);
  if (item_name(item_index).empty()) return;
  const int count = *rc::gen::inRange(1, 65);
  const Uuid uuid{*rc::gen::arbitrary<uint64_t>(), *rc::gen::arbitrary<uint64_t>()};
  ItemEntity item(1, uuid, ItemStack{item_index, count});
  item.position = Vec3{*rc::gen::inRange(-300000, 300000) / 16.0, *rc::gen::inRange(-64, 320) * 1.0, *rc::gen::inRange(-300000, 300000) / 7.0};
  item.velocity = Vec3{*rc::gen::inRange(-900, 900) / 100.0, *rc::gen::inRange(-900, 900) / 100.0, 0.0};
  item.yaw = static_cast<float>(*rc::gen::inRange(0, 360));
  item.pitch = static_cast<float>(*rc::gen::inRange(-90, 90));
  item.on_ground = *rc::gen::arbitrary<bool>();
  item.age = *rc::gen::element(0, 5999, ItemEntity::kInfiniteLifetime);
  item.pickup_delay = *rc::gen::element(0, 40, ItemEntity::kInfinitePickupDelay);
  // Through the bytes of a record, as it goes to the store and back.
  const Bytes record = encode_entity_chunk({3, -4}, {item_entity_codec::save(item)});
  Result<EntityChunk> chunk = decode_entity_chunk(record);
  RC_ASSERT(chunk.ok());
  RC_ASSERT(chunk->position == (ChunkPos{3, -4}));
  RC_ASSERT(chunk->entities.size() == 1u);
  std::optional<item_entity_codec::Loaded> loaded = item_entity_codec::load(chunk->entities[0]);
  RC_ASSERT(loaded.has_value());
  RC_ASSERT(loaded->base.uuid == uuid);
  RC_ASSERT(loaded->base.position == item.position);
  RC_ASSERT(loaded->base.velocity == item.velocity);
  RC_ASSERT(loaded->base.yaw == item.yaw);
  RC_ASSERT(loaded->base.pitch == item.pitch);
  RC_ASSERT(loaded->base.on_ground == item.on_ground);
  RC_ASSERT(loaded->stack == item.stack());
  RC_ASSERT(loaded->age == item.age);
  RC_ASSERT(loaded->pickup_delay == item.pickup_delay);
  RC_ASSERT(!loaded->thrower.has_value());
}

RC_GTEST_PROP(SavedEntityCodecs, FallingBlocksRoundTrip, ()) {
  const auto& names = std::vector<std::string_view>{"sand", "red_sand", "gravel", "anvil", "white_concrete_powder", "pointed_dripstone"};
  BlockStateId state = default_state_of(*rc::gen::elementOf(names));
  const Uuid uuid{*rc::gen::arbitrary<uint64_t>(), *rc::gen::arbitrary<uint64_t>()};
  FallingBlock block(1, uuid, state, BlockPos{0, 0, 0});
  block.position = Vec3{*rc::gen::inRange(-1000, 1000) + 0.5, *rc::gen::inRange(-640, 3200) / 10.0, *rc::gen::inRange(-1000, 1000) + 0.5};
  block.velocity = Vec3{0.0, -*rc::gen::inRange(0, 390) / 100.0, 0.0};
  block.time = *rc::gen::inRange(0, 600);
  std::optional<falling_block_codec::Loaded> loaded = falling_block_codec::load(falling_block_codec::save(block));
  RC_ASSERT(loaded.has_value());
  RC_ASSERT(loaded->base.uuid == uuid);
  RC_ASSERT(loaded->base.position == block.position);
  RC_ASSERT(loaded->base.velocity == block.velocity);
  RC_ASSERT(loaded->state == state);
  RC_ASSERT(loaded->time == block.time);
  RC_ASSERT(loaded->drop_item);
}

TEST(SavedEntityCodecs, InvalidCompoundsAreRefusedAsVanillaDrops) {
  ItemEntity item(1, Uuid{5, 6}, ItemStack{*item_id("stone"), 1});
  nbt::Compound good = item_entity_codec::save(item);
  EXPECT_TRUE(item_entity_codec::load(good).has_value());
  nbt::Compound no_uuid, empty_stack = good, unknown_item = good, nan_pos = good;
  for (const auto& [key, value] : good)
    if (key != "UUID") no_uuid.put(key, value);
  EXPECT_FALSE(item_entity_codec::load(no_uuid).has_value());
  nbt::Compound stack;
  stack.put("id", "minecraft:stone");
  stack.put("count", int32_t{0});
  empty_stack.put("Item", stack);
  EXPECT_FALSE(item_entity_codec::load(empty_stack).has_value());
  stack.put("id", "minecraft:no_such_item");
  stack.put("count", int32_t{1});
  unknown_item.put("Item", stack);
  EXPECT_FALSE(item_entity_codec::load(unknown_item).has_value());
  nan_pos.put("Pos", nbt::List{{nbt::Tag(std::nan("")), nbt::Tag(0.0), nbt::Tag(0.0)}});
  EXPECT_FALSE(item_entity_codec::load(nan_pos).has_value());
  // A falling block without a state falls as sand (FallingBlockEntity's default).
  nbt::Compound block = falling_block_codec::save(FallingBlock(2, Uuid{7, 8}, default_state_of("gravel"), {}));
  nbt::Compound without_state;
  for (const auto& [key, value] : block)
    if (key != "BlockState") without_state.put(key, value);
  ASSERT_TRUE(falling_block_codec::load(without_state).has_value());
  EXPECT_EQ(falling_block_codec::load(without_state)->state, default_state_of("sand"));
}

TEST(SavedEntityCodecs, AnEntityChunkRecordHasDataVersionEntitiesAndPosition) {
  const Bytes record = encode_entity_chunk({-33, 70}, {});
  Result<nbt::NamedTag> named = nbt::read_file(record);
  ASSERT_TRUE(named.ok());
  EXPECT_EQ(named->name, "");
  const auto& root = *named->tag.as<nbt::Compound>();
  EXPECT_EQ(keys_of(root), (std::vector<std::string>{"DataVersion", "Entities", "Position"}));
  EXPECT_EQ(at(root, "DataVersion"), nbt::Tag(int32_t{4790}));
  EXPECT_EQ(at(root, "Position"), nbt::Tag(nbt::IntArray{-33, 70}));
}

// --- through the core ---

struct EntityWorld {
  StreamingServer s;
  TestClient alice{1};
  Vec3 spawn;

  explicit EntityWorld(std::map<ChunkPos, Bytes> stored = {}, std::map<ChunkPos, Bytes> entities = {})
      : s(testing::properties_with_view_distance(3), "", std::move(stored), std::move(entities)) {
    s.prepare_spawn();
    s.pass({ConsoleLine{"gamerule spawn_mobs false"}});  // the chunks hold only what a test puts there
    alice = s.join_loaded(1, "Alice", 3);
    for (int i = 0; i < 200 && !s.world().is_chunk_tracked(1, {0, 0}); ++i) s.pass();
    spawn = s.world().spawn_point();
    alice.packet(packet::play_sb::TeleportConfirm{s.h.core.sessions().player(1)->awaiting_teleport_id});
    s.pass({alice.take()});
  }
  ItemEntities& items() { return s.h.core.items(); }
  FallingBlocks& falling() { return s.h.core.falling_blocks(); }
  // The live items by UUID.
  std::map<Uuid, const ItemEntity*> items_by_uuid() {
    std::map<Uuid, const ItemEntity*> out;
    for (int32_t id : items().ids()) out[items().find(id)->uuid()] = items().find(id);
    return out;
  }
  // The entities the store holds for `chunk`, decoded; empty when it holds none.
  std::vector<nbt::Compound> stored_entities(ChunkPos chunk) {
    auto it = s.jobs.entity_records.find(chunk);
    if (it == s.jobs.entity_records.end()) return {};
    Result<EntityChunk> decoded = decode_entity_chunk(it->second);
    EXPECT_TRUE(decoded.ok());
    EXPECT_EQ(decoded->position, chunk);
    return decoded ? decoded->entities : std::vector<nbt::Compound>{};
  }
};

ChunkPos chunk_at(const Vec3& p) { return ChunkPos{static_cast<int>(std::floor(p.x)) >> 4, static_cast<int>(std::floor(p.z)) >> 4}; }

TEST(SavedEntitiesScenario, SaveAllWritesTheEntitiesOfEachChunk) {
  EntityWorld w;
  // Away from Alice, so she picks nothing up.
  const Vec3 place{w.spawn.x + 6.5, w.spawn.y + 3, w.spawn.z + 6.5};
  w.items().drop_at(place, ItemStack{*item_id("diamond"), 2});
  w.items().drop_at(place, ItemStack{*item_id("stick"), 5});
  w.falling().fall(BlockPos{static_cast<int>(std::floor(place.x)), static_cast<int>(w.spawn.y) + 40,
                            static_cast<int>(std::floor(place.z))}, default_state_of("sand"));
  w.s.pass({ConsoleLine{"save-all"}});
  const ChunkPos chunk = chunk_at(place);
  const std::vector<nbt::Compound> stored = w.stored_entities(chunk);
  ASSERT_EQ(stored.size(), 3u);
  // Systems in registration order (items, then falling blocks), each in id order.
  EXPECT_EQ(at(stored[0], "id"), nbt::Tag("minecraft:item"));
  EXPECT_EQ(at(stored[1], "id"), nbt::Tag("minecraft:item"));
  EXPECT_EQ(at(stored[2], "id"), nbt::Tag("minecraft:falling_block"));
  std::map<Uuid, const ItemEntity*> live = w.items_by_uuid();
  for (int i = 0; i < 2; ++i) {
    std::optional<item_entity_codec::Loaded> loaded = item_entity_codec::load(stored[static_cast<size_t>(i)]);
    ASSERT_TRUE(loaded.has_value());
    ASSERT_TRUE(live.contains(loaded->base.uuid));
    EXPECT_EQ(loaded->stack, live.at(loaded->base.uuid)->stack());
    // Saved during the command phase; the items moved once more in this tick's entity phase.
    const Vec3 now = live.at(loaded->base.uuid)->position;
    EXPECT_NEAR(loaded->base.position.x, now.x, 0.5);
    EXPECT_NEAR(loaded->base.position.y, now.y, 0.5);
    EXPECT_NEAR(loaded->base.position.z, now.z, 0.5);
  }
}

TEST(SavedEntitiesScenario, EntitiesLeaveWithTheirChunkAndComeBackWithTheirUuids) {
  EntityWorld w;
  // Far from the spawn area (whose chunks stay loaded), where Alice goes first.
  const std::string far = std::to_string(w.spawn.x + 2000) + " 200 " + std::to_string(w.spawn.z);
  const std::string home = std::to_string(w.spawn.x) + " " + std::to_string(w.spawn.y) + " " + std::to_string(w.spawn.z);
  w.s.pass({ConsoleLine{"tp Alice " + far}});
  const Vec3 place{w.spawn.x + 2006.5, 150.0, w.spawn.z + 6.5};
  const ChunkPos chunk = chunk_at(place);
  for (int i = 0; i < 400 && !w.s.world().chunks().is_ready(chunk); ++i) w.s.pass();
  ASSERT_TRUE(w.s.world().chunks().is_ready(chunk));
  for (int i = 0; i < 5; ++i) w.s.pass();  // its entity record has been read (none)
  w.items().drop_at(place, ItemStack{*item_id("emerald"), 4});
  for (int i = 0; i < 5; ++i) w.s.pass();
  ASSERT_EQ(w.items().size(), 1u);
  struct Before {
    int32_t id;
    Uuid uuid;
    ItemStack stack;
  };
  const ItemEntity* live = w.items().find(w.items().ids()[0]);
  const Before before{live->id(), live->uuid(), live->stack()};
  ASSERT_EQ(chunk_at(live->position), chunk);
  // Alice goes home: the chunk unloads, its item goes to the store and leaves memory.
  w.s.pass({ConsoleLine{"tp Alice " + home}});
  for (int i = 0; i < 400 && w.s.world().chunks().is_ready(chunk); ++i) w.s.pass();
  ASSERT_FALSE(w.s.world().chunks().is_ready(chunk));
  EXPECT_EQ(w.items().size(), 0u);
  const std::vector<nbt::Compound> stored = w.stored_entities(chunk);
  ASSERT_EQ(stored.size(), 1u);
  const std::optional<item_entity_codec::Loaded> saved = item_entity_codec::load(stored[0]);
  ASSERT_TRUE(saved.has_value());
  EXPECT_EQ(saved->base.uuid, before.uuid);
  // Back again: the item returns with its UUID (and a new network id), where it was saved.
  w.s.pass({ConsoleLine{"tp Alice " + far}});
  for (int i = 0; i < 400 && w.items().size() == 0; ++i) w.s.pass();
  ASSERT_EQ(w.items().size(), 1u);
  const ItemEntity& after = *w.items().find(w.items().ids()[0]);
  EXPECT_EQ(after.uuid(), before.uuid);
  EXPECT_NE(after.id(), before.id);
  EXPECT_EQ(after.stack(), before.stack);
  EXPECT_NEAR(after.position.x, saved->base.position.x, 0.5);
  EXPECT_NEAR(after.position.z, saved->base.position.z, 0.5);
}

TEST(SavedEntitiesScenario, ItemsAndAFallingBlockAreBackAfterARestart) {
  std::map<ChunkPos, Bytes> chunks, entities;
  std::map<Uuid, ItemStack> saved_items;
  Uuid falling_uuid;
  int falling_time = 0;
  {
    EntityWorld w;
    const Vec3 place{w.spawn.x + 6.5, w.spawn.y + 1, w.spawn.z + 6.5};
    w.items().drop_at(place, ItemStack{*item_id("diamond"), 2});
    w.items().drop_at(Vec3{place.x - 12, place.y, place.z}, ItemStack{*item_id("apple"), 1});
    // High above, so it is still falling when the new server has it again.
    w.falling().fall(BlockPos{static_cast<int>(std::floor(place.x)), static_cast<int>(w.spawn.y) + 150,
                              static_cast<int>(std::floor(place.z))}, default_state_of("gravel"));
    for (int i = 0; i < 5; ++i) w.s.pass();
    w.s.pass({ConsoleLine{"save-all"}});
    for (const auto& [uuid, item] : w.items_by_uuid()) saved_items[uuid] = item->stack();
    ASSERT_EQ(saved_items.size(), 2u);
    ASSERT_EQ(w.falling().size(), 1u);
    falling_uuid = w.falling().find(w.falling().ids()[0])->uuid();
    falling_time = w.falling().find(w.falling().ids()[0])->time;
    chunks = w.s.jobs.stored;
    entities = w.s.jobs.entity_records;
  }
  // A new server on the saved files: the entities come back with their UUIDs as their chunks load.
  StreamingServer s(testing::properties_with_view_distance(3), "", chunks, entities);
  std::optional<Uuid> seen_falling;
  int seen_time = -1;
  for (int i = 0; i < 2000 && (s.h.core.items().size() < 2 || !seen_falling); ++i) {
    s.pass();
    FallingBlocks& falling = s.h.core.falling_blocks();
    if (!seen_falling && falling.size() == 1) {
      seen_falling = falling.find(falling.ids()[0])->uuid();
      seen_time = falling.find(falling.ids()[0])->time;
      EXPECT_EQ(falling.find(falling.ids()[0])->state(), default_state_of("gravel"));
    }
  }
  ASSERT_TRUE(seen_falling.has_value());
  EXPECT_EQ(*seen_falling, falling_uuid);
  EXPECT_GE(seen_time, falling_time);  // it carries on counting from the saved Time
  std::map<Uuid, ItemStack> loaded;
  for (int32_t id : s.h.core.items().ids()) loaded[s.h.core.items().find(id)->uuid()] = s.h.core.items().find(id)->stack();
  EXPECT_EQ(loaded, saved_items);
}

TEST(SavedEntitiesScenario, ExperienceOrbsAreSavedWithTheirChunkAndBackAfterARestart) {
  std::map<ChunkPos, Bytes> chunks, entities;
  std::map<Uuid, std::pair<int, int>> saved_orbs;  // value, count
  {
    EntityWorld w;
    // Beyond Alice's 8 blocks, so the orbs neither follow nor reach her.
    const Vec3 place{w.spawn.x + 12.5, w.spawn.y + 1, w.spawn.z + 0.5};
    w.s.h.core.experience_orbs().award(place, 44);  // orbs of 37 and 7
    for (int i = 0; i < 5; ++i) w.s.pass();
    w.s.pass({ConsoleLine{"save-all"}});
    ExperienceOrbs& orbs = w.s.h.core.experience_orbs();
    for (int32_t id : orbs.ids()) saved_orbs[orbs.find(id)->uuid()] = {orbs.find(id)->value(), orbs.find(id)->count};
    ASSERT_EQ(saved_orbs.size(), 2u);
    std::vector<nbt::Compound> stored = w.stored_entities(chunk_at(orbs.find(orbs.ids()[0])->position));
    ASSERT_FALSE(stored.empty());
    bool found = false;
    for (const nbt::Compound& c : stored) found = found || at(c, "id") == nbt::Tag("minecraft:experience_orb");
    EXPECT_TRUE(found);
    chunks = w.s.jobs.stored;
    entities = w.s.jobs.entity_records;
  }
  StreamingServer s(testing::properties_with_view_distance(3), "", chunks, entities);
  for (int i = 0; i < 2000 && s.h.core.experience_orbs().size() < 2; ++i) s.pass();
  ExperienceOrbs& orbs = s.h.core.experience_orbs();
  std::map<Uuid, std::pair<int, int>> loaded;
  for (int32_t id : orbs.ids()) loaded[orbs.find(id)->uuid()] = {orbs.find(id)->value(), orbs.find(id)->count};
  EXPECT_EQ(loaded, saved_orbs);
}

TEST(SavedEntitiesScenario, EntitiesOfUnknownTypesAreWrittenBackAsRead) {
  // A record as a vanilla server could leave it: an armadillo Horizon does not model, and an item.
  ItemEntity item(1, Uuid{11, 12}, ItemStack{*item_id("bone"), 1});
  nbt::Compound pig;
  pig.put("id", "minecraft:armadillo");
  pig.put("UUID", nbt::IntArray{0, 1, 2, 3});
  pig.put("Health", 10.0f);
  std::map<ChunkPos, Bytes> entities;
  const ChunkPos chunk{0, 0};
  item.position = Vec3{8.5, 100.0, 8.5};
  entities[chunk] = encode_entity_chunk(chunk, {pig, item_entity_codec::save(item)});
  EntityWorld w({}, entities);
  // The item came back; the save writes the pig unchanged, after the entities Horizon owns.
  EXPECT_TRUE(w.items_by_uuid().contains(Uuid{11, 12}));
  w.s.pass({ConsoleLine{"save-all"}});
  const std::vector<nbt::Compound> stored = w.stored_entities(chunk);
  ASSERT_FALSE(stored.empty());
  EXPECT_EQ(stored.back(), pig);
}

TEST(SavedEntitiesScenario, AChunkWhoseEntitiesAllLeftHasItsRecordRemoved) {
  // An item one tick from despawning: once it is gone the chunk has no entities left.
  ItemEntity item(1, Uuid{21, 22}, ItemStack{*item_id("bone"), 1});
  item.position = Vec3{8.5, 100.0, 8.5};
  item.age = ItemEntity::kLifetime - 1;
  std::map<ChunkPos, Bytes> entities;
  entities[{0, 0}] = encode_entity_chunk({0, 0}, {item_entity_codec::save(item)});
  EntityWorld w({}, entities);
  EXPECT_FALSE(w.items_by_uuid().contains(Uuid{21, 22}));
  ASSERT_TRUE(w.s.jobs.entity_records.contains(ChunkPos{0, 0}));
  w.s.pass({ConsoleLine{"save-all"}});
  EXPECT_FALSE(w.s.jobs.entity_records.contains(ChunkPos{0, 0}));
}

}  // namespace
}  // namespace hz
