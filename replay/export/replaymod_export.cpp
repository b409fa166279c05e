#include "replay/export/replaymod_export.h"

#include <algorithm>
#include <iterator>
#include <limits>

#include "replay/export/replaymod_format.h"
#include "sim/core/build_info.h"

namespace hz {
namespace {

constexpr int64_t kNanosPerMilli = 1'000'000;

std::string property(const TraceHeader& header, const std::string& key) {
  auto it = header.properties.find(key);
  return it == header.properties.end() ? std::string() : it->second;
}

// The records of recording.tmcpr, timed from the first packet (login success) at 0; a record
// never goes back in time, even if the recorded clock did.
Result<Bytes> recording_records(const PlayerView& view, uint32_t& duration_millis) {
  const std::vector<ViewedPacket>& packets = view.packets();
  Bytes out;
  int64_t start = packets.front().nanos;
  int64_t last = 0;
  for (const ViewedPacket& p : packets) {
    last = std::max(last, (p.nanos - start) / kNanosPerMilli);
    if (last > std::numeric_limits<int32_t>::max())
      return Error{"the player's session is longer than ReplayMod's 2^31 ms (24.8 days)"};
    append_tmcpr_record(out, static_cast<uint32_t>(last), *p.body);
  }
  duration_millis = static_cast<uint32_t>(last);
  return out;
}

std::string uuid_text(const Uuid& uuid) { return uuid.to_string(); }

}  // namespace

Result<Bytes> export_replaymod(const TraceHeader& session_start, const PlayerView& view) {
  if (!view.found() || view.packets().empty()) return Error{"the player never logged in"};
  ReplayModMeta meta;
  auto records = recording_records(view, meta.duration_millis);
  if (!records) return std::move(records).take_error();
  // The header's wall clock was read when the session's first file started, next to the start
  // pass's clock read; the recording starts with the login success some recorded time later.
  int64_t since_start = view.packets().front().nanos - view.session_start_nanos().value_or(0);
  meta.date_millis = session_start.wall_clock_millis + since_start / kNanosPerMilli;
  meta.server_name = property(session_start, "level-name");
  meta.custom_server_name = property(session_start, "motd");
  meta.generator = std::string("Horizon ") + build_id() + " (horizon-trace export of session " + session_start.session + ")";
  meta.self_id = view.entity_id().value_or(-1);
  std::transform(view.players().begin(), view.players().end(), std::back_inserter(meta.players), uuid_text);
  return build_mcpr(meta, *records);
}

}  // namespace hz
