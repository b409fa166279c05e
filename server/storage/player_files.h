// Reading a player's file for the core (the kReadPlayer storage job): `<uuid>.dat`, or vanilla's
// fallback to `<uuid>.dat_old` when it is missing or unreadable; an unreadable `.dat` is first
// copied to `<uuid>_corrupted_<date>.dat`, as vanilla's PlayerDataStorage does.
#pragma once

#include <filesystem>
#include <string>

#include "sim/world/anvil/storage_jobs.h"

namespace hz {

// `relative`: "players/data/<uuid>.dat". kData with the readable file's bytes, or kAbsent; either
// way `message` lists the unreadable files and what was wrong with each (empty when none).
anvil::StorageResult read_player_file(const std::filesystem::path& world, const std::string& relative);

}  // namespace hz
