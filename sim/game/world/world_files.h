// The world's own files as a save writes them: level.dat, world_gen_settings.dat, game_rules.dat,
// weather.dat and world_clocks.dat in 26.1's layout (sim/world/anvil/level_data.h), as whole-file storage writes.
#pragma once

#include <cstdint>
#include <vector>

#include "sim/core/effects.h"
#include "sim/core/properties.h"
#include "sim/game/game_rules.h"
#include "sim/game/level/level_time_state.h"
#include "sim/world/anvil/level_data.h"
#include "sim/world/anvil/world_layout.h"

namespace hz {

struct WorldFileFacts {
  const ServerProperties* properties = nullptr;
  int64_t seed = 0;
  anvil::SpawnPoint spawn;
  LevelTimeState level_time;  // game time in level.dat, clocks and weather in their own files
  const GameRules* rules = nullptr;
};

// The five files, level.dat last (vanilla writes the saved data before the level).
std::vector<StorageWrite> world_file_writes(const WorldFileFacts& facts);

}  // namespace hz
