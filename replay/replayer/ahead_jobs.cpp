#include "replay/replayer/ahead_jobs.h"

#include <algorithm>

#include "sim/core/check.h"
#include "sim/world/jobs.h"

namespace hz {

AheadJobs::AheadJobs() : worker_([this] { work(); }) {}

AheadJobs::~AheadJobs() {
  {
    std::lock_guard lock(mutex_);
    stopping_ = true;
  }
  changed_.notify_all();
  worker_.join();
}

void AheadJobs::start(SubmitJob job) {
  {
    std::lock_guard lock(mutex_);
    const JobId id = job.job;
    HZ_CHECK(jobs_.try_emplace(id, Entry{std::move(job), Stage::kQueued, {}}).second, "a job number submitted twice");
    queue_.push_back(id);
  }
  changed_.notify_all();
}

std::optional<uint32_t> AheadJobs::kind(JobId job) const {
  std::lock_guard lock(mutex_);
  auto it = jobs_.find(job);
  if (it == jobs_.end() || it->second.forgotten) return std::nullopt;
  return it->second.job.kind;
}

Bytes AheadJobs::take(JobId job) {
  std::unique_lock lock(mutex_);
  auto it = jobs_.find(job);
  HZ_CHECK(it != jobs_.end());
  if (it->second.stage == Stage::kQueued) {  // run it here rather than wait behind others
    queue_.erase(std::find(queue_.begin(), queue_.end(), job));
    run_next(lock, job);
  }
  // While the worker runs this one, run the next ones queued: results are usually asked for
  // soon after the core submits them, so the two threads share the generating.
  while (it->second.stage != Stage::kDone) {
    if (queue_.empty()) {
      changed_.wait(lock);
    } else {
      JobId next = queue_.front();
      queue_.pop_front();
      run_next(lock, next);
    }
  }
  Bytes result = std::move(it->second.result);
  jobs_.erase(it);
  return result;
}

void AheadJobs::run_next(std::unique_lock<std::mutex>& lock, JobId job) {
  Entry& entry = jobs_.at(job);
  entry.stage = Stage::kRunning;
  lock.unlock();
  Bytes result = run_world_job(entry.job.kind, entry.job.request);
  lock.lock();
  if (entry.forgotten) {
    jobs_.erase(job);
  } else {
    entry.result = std::move(result);
    entry.stage = Stage::kDone;
  }
  changed_.notify_all();
}

void AheadJobs::forget_all() {
  std::lock_guard lock(mutex_);
  queue_.clear();
  for (auto it = jobs_.begin(); it != jobs_.end();) {
    if (it->second.stage == Stage::kRunning) {
      it->second.forgotten = true;
      ++it;
    } else {
      it = jobs_.erase(it);
    }
  }
}

void AheadJobs::work() {
  std::unique_lock lock(mutex_);
  for (;;) {
    changed_.wait(lock, [&] { return stopping_ || !queue_.empty(); });
    if (stopping_) return;
    JobId next = queue_.front();
    queue_.pop_front();
    run_next(lock, next);
  }
}

}  // namespace hz
