// horizon-sim --minimize: shrinks a failing run to a smaller one failing the same invariant,
// first coarsely (fault kinds, clients, seconds) and then by delta debugging over its parts.
#pragma once

#include <functional>
#include <string>

#include "sim/simulation/simulation.h"

namespace hz {

struct MinimizedRun {
  SimOptions options;       // the smallest run found; it fails `invariant`
  std::string invariant;    // the invariant the original run broke first
  size_t parts_before = 0;  // the original run's parts (clients, their behaviours, fault kinds)
  size_t parts_after = 0;   // the parts the smallest run keeps
  // The numbered actions of the kept behaviours: in the run shrunk by parts, and kept at the end.
  size_t actions_before = 0;
  size_t actions_after = 0;
  int runs = 0;             // simulations run to find it
};

// `failing` must fail `invariant`. Each simulation run while shrinking is reported to `progress`
// (may be empty) as the command line's options and whether it failed.
MinimizedRun minimize_run(const SimOptions& failing, const std::string& invariant,
                          const std::function<void(const std::string&)>& progress);

// The options that repeat a run, as horizon-sim takes them.
std::string sim_command_line(const SimOptions& options);

}  // namespace hz
