#include "sim/world/inline_generation.h"

namespace hz {

size_t run_generation_inline(GenerationGraph& graph, size_t batch,
                             const std::function<void(std::vector<GenerationResult>&)>& reorder) {
  size_t ran = 0;
  for (;;) {
    std::vector<GenerationJob> jobs = graph.take_jobs(batch);
    if (jobs.empty()) return ran;
    std::vector<GenerationResult> results;
    results.reserve(jobs.size());
    for (const GenerationJob& job : jobs) results.push_back(run_generation_job(job));
    ran += jobs.size();
    if (reorder) reorder(results);
    for (GenerationResult& r : results) graph.complete(std::move(r));
  }
}

}  // namespace hz
