// The recorded server's world folder, as compare gives it to Horizon's core: its chunk and entity
// records and player files for the storage jobs, its seed and its time.
#pragma once

#include <cstdint>
#include <filesystem>
#include <optional>

#include "sim/core/result.h"
#include "sim/game/core_config.h"
#include "sim/simulation/simulated_jobs.h"

namespace hz::parity {

struct WorldFolderSummary {
  int chunks = 0;
  int entity_chunks = 0;
  int player_files = 0;
  std::optional<int64_t> seed;  // data/minecraft/world_gen_settings.dat's, when present
};

// Reads the overworld's region and entity files and players/data into `jobs` (whose storage then
// answers the core's reads from them; the core's writes stay in memory, the folder is not
// changed), and the level's time into `config`. An error for a folder that cannot be read.
Result<WorldFolderSummary> load_world_folder(const std::filesystem::path& world, SimulatedJobs& jobs,
                                             CoreConfig& config);

}  // namespace hz::parity
