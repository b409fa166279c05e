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

}  // namespace hz
