// Mobs saved with their chunks (docs/rules/saved-entities.md §3): a mob's compound against the keys,
// order and tag types vanilla 26.1 writes (written out here by hand), keys Horizon does not model
// kept from a loaded compound, round trips through an entity chunk record, a mob leaving with its
// unloading chunk and coming back, and a restart through
// the core that brings a summoned zombie and a named cow back with their UUIDs, health and names.
#include <gtest/gtest.h>
#include <rapidcheck/gtest.h>

#include <algorithm>
#include <cmath>
#include <map>
#include <optional>

#include "sim/game/core.h"
#include "sim/game/entities/saved_entities.h"
#include "sim/game/mobs/mob_codec.h"
#include "sim/game/mobs/mobs.h"
#include "tests/game/nbt_fields.h"
#include "tests/game/streaming_server.h"

namespace hz {
namespace {

using testing::StreamingServer;
using testing::TestClient;

using testing::at;
using testing::keys_of;

// The keys Entity.saveWithoutId writes for every mob, up to the UUID.
const std::vector<std::string> kEntityKeys = {"id",   "Pos",          "Motion",         "Rotation", "fall_distance", "Fire",
                                              "Air",  "OnGround",     "Invulnerable",   "PortalCooldown", "UUID"};
// LivingEntity's and Mob's keys for a mob with no effects, equipment, leash or attacker.
const std::vector<std::string> kLivingAndMobKeys = {
    "Health",     "HurtTime", "HurtByTimestamp", "DeathTime",     "AbsorptionAmount", "current_impulse_context_reset_grace_time",
    "attributes", "FallFlying", "Brain",         "CanPickUpLoot", "PersistenceRequired", "LeftHanded"};

std::vector<std::string> concat(std::initializer_list<std::vector<std::string>> parts) {
  std::vector<std::string> out;
  for (const auto& p : parts) out.insert(out.end(), p.begin(), p.end());
  return out;
}

TEST(MobCodec, AZombieIsWrittenWithVanillasKeysOrderAndTypes) {
  Mob zombie(7, Uuid{0x0123456789abcdefull, 0xfedcba9876543210ull}, mob_kind(MobType::kZombie));
  zombie.position = Vec3{10.5, 64.0, -3.25};
  zombie.yaw = 90.0f;
  zombie.state.health = 13.5f;
  zombie.state.custom_name = "Bob";
  zombie.state.no_ai = true;
  const nbt::Compound c = mob_codec::save(zombie);
  EXPECT_EQ(keys_of(c), concat({kEntityKeys, {"CustomName"}, kLivingAndMobKeys, {"NoAI"},
                                {"IsBaby", "CanBreakDoors", "InWaterTime", "DrownedConversionTime"}}));
  EXPECT_EQ(at(c, "id"), nbt::Tag("minecraft:zombie"));
  EXPECT_EQ(at(c, "UUID"), nbt::Tag(nbt::IntArray{0x01234567, static_cast<int32_t>(0x89abcdef),
                                                 static_cast<int32_t>(0xfedcba98), 0x76543210}));
  EXPECT_EQ(at(c, "Fire"), nbt::Tag(int16_t{-1}));
  EXPECT_EQ(at(c, "Air"), nbt::Tag(int16_t{300}));
  EXPECT_EQ(at(c, "CustomName"), nbt::Tag("Bob"));
  EXPECT_EQ(at(c, "Health"), nbt::Tag(13.5f));
  EXPECT_EQ(at(c, "HurtTime"), nbt::Tag(int16_t{0}));
  EXPECT_EQ(at(c, "DeathTime"), nbt::Tag(int16_t{0}));
  EXPECT_EQ(at(c, "AbsorptionAmount"), nbt::Tag(0.0f));
  EXPECT_EQ(at(c, "FallFlying"), nbt::Tag(int8_t{0}));
  EXPECT_EQ(at(c, "PersistenceRequired"), nbt::Tag(int8_t{0}));
  EXPECT_EQ(at(c, "NoAI"), nbt::Tag(int8_t{1}));
  EXPECT_EQ(at(c, "IsBaby"), nbt::Tag(int8_t{0}));
  EXPECT_EQ(at(c, "InWaterTime"), nbt::Tag(int32_t{-1}));
  EXPECT_EQ(at(c, "DrownedConversionTime"), nbt::Tag(int32_t{-1}));
  nbt::Compound brain;
  brain.put("memories", nbt::Compound{});
  EXPECT_EQ(at(c, "Brain"), nbt::Tag(brain));
  // AttributeInstance.Packed: {id, base}; the zombie's table (Zombie.createAttributes).
  const auto* attributes = at(c, "attributes").as<nbt::List>();
  ASSERT_NE(attributes, nullptr);
  std::map<std::string, double> bases;
  for (const nbt::Tag& a : attributes->items) {
    const auto* ac = a.as<nbt::Compound>();
    ASSERT_NE(ac, nullptr);
    bases[*at(*ac, "id").as<std::string>()] = *at(*ac, "base").as<double>();
  }
  EXPECT_EQ(bases.at("minecraft:max_health"), 20.0);
  EXPECT_EQ(bases.at("minecraft:movement_speed"), static_cast<double>(0.23f));
  EXPECT_EQ(bases.at("minecraft:follow_range"), 35.0);
  EXPECT_EQ(bases.at("minecraft:attack_damage"), 3.0);
  EXPECT_EQ(bases.at("minecraft:armor"), 2.0);
}

TEST(MobCodec, PassiveKindsWriteAgeableAnimalAndTheirOwnKeys) {
  const std::vector<std::string> ageable = {"Age", "ForcedAge", "AgeLocked", "InLove"};
  Mob sheep(1, Uuid{1, 2}, mob_kind(MobType::kSheep));
  EXPECT_EQ(keys_of(mob_codec::save(sheep)), concat({kEntityKeys, kLivingAndMobKeys, ageable, {"Sheared", "Color"}}));
  EXPECT_EQ(at(mob_codec::save(sheep), "Color"), nbt::Tag(int8_t{0}));  // white
  Mob chicken(2, Uuid{1, 3}, mob_kind(MobType::kChicken));
  EXPECT_EQ(keys_of(mob_codec::save(chicken)),
            concat({kEntityKeys, kLivingAndMobKeys, ageable, {"IsChickenJockey", "EggLayTime", "variant"}}));
  Mob cow(3, Uuid{1, 4}, mob_kind(MobType::kCow));
  EXPECT_EQ(keys_of(mob_codec::save(cow)), concat({kEntityKeys, kLivingAndMobKeys, ageable, {"variant"}}));
  EXPECT_EQ(at(mob_codec::save(cow), "variant"), nbt::Tag("minecraft:temperate"));
  Mob pig(4, Uuid{1, 5}, mob_kind(MobType::kPig));
  EXPECT_EQ(keys_of(mob_codec::save(pig)), concat({kEntityKeys, kLivingAndMobKeys, ageable, {"variant"}}));
}

TEST(MobCodec, KeysHorizonDoesNotModelAreWrittenBackAsLoaded) {
  // A black, sheared, persistent sheep from a vanilla world, with tags and equipment.
  Mob original(1, Uuid{5, 6}, mob_kind(MobType::kSheep));
  original.position = Vec3{1.5, 70.0, 2.5};
  nbt::Compound vanilla = mob_codec::save(original);
  vanilla.put("Color", int8_t{15});
  vanilla.put("Sheared", int8_t{1});
  vanilla.put("PersistenceRequired", int8_t{1});
  vanilla.put("Age", int32_t{-24000});
  nbt::List tags;
  tags.items.emplace_back(std::string("pet"));
  vanilla.put("Tags", std::move(tags));
  nbt::Compound equipment;
  equipment.put("body", nbt::Compound{});
  vanilla.put("equipment", equipment);
  vanilla.put("SomeFutureKey", int64_t{42});
  vanilla.put("Health", 4.0f);
  std::optional<mob_codec::Loaded> loaded = mob_codec::load(vanilla);
  ASSERT_TRUE(loaded.has_value());
  EXPECT_EQ(loaded->health, 4.0f);
  EXPECT_TRUE(loaded->persistence_required);  // modelled: natural despawning reads it
  Mob back(2, loaded->base.uuid, *loaded->kind);
  back.position = loaded->base.position;
  back.state.health = loaded->health;
  back.state.persistence_required = loaded->persistence_required;
  back.state.loaded = loaded->tag;
  const nbt::Compound saved = mob_codec::save(back);
  for (std::string_view key : {"Color", "Sheared", "PersistenceRequired", "Age", "Tags", "equipment", "SomeFutureKey"})
    EXPECT_EQ(at(saved, key), at(vanilla, key)) << key;
  // Tags sits with the entity keys, where vanilla writes it; a key nobody knows goes last.
  const std::vector<std::string> keys = keys_of(saved);
  EXPECT_EQ(keys.back(), "SomeFutureKey");
  EXPECT_LT(std::find(keys.begin(), keys.end(), "Tags") - keys.begin(),
            std::find(keys.begin(), keys.end(), "Health") - keys.begin());
  // The modelled keys come from the state: health changed since the load.
  back.state.health = 7.0f;
  EXPECT_EQ(at(mob_codec::save(back), "Health"), nbt::Tag(7.0f));
}

TEST(MobCodec, InvalidOrUnknownCompoundsAreRefused) {
  Mob cow(1, Uuid{7, 8}, mob_kind(MobType::kCow));
  nbt::Compound c = mob_codec::save(cow);
  EXPECT_TRUE(mob_codec::load(c).has_value());
  nbt::Compound unknown = c;
  unknown.put("id", "minecraft:armadillo");
  EXPECT_FALSE(mob_codec::load(unknown).has_value());
  nbt::Compound no_uuid;
  no_uuid.put("id", "minecraft:cow");
  EXPECT_FALSE(mob_codec::load(no_uuid).has_value());
  // Health above the maximum is clamped (LivingEntity.setHealth); a missing one is full.
  nbt::Compound strong = c;
  strong.put("Health", 500.0f);
  EXPECT_EQ(mob_codec::load(strong)->health, 10.0f);
  nbt::Compound text_name = c;
  nbt::Compound component;
  component.put("text", "Daisy");
  component.put("color", "gold");
  text_name.put("CustomName", component);
  EXPECT_EQ(mob_codec::load(text_name)->custom_name, "Daisy");
}

TEST(MobCodec, HurtMemoryIsSavedAfterTheBrainAndRestoredAsVanillaDoes) {
  Mob zombie(1, Uuid{9, 10}, mob_kind(MobType::kZombie));
  // Before anyone hurts it: no memory keys at all.
  for (std::string_view key : {"last_hurt_by_player", "last_hurt_by_mob"})
    EXPECT_EQ(mob_codec::save(zombie).find(key), nullptr) << key;
  const Uuid player{0x1234, 0x5678};
  zombie.state.tick_count = 500;
  zombie.state.last_hurt_by = player;
  zombie.state.last_hurt_by_timestamp = 470;
  zombie.state.last_hurt_by_player = player;
  zombie.state.last_hurt_by_player_memory = 70;
  const nbt::Compound saved = mob_codec::save(zombie);
  const std::vector<std::string> keys = keys_of(saved);
  const auto index = [&](std::string_view key) { return std::find(keys.begin(), keys.end(), key) - keys.begin(); };
  EXPECT_EQ(index("last_hurt_by_player"), index("Brain") + 1);
  EXPECT_EQ(index("last_hurt_by_player_memory_time"), index("Brain") + 2);
  EXPECT_EQ(index("last_hurt_by_mob"), index("Brain") + 3);
  EXPECT_EQ(index("ticks_since_last_hurt_by_mob"), index("Brain") + 4);
  EXPECT_EQ(at(saved, "last_hurt_by_player"), nbt::Tag(nbt::IntArray{0, 0x1234, 0, 0x5678}));
  EXPECT_EQ(at(saved, "last_hurt_by_player_memory_time"), nbt::Tag(int32_t{70}));
  EXPECT_EQ(at(saved, "ticks_since_last_hurt_by_mob"), nbt::Tag(int32_t{30}));
  std::optional<mob_codec::Loaded> loaded = mob_codec::load(saved);
  ASSERT_TRUE(loaded.has_value());
  EXPECT_EQ(loaded->last_hurt_by_player, player);
  EXPECT_EQ(loaded->last_hurt_by_player_memory, 70);
  EXPECT_EQ(loaded->last_hurt_by, player);
  // Vanilla adds the saved ticks to the new entity's tick count (0), so the timestamp is 30.
  EXPECT_EQ(loaded->last_hurt_by_timestamp, 30);
  // Once the memory is gone, a loaded key is not written back.
  Mob forgot(2, Uuid{9, 10}, mob_kind(MobType::kZombie));
  forgot.state.loaded = saved;
  for (std::string_view key : {"last_hurt_by_player", "last_hurt_by_player_memory_time", "last_hurt_by_mob",
                               "ticks_since_last_hurt_by_mob"})
    EXPECT_EQ(mob_codec::save(forgot).find(key), nullptr) << key;
}

RC_GTEST_PROP(MobCodec, MobsRoundTripThroughARecord, ()) {
  const auto kinds = all_mob_kinds();
  const MobKind& kind = kinds[static_cast<size_t>(*rc::gen::inRange<int>(0, static_cast<int>(kinds.size())))];
  const Uuid uuid{*rc::gen::arbitrary<uint64_t>(), *rc::gen::arbitrary<uint64_t>()};
  Mob mob(1, uuid, kind);
  mob.position = Vec3{*rc::gen::inRange(-300000, 300000) / 16.0, *rc::gen::inRange(-64, 320) * 1.0,
                      *rc::gen::inRange(-300000, 300000) / 7.0};
  mob.velocity = Vec3{*rc::gen::inRange(-900, 900) / 100.0, *rc::gen::inRange(-900, 900) / 100.0, 0.0};
  mob.yaw = static_cast<float>(*rc::gen::inRange(-180, 180));
  mob.pitch = static_cast<float>(*rc::gen::inRange(-90, 90));
  mob.on_ground = *rc::gen::arbitrary<bool>();
  mob.state.health = static_cast<float>(*rc::gen::inRange(1, static_cast<int>(kind.max_health) * 4 + 1)) / 4.0f;
  mob.state.no_ai = *rc::gen::arbitrary<bool>();
  mob.state.fall_distance = *rc::gen::inRange(0, 400) / 8.0;
  if (*rc::gen::arbitrary<bool>()) mob.state.custom_name = *rc::gen::element<std::string>("Bob", "Daisy", "x y z", "");
  const Bytes record = encode_entity_chunk({3, -4}, {mob_codec::save(mob)});
  Result<EntityChunk> chunk = decode_entity_chunk(record);
  RC_ASSERT(chunk.ok());
  RC_ASSERT(chunk->entities.size() == 1u);
  std::optional<mob_codec::Loaded> loaded = mob_codec::load(chunk->entities[0]);
  RC_ASSERT(loaded.has_value());
  RC_ASSERT(loaded->kind == &kind);
  RC_ASSERT(loaded->base.uuid == uuid);
  RC_ASSERT(loaded->base.position == mob.position);
  RC_ASSERT(loaded->base.velocity == mob.velocity);
  RC_ASSERT(loaded->base.yaw == mob.yaw);
  RC_ASSERT(loaded->base.pitch == mob.pitch);
  RC_ASSERT(loaded->base.on_ground == mob.on_ground);
  RC_ASSERT(loaded->health == mob.state.health);
  RC_ASSERT(loaded->no_ai == mob.state.no_ai);
  RC_ASSERT(loaded->fall_distance == mob.state.fall_distance);
  RC_ASSERT(loaded->custom_name == mob.state.custom_name);
  // Saved again from what was loaded: the same compound (nothing lost, nothing added).
  Mob again(2, loaded->base.uuid, kind);
  again.position = loaded->base.position;
  again.velocity = loaded->base.velocity;
  again.yaw = loaded->base.yaw;
  again.pitch = loaded->base.pitch;
  again.on_ground = loaded->base.on_ground;
  again.state.health = loaded->health;
  again.state.no_ai = loaded->no_ai;
  again.state.fall_distance = loaded->fall_distance;
  again.state.custom_name = loaded->custom_name;
  again.state.loaded = loaded->tag;
  RC_ASSERT(mob_codec::save(again) == chunk->entities[0]);
}

// --- through the core ---

TEST(MobSavingScenario, ASummonedZombieAndANamedCowAreBackAfterARestart) {
  std::map<ChunkPos, Bytes> chunks, entities;
  struct Saved {
    MobType type;
    float health;
    std::optional<std::string> name;
  };
  std::map<Uuid, Saved> saved;
  {
    StreamingServer s(testing::properties_with_view_distance(3));
    s.prepare_spawn();
    [[maybe_unused]] TestClient alice = s.join_loaded(1, "Alice", 3);
    const Vec3 spawn = s.world().spawn_point();
    const std::string at_x = std::to_string(static_cast<int>(spawn.x) + 6);
    const std::string at_z = std::to_string(static_cast<int>(spawn.z) + 6);
    const std::string y = std::to_string(static_cast<int>(spawn.y) + 1);
    s.pass({ConsoleLine{"summon minecraft:zombie " + at_x + " " + y + " " + at_z + " {Health:13.0,NoAI:true}"}});
    s.pass({ConsoleLine{"summon minecraft:cow " + at_x + " " + y + " " + at_z + " {CustomName:\"Daisy\"}"}});
    for (int i = 0; i < 5; ++i) s.pass();
    s.pass({ConsoleLine{"save-all"}});
    Mobs& mobs = s.h.core.mobs();
    // The two summoned ones (the spawn area's chunks may also hold animals they were born with).
    for (int32_t id : mobs.ids()) {
      const Mob& m = *mobs.find(id);
      if (m.mob_kind().type == MobType::kZombie || m.state.custom_name == "Daisy")
        saved[m.uuid()] = Saved{m.mob_kind().type, m.state.health, m.state.custom_name};
    }
    ASSERT_EQ(saved.size(), 2u);
    chunks = s.jobs.stored;
    entities = s.jobs.entity_records;
  }
  // A new server on the saved files: both mobs come back as their chunk loads.
  StreamingServer s(testing::properties_with_view_distance(3), "", chunks, entities);
  Mobs& mobs = s.h.core.mobs();
  const auto back = [&] {
    std::map<Uuid, const Mob*> found;
    for (int32_t id : mobs.ids())
      if (saved.contains(mobs.find(id)->uuid())) found[mobs.find(id)->uuid()] = mobs.find(id);
    return found;
  };
  for (int i = 0; i < 2000 && back().size() < 2; ++i) s.pass();
  ASSERT_EQ(back().size(), 2u);
  for (const auto& [uuid, mob] : back()) {
    const Mob& m = *mob;
    const Saved& before = saved.at(m.uuid());
    EXPECT_EQ(m.mob_kind().type, before.type);
    EXPECT_EQ(m.state.health, before.health);
    EXPECT_EQ(m.state.custom_name, before.name);
  }
  const auto by_type = [&](MobType type) {
    for (const auto& [uuid, m] : saved)
      if (m.type == type) return m;
    return Saved{};
  };
  EXPECT_EQ(by_type(MobType::kZombie).health, 13.0f);
  EXPECT_EQ(by_type(MobType::kCow).name, "Daisy");
}

TEST(MobSavingScenario, AMobLeavesWithItsChunkAndComesBackWithItsUuid) {
  StreamingServer s(testing::properties_with_view_distance(3));
  s.prepare_spawn();
  TestClient alice = s.join_loaded(1, "Alice", 3);
  const Vec3 spawn = s.world().spawn_point();
  alice.packet(packet::play_sb::TeleportConfirm{s.h.core.sessions().player(1)->awaiting_teleport_id});
  s.pass({alice.take()});
  // Far from the spawn area (whose chunks stay loaded), where Alice goes first.
  const std::string far = std::to_string(spawn.x + 2000) + " 200 " + std::to_string(spawn.z);
  const std::string home = std::to_string(spawn.x) + " " + std::to_string(spawn.y) + " " + std::to_string(spawn.z);
  s.pass({ConsoleLine{"tp Alice " + far}});
  const Vec3 place{spawn.x + 2006.5, 150.0, spawn.z + 6.5};
  const ChunkPos chunk = entity_nbt::chunk_of(place);
  for (int i = 0; i < 400 && !s.world().chunks().is_ready(chunk); ++i) s.pass();
  ASSERT_TRUE(s.world().chunks().is_ready(chunk));
  for (int i = 0; i < 5; ++i) s.pass();  // its entity record has been read (none)
  Mobs& mobs = s.h.core.mobs();
  const int32_t id = mobs.summon(mob_kind(MobType::kPig), place, 0.0f, SummonOptions{true, 6.0f, "Wilbur"});
  const Uuid uuid = mobs.find(id)->uuid();
  // Alice goes home: the chunk unloads, the pig goes to the store and leaves the game.
  s.pass({ConsoleLine{"tp Alice " + home}});
  for (int i = 0; i < 400 && s.world().chunks().is_ready(chunk); ++i) s.pass();
  ASSERT_FALSE(s.world().chunks().is_ready(chunk));
  EXPECT_EQ(mobs.find(id), nullptr);
  // The chunk may also hold animals it was born with when it generated: the pig is found by name.
  const auto find_wilbur = [&]() -> const Mob* {
    for (int32_t other : mobs.ids())
      if (mobs.find(other)->state.custom_name == "Wilbur") return mobs.find(other);
    return nullptr;
  };
  EXPECT_EQ(find_wilbur(), nullptr);
  auto record = s.jobs.entity_records.find(chunk);
  ASSERT_NE(record, s.jobs.entity_records.end());
  Result<EntityChunk> stored = decode_entity_chunk(record->second);
  ASSERT_TRUE(stored.ok());
  const auto pig = std::find_if(stored->entities.begin(), stored->entities.end(),
                                [](const nbt::Compound& e) {
                                  const nbt::Tag* name = e.find("CustomName");
                                  return name != nullptr && *name == nbt::Tag("Wilbur");
                                });
  ASSERT_NE(pig, stored->entities.end());
  EXPECT_EQ(at(*pig, "id"), nbt::Tag("minecraft:pig"));
  EXPECT_EQ(at(*pig, "NoAI"), nbt::Tag(int8_t{1}));
  // Back again: the pig returns with its UUID, health and name, and a new network id.
  s.pass({ConsoleLine{"tp Alice " + far}});
  for (int i = 0; i < 400 && find_wilbur() == nullptr; ++i) s.pass();
  ASSERT_NE(find_wilbur(), nullptr);
  const Mob& back = *find_wilbur();
  EXPECT_EQ(back.uuid(), uuid);
  EXPECT_NE(back.id(), id);
  EXPECT_EQ(back.state.health, 6.0f);
  EXPECT_EQ(back.state.custom_name, "Wilbur");
  EXPECT_TRUE(back.state.no_ai);
  EXPECT_NEAR(back.position.x, place.x, 1e-9);
  EXPECT_NEAR(back.position.z, place.z, 1e-9);
}

}  // namespace
}  // namespace hz
