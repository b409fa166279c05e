// Vanilla-style crash reports (crash-reports/crash-<date>-server.txt) for the watchdog and for a
// broken invariant in the core, which stops the live server with exit status 1.
#pragma once

#include <filesystem>
#include <string>

#include "server/logger.h"

namespace hz {

// Writes `---- Minecraft Crash Report ----` with `description`, `cause` and `details` under
// `folder`/crash-reports, echoes it to stdout and logs where it went. Returns the file's path
// (empty when it could not be written).
std::filesystem::path write_crash_report(const std::filesystem::path& folder, Logger& logger, const char* thread,
                                         const std::string& description, const std::string& cause,
                                         const std::string& details);

// This thread's stack, one "\tat <frame>" line each.
std::string current_stack_trace();

// From now on a failed HZ_CHECK anywhere in the process logs FATAL, writes a crash report under
// `folder` and exits with status 1. `logger` must outlive every thread that runs core code.
void install_invariant_crash_handler(const std::filesystem::path& folder, Logger& logger);

}  // namespace hz
