// The world's own files in 26.1's layout: level.dat (gzip NBT under `Data`), and the saved-data
// files data/minecraft/world_gen_settings.dat (seed, dimensions) and game_rules.dat.
#pragma once

#include <cstdint>
#include <span>
#include <string>
#include <string_view>
#include <vector>

#include "sim/core/properties.h"
#include "sim/core/types.h"
#include "sim/core/result.h"

namespace hz::anvil {

inline constexpr int32_t kLevelDataFormat = 19133;       // level.dat `version`; any other is refused
inline constexpr int32_t kFirstNativeDataVersion = 4773;  // older worlds need vanilla's file fixer
inline constexpr std::string_view kWorldVersionName = "26.1.2";  // the release of kDataVersion

struct SpawnPoint {
  std::string dimension = "minecraft:overworld";
  int32_t x = 0, y = 0, z = 0;
  float yaw = 0.0f;    // -180..180
  float pitch = 0.0f;  // -90..90
  bool operator==(const SpawnPoint&) const = default;
};

struct LevelData {
  int32_t data_version = 0;  // as read; written as kDataVersion
  std::string level_name = "world";
  GameMode game_type = GameMode::kSurvival;
  Difficulty difficulty = Difficulty::kNormal;
  bool hardcore = false;
  bool difficulty_locked = false;
  SpawnPoint spawn;
  int64_t time = 0;         // game time in ticks
  int64_t last_played = 0;  // epoch milliseconds, from the shell's clock
  bool allow_commands = false;
  bool initialized = true;  // false makes vanilla choose a spawn point
  bool was_modded = false;
  std::vector<std::string> server_brands = {"Horizon"};
  std::vector<std::string> enabled_packs = {"vanilla"};
  std::vector<std::string> disabled_packs;
  std::vector<std::string> enabled_features = {"minecraft:vanilla"};
  bool operator==(const LevelData&) const = default;
};

Bytes encode_level_dat(const LevelData& level);
// Accepts gzip (what vanilla writes) or raw NBT. Refuses other `version`s and worlds older than
// 26.1 (their files must go through vanilla's one-time fixer first).
Result<LevelData> decode_level_dat(std::span<const uint8_t> bytes);

struct WorldGenSettings {
  int64_t seed = 0;
  bool generate_structures = true;
  bool bonus_chest = false;
  bool operator==(const WorldGenSettings&) const = default;
};

// With the three vanilla dimensions (noise generators, multi-noise and end biome sources).
Bytes encode_world_gen_settings(const WorldGenSettings& settings);
// Fails like vanilla when there is no overworld ("Missing Overworld dimension data").
Result<WorldGenSettings> decode_world_gen_settings(std::span<const uint8_t> bytes);

struct GameRuleValue {
  std::string id;  // snake_case without the namespace: "keep_inventory"
  bool is_boolean = false;
  int32_t value = 0;
  bool operator==(const GameRuleValue&) const = default;
};

// `data` maps "minecraft:<id>" to a byte (booleans) or an int.
Bytes encode_game_rules(std::span<const GameRuleValue> rules);
// Every numeric entry as written (the caller checks ids and ranges against its rule table).
Result<std::vector<GameRuleValue>> decode_game_rules(std::span<const uint8_t> bytes);

// weather.dat (WeatherData): every field is required, as vanilla's codec has it.
struct WeatherFile {
  int32_t clear_weather_time = 0;
  int32_t rain_time = 0;
  int32_t thunder_time = 0;
  bool raining = false;
  bool thundering = false;
  bool operator==(const WeatherFile&) const = default;
};
Bytes encode_weather(const WeatherFile& weather);
Result<WeatherFile> decode_weather(std::span<const uint8_t> bytes);

// One entry of world_clocks.dat: `data` maps a world_clock id to {total_ticks, partial_tick,
// rate, paused} (ClockState; only total_ticks is required, rate must be above 0).
struct ClockFileEntry {
  std::string id;  // "minecraft:overworld"
  int64_t total_ticks = 0;
  float partial_tick = 0.0f;
  float rate = 1.0f;
  bool paused = false;
  bool operator==(const ClockFileEntry&) const = default;
};
Bytes encode_world_clocks(std::span<const ClockFileEntry> clocks);
// Entries in the file's order.
Result<std::vector<ClockFileEntry>> decode_world_clocks(std::span<const uint8_t> bytes);

}  // namespace hz::anvil
