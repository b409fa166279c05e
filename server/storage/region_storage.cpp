#include "server/storage/region_storage.h"
#include "server/thread_name.h"

#include "server/storage/level_files.h"
#include "server/storage/player_files.h"

namespace hz {

using anvil::ChunkAddress;
using anvil::StorageJobKind;
using anvil::StorageOutcome;
using anvil::StorageResult;

namespace {

// Items taken from the queue at once; their writes share one commit per region.
constexpr size_t kMaxBatch = 256;

StorageResult result_of(StorageJobKind kind, const ChunkAddress& address, StorageOutcome outcome,
                        std::string message = {}) {
  StorageResult result;
  result.kind = kind;
  result.address = address;
  result.outcome = outcome;
  result.message = std::move(message);
  return result;
}

}  // namespace

RegionStorage::RegionStorage(RegionFilesOptions options, Completion done, StorageLog log)
    : options_(std::move(options)), done_(std::move(done)), log_(std::move(log)) {}

RegionStorage::~RegionStorage() { stop(); }

void RegionStorage::start() {
  std::lock_guard lock(mutex_);
  if (thread_.joinable()) return;
  stopping_ = false;
  thread_ = std::thread([this] {
    name_this_thread("Storage");
    run();
  });
}

bool RegionStorage::submit(SubmitJob job) {
  if (!anvil::is_storage_job(job.kind)) return false;
  {
    std::lock_guard lock(mutex_);
    queue_.emplace_back(std::move(job));
  }
  wake_.notify_one();
  return true;
}

void RegionStorage::write_file(StorageWrite write) {
  {
    std::lock_guard lock(mutex_);
    queue_.emplace_back(std::move(write));
  }
  wake_.notify_one();
}

void RegionStorage::flush() {
  std::promise<void> done;
  auto finished = done.get_future();
  {
    std::lock_guard lock(mutex_);
    if (!thread_.joinable()) return;
    queue_.emplace_back(Barrier{&done});
  }
  wake_.notify_one();
  finished.wait();
}

void RegionStorage::stop() {
  {
    std::lock_guard lock(mutex_);
    if (!thread_.joinable()) return;
    stopping_ = true;
  }
  wake_.notify_one();
  thread_.join();
}

void RegionStorage::run() {
  RegionFiles files(options_, log_);
  files_ = &files;
  for (;;) {
    std::vector<Item> batch;
    {
      std::unique_lock lock(mutex_);
      wake_.wait(lock, [this] { return stopping_ || !queue_.empty(); });
      if (queue_.empty() && stopping_) break;
      while (!queue_.empty() && batch.size() < kMaxBatch) {
        batch.push_back(std::move(queue_.front()));
        queue_.pop_front();
      }
    }
    process(batch);
  }
  for (const auto& [address, why] : files.flush()) {
    log_(LogLevel::kError, "Failed to save chunk " + std::to_string(address.pos.x) + ", " +
                               std::to_string(address.pos.z) + ": " + why);
  }
  files_ = nullptr;
}

void RegionStorage::report(JobId job, const StorageResult& result) {
  if (result.outcome == StorageOutcome::kError) log_(LogLevel::kError, result.message);
  done_(JobCompleted{job, anvil::encode_result(result)});
}

void RegionStorage::finish_writes(std::vector<std::pair<JobId, ChunkAddress>>& pending, bool durable) {
  const auto failures = durable ? files_->flush() : files_->commit();
  for (const auto& [job, address] : pending) {
    StorageResult result = result_of(StorageJobKind::kWriteChunk, address, StorageOutcome::kDone);
    for (const auto& [failed, why] : failures) {
      if (failed == address) {
        result.outcome = StorageOutcome::kError;
        result.message = "Failed to save chunk " + std::to_string(address.pos.x) + ", " +
                         std::to_string(address.pos.z) + ": " + why;
      }
    }
    report(job, result);
  }
  pending.clear();
}

void RegionStorage::process(std::vector<Item>& batch) {
  std::vector<std::pair<JobId, ChunkAddress>> pending;  // staged writes, acknowledged at commit
  for (Item& item : batch) {
    if (auto* write = std::get_if<StorageWrite>(&item)) {
      if (Status s = write_world_file(options_.world_folder, *write); !s) {
        log_(LogLevel::kError, "Could not save " + write->path + ": " + s.error());
      }
      continue;
    }
    if (auto* barrier = std::get_if<Barrier>(&item)) {
      finish_writes(pending, true);
      barrier->done->set_value();
      continue;
    }
    auto& job = std::get<SubmitJob>(item);
    auto request = anvil::decode_request(job.kind, job.request);
    if (!request) {
      report(job.job, result_of(static_cast<StorageJobKind>(job.kind), ChunkAddress(), StorageOutcome::kError,
                                "bad storage request: " + request.error()));
      continue;
    }
    switch (request->kind) {
      case StorageJobKind::kReadChunk:
        report(job.job, files_->read_chunk(request->address));
        break;
      case StorageJobKind::kWriteChunk: {
        // A chunk written twice in one batch: the first write commits before the second stages.
        for (const auto& [earlier, address] : pending) {
          if (address == request->address) {
            finish_writes(pending, false);
            break;
          }
        }
        if (Status s = files_->stage_chunk(request->address, request->nbt); !s) {
          report(job.job, result_of(StorageJobKind::kWriteChunk, request->address, StorageOutcome::kError,
                                    "Failed to save chunk: " + s.error()));
        } else {
          pending.emplace_back(job.job, request->address);
        }
        break;
      }
      case StorageJobKind::kReadPlayer:
        // Whole-file writes are carried out in queue order above, so the read sees every earlier save.
        done_(JobCompleted{job.job, anvil::encode_result(read_player_file(options_.world_folder, request->file))});
        break;
      case StorageJobKind::kFlush:
        finish_writes(pending, true);
        report(job.job, result_of(StorageJobKind::kFlush, request->address, StorageOutcome::kDone));
        break;
    }
  }
  finish_writes(pending, false);
}

}  // namespace hz
