#include "tools/parity/echo_mapping.h"

#include <cstdlib>

#include "sim/protocol/codec.h"
#include "sim/protocol/packets.h"

namespace hz::parity {

EchoMapping::EchoMapping(const ObservedConnection& recorded) {
  for (const ObservedPacket& p : recorded.packets) {
    if (p.direction != Direction::kClientbound) continue;
    if (p.state == ProtocolState::kConfiguration && p.id() == packet::config_cb::KeepAlive::kId) {
      if (auto k = decode_packet<packet::config_cb::KeepAlive>(p.body)) recorded_keep_alives_.push_back(k->id);
    } else if (p.state == ProtocolState::kPlay && p.id() == packet::play_cb::KeepAlive::kId) {
      if (auto k = decode_packet<packet::play_cb::KeepAlive>(p.body)) recorded_keep_alives_.push_back(k->id);
    } else if (p.state == ProtocolState::kPlay && p.id() == packet::play_cb::Position::kId) {
      if (auto t = decode_packet<packet::play_cb::Position>(p.body))
        recorded_teleports_.push_back(RecordedTeleport{t->teleport_id, p.micros, std::nullopt, false});
    }
  }
}

bool EchoMapping::horizon_teleport(int32_t id, int64_t micros) {
  while (next_unpaired_ < recorded_teleports_.size()) {
    RecordedTeleport& r = recorded_teleports_[next_unpaired_];
    if (std::llabs(r.micros - micros) <= kTeleportPairingMicros) {
      r.horizon_id = id;
      ++next_unpaired_;
      return false;
    }
    if (r.micros > micros) break;  // the recorded server's next teleport is later: this one is Horizon's own
    r.skipped = true;              // the recorded server's teleport that Horizon never sent
    ++next_unpaired_;
  }
  return true;
}

EchoMapping::Answer EchoMapping::keep_alive(int64_t id, bool horizon_done) {
  // The n-th echo answers the n-th keep-alive; an id the recorded server never sent passes as is.
  size_t index = keep_alives_answered_;
  while (index < recorded_keep_alives_.size() && recorded_keep_alives_[index] != id) ++index;
  if (index == recorded_keep_alives_.size()) return {Outcome::kMapped, id};
  if (index >= horizon_keep_alives_.size()) return {horizon_done ? Outcome::kDrop : Outcome::kWait, 0};
  keep_alives_answered_ = index + 1;
  return {Outcome::kMapped, horizon_keep_alives_[index]};
}

EchoMapping::Answer EchoMapping::teleport(int32_t id, bool horizon_done) {
  for (size_t i = recorded_teleports_.size(); i-- > 0;) {
    const RecordedTeleport& r = recorded_teleports_[i];
    if (r.id != id) continue;
    if (r.horizon_id) return {Outcome::kMapped, *r.horizon_id};
    if (r.skipped || horizon_done) return {Outcome::kDrop, 0};
    return {Outcome::kWait, 0};
  }
  return {Outcome::kMapped, id};
}

}  // namespace hz::parity
