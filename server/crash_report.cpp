#include "server/crash_report.h"

#include <execinfo.h>

#include <cstdio>
#include <cstdlib>
#include <ctime>
#include <fstream>

#include "sim/core/check.h"

namespace hz {

namespace {

std::string local_time(const char* format) {
  std::time_t t = std::time(nullptr);
  std::tm tm{};
  localtime_r(&t, &tm);
  char buf[64];
  std::strftime(buf, sizeof buf, format, &tm);
  return buf;
}

// The handler is a plain function (HZ_CHECK's hook takes no context): its context lives here,
// set once before any thread that runs core code starts.
std::filesystem::path g_crash_folder;
Logger* g_crash_logger = nullptr;

[[noreturn]] void report_broken_invariant(const char* file, int line, const char* expression,
                                          std::string_view message) {
  std::string what = std::string(expression) + (message.empty() ? "" : " (" + std::string(message) + ")");
  std::string where = std::string(file) + ":" + std::to_string(line);
  g_crash_logger->log("Server thread", LogLevel::kFatal, "Invariant violated at " + where + ": " + what);
  write_crash_report(g_crash_folder, *g_crash_logger, "Server thread", "Checking a core invariant",
                     "java.lang.IllegalStateException: invariant violated: " + what,
                     "-- Invariant --\nDetails:\n\tCheck: " + std::string(expression) + "\n\tMessage: " +
                         std::string(message) + "\n\tAt: " + where + "\nStacktrace:\n" + current_stack_trace());
  std::fflush(stdout);
  std::_Exit(1);
}

}  // namespace

std::string current_stack_trace() {
  void* frames[64];
  int n = backtrace(frames, 64);
  char** symbols = backtrace_symbols(frames, n);
  std::string out;
  for (int i = 0; i < n; ++i) out += std::string("\tat ") + (symbols ? symbols[i] : "?") + "\n";
  std::free(symbols);
  return out;
}

std::filesystem::path write_crash_report(const std::filesystem::path& folder, Logger& logger, const char* thread,
                                         const std::string& description, const std::string& cause,
                                         const std::string& details) {
  std::string report = "---- Minecraft Crash Report ----\n// Horizon\n\nTime: " + local_time("%Y-%m-%d %H:%M:%S") +
                       "\nDescription: " + description + "\n\n" + cause + "\n\n" + details;
  std::filesystem::path dir = folder / "crash-reports";
  std::error_code ec;
  std::filesystem::create_directories(dir, ec);
  std::filesystem::path file = dir / ("crash-" + local_time("%Y-%m-%d_%H.%M.%S") + "-server.txt");
  std::ofstream out(file);
  out << report;
  out.close();
  std::fputs(report.c_str(), stdout);
  if (!out) {
    logger.log(thread, LogLevel::kError, "We were unable to save this crash report to disk.");
    return {};
  }
  logger.log(thread, LogLevel::kError, "This crash report has been saved to: " + std::filesystem::absolute(file).string());
  return file;
}

void install_invariant_crash_handler(const std::filesystem::path& folder, Logger& logger) {
  g_crash_folder = folder;
  g_crash_logger = &logger;
  set_check_failure_handler(report_broken_invariant);
}

}  // namespace hz
