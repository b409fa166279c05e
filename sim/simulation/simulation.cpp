#include "sim/simulation/simulation.h"

#include <algorithm>
#include <deque>
#include <map>
#include <memory>
#include <optional>
#include <set>

#include "sim/core/clock.h"
#include "sim/core/effect_buffer.h"
#include "sim/core/hash.h"
#include "sim/core/rng.h"
#include "sim/game/core.h"
#include "sim/simulation/sim_client.h"
#include "sim/simulation/simulated_jobs.h"

namespace hz {

namespace {

constexpr int64_t kNanosPerSecond = 1'000'000'000;
constexpr int64_t kJoinWindowNanos = 10 * kNanosPerSecond;   // clients join within the first 10 s
constexpr int64_t kMaxJoinNanos = 30 * kNanosPerSecond;      // a join must reach play within this
constexpr int64_t kMaxKickDelayNanos = 5 * kNanosPerSecond;  // garbage must be answered within this

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

struct LiveClient {
  std::unique_ptr<SimClient> client;
  int64_t opened_nanos = 0;
  std::optional<int64_t> garbage_nanos;  // when it first sent garbage
};

class Runner {
 public:
  Runner(const SimOptions& options, const std::function<void(const std::string&)>& progress)
      : options_(options),
        progress_(progress),
        rng_(Rng::derive(options.seed, 1)),
        clock_(Rng::derive(options.seed, 2).next_u64()),
        core_(CoreConfig{sim_properties(options.view_distance), static_cast<int64_t>(options.seed), "", {}, {}}, clock_, sink_),
        jobs_(2, Rng::derive(options.seed, 3).next_u64()),
        network_faults_(options.faults == SimFaults::kNetwork || options.faults == SimFaults::kAll) {
    for (int i = 0; i < options.clients; ++i) {
      joins_.emplace(static_cast<int64_t>(rng_.next_below(static_cast<uint32_t>(kJoinWindowNanos / 1'000'000))) * 1'000'000,
                     "Sim" + std::to_string(i + 1));
    }
  }

  SimResult run() {
    core_.start();
    take_effects();
    const int64_t end = static_cast<int64_t>(options_.seconds * static_cast<double>(kNanosPerSecond));
    int64_t next_report = 10 * kNanosPerSecond;
    while (clock_.peek() < end) {
      pass();
      if (progress_ && clock_.peek() >= next_report) {
        progress_(report_line());
        next_report += 10 * kNanosPerSecond;
      }
    }
    result_.seed = options_.seed;
    result_.simulated_s = static_cast<double>(clock_.peek()) / static_cast<double>(kNanosPerSecond);
    result_.digest = digest_.digest();
    return result_;
  }

 private:
  void pass() {
    std::vector<Input> inputs;
    for (JobCompleted& done : jobs_.finish(rng_.next_below(24))) inputs.push_back(std::move(done));
    open_due_connections();
    deliver_due(inputs);
    if (rng_.next_below(2000) == 0) inputs.push_back(ConsoleLine{"save-all"});
    IterationDigest d = core_.run_iteration(inputs);
    ++result_.passes;
    tick_ = d.tick;
    fold(d);
    take_effects();
    closed_for_core_.insert(closing_.begin(), closing_.end());
    closing_.clear();
    tick_clients();
    check_liveness();
    clock_.wait_until(core_.next_tick_nanos());
  }

  void open_due_connections() {
    while (!joins_.empty() && joins_.begin()->first <= clock_.peek()) {
      const std::string name = joins_.begin()->second;
      joins_.erase(joins_.begin());
      const ConnId conn = next_conn_++;
      ++result_.connections;
      LiveClient live;
      live.client = std::make_unique<SimClient>(conn, name, ClientBehaviour::draw(rng_), rng_.next_u64());
      live.opened_nanos = clock_.peek();
      send_to_server(ConnectionOpened{conn, "sim:" + std::to_string(conn)}, conn);
      send_bytes(conn, live.client->hello());
      clients_.emplace(conn, std::move(live));
    }
  }

  // The network: per connection in order, after a latency (network faults), bytes possibly split.
  void send_to_server(Input input, ConnId conn) {
    int64_t at = result_.passes;
    if (network_faults_) at += rng_.next_below(6);
    int64_t& last = last_delivery_[conn];
    at = std::max(at, last);
    last = at;
    network_.push_back({at, std::move(input)});
  }
  void send_bytes(ConnId conn, Bytes bytes) {
    if (bytes.empty()) return;
    size_t pieces = network_faults_ ? 1 + rng_.next_below(3) : 1;
    size_t start = 0;
    for (size_t i = 0; i < pieces && start < bytes.size(); ++i) {
      size_t end = i + 1 == pieces ? bytes.size() : start + rng_.next_below(static_cast<uint32_t>(bytes.size() - start) + 1);
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
      inputs.push_back(std::move(d.input));
    }
    network_.swap(later);
  }

  void take_effects() {
    for (Effect& e : sink_.effects) {
      if (auto* job = std::get_if<SubmitJob>(&e)) {
        jobs_.accept(std::move(*job));
      } else if (auto* send = std::get_if<SendPacket>(&e)) {
        on_server_packet(*send);
      } else if (auto* close = std::get_if<CloseConnection>(&e)) {
        on_server_close(*close);
      }
    }
    sink_.clear();
  }

  void on_server_packet(const SendPacket& send) {
    if (closed_for_core_.contains(send.conn)) {
      ByteReader id(*send.body);
      return violation("packet " + std::to_string(id.varint()) + " to connection " + std::to_string(send.conn) +
                       " after its close");
    }
    auto it = clients_.find(send.conn);
    if (it == clients_.end()) return;  // the client left; the core learns it when the close arrives
    if (std::optional<std::string> problem = it->second.client->on_packet(*send.body)) {
      violation(it->second.client->name() + ": " + *problem);
    }
  }

  void on_server_close(const CloseConnection& close) {
    if (!closed_for_core_.insert(close.conn).second) violation("connection " + std::to_string(close.conn) + " closed twice");
    auto it = clients_.find(close.conn);
    if (it == clients_.end()) return;
    if (close.reason.empty()) violation(it->second.client->name() + " was closed without a reason");
    forget(close.conn);
  }

  // The client is gone: the shell reports the close to the core once, whichever side closed.
  void forget(ConnId conn) {
    send_to_server(ConnectionClosed{conn}, conn);
    const std::string name = clients_.at(conn).client->name();
    clients_.erase(conn);
    if (rng_.next_below(2) == 0) joins_.emplace(clock_.peek() + rng_.next_below(5000) * 1'000'000LL, name);
  }

  void tick_clients() {
    std::vector<ConnId> quitting;
    for (auto& [conn, live] : clients_) {
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
        violation(c.name() + " waited more than 30 s to reach play");
        live.opened_nanos = clock_.peek();  // report once per 30 s
      }
      if (live.garbage_nanos && clock_.peek() - *live.garbage_nanos > kMaxKickDelayNanos) {
        violation(c.name() + " sent an invalid frame and was not disconnected within 5 s");
        live.garbage_nanos = clock_.peek();
      }
    }
  }

  void fold(const IterationDigest& d) {
    digest_.i64(d.tick);
    for (const auto& [conn, hash] : d.outbound) digest_.u64(conn), digest_.u64(hash);
    digest_.u64(d.other_effects), digest_.u64(d.state);
  }

  void violation(std::string what) { result_.violations.push_back({result_.passes, tick_, std::move(what)}); }

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

  const SimOptions options_;
  const std::function<void(const std::string&)>& progress_;
  Rng rng_;
  SimClock clock_;
  EffectBuffer sink_;
  Core core_;
  SimulatedJobs jobs_;
  const bool network_faults_;
  std::multimap<int64_t, std::string> joins_;  // when, who
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

SimResult run_simulation(const SimOptions& options, const std::function<void(const std::string&)>& progress) {
  return Runner(options, progress).run();
}

}  // namespace hz
