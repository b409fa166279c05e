// The live shell around the core: loads configuration, opens the network, runs vanilla's loop
// on the server thread with the system clock, and carries out the core's effects.
#pragma once

#include <filesystem>
#include <optional>
#include <string>

namespace hz {

struct LaunchOptions {
  std::filesystem::path folder = ".";       // working folder (server.properties, world, logs)
  std::filesystem::path properties_file;    // default: <folder>/server.properties
  std::optional<int> port;                  // overrides server-port
  std::optional<std::string> world;         // overrides level-name
  std::optional<bool> record_trace;         // overrides horizon-record-trace
};

// Runs until `stop`, SIGINT or SIGTERM; returns the process exit code.
int run_live_server(const LaunchOptions& options);

}  // namespace hz
