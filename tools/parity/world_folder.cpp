#include "tools/parity/world_folder.h"

#include <system_error>

#include "server/files.h"
#include "server/storage/level_files.h"
#include "server/storage/region_files.h"
#include "sim/world/anvil/level_data.h"
#include "sim/world/anvil/world_layout.h"

namespace hz::parity {
namespace {

// Every chunk record of one store's region files (a damaged record is skipped: the core then
// generates that chunk, as it would after a failed read).
int load_store(const std::filesystem::path& world, anvil::ChunkStore store, std::map<ChunkPos, Bytes>& out) {
  const std::filesystem::path folder = world / anvil::store_folder(anvil::kOverworld, store);
  std::error_code ec;
  if (!std::filesystem::is_directory(folder, ec)) return 0;
  RegionFilesOptions options;
  options.world_folder = world;
  RegionFiles files(options, [](LogLevel, const std::string&) {});
  int count = 0;
  for (const auto& entry : std::filesystem::directory_iterator(folder, ec)) {
    anvil::RegionPos region;
    if (!parse_region_file_name(entry.path().filename().string(), region)) continue;
    for (int slot = 0; slot < 1024; ++slot) {
      anvil::ChunkAddress address;
      address.store = store;
      address.pos = ChunkPos{region.x * 32 + slot % 32, region.z * 32 + slot / 32};
      anvil::StorageResult result = files.read_chunk(address);
      if (result.outcome != anvil::StorageOutcome::kData) continue;
      out[address.pos] = std::move(result.nbt);
      ++count;
    }
  }
  return count;
}

}  // namespace

Result<WorldFolderSummary> load_world_folder(const std::filesystem::path& world, SimulatedJobs& jobs,
                                             CoreConfig& config) {
  std::error_code ec;
  if (!std::filesystem::is_directory(world, ec)) return Error{"no world folder at " + world.string()};
  WorldFolderSummary summary;
  summary.chunks = load_store(world, anvil::ChunkStore::kRegion, jobs.stored);
  summary.entity_chunks = load_store(world, anvil::ChunkStore::kEntities, jobs.entity_records);
  const std::filesystem::path players = world / "players" / "data";
  if (std::filesystem::is_directory(players, ec)) {
    for (const auto& entry : std::filesystem::directory_iterator(players, ec)) {
      if (entry.path().extension() != ".dat") continue;
      if (auto bytes = read_binary_file(entry.path())) {
        jobs.player_files["players/data/" + entry.path().filename().string()] = std::move(*bytes);
        ++summary.player_files;
      }
    }
  }
  if (auto bytes = read_binary_file(world / anvil::kWorldGenSettingsPath)) {
    auto settings = anvil::decode_world_gen_settings(*bytes);
    if (!settings) return Error{"unreadable " + std::string(anvil::kWorldGenSettingsPath) + ": " + settings.error()};
    summary.seed = settings->seed;
  }
  auto level = load_level(world);
  if (!level) return Error{"unreadable level.dat: " + level.error()};
  if (*level) {
    std::vector<std::string> notes;
    config.level_time = load_level_time(world, (*level)->level.time, notes);
  }
  return summary;
}

}  // namespace hz::parity
