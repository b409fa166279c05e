#include "server/storage/level_files.h"

#include <fcntl.h>
#include <unistd.h>

#include <cerrno>
#include <cstring>
#include <ctime>

#include "server/files.h"
#include "sim/game/level/level_time_files.h"
#include "sim/world/anvil/world_layout.h"

namespace hz {
namespace {

bool safe_relative(const std::filesystem::path& path) {
  if (path.empty() || path.is_absolute()) return false;
  for (const auto& part : path) {
    if (part == ".." || part == ".") return false;
  }
  return true;
}

void sync_directory(const std::filesystem::path& folder) {
  const int dir = ::open(folder.c_str(), O_RDONLY | O_DIRECTORY | O_CLOEXEC);
  if (dir < 0) return;
  ::fsync(dir);
  ::close(dir);
}

// The new file goes to a temporary file; the current one is hard-linked as `<name>_old` (through
// a temporary name, so the old file too is replaced in one step); then the temporary file is
// renamed over the file. At every moment the file is complete. level.dat and player files are
// replaced this way (vanilla keeps level.dat_old and <uuid>.dat_old).
Status replace_keeping_old(const std::filesystem::path& world, const std::filesystem::path& relative,
                           std::span<const uint8_t> bytes, bool sync) {
  const auto target = world / relative;
  auto sibling = [&](std::string_view suffix) {
    auto path = target;
    path += suffix;
    return path;
  };
  const auto old = sibling("_old");
  const auto fresh = sibling(".new");
  const auto old_link = sibling("_old.new");
  if (auto err = write_file_atomically(fresh, bytes, sync)) return Error{*err};
  std::error_code ec;
  if (std::filesystem::exists(target, ec)) {
    std::filesystem::remove(old_link, ec);
    if (::link(target.c_str(), old_link.c_str()) == 0) {
      std::filesystem::rename(old_link, old, ec);
    }
  }
  std::filesystem::rename(fresh, target, ec);
  if (ec) return Error{"cannot replace " + target.string() + ": " + ec.message()};
  if (sync) sync_directory(target.parent_path());
  return Status::success();
}

// players/data/<uuid>.dat: the files vanilla keeps a `.dat_old` of.
bool is_player_file(const std::filesystem::path& relative) {
  return relative.parent_path() == anvil::kPlayerDataFolder && relative.extension() == ".dat";
}

Result<anvil::LevelData> read_level_file(const std::filesystem::path& path) {
  auto bytes = read_binary_file(path);
  if (!bytes) return Error{"cannot read " + path.string()};
  return anvil::decode_level_dat(*bytes);
}

}  // namespace

Status write_world_file(const std::filesystem::path& world, const StorageWrite& write) {
  const std::filesystem::path relative(write.path);
  if (!safe_relative(relative)) return Error{"refusing to write outside the world folder: " + write.path};
  if (relative == anvil::kLevelDat || is_player_file(relative))
    return replace_keeping_old(world, relative, write.bytes, write.sync);
  if (auto err = write_file_atomically(world / relative, write.bytes, write.sync)) return Error{*err};
  return Status::success();
}

Result<std::optional<LoadedLevel>> load_level(const std::filesystem::path& world) {
  const auto level_path = world / anvil::kLevelDat;
  const auto old_path = world / anvil::kLevelDatOld;
  std::error_code ec;
  const bool has_level = std::filesystem::exists(level_path, ec);
  const bool has_old = std::filesystem::exists(old_path, ec);
  if (!has_level && !has_old) return std::optional<LoadedLevel>();
  std::string first_error = "level.dat is missing";
  if (has_level) {
    auto level = read_level_file(level_path);
    if (level) return std::optional<LoadedLevel>(LoadedLevel{std::move(level.value()), false, {}});
    first_error = level.error();
  }
  if (!has_old) return Error{"Failed to load world data: " + first_error};
  auto backup = read_level_file(old_path);
  if (!backup) return Error{"Failed to load world data: " + first_error + "; level.dat_old: " + backup.error()};
  LoadedLevel loaded{std::move(backup.value()), true, {"Failed to load world data: " + first_error}};
  if (has_level) {
    const auto kept = world / ("level.dat_corrupted_" + std::to_string(std::time(nullptr)));
    std::filesystem::rename(level_path, kept, ec);
    loaded.notes.push_back("kept the unreadable level.dat as " + kept.filename().string());
  }
  std::filesystem::copy_file(old_path, level_path, std::filesystem::copy_options::overwrite_existing, ec);
  if (!ec) loaded.notes.push_back("restored level.dat from level.dat_old");
  return std::optional<LoadedLevel>(std::move(loaded));
}

Result<std::unique_ptr<SessionLock>> SessionLock::acquire(const std::filesystem::path& world) {
  std::error_code ec;
  std::filesystem::create_directories(world, ec);
  const auto path = world / "session.lock";
  const int fd = ::open(path.c_str(), O_RDWR | O_CREAT | O_CLOEXEC, 0644);
  if (fd < 0) return Error{"cannot open " + path.string() + ": " + std::strerror(errno)};
  struct flock lock {};
  lock.l_type = F_WRLCK;
  lock.l_whence = SEEK_SET;
#ifdef F_OFD_SETLK
  // An open-file-description lock: unlike a classic record lock it is not dropped when some other
  // descriptor of the same file is closed in this process, yet it still excludes other processes'
  // record locks (vanilla's).
  const int command = F_OFD_SETLK;
#else
  const int command = F_SETLK;
#endif
  if (::fcntl(fd, command, &lock) != 0) {
    ::close(fd);
    return Error{path.string() + ": already locked (possibly by other Minecraft instance?)"};
  }
  static constexpr uint8_t kSnowman[] = {0xE2, 0x98, 0x83};
  if (::ftruncate(fd, 0) != 0 || ::pwrite(fd, kSnowman, sizeof kSnowman, 0) != sizeof kSnowman) {
    ::close(fd);
    return Error{"cannot write " + path.string()};
  }
  ::fsync(fd);
  return std::unique_ptr<SessionLock>(new SessionLock(fd));
}

SessionLock::~SessionLock() { ::close(fd_); }

LevelTimeState load_level_time(const std::filesystem::path& world, int64_t game_time, std::vector<std::string>& notes) {
  std::optional<anvil::WeatherFile> weather;
  if (auto bytes = read_binary_file(world / anvil::kWeatherPath)) {
    auto decoded = anvil::decode_weather(*bytes);
    if (decoded) weather = *decoded;
    else notes.push_back("Ignoring weather.dat: " + decoded.error());
  }
  std::vector<anvil::ClockFileEntry> clocks;
  if (auto bytes = read_binary_file(world / anvil::kWorldClocksPath)) {
    auto decoded = anvil::decode_world_clocks(*bytes);
    if (decoded) clocks = std::move(decoded.value());
    else notes.push_back("Ignoring world_clocks.dat: " + decoded.error());
  }
  return level_time_from_files(game_time, weather, clocks);
}

}  // namespace hz
