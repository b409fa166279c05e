// The recorder's background thread: turns the passes handed over by the server thread into
// records, frames them, compresses them and writes them, rotating files by size and time.
#pragma once

#include <atomic>
#include <chrono>
#include <condition_variable>
#include <cstdint>
#include <deque>
#include <functional>
#include <mutex>
#include <optional>
#include <string>
#include <thread>
#include <variant>
#include <vector>

#include "replay/format/frame_builder.h"
#include "replay/format/records.h"
#include "replay/recorder/recomputable_jobs.h"
#include "replay/recorder/trace_output.h"

namespace hz {

// A packet the core sent, not yet hashed: the body is shared and immutable, so the writer thread
// can hash it later without copying it on the server thread.
struct PendingPacket {
  ConnId conn = 0;
  SharedBytes body;
};

// The core's state after a pass, as the server thread took it (Recorder).
struct PendingSnapshot {
  int64_t tick = 0;
  uint64_t state_hash = 0;
  Bytes core;  // Core::write_snapshot_parts()
};

// Reads a snapshot's bytes into a fresh core and compares its state hash with the one taken;
// the reason when they do not agree.
using SnapshotCheck = std::function<Status(std::span<const uint8_t> core, uint64_t state_hash)>;

// One loop pass as the server thread hands it over.
struct PendingPass {
  std::vector<Input> inputs;
  std::vector<int64_t> clock_reads;
  // Submitted jobs stay whole until the writer has noted them (RecomputableJobs).
  std::vector<std::variant<Record, PendingPacket, SubmitJob>> effects;
  Record end = IterationEndRecord{};  // IterationEndRecord, StartedRecord or StoppedRecord
  // False without packet notes (horizon-record-packet-notes=false): job submissions are not
  // noted either, only read for RecomputableJobs.
  bool note_jobs = true;
  // The core's state after this pass, written after its records when the snapshot is due.
  std::optional<PendingSnapshot> snapshot;
};

// The pass's records in file order: inputs, clock reads, effects, then the pass record. Results
// replay can rebuild (RecomputableJobs) become JobRecomputed records.
void append_pass_records(PendingPass&& pass, std::vector<Record>& out, RecomputableJobs& jobs);

struct RotationPolicy {
  uint64_t max_file_bytes = 256ull << 20;
  int64_t max_file_nanos = 3600ll * 1'000'000'000;  // recorded clock time per file
};

class TraceWriter {
 public:
  // Passes waiting beyond this many bytes make submit() wait: the trace stays complete.
  static constexpr size_t kMaxQueuedBytes = 512u << 20;
  // The writer wakes when this much waits, or by itself every kWriterPeriod.
  static constexpr size_t kPassesPerWake = 16;
  static constexpr size_t kBytesPerWake = 4u << 20;
  static constexpr std::chrono::milliseconds kWriterPeriod{100};

  // Starts the thread; the first file is named after header.session. Each snapshot is checked
  // with `check` before it is written (none: written unchecked); one that fails is left out and
  // close() reports it.
  TraceWriter(TraceHeader header, TraceOutput& output, RotationPolicy rotation = {}, FrameLimits frames = {},
              SnapshotCheck check = {});
  ~TraceWriter();
  TraceWriter(const TraceWriter&) = delete;
  TraceWriter& operator=(const TraceWriter&) = delete;

  void submit(PendingPass pass);

  // With snapshots on (Recorder::set_snapshot_interval, before the first pass), a due rotation
  // waits for the next snapshot and happens just before it, so every file after the first starts
  // with one and replays alone. The wait depends only on the passes, so a trace's files are cut
  // at the same places whatever the threads' timing.
  void set_snapshots_start_files(bool on) { snapshots_start_files_.store(on, std::memory_order_relaxed); }
  // Writes everything submitted, closes the file and stops the thread. The first error, if any.
  Status close();

  static std::string file_name(const std::string& session, uint32_t index);

  // Passes submitted and not yet written (queued or being written), and their estimated bytes.
  // Any thread: the metrics endpoint reads it while the server thread submits.
  struct Backlog {
    size_t passes = 0;
    size_t bytes = 0;
  };
  Backlog backlog() const {
    return {backlog_passes_.load(std::memory_order_relaxed), backlog_bytes_.load(std::memory_order_relaxed)};
  }

 private:
  void run();
  bool writer_due() const;  // with mutex_ held
  void write_pass(PendingPass&& pass);
  // After the pass it followed: a new frame holding the snapshot's pieces.
  void write_snapshot(PendingSnapshot&& snapshot);
  void write_frames();
  void start_file();
  bool rotation_due() const;
  void rotate();
  void fail(const Status& status);

  TraceHeader header_;
  TraceOutput& output_;
  RotationPolicy rotation_;
  FrameLimits frame_limits_;
  SnapshotCheck check_;

  // Shared with the server thread.
  std::mutex mutex_;
  std::condition_variable wake_;
  std::condition_variable room_;
  std::deque<PendingPass> queue_;
  size_t queued_bytes_ = 0;
  bool closing_ = false;
  std::atomic<size_t> backlog_passes_{0};
  std::atomic<size_t> backlog_bytes_{0};
  std::atomic<bool> snapshots_start_files_{false};

  // Writer thread only (read by close() after the join).
  std::optional<FrameBuilder> builder_;
  std::vector<Bytes> frames_;
  std::vector<Record> records_;
  RecomputableJobs jobs_;  // jobs submitted whose results may be recorded as hashes
  uint64_t chain_ = 0;
  uint64_t file_bytes_ = 0;
  std::optional<int64_t> file_first_clock_;
  int64_t last_clock_ = 0;
  std::optional<std::string> error_;
  std::optional<std::string> snapshot_problem_;  // the first snapshot left out, and why

  std::thread thread_;
};

}  // namespace hz
