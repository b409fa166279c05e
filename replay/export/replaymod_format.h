// ReplayMod's recording format (.mcpr): the packet records of recording.tmcpr, the fields of
// metaData.json, and the archive that holds them (docs/parity.md, "ReplayMod export").
#pragma once

#include <cstdint>
#include <span>
#include <string>
#include <vector>

#include "sim/core/result.h"
#include "sim/core/types.h"

namespace hz {

// Appends one recording.tmcpr record: the time in milliseconds since the recording started and
// the packet's length, both 32-bit big-endian, then the packet (VarInt id and fields, as sent
// before framing and compression).
void append_tmcpr_record(Bytes& out, uint32_t millis, std::span<const uint8_t> packet);

// What metaData.json says (ReplayStudio's ReplayMetaData, file format version 14).
struct ReplayModMeta {
  std::string server_name;         // serverName: the address, or the world's name
  std::string custom_server_name;  // customServerName: the name a player gave the server
  uint32_t duration_millis = 0;    // duration: time of the last record
  int64_t date_millis = 0;         // date: Unix time the recording started
  std::string generator;
  int32_t self_id = -1;              // selfId: the recording player's entity id
  std::vector<std::string> players;  // UUIDs (8-4-4-4-12) of the players seen
};

inline constexpr int kReplayModFileFormatVersion = 14;

std::string replaymod_meta_json(const ReplayModMeta& meta);

// The .mcpr archive: metaData.json and recording.tmcpr, dated when the recording started.
Result<Bytes> build_mcpr(const ReplayModMeta& meta, const Bytes& recording);

}  // namespace hz
