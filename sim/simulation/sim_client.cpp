// The simulated client: the vanilla client's join (offline login, configuration, teleport
// confirmation, chunk batch acknowledgements, keep-alives), then its drawn behaviour.
#include "sim/simulation/sim_client.h"

#include <algorithm>
#include <cmath>
#include <utility>

#include "sim/core/check.h"
#include "sim/data/catalog.h"
#include "sim/protocol/dispatch.h"
#include "sim/protocol/offline_uuid.h"
#include "sim/protocol/packets.h"
#include "sim/simulation/chunk_view_model.h"
#include "sim/simulation/tick_stats_model.h"
#include "sim/world/chunk_packet.h"

namespace hz {

namespace {

double chance(Rng& rng, double most) { return rng.next_double() < 0.5 ? 0.0 : rng.next_double() * most; }

// Commands a player may run without being an operator, and ones that must be refused. The move
// judge sees a command's effects on the player only through the client (move_judge.h): a command
// added here must not change the player's movement unseen (no /attribute, /tick freeze, and
// only effects that leave movement alone).
constexpr const char* kCommands[] = {"help",       "list",          "tick query",
                                     "gamemode creative",
                                     "setblock 0 64 0 stone",
                                     "fill 0 64 0 2 66 2 glass",
                                     "tp 0 100 0",
                                     "effect give @s poison 5",
                                     "effect give @s absorption 30 1",
                                     "effect clear @s",
                                     "nonsense command"};
// Mobs /summon makes (operators only; everyone else is refused).
constexpr const char* kSummons[] = {"summon cow ~1 ~ ~1", "summon pig ~-1 ~ ~", "summon sheep ~ ~ ~2",
                                    "summon chicken ~ ~1 ~", "summon zombie ~2 ~ ~-2"};
// What a player puts in its first hotbar slot before using it (a creative slot, or /give):
// buckets, food and drink it starts to eat, a shield, a bow it draws (a later drop, release or
// slot change may stop it; a release shoots).
constexpr const char* kUsables[] = {"water_bucket", "lava_bucket",  "bucket", "bread",           "dried_kelp",
                                    "honey_bottle", "mushroom_stew", "shield", "totem_of_undying", "bow"};
constexpr const char* kChat[] = {"hello", "anyone here?", "", "\u00a7cno colours", "a much longer line of chat text"};

// What the move judge follows of a packet the client sends: moves, confirmations, the loaded
// marker, and commands (their pass is not judged).
template <class P>
std::optional<MoveJudge::Sent> judged_event(const P& p) {
  using Kind = MoveJudge::Sent::Kind;
  namespace sb = packet::play_sb;
  auto move = [](bool pos, bool rot, double x, double y, double z, float yaw, float pitch, uint8_t flags) {
    MoveJudge::Sent e;
    e.kind = Kind::kMove;
    e.move = reference::Packet{pos, rot, x, y, z, yaw, pitch, (flags & 1) != 0, (flags & 2) != 0};
    return e;
  };
  if constexpr (std::is_same_v<P, sb::Position>) return move(true, false, p.x, p.y, p.z, 0, 0, p.flags);
  else if constexpr (std::is_same_v<P, sb::PositionLook>) return move(true, true, p.x, p.y, p.z, p.yaw, p.pitch, p.flags);
  else if constexpr (std::is_same_v<P, sb::Look>) return move(false, true, 0, 0, 0, p.yaw, p.pitch, p.flags);
  else if constexpr (std::is_same_v<P, sb::Flying>) return move(false, false, 0, 0, 0, 0, 0, p.flags);
  else if constexpr (std::is_same_v<P, sb::TeleportConfirm>) return MoveJudge::Sent{Kind::kConfirm, {}, p.teleport_id, 0};
  else if constexpr (std::is_same_v<P, sb::PlayerLoaded>) return MoveJudge::Sent{Kind::kLoaded, {}, 0, 0};
  else if constexpr (std::is_same_v<P, sb::ChatCommand>) return MoveJudge::Sent{Kind::kCommand, {}, 0, 0};
  else return std::nullopt;
}

}  // namespace

ClientBehaviour ClientBehaviour::draw(Rng& rng) {
  ClientBehaviour b;
  b.walk_chance = chance(rng, 1.0);
  b.chat_chance = chance(rng, 0.02);
  b.command_chance = chance(rng, 0.02);
  b.build_chance = chance(rng, 0.05);
  b.quit_chance = chance(rng, 0.002);
  b.garbage_chance = rng.next_below(10) == 0 ? rng.next_double() * 0.001 : 0.0;
  b.play_chance = chance(rng, 0.03);
  b.jump_chance = chance(rng, 0.01);
  return b;
}

void ClientBehaviour::draw_exploring(Rng& rng) {
  explore_speed = rng.next_below(4) != 0 ? 0.0 : 0.05 + rng.next_double() * 0.3;
  explore_seed = rng.next_u64();
}

void ClientBehaviour::draw_swimming(Rng& rng) { swims = explore_speed > 0 && rng.next_below(2) == 0; }

SimClient::SimClient(ConnId conn, std::string name, ClientBehaviour behaviour, uint64_t seed)
    : conn_(conn), name_(std::move(name)), behaviour_(behaviour), rng_(seed) {
  if (behaviour_.explore_speed > 0) explorer_.emplace(behaviour_.explore_speed, behaviour_.explore_seed, behaviour_.swims);
}

template <Packet P>
void SimClient::send(const P& packet) {
  if (muted_) return;
  Result<Bytes> frame = encode_frame(encode_packet(packet), compression_);
  HZ_CHECK(frame.ok(), "a simulated client could not frame its own packet");
  out_.insert(out_.end(), frame->begin(), frame->end());
  if (std::optional<MoveJudge::Sent> event = judged_event(packet)) {
    event->end = output_end();
    judge_.sent(*event);
  }
}

Bytes SimClient::hello() {
  packet::handshake_sb::SetProtocol handshake;
  handshake.protocol_version = 775;
  handshake.server_host = "sim";
  handshake.server_port = 25565;
  handshake.intent = packet::handshake_sb::kIntentLogin;
  send(handshake);
  send(packet::login_sb::LoginStart{name_, offline_player_uuid(name_)});
  flushed_ += out_.size();
  return std::exchange(out_, {});
}

struct SimClient::LoginHandler {
  SimClient& c;
  void operator()(packet::login_cb::Compress&& p) { c.compression_ = p.threshold; }
  void operator()(packet::login_cb::Success&&) {
    c.send(packet::login_sb::LoginAcknowledged{});
    c.phase_ = Phase::kConfiguration;
    packet::config_sb::Settings settings;
    settings.info.view_distance = static_cast<int8_t>(2 + c.rng_.next_below(4));
    c.requested_view_distance_ = settings.info.view_distance;
    c.send(settings);
  }
  template <class P>
  void operator()(P&&) {}
};

struct SimClient::ConfigHandler {
  SimClient& c;
  void operator()(packet::config_cb::SelectKnownPacks&&) { c.send(packet::config_sb::SelectKnownPacks{}); }
  void operator()(packet::config_cb::KeepAlive&& k) { c.send(packet::config_sb::KeepAlive{k.id}); }
  void operator()(packet::config_cb::Ping&& p) { c.send(packet::config_sb::Pong{p.id}); }
  void operator()(packet::config_cb::FinishConfiguration&&) {
    c.send(packet::config_sb::FinishConfiguration{});
    c.phase_ = Phase::kPlay;
  }
  template <class P>
  void operator()(P&&) {}
};

struct SimClient::PlayHandler {
  SimClient& c;
  void operator()(packet::play_cb::Position&& p) {
    c.on_position();
    namespace rel = packet::play_cb::relative;
    c.x_ = (p.flags & rel::kX) ? c.x_ + p.x : p.x;
    c.y_ = (p.flags & rel::kY) ? c.y_ + p.y : p.y;
    c.z_ = (p.flags & rel::kZ) ? c.z_ + p.z : p.z;
    c.judge_.teleported(p.teleport_id, reference::V3{c.x_, c.y_, c.z_});
    c.send(packet::play_sb::TeleportConfirm{p.teleport_id});
    c.send(packet::play_sb::PositionLook{c.x_, c.y_, c.z_, 0.0f, 0.0f, 0});
    c.teleported_ = true;
  }
  void operator()(packet::play_cb::ChunkBatchStart&&) { c.on_batch_start(); }
  void operator()(packet::play_cb::ChunkBatchFinished&& f) {
    c.on_batch_finished(f.batch_size);
    const float rate = static_cast<float>(1 + c.rng_.next_below(64));
    c.send(packet::play_sb::ChunkBatchReceived{rate});
    c.acks_.emplace_back(c.output_end(), rate);
    if (!c.loaded_sent_ && c.teleported_) {
      c.loaded_sent_ = true;
      c.send(packet::play_sb::PlayerLoaded{});
      c.loaded_end_ = c.output_end();
    }
  }
  void operator()(packet::play_cb::UpdateHealth&& h) {
    c.dead_ = h.health <= 0.0f;
    if (h.health <= 0.0f) c.judge_.died();
    else if (h.health < c.health_) c.judge_.pushed();  // hurt, and perhaps knocked back
    c.health_ = h.health;
  }
  void operator()(packet::play_cb::EntityVelocity&& v) {
    if (v.entity_id == c.entity_id_) c.judge_.pushed();
  }
  void operator()(packet::play_cb::GameStateChange&& g) {
    if (g.event == packet::play_cb::GameStateChange::kChangeGameMode) c.judge_.game_mode(static_cast<uint8_t>(g.value));
  }
  void operator()(packet::play_cb::KeepAlive&& k) { c.send(packet::play_sb::KeepAlive{k.id}); }
  void operator()(packet::play_cb::Login&& l) {
    c.server_view_distance_ = l.view_distance;
    c.entity_id_ = l.entity_id;
    c.judge_.joined(l.game_mode);
  }
  void operator()(packet::play_cb::UpdateViewPosition&& v) { c.view_center_ = ChunkPos{v.chunk_x, v.chunk_z}; }
  void operator()(packet::play_cb::UpdateViewDistance&& v) { c.server_view_distance_ = v.view_distance; }
  void operator()(packet::play_cb::MapChunk&& m) {
    c.on_batch_chunk();
    c.on_chunk(m.x, m.z, m.body);
    if (std::exchange(c.leak_next_, false)) c.on_chunk(m.x + 64, m.z, m.body);
  }
  void operator()(packet::play_cb::UnloadChunk&& u) {
    c.judge_.chunk_changed(ChunkPos{u.x, u.z});
    c.chunks_.erase(ChunkPos{u.x, u.z});
    c.versions_.erase(ChunkPos{u.x, u.z});
  }
  void operator()(packet::play_cb::BlockChange&& b) { c.set_block(b.location, b.type); }
  void operator()(packet::play_cb::MultiBlockChange&& m) {
    // Section coordinates: x 22 bits, z 22 bits, y 20 bits, each signed.
    const int64_t v = m.chunk_coordinates;
    const int32_t sx = static_cast<int32_t>(v >> 42);
    const int32_t sz = static_cast<int32_t>((v << 22) >> 42);
    const int32_t sy = static_cast<int32_t>((v << 44) >> 44);
    for (int64_t record : m.records) {
      const BlockPos pos{sx * 16 + static_cast<int32_t>((record >> 8) & 15), sy * 16 + static_cast<int32_t>(record & 15),
                         sz * 16 + static_cast<int32_t>((record >> 4) & 15)};
      c.set_block(pos, static_cast<int32_t>(record >> 12));
    }
  }
  void operator()(packet::play_cb::SpawnEntity&& e) {
    if (c.entities_.size() >= 64) c.entities_.erase(c.entities_.begin());
    c.entities_.push_back(e.entity_id);
  }
  void operator()(packet::play_cb::EntityDestroy&& d) {
    for (int32_t id : d.entity_ids) std::erase(c.entities_, id);
  }
  // A respawn makes a new client level: the server sends the chunks again. The core counts the
  // client as loaded again only after a timeout or a new player_loaded (this client sends none).
  void operator()(packet::play_cb::Respawn&&) {
    c.judge_.respawned();
    c.health_ = 20.0f;
    c.chunks_.clear();
    c.versions_.clear();
    c.loaded_at_core_ = false;
    c.dead_ = false;
  }
  void operator()(packet::play_cb::KickDisconnect&& k) {
    const nbt::Compound* reason = k.reason.as<nbt::Compound>();
    const std::string* key = reason ? nbt::find_as<std::string>(*reason, "translate") : nullptr;
    if (key && *key == "multiplayer.disconnect.flying") c.judge_.kicked_for_floating();
  }
  void operator()(packet::play_cb::Ping&& p) { c.send(packet::play_sb::Pong{p.id}); }
  void operator()(packet::play_cb::SystemChat&& m) {
    if (const std::string* text = m.content.as<std::string>()) c.on_system_text(*text);
  }
  template <class P>
  void operator()(P&&) {}
};

std::optional<std::string> SimClient::on_packet(std::span<const uint8_t> body) {
  ++packets_received_;
  Result<Dispatched> outcome = Error{"no phase"};
  switch (phase_) {
    case Phase::kLogin: outcome = dispatch(packet::LoginClientbound{}, body, LoginHandler{*this}); break;
    case Phase::kConfiguration: outcome = dispatch(packet::ConfigClientbound{}, body, ConfigHandler{*this}); break;
    case Phase::kPlay: outcome = dispatch(packet::PlayClientbound{}, body, PlayHandler{*this}); break;
    case Phase::kGone: return "a packet after the connection was closed";
  }
  if (!outcome) return "undecodable packet: " + outcome.error();
  if (chunk_problem_) return std::exchange(chunk_problem_, std::nullopt);
  return std::nullopt;
}

int SimClient::view_radius() const {
  return chunk_view_model::view_radius(requested_view_distance_, server_view_distance_);
}

void SimClient::on_chunk(int32_t x, int32_t z, std::span<const uint8_t> body) {
  ByteReader in(body);
  std::vector<Section> sections;
  if (!read_chunk_sections(in, sections)) {
    chunk_problem_ = "undecodable packet: map_chunk (" + std::to_string(x) + ", " + std::to_string(z) +
                     ") has a section that does not decode";
    return;
  }
  // Then block entities (Horizon sends none) and light: four bit sets and two lists of arrays;
  // nothing may be left over.
  const bool block_entities = in.varint() != 0;
  if (!block_entities) {
    for (int i = 0; i < 4 && in.ok(); ++i) in.bitset();
    for (int i = 0; i < 2 && in.ok(); ++i) {
      const int32_t arrays = in.varint();
      for (int32_t j = 0; j < arrays && in.ok(); ++j) in.view(static_cast<size_t>(std::max(0, in.varint())));
    }
  }
  if (!in.ok() || (!block_entities && in.remaining() != 0)) {
    chunk_problem_ = "undecodable packet: map_chunk (" + std::to_string(x) + ", " + std::to_string(z) +
                     ") is cut short or has bytes left over";
    return;
  }
  if (corrupt_next_) {
    // The canary: one block of the middle section becomes something else.
    corrupt_next_ = false;
    Section& middle = sections[kSectionCount / 2];
    const BlockStateId was = middle.block(0);
    middle.set_block(0, was == 1 ? 2 : 1);
    corrupted_ = BlockPos{x * 16, kWorldMinY + kSectionCount / 2 * 16, z * 16};
  }
  chunks_[ChunkPos{x, z}] = std::move(sections);
  judge_.chunk_changed(ChunkPos{x, z});
  versions_[ChunkPos{x, z}] = ++last_version_;
}

void SimClient::on_system_text(std::string text) {
  if (is_tick_query_line(text)) tick_replies_.push_back(std::move(text));
}

void SimClient::set_block(const BlockPos& pos, int32_t state) {
  auto it = chunks_.find(ChunkPos{pos.x >> 4, pos.z >> 4});
  if (it == chunks_.end() || pos.y < kWorldMinY || pos.y > kWorldMaxY) return;  // not held: the client ignores it
  versions_[it->first] = ++last_version_;
  judge_.block_changed(pos.x, pos.y, pos.z);
  it->second[static_cast<size_t>((pos.y - kWorldMinY) >> 4)].set_block(block_index(pos.x & 15, pos.y & 15, pos.z & 15),
                                                                        static_cast<BlockStateId>(state));
}

Bytes SimClient::tick() {
  if (phase_ == Phase::kPlay && teleported_ && !quitting_ && !stalled_) act();
  flushed_ += out_.size();
  return std::exchange(out_, {});
}

void SimClient::delivered(uint64_t count) {
  delivered_ += count;
  if (loaded_end_ && *loaded_end_ <= delivered_) loaded_at_core_ = true, loaded_end_.reset();
  if (jump_end_ && *jump_end_ <= delivered_) jump_read_ = true, jump_end_.reset();
  // PlayerChunkSender.onChunkBatchReceivedByClient, as the core applies each acknowledgement it reads.
  while (!acks_.empty() && acks_.front().first <= delivered_) {
    --unacknowledged_;
    desired_at_core_ = std::clamp(acks_.front().second, 0.01f, 64.0f);
    max_unacknowledged_ = 10;
    acks_.pop_front();
  }
}

std::optional<SimProblem> SimClient::end_of_pass(ClientChecks& checks) {
  // A dead player waits for its respawn: the server ignores its moves, so a jump read after a
  // death in this pass (a landing's fall damage read just before it) has no answer either.
  if (jump_read_ && phase_ == Phase::kPlay && !dead_before_pass_ && (pulled_back_ || !dead_)) {
    ++checks.jumps_judged;
    if (!pulled_back_)
      pass_problem_ = SimProblem{"move-rule", "moved 40 blocks in one move and was not pulled back in the pass the server read it"};
  }
  if (phase_ == Phase::kPlay) {
    if (std::optional<std::string> wrong = judge_.end_of_pass(delivered_); wrong && !pass_problem_)
      pass_problem_ = SimProblem{"move-rule", std::move(*wrong)};
  }
  checks.moves_judged += judge_.judged() - std::exchange(judged_seen_, judge_.judged());
  checks.moves_skipped += judge_.skipped() - std::exchange(skipped_seen_, judge_.skipped());
  checks.moves_judged_in_water += judge_.judged_in_water() - std::exchange(in_water_seen_, judge_.judged_in_water());
  checks.pull_backs_judged += judge_.pull_backs_judged() - std::exchange(pull_backs_seen_, judge_.pull_backs_judged());
  checks.kicks_judged += judge_.kicks_judged() - std::exchange(kicks_seen_, judge_.kicks_judged());
  checks.batches_checked += std::exchange(batches_finished_, 0);
  dead_before_pass_ = dead_;
  jump_read_ = false;
  pulled_back_ = false;
  return std::exchange(pass_problem_, std::nullopt);
}

// Any server teleport answers a jump read this pass; one still on its way is judged against the
// new position while the server waits for the confirmation, so it is no longer a test.
void SimClient::on_position() {
  pulled_back_ = true;
  jump_end_.reset();
}

// Only when the server surely judges it: the client counts as loaded, is alive, and has confirmed
// every teleport before this move (confirmations go out ahead of it).
void SimClient::maybe_jump() {
  if (!loaded_at_core_ || dead_ || jump_end_ || rng_.next_double() >= behaviour_.jump_chance) return;
  if (!acts(kBehaviourJump)) return;
  x_ += 40.0;
  send(packet::play_sb::Position{x_, y_, z_, 0});
  jump_end_ = output_end();
}

// Chunk pacing (chunk-pacing-and-tracking §4): a batch starts only below the unacknowledged limit
// (1 until the first acknowledgement, then 10) and holds at most max(1, rate) chunks.
void SimClient::on_batch_start() {
  if (batch_chunks_) pacing_problem("a chunk batch started inside another");
  if (unacknowledged_ >= max_unacknowledged_)
    pacing_problem("a chunk batch started with " + std::to_string(unacknowledged_) +
                    " unacknowledged (at most " + std::to_string(max_unacknowledged_) + " may be)");
  ++unacknowledged_;
  batch_chunks_ = 0;
}

void SimClient::on_batch_chunk() {
  if (!batch_chunks_) {
    pacing_problem("a chunk sent outside a chunk batch");
    return;
  }
  const int quota = static_cast<int>(std::floor(std::max(1.0f, desired_at_core_)));
  if (++*batch_chunks_ > quota)
    pacing_problem("a chunk batch holds more than " + std::to_string(quota) + " chunks, the rate last acknowledged");
}

void SimClient::on_batch_finished(int32_t size) {
  if (batch_chunks_ && *batch_chunks_ != size)
    pacing_problem("a chunk batch of " + std::to_string(*batch_chunks_) + " chunks finished as " + std::to_string(size));
  batch_chunks_.reset();
  ++batches_finished_;
}

void SimClient::act() {
  maybe_jump();
  if (release_in_ > 0 && --release_in_ == 0) {
    packet::play_sb::BlockDig release;
    release.status = packet::play_sb::BlockDig::kReleaseUseItem;
    send(release);
  }
  if (rng_.next_double() < behaviour_.walk_chance) walk();
  if (rng_.next_double() < behaviour_.chat_chance) {
    packet::play_sb::ChatMessage chat;
    chat.message = kChat[rng_.next_below(std::size(kChat))];
    if (acts(kBehaviourChat)) send(chat);
  }
  if (rng_.next_double() < behaviour_.command_chance) {
    const char* command = kCommands[rng_.next_below(std::size(kCommands))];
    if (acts(kBehaviourCommand)) send(packet::play_sb::ChatCommand{command});
  }
  if (rng_.next_double() < behaviour_.build_chance) build();
  if (rng_.next_double() < behaviour_.play_chance) {
    muted_ = !acts(kBehaviourPlay);
    play();
    muted_ = false;
  }
  if (rng_.next_double() < behaviour_.garbage_chance && acts(kBehaviourGarbage)) {
    // A frame announcing more bytes than any packet may have.
    out_.insert(out_.end(), {0xFF, 0xFF, 0xFF, 0xFF, 0x0F});
    sent_garbage_ = true;
  }
  if (rng_.next_double() < behaviour_.quit_chance && acts(kBehaviourQuit)) quitting_ = true;
  if (explores() && !dead_) explore();
}

bool SimClient::acts(int behaviour) { return actions_ == nullptr || actions_->next(behaviour); }

void SimClient::walk() {
  const double angle = rng_.next_double() * 6.283185307179586;
  if (explores() || !acts(kBehaviourWalk)) return;
  x_ += std::cos(angle) * 0.2;
  z_ += std::sin(angle) * 0.2;
  send(packet::play_sb::Position{x_, y_, z_, 0});
}

// A tick's steps across the terrain, last of the tick's actions so the others draw as before.
void SimClient::explore() {
  const std::vector<Explorer::Position> moves = explorer_->step({x_, y_, z_}, chunks_);
  if (moves.empty() || !acts(kBehaviourExplore)) return;
  for (const Explorer::Position& p : moves) send(packet::play_sb::Position{p.x, p.y, p.z, 0});
  x_ = moves.back().x, y_ = moves.back().y, z_ = moves.back().z;
}

// Digging or placing at one of the nine blocks under the player.
void SimClient::build() {
  const BlockPos below{static_cast<int32_t>(std::floor(x_)) + static_cast<int32_t>(rng_.next_below(3)) - 1,
                       static_cast<int32_t>(std::floor(y_)) - 1,
                       static_cast<int32_t>(std::floor(z_)) + static_cast<int32_t>(rng_.next_below(3)) - 1};
  const bool dig = rng_.next_below(2) == 0;
  const int32_t status = dig ? static_cast<int32_t>(rng_.next_below(3)) : 0;
  if (!acts(kBehaviourBuild)) return;
  if (dig) {
    packet::play_sb::BlockDig packet;
    packet.status = status;
    packet.location = below;
    packet.face = 1;
    packet.sequence = ++sequence_;
    send(packet);
  } else {
    packet::play_sb::BlockPlace place;
    place.location = below;
    place.direction = 1;
    place.cursor_x = 0.5f, place.cursor_y = 1.0f, place.cursor_z = 0.5f;
    place.sequence = ++sequence_;
    send(place);
  }
}

// The game systems beyond blocks: mobs (/summon, attacks), dropped items, buckets (fluids),
// eating, raising a shield, holding a totem, shooting a bow.
void SimClient::play() {
  switch (rng_.next_below(4)) {
    case 0:
      send(packet::play_sb::ChatCommand{kSummons[rng_.next_below(std::size(kSummons))]});
      break;
    case 1:
      if (!entities_.empty()) send(packet::play_sb::Attack{entities_[rng_.next_below(static_cast<uint32_t>(entities_.size()))]});
      break;
    case 2: {
      packet::play_sb::BlockDig drop;  // 3 drops the held stack, 4 one item, 5 releases a use
      drop.status = 3 + static_cast<int32_t>(rng_.next_below(3));
      send(drop);
      break;
    }
    default: {
      packet::play_sb::SetCreativeSlot slot;
      slot.slot = 36;  // the first hotbar slot, selected from the start
      slot.count = 1;
      const std::string_view usable = kUsables[rng_.next_below(std::size(kUsables))];
      slot.item_id = item_id(usable);
      // In survival an operator is given it instead (into the emptied first hotbar slot), with
      // arrows for a bow; anyone else is refused.
      send(packet::play_sb::ChatCommand{"clear @s"});
      send(packet::play_sb::ChatCommand{"give @s " + std::string(usable)});
      if (usable == "bow") send(packet::play_sb::ChatCommand{"give @s arrow 4"});
      slot.components_added = 0;
      slot.components_removed = 0;
      send(slot);
      packet::play_sb::UseItem use;
      use.sequence = ++sequence_;
      use.yaw = static_cast<float>(rng_.next_below(360)) - 180.0f;
      use.pitch = 45.0f + static_cast<float>(rng_.next_below(45));  // looking down at nearby blocks
      send(use);
      // A drawn bow is let go a few actions later (into the ground nearby: picked up again).
      const int release_after = 1 + static_cast<int>(rng_.next_below(30));
      if (usable == "bow" && !muted_) release_in_ = release_after;
      break;
    }
  }
}

std::optional<SimProblem> SimClient::on_closed(const std::string& reason, ClientChecks& checks) {
  close_reason_ = reason;
  judge_.closed();
  // A close for anything but floating can come before the server answered what it read this
  // pass (the pull-back of a jump too), so that pass is not judged. A kick for floating comes at
  // the tick, after every answer.
  if (!judge_.kicked_for_floating_this_pass()) jump_read_ = false;
  std::optional<SimProblem> problem = end_of_pass(checks);
  phase_ = Phase::kGone;
  return problem;
}

}  // namespace hz
