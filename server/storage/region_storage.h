// The storage thread: carries out the core's storage jobs (chunk reads, writes, flushes) and
// whole-file writes (level.dat and saved data) in submission order on one thread, batching the
// writes queued together under one header write per region, and reports each job's result
// through a callback (the live loop pushes it into the inbox as a JobCompleted input).
#pragma once

#include <condition_variable>
#include <deque>
#include <future>
#include <functional>
#include <mutex>
#include <thread>
#include <variant>

#include "server/storage/region_files.h"
#include "sim/core/inputs.h"

namespace hz {

class RegionStorage {
 public:
  using Completion = std::function<void(JobCompleted)>;

  RegionStorage(RegionFilesOptions options, Completion done, StorageLog log);
  ~RegionStorage();  // stop()
  RegionStorage(const RegionStorage&) = delete;
  RegionStorage& operator=(const RegionStorage&) = delete;

  void start();
  // Queues a job whose kind is a storage kind (anvil::is_storage_job); false, queuing nothing,
  // for any other kind.
  bool submit(SubmitJob job);
  // Queues a whole-file write (StorageWrite effect). level.dat keeps the previous file as
  // level.dat_old; every file is replaced atomically (temporary file, fsync when `sync`, rename).
  void write_file(StorageWrite write);
  // Blocks until everything queued before the call is done and on disk (fsynced).
  void flush();
  // Finishes the queue, commits, closes the files and joins the thread. Idempotent.
  void stop();

 private:
  struct Barrier {
    std::promise<void>* done;
  };
  using Item = std::variant<SubmitJob, StorageWrite, Barrier>;

  void run();
  void process(std::vector<Item>& batch);
  // Commits (or, when `durable`, flushes) the staged writes and reports each one's result.
  void finish_writes(std::vector<std::pair<JobId, anvil::ChunkAddress>>& pending, bool durable);
  void report(JobId job, const anvil::StorageResult& result);

  RegionFilesOptions options_;
  Completion done_;
  StorageLog log_;
  std::mutex mutex_;
  std::condition_variable wake_;
  std::deque<Item> queue_;
  bool stopping_ = false;
  RegionFiles* files_ = nullptr;  // owned by the storage thread while it runs
  std::thread thread_;
};

}  // namespace hz
