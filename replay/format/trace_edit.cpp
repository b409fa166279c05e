#include "replay/format/trace_edit.h"

#include "replay/format/trace_file.h"

namespace hz {

Bytes write_trace_file(const TraceHeader& header, std::span<const Record> records, FrameLimits limits) {
  Bytes out = encode_preamble(header);
  FrameBuilder builder(header.first_iteration, header.first_tick, limits);
  std::vector<Bytes> frames;
  for (const Record& r : records) builder.add(r, frames);
  builder.flush(frames);
  for (const Bytes& f : frames) out.insert(out.end(), f.begin(), f.end());
  return out;
}

Result<FileRecords> read_file_records(std::span<const uint8_t> file) {
  TraceReader reader(file);
  if (!reader.header()) return Error{reader.damage()->describe()};
  FileRecords out;
  out.header = *reader.header();
  while (auto frame = reader.next_frame())
    for (Record& r : frame->records) out.records.push_back(std::move(r));
  out.damage = reader.damage();
  // A pass cut short by the damage is not part of the trace.
  while (!out.records.empty() && !ends_pass(out.records.back())) out.records.pop_back();
  return out;
}

Result<CutTrace> cut_trace(std::span<const uint8_t> file, int64_t to_tick) {
  auto read = read_file_records(file);
  if (!read) return std::move(read).take_error();
  if (read->damage && !read->damage->tolerated()) return Error{read->damage->describe()};
  CutTrace cut;
  size_t keep = 0;  // records up to the last pass kept
  for (size_t i = 0; i < read->records.size(); ++i) {
    const Record& r = read->records[i];
    if (std::holds_alternative<StartedRecord>(r)) {
      keep = i + 1;
    } else if (auto* end = std::get_if<IterationEndRecord>(&r)) {
      if (end->digest.tick > to_tick) break;
      keep = i + 1;
      ++cut.passes_kept;
      cut.last_tick = end->digest.tick;
    } else if (std::holds_alternative<StoppedRecord>(r)) {
      keep = i + 1;  // reached only when no pass was dropped: the final save stays
    }
  }
  if (cut.passes_kept == 0 && cut.last_tick == 0) cut.last_tick = read->header.first_tick;
  cut.bytes = write_trace_file(read->header, std::span(read->records).first(keep));
  return cut;
}

namespace {

// The index of the first piece of the last whole snapshot taken at or before `tick`.
std::optional<size_t> snapshot_start(const std::vector<Record>& records, int64_t tick) {
  std::optional<size_t> found;
  for (size_t i = 0; i < records.size(); ++i) {
    auto* piece = std::get_if<SnapshotRecord>(&records[i]);
    if (!piece || piece->piece + 1 != piece->pieces || piece->tick > tick) continue;
    found = i - piece->piece;
  }
  return found;
}

// The header of a trace of `session` that starts with the snapshot taken before pass `iteration`.
TraceHeader header_from_snapshot(TraceHeader session, int64_t tick, uint64_t iteration, uint64_t chain_digest) {
  session.session += "-from-" + std::to_string(tick);
  session.file_index = 0;
  session.first_iteration = iteration;
  session.first_tick = tick;
  session.chain_digest = chain_digest;
  return session;
}

}  // namespace

Result<SlicedTrace> slice_trace(std::span<const uint8_t> file, int64_t from_tick, int64_t to_tick) {
  auto read = read_file_records(file);
  if (!read) return std::move(read).take_error();
  if (read->damage && !read->damage->tolerated()) return Error{read->damage->describe()};
  std::optional<size_t> start = snapshot_start(read->records, from_tick);
  if (!start) {
    const std::vector<int64_t> ticks = snapshot_ticks(read->records);
    if (ticks.empty()) return Error{"the trace holds no snapshot to start a slice from"};
    return Error{"no snapshot at or before tick " + std::to_string(from_tick) + "; the first is at tick " +
                 std::to_string(ticks.front())};
  }
  const auto& first = std::get<SnapshotRecord>(read->records[*start]);
  if (to_tick < first.tick)
    return Error{"tick " + std::to_string(to_tick) + " comes before the snapshot at tick " + std::to_string(first.tick)};
  SlicedTrace slice;
  slice.from_tick = slice.last_tick = first.tick;
  size_t keep = *start + first.pieces;  // the snapshot itself
  for (size_t i = keep; i < read->records.size(); ++i) {
    const Record& r = read->records[i];
    if (auto* end = std::get_if<IterationEndRecord>(&r)) {
      if (end->digest.tick > to_tick) break;
      keep = i + 1;
      ++slice.passes_kept;
      slice.last_tick = end->digest.tick;
    } else if (std::holds_alternative<StoppedRecord>(r) || ends_pass(r)) {
      keep = i + 1;  // the final save, or a later snapshot, after a pass kept
    }
  }
  const TraceHeader header = header_from_snapshot(read->header, first.tick, first.iteration, first.chain_digest);
  slice.bytes = write_trace_file(header, std::span(read->records).subspan(*start, keep - *start));
  return slice;
}

Bytes trace_from_snapshot(const TraceHeader& session, const TraceSnapshot& snapshot, std::span<const Record> passes) {
  std::vector<Record> records;
  for (SnapshotRecord& piece : split_snapshot(snapshot)) records.push_back(std::move(piece));
  records.insert(records.end(), passes.begin(), passes.end());
  return write_trace_file(header_from_snapshot(session, snapshot.tick, snapshot.iteration, snapshot.chain_digest), records);
}

}  // namespace hz
