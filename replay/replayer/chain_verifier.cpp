#include "replay/replayer/chain_verifier.h"

#include <utility>

#include "sim/core/build_info.h"

namespace hz {

bool ChainVerifier::fail(std::string problem) {
  result_.outcome = VerifyResult::Outcome::kUnreadable;
  result_.problem = std::move(problem);
  done_ = true;
  return false;
}

bool ChainVerifier::check_link(const TraceHeader& h, const std::string& name) {
  const TraceHeader& prev = *previous_;
  std::string where = name + ": ";
  if (truncated_) return fail(where + "the previous file of the chain ends in a truncated frame");
  if (h.session != first_->session) return fail(where + "belongs to session " + h.session + ", not " + first_->session);
  if (h.file_index != prev.file_index + 1)
    return fail(where + "is file " + std::to_string(h.file_index) + " of the session; expected file " +
                std::to_string(prev.file_index + 1));
  if (replayer_->in_pass()) return fail(where + "the previous file ends inside a pass");
  if (h.first_iteration != replayer_->iterations() || h.chain_digest != replayer_->chain_digest())
    return fail(where + "does not continue the previous file (pass " + std::to_string(h.first_iteration) +
                " expected " + std::to_string(replayer_->iterations()) + ", or a chain digest mismatch)");
  return true;
}

bool ChainVerifier::add_file(std::span<const uint8_t> bytes, const std::string& name) {
  if (done_) return false;
  TraceReader reader(bytes);
  if (!reader.header()) return fail(name + ": " + reader.damage()->describe());
  const TraceHeader& header = *reader.header();
  if (!first_) {
    auto replayer = Replayer::create(header);
    if (!replayer) return fail(name + ": " + replayer.error());
    replayer_ = std::move(*replayer);
    replayer_->set_observer(observer_);
    first_ = header;
    if (header.build_id != build_id())
      result_.notes.push_back("recorded by build " + header.build_id + ", replayed by build " + build_id());
  } else if (!check_link(header, name)) {
    return false;
  }
  previous_ = header;
  ++result_.files;
  while (auto frame = reader.next_frame()) {
    bool replayed = false;
    for (const Record& r : frame->records) {
      if (!wanted(r)) continue;
      if (!std::exchange(replayed, true)) ++result_.frames;
      if (first_record_) {
        first_record_ = false;
        const bool from_snapshot = std::holds_alternative<SnapshotRecord>(r);
        if ((header.file_index != 0 || header.first_iteration != 0) && !from_snapshot)
          return fail(name + ": file " + std::to_string(header.file_index) + " of session " + header.session +
                      "; replay needs the files before it (" + header.session + "-0000.hztrace onwards)");
      }
      if (!replayer_->feed(r)) {
        result_.outcome = VerifyResult::Outcome::kDiverged;
        result_.divergence = replayer_->divergence();
        result_.divergence_file = name;
        done_ = true;
        return false;
      }
      if (is_stop_point(r)) {
        reached_stop_ = done_ = true;
        return false;
      }
    }
  }
  if (start_snapshot_tick_) return fail(name + ": no snapshot at tick " + std::to_string(*start_snapshot_tick_));
  if (reader.damage()) {
    if (!reader.damage()->tolerated()) return fail(name + ": " + reader.damage()->describe());
    truncated_ = true;
    result_.notes.push_back(name + ": " + reader.damage()->describe() + "; the passes before it were verified");
  }
  return true;
}

bool ChainVerifier::wanted(const Record& record) {
  if (!start_snapshot_tick_) return true;
  auto* piece = std::get_if<SnapshotRecord>(&record);
  if (!piece || piece->piece != 0 || piece->tick != *start_snapshot_tick_) return false;
  start_snapshot_tick_.reset();
  return true;
}

bool ChainVerifier::is_stop_point(const Record& record) const {
  auto* piece = std::get_if<SnapshotRecord>(&record);
  return piece && stop_snapshot_tick_ && piece->tick == *stop_snapshot_tick_ && piece->piece + 1 == piece->pieces &&
         replayer_->resumed_at_tick() != piece->tick;  // the snapshot replay started from is no stop
}

VerifyResult ChainVerifier::finish() {
  if (!first_ && result_.outcome == VerifyResult::Outcome::kIdentical) fail("no trace files");
  if (replayer_) {
    result_.iterations = replayer_->iterations();
    result_.passes_replayed = replayer_->iterations() - replayer_->first_pass();
    result_.inputs = replayer_->inputs_replayed();
    result_.last_tick = replayer_->tick();
    result_.resumed_at_tick = replayer_->resumed_at_tick();
    result_.snapshots_checked = replayer_->snapshots_checked();
    result_.first_clock = replayer_->first_clock();
    result_.last_clock = replayer_->last_clock();
    if (result_.first_clock) result_.recorded_nanos = result_.last_clock - *result_.first_clock;
    if (result_.outcome == VerifyResult::Outcome::kIdentical && !replayer_->started())
      fail("the trace holds no start pass");
  }
  done_ = true;
  return result_;
}

}  // namespace hz
