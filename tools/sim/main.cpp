// horizon-sim: runs the real core inside a simulated world drawn from one seed (simulated clients,
// network, worker pool and clock; sim/simulation/) and checks invariants as it goes. Progress on
// stderr; the last line on stdout is one JSON object; exit 0 without violations, 1 with, 2 on bad
// arguments.
#include <chrono>
#include <cstdio>
#include <iostream>
#include <optional>
#include <string>
#include <vector>

#include "sim/core/hash.h"
#include "sim/protocol/json_writer.h"
#include "sim/simulation/simulation.h"

namespace {

constexpr const char* kUsage =
    "usage: horizon-sim --seed N [--seconds S] [--clients K] [--faults none|network] [--view-distance D] [--quiet]\n";

struct Arguments {
  hz::SimOptions options;
  bool quiet = false;
};

std::optional<std::string> parse_faults(const std::string& text, hz::SimFaults& out) {
  if (text == "none") out = hz::SimFaults::kNone;
  else if (text == "network") out = hz::SimFaults::kNetwork;
  else if (text == "storage" || text == "all") return "--faults " + text + ": storage faults are not simulated yet";
  else return "--faults: unknown value '" + text + "' (none or network)";
  return std::nullopt;
}

// Parses argv; an error message on failure.
std::optional<std::string> parse(const std::vector<std::string>& args, Arguments& a) {
  bool has_seed = false;
  for (size_t i = 0; i < args.size(); ++i) {
    const std::string& flag = args[i];
    if (flag == "--quiet") {
      a.quiet = true;
      continue;
    }
    if (i + 1 >= args.size()) return flag + " needs a value";
    const std::string& value = args[++i];
    try {
      size_t used = 0;
      if (flag == "--seed") a.options.seed = std::stoull(value, &used), has_seed = true;
      else if (flag == "--seconds") a.options.seconds = std::stod(value, &used);
      else if (flag == "--clients") a.options.clients = std::stoi(value, &used);
      else if (flag == "--view-distance") a.options.view_distance = std::stoi(value, &used);
      else if (flag == "--faults") {
        if (auto error = parse_faults(value, a.options.faults)) return error;
        used = value.size();
      } else return "unknown option " + flag;
      if (used != value.size()) throw std::invalid_argument(value);
    } catch (const std::exception&) {
      return flag + ": not a valid number: '" + value + "'";
    }
  }
  if (!has_seed) return std::string("--seed is required");
  if (a.options.seconds <= 0 || a.options.clients < 0 || a.options.view_distance < 2 || a.options.view_distance > 32) {
    return std::string("--seconds must be positive, --clients not negative, --view-distance 2..32");
  }
  return std::nullopt;
}

std::string result_json(const hz::SimResult& r, double wall_s, int clients) {
  hz::JsonWriter w;
  w.begin_object();
  w.key("seed").number(r.seed);
  w.key("simulated_s").number(r.simulated_s);
  w.key("wall_s").number(wall_s);
  w.key("passes").number(r.passes);
  w.key("clients").number(int64_t{clients});
  w.key("connections").number(int64_t{r.connections});
  w.key("digest").string(hz::hex64(r.digest));
  w.key("violations").begin_array();
  for (const hz::SimViolation& v : r.violations) {
    w.begin_object().key("pass").number(v.pass).key("tick").number(v.tick).key("what").string(v.what).end_object();
  }
  w.end_array();
  w.end_object();
  return w.take();
}

}  // namespace

int main(int argc, char** argv) {
  Arguments a;
  if (auto error = parse(std::vector<std::string>(argv + 1, argv + argc), a)) {
    std::cerr << "horizon-sim: " << *error << "\n" << kUsage;
    return 2;
  }
  const auto started = std::chrono::steady_clock::now();
  std::function<void(const std::string&)> progress;
  if (!a.quiet) progress = [](const std::string& line) { std::cerr << line << std::endl; };
  const hz::SimResult result = hz::run_simulation(a.options, progress);
  const double wall_s = std::chrono::duration<double>(std::chrono::steady_clock::now() - started).count();
  std::cout << result_json(result, wall_s, a.options.clients) << std::endl;
  return result.violations.empty() ? 0 : 1;
}
