#include "replay/replayer/replayer.h"
#include "replay/format/level_start.h"

#include <algorithm>
#include <set>

#include "replay/replayer/snapshot_connections.h"
#include "sim/core/check.h"
#include "sim/core/hash.h"
#include "sim/game/sessions.h"
#include "sim/protocol/wire.h"
#include "sim/world/jobs.h"

namespace hz {
namespace {

// Splits a pass's effect records into packets per connection and the other effects.
struct SplitEffects {
  std::map<ConnId, std::vector<const OutboundRecord*>> packets;
  std::vector<const Record*> others;
};
SplitEffects split(const std::vector<Record>& records) {
  SplitEffects out;
  for (const Record& r : records) {
    if (auto* p = std::get_if<OutboundRecord>(&r))
      out.packets[p->conn].push_back(p);
    else
      out.others.push_back(&r);
  }
  return out;
}

bool same_packet(const OutboundRecord& a, const OutboundRecord& b) { return a.size == b.size && a.hash == b.hash; }

}  // namespace

void ReplayClock::load(std::vector<int64_t> values) {
  values_ = std::move(values);
  next_ = 0;
  extra_ = 0;
}

int64_t ReplayClock::now_nanos() {
  if (next_ < values_.size()) {
    last_ = values_[next_++];
    return last_;
  }
  ++extra_;
  return last_;
}

Result<CoreConfig> core_config_from_header(const TraceHeader& header) {
  PropertiesResult parsed = parse_server_properties(write_properties_text(header.properties));
  if (!parsed.properties) return Error{"the recorded server properties do not parse: " + parsed.error->message};
  CoreConfig config;
  config.properties = std::move(*parsed.properties);
  config.world_seed = header.world_seed;
  auto level_time = level_time_from_trace(header.level_start);
  if (!level_time) return std::move(level_time).take_error();
  config.level_time = *level_time;
  config.ops_json = header.ops_json;
  config.whitelist_json = header.whitelist_json;
  config.banned_players_json = header.banned_players_json;
  config.banned_ips_json = header.banned_ips_json;
  config.server_public_key = header.server_public_key;
  config.server_icon_png = header.server_icon_png;
  return config;
}

Result<std::unique_ptr<Replayer>> Replayer::create(const TraceHeader& header) {
  auto config = core_config_from_header(header);
  if (!config) return std::move(config).take_error();
  const bool needs_snapshot = header.file_index != 0 || header.first_iteration != 0;
  return std::unique_ptr<Replayer>(new Replayer(std::move(*config), needs_snapshot));
}

Replayer::Replayer(CoreConfig config, bool needs_snapshot)
    : packets_noted_(config.properties.record_packet_notes),
      core_(std::make_unique<Core>(std::move(config), clock_, sink_)),
      needs_snapshot_(needs_snapshot) {}

Replayer::~Replayer() = default;

bool Replayer::feed(const Record& record) {
  if (divergence_) return false;
  if (auto* piece = std::get_if<SnapshotRecord>(&record)) return on_snapshot_piece(*piece);
  if (!started_ && needs_snapshot_) {
    format_problem("this file does not start the session and does not start with a snapshot: replay needs the "
                   "session's files before it");
    return false;
  }
  if (auto* hashed = std::get_if<JobRecomputedRecord>(&record)) return recompute(*hashed);
  if (auto input = record_as_input(record)) {
    pending_inputs_.push_back(std::move(*input));
    return true;
  }
  std::visit(
      [this](const auto& r) {
        using T = std::decay_t<decltype(r)>;
        if constexpr (std::is_same_v<T, ClockReadRecord>) {
          pending_clock_.push_back(r.nanos);
          if (!first_clock_) first_clock_ = r.nanos;
          last_clock_ = r.nanos;
        } else if constexpr (std::is_same_v<T, StartedRecord>) {
          run_start();
        } else if constexpr (std::is_same_v<T, IterationEndRecord>) {
          run_iteration(r.digest);
        } else if constexpr (std::is_same_v<T, StoppedRecord>) {
          run_stop(r.digest);
        } else {
          recorded_effects_.push_back(r);
        }
      },
      record);
  return !divergence_;
}

bool Replayer::on_snapshot_piece(const SnapshotRecord& piece) {
  if (in_pass()) {
    format_problem("a snapshot inside a pass");
    return false;
  }
  std::optional<TraceSnapshot> snapshot = snapshots_.add(piece);
  if (snapshots_.problem()) {
    format_problem(*snapshots_.problem());
    return false;
  }
  if (snapshot) {
    if (started_)
      check_snapshot(*snapshot);
    else
      resume(*snapshot);
  }
  return !divergence_;
}

TraceSnapshot Replayer::snapshot() const {
  HZ_CHECK(started_ && !stopped_ && !in_pass() && !divergence_, "a snapshot is taken between passes of a replay going on");
  return TraceSnapshot{core_->tick_count(), iterations_, chain_, core_->state_hash(), core_->write_snapshot_parts()};
}

void Replayer::resume(const TraceSnapshot& snapshot) {
  const std::string where = "the snapshot at tick " + std::to_string(snapshot.tick);
  if (!core_->read_snapshot_parts(snapshot.core))
    return format_problem(where + " does not read into a core (damaged, or written by a build whose state differs)");
  if (core_->state_hash() != snapshot.state_hash)
    return format_problem(where + " reads into a core whose state hash is not the recorded one");
  if (core_->tick_count() != snapshot.tick) return format_problem(where + " holds a core at another tick");
  // Whatever the fresh core emitted before it was read belongs to no recorded pass.
  sink_.collected.effects.clear();
  effects_seen_ = 0;
  started_ = true;
  iterations_ = snapshot.iteration;
  first_pass_ = snapshot.iteration;
  chain_ = snapshot.chain_digest;
  resumed_at_tick_ = snapshot.tick;
  resume_tracker();
}

void Replayer::resume_tracker() {
  for (const ResumedConnection& c : resumed_connections(*core_)) tracker_.resume(c);
}

void Replayer::check_snapshot(const TraceSnapshot& snapshot) {
  const std::string where = "the snapshot at tick " + std::to_string(snapshot.tick);
  if (snapshot.tick != core_->tick_count() || snapshot.iteration != iterations_ || snapshot.chain_digest != chain_)
    return format_problem(where + " says it follows pass " + std::to_string(snapshot.iteration) + " at tick " +
                          std::to_string(snapshot.tick) + ", but it follows pass " + std::to_string(iterations_) +
                          " at tick " + std::to_string(core_->tick_count()) + " (or the chain digest differs)");
  if (snapshot.state_hash != core_->state_hash())
    return format_problem(where + " records a state hash the replayed core does not have");
  ++snapshots_checked_;
  pure_jobs_.forget_all();
  chunk_reads_.clear();
  chunks_written_.clear();
}

void Replayer::format_problem(std::string note) {
  Divergence d;
  d.pass = Divergence::Pass::kFormat;
  d.iteration = iterations_;
  d.recorded_tick = d.replayed_tick = core_->tick_count();
  d.note = std::move(note);
  divergence_ = std::move(d);
}

void Replayer::note_submitted_jobs() {
  const std::vector<Effect>& effects = sink_.collected.effects;
  for (; effects_seen_ < effects.size(); ++effects_seen_) {
    auto* job = std::get_if<SubmitJob>(&effects[effects_seen_]);
    if (!job) continue;
    if (is_pure_world_job(job->kind)) {
      pure_jobs_.start(*job);
      continue;
    }
    std::optional<anvil::StorageRequest> request = anvil::chunk_request(job->kind, job->request);
    if (!request) continue;
    if (request->kind == anvil::StorageJobKind::kReadChunk)
      chunk_reads_[job->job] = request->address;
    else if (request->nbt.empty())
      chunks_written_.erase(request->address);
    else
      chunks_written_[request->address] = std::move(request->nbt);
  }
}

std::optional<Bytes> Replayer::rebuild_result(const JobRecomputedRecord& recorded, std::string& problem) {
  const std::string job = "job " + std::to_string(recorded.job);
  if (recorded.kind == static_cast<uint32_t>(anvil::StorageJobKind::kReadChunk)) {
    auto read = chunk_reads_.find(recorded.job);
    if (read == chunk_reads_.end()) {
      problem = job + " is recorded as a chunk read of the session's own writes, but the replayed core did not submit that read";
      return std::nullopt;
    }
    anvil::ChunkAddress address = read->second;
    chunk_reads_.erase(read);
    auto written = chunks_written_.find(address);
    if (written == chunks_written_.end()) {
      problem = job + " reads back a chunk the replayed core never wrote";
      return std::nullopt;
    }
    return anvil::encode_result(anvil::StorageResult{anvil::StorageJobKind::kReadChunk, address,
                                                     anvil::StorageOutcome::kData, written->second, {}});
  }
  if (pure_jobs_.kind(recorded.job) != recorded.kind) {
    problem = job + " is recorded as a recomputable result, but the replayed core did not submit it as such a job";
    return std::nullopt;
  }
  return pure_jobs_.take(recorded.job);
}

bool Replayer::recompute(const JobRecomputedRecord& recorded) {
  std::string problem;
  std::optional<Bytes> result = rebuild_result(recorded, problem);
  if (!result) {
    format_problem(std::move(problem));
    return false;
  }
  if (result_check(*result) != recorded.check) {
    const bool read = recorded.kind == static_cast<uint32_t>(anvil::StorageJobKind::kReadChunk);
    format_problem("job " + std::to_string(recorded.job) + ": the " +
                   (read ? "chunk read back from the session's writes (" : "generation result computed again (") +
                   std::to_string(result->size()) + " bytes) differs from the recorded one: " +
                   (read ? "this build saved the chunk differently" : "this build generates terrain differently"));
    return false;
  }
  pending_inputs_.push_back(JobCompleted{recorded.job, std::move(*result)});
  return true;
}

void Replayer::run_start() {
  if (started_) return format_problem("a second start pass");
  if (!pending_inputs_.empty()) return format_problem("inputs before the core's start");
  started_ = true;
  clock_.load(std::move(pending_clock_));
  pending_clock_.clear();
  core_->start();
  note_submitted_jobs();
  if (!clock_.exact()) {
    Divergence d;
    d.pass = Divergence::Pass::kStart;
    d.recorded_clock_reads = clock_.recorded();
    d.replayed_clock_reads = clock_.reads();
    divergence_ = std::move(d);
    return;
  }
  if (observer_) observer_->on_pass(ReplayedPass{Divergence::Pass::kStart, iterations_, clock_.values(), {}, {}});
}

void Replayer::run_iteration(const PassDigest& recorded) {
  if (!started_) return format_problem("a pass before the core's start (not the session's first file?)");
  if (stopped_) return format_problem("a pass after the final save");
  clock_.load(std::move(pending_clock_));
  pending_clock_.clear();
  IterationDigest replayed = core_->run_iteration(pending_inputs_);
  note_submitted_jobs();
  inputs_replayed_ += pending_inputs_.size();
  finish_pass(recorded, replayed, Divergence::Pass::kIteration);
  chain_ = chain_step(chain_, recorded);
  ++iterations_;
}

void Replayer::run_stop(const PassDigest& recorded) {
  if (!started_ || stopped_) return format_problem("a final save out of place");
  stopped_ = true;
  clock_.load(std::move(pending_clock_));
  pending_clock_.clear();
  sink_.collected.effects.clear();
  effects_seen_ = 0;
  sink_.stopping = true;
  core_->save_everything();
  sink_.stopping = false;
  IterationDigest replayed = sink_.stop_digest.take();
  replayed.tick = core_->tick_count();
  replayed.state = core_->state_hash();
  finish_pass(recorded, replayed, Divergence::Pass::kStop);
}

PassNote Replayer::track_pass(int64_t tick_after) {
  for (const Record& r : recorded_effects_)
    if (auto* c = std::get_if<CompressionRecord>(&r)) tracker_.note_compression(c->conn, c->threshold);
  PassNote pass{iterations_, tick_after, {}};
  for (const Input& input : pending_inputs_) {
    InputNote note{input, {}};
    for (const InboundPacket& p : tracker_.feed(input)) {
      ByteReader r(p.body);
      int32_t id = r.varint();
      note.packets.emplace_back(p.state, r.ok() ? id : -1);
    }
    pass.inputs.push_back(std::move(note));
  }
  recorded_states_.clear();
  for (const Record& r : recorded_effects_) {
    if (auto* out = std::get_if<OutboundRecord>(&r))
      recorded_states_[out->conn].push_back(tracker_.outbound_state(out->conn, out->packet_id));
  }
  return pass;
}

void Replayer::finish_pass(const PassDigest& recorded, const IterationDigest& replayed, Divergence::Pass kind) {
  recent_.push_back(track_pass(recorded.tick));
  if (recent_.size() > kRecentPasses) recent_.pop_front();
  if (pass_digest(replayed) != recorded || !clock_.exact())
    divergence_ = describe(recorded, replayed, kind);
  else if (observer_)
    observer_->on_pass(ReplayedPass{kind, iterations_, clock_.values(), pending_inputs_, sink_.collected.effects});
  pending_inputs_.clear();
  recorded_effects_.clear();
  sink_.collected.effects.clear();
  effects_seen_ = 0;
  tracker_.end_pass();
}

std::optional<PacketMismatch> Replayer::first_mismatch(ConnId conn, const std::vector<const OutboundRecord*>& a,
                                                       const std::vector<const OutboundRecord*>& b) {
  for (size_t i = 0; i < std::max(a.size(), b.size()); ++i) {
    if (i < a.size() && i < b.size() && same_packet(*a[i], *b[i])) continue;
    PacketMismatch m;
    m.conn = conn;
    m.index = i;
    const auto& states = recorded_states_[conn];
    m.state = i < states.size() ? states[i] : states.empty() ? tracker_.state(conn) : states.back();
    if (i < a.size()) m.recorded = *a[i];
    if (i < b.size()) m.replayed = *b[i];
    return m;
  }
  return std::nullopt;
}

Divergence Replayer::describe(const PassDigest& recorded, const IterationDigest& replayed, Divergence::Pass kind) {
  Divergence d;
  d.pass = kind;
  d.iteration = iterations_;
  d.recorded_tick = recorded.tick;
  d.replayed_tick = replayed.tick;
  const PassDigest mine = pass_digest(replayed);
  d.packets_differ = recorded.packets_tag != mine.packets_tag;
  d.other_effects_differ = recorded.other_tag != mine.other_tag;
  d.state_differs = recorded.state_tag != mine.state_tag;
  d.recorded_state_tag = recorded.state_tag;
  d.replayed_state = replayed.state;
  d.recorded_clock_reads = clock_.recorded();
  d.replayed_clock_reads = clock_.reads();
  d.recent.assign(recent_.begin(), recent_.end());

  std::vector<Record> replayed_records;
  for (const Effect& e : sink_.collected.effects)
    if (packets_noted_ || !std::holds_alternative<SubmitJob>(e)) replayed_records.push_back(effect_as_record(e));
  SplitEffects rec = split(recorded_effects_);
  SplitEffects rep = split(replayed_records);

  d.packets_noted = packets_noted_;
  if (!packets_noted_) {
    for (const auto& [conn, packets] : rep.packets) d.replayed_packet_counts.emplace_back(conn, packets.size());
  } else {
    std::set<ConnId> conns;
    for (const auto& [conn, packets] : rec.packets) conns.insert(conn);
    for (const auto& [conn, packets] : rep.packets) conns.insert(conn);
    for (ConnId conn : conns) {
      std::optional<PacketMismatch> m = first_mismatch(conn, rec.packets[conn], rep.packets[conn]);
      if (!m) continue;
      d.connections.push_back(conn);
      if (!d.first_packet) d.first_packet = std::move(m);
    }
    d.packets_differ = d.packets_differ || !d.connections.empty();
  }
  d.unplaced = recorded.whole != mine.whole && recorded.tick == mine.tick && !d.packets_differ &&
               !d.other_effects_differ && !d.state_differs;
  if (d.other_effects_differ) {
    for (size_t i = 0; i < std::max(rec.others.size(), rep.others.size()); ++i) {
      bool differ = i >= rec.others.size() || i >= rep.others.size() || !(*rec.others[i] == *rep.others[i]);
      if (!differ) continue;
      EffectMismatch m;
      m.index = i;
      if (i < rec.others.size()) m.recorded = *rec.others[i];
      if (i < rep.others.size()) m.replayed = *rep.others[i];
      d.first_effect = std::move(m);
      break;
    }
  }
  return d;
}

}  // namespace hz
