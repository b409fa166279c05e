// A fixed set of threads running jobs first come, first served. Each result goes into the inbox
// as a JobCompleted input, in the order jobs finish; the core decides when it looks at them.
#pragma once

#include <condition_variable>
#include <cstdint>
#include <deque>
#include <functional>
#include <mutex>
#include <span>
#include <string>
#include <thread>
#include <vector>

#include "server/inbox.h"
#include "sim/core/effects.h"

namespace hz {

class WorkerPool {
 public:
  // Runs one job: its result bytes (empty when the kind or request is not understood).
  using Runner = std::function<Bytes(uint32_t kind, std::span<const uint8_t> request)>;

  WorkerPool(int threads, Inbox& inbox, Runner runner);
  // Drops jobs not started yet and waits for the running ones.
  ~WorkerPool();
  WorkerPool(const WorkerPool&) = delete;
  WorkerPool& operator=(const WorkerPool&) = delete;

  void submit(SubmitJob job);
  // Blocks until every job submitted so far has finished and been handed to the inbox.
  void drain();
  int thread_count() const { return static_cast<int>(threads_.size()); }
  // Jobs submitted and not yet finished (queued or running).
  size_t unfinished() const;

 private:
  void work();

  Inbox& inbox_;
  Runner runner_;
  mutable std::mutex mutex_;
  std::condition_variable wake_;
  std::condition_variable idle_;
  std::deque<SubmitJob> queue_;
  size_t running_ = 0;
  bool stopping_ = false;
  std::vector<std::thread> threads_;
};

// horizon-worker-threads from server.properties: 0 (the default) means one fewer than the
// machine's cores, and there is always at least one.
int resolve_worker_threads(int configured, unsigned hardware_threads);

}  // namespace hz
