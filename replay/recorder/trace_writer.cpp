#include "replay/recorder/trace_writer.h"

#include <chrono>
#include <cstdio>

#include "replay/format/snapshot_pieces.h"
#include "replay/format/trace_file.h"

namespace hz {
namespace {

size_t pass_bytes(const PendingPass& pass) {
  size_t n = 64 + pass.clock_reads.size() * 8;
  for (const Input& in : pass.inputs) {
    if (auto* b = std::get_if<BytesReceived>(&in)) n += b->bytes.size();
    n += 16;
  }
  for (const auto& e : pass.effects) {
    if (auto* p = std::get_if<PendingPacket>(&e)) n += p->body->size();
    if (auto* job = std::get_if<SubmitJob>(&e)) n += job->request.size();
    n += 32;
  }
  if (pass.snapshot) n += pass.snapshot->core.size();
  return n;
}

int64_t unix_millis() {
  return std::chrono::duration_cast<std::chrono::milliseconds>(std::chrono::system_clock::now().time_since_epoch())
      .count();
}

}  // namespace

void append_pass_records(PendingPass&& pass, std::vector<Record>& out, RecomputableJobs& jobs) {
  for (Input& in : pass.inputs) out.push_back(jobs.record_for(std::move(in)));
  for (int64_t nanos : pass.clock_reads) out.push_back(ClockReadRecord{nanos});
  for (auto& e : pass.effects) {
    if (auto* p = std::get_if<PendingPacket>(&e)) {
      out.push_back(outbound_record(p->conn, *p->body));
    } else if (auto* job = std::get_if<SubmitJob>(&e)) {
      jobs.note(*job);
      if (pass.note_jobs) out.push_back(effect_as_record(std::move(*job)));
    } else {
      out.push_back(std::move(std::get<Record>(e)));
    }
  }
  out.push_back(std::move(pass.end));
}

std::string TraceWriter::file_name(const std::string& session, uint32_t index) {
  char seq[16];
  std::snprintf(seq, sizeof seq, "%04u", index);
  return session + "-" + seq + ".hztrace";
}

TraceWriter::TraceWriter(TraceHeader header, TraceOutput& output, RotationPolicy rotation, FrameLimits frames,
                         SnapshotCheck check)
    : header_(std::move(header)), output_(output), rotation_(rotation), frame_limits_(frames),
      check_(std::move(check)) {
  chain_ = header_.chain_digest;
  thread_ = std::thread([this] { run(); });
}

TraceWriter::~TraceWriter() { (void)close(); }

void TraceWriter::submit(PendingPass pass) {
  size_t bytes = pass_bytes(pass);
  std::unique_lock lock(mutex_);
  room_.wait(lock, [&] { return queued_bytes_ + bytes <= kMaxQueuedBytes || queue_.empty() || closing_; });
  if (closing_) return;
  queued_bytes_ += bytes;
  backlog_passes_.fetch_add(1, std::memory_order_relaxed);
  backlog_bytes_.fetch_add(bytes, std::memory_order_relaxed);
  queue_.push_back(std::move(pass));
  // Waking the writer costs the server thread a system call; it wakes by itself often enough.
  if (writer_due()) wake_.notify_one();
}

bool TraceWriter::writer_due() const {
  return queue_.size() >= kPassesPerWake || queued_bytes_ >= kBytesPerWake || closing_;
}

Status TraceWriter::close() {
  {
    std::lock_guard lock(mutex_);
    if (closing_ && !thread_.joinable()) return error_ ? Status(Error{*error_}) : Status::success();
    closing_ = true;
  }
  wake_.notify_one();
  room_.notify_all();
  if (thread_.joinable()) thread_.join();
  if (error_) return Error{*error_};
  if (snapshot_problem_) return Error{*snapshot_problem_};
  return Status::success();
}

void TraceWriter::run() {
  start_file();
  for (;;) {
    std::deque<PendingPass> batch;
    {
      std::unique_lock lock(mutex_);
      wake_.wait_for(lock, kWriterPeriod, [&] { return writer_due(); });
      batch.swap(queue_);
      queued_bytes_ = 0;
      if (batch.empty() && closing_) break;
    }
    room_.notify_all();
    for (PendingPass& pass : batch) {
      size_t bytes = pass_bytes(pass);
      write_pass(std::move(pass));
      backlog_passes_.fetch_sub(1, std::memory_order_relaxed);
      backlog_bytes_.fetch_sub(bytes, std::memory_order_relaxed);
    }
  }
  if (builder_) builder_->flush(frames_);
  write_frames();
  if (!error_) fail(output_.end_file());
}

void TraceWriter::fail(const Status& status) {
  if (!status && !error_) error_ = status.error();
}

void TraceWriter::start_file() {
  fail(output_.begin_file(file_name(header_.session, header_.file_index)));
  header_.wall_clock_millis = unix_millis();
  Bytes preamble = encode_preamble(header_);
  if (!error_) fail(output_.write(preamble));
  file_bytes_ = preamble.size();
  file_first_clock_.reset();
  builder_.emplace(header_.first_iteration, header_.first_tick, frame_limits_);
}

void TraceWriter::write_pass(PendingPass&& pass) {
  if (error_) return;  // a broken output stays broken: stop spending time on it
  if (!pass.clock_reads.empty()) {
    if (!file_first_clock_) file_first_clock_ = pass.clock_reads.front();
    last_clock_ = pass.clock_reads.back();
  }
  bool iteration = std::holds_alternative<IterationEndRecord>(pass.end);
  std::optional<PendingSnapshot> snapshot = std::move(pass.snapshot);
  records_.clear();
  append_pass_records(std::move(pass), records_, jobs_);
  for (const Record& r : records_) {
    builder_->add(r, frames_);
    if (auto* end = std::get_if<IterationEndRecord>(&r)) chain_ = chain_step(chain_, end->digest);
  }
  write_frames();
  if (!iteration) return;
  if (rotation_due() && (snapshot || !snapshots_start_files_.load(std::memory_order_relaxed))) rotate();
  if (snapshot) write_snapshot(std::move(*snapshot));
}

bool TraceWriter::rotation_due() const {
  const bool big = file_bytes_ + builder_->open_bytes() >= rotation_.max_file_bytes;
  const bool old = file_first_clock_ && last_clock_ - *file_first_clock_ >= rotation_.max_file_nanos;
  return big || old;
}

void TraceWriter::write_snapshot(PendingSnapshot&& taken) {
  if (check_) {
    if (Status s = check_(taken.core, taken.state_hash); !s) {
      if (!snapshot_problem_)
        snapshot_problem_ = "the snapshot at tick " + std::to_string(taken.tick) + " was left out: " + s.error();
      return;
    }
  }
  // A replay may start at the snapshot: from here on the trace leans on nothing before it.
  jobs_.start_epoch();
  builder_->flush(frames_);
  TraceSnapshot snapshot{taken.tick, builder_->next_iteration(), chain_, taken.state_hash, std::move(taken.core)};
  for (const SnapshotRecord& piece : split_snapshot(snapshot)) builder_->add(piece, frames_);
  write_frames();
}

void TraceWriter::write_frames() {
  for (const Bytes& frame : frames_) {
    if (!error_) fail(output_.write(frame));
    file_bytes_ += frame.size();
  }
  frames_.clear();
}

void TraceWriter::rotate() {
  builder_->flush(frames_);
  write_frames();
  fail(output_.end_file());
  header_.file_index += 1;
  header_.first_iteration = builder_->next_iteration();
  header_.first_tick = builder_->tick();
  header_.chain_digest = chain_;
  start_file();
}

}  // namespace hz
