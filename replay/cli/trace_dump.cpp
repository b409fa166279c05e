// horizon-trace dump: one JSON object per record, serverbound packets decoded by name and fields.
#include <cstdio>
#include <ostream>

#include "replay/cli/trace_commands.h"
#include "replay/format/packet_view.h"
#include "replay/format/trace_walker.h"
#include "replay/replayer/snapshot_connections.h"
#include "sim/core/hash.h"
#include "sim/protocol/json_writer.h"
#include "sim/protocol/wire.h"

namespace hz {
namespace {

std::string hex_bytes(std::span<const uint8_t> bytes) {
  static constexpr char kDigits[] = "0123456789abcdef";
  std::string out;
  out.reserve(bytes.size() * 2);
  for (uint8_t b : bytes) out += kDigits[b >> 4], out += kDigits[b & 15];
  return out;
}

void packet(JsonWriter& w, ProtocolState state, Direction direction, std::span<const uint8_t> body) {
  PacketView view = view_packet(state, direction, body);
  if (!view.json.empty()) {
    w.raw(view.json);
    return;
  }
  w.begin_object();
  w.key("packet").string(view.name);
  w.key("state").string(state_name(state));
  w.key("id").number(int64_t{view.id});
  w.key("error").string(view.error);
  w.key("hex").string(hex_bytes(body.first(std::min<size_t>(body.size(), 256))));
  w.end_object();
}

void digest(JsonWriter& w, const PassDigest& d) {
  w.key("tick").number(d.tick);
  w.key("whole").string(hex64(d.whole));
  w.key("packets_tag").number(uint64_t{d.packets_tag});
  w.key("other_tag").number(uint64_t{d.other_tag});
  w.key("state_tag").number(uint64_t{d.state_tag});
}

void fields(JsonWriter& w, const WalkedRecord& walked, const DumpOptions& options) {
  std::visit(
      [&](const auto& r) {
        using T = std::decay_t<decltype(r)>;
        if constexpr (std::is_same_v<T, ConnectionOpened>) {
          w.key("conn").number(uint64_t{r.conn}).key("remote").string(r.remote);
        } else if constexpr (std::is_same_v<T, BytesReceived>) {
          w.key("conn").number(uint64_t{r.conn}).key("size").number(uint64_t{r.bytes.size()});
          if (options.bytes) w.key("hex").string(hex_bytes(r.bytes));
          w.key("packets").begin_array();
          for (const InboundPacket& p : walked.inbound) packet(w, p.state, Direction::kServerbound, p.body);
          w.end_array();
          if (walked.framing_error) w.key("framing_error").string(*walked.framing_error);
        } else if constexpr (std::is_same_v<T, ConnectionClosed>) {
          w.key("conn").number(uint64_t{r.conn});
        } else if constexpr (std::is_same_v<T, ConsoleLine>) {
          w.key("text").string(r.text);
          if (r.rcon_request) w.key("rcon_request").number(uint64_t{r.rcon_request});
        } else if constexpr (std::is_same_v<T, JobCompleted>) {
          w.key("job").number(uint64_t{r.job}).key("size").number(uint64_t{r.result.size()});
        } else if constexpr (std::is_same_v<T, JobRecomputedRecord>) {
          w.key("job").number(uint64_t{r.job}).key("kind").number(uint64_t{r.kind});
          w.key("check").number(uint64_t{r.check});
        } else if constexpr (std::is_same_v<T, ClockReadRecord>) {
          w.key("nanos").number(r.nanos);
        } else if constexpr (std::is_same_v<T, IterationEndRecord> || std::is_same_v<T, StoppedRecord>) {
          digest(w, r.digest);
        } else if constexpr (std::is_same_v<T, OutboundRecord>) {
          w.key("conn").number(uint64_t{r.conn}).key("size").number(uint64_t{r.size});
          w.key("hash").string(hex64(r.hash));
          if (r.body) {
            w.key("packet");
            packet(w, walked.state, Direction::kClientbound, *r.body);
          } else {
            w.key("packet").string(packet_label(walked.state, Direction::kClientbound, r.packet_id));
          }
        } else if constexpr (std::is_same_v<T, CompressionRecord>) {
          w.key("conn").number(uint64_t{r.conn}).key("threshold").number(int64_t{r.threshold});
        } else if constexpr (std::is_same_v<T, ServerCloseRecord>) {
          w.key("conn").number(uint64_t{r.conn}).key("reason").string(r.reason);
        } else if constexpr (std::is_same_v<T, LogRecord>) {
          w.key("level").string(log_level_name(r.level)).key("text").string(r.text);
        } else if constexpr (std::is_same_v<T, JobSubmittedRecord>) {
          w.key("job").number(uint64_t{r.job}).key("kind").number(uint64_t{r.kind});
          w.key("size").number(uint64_t{r.size});
        } else if constexpr (std::is_same_v<T, StorageWriteRecord>) {
          w.key("path").string(r.path).key("size").number(uint64_t{r.size}).key("sync").boolean(r.sync);
        } else if constexpr (std::is_same_v<T, RconReplyRecord>) {
          w.key("request").number(uint64_t{r.request}).key("output").string(r.output);
        } else if constexpr (std::is_same_v<T, SessionAnswer>) {
          w.key("conn").number(uint64_t{r.conn}).key("outcome").string(session_outcome_name(r.outcome));
          if (r.outcome == SessionOutcome::kVerified) {
            w.key("id").string(Uuid{r.id_most, r.id_least}.to_string()).key("name").string(r.name);
            w.key("properties").begin_array();
            for (const SessionProfileProperty& p : r.properties) {
              w.begin_object().key("name").string(p.name).key("value").string(p.value);
              if (p.has_signature) w.key("signature").string(p.signature);
              w.end_object();
            }
            w.end_array();
          }
        } else if constexpr (std::is_same_v<T, FinishEncryptionRecord>) {
          w.key("conn").number(uint64_t{r.conn}).key("username").string(r.username);
          w.key("secret_size").number(r.secret_size).key("token_size").number(r.token_size);
          w.key("verify_token").string(hex_bytes(r.verify_token));
        } else if constexpr (std::is_same_v<T, SnapshotRecord>) {
          w.key("tick").number(r.tick).key("iteration").number(r.iteration);
          w.key("chain_digest").string(hex64(r.chain_digest)).key("state_hash").string(hex64(r.state_hash));
          w.key("piece").number(uint64_t{r.piece}).key("pieces").number(uint64_t{r.pieces});
          w.key("size").number(uint64_t{r.bytes.size()});
        }
      },
      *walked.record);
}

}  // namespace

int trace_dump(const std::filesystem::path& file, const DumpOptions& options, std::ostream& out, std::ostream& err) {
  auto bytes = read_whole_file(file);
  if (!bytes) {
    err << "horizon-trace: " << bytes.error() << "\n";
    return kTraceUnreadable;
  }
  TraceWalker walker(*bytes);
  if (!walker.header()) {
    err << "horizon-trace: " << file.string() << ": " << walker.damage()->describe() << "\n";
    return kTraceUnreadable;
  }
  // A file starting with a snapshot: its packets are named from the connections open in it.
  if (auto resumed = connections_at_file_start(*bytes)) walker.resume(*resumed);
  else err << "horizon-trace: note: the snapshot the file starts with cannot be read (" << resumed.error()
           << "); packets of connections opened before it may be misnamed\n";
  walker.walk([&](const WalkedRecord& walked) {
    const Record& r = *walked.record;
    if (options.inputs_only && !is_input_record(r) && !std::holds_alternative<ClockReadRecord>(r)) return;
    JsonWriter w;
    w.begin_object();
    w.key("pass").number(walked.pass);
    w.key("type").string(record_name(r));
    fields(w, walked, options);
    w.end_object();
    out << w.str() << "\n";
  });
  if (walker.damage()) {
    err << "horizon-trace: " << file.string() << ": " << walker.damage()->describe() << "\n";
    return walker.damage()->tolerated() ? kTraceOk : kTraceUnreadable;
  }
  return kTraceOk;
}

}  // namespace hz
