// Carries out the core's job and storage effects: generation stages on the worker pool, storage
// jobs (chunk reads, writes, flushes) and whole-file writes handed in order to the storage thread.
// Every job's result enters the inbox as a JobCompleted input.
#pragma once

#include <functional>

#include "server/jobs/worker_pool.h"

namespace hz {

class JobRouter {
 public:
  // `storage_jobs` and `storage_files` receive every storage job and file write, in order.
  JobRouter(Inbox& inbox, int worker_threads, std::function<void(SubmitJob)> storage_jobs,
            std::function<void(StorageWrite)> storage_files);

  void submit(SubmitJob job);
  void write_file(StorageWrite write) { storage_files_(std::move(write)); }
  int worker_threads() const { return generation_.thread_count(); }
  size_t unfinished_generation_jobs() const { return generation_.unfinished(); }

 private:
  WorkerPool generation_;
  std::function<void(SubmitJob)> storage_jobs_;
  std::function<void(StorageWrite)> storage_files_;
};

}  // namespace hz
