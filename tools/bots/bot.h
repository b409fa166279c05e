// One load-test client: a TCP connection that goes through handshake, login, configuration and
// play like a vanilla client, acknowledges chunk batches, and flies along its Flight (or to its
// BuildSite, then places and breaks blocks) one step per client tick while its chunk has arrived.
#pragma once

#include <array>
#include <chrono>
#include <cstdint>
#include <optional>
#include <span>
#include <string>

#include "sim/core/types.h"
#include "sim/protocol/codec.h"
#include "sim/protocol/dispatch.h"
#include "sim/protocol/framing.h"
#include "tools/bots/asio.h"
#include "tools/bots/build_site.h"
#include "tools/bots/chunk_ledger.h"
#include "tools/bots/chunk_rate.h"
#include "tools/bots/counters.h"
#include "tools/bots/flight.h"
#include "tools/bots/options.h"

namespace hz::bots {

using Clock = std::chrono::steady_clock;

// What every bot of the process shares.
struct BotContext {
  const Options& options;
  boost::asio::ip::tcp::endpoint server;
  SeenChunks seen;
  Clock::time_point start;
};

enum class Phase { kWaiting, kConnecting, kLogin, kConfiguration, kPlay, kClosed };
const char* phase_name(Phase p);

class Bot {
 public:
  Bot(boost::asio::io_context& io, BotContext& context, int index);
  Bot(const Bot&) = delete;
  Bot& operator=(const Bot&) = delete;

  void connect();
  // One client tick: a move when in play, standing in a held chunk and past the join teleport.
  void tick();
  // Closes the connection; the first reason given is kept.
  void close(const std::string& reason);

  const std::string& name() const { return name_; }
  int index() const { return index_; }
  Phase phase() const { return phase_; }
  bool reached_play() const { return play_since_s_.has_value(); }
  std::optional<double> play_since_s() const { return play_since_s_; }
  const std::string& close_reason() const { return close_reason_; }
  const Counters& counters() const { return counters_; }
  const Vec3d& position() const { return position_; }
  std::optional<Vec3d> spawn() const { return spawn_; }
  size_t held_chunks() const { return held_.size(); }
  uint64_t ticks_waiting_for_chunk() const { return ticks_waiting_; }
  float desired_chunks_per_tick() const { return rate_.desired_chunks_per_tick(); }
  int game_mode() const { return game_mode_; }

  // Packet handlers, one overload set per state (bot_login.cpp, bot_play.cpp).
  struct LoginHandler;
  struct ConfigHandler;
  struct PlayHandler;

 private:
  Result<Dispatched> on_login_body(std::span<const uint8_t> body);
  Result<Dispatched> on_config_body(std::span<const uint8_t> body);
  Result<Dispatched> on_play_body(std::span<const uint8_t> body);
  template <Packet P>
  void send(const P& packet);
  void flush();
  void read_more();
  void on_bytes(std::span<const uint8_t> bytes);
  void on_body(std::span<const uint8_t> body);
  void start_login();
  void start_configuration();
  void enter_play();
  void on_server_teleport(int32_t id, const Vec3d& to, float yaw, float pitch);
  void maybe_report_loaded();
  void build_tick();
  void send_build_action(const BuildAction& action);
  void on_chunk(int32_t x, int32_t z);
  bool stands_in_held_chunk() const;
  double seconds_since_start() const;
  int64_t now_ns() const;

  boost::asio::ip::tcp::socket socket_;
  BotContext& context_;
  int index_;
  std::string name_;
  Phase phase_ = Phase::kWaiting;
  std::string close_reason_;

  FrameDecoder decoder_;
  FrameEncoder encoder_;
  int32_t compression_threshold_ = -1;
  std::array<uint8_t, 64 * 1024> read_buffer_{};
  Bytes pending_;   // frames waiting for the write in flight to finish
  Bytes in_flight_;
  bool writing_ = false;

  std::optional<double> play_since_s_;
  std::optional<Vec3d> spawn_;
  std::optional<Flight> flight_;
  std::optional<BuildSite> build_;
  int32_t sequence_ = 0;    // block action sequence numbers (block_changed_ack answers them)
  int32_t acked_sequence_ = 0;  // the highest sequence a block_changed_ack has answered
  int ticks_standing_ = 0;  // ticks since the last move while building
  Vec3d position_;
  float yaw_ = 0, pitch_ = 0;
  bool sent_player_loaded_ = false;
  int game_mode_ = -1;  // -1 until the play login
  HeldChunks held_;
  ChunkRate rate_;
  Counters counters_;
  uint64_t ticks_waiting_ = 0;
};

template <Packet P>
void Bot::send(const P& packet) {
  if (phase_ == Phase::kClosed) return;
  Bytes body = encode_packet(packet);
  Status framed = encoder_.append(body, compression_threshold_, pending_);
  if (!framed) return close("cannot frame a packet: " + framed.error());
  flush();
}

}  // namespace hz::bots
