// Vanilla-style log lines ("[HH:MM:SS] [Server thread/INFO]: text") on stdout and in
// logs/latest.log; the previous latest.log is kept as logs/<date>-<n>.log.gz like vanilla.
#pragma once

#include <cstdio>
#include <filesystem>
#include <mutex>
#include <string>
#include <string_view>

#include "sim/core/effects.h"

namespace hz {

class Logger {
 public:
  // Opens logs/latest.log under `folder` (rotating an old one). Stdout is always written.
  explicit Logger(const std::filesystem::path& folder);
  ~Logger();
  void log(std::string_view thread, LogLevel level, std::string_view text);
  void info(std::string_view text) { log("Server thread", LogLevel::kInfo, text); }
  void warn(std::string_view text) { log("Server thread", LogLevel::kWarn, text); }
  void error(std::string_view text) { log("Server thread", LogLevel::kError, text); }

 private:
  std::mutex mutex_;
  std::FILE* file_ = nullptr;
};

}  // namespace hz
