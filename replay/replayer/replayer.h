// Replays a recorded session: builds the core from the trace header, feeds each pass its
// recorded inputs with a clock that answers the recorded values, and compares every digest.
#pragma once

#include <deque>
#include <map>
#include <memory>
#include <optional>
#include <span>
#include <string>
#include <vector>

#include "replay/format/connection_tracker.h"
#include "replay/format/records.h"
#include "replay/format/snapshot_pieces.h"
#include "replay/replayer/ahead_jobs.h"
#include "replay/replayer/divergence.h"
#include "sim/core/clock.h"
#include "sim/core/effect_buffer.h"
#include "sim/core/effect_digest.h"
#include "sim/core/result.h"
#include "sim/game/core.h"
#include "sim/world/anvil/storage_jobs.h"

namespace hz {

// Answers the core's clock reads with one pass's recorded values, in order, and counts reads
// beyond them (answered with the last value so the pass can finish and be compared).
class ReplayClock final : public Clock {
 public:
  void load(std::vector<int64_t> values);
  int64_t now_nanos() override;
  // Wall-clock reads are recorded in the same sequence as the monotonic ones.
  int64_t wall_millis() override { return now_nanos(); }
  size_t recorded() const { return values_.size(); }
  const std::vector<int64_t>& values() const { return values_; }
  size_t reads() const { return next_ + extra_; }
  bool exact() const { return next_ == values_.size() && extra_ == 0; }

 private:
  std::vector<int64_t> values_;
  size_t next_ = 0;
  size_t extra_ = 0;
  int64_t last_ = 0;
};

// What one replayed pass did, for tools that turn a replay into something else (export): the
// recorded clock values the core read, the pass's inputs and the effects the replay produced.
struct ReplayedPass {
  Divergence::Pass kind = Divergence::Pass::kIteration;  // kStart, kIteration or kStop
  uint64_t iteration = 0;                                // session-wide index of the pass
  std::span<const int64_t> clock;
  std::span<const Input> inputs;
  std::span<const Effect> effects;  // empty for the start pass (its effects count with the next)
};

class PassObserver {
 public:
  virtual ~PassObserver() = default;
  // Called for each pass that replayed identically, in order.
  virtual void on_pass(const ReplayedPass& pass) = 0;
};

// The core configuration a header describes.
Result<CoreConfig> core_config_from_header(const TraceHeader& header);

class Replayer {
 public:
  static constexpr size_t kRecentPasses = 4;

  // A replayer for the session `header` belongs to. Replay starts with the session's start pass,
  // or with the first snapshot fed: the core is read from it (a file that does not start the
  // session must start with one).
  static Result<std::unique_ptr<Replayer>> create(const TraceHeader& header);
  ~Replayer();

  // Feeds the next record. Returns false once a divergence was found; later records are ignored.
  bool feed(const Record& record);

  // Sees every pass that replayed identically; null for none. Not owned.
  void set_observer(PassObserver* observer) { observer_ = observer; }

  const std::optional<Divergence>& divergence() const { return divergence_; }
  uint64_t iterations() const { return iterations_; }  // passes completed (the next one's index)
  int64_t tick() const { return core_->tick_count(); }
  uint64_t chain_digest() const { return chain_; }
  bool started() const { return started_; }
  // The tick of the snapshot replay started from, if it did not start at the session's start.
  std::optional<int64_t> resumed_at_tick() const { return resumed_at_tick_; }
  // The session-wide number of the first pass this replay ran (0 from the session's start).
  uint64_t first_pass() const { return first_pass_; }
  // Snapshots met after the start and found to match the replayed core.
  uint64_t snapshots_checked() const { return snapshots_checked_; }
  bool stopped() const { return stopped_; }
  // Records of a pass that has not ended yet (a trace cut short).
  bool in_pass() const { return !pending_inputs_.empty() || !pending_clock_.empty() || !recorded_effects_.empty(); }
  uint64_t inputs_replayed() const { return inputs_replayed_; }
  // The replayed core as a snapshot, between passes: a trace may start with it and go on with the
  // passes that follow here (horizon-trace minimize).
  TraceSnapshot snapshot() const;
  // The inputs read so far of the pass not yet ended, recomputed results whole.
  std::span<const Input> pending_inputs() const { return pending_inputs_; }
  // First and last recorded clock values seen (for replay speed against recorded time).
  std::optional<int64_t> first_clock() const { return first_clock_; }
  int64_t last_clock() const { return last_clock_; }

 private:
  // The core's sink: collects each pass's effects for the report. During the final save, which
  // runs outside run_iteration, they are also digested here, as the recorder digests them.
  class ReplaySink final : public EffectSink {
   public:
    ReplaySink() : stop_digest(collected) {}
    void emit(Effect effect) override {
      if (stopping)
        stop_digest.emit(std::move(effect));
      else
        collected.emit(std::move(effect));
    }
    EffectBuffer collected;
    DigestingSink stop_digest;  // forwards to `collected`
    bool stopping = false;
  };

  Replayer(CoreConfig config, bool needs_snapshot);
  bool on_snapshot_piece(const SnapshotRecord& piece);
  // Starts replay from a snapshot: the core reads its state and must have its state hash.
  void resume(const TraceSnapshot& snapshot);
  // A snapshot met during replay must describe the replayed core; from it on, recomputed results
  // lean on nothing before it (RecomputableJobs::start_epoch).
  void check_snapshot(const TraceSnapshot& snapshot);
  void resume_tracker();
  void run_start();
  void run_iteration(const PassDigest& recorded);
  void run_stop(const PassDigest& recorded);
  // Follows the pass's inputs through the connection tracker (for naming packets).
  PassNote track_pass(int64_t tick_after);
  void finish_pass(const PassDigest& recorded, const IterationDigest& replayed, Divergence::Pass kind);
  // The first packet to `conn` whose recorded note and replayed record differ, if any.
  std::optional<PacketMismatch> first_mismatch(ConnId conn, const std::vector<const OutboundRecord*>& recorded,
                                               const std::vector<const OutboundRecord*>& replayed);
  Divergence describe(const PassDigest& recorded, const IterationDigest& replayed, Divergence::Pass kind);
  void format_problem(std::string note);
  // Jobs the replayed core submitted since the last look: pure jobs' requests, chunk reads'
  // addresses and the NBT of chunk writes, for rebuilding results.
  void note_submitted_jobs();
  // A JobRecomputed record: runs the pure job again or reads back the chunk the session wrote,
  // and queues the result as the input.
  bool recompute(const JobRecomputedRecord& recorded);
  std::optional<Bytes> rebuild_result(const JobRecomputedRecord& recorded, std::string& problem);

  ReplayClock clock_;
  ReplaySink sink_;
  PassObserver* observer_ = nullptr;
  bool packets_noted_ = true;  // the recording noted each packet (horizon-record-packet-notes)
  std::unique_ptr<Core> core_;
  ConnectionTracker tracker_;

  std::vector<Input> pending_inputs_;
  std::vector<int64_t> pending_clock_;
  std::vector<Record> recorded_effects_;
  AheadJobs pure_jobs_;  // submitted by the replayed core, not yet completed
  std::map<JobId, anvil::ChunkAddress> chunk_reads_;  // the same for chunk reads
  std::map<anvil::ChunkAddress, Bytes> chunks_written_;  // the NBT the replayed core last wrote
  size_t effects_seen_ = 0;               // of sink_.collected, looked at for submitted jobs
  std::map<ConnId, std::vector<ProtocolState>> recorded_states_;  // per connection, per recorded packet
  std::deque<PassNote> recent_;
  SnapshotAssembler snapshots_;
  bool needs_snapshot_ = false;  // the header does not start the session
  std::optional<int64_t> resumed_at_tick_;
  uint64_t first_pass_ = 0;
  uint64_t snapshots_checked_ = 0;

  std::optional<Divergence> divergence_;
  bool started_ = false;
  bool stopped_ = false;
  uint64_t iterations_ = 0;
  uint64_t chain_ = 0;
  uint64_t inputs_replayed_ = 0;
  std::optional<int64_t> first_clock_;
  int64_t last_clock_ = 0;
};

}  // namespace hz
