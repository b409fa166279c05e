#include "server/jobs/job_router.h"

#include "sim/game/world/job_kinds.h"

namespace hz {

JobRouter::JobRouter(Inbox& inbox, int worker_threads, std::function<void(SubmitJob)> storage_jobs,
                     std::function<void(StorageWrite)> storage_files)
    : generation_(worker_threads, inbox,
                  [](uint32_t kind, std::span<const uint8_t> request) { return run_world_job(kind, request); }),
      storage_jobs_(std::move(storage_jobs)),
      storage_files_(std::move(storage_files)) {}

void JobRouter::submit(SubmitJob job) {
  if (anvil::is_storage_job(job.kind)) storage_jobs_(std::move(job));
  else generation_.submit(std::move(job));
}

}  // namespace hz
