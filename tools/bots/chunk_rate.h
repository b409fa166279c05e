// The chunk rate a bot asks the server for, computed the way vanilla's client does
// (ChunkBatchSizeCalculator): a smoothed time per chunk measured over each batch.
#pragma once

#include <cstdint>

namespace hz::bots {

class ChunkRate {
 public:
  // Times are nanoseconds from any monotonic clock.
  void on_batch_start(int64_t now_ns) { batch_start_ns_ = now_ns; }
  void on_batch_finished(int64_t now_ns, int32_t batch_size);
  // The rate to send in chunk_batch_received: 7 ms of client work per tick.
  float desired_chunks_per_tick() const;
  double nanos_per_chunk() const { return nanos_per_chunk_; }

 private:
  static constexpr double kStartNanosPerChunk = 2000000.0;
  static constexpr int kMaxOldSamplesWeight = 49;
  static constexpr double kClampCoefficient = 3.0;
  static constexpr double kTargetNanosPerTick = 7000000.0;

  double nanos_per_chunk_ = kStartNanosPerChunk;
  int old_samples_weight_ = 1;
  int64_t batch_start_ns_ = 0;
};

}  // namespace hz::bots
