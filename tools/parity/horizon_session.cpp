#include "tools/parity/horizon_session.h"

#include <algorithm>
#include <deque>
#include <memory>

#include "sim/core/clock.h"
#include "sim/core/effect_buffer.h"
#include "sim/game/core.h"
#include "sim/game/world/world_streaming.h"
#include "sim/protocol/codec.h"
#include "sim/protocol/framing.h"
#include "sim/protocol/packets.h"
#include "sim/world/jobs.h"
#include "tools/parity/echo_mapping.h"
#include "tools/parity/frame_follower.h"

namespace hz::parity {
namespace {

// How long a client's echo waits for Horizon's counterpart before it is dropped.
constexpr int64_t kEchoWaitMicros = 2'000'000;
// Passes run after the last recorded event, so Horizon's answers to it are seen.
constexpr int64_t kTailMicros = 1'000'000;
// The spawn area must be ready within this many passes before the first connection.
constexpr int kMaxPreparePasses = 20'000;
constexpr int64_t kTickMicros = 50'000;

// When the recorded server first sent each chunk (to anyone): it was ready by then. Horizon's
// generation here finishes a stage the pass after it was asked for, far sooner than a server's
// workers, so the last stage (light) of a chunk the recorded server sent is held until the pass
// before that time; otherwise batches would differ by generation speed, not by the rules.
std::map<ChunkPos, int64_t> recorded_chunk_times(const ObservedSession& recorded) {
  std::map<ChunkPos, int64_t> out;
  for (const auto& [id, c] : recorded) {
    for (const ObservedPacket& p : c.packets) {
      if (p.direction != Direction::kClientbound || p.state != ProtocolState::kPlay ||
          p.id() != packet::play_cb::MapChunk::kId)
        continue;
      ByteReader r(p.body);
      r.varint();
      const ChunkPos pos{r.i32(), r.i32()};
      if (r.ok()) out.emplace(pos, p.micros);  // the first time, as packets are in time order
    }
  }
  return out;
}

struct ClientStep {
  enum class Kind { kOpen, kPacket, kRaw, kClose };
  int64_t micros = 0;
  Kind kind = Kind::kPacket;
  ProtocolState state = ProtocolState::kHandshake;
  Bytes bytes;         // a packet body, or raw bytes
  std::string remote;  // kOpen
  // What the recorded client had read from its server when it sent this packet: the server's
  // protocol state and whether compression was on. Horizon must have got there too first.
  ProtocolState server_state = ProtocolState::kHandshake;
  bool compressed = false;
};

struct Connection {
  explicit Connection(const ObservedConnection& recorded) : echoes(recorded) {}
  std::deque<ClientStep> steps;
  FrameFollower follower;
  EchoMapping echoes;
  std::deque<Bytes> answers;  // bodies compare sends on the client's behalf (Horizon-only teleports)
  bool opened = false;
  bool closed_by_core = false;
  bool close_pending = false;  // the core closed it: tell it the socket closed, as the shell does
  bool closed = false;
};

class Driver {
 public:
  Driver(const RecordingContents& recording, const ObservedSession& recorded, const CoreConfig& config,
         SimulatedJobs& jobs, const std::vector<std::string>& console)
      : jobs_(jobs) {
    for (const std::string& line : console) console_.push_back(ConsoleLine{line});
    static const ObservedConnection kNone;
    for (const Event& e : recording.events) {
      auto it = conns_.find(e.conn);
      if (it == conns_.end()) {
        auto r = recorded.find(e.conn);
        it = conns_.emplace(e.conn, Connection(r == recorded.end() ? kNone : r->second)).first;
      }
      FrameFollower& seen = recorded_followers_[e.conn];
      if (auto step = client_step(e)) {
        step->server_state = seen.state(Direction::kClientbound);
        step->compressed = seen.compression_threshold() >= 0;
        it->second.steps.push_back(std::move(*step));
      }
      if (auto* p = std::get_if<PacketEvent>(&e.body)) seen.observe(p->direction, p->body);
      first_micros_ = std::min(first_micros_, e.micros);
      last_micros_ = std::max(last_micros_, e.micros);
    }
    if (recording.events.empty()) first_micros_ = 0;
    core_ = std::make_unique<Core>(config, clock_, sink_);
    chunk_times_ = recorded_chunk_times(recorded);
  }

  HorizonSession run() {
    core_->start();
    take_effects();
    for (int i = 0; i < kMaxPreparePasses; ++i) {
      auto [ready, total] = core_->world().spawn_area_progress();
      if (ready == total) break;
      pass();
    }
    if (!console_.empty()) {
      pass();  // the console lines, before anyone connects
      console_.clear();
    }
    // The first recorded event falls on the next pass.
    offset_nanos_ = core_->next_tick_nanos() - first_micros_ * 1000;
    started_ = true;
    result_.passes = 0;
    while (busy() || now_micros_ < last_micros_ + kTailMicros) pass();
    result_.recorded_micros = last_micros_ - first_micros_;
    return std::move(result_);
  }

 private:
  static std::optional<ClientStep> client_step(const Event& e) {
    ClientStep s;
    s.micros = e.micros;
    if (auto* o = std::get_if<ConnectionOpenedEvent>(&e.body)) {
      s.kind = ClientStep::Kind::kOpen;
      s.remote = o->client;
    } else if (auto* p = std::get_if<PacketEvent>(&e.body)) {
      if (p->direction != Direction::kServerbound) return std::nullopt;
      s.state = p->state;
      s.bytes = p->body;
    } else if (auto* u = std::get_if<UnframedBytesEvent>(&e.body)) {
      if (u->direction != Direction::kServerbound) return std::nullopt;
      s.kind = ClientStep::Kind::kRaw;
      s.bytes = u->bytes;
    } else {
      s.kind = ClientStep::Kind::kClose;
    }
    return s;
  }

  bool busy() const {
    if (!held_results_.empty()) return true;
    for (const auto& [id, c] : conns_)
      if (!c.steps.empty() || !c.answers.empty() || c.close_pending) return true;
    return false;
  }

  void pass() {
    clock_.set(std::max(core_->next_tick_nanos(), clock_.peek() + 1));
    // Before the session (preparing the spawn area) nothing of the recording is due yet.
    now_micros_ = started_ ? (clock_.peek() - offset_nanos_) / 1000 : first_micros_ - 1;
    std::vector<Input> inputs;
    for (JobCompleted& done : jobs_.finish(SIZE_MAX)) {
      auto hold = held_jobs_.find(done.job);
      if (hold == held_jobs_.end()) inputs.push_back(std::move(done));
      else held_results_.emplace(hold->second, std::move(done));
    }
    while (!held_results_.empty() && held_results_.begin()->first <= now_micros_ + kTickMicros) {
      inputs.push_back(std::move(held_results_.begin()->second));
      held_results_.erase(held_results_.begin());
    }
    inputs.insert(inputs.end(), console_.begin(), console_.end());
    if (started_)
      for (auto& [id, c] : conns_) deliver(id, c, inputs);
    core_->run_iteration(inputs);
    ++result_.passes;
    take_effects();
  }

  void deliver(ConnId id, Connection& c, std::vector<Input>& inputs) {
    Bytes bytes;
    auto flush = [&] {
      if (!bytes.empty()) inputs.push_back(BytesReceived{id, std::move(bytes)});
      bytes.clear();
    };
    if (c.close_pending) {
      inputs.push_back(ConnectionClosed{id});
      c.close_pending = false;
      c.closed = true;
    }
    while (!c.closed && !c.answers.empty()) {
      append_packet(id, c, c.answers.front(), now_micros_, bytes);
      c.answers.pop_front();
    }
    while (!c.steps.empty() && c.steps.front().micros <= now_micros_) {
      ClientStep& step = c.steps.front();
      // A client answers what it read: a packet waits (at most kEchoWaitMicros) until Horizon's
      // answers brought the client where the recorded server's had (login success read,
      // compression on, configuration finished).
      if (step.kind == ClientStep::Kind::kPacket && !c.closed && now_micros_ - step.micros <= kEchoWaitMicros &&
          (c.follower.state(Direction::kClientbound) != step.server_state ||
           (step.compressed && c.follower.compression_threshold() < 0)))
        break;
      if (step.kind == ClientStep::Kind::kOpen) {
        flush();
        inputs.push_back(ConnectionOpened{id, step.remote});
        c.opened = true;
      } else if (c.closed || !c.opened) {
        // after the core closed it: the recorded client's last bytes go nowhere
      } else if (step.kind == ClientStep::Kind::kClose) {
        flush();
        inputs.push_back(ConnectionClosed{id});
        c.closed = true;
      } else if (step.kind == ClientStep::Kind::kRaw) {
        bytes.insert(bytes.end(), step.bytes.begin(), step.bytes.end());
      } else {
        std::optional<Bytes> body = map_echo(id, c, step);
        if (!body && waiting_) break;
        if (body) append_packet(id, c, *body, step.micros, bytes);
      }
      c.steps.pop_front();
    }
    flush();
  }

  void append_packet(ConnId id, Connection& c, const Bytes& body, int64_t micros, Bytes& bytes) {
    ProtocolState state = c.follower.observe(Direction::kServerbound, body);
    result_.session[id].packets.push_back(ObservedPacket{micros, Direction::kServerbound, state, body});
    auto frame = encode_frame(body, c.follower.compression_threshold());
    if (frame) bytes.insert(bytes.end(), frame->begin(), frame->end());
  }

  // The body to send for a recorded client packet: itself, or an echo moved onto Horizon's id.
  // nullopt with waiting_ set: not yet; nullopt without: dropped.
  std::optional<Bytes> map_echo(ConnId id, Connection& c, const ClientStep& step) {
    waiting_ = false;
    ByteReader r(step.bytes);
    const int32_t packet_id = r.varint();
    const bool done = now_micros_ - step.micros > kEchoWaitMicros;
    EchoMapping::Answer answer;
    const char* what = nullptr;
    if (step.state == ProtocolState::kConfiguration && packet_id == packet::config_sb::KeepAlive::kId) {
      auto k = decode_packet<packet::config_sb::KeepAlive>(step.bytes);
      if (!k) return step.bytes;
      answer = c.echoes.keep_alive(k->id, done);
      if (answer.outcome == EchoMapping::Outcome::kMapped) return encode_packet(packet::config_sb::KeepAlive{answer.id});
      what = "keep-alive";
    } else if (step.state == ProtocolState::kPlay && packet_id == packet::play_sb::KeepAlive::kId) {
      auto k = decode_packet<packet::play_sb::KeepAlive>(step.bytes);
      if (!k) return step.bytes;
      answer = c.echoes.keep_alive(k->id, done);
      if (answer.outcome == EchoMapping::Outcome::kMapped) return encode_packet(packet::play_sb::KeepAlive{answer.id});
      what = "keep-alive";
    } else if (step.state == ProtocolState::kPlay && packet_id == packet::play_sb::TeleportConfirm::kId) {
      auto t = decode_packet<packet::play_sb::TeleportConfirm>(step.bytes);
      if (!t) return step.bytes;
      answer = c.echoes.teleport(t->teleport_id, done);
      if (answer.outcome == EchoMapping::Outcome::kMapped)
        return encode_packet(packet::play_sb::TeleportConfirm{static_cast<int32_t>(answer.id)});
      what = "teleport confirmation";
    } else {
      return step.bytes;
    }
    if (answer.outcome == EchoMapping::Outcome::kWait) {
      waiting_ = true;
      return std::nullopt;
    }
    result_.notes.push_back("connection " + std::to_string(id) + ": the client's " + what + " at " +
                            std::to_string(step.micros / 1000) + " ms answers nothing Horizon sent; not sent");
    return std::nullopt;
  }

  void take_effects() {
    for (const Effect& e : sink_.effects)
      if (auto* job = std::get_if<SubmitJob>(&e); started_ && job && job->kind == kGenerationJobKind)
        hold_if_recorded_later(*job);
    jobs_.take_jobs(sink_.effects);
    for (Effect& e : sink_.effects) {
      if (auto* send = std::get_if<SendPacket>(&e)) {
        on_packet(send->conn, *send->body);
      } else if (auto* close = std::get_if<CloseConnection>(&e)) {
        auto it = conns_.find(close->conn);
        if (it == conns_.end() || it->second.closed_by_core) continue;
        it->second.closed_by_core = true;
        it->second.close_pending = !it->second.closed;
        ObservedConnection& observed = result_.session[close->conn];
        observed.closed_micros = now_micros_;
        observed.close_reason = "server closed: " + close->reason;
      }
    }
    sink_.clear();
  }

  void hold_if_recorded_later(const SubmitJob& job) {
    std::optional<GenerationJob> decoded = decode_generation_job(job.request);
    if (!decoded || decoded->stage != ChunkStatus::kLight || decoded->plan_only) return;
    auto recorded = chunk_times_.find(decoded->pos);
    if (recorded != chunk_times_.end() && recorded->second > now_micros_ + kTickMicros)
      held_jobs_.emplace(job.job, recorded->second);
  }

  void on_packet(ConnId id, const Bytes& body) {
    auto it = conns_.find(id);
    if (it == conns_.end()) return;
    Connection& c = it->second;
    // The client had closed before this pass's packets went out: it never read them.
    if (c.closed && !c.closed_by_core) return;
    ProtocolState state = c.follower.observe(Direction::kClientbound, body);
    result_.session[id].packets.push_back(
        ObservedPacket{now_micros_, Direction::kClientbound, state, body, core_->tick_count()});
    ByteReader r(body);
    const int32_t packet_id = r.varint();
    if (state == ProtocolState::kConfiguration && packet_id == packet::config_cb::KeepAlive::kId) {
      if (auto k = decode_packet<packet::config_cb::KeepAlive>(body)) c.echoes.horizon_keep_alive(k->id);
    } else if (state == ProtocolState::kPlay && packet_id == packet::play_cb::KeepAlive::kId) {
      if (auto k = decode_packet<packet::play_cb::KeepAlive>(body)) c.echoes.horizon_keep_alive(k->id);
    } else if (state == ProtocolState::kPlay && packet_id == packet::play_cb::Position::kId) {
      auto t = decode_packet<packet::play_cb::Position>(body);
      // A teleport the recorded client never saw: answer it as a client does on receipt.
      if (t && c.echoes.horizon_teleport(t->teleport_id, now_micros_))
        c.answers.push_back(encode_packet(packet::play_sb::TeleportConfirm{t->teleport_id}));
    }
  }

  SimulatedJobs& jobs_;
  ManualClock clock_;
  EffectBuffer sink_;
  std::unique_ptr<Core> core_;
  std::map<ConnId, Connection> conns_;
  std::map<ConnId, FrameFollower> recorded_followers_;  // the recorded session's states, as it went
  std::vector<ConsoleLine> console_;
  std::map<ChunkPos, int64_t> chunk_times_;
  std::map<JobId, int64_t> held_jobs_;              // light jobs held, until when (recorded micros)
  std::multimap<int64_t, JobCompleted> held_results_;  // their results, by release time
  HorizonSession result_;
  int64_t first_micros_ = INT64_MAX;
  int64_t last_micros_ = 0;
  int64_t offset_nanos_ = 0;
  int64_t now_micros_ = 0;
  bool started_ = false;  // the spawn area is ready and the recording's time runs
  bool waiting_ = false;
};

}  // namespace

HorizonSession run_horizon(const RecordingContents& recording, const ObservedSession& recorded, const CoreConfig& config,
                           SimulatedJobs& jobs, const std::vector<std::string>& console) {
  return Driver(recording, recorded, config, jobs, console).run();
}

void adopt_recorded_settings(const ObservedSession& recorded, CoreConfig& base) {
  for (const auto& [id, c] : recorded) {
    for (const ObservedPacket& p : c.packets) {
      if (p.direction != Direction::kClientbound) continue;
      if (p.state == ProtocolState::kLogin && p.id() == packet::login_cb::Compress::kId) {
        if (auto k = decode_packet<packet::login_cb::Compress>(p.body))
          base.properties.network_compression_threshold = k->threshold;
      } else if (p.state == ProtocolState::kPlay && p.id() == packet::play_cb::Login::kId) {
        if (auto l = decode_packet<packet::play_cb::Login>(p.body)) {
          base.properties.view_distance = l->view_distance;
          base.properties.simulation_distance = l->simulation_distance;
          return;
        }
      }
    }
  }
}

}  // namespace hz::parity
