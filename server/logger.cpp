#include "server/logger.h"

#include <zlib.h>

#include <ctime>
#include <fstream>
#include <iostream>
#include <sstream>

namespace hz {

namespace {

// Vanilla gzips the previous latest.log to <yyyy-mm-dd>-<n>.log.gz, n counting from 1.
void rotate(const std::filesystem::path& dir) {
  std::filesystem::path latest = dir / "latest.log";
  std::error_code ec;
  if (!std::filesystem::exists(latest, ec)) return;
  // GCC 12 has no clock_cast; convert through the two clocks' current times.
  auto mtime = std::filesystem::last_write_time(latest, ec);
  auto sys = std::chrono::system_clock::now() +
             std::chrono::duration_cast<std::chrono::system_clock::duration>(mtime - std::filesystem::file_time_type::clock::now());
  std::time_t t = std::chrono::system_clock::to_time_t(sys);
  std::tm tm{};
  localtime_r(&t, &tm);
  char date[32];
  std::strftime(date, sizeof date, "%Y-%m-%d", &tm);
  std::filesystem::path target;
  for (int n = 1;; ++n) {
    target = dir / (std::string(date) + "-" + std::to_string(n) + ".log.gz");
    if (!std::filesystem::exists(target, ec)) break;
  }
  std::ifstream in(latest, std::ios::binary);
  std::stringstream buf;
  buf << in.rdbuf();
  std::string data = buf.str();
  if (gzFile gz = gzopen(target.c_str(), "wb")) {
    gzwrite(gz, data.data(), static_cast<unsigned>(data.size()));
    gzclose(gz);
    std::filesystem::remove(latest, ec);
  }
}

}  // namespace

Logger::Logger(const std::filesystem::path& folder) {
  std::filesystem::path dir = folder / "logs";
  std::error_code ec;
  std::filesystem::create_directories(dir, ec);
  rotate(dir);
  file_ = std::fopen((dir / "latest.log").c_str(), "w");
}

Logger::~Logger() {
  if (file_) std::fclose(file_);
}

void Logger::log(std::string_view thread, LogLevel level, std::string_view text) {
  std::time_t t = std::time(nullptr);
  std::tm tm{};
  localtime_r(&t, &tm);
  char stamp[16];
  std::strftime(stamp, sizeof stamp, "%H:%M:%S", &tm);
  std::string line = "[" + std::string(stamp) + "] [" + std::string(thread) + "/" + log_level_name(level) + "]: ";
  line += text;
  line += '\n';
  std::lock_guard lock(mutex_);
  std::fwrite(line.data(), 1, line.size(), stdout);
  std::fflush(stdout);
  if (file_) {
    std::fwrite(line.data(), 1, line.size(), file_);
    std::fflush(file_);
  }
}

}  // namespace hz
