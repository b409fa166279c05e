// Verifies a recorded session: the files of one session in order (a rotated session is a chain:
// each later file continues where the previous one ended), replayed through one core.
#pragma once

#include <cstdint>
#include <memory>
#include <optional>
#include <span>
#include <string>
#include <vector>

#include "replay/format/trace_file.h"
#include "replay/replayer/replayer.h"

namespace hz {

struct VerifyResult {
  enum class Outcome { kIdentical, kDiverged, kUnreadable };
  Outcome outcome = Outcome::kIdentical;
  std::optional<Divergence> divergence;
  std::string problem;             // why the trace could not be verified (kUnreadable)
  std::vector<std::string> notes;  // tolerated damage, build differences
  uint64_t files = 0;
  uint64_t frames = 0;  // frames replayed (those skipped to reach a snapshot not counted)
  uint64_t iterations = 0;      // the session-wide pass count reached
  uint64_t passes_replayed = 0;  // of those, the passes this replay ran (fewer from a snapshot)
  uint64_t inputs = 0;
  int64_t last_tick = 0;
  int64_t recorded_nanos = 0;   // recorded clock time covered
  std::optional<int64_t> first_clock;  // the first and last recorded clock values replayed
  int64_t last_clock = 0;
  std::optional<int64_t> resumed_at_tick;  // replay started from the snapshot at this tick
  uint64_t snapshots_checked = 0;          // snapshots met later and found to match the replay
  std::string divergence_file;  // the file holding the diverging pass
};

class ChainVerifier {
 public:
  ChainVerifier() = default;
  // `observer` sees every pass that replayed identically (Replayer::set_observer); not owned.
  explicit ChainVerifier(PassObserver* observer) : observer_(observer) {}

  // Replay starts from the snapshot taken at `tick` in the first file fed, skipping the records
  // before it (horizon-trace verify --from-tick). Call before add_file.
  void start_at_snapshot(int64_t tick) { start_snapshot_tick_ = tick; }
  // Replay ends once the snapshot taken at `tick` was met and matched the replayed core: a
  // segment of the session (verify --jobs). add_file then returns false; finish() says identical.
  void stop_after_snapshot(int64_t tick) { stop_snapshot_tick_ = tick; }
  // Whether replay ended at the stop_after_snapshot point.
  bool reached_stop() const { return reached_stop_; }

  // Feeds the session's next file. Returns false when verification cannot go on (divergence or
  // damage); later files are then ignored. The first file fed must start the session, start
  // with a snapshot, or hold the snapshot given to start_at_snapshot.
  bool add_file(std::span<const uint8_t> bytes, const std::string& name);
  VerifyResult finish();
  // The header of the session's first file, once it was read.
  const std::optional<TraceHeader>& first_header() const { return first_; }

 private:
  bool fail(std::string problem);
  bool check_link(const TraceHeader& header, const std::string& name);
  // Whether replay should see the record: false for records before the snapshot replay starts at.
  bool wanted(const Record& record);
  // The last piece of the snapshot replay stops after (it was fed, so it matched).
  bool is_stop_point(const Record& record) const;

  PassObserver* observer_ = nullptr;
  std::unique_ptr<Replayer> replayer_;
  std::optional<TraceHeader> first_;
  std::optional<TraceHeader> previous_;
  bool truncated_ = false;  // the previous file ended in a truncated frame
  VerifyResult result_;
  bool done_ = false;
  std::optional<int64_t> start_snapshot_tick_;  // records are skipped until this snapshot's first piece
  std::optional<int64_t> stop_snapshot_tick_;
  bool reached_stop_ = false;
  bool first_record_ = true;                    // of the first file fed
};

}  // namespace hz
