// Vanilla's client-side batch timing: each batch's time per chunk, clamped to a third..three
// times the running figure, joins a weighted average that remembers up to 49 samples.
#include "tools/bots/chunk_rate.h"

#include <algorithm>

namespace hz::bots {

void ChunkRate::on_batch_finished(int64_t now_ns, int32_t batch_size) {
  if (batch_size <= 0) return;
  double per_chunk = static_cast<double>(now_ns - batch_start_ns_) / batch_size;
  double clamped = std::clamp(per_chunk, nanos_per_chunk_ / kClampCoefficient, nanos_per_chunk_ * kClampCoefficient);
  nanos_per_chunk_ = (nanos_per_chunk_ * old_samples_weight_ + clamped) / (old_samples_weight_ + 1);
  old_samples_weight_ = std::min(kMaxOldSamplesWeight, old_samples_weight_ + 1);
}

float ChunkRate::desired_chunks_per_tick() const {
  return static_cast<float>(kTargetNanosPerTick / nanos_per_chunk_);
}

}  // namespace hz::bots
