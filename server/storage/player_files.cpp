#include "server/storage/player_files.h"

#include <ctime>

#include "server/files.h"
#include "sim/game/player_data.h"

namespace hz {
namespace {

bool safe_player_path(const std::filesystem::path& relative) {
  return relative.parent_path() == anvil::kPlayerDataFolder && relative.extension() == ".dat" &&
         relative.filename().string().find("..") == std::string::npos;
}

// Vanilla's FileNameDateFormatter: yyyy-MM-dd_HH-mm-ss in local time.
std::string file_date() {
  const std::time_t now = std::time(nullptr);
  std::tm local{};
  localtime_r(&now, &local);
  char text[32];
  std::strftime(text, sizeof text, "%Y-%m-%d_%H-%M-%S", &local);
  return text;
}

// Keeps a copy of an unreadable `.dat` beside it; returns the copy's name, empty on failure.
std::string keep_corrupted_copy(const std::filesystem::path& file) {
  auto copy = file.parent_path() / (file.stem().string() + "_corrupted_" + file_date() + ".dat");
  std::error_code ec;
  std::filesystem::copy_file(file, copy, std::filesystem::copy_options::overwrite_existing, ec);
  return ec ? std::string() : copy.filename().string();
}

}  // namespace

anvil::StorageResult read_player_file(const std::filesystem::path& world, const std::string& relative) {
  anvil::StorageResult result;
  result.kind = anvil::StorageJobKind::kReadPlayer;
  result.outcome = anvil::StorageOutcome::kAbsent;
  const std::filesystem::path path(relative);
  if (!safe_player_path(path)) {
    result.outcome = anvil::StorageOutcome::kError;
    result.message = "not a player file: " + relative;
    return result;
  }
  std::vector<std::string> notes;
  for (const char* suffix : {"", "_old"}) {
    auto file = world / path;
    file += suffix;
    std::error_code ec;
    if (!std::filesystem::is_regular_file(file, ec)) continue;
    std::optional<Bytes> bytes = read_binary_file(file);
    const std::string name = path.filename().string() + suffix;
    if (!bytes) {
      notes.push_back(name + " cannot be read");
      continue;
    }
    if (auto root = decode_player_file(*bytes); !root) {
      std::string note = name + " is " + root.error();
      if (*suffix == '\0') {
        const std::string copy = keep_corrupted_copy(file);
        if (!copy.empty()) note += "; kept a copy as " + copy;
      }
      notes.push_back(std::move(note));
      continue;
    }
    result.outcome = anvil::StorageOutcome::kData;
    result.nbt = std::move(*bytes);
    if (!notes.empty()) notes.push_back("using " + name);
    break;
  }
  for (const std::string& note : notes) result.message += (result.message.empty() ? "" : "; ") + note;
  return result;
}

}  // namespace hz
