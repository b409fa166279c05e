// Command-line options of horizon-bots: where to connect, how many bots, how they move, how long
// to run and where the summary goes.
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include "sim/core/result.h"

namespace hz::bots {

enum class Behaviour { kWalk, kExplore, kBuild };

struct Options {
  std::string host = "127.0.0.1";
  uint16_t port = 25565;
  int bots = 1;
  double join_interval_s = 1.0;
  Behaviour behaviour = Behaviour::kWalk;
  double walk_speed = 5.6;      // blocks a second (sprinting)
  double explore_speed = 22.0;  // blocks a second
  double build_interval_s = 0.5;  // one place or break action this often (build)
  double duration_s = 60.0;     // 0: until interrupted
  double warmup_s = 0.0;        // the measurement window starts this long after the start
  int view_distance = 10;
  std::string prefix = "Bot";
  std::string json_path;        // empty: the summary goes to stdout
  double progress_interval_s = 5.0;
  uint64_t seed = 1;            // walk targets
  bool quiet = false;           // no progress lines
};

const char* behaviour_name(Behaviour b);

// Parses argv; a Result error carries the message to print (the help text for --help, with
// `help_requested` set).
struct ParsedOptions {
  Options options;
  bool help_requested = false;
  std::string help_text;
};
Result<ParsedOptions> parse_options(const std::vector<std::string>& args);

// The name of bot `index` (1-based): prefix + index.
std::string bot_name(const Options& options, int index);

}  // namespace hz::bots
