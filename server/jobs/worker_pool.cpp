#include "server/jobs/worker_pool.h"
#include "server/thread_name.h"

#include <algorithm>

namespace hz {

WorkerPool::WorkerPool(int threads, Inbox& inbox, Runner runner) : inbox_(inbox), runner_(std::move(runner)) {
  for (int i = 0; i < std::max(1, threads); ++i)
    threads_.emplace_back([this, i] {
      name_this_thread("Worker-" + std::to_string(i + 1));
      work();
    });
}

WorkerPool::~WorkerPool() {
  {
    std::lock_guard lock(mutex_);
    stopping_ = true;
    queue_.clear();
  }
  wake_.notify_all();
  for (std::thread& t : threads_) t.join();
}

void WorkerPool::submit(SubmitJob job) {
  {
    std::lock_guard lock(mutex_);
    queue_.push_back(std::move(job));
  }
  wake_.notify_one();
}

void WorkerPool::drain() {
  std::unique_lock lock(mutex_);
  idle_.wait(lock, [this] { return queue_.empty() && running_ == 0; });
}

size_t WorkerPool::unfinished() const {
  std::lock_guard lock(mutex_);
  return queue_.size() + running_;
}

void WorkerPool::work() {
  for (;;) {
    SubmitJob job;
    {
      std::unique_lock lock(mutex_);
      wake_.wait(lock, [this] { return stopping_ || !queue_.empty(); });
      if (stopping_) return;
      job = std::move(queue_.front());
      queue_.pop_front();
      ++running_;
    }
    Bytes result;
    try {
      result = runner_(job.kind, job.request);
    } catch (...) {
      result.clear();  // the core treats empty bytes as a failed job
    }
    inbox_.push(JobCompleted{job.job, std::move(result)});
    {
      std::lock_guard lock(mutex_);
      --running_;
    }
    idle_.notify_all();
  }
}

int resolve_worker_threads(int configured, unsigned hardware_threads) {
  if (configured > 0) return configured;
  return std::max(1, static_cast<int>(hardware_threads) - 1);
}

}  // namespace hz
