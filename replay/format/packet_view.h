// Names packets and, where the protocol layer can read them, their fields: for trace dumps and
// for showing how a replayed packet differs from the recorded one.
#pragma once

#include <cstdint>
#include <span>
#include <string>
#include <vector>

#include "sim/data/packet_ids.h"

namespace hz {

struct PacketView {
  int32_t id = -1;
  std::string name;   // minecraft-data name; "unknown" when the id is not in the state
  std::string json;   // the protocol layer's description ({"packet":..,"fields":{..}}), or empty
  std::string error;  // why the packet could not be described
};

PacketView view_packet(ProtocolState state, Direction direction, std::span<const uint8_t> body);

// "play/clientbound 0x2c login"
std::string packet_label(ProtocolState state, Direction direction, int32_t id);

// How two bodies of what should be the same packet differ, one line per difference (at most
// `max_lines`): fields when both can be read, otherwise the first differing bytes.
std::vector<std::string> packet_differences(ProtocolState state, Direction direction, std::span<const uint8_t> recorded,
                                            std::span<const uint8_t> replayed, size_t max_lines = 8);

}  // namespace hz
