#include "replay/replayer/snapshot_connections.h"

#include "replay/format/snapshot_pieces.h"
#include "replay/format/trace_file.h"
#include "replay/replayer/replayer.h"
#include "sim/core/clock.h"
#include "sim/core/discarding_sink.h"
#include "sim/game/core.h"

namespace hz {

std::vector<ResumedConnection> resumed_connections(Core& core) {
  std::vector<ResumedConnection> out;
  for (const auto& [conn, session] : core.sessions().connections()) {
    ResumedConnection c;
    c.conn = conn;
    c.remote = session.remote;
    c.state = session.state;
    // Login success is sent as the profile id is set; finish_configuration as finish_sent is.
    c.switch_invited = (session.state == ProtocolState::kLogin && session.uuid != Uuid{}) ||
                       (session.state == ProtocolState::kConfiguration && session.finish_sent);
    c.compression = session.decoder.compression_threshold();
    c.unread.assign(session.decoder.unread().begin(), session.decoder.unread().end());
    c.player = session.name;
    out.push_back(std::move(c));
  }
  return out;
}

Result<std::vector<ResumedConnection>> connections_at_file_start(std::span<const uint8_t> file) {
  TraceReader reader(file);
  if (!reader.header()) return Error{reader.damage()->describe()};
  SnapshotAssembler assembler;
  while (auto frame = reader.next_frame()) {
    for (const Record& r : frame->records) {
      const auto* piece = std::get_if<SnapshotRecord>(&r);
      if (!piece) return std::vector<ResumedConnection>{};  // the file starts with a pass
      std::optional<TraceSnapshot> whole = assembler.add(*piece);
      if (assembler.problem()) return Error{*assembler.problem()};
      if (!whole) continue;
      auto config = core_config_from_header(*reader.header());
      if (!config) return std::move(config).take_error();
      ManualClock clock;  // the core is only built and read from the snapshot, never run
      DiscardingSink sink;
      Core core(std::move(*config), clock, sink);
      if (!core.read_snapshot_parts(whole->core))
        return Error{"the snapshot at tick " + std::to_string(whole->tick) + " does not read into a core"};
      return resumed_connections(core);
    }
  }
  if (reader.damage()) return Error{reader.damage()->describe()};
  return std::vector<ResumedConnection>{};
}

}  // namespace hz
