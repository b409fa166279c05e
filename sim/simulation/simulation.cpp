#include "sim/simulation/simulation.h"

#include <algorithm>
#include <deque>
#include <map>
#include <memory>
#include <optional>
#include <set>
#include <tuple>
#include <span>

#include "sim/core/clock.h"
#include "sim/core/effect_buffer.h"
#include "sim/core/hash.h"
#include "sim/core/rng.h"
#include "sim/game/access/list_files.h"
#include "sim/game/core.h"
#include "sim/protocol/offline_uuid.h"
#include "sim/protocol/packets.h"
#include "sim/protocol/text.h"
#include "sim/game/world/world_streaming.h"
#include "sim/world/chunk_column.h"
#include "sim/world/chunk_packet.h"
#include "sim/simulation/chunk_view_model.h"
#include "sim/simulation/sim_client.h"
#include "sim/simulation/simulated_disk.h"
#include "sim/simulation/simulated_jobs.h"
#include "sim/simulation/tick_stats_model.h"

namespace hz {

namespace {

constexpr int64_t kNanosPerSecond = 1'000'000'000;
constexpr int64_t kJoinWindowNanos = 10 * kNanosPerSecond;   // clients join within the first 10 s
constexpr int64_t kMaxJoinNanos = 30 * kNanosPerSecond;      // a join must reach play within this
constexpr int64_t kMaxKickDelayNanos = 5 * kNanosPerSecond;  // garbage must be answered within this
// Stalls (network faults): one pass in this many, a client in play stops sending for 1-40 s.
constexpr uint32_t kStallOdds = 20'000;
// The server's two timeouts (connection_limits.h restated): an unanswered keep-alive closes the
// connection 15 s after it was sent, and one is sent every 15 s; a connection the server has
// read nothing from for 30 s is closed. With the tick's granularity, give or take this slack.
constexpr int64_t kKeepAliveNanos = 15 * kNanosPerSecond;
constexpr int64_t kSilenceNanos = 30 * kNanosPerSecond;
constexpr int64_t kTimeoutSlackNanos = kNanosPerSecond / 2;
constexpr int64_t kChunkCheckPasses = 20;  // every client's chunks are compared with the core's this often
// A block may differ for a moment (changed after this tick's broadcast); longer is a violation.
constexpr int kMaxStalePasses = 20;

// The core's clock: each read moves it by the time the core's work took, drawn at random, with
// now and then a long overrun; between passes the loop waits for the next tick like the shell.
class SimClock final : public Clock {
 public:
  explicit SimClock(uint64_t seed) : rng_(seed) {}
  int64_t now_nanos() override {
    const int64_t value = now_;
    now_ += rng_.next_below(5000) == 0 ? 30'000'000 + rng_.next_below(90'000'000) : rng_.next_below(100'000);
    return value;
  }
  void wait_until(int64_t nanos) { now_ = std::max(now_, nanos); }
  int64_t peek() const { return now_; }

 private:
  Rng rng_;
  int64_t now_ = 0;
};

ServerProperties sim_properties(int view_distance) {
  ServerProperties p = *parse_server_properties("pause-when-empty-seconds=0\nonline-mode=false\nspawn-protection=0\n").properties;
  p.view_distance = view_distance;
  p.simulation_distance = view_distance;
  return p;
}

// Sim1 and Sim2 are operators, so /summon, /gamemode and the rest also run, not only fail.
std::string sim_ops_json() {
  OpEntries ops;
  for (const char* name : {"Sim1", "Sim2"}) ops[offline_player_uuid(name)] = OpEntry{name, 4, false};
  return encode_ops(ops);
}


// Swarm testing: each storage fault is off half the time, so each seed mixes them differently.
StorageFaultRates draw_storage_faults(Rng& rng, bool on) {
  StorageFaultRates f;
  f.sync_writes = rng.next_below(2) == 0;
  if (!on) return f;
  if (rng.next_below(2) == 0) f.slow = 0.002 + rng.next_double() * 0.02;
  if (rng.next_below(2) == 0) f.read_error = rng.next_double() * 0.03;
  if (rng.next_below(2) == 0) f.write_error = rng.next_double() * 0.03;
  if (rng.next_below(2) == 0) f.torn = rng.next_double();
  return f;
}

struct LiveClient {
  std::unique_ptr<SimClient> client;
  int number = 0;  // Sim<number>
  Rng network{0};  // latency and splits of this connection's bytes
  int64_t opened_nanos = 0;
  std::optional<int64_t> garbage_nanos;  // when it first sent garbage
  Rng stall_draws{0};  // whether and how long this connection stalls (a stream apart from the others)
};

// A connection that sent nothing for a while: everything it sent meanwhile was held back.
struct Stall {
  int64_t start_nanos = 0;
  int64_t end_nanos = 0;
  std::optional<int64_t> released_nanos;  // when the held bytes went out again
  bool reported = false;
};

class Runner {
 public:
  Runner(const SimOptions& options, const std::function<void(const std::string&)>& progress)
      : options_(options),
        progress_(progress),
        rng_(Rng::derive(options.seed, 1)),
        console_rng_(Rng::derive(options.seed, 7)),
        clock_(Rng::derive(options.seed, 2).next_u64()),
        config_{sim_properties(options.view_distance), static_cast<int64_t>(options.seed), sim_ops_json(), {}, {}},
        jobs_(2, Rng::derive(options.seed, 3).next_u64()),
        network_faults_(has_network_faults(options.faults)),
        storage_faults_(has_storage_faults(options.faults) || options.canary == SimCanary::kLostSave),
        disk_(Rng::derive(options.seed, 4).next_u64(), [&] {
          Rng r = Rng::derive(options.seed, 5);
          StorageFaultRates rates = draw_storage_faults(r, storage_faults_);
          omit_storage_faults(options.omit, rates);
          return rates;
        }()) {
    const int64_t end = end_nanos();
    if (storage_faults_) {
      // One crash between 40 % and 75 % of the run; the canary crashes after a save that finished.
      Rng r = Rng::derive(options.seed, 6);
      crash_nanos_ = end * (40 + static_cast<int64_t>(r.next_below(36))) / 100;
      if (options.canary == SimCanary::kLostSave) save_flush_nanos_ = *crash_nanos_ - 4 * kNanosPerSecond;
      if (options.omit.faults & kFaultCrash) crash_nanos_.reset();
    }
    if (options.snapshot_swap && !options.recording) {
      Rng r = Rng::derive(options.seed, 8);  // between 20 % and 90 % of the run
      swap_nanos_ = end * (20 + static_cast<int64_t>(r.next_below(71))) / 100;
    }
    if (options.recording) recording_ = options.recording(config_, clock_, sink_, 0);
    core_ = std::make_unique<Core>(config_, recording_ ? recording_->core_clock() : static_cast<Clock&>(clock_),
                                   recording_ ? recording_->core_sink() : static_cast<EffectSink&>(sink_));
    for (int n = 1; n <= options.clients; ++n) {
      const int64_t at = static_cast<int64_t>(client_rng(n).next_below(static_cast<uint32_t>(kJoinWindowNanos / 1'000'000))) * 1'000'000;
      if (!options.omit.clients.contains(n)) joins_.emplace(at, n);
    }
  }

  SimResult run() {
    core_->start();
    if (recording_) recording_->started();
    take_effects();
    const int64_t end = end_nanos();
    int64_t next_report = 10 * kNanosPerSecond;
    while (clock_.peek() < end) {
      if (swap_nanos_ && clock_.peek() >= *swap_nanos_) {
        swap_nanos_.reset();
        swap_core_through_snapshot();
      }
      if (crash_nanos_ && clock_.peek() >= *crash_nanos_) {
        crash_nanos_.reset();
        crash_and_restart();
      }
      pass();
      if (progress_ && clock_.peek() >= next_report) {
        progress_(report_line());
        next_report += 10 * kNanosPerSecond;
      }
    }
    if (recording_) recording_->ended(core_.get());
    recording_.reset();
    result_.crashes = disk_.crashes();
    result_.seed = options_.seed;
    result_.simulated_s = static_cast<double>(clock_.peek()) / static_cast<double>(kNanosPerSecond);
    result_.digest = digest_.digest();
    for (const auto& [number, counter] : action_counters_) result_.actions[number] = counter.counts();
    return result_;
  }

 private:
  int64_t end_nanos() const { return static_cast<int64_t>(options_.seconds * static_cast<double>(kNanosPerSecond)); }

  void pass() {
    std::vector<Input> inputs;
    // The workers and the storage thread finish in an order the seed picks.
    std::vector<JobCompleted> generated = jobs_.finish(rng_.next_below(24));
    std::vector<JobCompleted> stored = disk_.step(1 + rng_.next_below(16));
    for (size_t g = 0, s = 0; g < generated.size() || s < stored.size();) {
      const bool storage = g == generated.size() || (s < stored.size() && rng_.next_below(2) == 0);
      inputs.push_back(std::move(storage ? stored[s++] : generated[g++]));
    }
    open_due_connections();
    deliver_due(inputs);
    // Saves: now and then; often with storage faults, so a crash has saves to lose.
    if (rng_.next_below(storage_faults_ ? 200 : 2000) == 0)
      inputs.push_back(ConsoleLine{rng_.next_below(2) == 0 ? "save-all flush" : "save-all"});
    // The tick statistics, asked on the console now and then (clients ask too); drawn apart, so
    // the rest of a seed's schedule is what it was before the question was added.
    if (console_rng_.next_below(400) == 0) inputs.push_back(ConsoleLine{"tick query"});
    if (save_flush_nanos_ && clock_.peek() >= *save_flush_nanos_) {
      save_flush_nanos_.reset();
      inputs.push_back(ConsoleLine{"save-all flush"});
    }
    IterationDigest d = core_->run_iteration(inputs);
    if (recording_) recording_->iteration(std::move(inputs), d, *core_);
    ++result_.passes;
    tick_ = d.tick;
    fold(d);
    tick_model_.enter_tick(d.tick);
    take_effects();
    check_tick_replies(d.tick);
    tick_model_.record(core_->tick_stats().nanos_of(d.tick));
    for (auto& [conn, live] : clients_)
      if (std::optional<SimProblem> problem = live.client->end_of_pass(result_.checks))
        violation(problem->invariant, live.client->name() + ": " + problem->what);
    for (std::string& problem : disk_.take_problems()) violation("restart-equals-save", std::move(problem));
    closed_for_core_.insert(closing_.begin(), closing_.end());
    closing_.clear();
    end_stalls();
    tick_clients();
    check_liveness();
    check_stalls();
    check_views();  // cheap: every pass, so a chunk outside the view is seen before its client leaves
    if (result_.passes % kChunkCheckPasses == 0) compare_chunks();
    recheck_stale_blocks();
    clock_.wait_until(core_->next_tick_nanos());
  }

  // Every `/tick query` line of this pass, which ran tick `tick`, from the console's log and from
  // clients, against the model of the last 100 tick durations. A client's command is answered
  // as the core reads it, before the pass's tick counts; the console's inside the tick.
  void check_tick_replies(int64_t tick) {
    for (auto& [conn, live] : clients_)
      for (std::string& line : live.client->take_tick_replies())
        check_tick_reply(tick - 1, live.client->name(), std::move(line));
    for (std::string& line : std::exchange(console_tick_lines_, {})) check_tick_reply(tick, "the console", std::move(line));
  }

  // `tick_count`: the core's tick count when it answered.
  void check_tick_reply(int64_t tick_count, const std::string& who, std::string line) {
    static constexpr std::string_view kAverage = "Average time per tick: ";
    ++result_.tick_replies_checked;
    const std::string where = who + ": tick query at tick count " + std::to_string(tick_count) + " said ";
    if (line.starts_with("Percentiles: ")) {
      if (options_.canary == SimCanary::kTickStatsRing && !canary_fired_ && clock_.peek() >= 5 * kNanosPerSecond) {
        canary_fired_ = true;  // the canary: this line reads one slot of the ring wrong
        line.insert(std::string_view("Percentiles: P50: ").size(), "9");
      }
      const std::string want = tick_model_.percentiles_line();
      if (line != want) violation("tick-statistics", where + "\"" + line + "\", the tick statistics model \"" + want + "\"");
      return;
    }
    const size_t at = line.find(kAverage) + kAverage.size();
    const std::string said = line.substr(at, line.find("ms", at) - at);
    const std::string want = tick_model_.average_text(tick_count);
    if (said != want) violation("tick-statistics", where + "an average of " + said + " ms, the tick statistics model " + want + " ms");
  }

  // The process dies at a random point (mid-pass work lost, storage as the crash leaves it) and
  // a new core starts on what the disk holds; every client's connection died with it.
  // The core is replaced by a fresh one built from the same configuration and read from its
  // snapshot (docs/simulation.md "Snapshots"); everything around it (clients, network, jobs in
  // flight, disk, clock) stays. A snapshot that does not read back with the same state hash is a
  // violation; one that reads back but goes on differently shows as a different digest.
  void swap_core_through_snapshot() {
    const Bytes snapshot = core_->write_snapshot_parts();
    const uint64_t hash = core_->state_hash();
    auto restored = std::make_unique<Core>(config_, clock_, sink_);
    if (!restored->read_snapshot_parts(snapshot)) return violation("snapshot", "the core's snapshot does not read back");
    if (restored->state_hash() != hash) return violation("snapshot", "the restored core's state hash differs");
    core_ = std::move(restored);
    ++result_.snapshot_swaps;
    result_.snapshot_bytes = snapshot.size();
  }

  void crash_and_restart() {
    if (progress_) progress_("[" + std::to_string(clock_.peek() / kNanosPerSecond) + " s] crash and restart");
    if (recording_) recording_->ended(nullptr);  // the trace ends like a killed server's
    recording_.reset();
    core_.reset();
    sink_.clear();
    disk_.crash(options_.canary == SimCanary::kLostSave);
    jobs_ = SimulatedJobs(2, rng_.next_u64());
    for (auto& [conn, live] : clients_)
      joins_.emplace(clock_.peek() + 1'000'000'000LL + client_rng(live.number).next_below(4000) * 1'000'000LL, live.number);
    clients_.clear();
    network_.clear();
    last_delivery_.clear();
    closing_.clear();
    closed_for_core_.clear();
    stale_.clear();
    agreed_.clear();
    stalls_.clear();  // the connections died with the core, and what they held back with them
    held_.clear();
    if (options_.recording) recording_ = options_.recording(config_, clock_, sink_, disk_.crashes());
    core_ = std::make_unique<Core>(config_, recording_ ? recording_->core_clock() : static_cast<Clock&>(clock_),
                                   recording_ ? recording_->core_sink() : static_cast<EffectSink&>(sink_));
    core_->start();
    if (recording_) recording_->started();
    take_effects();
  }

  // The shell opens its network only once the spawn area is loaded (docs/streaming.md), at start
  // and after a restart; a client due before then connects as soon as it is.
  bool accepts_connections() const {
    const auto [ready, total] = core_->world().spawn_area_progress();
    return ready == total;
  }

  void open_due_connections() {
    if (!accepts_connections()) return;
    while (!joins_.empty() && joins_.begin()->first <= clock_.peek()) {
      const int number = joins_.begin()->second;
      joins_.erase(joins_.begin());
      const ConnId conn = next_conn_++;
      ++result_.connections;
      Rng& rng = client_rng(number);
      LiveClient live;
      live.number = number;
      ClientBehaviour behaviour = ClientBehaviour::draw(rng);
      Rng exploring = Rng::derive(options_.seed, 10, number);
      behaviour.draw_exploring(exploring);
      Rng swimming = Rng::derive(options_.seed, 12, number);
      behaviour.draw_swimming(swimming);
      if (options_.canary == SimCanary::kMoveThreshold) behaviour.jump_chance = std::max(behaviour.jump_chance, 0.05);
      live.client = std::make_unique<SimClient>(conn, "Sim" + std::to_string(number), behaviour, rng.next_u64());
      live.client->count_actions_with(&action_counters_.try_emplace(number, options_.omit, number).first->second);
      live.network = Rng(rng.next_u64());
      live.stall_draws = Rng::derive(options_.seed, 11, number);
      live.opened_nanos = clock_.peek();
      const LiveClient& opened = clients_.emplace(conn, std::move(live)).first->second;
      send_to_server(ConnectionOpened{conn, "sim:" + std::to_string(conn)}, conn);
      send_bytes(conn, opened.client->hello());
    }
  }

  // Each client's own random stream: its join time, behaviours, network and returns.
  Rng& client_rng(int number) {
    auto it = client_rngs_.find(number);
    if (it == client_rngs_.end()) it = client_rngs_.emplace(number, Rng::derive(options_.seed, 9, number)).first;
    return it->second;
  }

  // The random stream of a connection's network faults (the runner's own for one already gone).
  Rng& network_rng(ConnId conn) {
    auto it = clients_.find(conn);
    return it == clients_.end() ? rng_ : it->second.network;
  }

  // The network: per connection in order, after a latency (network faults), bytes possibly split.
  void send_to_server(Input input, ConnId conn) {
    if (auto stall = stalls_.find(conn); stall != stalls_.end() && !stall->second.released_nanos) {
      held_[conn].push_back(std::move(input));
      return;
    }
    if (options_.canary == SimCanary::kLostAnswers && conn == lost_conn_ && std::holds_alternative<BytesReceived>(input))
      return;  // the canary: the network loses everything this client sends, and nobody says so
    int64_t at = result_.passes;
    if (network_faults_) {
      const int64_t latency = network_rng(conn).next_below(6);
      if (!(options_.omit.faults & kFaultLatency)) at += latency;
    }
    int64_t& last = last_delivery_[conn];
    at = std::max(at, last);
    last = at;
    network_.push_back({at, std::move(input)});
  }
  void send_bytes(ConnId conn, Bytes bytes) {
    if (bytes.empty()) return;
    size_t pieces = network_faults_ ? 1 + network_rng(conn).next_below(3) : 1;
    if (options_.omit.faults & kFaultSplit) pieces = 1;
    size_t start = 0;
    for (size_t i = 0; i < pieces && start < bytes.size(); ++i) {
      size_t end = i + 1 == pieces ? bytes.size()
                                   : start + network_rng(conn).next_below(static_cast<uint32_t>(bytes.size() - start) + 1);
      send_to_server(BytesReceived{conn, Bytes(bytes.begin() + static_cast<std::ptrdiff_t>(start),
                                               bytes.begin() + static_cast<std::ptrdiff_t>(end))},
                     conn);
      start = end;
    }
  }
  void deliver_due(std::vector<Input>& inputs) {
    std::deque<Delivery> later;
    for (Delivery& d : network_) {
      if (d.pass > result_.passes) {
        later.push_back(std::move(d));
        continue;
      }
      // Effects of this pass may still be for it (sent before the core read the close).
      if (auto* closed = std::get_if<ConnectionClosed>(&d.input)) closing_.push_back(closed->conn);
      if (auto* bytes = std::get_if<BytesReceived>(&d.input); bytes && clients_.contains(bytes->conn))
        clients_.at(bytes->conn).client->delivered(bytes->bytes.size());
      inputs.push_back(std::move(d.input));
    }
    network_.swap(later);
  }

  void take_effects() {
    for (Effect& e : sink_.effects) {
      if (auto* job = std::get_if<SubmitJob>(&e)) {
        if (anvil::is_storage_job(job->kind)) disk_.submit(std::move(*job));
        else jobs_.accept(std::move(*job));
      } else if (auto* write = std::get_if<StorageWrite>(&e); write && write->path.starts_with("players/data/")) {
        disk_.write_file(*write);
      } else if (auto* send = std::get_if<SendPacket>(&e)) {
        on_server_packet(*send);
      } else if (auto* close = std::get_if<CloseConnection>(&e)) {
        on_server_close(*close);
      } else if (auto* log = std::get_if<LogLine>(&e); log && is_tick_query_line(log->text)) {
        console_tick_lines_.push_back(log->text);
      }
    }
    sink_.clear();
  }

  void on_server_packet(const SendPacket& send) {
    if (closed_for_core_.contains(send.conn)) {
      ByteReader id(*send.body);
      return violation("connection-close", "packet " + std::to_string(id.varint()) + " to connection " + std::to_string(send.conn) +
                       " after its close");
    }
    auto it = clients_.find(send.conn);
    if (it == clients_.end()) return;  // the client left; the core learns it when the close arrives
    std::span<const uint8_t> body = *send.body;
    if (options_.canary == SimCanary::kBadPacket && !canary_fired_ && !body.empty() && body[0] == kMapChunkPacketId &&
        it->second.client->phase() == SimClient::Phase::kPlay && clock_.peek() >= 5 * kNanosPerSecond) {
      canary_fired_ = true;  // the canary: one chunk packet arrives cut in half
      body = body.first(body.size() / 2);
    }
    if (options_.canary == SimCanary::kWrongBlock && !canary_fired_ && !body.empty() && body[0] == kMapChunkPacketId &&
        it->second.client->phase() == SimClient::Phase::kPlay && clock_.peek() >= 5 * kNanosPerSecond) {
      canary_fired_ = true;  // the canary: this chunk arrives with one block wrong
      it->second.client->corrupt_next_chunk();
    }
    if (options_.canary == SimCanary::kViewLeak && !canary_fired_ && !body.empty() && body[0] == kMapChunkPacketId &&
        it->second.client->phase() == SimClient::Phase::kPlay && clock_.peek() >= 5 * kNanosPerSecond) {
      canary_fired_ = true;  // the canary: this chunk is also held 64 chunks away
      it->second.client->duplicate_next_chunk_far_away();
    }
    if (options_.canary == SimCanary::kMoveThreshold && !canary_fired_ && !body.empty() &&
        body[0] == packet::play_cb::Position::kId && it->second.client->jump_read_this_pass()) {
      canary_fired_ = true;  // the canary: the pull-back of a jump is lost, as if the move was taken
      return;
    }
    // The canary: the pull-back of a step is lost, as if the move was taken. Every such pull-back
    // while the move model follows the client, since a pass it cannot judge lets one go by.
    if (options_.canary == SimCanary::kLostPullBack && !body.empty() && body[0] == packet::play_cb::Position::kId &&
        it->second.client->moves_judged_now() && !it->second.client->jump_read_this_pass()) {
      canary_fired_ = true;
      return;
    }
    if (std::optional<std::string> problem = it->second.client->on_packet(body)) {
      violation("decode", it->second.client->name() + ": " + *problem);
    }
    if (options_.canary == SimCanary::kChunkQuota && !canary_fired_ && !body.empty() &&
        it->second.client->phase() == SimClient::Phase::kPlay && body[0] == packet::play_cb::ChunkBatchStart::kId) {
      canary_fired_ = true;  // the canary: the first batch starts twice, as a second batch sent too early
      if (std::optional<std::string> problem = it->second.client->on_packet(body))
        violation("decode", it->second.client->name() + ": " + *problem);
    }
  }

  void on_server_close(const CloseConnection& close) {
    if (!closed_for_core_.insert(close.conn).second) violation("connection-close", "connection " + std::to_string(close.conn) + " closed twice");
    auto it = clients_.find(close.conn);
    if (it == clients_.end()) return;
    SimClient& client = *it->second.client;
    if (close.reason.empty()) violation("connection-close", client.name() + " was closed without a reason");
    // Judged by the close's reason: a timeout after the server's finish_configuration closes
    // without a kick packet (the client already reads play).
    if (close.reason == to_plain(TextComponent::translatable("disconnect.timeout"))) judge_timeout(close.conn, client.name());
    if (std::optional<SimProblem> problem = client.on_closed(close.reason, result_.checks))
      violation(problem->invariant, client.name() + ": " + problem->what);
    forget(close.conn);
  }

  // The client is gone: the shell reports the close to the core once, whichever side closed.
  void forget(ConnId conn) {
    send_to_server(ConnectionClosed{conn}, conn);
    const int number = clients_.at(conn).number;
    clients_.erase(conn);
    agreed_.erase(conn);
    Rng& rng = client_rng(number);
    if (rng.next_below(2) == 0) joins_.emplace(clock_.peek() + rng.next_below(5000) * 1'000'000LL, number);
  }

  // A client in play (network faults, with no garbage sent) may stall once per connection: it takes
  // no action, and the network holds what it sends (answers included) until the stall ends.
  void maybe_stall(ConnId conn, LiveClient& live) {
    if (!network_faults_ || stalls_.contains(conn) || live.garbage_nanos || live.client->phase() != SimClient::Phase::kPlay)
      return;
    if (live.stall_draws.next_below(kStallOdds) != 0) return;
    const int64_t length = kNanosPerSecond + live.stall_draws.next_below(39'000) * 1'000'000LL;
    if (options_.omit.faults & kFaultStall) return;
    stalls_[conn] = Stall{clock_.peek(), clock_.peek() + length, std::nullopt, false};
    live.client->set_stalled(true);
    ++result_.stalls;
  }

  void end_stalls() {
    for (auto& [conn, stall] : stalls_) {
      if (stall.released_nanos || clock_.peek() < stall.end_nanos) continue;
      stall.released_nanos = clock_.peek();
      for (Input& input : std::exchange(held_[conn], {})) send_to_server(std::move(input), conn);
      if (auto live = clients_.find(conn); live != clients_.end()) live->second.client->set_stalled(false);
    }
  }

  // A close for a timeout comes only to a client that stopped answering: no sooner than an
  // unanswered keep-alive allows (15 s into its stall) and no later than the silence allows
  // (30 s), nor after its answers reached the server again.
  void judge_timeout(ConnId conn, const std::string& name) {
    ++result_.timeouts_judged;
    auto it = stalls_.find(conn);
    if (it == stalls_.end()) return violation("timeout", name + " was closed for a timeout but never stopped answering");
    const Stall& stall = it->second;
    const double into = static_cast<double>(clock_.peek() - stall.start_nanos) / kNanosPerSecond;
    const int64_t latest = std::min(stall.start_nanos + kSilenceNanos, stall.released_nanos.value_or(INT64_MAX));
    if (clock_.peek() < stall.start_nanos + kKeepAliveNanos - kTimeoutSlackNanos)
      violation("timeout", name + " was closed for a timeout " + std::to_string(into) +
                               " s into a stall (an unanswered keep-alive takes 15 s)");
    else if (clock_.peek() > latest + kTimeoutSlackNanos)
      violation("timeout", name + " was closed for a timeout " + std::to_string(into) +
                               " s into a stall, after its answers reached the server again");
  }

  // A stall longer than the silence the server allows ends in a close for a timeout.
  void check_stalls() {
    for (auto& [conn, stall] : stalls_) {
      if (stall.reported || !clients_.contains(conn)) continue;
      const int64_t answered = stall.released_nanos.value_or(INT64_MAX);
      if (answered <= stall.start_nanos + kSilenceNanos) continue;
      if (clock_.peek() <= stall.start_nanos + kSilenceNanos + kTimeoutSlackNanos) continue;
      stall.reported = true;
      violation("timeout", clients_.at(conn).client->name() + " sent nothing for 30 s and was not disconnected");
    }
  }

  void tick_clients() {
    std::vector<ConnId> quitting;
    for (auto& [conn, live] : clients_) {
      if (options_.canary == SimCanary::kLostAnswers && !canary_fired_ && clock_.peek() >= 5 * kNanosPerSecond &&
          live.client->phase() == SimClient::Phase::kPlay)
        canary_fired_ = true, lost_conn_ = conn;
      maybe_stall(conn, live);
      send_bytes(conn, live.client->tick());
      if (live.client->sent_garbage() && !live.garbage_nanos) live.garbage_nanos = clock_.peek();
      if (live.client->wants_to_quit()) quitting.push_back(conn);
    }
    for (ConnId conn : quitting) forget(conn);
  }

  void check_liveness() {
    for (auto& [conn, live] : clients_) {
      const SimClient& c = *live.client;
      if (c.phase() != SimClient::Phase::kPlay && clock_.peek() - live.opened_nanos > kMaxJoinNanos && !live.garbage_nanos) {
        violation("liveness", c.name() + " waited more than 30 s to reach play");
        live.opened_nanos = clock_.peek();  // report once per 30 s
      }
      if (live.garbage_nanos && clock_.peek() - *live.garbage_nanos > kMaxKickDelayNanos) {
        violation("liveness", c.name() + " sent an invalid frame and was not disconnected within 5 s");
        live.garbage_nanos = clock_.peek();
      }
    }
  }

  // Every chunk a client holds equals the core's: each differing block becomes a suspect,
  // reported if it still differs kMaxStalePasses passes in a row.
  void compare_chunks() {
    ++result_.chunk_checks;
    std::vector<uint16_t> held(4096), real(4096);
    for (const auto& [conn, live] : clients_) {
      if (live.client->phase() != SimClient::Phase::kPlay) continue;
      std::map<ChunkPos, Agreed>& agreed = agreed_[conn];
      for (const auto& [pos, sections] : live.client->chunks()) {
        const ChunkColumn* column = core_->world().column(pos);
        if (column == nullptr) continue;  // not ready in the core (an unload on its way)
        const Agreed now{live.client->chunk_version(pos), column, column->version()};
        if (auto last = agreed.find(pos); last != agreed.end() && last->second == now) continue;
        int found = 0;
        for (int i = 0; i < kSectionCount && found < 4; ++i) {
          if (sections[static_cast<size_t>(i)].blocks().packed_like(column->section(i).blocks())) continue;
          sections[static_cast<size_t>(i)].blocks().copy_to(held);
          column->section(i).blocks().copy_to(real);
          for (int cell = 0; cell < 4096 && found < 4; ++cell) {
            if (held[static_cast<size_t>(cell)] == real[static_cast<size_t>(cell)]) continue;
            ++found;
            const BlockPos at{pos.x * 16 + (cell & 15), kWorldMinY + i * 16 + (cell >> 8), pos.z * 16 + ((cell >> 4) & 15)};
            const auto key = std::make_tuple(conn, at.x, at.y, at.z);
            if (!reported_.contains(key)) stale_.emplace(key, 0);
          }
        }
        if (found == 0) agreed[pos] = now;
        else agreed.erase(pos);
      }
    }
  }

  // Every chunk a client in play holds is within the view the server last centred for it, by the
  // reference view rule (once per client: a leak stays until the client leaves).
  void check_views() {
    for (const auto& [conn, live] : clients_) {
      const SimClient& c = *live.client;
      if (c.phase() != SimClient::Phase::kPlay || !c.view_center() || view_reported_.contains(conn)) continue;
      // Held chunks outside the view appear only when a chunk arrives or the view moves.
      const ViewSeen seen{*c.view_center(), c.view_radius(), c.newest_chunk_version()};
      auto [last, first] = view_seen_.try_emplace(conn, seen);
      if (!first && last->second == seen) continue;
      last->second = seen;
      for (const auto& [pos, sections] : c.chunks()) {
        if (chunk_view_model::contains(*c.view_center(), c.view_radius(), pos)) continue;
        view_reported_.insert(conn);
        violation("chunk-view", c.name() + ": holds chunk (" + std::to_string(pos.x) + ", " + std::to_string(pos.z) +
                  ") outside its view (centre (" + std::to_string(c.view_center()->x) + ", " +
                  std::to_string(c.view_center()->z) + "), radius " + std::to_string(c.view_radius()) + ")");
        break;
      }
    }
  }

  void recheck_stale_blocks() {
    for (auto it = stale_.begin(); it != stale_.end();) {
      const ConnId conn = std::get<0>(it->first);
      const BlockPos at{std::get<1>(it->first), std::get<2>(it->first), std::get<3>(it->first)};
      const std::optional<std::pair<BlockStateId, BlockStateId>> states = client_and_core_block(conn, at);
      if (!states || states->first == states->second) {
        it = stale_.erase(it);
        continue;
      }
      if (++it->second < kMaxStalePasses) {
        ++it;
        continue;
      }
      const ChunkPos chunk{at.x >> 4, at.z >> 4};
      violation("chunk-equality", clients_.at(conn).client->name() + ": chunk (" + std::to_string(chunk.x) + ", " +
                std::to_string(chunk.z) + ") differs from the server's at (" + std::to_string(at.x) + ", " +
                std::to_string(at.y) + ", " + std::to_string(at.z) + "): state " + std::to_string(states->first) +
                " on the client, " + std::to_string(states->second) + " on the server");
      reported_.insert(it->first);  // once per block
      it = stale_.erase(it);
    }
  }

  // The block as the client holds it and as the core has it; nullopt when either is gone.
  std::optional<std::pair<BlockStateId, BlockStateId>> client_and_core_block(ConnId conn, const BlockPos& at) const {
    auto live = clients_.find(conn);
    if (live == clients_.end()) return std::nullopt;
    const ChunkPos chunk{at.x >> 4, at.z >> 4};
    auto held = live->second.client->chunks().find(chunk);
    const ChunkColumn* column = core_->world().column(chunk);
    if (held == live->second.client->chunks().end() || column == nullptr) return std::nullopt;
    const int section = (at.y - kWorldMinY) >> 4;
    const int cell = block_index(at.x & 15, at.y & 15, at.z & 15);
    return std::make_pair(held->second[static_cast<size_t>(section)].block(cell), column->section(section).block(cell));
  }

  void fold(const IterationDigest& d) {
    digest_.i64(d.tick);
    for (const auto& [conn, hash] : d.outbound) digest_.u64(conn), digest_.u64(hash);
    digest_.u64(d.other_effects), digest_.u64(d.state);
  }

  void violation(std::string invariant, std::string what) {
    result_.violations.push_back({result_.passes, tick_, std::move(invariant), std::move(what)});
  }

  std::string report_line() const {
    int in_play = 0;
    for (const auto& [conn, live] : clients_) in_play += live.client->phase() == SimClient::Phase::kPlay;
    return "[" + std::to_string(clock_.peek() / kNanosPerSecond) + " s] passes " + std::to_string(result_.passes) +
           ", tick " + std::to_string(tick_) + ", clients in play " + std::to_string(in_play) + ", violations " +
           std::to_string(result_.violations.size());
  }

  struct Delivery {
    int64_t pass = 0;
    Input input;
  };
  // A client's copy of a chunk and the core's column, as they were when they last agreed.
  struct Agreed {
    uint64_t client_version = 0;
    const ChunkColumn* column = nullptr;
    uint64_t server_version = 0;
    bool operator==(const Agreed&) const = default;
  };

  const SimOptions options_;
  const std::function<void(const std::string&)>& progress_;
  Rng rng_;
  Rng console_rng_;  // the console's tick queries
  SimClock clock_;
  TickStatsModel tick_model_;
  std::vector<std::string> console_tick_lines_;  // this pass's `/tick query` lines in the log
  EffectBuffer sink_;
  CoreConfig config_;
  std::unique_ptr<SimRecording> recording_;  // the trace of the core alive, when recording
  std::unique_ptr<Core> core_;
  SimulatedJobs jobs_;  // generation (storage jobs go to the disk)
  const bool network_faults_;
  const bool storage_faults_;
  SimulatedDisk disk_;
  std::optional<int64_t> crash_nanos_;
  std::optional<int64_t> swap_nanos_;
  std::optional<int64_t> save_flush_nanos_;
  bool canary_fired_ = false;
  std::set<ConnId> view_reported_;  // clients already reported for a chunk outside their view
  struct ViewSeen {
    ChunkPos center;
    int radius;
    uint64_t chunk_version;
    bool operator==(const ViewSeen&) const = default;
  };
  std::map<ConnId, ViewSeen> view_seen_;  // what check_views last went through, per client
  std::map<std::tuple<ConnId, int32_t, int32_t, int32_t>, int> stale_;
  std::map<ConnId, std::map<ChunkPos, Agreed>> agreed_;  // chunks that need no comparison while unchanged
  std::map<ConnId, Stall> stalls_;               // each connection's stall, once it began
  ConnId lost_conn_ = 0;                         // the lost-answers canary's client
  std::map<ConnId, std::vector<Input>> held_;    // what stalled connections sent meanwhile
  std::set<std::tuple<ConnId, int32_t, int32_t, int32_t>> reported_;  // blocks differing between a client and the core
  std::multimap<int64_t, int> joins_;  // when, which client (Sim<n>)
  std::map<int, Rng> client_rngs_;
  std::map<int, ActionCounter> action_counters_;  // per client number, across its connections
  std::map<ConnId, LiveClient> clients_;
  std::deque<Delivery> network_;
  std::map<ConnId, int64_t> last_delivery_;
  std::set<ConnId> closed_for_core_;  // connections the core closed or was told are closed
  std::vector<ConnId> closing_;       // closes delivered this pass
  ConnId next_conn_ = 1;
  int64_t tick_ = 0;
  Hasher digest_;
  SimResult result_;
};

}  // namespace

std::string_view canary_name(SimCanary canary) {
  switch (canary) {
    case SimCanary::kNone: return "none";
    case SimCanary::kBadPacket: return "bad-packet";
    case SimCanary::kLostSave: return "lost-save";
    case SimCanary::kWrongBlock: return "wrong-block";
    case SimCanary::kViewLeak: return "view-leak";
    case SimCanary::kMoveThreshold: return "move-threshold";
    case SimCanary::kLostPullBack: return "lost-pull-back";
    case SimCanary::kChunkQuota: return "chunk-quota";
    case SimCanary::kTickStatsRing: return "tick-stats-ring";
    case SimCanary::kLostAnswers: return "lost-answers";
  }
  return "none";
}

std::string_view faults_name(SimFaults faults) {
  switch (faults) {
    case SimFaults::kNone: return "none";
    case SimFaults::kNetwork: return "network";
    case SimFaults::kStorage: return "storage";
    case SimFaults::kAll: return "all";
  }
  return "none";
}

SimResult run_simulation(const SimOptions& options, const std::function<void(const std::string&)>& progress) {
  return Runner(options, progress).run();
}

}  // namespace hz
