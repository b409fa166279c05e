#include "tools/parity/recording_dump.h"

#include <cstdio>
#include <map>
#include <vector>

#include "replay/format/packet_view.h"

namespace hz::parity {
namespace {

std::string seconds_column(int64_t micros) {
  char buf[32];
  std::snprintf(buf, sizeof buf, "%10.6f", static_cast<double>(micros) / 1e6);
  return buf;
}

const char* arrow(Direction d) { return d == Direction::kServerbound ? "C->S" : "S->C"; }

}  // namespace

std::string dump_recording(const RecordingContents& recording, bool fields) {
  std::string out;
  if (recording.header) {
    out += "recording of " + recording.header->upstream + " through " + recording.header->listen + ", protocol " +
           std::to_string(recording.header->protocol_version) + ", started at Unix ms " +
           std::to_string(recording.header->wall_clock_millis) + "\n";
  }
  // Connections in the order they opened, each with its events in recorded order.
  std::vector<uint64_t> order;
  std::map<uint64_t, std::vector<const Event*>> by_conn;
  for (const Event& e : recording.events) {
    auto [it, added] = by_conn.try_emplace(e.conn);
    if (added) order.push_back(e.conn);
    it->second.push_back(&e);
  }
  for (uint64_t conn : order) {
    const auto& events = by_conn[conn];
    size_t packets = 0;
    for (const Event* e : events) packets += std::holds_alternative<PacketEvent>(e->body);
    out += "\nconnection " + std::to_string(conn) + " (" + std::to_string(packets) + " packets)\n";
    for (const Event* e : events) {
      out += "  " + seconds_column(e->micros) + "  ";
      if (auto* o = std::get_if<ConnectionOpenedEvent>(&e->body)) {
        out += "opened from " + o->client + "\n";
      } else if (auto* p = std::get_if<PacketEvent>(&e->body)) {
        PacketView view = view_packet(p->state, p->direction, p->body);
        out += std::string(arrow(p->direction)) + " " + packet_label(p->state, p->direction, view.id) + " (" +
               std::to_string(p->body.size()) + " bytes)\n";
        if (fields && !view.json.empty()) out += "      " + view.json + "\n";
      } else if (auto* u = std::get_if<UnframedBytesEvent>(&e->body)) {
        out += std::string(arrow(u->direction)) + " " + std::to_string(u->bytes.size()) + " bytes not framed\n";
      } else if (auto* c = std::get_if<ConnectionClosedEvent>(&e->body)) {
        out += "closed: " + c->reason + "\n";
      }
    }
  }
  if (recording.damage) out += "\n" + recording.damage->describe() + "\n";
  return out;
}

}  // namespace hz::parity
