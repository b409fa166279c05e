// Parsing of horizon-bots' command line with Boost.Program_options, and its checks.
#include "tools/bots/options.h"

#include <sstream>

#include <boost/program_options.hpp>

namespace hz::bots {

namespace po = boost::program_options;

namespace {

po::options_description describe_options(Options& o, std::string& behaviour) {
  po::options_description desc("horizon-bots: many Minecraft 26.1 load-test clients in one process");
  desc.add_options()
      ("help", "show this help")
      ("host", po::value(&o.host)->default_value(o.host), "server address")
      ("port", po::value(&o.port)->default_value(o.port), "server port")
      ("bots", po::value(&o.bots)->default_value(o.bots), "number of bots")
      ("join-interval", po::value(&o.join_interval_s)->default_value(o.join_interval_s),
       "seconds between two bots joining")
      ("behaviour", po::value(&behaviour)->default_value("walk"),
       "walk: random points within 48 blocks of spawn; explore: straight outwards; build: place and "
       "break blocks at a spot near spawn")
      ("walk-speed", po::value(&o.walk_speed)->default_value(o.walk_speed), "walk speed, blocks a second")
      ("explore-speed", po::value(&o.explore_speed)->default_value(o.explore_speed),
       "explore speed, blocks a second")
      ("build-interval", po::value(&o.build_interval_s)->default_value(o.build_interval_s),
       "seconds between a building bot's actions")
      ("duration", po::value(&o.duration_s)->default_value(o.duration_s), "seconds to run (0: until interrupted)")
      ("warmup", po::value(&o.warmup_s)->default_value(o.warmup_s),
       "seconds after the start before the measurement window opens")
      ("view-distance", po::value(&o.view_distance)->default_value(o.view_distance),
       "view distance the bots ask for (2-32)")
      ("prefix", po::value(&o.prefix)->default_value(o.prefix), "bot names are prefix + number")
      ("json", po::value(&o.json_path), "write the JSON summary to this file instead of stdout")
      ("progress-interval", po::value(&o.progress_interval_s)->default_value(o.progress_interval_s),
       "seconds between progress lines on stderr")
      ("seed", po::value(&o.seed)->default_value(o.seed), "seed of the walk targets")
      ("quiet", po::bool_switch(&o.quiet), "no progress lines");
  return desc;
}

Result<Behaviour> parse_behaviour(const std::string& text) {
  if (text == "walk") return Behaviour::kWalk;
  if (text == "explore") return Behaviour::kExplore;
  if (text == "build") return Behaviour::kBuild;
  return Error{"unknown behaviour '" + text + "' (walk, explore or build)"};
}

Status check(const Options& o) {
  if (o.bots < 1) return Error{"--bots must be at least 1"};
  if (o.join_interval_s < 0) return Error{"--join-interval must not be negative"};
  if (o.walk_speed <= 0 || o.explore_speed <= 0) return Error{"speeds must be positive"};
  if (o.build_interval_s < 0.05) return Error{"build-interval must be at least 0.05 s (one tick)"};
  if (o.duration_s < 0 || o.warmup_s < 0) return Error{"--duration and --warmup must not be negative"};
  if (o.duration_s > 0 && o.warmup_s >= o.duration_s) return Error{"--warmup must be shorter than --duration"};
  if (o.view_distance < 2 || o.view_distance > 32) return Error{"--view-distance must be 2 to 32"};
  if (o.progress_interval_s <= 0) return Error{"--progress-interval must be positive"};
  // Vanilla's name rule: at most 16 characters, none of them space or control.
  std::string longest = bot_name(o, o.bots);
  if (o.prefix.empty() || longest.size() > 16) return Error{"bot names must be 1 to 16 characters: " + longest};
  for (char c : o.prefix)
    if (c <= ' ' || c >= 127) return Error{"--prefix may not contain spaces or non-ASCII characters"};
  return Status::success();
}

}  // namespace

const char* behaviour_name(Behaviour b) {
  switch (b) {
    case Behaviour::kWalk: return "walk";
    case Behaviour::kExplore: return "explore";
    case Behaviour::kBuild: return "build";
  }
  return "?";
}

std::string bot_name(const Options& options, int index) { return options.prefix + std::to_string(index); }

Result<ParsedOptions> parse_options(const std::vector<std::string>& args) {
  ParsedOptions parsed;
  std::string behaviour;
  po::options_description desc = describe_options(parsed.options, behaviour);
  try {
    po::variables_map vm;
    po::store(po::command_line_parser(args).options(desc).run(), vm);
    po::notify(vm);
    if (vm.count("help")) {
      std::ostringstream text;
      text << desc;
      parsed.help_requested = true;
      parsed.help_text = text.str();
      return parsed;
    }
  } catch (const po::error& e) {
    return Error{e.what()};
  }
  auto b = parse_behaviour(behaviour);
  if (!b) return std::move(b).take_error();
  parsed.options.behaviour = *b;
  if (Status s = check(parsed.options); !s) return Error{s.error()};
  return parsed;
}

}  // namespace hz::bots
