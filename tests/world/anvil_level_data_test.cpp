// level.dat, world_gen_settings.dat and game_rules.dat in 26.1's form, and the storage job
// request/result formats: round trips, the keys vanilla requires, and refusals.
#include <gtest/gtest.h>
#include <rapidcheck/gtest.h>

#include "sim/data/catalog.h"
#include "sim/protocol/nbt.h"
#include "sim/world/anvil/compression.h"
#include "sim/world/anvil/level_data.h"
#include "sim/world/anvil/storage_jobs.h"

namespace hz::anvil {
namespace {

nbt::Compound root_of(const Bytes& file) {
  auto raw = gunzip(file);
  EXPECT_TRUE(raw.ok());
  auto named = nbt::read_file(*raw);
  EXPECT_TRUE(named.ok());
  EXPECT_EQ(named->name, "");
  return *named->tag.as<nbt::Compound>();
}

const nbt::Compound& compound(const nbt::Compound& c, std::string_view key) {
  const nbt::Tag* t = c.find(key);
  EXPECT_TRUE(t && t->as<nbt::Compound>()) << key;
  static const nbt::Compound none;
  return t && t->as<nbt::Compound>() ? *t->as<nbt::Compound>() : none;
}

TEST(AnvilLevelData, LevelDatHasThe26Point1Keys) {
  LevelData level;
  level.level_name = "my world";
  level.game_type = GameMode::kCreative;
  level.difficulty = Difficulty::kHard;
  level.spawn = {"minecraft:overworld", 12, 70, -5, 90.0f, 0.0f};
  level.time = 24000;
  level.last_played = 1700000000000;
  level.allow_commands = true;
  const Bytes file = encode_level_dat(level);
  ASSERT_TRUE(looks_gzipped(file));
  const nbt::Compound root = root_of(file);
  const nbt::Compound& data = compound(root, "Data");
  EXPECT_EQ(*data.find("version")->as<int32_t>(), 19133);
  EXPECT_EQ(*data.find("DataVersion")->as<int32_t>(), 4790);
  const nbt::Compound& version = compound(data, "Version");
  EXPECT_EQ(*version.find("Id")->as<int32_t>(), 4790);
  EXPECT_EQ(*version.find("Series")->as<std::string>(), "main");
  EXPECT_EQ(*version.find("Snapshot")->as<int8_t>(), 0);
  EXPECT_EQ(*compound(data, "difficulty_settings").find("difficulty")->as<std::string>(), "hard");
  EXPECT_EQ(*compound(data, "spawn").find("pos")->as<nbt::IntArray>(), (nbt::IntArray{12, 70, -5}));
  EXPECT_EQ(*data.find("GameType")->as<int32_t>(), 1);
  EXPECT_EQ(*data.find("initialized")->as<int8_t>(), 1);
  EXPECT_EQ(compound(data, "DataPacks").find("Enabled")->as<nbt::List>()->items.size(), 1u);
  // Gone from 26.1's level.dat: these live in saved-data files now.
  for (const char* gone : {"DayTime", "GameRules", "WorldGenSettings", "SpawnX", "Difficulty", "raining", "Player"}) {
    EXPECT_EQ(data.find(gone), nullptr) << gone;
  }
  auto back = decode_level_dat(file);
  ASSERT_TRUE(back.ok()) << back.error();
  level.data_version = 4790;
  EXPECT_EQ(*back, level);
}

TEST(AnvilLevelData, LevelDatRefusesOtherFormatsAndOldWorlds) {
  static const LevelData defaults;
  auto with = [](std::string_view key, nbt::Tag value) {
    const nbt::Compound root = root_of(encode_level_dat(defaults));
    nbt::Compound data = *root.find("Data")->as<nbt::Compound>();
    data.put(std::string(key), std::move(value));
    nbt::Compound out;
    out.put("Data", std::move(data));
    return nbt::file_bytes("", out);  // raw NBT is accepted as well as gzip
  };
  EXPECT_TRUE(decode_level_dat(with("LevelName", "x")).ok());
  EXPECT_FALSE(decode_level_dat(with("version", int32_t{19132})).ok());
  EXPECT_FALSE(decode_level_dat(with("version", int32_t{1})).ok());
  EXPECT_FALSE(decode_level_dat(with("DataVersion", int32_t{3953})).ok()) << "1.21 world";
  EXPECT_FALSE(decode_level_dat(Bytes{0x1F, 0x8B, 1, 2, 3}).ok());
  EXPECT_FALSE(decode_level_dat(Bytes{}).ok());
}

TEST(AnvilLevelData, WorldGenSettingsKeepTheSeedAndVanillaDimensions) {
  const WorldGenSettings settings{-4172144997902289642, true, false};
  const Bytes file = encode_world_gen_settings(settings);
  const nbt::Compound root = root_of(file);
  EXPECT_EQ(*root.find("DataVersion")->as<int32_t>(), 4790);
  const nbt::Compound& data = compound(root, "data");
  EXPECT_EQ(*data.find("seed")->as<int64_t>(), -4172144997902289642);
  const nbt::Compound& dims = compound(data, "dimensions");
  const nbt::Compound& overworld = compound(dims, "minecraft:overworld");
  EXPECT_EQ(*overworld.find("type")->as<std::string>(), "minecraft:overworld");
  const nbt::Compound& generator = compound(overworld, "generator");
  EXPECT_EQ(*generator.find("type")->as<std::string>(), "minecraft:noise");
  EXPECT_EQ(*compound(generator, "biome_source").find("preset")->as<std::string>(), "minecraft:overworld");
  EXPECT_EQ(*compound(compound(compound(dims, "minecraft:the_end"), "generator"), "biome_source")
                 .find("type")->as<std::string>(), "minecraft:the_end");
  EXPECT_EQ(*compound(compound(dims, "minecraft:the_nether"), "generator").find("settings")->as<std::string>(),
            "minecraft:nether");
  auto back = decode_world_gen_settings(file);
  ASSERT_TRUE(back.ok()) << back.error();
  EXPECT_EQ(*back, settings);

  nbt::Compound no_overworld = root;
  nbt::Compound data2 = data;
  data2.put("dimensions", nbt::Compound{});
  no_overworld.put("data", data2);
  auto refused = decode_world_gen_settings(nbt::file_bytes("", no_overworld));
  ASSERT_FALSE(refused.ok());
  EXPECT_NE(refused.error().find("Missing Overworld"), std::string::npos);
}

TEST(AnvilLevelData, GameRulesAreBytesAndInts) {
  const std::vector<GameRuleValue> rules = {{"keep_inventory", true, 1}, {"random_tick_speed", false, 3},
                                            {"do_daylight_cycle", true, 0}};
  const Bytes file = encode_game_rules(rules);
  const nbt::Compound root = root_of(file);
  const nbt::Compound& data = compound(root, "data");
  EXPECT_EQ(*data.find("minecraft:keep_inventory")->as<int8_t>(), 1);
  EXPECT_EQ(*data.find("minecraft:random_tick_speed")->as<int32_t>(), 3);
  auto back = decode_game_rules(file);
  ASSERT_TRUE(back.ok());
  EXPECT_EQ(*back, rules);
}

// ---- storage jobs ----

rc::Gen<ChunkAddress> gen_address() {
  return rc::gen::build<ChunkAddress>(
      rc::gen::set(&ChunkAddress::dimension, rc::gen::element<std::string>("minecraft:overworld", "minecraft:the_nether", "x:y")),
      rc::gen::set(&ChunkAddress::store, rc::gen::element(ChunkStore::kRegion, ChunkStore::kEntities, ChunkStore::kPoi)),
      rc::gen::set(&ChunkAddress::pos, rc::gen::construct<ChunkPos>(rc::gen::arbitrary<int32_t>(), rc::gen::arbitrary<int32_t>())));
}

RC_GTEST_PROP(AnvilStorageJobs, RequestsAndResultsRoundTrip, ()) {
  StorageRequest request;
  request.kind = *rc::gen::element(StorageJobKind::kReadChunk, StorageJobKind::kWriteChunk, StorageJobKind::kFlush);
  request.address = *gen_address();
  if (request.kind == StorageJobKind::kWriteChunk) request.nbt = *rc::gen::arbitrary<Bytes>();
  const SubmitJob job = storage_job(77, request);
  RC_ASSERT(is_storage_job(job.kind));
  auto decoded = decode_request(job.kind, job.request);
  RC_ASSERT(decoded.ok());
  RC_ASSERT(*decoded == request);

  StorageResult result;
  result.kind = request.kind;
  result.address = *gen_address();
  result.outcome = *rc::gen::element(StorageOutcome::kData, StorageOutcome::kAbsent, StorageOutcome::kError,
                                     StorageOutcome::kDone);
  result.nbt = *rc::gen::arbitrary<Bytes>();
  result.message = *rc::gen::element<std::string>("", "stream is truncated", "zlib: incorrect header check");
  const Bytes encoded = encode_result(result);
  auto back = decode_result(encoded);
  RC_ASSERT(back.ok());
  RC_ASSERT(*back == result);
  // Every strict prefix is refused, never read past.
  const size_t cut = *rc::gen::inRange<size_t>(0, encoded.size());
  RC_ASSERT(!decode_result(std::span(encoded).first(cut)).ok());
}

TEST(AnvilLevelData, WeatherDatRoundTripsAndNamesAMissingField) {
  const WeatherFile weather{120, 4000, 3999, true, false};
  const Bytes file = encode_weather(weather);
  nbt::Compound data = compound(root_of(file), "data");
  EXPECT_EQ(*data.find("rain_time")->as<int32_t>(), 4000);
  EXPECT_EQ(*data.find("raining")->as<int8_t>(), 1);
  auto decoded = decode_weather(file);
  ASSERT_TRUE(decoded.ok()) << decoded.error();
  EXPECT_EQ(*decoded, weather);

  nbt::Compound partial;
  partial.put("clear_weather_time", int32_t{0});
  partial.put("rain_time", int32_t{5});
  partial.put("raining", int8_t{1});
  partial.put("thundering", int8_t{0});
  nbt::Compound root;
  root.put("data", std::move(partial));
  auto missing = decode_weather(nbt::file_bytes("", root));
  ASSERT_FALSE(missing.ok());
  EXPECT_EQ(missing.error(), "weather.dat: missing thunder_time");
}

TEST(AnvilLevelData, WorldClocksRoundTripAndRefuseABadRate) {
  const std::vector<ClockFileEntry> clocks = {{"minecraft:overworld", 30000, 0.5f, 2.0f, false},
                                              {"minecraft:the_end", 12, 0.0f, 1.0f, true}};
  const Bytes file = encode_world_clocks(clocks);
  const nbt::Compound root_tag = root_of(file);
  const nbt::Compound& overworld = compound(compound(root_tag, "data"), "minecraft:overworld");
  EXPECT_EQ(*overworld.find("total_ticks")->as<int64_t>(), 30000);
  auto decoded = decode_world_clocks(file);
  ASSERT_TRUE(decoded.ok()) << decoded.error();
  EXPECT_EQ(*decoded, clocks);

  // Only total_ticks is required; rate must be above 0.
  nbt::Compound bare;
  bare.put("total_ticks", int64_t{7});
  nbt::Compound data;
  data.put("minecraft:overworld", bare);
  nbt::Compound root;
  root.put("data", data);
  auto defaults = decode_world_clocks(nbt::file_bytes("", root));
  ASSERT_TRUE(defaults.ok());
  EXPECT_EQ((*defaults)[0], (ClockFileEntry{"minecraft:overworld", 7, 0.0f, 1.0f, false}));
  bare.put("rate", 0.0f);
  data.put("minecraft:overworld", bare);
  root.put("data", data);
  auto bad = decode_world_clocks(nbt::file_bytes("", root));
  ASSERT_FALSE(bad.ok());
  EXPECT_EQ(bad.error(), "world_clocks.dat: minecraft:overworld: rate must be above 0");
}

TEST(AnvilLevelData, GameTimeRoundTripsInLevelDat) {
  LevelData level;
  level.data_version = kDataVersion;
  level.time = 123456789012LL;
  auto decoded = decode_level_dat(encode_level_dat(level));
  ASSERT_TRUE(decoded.ok()) << decoded.error();
  EXPECT_EQ(decoded->time, 123456789012LL);
}

TEST(AnvilStorageJobs, ForeignKindsAndJunkAreRefused) {
  EXPECT_FALSE(is_storage_job(1));
  EXPECT_FALSE(decode_request(1, Bytes{1}).ok());
  EXPECT_FALSE(decode_result(Bytes{1, 0, 0, 0, 9}).ok());
  // A length prefix far beyond the bytes present.
  StorageResult r;
  Bytes encoded = encode_result(r);
  EXPECT_TRUE(decode_result(encoded).ok());
  encoded.push_back(0);
  EXPECT_FALSE(decode_result(encoded).ok()) << "trailing bytes";
}

}  // namespace
}  // namespace hz::anvil
