#include "sim/world/anvil/level_data.h"

#include <algorithm>
#include <iterator>

#include "sim/data/catalog.h"
#include "sim/protocol/nbt.h"
#include "sim/world/anvil/compression.h"

namespace hz::anvil {
namespace {

constexpr std::string_view kDifficultyNames[] = {"peaceful", "easy", "normal", "hard"};

nbt::List string_list(const std::vector<std::string>& values) {
  nbt::List list;
  for (const std::string& v : values) list.items.emplace_back(v);
  return list;
}

std::vector<std::string> strings_of(const nbt::Tag* tag) {
  std::vector<std::string> out;
  const auto* list = tag ? tag->as<nbt::List>() : nullptr;
  if (!list) return out;
  for (const nbt::Tag& item : list->items) {
    if (const auto* s = item.as<std::string>()) out.push_back(*s);
  }
  return out;
}

int64_t integer_or(const nbt::Compound& c, std::string_view key, int64_t fallback) {
  const nbt::Tag* tag = c.find(key);
  if (!tag) return fallback;
  if (const auto* v = tag->as<int8_t>()) return *v;
  if (const auto* v = tag->as<int16_t>()) return *v;
  if (const auto* v = tag->as<int32_t>()) return *v;
  if (const auto* v = tag->as<int64_t>()) return *v;
  return fallback;
}

float float_or(const nbt::Compound& c, std::string_view key, float fallback) {
  const nbt::Tag* tag = c.find(key);
  if (!tag) return fallback;
  if (const auto* v = tag->as<float>()) return *v;
  if (const auto* v = tag->as<double>()) return static_cast<float>(*v);
  return static_cast<float>(integer_or(c, key, 0));
}

// Saved data files: {data: ..., DataVersion}, gzip.
Bytes saved_data_file(nbt::Compound data) {
  nbt::Compound root;
  root.put("data", std::move(data));
  root.put("DataVersion", int32_t{kDataVersion});
  return gzip(nbt::file_bytes("", root));
}

// The root compound of a file that may be gzip or raw NBT (vanilla sniffs the gzip magic).
Result<nbt::Compound> read_root(std::span<const uint8_t> bytes, const char* what) {
  Bytes inflated;
  if (looks_gzipped(bytes)) {
    auto unpacked = gunzip(bytes);
    if (!unpacked) return Error{std::string(what) + ": " + unpacked.error()};
    inflated = std::move(unpacked.value());
    bytes = inflated;
  }
  auto named = nbt::read_file(bytes);
  if (!named) return Error{std::string(what) + ": " + named.error()};
  auto* root = named->tag.as<nbt::Compound>();
  if (!root) return Error{std::string(what) + ": root is not a compound"};
  return std::move(*root);
}

nbt::Compound noise_dimension(std::string type, std::string settings, nbt::Compound biome_source) {
  nbt::Compound generator;
  generator.put("type", "minecraft:noise");
  generator.put("settings", std::move(settings));
  generator.put("biome_source", std::move(biome_source));
  nbt::Compound dimension;
  dimension.put("type", std::move(type));
  dimension.put("generator", std::move(generator));
  return dimension;
}

nbt::Compound multi_noise(std::string preset) {
  nbt::Compound source;
  source.put("type", "minecraft:multi_noise");
  source.put("preset", std::move(preset));
  return source;
}

}  // namespace

Bytes encode_level_dat(const LevelData& level) {
  nbt::Compound data;
  data.put("ServerBrands", string_list(level.server_brands));
  data.put("WasModded", static_cast<int8_t>(level.was_modded));
  nbt::Compound version;
  version.put("Name", std::string(kWorldVersionName));
  version.put("Id", int32_t{kDataVersion});
  version.put("Snapshot", int8_t{0});
  version.put("Series", "main");
  data.put("Version", std::move(version));
  data.put("DataVersion", int32_t{kDataVersion});
  data.put("GameType", static_cast<int32_t>(level.game_type));
  nbt::Compound spawn;
  spawn.put("dimension", level.spawn.dimension);
  spawn.put("pos", nbt::IntArray{level.spawn.x, level.spawn.y, level.spawn.z});
  spawn.put("yaw", level.spawn.yaw);
  spawn.put("pitch", level.spawn.pitch);
  data.put("spawn", std::move(spawn));
  data.put("Time", level.time);
  data.put("LastPlayed", level.last_played);
  data.put("LevelName", level.level_name);
  data.put("version", kLevelDataFormat);
  data.put("allowCommands", static_cast<int8_t>(level.allow_commands));
  data.put("initialized", static_cast<int8_t>(level.initialized));
  nbt::Compound difficulty;
  difficulty.put("difficulty", std::string(kDifficultyNames[static_cast<size_t>(level.difficulty)]));
  difficulty.put("hardcore", static_cast<int8_t>(level.hardcore));
  difficulty.put("locked", static_cast<int8_t>(level.difficulty_locked));
  data.put("difficulty_settings", std::move(difficulty));
  nbt::Compound packs;
  packs.put("Enabled", string_list(level.enabled_packs));
  packs.put("Disabled", string_list(level.disabled_packs));
  data.put("DataPacks", std::move(packs));
  data.put("enabled_features", string_list(level.enabled_features));
  nbt::Compound root;
  root.put("Data", std::move(data));
  return gzip(nbt::file_bytes("", root));
}

Result<LevelData> decode_level_dat(std::span<const uint8_t> bytes) {
  auto root = read_root(bytes, "level.dat");
  if (!root) return std::move(root).take_error();
  const auto* data = find_as<nbt::Compound>(*root, "Data");
  if (!data) return Error{"level.dat has no Data compound"};
  const int64_t format = integer_or(*data, "version", 0);
  if (format == 19132) return Error{"level.dat: this world must be opened in an older version (like 1.6.4)"};
  if (format != kLevelDataFormat) return Error{"level.dat: Unknown data version: " + std::to_string(format)};
  LevelData level;
  level.data_version = static_cast<int32_t>(integer_or(*data, "DataVersion", -1));
  if (level.data_version < kFirstNativeDataVersion) {
    return Error{"level.dat: world from before 26.1 (DataVersion " + std::to_string(level.data_version) +
                 "); open it once with vanilla 26.1 to upgrade it"};
  }
  if (const auto* name = find_as<std::string>(*data, "LevelName")) level.level_name = *name;
  level.game_type = static_cast<GameMode>(std::clamp<int64_t>(integer_or(*data, "GameType", 0), 0, 3));
  if (const auto* settings = find_as<nbt::Compound>(*data, "difficulty_settings")) {
    if (const auto* name = find_as<std::string>(*settings, "difficulty")) {
      for (size_t i = 0; i < std::size(kDifficultyNames); ++i) {
        if (*name == kDifficultyNames[i]) level.difficulty = static_cast<Difficulty>(i);
      }
    }
    level.hardcore = integer_or(*settings, "hardcore", 0) != 0;
    level.difficulty_locked = integer_or(*settings, "locked", 0) != 0;
  }
  if (const auto* spawn = find_as<nbt::Compound>(*data, "spawn")) {
    if (const auto* dim = find_as<std::string>(*spawn, "dimension")) level.spawn.dimension = *dim;
    if (const auto* pos = find_as<nbt::IntArray>(*spawn, "pos"); pos && pos->size() == 3) {
      level.spawn.x = (*pos)[0], level.spawn.y = (*pos)[1], level.spawn.z = (*pos)[2];
    }
    level.spawn.yaw = float_or(*spawn, "yaw", 0.0f);
    level.spawn.pitch = float_or(*spawn, "pitch", 0.0f);
  }
  level.time = integer_or(*data, "Time", 0);
  level.last_played = integer_or(*data, "LastPlayed", 0);
  level.allow_commands = integer_or(*data, "allowCommands", level.game_type == GameMode::kCreative) != 0;
  level.initialized = integer_or(*data, "initialized", 1) != 0;
  level.was_modded = integer_or(*data, "WasModded", 0) != 0;
  level.server_brands = strings_of(data->find("ServerBrands"));
  if (const auto* packs = find_as<nbt::Compound>(*data, "DataPacks")) {
    level.enabled_packs = strings_of(packs->find("Enabled"));
    level.disabled_packs = strings_of(packs->find("Disabled"));
  }
  if (data->find("enabled_features")) level.enabled_features = strings_of(data->find("enabled_features"));
  return level;
}

Bytes encode_world_gen_settings(const WorldGenSettings& settings) {
  nbt::Compound dimensions;
  dimensions.put("minecraft:overworld",
                 noise_dimension("minecraft:overworld", "minecraft:overworld", multi_noise("minecraft:overworld")));
  dimensions.put("minecraft:the_end", [] {
    nbt::Compound end_source;
    end_source.put("type", "minecraft:the_end");
    return noise_dimension("minecraft:the_end", "minecraft:end", std::move(end_source));
  }());
  dimensions.put("minecraft:the_nether",
                 noise_dimension("minecraft:the_nether", "minecraft:nether", multi_noise("minecraft:nether")));
  nbt::Compound data;
  data.put("seed", settings.seed);
  data.put("generate_structures", static_cast<int8_t>(settings.generate_structures));
  data.put("bonus_chest", static_cast<int8_t>(settings.bonus_chest));
  data.put("dimensions", std::move(dimensions));
  return saved_data_file(std::move(data));
}

Result<WorldGenSettings> decode_world_gen_settings(std::span<const uint8_t> bytes) {
  auto root = read_root(bytes, "world_gen_settings.dat");
  if (!root) return std::move(root).take_error();
  const auto* data = find_as<nbt::Compound>(*root, "data");
  if (!data) return Error{"world_gen_settings.dat has no data compound"};
  if (!data->find("seed")) return Error{"world_gen_settings.dat has no seed"};
  const auto* dimensions = find_as<nbt::Compound>(*data, "dimensions");
  if (!dimensions || !dimensions->find("minecraft:overworld")) return Error{"Missing Overworld dimension data"};
  WorldGenSettings settings;
  settings.seed = integer_or(*data, "seed", 0);
  settings.generate_structures = integer_or(*data, "generate_structures", 1) != 0;
  settings.bonus_chest = integer_or(*data, "bonus_chest", 0) != 0;
  return settings;
}

Bytes encode_game_rules(std::span<const GameRuleValue> rules) {
  nbt::Compound data;
  for (const GameRuleValue& rule : rules) {
    if (rule.is_boolean) data.put("minecraft:" + rule.id, static_cast<int8_t>(rule.value != 0));
    else data.put("minecraft:" + rule.id, rule.value);
  }
  return saved_data_file(std::move(data));
}

Result<std::vector<GameRuleValue>> decode_game_rules(std::span<const uint8_t> bytes) {
  auto root = read_root(bytes, "game_rules.dat");
  if (!root) return std::move(root).take_error();
  const auto* data = find_as<nbt::Compound>(*root, "data");
  if (!data) return Error{"game_rules.dat has no data compound"};
  std::vector<GameRuleValue> rules;
  for (const auto& [key, value] : *data) {
    GameRuleValue rule;
    rule.id = key.starts_with("minecraft:") ? key.substr(10) : key;
    if (const auto* b = value.as<int8_t>()) {
      rule.is_boolean = true;
      rule.value = *b != 0;
    } else if (const auto* i = value.as<int32_t>()) {
      rule.value = *i;
    } else {
      continue;  // not a rule value vanilla writes; the rule keeps its default
    }
    rules.push_back(std::move(rule));
  }
  return rules;
}

Bytes encode_weather(const WeatherFile& weather) {
  nbt::Compound data;
  data.put("clear_weather_time", weather.clear_weather_time);
  data.put("rain_time", weather.rain_time);
  data.put("thunder_time", weather.thunder_time);
  data.put("raining", static_cast<int8_t>(weather.raining));
  data.put("thundering", static_cast<int8_t>(weather.thundering));
  return saved_data_file(std::move(data));
}

namespace {

Result<int32_t> required_int(const nbt::Compound& c, std::string_view key, const char* file) {
  const nbt::Tag* tag = c.find(key);
  if (!tag) return Error{std::string(file) + ": missing " + std::string(key)};
  if (const auto* v = tag->as<int32_t>()) return *v;
  if (const auto* v = tag->as<int16_t>()) return int32_t{*v};
  if (const auto* v = tag->as<int8_t>()) return int32_t{*v};
  return Error{std::string(file) + ": " + std::string(key) + " is not an int"};
}

Result<bool> required_bool(const nbt::Compound& c, std::string_view key, const char* file) {
  const nbt::Tag* tag = c.find(key);
  if (!tag) return Error{std::string(file) + ": missing " + std::string(key)};
  if (const auto* v = tag->as<int8_t>()) return *v != 0;
  return Error{std::string(file) + ": " + std::string(key) + " is not a byte"};
}

}  // namespace

Result<WeatherFile> decode_weather(std::span<const uint8_t> bytes) {
  constexpr const char* kFile = "weather.dat";
  auto root = read_root(bytes, kFile);
  if (!root) return std::move(root).take_error();
  const auto* data = find_as<nbt::Compound>(*root, "data");
  if (!data) return Error{"weather.dat has no data compound"};
  WeatherFile weather;
  auto clear = required_int(*data, "clear_weather_time", kFile);
  if (!clear) return std::move(clear).take_error();
  auto rain = required_int(*data, "rain_time", kFile);
  if (!rain) return std::move(rain).take_error();
  auto thunder = required_int(*data, "thunder_time", kFile);
  if (!thunder) return std::move(thunder).take_error();
  auto raining = required_bool(*data, "raining", kFile);
  if (!raining) return std::move(raining).take_error();
  auto thundering = required_bool(*data, "thundering", kFile);
  if (!thundering) return std::move(thundering).take_error();
  weather.clear_weather_time = *clear;
  weather.rain_time = *rain;
  weather.thunder_time = *thunder;
  weather.raining = *raining;
  weather.thundering = *thundering;
  return weather;
}

Bytes encode_world_clocks(std::span<const ClockFileEntry> clocks) {
  nbt::Compound data;
  for (const ClockFileEntry& clock : clocks) {
    nbt::Compound state;
    state.put("total_ticks", clock.total_ticks);
    state.put("partial_tick", clock.partial_tick);
    state.put("rate", clock.rate);
    state.put("paused", static_cast<int8_t>(clock.paused));
    data.put(clock.id, std::move(state));
  }
  return saved_data_file(std::move(data));
}

Result<std::vector<ClockFileEntry>> decode_world_clocks(std::span<const uint8_t> bytes) {
  auto root = read_root(bytes, "world_clocks.dat");
  if (!root) return std::move(root).take_error();
  const auto* data = find_as<nbt::Compound>(*root, "data");
  if (!data) return Error{"world_clocks.dat has no data compound"};
  std::vector<ClockFileEntry> clocks;
  for (const auto& [id, value] : *data) {
    const std::string where = "world_clocks.dat: " + id;
    const auto* state = value.as<nbt::Compound>();
    if (!state) return Error{where + " is not a compound"};
    const nbt::Tag* total = state->find("total_ticks");
    if (!total || !total->as<int64_t>()) return Error{where + ": total_ticks missing or not a long"};
    ClockFileEntry clock;
    clock.id = id;
    clock.total_ticks = *total->as<int64_t>();
    clock.partial_tick = float_or(*state, "partial_tick", 0.0f);
    clock.rate = float_or(*state, "rate", 1.0f);
    if (!(clock.rate > 0.0f)) return Error{where + ": rate must be above 0"};
    clock.paused = integer_or(*state, "paused", 0) != 0;
    clocks.push_back(std::move(clock));
  }
  return clocks;
}

}  // namespace hz::anvil
