#include "replay/recorder/recorder.h"

#include <chrono>

#include "sim/game/core.h"

namespace hz {

int64_t Recorder::NotingClock::now_nanos() {
  int64_t value = inner_.now_nanos();
  reads.push_back(value);
  return value;
}

int64_t Recorder::NotingClock::wall_millis() {
  int64_t value = inner_.wall_millis();
  reads.push_back(value);
  return value;
}

void Recorder::NotingSink::emit(Effect effect) {
  if (auto* send = std::get_if<SendPacket>(&effect)) {
    if (note_packets_) noted.emplace_back(PendingPacket{send->conn, send->body});
  } else if (auto* job = std::get_if<SubmitJob>(&effect))
    noted.emplace_back(*job);  // the writer reads storage requests (a copy: the shell takes these)
  else
    noted.emplace_back(effect_as_record(effect));
  if (stopping)
    stop_digest_.emit(std::move(effect));
  else
    inner_.emit(std::move(effect));
}

Recorder::Recorder(Clock& clock, EffectSink& sink, std::unique_ptr<TraceWriter> writer, bool note_packets)
    : clock_(clock), sink_(sink, note_packets), writer_(std::move(writer)) {}

Recorder::~Recorder() { (void)close(); }

void Recorder::hand_over(std::vector<Input> inputs, Record end, std::optional<PendingSnapshot> snapshot) {
  PendingPass pass;
  pass.snapshot = std::move(snapshot);
  pass.inputs = std::move(inputs);
  pass.clock_reads.swap(clock_.reads);
  // Effects before the first iteration (construction, start) are counted in its digest by the
  // core, so they stay for it.
  if (!std::holds_alternative<StartedRecord>(end)) pass.effects.swap(sink_.noted);
  pass.end = std::move(end);
  pass.note_jobs = sink_.notes_packets();
  if (writer_) writer_->submit(std::move(pass));
}

void Recorder::started() {
  if (!clock_.reads.empty()) last_snapshot_clock_ = clock_.reads.back();
  hand_over({}, StartedRecord{});
}

void Recorder::set_snapshot_interval(int64_t nanos) {
  snapshot_interval_ = nanos;
  if (writer_) writer_->set_snapshots_start_files(nanos > 0);
}

std::optional<PendingSnapshot> Recorder::snapshot_if_due(const Core& core, const IterationDigest& digest) {
  if (snapshot_interval_ <= 0 || clock_.reads.empty()) return std::nullopt;
  const int64_t now = clock_.reads.back();
  if (!last_snapshot_clock_) last_snapshot_clock_ = now;
  if (now - *last_snapshot_clock_ < snapshot_interval_) return std::nullopt;
  last_snapshot_clock_ = now;
  // On the server thread, between two passes: the state must not move while it is written.
  const auto began = std::chrono::steady_clock::now();
  // Sized for the last snapshot and a little more: the world grows between them.
  const size_t last = last_snapshot_bytes_.load(std::memory_order_relaxed);
  const size_t expected = last + last / 8;
  PendingSnapshot snapshot{digest.tick, digest.state, core.write_snapshot_parts(expected)};
  const auto pause = std::chrono::steady_clock::now() - began;
  last_snapshot_pause_.store(std::chrono::duration_cast<std::chrono::nanoseconds>(pause).count(),
                             std::memory_order_relaxed);
  last_snapshot_bytes_.store(snapshot.core.size(), std::memory_order_relaxed);
  snapshots_taken_.fetch_add(1, std::memory_order_relaxed);
  return snapshot;
}

void Recorder::end_iteration(std::vector<Input> inputs, const IterationDigest& digest, const Core* core) {
  std::optional<PendingSnapshot> snapshot = core ? snapshot_if_due(*core, digest) : std::nullopt;
  hand_over(std::move(inputs), IterationEndRecord{pass_digest(digest)}, std::move(snapshot));
}

void Recorder::begin_stop() { sink_.stopping = true; }

void Recorder::end_stop(int64_t tick, uint64_t state_hash) {
  IterationDigest digest = sink_.stop_digest().take();
  digest.tick = tick;
  digest.state = state_hash;
  sink_.stopping = false;
  hand_over({}, StoppedRecord{pass_digest(digest)});
}

Status Recorder::close() {
  if (!writer_) return Status::success();
  Status s = writer_->close();
  writer_.reset();
  return s;
}

IterationDigest run_recorded_iteration(Core& core, std::vector<Input> inputs, Recorder* recorder) {
  IterationDigest digest = core.run_iteration(inputs);
  if (recorder) recorder->end_iteration(std::move(inputs), digest, &core);
  return digest;
}

void save_everything_recorded(Core& core, Recorder* recorder) {
  if (recorder) recorder->begin_stop();
  core.save_everything();
  if (recorder) recorder->end_stop(core.tick_count(), core.state_hash());
}

}  // namespace hz
