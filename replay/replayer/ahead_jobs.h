// Runs the replayed core's pure jobs (world generation) on a worker thread as soon as the core
// submits them, so replay generates terrain beside the core instead of when the result is due.
#pragma once

#include <condition_variable>
#include <cstdint>
#include <deque>
#include <map>
#include <mutex>
#include <optional>
#include <thread>

#include "sim/core/effects.h"
#include "sim/core/types.h"

namespace hz {

// The results are the same whichever thread computes them (the jobs are pure functions of their
// requests); only when they are ready differs, and take() waits for that. The asking thread runs
// the job itself when the worker has not started it, and runs queued ones while it waits.
class AheadJobs {
 public:
  AheadJobs();
  ~AheadJobs();
  AheadJobs(const AheadJobs&) = delete;
  AheadJobs& operator=(const AheadJobs&) = delete;

  void start(SubmitJob job);
  // The kind of a job started and not yet taken; nothing for any other job.
  std::optional<uint32_t> kind(JobId job) const;
  // The job's result, computed by whichever thread got to it first; the job is forgotten.
  Bytes take(JobId job);
  // Forgets every job started (a snapshot in the trace: their results are recorded whole). One
  // being computed finishes and is dropped.
  void forget_all();

 private:
  enum class Stage { kQueued, kRunning, kDone };
  struct Entry {
    SubmitJob job;
    Stage stage = Stage::kQueued;
    Bytes result;
    bool forgotten = false;  // dropped once computed
  };
  void work();
  // Runs a job taken off the queue with the lock released, then stores its result.
  void run_next(std::unique_lock<std::mutex>& lock, JobId job);

  mutable std::mutex mutex_;
  std::condition_variable changed_;
  std::map<JobId, Entry> jobs_;
  std::deque<JobId> queue_;  // started jobs not yet picked up, in submission order
  bool stopping_ = false;
  std::thread worker_;
};

}  // namespace hz
