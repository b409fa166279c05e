// A simulated client for horizon-sim: speaks the real protocol to the core through bytes, joins
// the way the vanilla client does, then acts out a behaviour drawn from its seed (walk, chat, run
// commands, build, quit, send garbage). Every packet it receives must decode in its state; it
// keeps the chunks it was sent, decoded, with every block update applied, to compare with the core.
// It also knows which of its bytes the core has read, so it checks the move and chunk pacing rules.
#pragma once

#include <cstdint>
#include <deque>
#include <map>
#include <optional>
#include <span>
#include <string>
#include <utility>
#include <vector>

#include "sim/core/rng.h"
#include "sim/core/types.h"
#include "sim/protocol/codec.h"
#include "sim/protocol/framing.h"
#include "sim/simulation/explorer.h"
#include "sim/simulation/move_judge.h"
#include "sim/simulation/sim_parts.h"
#include "sim/world/chunk_pos.h"
#include "sim/world/section.h"

namespace hz {

// A broken invariant a client saw: the invariant's name (as violations carry it) and what happened.
struct SimProblem {
  std::string invariant;
  std::string what;
};

// What a client does once in play, drawn per client (swarm testing: each seed mixes differently).
struct ClientBehaviour {
  double walk_chance = 0;     // per tick: take a step
  double chat_chance = 0;     // per tick: say something
  double command_chance = 0;  // per tick: run a command
  double build_chance = 0;    // per tick: dig or place next to itself
  double quit_chance = 0;     // per tick: leave (and maybe come back as a new connection)
  double garbage_chance = 0;  // per tick: send bytes that are not a packet (gets it kicked)
  double play_chance = 0;     // per tick: summon a mob, attack an entity, drop an item or use a bucket
  double jump_chance = 0;     // per tick: a move far beyond what a tick allows, which must be pulled back
  // Exploring (explorer.h): blocks a tick across the terrain, 0 for a client that does not, and
  // the seed of the explorer's heading. Drawn from a stream apart from the others (draw_exploring),
  // so a run that leaves exploring out is the run from before clients explored.
  double explore_speed = 0;
  uint64_t explore_seed = 0;
  // An explorer that swims: into water rather than over it (half of the explorers, drawn from a
  // stream of its own by draw_swimming, so the other draws stay as they were).
  bool swims = false;
  static ClientBehaviour draw(Rng& rng);
  void draw_exploring(Rng& rng);
  void draw_swimming(Rng& rng);
};

// What the clients' checks covered, summed over a run.
struct ClientChecks {
  int64_t jumps_judged = 0;     // moves the move rule says must be pulled back, read by the core
  int64_t moves_judged = 0;     // moves the reference move model judged, read by the core
  int64_t moves_skipped = 0;    // moves read while the model could not follow the server
  int64_t moves_judged_in_water = 0;  // of the moves judged, those ending with water in the player's box
  int64_t pull_backs_judged = 0;  // pull-backs among the moves judged
  int64_t kicks_judged = 0;       // kicks for floating held to the model's
  int64_t batches_checked = 0;  // chunk batches held to the pacing rule
};

class SimClient {
 public:
  enum class Phase { kLogin, kConfiguration, kPlay, kGone };

  SimClient(ConnId conn, std::string name, ClientBehaviour behaviour, uint64_t seed);
  SimClient(const SimClient&) = delete;  // the move judge reads the chunks in place
  SimClient& operator=(const SimClient&) = delete;

  // Numbers this client's actions (shared with its earlier connections) and leaves out those
  // the run omits; without one, every action is taken.
  void count_actions_with(ActionCounter* counter) { actions_ = counter; }
  // The opening bytes (handshake and login start).
  Bytes hello();
  // One packet body from the server, in order. A body that does not decode in the client's phase
  // is a violation: its description is returned.
  std::optional<std::string> on_packet(std::span<const uint8_t> body);
  // One client tick: what the client sends now (possibly nothing).
  Bytes tick();
  // A stalled client takes no action (its answers to the server still queue up, and the network
  // holds everything it sends until the stall ends).
  void set_stalled(bool stalled) { stalled_ = stalled; }
  // The server closed the connection in this pass: the pass's checks as end_of_pass makes them
  // (a kick for floating judged with its moves), the last the client makes.
  std::optional<SimProblem> on_closed(const std::string& reason, ClientChecks& checks);
  // The network handed the core `count` more of this client's bytes (in order, this pass).
  void delivered(uint64_t count);
  // After the core's pass and its packets: a broken move or chunk pacing rule seen in it (the
  // invariant "move-rule" or "chunk-pacing"). Adds what the pass checked to `checks`.
  std::optional<SimProblem> end_of_pass(ClientChecks& checks);
  // The lines of `/tick query` replies received since the last call (the average and the
  // percentiles), for the runner to hold against its model of the tick statistics.
  std::vector<std::string> take_tick_replies() { return std::exchange(tick_replies_, {}); }
  // The move-threshold canary: this pass the core read a jump, so its answer is the pull-back.
  bool jump_read_this_pass() const { return jump_read_; }
  // The lost-pull-back canary: the reference move model follows this player now.
  bool moves_judged_now() const { return judge_.following(); }

  ConnId conn() const { return conn_; }
  const std::string& name() const { return name_; }
  Phase phase() const { return phase_; }
  bool wants_to_quit() const { return quitting_; }
  bool sent_garbage() const { return sent_garbage_; }
  const std::string& close_reason() const { return close_reason_; }
  int64_t packets_received() const { return packets_received_; }
  // The chunks this client holds (sections bottom up), as sent and updated since.
  const std::map<ChunkPos, std::vector<Section>>& chunks() const { return chunks_; }
  // Moves whenever the held copy of a chunk changes (sent again, a block update): a chunk whose
  // version and whose server column are both unchanged since they last agreed need not be compared.
  uint64_t chunk_version(ChunkPos pos) const {
    auto it = versions_.find(pos);
    return it == versions_.end() ? 0 : it->second;
  }
  // The newest chunk_version of any chunk: unchanged while no chunk arrived or changed.
  uint64_t newest_chunk_version() const { return last_version_; }
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
  bool acts(int behaviour);  // counts an action of `behaviour`: false when it is left out
  // An explorer moves only by exploring (a level step would walk it into the hills it climbs),
  // unless the run leaves exploring out.
  bool explores() const { return explorer_ && !(actions_ && actions_->omits_all(kBehaviourExplore)); }
  void walk();
  void explore();
  void build();
  void play();
  void on_chunk(int32_t x, int32_t z, std::span<const uint8_t> body);
  void set_block(const BlockPos& pos, int32_t state);
  void on_system_text(std::string text);
  uint64_t output_end() const { return flushed_ + out_.size(); }
  void maybe_jump();
  void on_batch_start();
  void on_batch_chunk();
  void on_batch_finished(int32_t size);
  void on_position();

  ConnId conn_;
  std::string name_;
  ClientBehaviour behaviour_;
  Rng rng_;
  Phase phase_ = Phase::kLogin;
  int compression_ = -1;
  Bytes out_;
  ActionCounter* actions_ = nullptr;
  bool muted_ = false;  // an omitted action draws what it would send, and sends nothing
  bool teleported_ = false;
  bool loaded_sent_ = false;
  double x_ = 0, y_ = 0, z_ = 0;
  int32_t sequence_ = 0;
  int release_in_ = 0;  // actions until a drawn bow is released (0: none drawn)
  bool quitting_ = false;
  bool stalled_ = false;
  bool sent_garbage_ = false;
  std::string close_reason_;
  int64_t packets_received_ = 0;
  std::map<ChunkPos, std::vector<Section>> chunks_;
  std::map<ChunkPos, uint64_t> versions_;  // per held chunk, from last_version_
  MoveJudge judge_{chunks_};
  std::optional<Explorer> explorer_;  // for a client that explores
  // The judge's counts already added to the checks.
  int64_t judged_seen_ = 0, skipped_seen_ = 0, in_water_seen_ = 0, pull_backs_seen_ = 0, kicks_seen_ = 0;
  int32_t entity_id_ = 0;
  float health_ = 20.0f;
  uint64_t last_version_ = 0;
  std::vector<int32_t> entities_;  // entity ids the server spawned for this client, oldest first
  std::optional<std::string> chunk_problem_;  // a chunk body that did not decode
  bool corrupt_next_ = false;
  std::optional<BlockPos> corrupted_;
  bool leak_next_ = false;
  std::vector<std::string> tick_replies_;
  int requested_view_distance_ = 2;
  int server_view_distance_ = 2;
  std::optional<ChunkPos> view_center_;
  // What the core has read of this client's bytes, as offsets in everything it sent.
  uint64_t flushed_ = 0;    // bytes handed to the network
  uint64_t delivered_ = 0;  // of those, bytes the core has read
  std::optional<uint64_t> loaded_end_;  // where player_loaded ends
  bool loaded_at_core_ = false;
  bool dead_ = false;
  bool dead_before_pass_ = false;  // dead when the pass under way began
  // The move rule (move-checks §3): a move more than 10·sqrt(5) blocks (plus the speed the server
  // gave the player) from the tick's start is pulled back in the pass the core reads it.
  std::optional<uint64_t> jump_end_;
  bool jump_read_ = false;
  bool pulled_back_ = false;
  // Chunk pacing as the core must see it (PlayerChunkSender): acknowledgements in flight, the rate
  // of the last one the core read, batches it has not had acknowledged, the current batch.
  std::deque<std::pair<uint64_t, float>> acks_;  // where each ends, the rate it asks for
  float desired_at_core_ = 9.0f;
  int unacknowledged_ = 0;
  int max_unacknowledged_ = 1;
  std::optional<int> batch_chunks_;
  int64_t batches_finished_ = 0;  // since the last end_of_pass
  std::optional<SimProblem> pass_problem_;
  void pacing_problem(std::string what) { pass_problem_ = SimProblem{"chunk-pacing", std::move(what)}; }
};

}  // namespace hz
