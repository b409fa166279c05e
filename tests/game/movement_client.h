// Test helper for movement and tracking scenarios: players that join a Core through real packet
// bytes (login, configuration, play), send move packets, and read back what the server sent.
#pragma once

#include <optional>
#include <string>
#include <vector>

#include "sim/data/catalog.h"
#include "sim/game/movement/movement_system.h"
#include "sim/game/sessions.h"
#include "sim/game/tracking/entity_tracker.h"
#include "sim/protocol/text.h"
#include "tests/game/client_bytes.h"
#include "tests/game/movement_fake_world.h"

namespace hz::testing {

// Every chunk counts as delivered (a view a million chunks wide), so tracking depends only on
// range and game mode.
class AllChunksSent final : public ChunkVisibility {
 public:
  ViewerChunks chunks_of(const Player& viewer) const override {
    return {ChunkTrackingView({java_floor(viewer.position.x) >> 4, java_floor(viewer.position.z) >> 4}, 1 << 20), nullptr};
  }
};

struct MovementServer {
  CoreHarness h;
  FakeWorld world;
  AllChunksSent all_chunks;

  explicit MovementServer(ServerProperties props = test_properties()) : h(props) {
    h.core.movement().set_block_source(&world);
    h.core.tracking().set_chunk_visibility(&all_chunks);
  }
  // One server tick with these inputs.
  void tick(std::vector<Input> inputs = {}) { h.iterate(0, std::move(inputs)); }
  const Player* player(ConnId conn) { return h.core.sessions().player(conn); }
};

struct JoinedPlayer {
  TestClient client;
  Vec3 spawn;
  int32_t entity_id = 0;

  explicit JoinedPlayer(ConnId conn) : client(conn) {}

  // Frames a move packet (position, position+look, look or status only) for the next input.
  JoinedPlayer& pos(double x, double y, double z, bool ground = true) {
    client.packet(packet::play_sb::Position{x, y, z, static_cast<uint8_t>(ground ? 1 : 0)});
    return *this;
  }
  JoinedPlayer& pos_look(double x, double y, double z, float yaw, float pitch, bool ground = true) {
    client.packet(packet::play_sb::PositionLook{x, y, z, yaw, pitch, static_cast<uint8_t>(ground ? 1 : 0)});
    return *this;
  }
  JoinedPlayer& confirm(int32_t id) {
    client.packet(packet::play_sb::TeleportConfirm{id});
    return *this;
  }
  JoinedPlayer& loaded() {
    client.packet(packet::play_sb::PlayerLoaded{});
    return *this;
  }
  Input take() { return client.take(); }
};

// Runs the offline login and configuration of `name` on `conn`, telling the server the client's
// view distance; the join's own packets are consumed (spawn and entity id are read from them).
inline JoinedPlayer join(MovementServer& s, ConnId conn, const std::string& name, int8_t view_distance = 2) {
  JoinedPlayer p(conn);
  TestClient& c = p.client;
  s.tick({ConnectionOpened{conn, "127.0.0.1:2"}});
  c.packet(packet::handshake_sb::SetProtocol{kProtocolVersion, "localhost", 25565, 2})
      .packet(packet::login_sb::LoginStart{name, {}});
  s.tick({c.take()});
  c.set_compression(256);
  c.packet(packet::login_sb::LoginAcknowledged{});
  s.tick({c.take()});
  packet::config_sb::Settings settings;
  settings.info.view_distance = view_distance;
  c.packet(settings).packet(packet::config_sb::SelectKnownPacks{});
  s.tick({c.take()});
  s.h.sink.clear();
  c.packet(packet::config_sb::FinishConfiguration{});
  s.tick({c.take()});
  bool have_spawn = false;
  for (const Bytes& body : c.received(s.h.sink)) {
    const int32_t id = packet_id_of(body);
    if (id == packet::play_cb::Position::kId && !have_spawn) {
      auto pos = decode_packet<packet::play_cb::Position>(body);
      p.spawn = Vec3{pos->x, pos->y, pos->z};
      have_spawn = true;
    }
    if (id == packet::play_cb::Login::kId) p.entity_id = decode_packet<packet::play_cb::Login>(body)->entity_id;
  }
  s.h.sink.clear();
  return p;
}

// The bodies of one packet kind the core sent to a connection.
template <Packet P>
std::vector<P> sent_to(const EffectBuffer& sink, ConnId conn) {
  std::vector<P> out;
  for (const Effect& e : sink.effects)
    if (auto* s = std::get_if<SendPacket>(&e); s && s->conn == conn && packet_id_of(*s->body) == P::kId)
      out.push_back(*decode_packet<P>(*s->body));
  return out;
}

inline std::vector<Bytes> raw_sent_to(const EffectBuffer& sink, ConnId conn, int32_t packet_id) {
  std::vector<Bytes> out;
  for (const Effect& e : sink.effects)
    if (auto* s = std::get_if<SendPacket>(&e); s && s->conn == conn && packet_id_of(*s->body) == packet_id)
      out.push_back(*s->body);
  return out;
}

inline bool logged(const EffectBuffer& sink, const std::string& line) {
  for (const std::string& l : sink.logs())
    if (l == line) return true;
  return false;
}

}  // namespace hz::testing
