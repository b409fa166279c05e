// horizon-trace info: what a trace holds, in numbers.
#include <cstdio>
#include <ctime>
#include <map>
#include <ostream>

#include "replay/cli/fixed_decimals.h"
#include "replay/cli/trace_commands.h"
#include "replay/format/packet_view.h"
#include "replay/format/trace_walker.h"
#include "replay/replayer/snapshot_connections.h"
#include "sim/protocol/wire.h"
#include "sim/world/anvil/storage_jobs.h"

namespace hz {
namespace {

struct Tally {
  uint64_t count = 0;
  uint64_t bytes = 0;
  void add(uint64_t size) { ++count, bytes += size; }
};

struct FileStats {
  uint64_t passes = 0;
  int64_t last_tick = 0;
  std::optional<int64_t> first_clock;
  int64_t last_clock = 0;
  uint64_t clock_reads = 0;
  uint64_t framing_errors = 0;
  uint64_t recomputed = 0;  // generation results kept only as a check byte
  uint64_t read_back = 0;   // chunk reads of the session's own writes, kept only as a check byte
  bool stopped = false;
  std::map<std::string, Tally> inputs, serverbound, clientbound, effects;
};

std::string packet_key(ProtocolState state, Direction direction, std::span<const uint8_t> body) {
  ByteReader r(body);
  int32_t id = r.varint();
  return packet_label(state, direction, r.ok() ? id : -1);
}

void collect(const WalkedRecord& w, FileStats& s) {
  const Record& r = *w.record;
  std::string name = record_name(r);
  if (auto* c = std::get_if<ClockReadRecord>(&r)) {
    if (!s.first_clock) s.first_clock = c->nanos;
    s.last_clock = c->nanos;
    ++s.clock_reads;
  } else if (auto* b = std::get_if<BytesReceived>(&r)) {
    s.inputs[name].add(b->bytes.size());
    for (const InboundPacket& p : w.inbound)
      s.serverbound[packet_key(p.state, Direction::kServerbound, p.body)].add(p.body.size());
    s.framing_errors += w.framing_error.has_value();
  } else if (auto* j = std::get_if<JobCompleted>(&r)) {
    s.inputs[name].add(j->result.size());
  } else if (auto* hashed = std::get_if<JobRecomputedRecord>(&r)) {
    s.inputs[name].add(0);
    ++(hashed->kind == static_cast<uint32_t>(anvil::StorageJobKind::kReadChunk) ? s.read_back : s.recomputed);
  } else if (is_input_record(r)) {
    s.inputs[name].add(0);
  } else if (auto* o = std::get_if<OutboundRecord>(&r)) {
    s.clientbound[packet_label(w.state, Direction::kClientbound, o->packet_id)].add(o->size);
  } else if (auto* end = std::get_if<IterationEndRecord>(&r)) {
    ++s.passes;
    s.last_tick = end->digest.tick;
  } else if (auto* stop = std::get_if<StoppedRecord>(&r)) {
    s.stopped = true;
    s.last_tick = stop->digest.tick;
  } else if (!std::holds_alternative<StartedRecord>(r)) {
    s.effects[name].add(0);
  }
}

std::string utc_time(int64_t unix_millis) {
  std::time_t t = static_cast<std::time_t>(unix_millis / 1000);
  std::tm tm{};
  gmtime_r(&t, &tm);
  char buf[40];
  std::strftime(buf, sizeof buf, "%Y-%m-%d %H:%M:%S UTC", &tm);
  return buf;
}

void print_tallies(std::ostream& out, const char* title, const std::map<std::string, Tally>& tallies, bool bytes) {
  uint64_t count = 0, total = 0;
  for (const auto& [k, t] : tallies) count += t.count, total += t.bytes;
  out << title << ": " << count;
  if (bytes) out << " (" << total << " bytes)";
  out << "\n";
  for (const auto& [k, t] : tallies) {
    out << "  " << k << ": " << t.count;
    if (bytes) out << " (" << t.bytes << " bytes)";
    out << "\n";
  }
}

int info_one(const std::filesystem::path& path, std::ostream& out, std::ostream& err) {
  auto bytes = read_whole_file(path);
  if (!bytes) {
    err << "horizon-trace: " << bytes.error() << "\n";
    return kTraceUnreadable;
  }
  TraceWalker walker(*bytes);
  out << "file: " << path.string() << "\n";
  if (!walker.header()) {
    out << "unreadable: " << walker.damage()->describe() << "\n";
    return kTraceUnreadable;
  }
  const TraceHeader& h = *walker.header();
  // A file starting with a snapshot: its packets are named from the connections open in it.
  auto resumed = connections_at_file_start(*bytes);
  if (resumed) walker.resume(*resumed);
  else out << "note: the snapshot the file starts with cannot be read (" << resumed.error()
           << "); packets of connections opened before it may be misnamed\n";
  FileStats s;
  s.last_tick = h.first_tick;
  walker.walk([&](const WalkedRecord& w) { collect(w, s); });

  out << "format version " << walker.reader().format_version() << ", build " << h.build_id << ", protocol " << h.protocol_version
      << "\n";
  out << "session " << h.session << ", file " << h.file_index << ", started " << utc_time(h.wall_clock_millis) << "\n";
  out << "world: " << (h.world_origin == WorldOrigin::kGenerated ? "generated" : "loaded") << ", seed " << h.world_seed
      << "\n";
  out << "starts at pass " << h.first_iteration << ", tick " << h.first_tick
      << (h.file_index > 0 ? " (continues the session's earlier files)" : "") << "\n";
  const TraceReader& reader = walker.reader();
  double ratio = reader.stored_bytes_read()
                     ? static_cast<double>(reader.raw_bytes_read()) / static_cast<double>(reader.stored_bytes_read())
                     : 0.0;
  out << "size: " << bytes->size() << " bytes in " << reader.frames_read() << " frames; records "
      << reader.raw_bytes_read() << " bytes before compression, " << reader.stored_bytes_read() << " after (ratio "
      << fixed(ratio, 2) << ")\n";
  double seconds = s.first_clock ? static_cast<double>(s.last_clock - *s.first_clock) / 1e9 : 0.0;
  out << "duration: " << fixed(seconds, 3) << " s of recorded clock, " << s.passes << " passes, ticks " << h.first_tick
      << " to " << s.last_tick << (s.stopped ? ", ends with the final save" : "") << "\n";
  const ConnectionTracker& tracker = walker.tracker();
  out << "connections: " << tracker.connections_seen() << ", players (logins seen): " << tracker.logins().size();
  for (size_t i = 0; i < tracker.logins().size() && i < 20; ++i) out << (i ? ", " : " (") << tracker.logins()[i];
  out << (tracker.logins().empty() ? "" : tracker.logins().size() > 20 ? ", ...)" : ")") << "\n";
  out << "clock reads: " << s.clock_reads << "\n";
  print_tallies(out, "inputs", s.inputs, true);
  if (s.recomputed) out << "generation results recomputed on replay instead of stored: " << s.recomputed << "\n";
  if (s.read_back) out << "chunk reads rebuilt on replay from the session's own writes: " << s.read_back << "\n";
  print_tallies(out, "serverbound packets", s.serverbound, true);
  if (s.framing_errors) out << "connections whose bytes stopped decoding: " << s.framing_errors << "\n";
  if (auto notes = h.properties.find("horizon-record-packet-notes"); notes != h.properties.end() && notes->second == "false")
    out << "clientbound packets: not noted (horizon-record-packet-notes=false; each pass's digest covers them)\n";
  else
    print_tallies(out, "clientbound packets", s.clientbound, true);
  print_tallies(out, "other effects", s.effects, false);
  if (walker.damage()) {
    out << "damage: " << walker.damage()->describe() << "\n";
    return walker.damage()->tolerated() ? kTraceOk : kTraceUnreadable;
  }
  out << "damage: none\n";
  return kTraceOk;
}

}  // namespace

int trace_info(const std::vector<std::filesystem::path>& files, std::ostream& out, std::ostream& err) {
  int worst = kTraceOk;
  for (size_t i = 0; i < files.size(); ++i) {
    if (i) out << "\n";
    worst = std::max(worst, info_one(files[i], out, err));
  }
  return worst;
}

}  // namespace hz
