#include "replay/export/replaymod_format.h"

#include "replay/export/zip_writer.h"
#include "sim/data/catalog.h"
#include "sim/protocol/json_writer.h"

namespace hz {
namespace {

void put_be32(Bytes& out, uint32_t v) {
  for (int shift = 24; shift >= 0; shift -= 8) out.push_back(static_cast<uint8_t>(v >> shift));
}

}  // namespace

void append_tmcpr_record(Bytes& out, uint32_t millis, std::span<const uint8_t> packet) {
  put_be32(out, millis);
  put_be32(out, static_cast<uint32_t>(packet.size()));
  out.insert(out.end(), packet.begin(), packet.end());
}

std::string replaymod_meta_json(const ReplayModMeta& meta) {
  JsonWriter json;
  json.begin_object();
  json.key("singleplayer").boolean(false);
  json.key("serverName").string(meta.server_name);
  json.key("customServerName").string(meta.custom_server_name);
  json.key("duration").number(static_cast<int64_t>(meta.duration_millis));
  json.key("date").number(meta.date_millis);
  json.key("mcversion").string(kVersionName);
  json.key("fileFormat").string("MCPR");
  json.key("fileFormatVersion").number(static_cast<int64_t>(kReplayModFileFormatVersion));
  json.key("protocol").number(static_cast<int64_t>(kProtocolVersion));
  json.key("generator").string(meta.generator);
  json.key("selfId").number(static_cast<int64_t>(meta.self_id));
  json.key("players").begin_array();
  for (const std::string& uuid : meta.players) json.string(uuid);
  json.end_array();
  json.end_object();
  return json.take();
}

Result<Bytes> build_mcpr(const ReplayModMeta& meta, const Bytes& recording) {
  std::string json = replaymod_meta_json(meta);
  std::vector<ZipEntry> entries;
  entries.push_back(ZipEntry{"metaData.json", Bytes(json.begin(), json.end())});
  entries.push_back(ZipEntry{"recording.tmcpr", recording});
  return build_zip(entries, meta.date_millis);
}

}  // namespace hz
