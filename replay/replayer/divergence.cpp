#include "replay/replayer/divergence.h"

#include <cstdio>

#include "replay/format/packet_view.h"
#include "sim/core/hash.h"

namespace hz {
namespace {

std::string quoted(const std::string& s, size_t max = 120) {
  std::string out = "\"";
  for (size_t i = 0; i < s.size() && i < max; ++i) {
    char c = s[i];
    if (c == '"' || c == '\\') out += '\\';
    if (c == '\n')
      out += "\\n";
    else if (static_cast<unsigned char>(c) < 0x20)
      out += '?';
    else
      out += c;
  }
  if (s.size() > max) out += "...";
  return out + "\"";
}

std::string packet_line(const OutboundRecord& p) {
  return std::to_string(p.size) + " bytes, hash " + hex64(p.hash) + (p.body ? "" : " (body not kept)");
}

void append_packet(std::string& out, const PacketMismatch& m) {
  const auto& any = m.recorded ? m.recorded : m.replayed;
  out += "  first differing packet: #" + std::to_string(m.index) + " to connection " + std::to_string(m.conn) + ", " +
         packet_label(m.state, Direction::kClientbound, any->packet_id) + "\n";
  if (m.recorded && m.replayed && m.recorded->packet_id != m.replayed->packet_id) {
    out += "    replay sent " + packet_label(m.state, Direction::kClientbound, m.replayed->packet_id) + " instead\n";
  }
  out += "    recorded: " + (m.recorded ? packet_line(*m.recorded) : std::string("(not sent)")) + "\n";
  out += "    replayed: " + (m.replayed ? packet_line(*m.replayed) : std::string("(not sent)")) + "\n";
  if (m.recorded && m.replayed) {
    if (m.recorded->body && m.replayed->body) {
      for (const std::string& line :
           packet_differences(m.state, Direction::kClientbound, *m.recorded->body, *m.replayed->body))
        out += "    " + line + "\n";
    } else {
      out += "    bytes differ (recorded " + std::to_string(m.recorded->size) + " bytes, replayed " +
             std::to_string(m.replayed->size) + " bytes; large bodies are kept only as hashes)\n";
    }
  }
}

std::string input_line(const InputNote& note) {
  std::string line = describe_record(input_as_record(note.input));
  if (note.packets.empty()) return line;
  line += ":";
  size_t shown = 0;
  for (const auto& [state, id] : note.packets) {
    if (shown++ == 6) {
      line += " ... (" + std::to_string(note.packets.size()) + " packets)";
      break;
    }
    line += (shown > 1 ? ", " : " ") + packet_label(state, Direction::kServerbound, id);
  }
  return line;
}

// The number of JobCompleted inputs in a row from `from` (job results come in bulk).
size_t job_run(const std::vector<InputNote>& inputs, size_t from) {
  size_t n = 0;
  while (from + n < inputs.size() && std::holds_alternative<JobCompleted>(inputs[from + n].input)) ++n;
  return n;
}

std::string job_run_line(const std::vector<InputNote>& inputs, size_t from, size_t count) {
  uint64_t bytes = 0;
  for (size_t i = from; i < from + count; ++i) bytes += std::get<JobCompleted>(inputs[i].input).result.size();
  return "JobCompleted x" + std::to_string(count) + " (jobs " +
         std::to_string(std::get<JobCompleted>(inputs[from].input).job) + " to " +
         std::to_string(std::get<JobCompleted>(inputs[from + count - 1].input).job) + ", " + std::to_string(bytes) +
         " bytes)";
}

const char* pass_name(Divergence::Pass p) {
  switch (p) {
    case Divergence::Pass::kStart:
      return "the core's start";
    case Divergence::Pass::kIteration:
      return "pass";
    case Divergence::Pass::kStop:
      return "the final save";
    case Divergence::Pass::kFormat:
      return "trace structure at pass";
  }
  return "pass";
}

}  // namespace

std::string describe_record(const Record& r) {
  const std::string name = record_name(r);
  return std::visit(
      [&name](const auto& rec) -> std::string {
        using T = std::decay_t<decltype(rec)>;
        if constexpr (std::is_same_v<T, ConnectionOpened>)
          return name + " conn " + std::to_string(rec.conn) + " " + rec.remote;
        else if constexpr (std::is_same_v<T, BytesReceived>)
          return name + " conn " + std::to_string(rec.conn) + ", " + std::to_string(rec.bytes.size()) + " bytes";
        else if constexpr (std::is_same_v<T, ConnectionClosed>)
          return name + " conn " + std::to_string(rec.conn);
        else if constexpr (std::is_same_v<T, ConsoleLine>)
          return name + (rec.rcon_request ? " rcon " + std::to_string(rec.rcon_request) : "") + " " + quoted(rec.text);
        else if constexpr (std::is_same_v<T, JobCompleted>)
          return name + " job " + std::to_string(rec.job) + ", " + std::to_string(rec.result.size()) + " bytes";
        else if constexpr (std::is_same_v<T, JobRecomputedRecord>)
          return name + " job " + std::to_string(rec.job);
        else if constexpr (std::is_same_v<T, ClockReadRecord>)
          return name + " " + std::to_string(rec.nanos);
        else if constexpr (std::is_same_v<T, OutboundRecord>)
          return name + " conn " + std::to_string(rec.conn) + " id " + std::to_string(rec.packet_id) + ", " +
                 packet_line(rec);
        else if constexpr (std::is_same_v<T, CompressionRecord>)
          return name + " conn " + std::to_string(rec.conn) + " threshold " + std::to_string(rec.threshold);
        else if constexpr (std::is_same_v<T, ServerCloseRecord>)
          return name + " conn " + std::to_string(rec.conn) + " " + quoted(rec.reason);
        else if constexpr (std::is_same_v<T, LogRecord>)
          return name + " " + log_level_name(rec.level) + " " + quoted(rec.text);
        else if constexpr (std::is_same_v<T, JobSubmittedRecord>)
          return name + " job " + std::to_string(rec.job) + " kind " + std::to_string(rec.kind) + ", " +
                 std::to_string(rec.size) + " bytes";
        else if constexpr (std::is_same_v<T, StorageWriteRecord>)
          return name + " " + quoted(rec.path) + ", " + std::to_string(rec.size) + " bytes" +
                 (rec.sync ? ", sync" : "");
        else if constexpr (std::is_same_v<T, RconReplyRecord>)
          return name + " " + std::to_string(rec.request) + " " + quoted(rec.output);
        else if constexpr (std::is_same_v<T, SessionAnswer>)
          return name + " conn " + std::to_string(rec.conn) + " " + session_outcome_name(rec.outcome) +
                 (rec.outcome == SessionOutcome::kVerified ? " " + quoted(rec.name) : "");
        else if constexpr (std::is_same_v<T, FinishEncryptionRecord>)
          return name + " conn " + std::to_string(rec.conn) + " " + quoted(rec.username);
        else if constexpr (std::is_same_v<T, IterationEndRecord> || std::is_same_v<T, StoppedRecord>)
          return name + " tick " + std::to_string(rec.digest.tick);
        else
          return name;
      },
      r);
}

std::string format_divergence(const Divergence& d) {
  std::string out = "DIVERGENCE in " + std::string(pass_name(d.pass));
  if (d.pass != Divergence::Pass::kStart) out += " " + std::to_string(d.iteration);
  out += " at tick " + std::to_string(d.recorded_tick);
  if (d.replayed_tick != d.recorded_tick) out += " (replay reached tick " + std::to_string(d.replayed_tick) + ")";
  out += "\n";
  if (!d.note.empty()) out += "  " + d.note + "\n";
  if (d.packets_differ && d.connections.empty()) out += "  outbound packets differ\n";
  for (ConnId conn : d.connections) out += "  connection " + std::to_string(conn) + ": outbound packets differ\n";
  if (d.first_packet) append_packet(out, *d.first_packet);
  if (!d.packets_noted && d.packets_differ) {
    out += "  the trace keeps no packet notes (horizon-record-packet-notes=false); the replay sent:\n";
    for (const auto& [conn, count] : d.replayed_packet_counts)
      out += "    connection " + std::to_string(conn) + ": " + std::to_string(count) + " packet(s)\n";
  }
  if (d.other_effects_differ) {
    out += "  other effects (logs, closes, jobs, storage) differ";
    if (d.first_effect) {
      out += ", first at effect #" + std::to_string(d.first_effect->index) + "\n";
      out +=
          "    recorded: " + (d.first_effect->recorded ? describe_record(*d.first_effect->recorded) : "(none)") + "\n";
      out +=
          "    replayed: " + (d.first_effect->replayed ? describe_record(*d.first_effect->replayed) : "(none)") + "\n";
    } else {
      out += " (the noted effects match; the difference is in content kept only as a hash)\n";
    }
  }
  if (d.state_differs) {
    char tag[3];
    std::snprintf(tag, sizeof tag, "%02x", d.recorded_state_tag);
    out += "  core state hash differs: recorded ..." + std::string(tag) + ", replayed " + hex64(d.replayed_state) + "\n";
  }
  if (d.unplaced)
    out += "  the pass digest differs, but not in the byte of each part the trace keeps (packets, other effects, "
           "state)\n";
  if (d.recorded_clock_reads != d.replayed_clock_reads) {
    out += "  clock reads: recorded " + std::to_string(d.recorded_clock_reads) + ", replay read " +
           std::to_string(d.replayed_clock_reads) + "\n";
  }
  if (!d.recent.empty()) {
    out += "inputs just before it (oldest first):\n";
    for (const PassNote& pass : d.recent) {
      std::string head = "  pass " + std::to_string(pass.iteration) + " (tick " + std::to_string(pass.tick) + "): ";
      if (pass.inputs.empty()) out += head + "no inputs\n";
      for (size_t i = 0; i < pass.inputs.size();) {
        size_t jobs = job_run(pass.inputs, i);
        if (jobs > 1) {
          out += head + job_run_line(pass.inputs, i, jobs) + "\n";
          i += jobs;
        } else {
          out += head + input_line(pass.inputs[i++]) + "\n";
        }
      }
    }
  }
  return out;
}

}  // namespace hz
