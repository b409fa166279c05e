// Carries out the core's SubmitJob effects: generation stages on the worker pool, chunk reads and
// writes on one storage thread (in submission order, so a read sees every earlier write). Every
// result enters the inbox as a JobCompleted input.
#pragma once

#include <memory>

#include "server/jobs/chunk_store.h"
#include "server/jobs/worker_pool.h"

namespace hz {

class JobRouter {
 public:
  JobRouter(Inbox& inbox, int worker_threads, ChunkStore& store);

  void submit(SubmitJob job);
  // Waits until every storage job submitted so far is done (before exit, after the last save).
  void drain_storage() { storage_.drain(); }
  int worker_threads() const { return generation_.thread_count(); }
  size_t unfinished_generation_jobs() const { return generation_.unfinished(); }

 private:
  static Bytes run_storage_job(ChunkStore& store, uint32_t kind, std::span<const uint8_t> request);

  WorkerPool generation_;
  WorkerPool storage_;
};

}  // namespace hz
