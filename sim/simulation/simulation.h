// horizon-sim's world around the real core, all drawn from one seed: a virtual clock with random
// work times and tick overruns, simulated clients joining and acting, a network with latency and
// split reads, world jobs finishing in random order; invariants checked after every pass.
#pragma once

#include <cstdint>
#include <functional>
#include <string>
#include <vector>

namespace hz {

enum class SimFaults { kNone, kNetwork, kStorage, kAll };

struct SimOptions {
  uint64_t seed = 1;
  double seconds = 60;  // simulated seconds
  int clients = 5;      // clients that join (quitters may come back as new connections)
  SimFaults faults = SimFaults::kNone;
  int view_distance = 3;
};

struct SimViolation {
  int64_t pass = 0;
  int64_t tick = 0;
  std::string what;
};

struct SimResult {
  uint64_t seed = 0;
  double simulated_s = 0;
  int64_t passes = 0;
  int connections = 0;  // connections opened, reconnections included
  uint64_t digest = 0;  // every pass's effects and state hash, in order
  std::vector<SimViolation> violations;
};

// Runs the core under `options`; `progress` gets a line now and then (may be empty).
SimResult run_simulation(const SimOptions& options, const std::function<void(const std::string&)>& progress);

}  // namespace hz
