// Recodes the movement packets inside a connection's received bytes as their difference from a
// prediction (the client's last step taken again), so a walking client costs zstd a few bytes a step.
#pragma once

#include <cstdint>
#include <map>
#include <span>

#include "sim/core/inputs.h"

namespace hz {

// One coder per trace frame (a frame decodes on its own): encode() while writing, decode() while
// reading, on the same connections' bytes in the same order. Lossless for any bytes: the walk
// over frames reads only bytes it leaves unchanged (lengths and packet ids), so both directions
// find the same packets; a packet that only looks like a move is recoded just the same.
class MoveCoder {
 public:
  void encode(ConnId conn, std::span<uint8_t> bytes) { walk(conn, bytes, Direction::kEncode); }
  void decode(ConnId conn, std::span<uint8_t> bytes) { walk(conn, bytes, Direction::kDecode); }

 private:
  enum class Direction { kEncode, kDecode };
  // The last two positions and rotations the connection sent (as the fields' bits), newest last.
  struct History {
    uint64_t position[2][3] = {};
    int positions = 0;
    uint32_t rotation[2][2] = {};
    int rotations = 0;
  };

  void walk(ConnId conn, std::span<uint8_t> bytes, Direction direction);
  void recode_packet(History& h, int32_t packet_id, uint8_t* fields, Direction direction);

  std::map<ConnId, History> history_;
};

}  // namespace hz
