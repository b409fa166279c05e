#include "tools/parity/observed_session.h"

#include "sim/protocol/wire.h"

namespace hz::parity {

int32_t ObservedPacket::id() const {
  ByteReader r(body);
  int32_t value = r.varint();
  return r.ok() ? value : -1;
}

ObservedSession observe_recording(const RecordingContents& recording) {
  ObservedSession session;
  for (const Event& e : recording.events) {
    ObservedConnection& c = session[e.conn];
    if (auto* p = std::get_if<PacketEvent>(&e.body)) {
      c.packets.push_back(ObservedPacket{e.micros, p->direction, p->state, p->body});
    } else if (auto* closed = std::get_if<ConnectionClosedEvent>(&e.body)) {
      c.closed_micros = e.micros;
      c.close_reason = closed->reason;
    }
  }
  return session;
}

}  // namespace hz::parity
