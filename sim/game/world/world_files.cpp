#include "sim/game/world/world_files.h"

#include "sim/game/level/level_time_files.h"

namespace hz {

std::vector<StorageWrite> world_file_writes(const WorldFileFacts& facts) {
  const ServerProperties& props = *facts.properties;
  anvil::WorldGenSettings gen;
  gen.seed = facts.seed;

  std::vector<anvil::GameRuleValue> rules;
  for (const GameRuleSpec& spec : game_rule_specs())
    rules.push_back({std::string(spec.id), spec.is_boolean, facts.rules->get(spec.id)});

  anvil::LevelData level;
  level.level_name = props.level_name;
  level.game_type = props.gamemode;
  level.difficulty = props.difficulty;
  level.hardcore = props.hardcore;
  level.spawn = facts.spawn;
  level.time = facts.level_time.game_time;
  // LastPlayed is wall-clock time, which the core never reads: it stays 0 (only launchers sort by it).
  level.last_played = 0;

  std::vector<StorageWrite> writes;
  writes.push_back({std::string(anvil::kWorldGenSettingsPath), anvil::encode_world_gen_settings(gen), true});
  writes.push_back({std::string(anvil::kGameRulesPath), anvil::encode_game_rules(rules), true});
  for (StorageWrite& write : level_time_writes(facts.level_time)) writes.push_back(std::move(write));
  writes.push_back({std::string(anvil::kLevelDat), anvil::encode_level_dat(level), true});
  return writes;
}

}  // namespace hz
