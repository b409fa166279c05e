// Runs a generation graph's jobs on the calling thread until nothing is left to do: for tests,
// benchmarks, spawn preparation, or a core that has no worker threads.
#pragma once

#include <cstddef>
#include <functional>
#include <vector>

#include "sim/world/generation_graph.h"

namespace hz {

// Feeds results back batch by batch; `reorder`, when given, may permute each batch first.
// Returns the number of jobs run.
size_t run_generation_inline(GenerationGraph& graph, size_t batch = 64,
                             const std::function<void(std::vector<GenerationResult>&)>& reorder = {});

}  // namespace hz
