#include "replay/format/frame_builder.h"

#include "sim/core/check.h"

namespace hz {

FrameBuilder::FrameBuilder(uint64_t first_iteration, int64_t first_tick, FrameLimits limits)
    : limits_(limits), next_iteration_(first_iteration), tick_(first_tick) {
  open_.first_iteration = first_iteration;
  open_.first_tick = first_tick;
}

void FrameBuilder::add(const Record& record, std::vector<Bytes>& frames) {
  encoder_.add(record);
  if (auto* clock = std::get_if<ClockReadRecord>(&record)) {
    if (!first_clock_) first_clock_ = clock->nanos;
    last_clock_ = clock->nanos;
  } else if (auto* end = std::get_if<IterationEndRecord>(&record)) {
    ++next_iteration_;
    tick_ = end->digest.tick;
  } else if (auto* stopped = std::get_if<StoppedRecord>(&record)) {
    tick_ = stopped->digest.tick;
  }
  at_pass_boundary_ = ends_pass(record);
  bool full = encoder_.size() >= limits_.max_raw_bytes;
  if (at_pass_boundary_) {
    bool long_enough = first_clock_ && *last_clock_ - *first_clock_ >= limits_.max_span_nanos;
    if (full || long_enough) close(false, frames);
  } else if (full) {
    close(true, frames);
  }
}

void FrameBuilder::flush(std::vector<Bytes>& frames) {
  if (!empty()) close(false, frames);
}

void FrameBuilder::close(bool continues, std::vector<Bytes>& frames) {
  // A reader replays whole passes: a frame that ends inside one is damage ("not ending at a pass
  // boundary"), so the writer must never produce it. Only a single pass larger than the frame
  // budget may continue into the next frame, and it says so in its flags.
  HZ_CHECK(continues ? encoder_.size() >= limits_.max_raw_bytes : at_pass_boundary_,
           "a trace frame closes only at a pass boundary (after Started, IterationEnd or Stopped)");
  open_.continues = continues;
  frames.push_back(encode_frame_payload(encoder_.take(), open_, limits_.zstd_level));
  open_ = FrameInfo{};
  open_.first_iteration = next_iteration_;
  open_.first_tick = tick_;
  first_clock_.reset();
  last_clock_.reset();
}

}  // namespace hz
