// The server thread's side of recording: a clock and an effect sink that note what the core
// reads and emits, and the hand-over of each finished pass to the writer thread. Nothing here
// hashes, serializes or touches a file.
#pragma once

#include <atomic>
#include <memory>
#include <optional>
#include <span>
#include <vector>

#include "replay/recorder/trace_writer.h"
#include "sim/core/clock.h"
#include "sim/core/effect_digest.h"
#include "sim/core/effects.h"

namespace hz {

class Core;

class Recorder {
 public:
  // `clock` and `sink` are the real ones the core would otherwise use; the recorder passes
  // every read and effect through to them.
  // Without `note_packets` the trace keeps no Outbound or JobSubmitted records: each pass's digest
  // alone stands for what every connection was sent and every job (horizon-record-packet-notes).
  Recorder(Clock& clock, EffectSink& sink, std::unique_ptr<TraceWriter> writer, bool note_packets = true);
  ~Recorder();
  Recorder(const Recorder&) = delete;
  Recorder& operator=(const Recorder&) = delete;

  // Give these to the core instead of the real ones.
  Clock& clock() { return clock_; }
  EffectSink& sink() { return sink_; }

  // After Core::start(): its clock read becomes the trace's first pass.
  void started();
  // Snapshots of the core every `nanos` of recorded clock time (horizon-trace-snapshot-minutes);
  // 0, the default, takes none.
  // With snapshots on, each file after the first starts with one (TraceWriter).
  void set_snapshot_interval(int64_t nanos);
  // After Core::run_iteration(inputs) returned `digest`; takes the inputs it was given. Given the
  // core, it also takes the core's snapshot when one is due.
  void end_iteration(std::vector<Input> inputs, const IterationDigest& digest, const Core* core = nullptr);
  // Around the final save: effects in between are digested together as the Stopped pass.
  void begin_stop();
  void end_stop(int64_t tick, uint64_t state_hash);
  // The snapshots taken so far, the last one's size and how long the server thread paused to
  // write it; any thread (the metrics endpoint reads them).
  struct SnapshotStats {
    uint64_t taken = 0;
    uint64_t last_bytes = 0;
    int64_t last_pause_nanos = 0;
  };
  SnapshotStats snapshot_stats() const {
    return {snapshots_taken_.load(std::memory_order_relaxed), last_snapshot_bytes_.load(std::memory_order_relaxed),
            last_snapshot_pause_.load(std::memory_order_relaxed)};
  }
  // The writer's queue; any thread, until close().
  TraceWriter::Backlog backlog() const { return writer_ ? writer_->backlog() : TraceWriter::Backlog{}; }
  // Writes what is left and stops the writer thread; the first write error, if any.
  Status close();

 private:
  class NotingClock final : public Clock {
   public:
    explicit NotingClock(Clock& inner) : inner_(inner) {}
    int64_t now_nanos() override;
    // Recorded among the other reads, in order: replay answers each read with the next value.
    int64_t wall_millis() override;
    std::vector<int64_t> reads;

   private:
    Clock& inner_;
  };
  class NotingSink final : public EffectSink {
   public:
    NotingSink(EffectSink& inner, bool note_packets)
        : inner_(inner), stop_digest_(inner), note_packets_(note_packets) {}
    void emit(Effect effect) override;
    std::vector<std::variant<Record, PendingPacket, SubmitJob>> noted;
    bool stopping = false;
    DigestingSink& stop_digest() { return stop_digest_; }
    bool notes_packets() const { return note_packets_; }

   private:
    EffectSink& inner_;
    DigestingSink stop_digest_;
    bool note_packets_;
  };

  void hand_over(std::vector<Input> inputs, Record end, std::optional<PendingSnapshot> snapshot = std::nullopt);
  // The core's snapshot when the pass whose clock reads are noted ends the interval (`digest` is
  // that pass's, so the state hash is not computed twice).
  std::optional<PendingSnapshot> snapshot_if_due(const Core& core, const IterationDigest& digest);

  NotingClock clock_;
  NotingSink sink_;
  std::unique_ptr<TraceWriter> writer_;
  int64_t snapshot_interval_ = 0;
  std::optional<int64_t> last_snapshot_clock_;  // the interval counts from here (start, then each snapshot)
  std::atomic<uint64_t> snapshots_taken_{0};
  std::atomic<uint64_t> last_snapshot_bytes_{0};
  std::atomic<int64_t> last_snapshot_pause_{0};
};

// The live loop's pass with recording when a recorder is given.
IterationDigest run_recorded_iteration(Core& core, std::vector<Input> inputs, Recorder* recorder);
// The final save with recording when a recorder is given.
void save_everything_recorded(Core& core, Recorder* recorder);

}  // namespace hz
