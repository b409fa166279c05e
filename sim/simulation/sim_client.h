// A simulated client for horizon-sim: speaks the real protocol to the core through bytes, joins
// the way the vanilla client does, then acts out a behaviour drawn from its seed (walk, chat, run
// commands, build, quit, send garbage). Every packet it receives must decode in its state; it
// keeps the chunks it was sent, decoded, with every block update applied, to compare with the core.
#pragma once

#include <cstdint>
#include <map>
#include <optional>
#include <span>
#include <string>
#include <vector>

#include "sim/core/rng.h"
#include "sim/core/types.h"
#include "sim/protocol/codec.h"
#include "sim/protocol/framing.h"
#include "sim/world/chunk_pos.h"
#include "sim/world/section.h"

namespace hz {

// What a client does once in play, drawn per client (swarm testing: each seed mixes differently).
struct ClientBehaviour {
  double walk_chance = 0;     // per tick: take a step
  double chat_chance = 0;     // per tick: say something
  double command_chance = 0;  // per tick: run a command
  double build_chance = 0;    // per tick: dig or place next to itself
  double quit_chance = 0;     // per tick: leave (and maybe come back as a new connection)
  double garbage_chance = 0;  // per tick: send bytes that are not a packet (gets it kicked)
  double play_chance = 0;     // per tick: summon a mob, attack an entity, drop an item or use a bucket
  static ClientBehaviour draw(Rng& rng);
};

class SimClient {
 public:
  enum class Phase { kLogin, kConfiguration, kPlay, kGone };

  SimClient(ConnId conn, std::string name, ClientBehaviour behaviour, uint64_t seed);

  // The opening bytes (handshake and login start).
  Bytes hello();
  // One packet body from the server, in order. A body that does not decode in the client's phase
  // is a violation: its description is returned.
  std::optional<std::string> on_packet(std::span<const uint8_t> body);
  // One client tick: what the client sends now (possibly nothing).
  Bytes tick();
  // The server closed the connection.
  void on_closed(const std::string& reason);

  ConnId conn() const { return conn_; }
  const std::string& name() const { return name_; }
  Phase phase() const { return phase_; }
  bool wants_to_quit() const { return quitting_; }
  bool sent_garbage() const { return sent_garbage_; }
  const std::string& close_reason() const { return close_reason_; }
  int64_t packets_received() const { return packets_received_; }
  // The chunks this client holds (sections bottom up), as sent and updated since.
  const std::map<ChunkPos, std::vector<Section>>& chunks() const { return chunks_; }
  // The wrong-block canary: the next chunk this client receives gets one block changed. The
  // position changed, once it happened.
  void corrupt_next_chunk() { corrupt_next_ = true; }
  std::optional<BlockPos> corrupted() const { return corrupted_; }
  // The view-leak canary: the next chunk this client receives is kept a second time, as if the
  // server had also sent it far outside the view.
  void duplicate_next_chunk_far_away() { leak_next_ = true; }
  // The view the server told this client about: the last center (update_view_position) and the
  // radius from its requested and the server's view distance (none before the first center).
  std::optional<ChunkPos> view_center() const { return view_center_; }
  int view_radius() const;

  // Handlers per phase (sim_client.cpp).
  struct LoginHandler;
  struct ConfigHandler;
  struct PlayHandler;

 private:
  template <Packet P>
  void send(const P& packet);
  void act();
  void play();
  void on_chunk(int32_t x, int32_t z, std::span<const uint8_t> body);
  void set_block(const BlockPos& pos, int32_t state);

  ConnId conn_;
  std::string name_;
  ClientBehaviour behaviour_;
  Rng rng_;
  Phase phase_ = Phase::kLogin;
  int compression_ = -1;
  Bytes out_;
  bool teleported_ = false;
  bool loaded_sent_ = false;
  double x_ = 0, y_ = 0, z_ = 0;
  int32_t sequence_ = 0;
  bool quitting_ = false;
  bool sent_garbage_ = false;
  std::string close_reason_;
  int64_t packets_received_ = 0;
  std::map<ChunkPos, std::vector<Section>> chunks_;
  std::vector<int32_t> entities_;  // entity ids the server spawned for this client, oldest first
  std::optional<std::string> chunk_problem_;  // a chunk body that did not decode
  bool corrupt_next_ = false;
  std::optional<BlockPos> corrupted_;
  bool leak_next_ = false;
  int requested_view_distance_ = 2;
  int server_view_distance_ = 2;
  std::optional<ChunkPos> view_center_;
};

}  // namespace hz
