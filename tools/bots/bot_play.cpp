// A bot in play: the join teleport and pull-backs, chunk batches acknowledged with vanilla's
// rate feedback, chunks counted, keep-alives and pings answered, and a building bot's actions.
#include <cmath>

#include "sim/data/catalog.h"
#include "sim/protocol/nbt.h"
#include "sim/protocol/packets.h"
#include "tools/bots/bot.h"

namespace hz::bots {

namespace {

constexpr uint8_t kOnGround = 1;  // movement packet flag

Vec3d apply_relative(const Vec3d& current, const packet::play_cb::Position& p) {
  namespace rel = packet::play_cb::relative;
  return {(p.flags & rel::kX) ? current.x + p.x : p.x, (p.flags & rel::kY) ? current.y + p.y : p.y,
          (p.flags & rel::kZ) ? current.z + p.z : p.z};
}

}  // namespace

struct Bot::PlayHandler {
  Bot& bot;

  void operator()(packet::play_cb::Login&& login) { bot.game_mode_ = login.game_mode; }
  void operator()(packet::play_cb::GameStateChange&& change) {
    if (change.event == packet::play_cb::GameStateChange::kChangeGameMode) {
      bot.game_mode_ = static_cast<int>(change.value);
    }
  }
  void operator()(packet::play_cb::Position&& p) {
    namespace rel = packet::play_cb::relative;
    float yaw = (p.flags & rel::kYaw) ? bot.yaw_ + p.yaw : p.yaw;
    float pitch = (p.flags & rel::kPitch) ? bot.pitch_ + p.pitch : p.pitch;
    bot.on_server_teleport(p.teleport_id, apply_relative(bot.position_, p), yaw, pitch);
  }
  void operator()(packet::play_cb::ChunkBatchStart&&) { bot.rate_.on_batch_start(bot.now_ns()); }
  void operator()(packet::play_cb::ChunkBatchFinished&& f) {
    bot.rate_.on_batch_finished(bot.now_ns(), f.batch_size);
    ++bot.counters_.batches;
    bot.send(packet::play_sb::ChunkBatchReceived{bot.rate_.desired_chunks_per_tick()});
  }
  void operator()(packet::play_cb::MapChunk&& chunk) {
    if (bot.build_ && !bot.build_->on_chunk(chunk.x, chunk.z, chunk.body)) {
      return bot.close("cannot read the heightmaps of chunk " + std::to_string(chunk.x) + "," + std::to_string(chunk.z));
    }
    bot.on_chunk(chunk.x, chunk.z);
  }
  // One ack answers every sequence up to its own (the server sends one a tick with the highest),
  // so what counts is how far the acknowledged sequence moved.
  void operator()(packet::play_cb::AcknowledgePlayerDigging&& ack) {
    if (ack.sequence_id <= bot.acked_sequence_) return;
    bot.counters_.acks += static_cast<uint64_t>(ack.sequence_id - bot.acked_sequence_);
    bot.acked_sequence_ = ack.sequence_id;
  }
  void operator()(packet::play_cb::BlockChange&&) { ++bot.counters_.block_updates; }
  void operator()(packet::play_cb::MultiBlockChange&& m) { bot.counters_.block_updates += m.records.size(); }
  void operator()(packet::play_cb::UnloadChunk&& forget) { bot.held_.on_forget(forget.x, forget.z, bot.counters_); }
  void operator()(packet::play_cb::KeepAlive&& k) { bot.send(packet::play_sb::KeepAlive{k.id}); }
  void operator()(packet::play_cb::Ping&& p) { bot.send(packet::play_sb::Pong{p.id}); }
  void operator()(packet::play_cb::KickDisconnect&& kick) { bot.close("kicked: " + nbt::to_string(kick.reason)); }
};

Result<Dispatched> Bot::on_play_body(std::span<const uint8_t> body) {
  return dispatch(packet::PlayClientbound{}, body, PlayHandler{*this});
}

void Bot::enter_play() {
  phase_ = Phase::kPlay;
  play_since_s_ = seconds_since_start();
}

void Bot::on_server_teleport(int32_t id, const Vec3d& to, float yaw, float pitch) {
  if (spawn_) {
    ++counters_.pullbacks;
  } else {
    spawn_ = to;
    const Options& o = context_.options;
    double speed = o.behaviour == Behaviour::kWalk ? o.walk_speed : o.explore_speed;
    uint64_t seed = o.seed * 0x9E3779B97F4A7C15ull + static_cast<uint64_t>(index_);
    flight_.emplace(o.behaviour, speed, to, explore_heading(index_), seed);
    if (o.behaviour == Behaviour::kBuild) {
      build_.emplace(to, index_, static_cast<int>(std::lround(o.build_interval_s * kMovesPerSecond)));
    }
  }
  position_ = to;
  yaw_ = yaw;
  pitch_ = pitch;
  // The vanilla client confirms, then reports where it now is.
  send(packet::play_sb::TeleportConfirm{id});
  send(packet::play_sb::PositionLook{to.x, to.y, to.z, yaw, pitch, 0});
  maybe_report_loaded();
}

void Bot::on_chunk(int32_t x, int32_t z) {
  held_.on_chunk(x, z, context_.seen, counters_);
  maybe_report_loaded();
}

void Bot::maybe_report_loaded() {
  // Vanilla sends player_loaded once the level around the player is there.
  if (sent_player_loaded_ || !spawn_ || !stands_in_held_chunk()) return;
  sent_player_loaded_ = true;
  send(packet::play_sb::PlayerLoaded{});
}

void Bot::build_tick() {
  if (std::optional<Vec3d> to = build_->travel_step(position_)) {
    position_ = *to;
    send(packet::play_sb::Position{position_.x, position_.y, position_.z, build_->at_site() ? kOnGround : uint8_t{0}});
    ++counters_.moves;
    ticks_standing_ = 0;
    if (build_->at_site()) {
      // Creative: a stack of stone in the first hotbar slot, which is selected.
      packet::play_sb::SetCreativeSlot stone;
      stone.slot = 36;
      stone.count = 64;
      stone.item_id = item_id("stone");
      stone.components_added = 0;
      stone.components_removed = 0;
      send(stone);
    }
    return;
  }
  if (!build_->at_site()) return;
  // The vanilla client reports its position at least once a second while standing still.
  if (++ticks_standing_ >= kMovesPerSecond) {
    ticks_standing_ = 0;
    send(packet::play_sb::Position{position_.x, position_.y, position_.z, kOnGround});
    ++counters_.moves;
  }
  if (std::optional<BuildAction> action = build_->work_tick()) send_build_action(*action);
}

void Bot::send_build_action(const BuildAction& action) {
  constexpr int8_t kFaceUp = 1;
  if (action.kind == BuildAction::Kind::kPlace) {
    packet::play_sb::BlockPlace place;
    place.location = action.block;
    place.direction = kFaceUp;
    place.cursor_x = 0.5f, place.cursor_y = 1.0f, place.cursor_z = 0.5f;
    place.sequence = ++sequence_;
    send(place);
  } else {
    packet::play_sb::BlockDig dig;
    dig.status = packet::play_sb::BlockDig::kStartDestroy;
    dig.location = action.block;
    dig.face = kFaceUp;
    dig.sequence = ++sequence_;
    send(dig);
  }
  send(packet::play_sb::ArmAnimation{0});
  ++counters_.actions;
}

}  // namespace hz::bots
