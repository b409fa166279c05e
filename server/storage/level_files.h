// The world folder's whole files: level.dat replaced the way vanilla does it (the previous file
// kept as level.dat_old, never a moment without a level.dat), saved data and other files written
// atomically, level.dat read with vanilla's fallback to level.dat_old, and session.lock.
#pragma once

#include <filesystem>
#include <optional>
#include <string>

#include "sim/core/effects.h"
#include "sim/core/result.h"
#include "sim/game/level/level_time_state.h"
#include "sim/world/anvil/level_data.h"

namespace hz {

// Writes `write.bytes` to `write.path` (relative to the world folder; paths that would leave the
// folder are refused). level.dat rotates the old file to level.dat_old first.
Status write_world_file(const std::filesystem::path& world, const StorageWrite& write);

struct LoadedLevel {
  anvil::LevelData level;
  bool from_backup = false;  // level.dat was unreadable and level.dat_old was used (and restored)
  std::vector<std::string> notes;
};
// nullopt when neither file exists (a new world); an error when both are unreadable. A bad
// level.dat is kept as level.dat_corrupted_<time> and level.dat_old restored, as vanilla does.
Result<std::optional<LoadedLevel>> load_level(const std::filesystem::path& world);

// The level's time and weather: game time (level.dat's Time, read by load_level) with the clocks
// of world_clocks.dat and the weather of weather.dat. A missing file keeps that part's defaults,
// as vanilla creates the saved data fresh; an unreadable one too, with a note saying why.
LevelTimeState load_level_time(const std::filesystem::path& world, int64_t game_time, std::vector<std::string>& notes);

// Holds session.lock (fcntl write lock, as Java's FileChannel.tryLock takes it on Linux) for the
// life of the object, so a second server on the same world (Horizon or vanilla) is refused.
class SessionLock {
 public:
  static Result<std::unique_ptr<SessionLock>> acquire(const std::filesystem::path& world);
  ~SessionLock();
  SessionLock(const SessionLock&) = delete;
  SessionLock& operator=(const SessionLock&) = delete;

 private:
  explicit SessionLock(int fd) : fd_(fd) {}
  int fd_;
};

}  // namespace hz
