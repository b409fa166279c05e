#include "sim/simulation/move_judge.h"

#include <algorithm>
#include <cmath>

#include "sim/core/java_format.h"
#include "sim/world/paletted_container.h"

namespace hz {

namespace {

std::string describe(const reference::V3& p) {
  return "(" + java_double_to_string(p.x) + ", " + java_double_to_string(p.y) + ", " + java_double_to_string(p.z) + ")";
}

std::string verdict_name(reference::Verdict v) {
  switch (v) {
    case reference::Verdict::kInvalid: return "invalid";
    case reference::Verdict::kIgnored: return "ignored";
    case reference::Verdict::kAwaiting: return "awaiting a confirmation";
    case reference::Verdict::kAccepted: return "accepted";
    case reference::Verdict::kTooQuickly: return "moved too quickly";
    case reference::Verdict::kWrongly: return "moved wrongly";
    case reference::Verdict::kCollidingNew: return "colliding with something new";
    case reference::Verdict::kUnsure: return "unsure";
  }
  return "?";
}

// How far around the player a changed block or chunk disturbs the model: the box, what the
// collision scans beyond it, and the few steps a pass holds.
constexpr double kNearBlocks = 4.0;
// A player_loaded read this many passes after the join surely came before the server's loading
// timeout (60 ticks, one a pass) ran out, with room for the join's own pass.
constexpr int kSurelyBeforeLoadingTimeout = 50;

// A pass's moves as the violations list them.
std::string pass_moves(const std::vector<std::string>& moves) {
  std::string text;
  for (const std::string& m : moves) text += (text.empty() ? "" : "; ") + m;
  return text.empty() ? std::string("no move") : text;
}

}  // namespace

MoveJudge::MoveJudge(const std::map<ChunkPos, std::vector<Section>>& chunks) : chunks_(chunks) {}

BlockStateId MoveJudge::block_at(int x, int y, int z) const {
  if (y < kWorldMinY || y > kWorldMaxY) return 0;
  const ChunkPos chunk{x >> 4, z >> 4};
  if (looked_up_ != chunk) {
    auto it = chunks_.find(chunk);
    looked_up_ = chunk;
    looked_up_sections_ = it == chunks_.end() ? nullptr : &it->second;
  }
  if (!looked_up_sections_) {
    missing_chunk_ = true;
    return 0;
  }
  return (*looked_up_sections_)[static_cast<size_t>(section_index_of(y))].block(block_index(x & 15, y & 15, z & 15));
}

bool MoveJudge::water_in_box(const reference::Box& box) const {
  const auto lo = [](double v) { return static_cast<int>(std::floor(v)); };
  for (int x = lo(box.lo[0]); x <= lo(box.hi[0]); ++x)
    for (int z = lo(box.lo[2]); z <= lo(box.hi[2]); ++z)
      for (int y = lo(box.lo[1]); y <= lo(box.hi[1]); ++y)
        if (is_water(block_at(x, y, z))) return true;
  return false;
}

// Where the server has the player, as far as the judge knows.
const reference::V3* MoveJudge::where() const {
  if (model_) return &model_->body.pos;
  return newest_teleport_ ? &newest_teleport_->second : nullptr;
}

void MoveJudge::joined(uint8_t game_mode) {
  passes_since_join_ = 0;
  mode_ = static_cast<reference::Mode>(game_mode <= 3 ? game_mode : 0);
}

void MoveJudge::teleported(int32_t id, const reference::V3& to) {
  newest_teleport_ = {id, to};
  newest_confirmed_ = false;
  teleports_this_pass_.emplace_back(id, to);
}

void MoveJudge::game_mode(uint8_t mode) {
  const auto next = static_cast<reference::Mode>(mode <= 3 ? mode : 0);
  if (next != mode_) unjudged_pass_ = true;
  mode_ = next;
}

void MoveJudge::block_changed(int x, int y, int z) {
  const reference::V3* at = where();
  if (at && std::abs(x + 0.5 - at->x) <= kNearBlocks && std::abs(z + 0.5 - at->z) <= kNearBlocks &&
      y + 0.5 >= at->y - kNearBlocks && y + 0.5 <= at->y + 2.0 + kNearBlocks)
    unjudged_pass_ = true;
}

void MoveJudge::chunk_changed(ChunkPos pos) {
  const reference::V3* at = where();
  if (!at) return;
  const double dx = std::max({pos.x * 16.0 - at->x, at->x - (pos.x * 16.0 + 16.0), 0.0});
  const double dz = std::max({pos.z * 16.0 - at->z, at->z - (pos.z * 16.0 + 16.0), 0.0});
  if (dx <= kNearBlocks && dz <= kNearBlocks) unjudged_pass_ = true;
}

void MoveJudge::start_model(int32_t id, bool floating_known) {
  floating_known_ = floating_flag_known_ = floating_known;
  model_ = reference::Player::resumed(newest_teleport_->second, id, mode_);
  model_->world.look_up_with([this](int x, int y, int z) { return block_at(x, y, z); });
}

std::optional<std::string> MoveJudge::end_of_pass(uint64_t delivered) {
  looked_up_.reset();
  ++passes_since_join_;
  if (dropped_pass_) model_.reset();
  if (model_) {  // only this pass's pull-backs are compared
    model_->sent.clear();
    model_->warnings.clear();
  }
  std::vector<std::string> moves;
  bool dropped = false;
  while (!unread_.empty() && unread_.front().end <= delivered) {
    const bool had = model_.has_value();
    read_one(unread_.front(), moves);
    unread_.pop_front();
    dropped = dropped || (had && !model_);
  }
  const bool model_kicks = model_ && model_->tick();
  // The tick counted with the model's floating flag: the count is the server's if the flag is and
  // the count was, or the flag was clear (both reset to zero).
  floating_known_ = model_ && floating_flag_known_ && (floating_known_ || model_->floating_ticks() == 0);
  std::optional<std::string> problem;
  const bool judge = model_ && !dropped && !dropped_pass_;
  if (judge && !unjudged_pass_) problem = compare(moves);
  else if (judge && compare(moves)) model_.reset();  // the server's state is no longer known
  const bool judge_kick = judge && !unjudged_pass_ && floating_known_;
  if (judge_kick && (model_kicks || kicked_)) ++kicks_judged_;
  if (judge_kick && !problem && model_kicks != kicked_)
    problem = model_kicks ? "the reference move model kicks the player for floating (" + pass_moves(moves) +
                                "), the server did not"
                          : "the server kicked the player for floating, the reference move model does not (" +
                                pass_moves(moves) + ")";
  if (model_kicks) model_.reset();  // the connection ends
  if (judge && !unjudged_pass_) pull_backs_judged_ += static_cast<int64_t>(teleports_this_pass_.size());
  (judge && !unjudged_pass_ ? judged_ : skipped_) += static_cast<int64_t>(moves.size());
  if (judge && !unjudged_pass_) judged_in_water_ += in_water_this_pass_;
  in_water_this_pass_ = 0;
  if (model_) model_->mode = mode_;
  teleports_this_pass_.clear();
  unjudged_pass_ = dropped_pass_ = kicked_ = false;
  return problem;
}

void MoveJudge::read_one(const Sent& event, std::vector<std::string>& moves) {
  switch (event.kind) {
    case Sent::Kind::kCommand:
      unjudged_pass_ = true;
      return;
    case Sent::Kind::kLoaded:
      loaded_read_ = true;
      if (model_) model_->mark_loaded();
      else if (!dropped_pass_ && newest_confirmed_ && passes_since_join_ < kSurelyBeforeLoadingTimeout)
        start_model(newest_teleport_->first, true);
      return;
    case Sent::Kind::kConfirm:
      if (newest_teleport_ && newest_teleport_->first == event.teleport_id) newest_confirmed_ = true;
      if (model_) {
        if (!model_->confirm(event.teleport_id)) model_.reset();
      } else if (!dropped_pass_ && loaded_read_ && newest_confirmed_) {
        start_model(event.teleport_id, false);
      }
      return;
    case Sent::Kind::kMove: {
      if (!model_) {
        ++skipped_;
        return;
      }
      missing_chunk_ = false;
      const reference::V3 from = model_->body.pos;
      const bool stood_known = model_->body.below_known;
      const reference::Verdict verdict = model_->move(event.move);
      // The model judged by air where the client holds no chunk, or its answer hangs on a pose
      // it does not know.
      if (missing_chunk_ || verdict == reference::Verdict::kUnsure) {
        model_.reset();
        ++skipped_;
        return;
      }
      moves.push_back(describe(from) + " to " + describe({event.move.x, event.move.y, event.move.z}) + ": " +
                      verdict_name(verdict));
      in_water_this_pass_ += water_in_box(model_->body.box()) ? 1 : 0;
      // An accepted move sets the floating flag: the model's is the server's when both knew
      // whether the player stood on something before it.
      if (verdict == reference::Verdict::kAccepted) floating_flag_known_ = stood_known;
      return;
    }
  }
}

std::optional<std::string> MoveJudge::compare(const std::vector<std::string>& moves) const {
  const std::vector<reference::SentTeleport>& predicted = model_->sent;
  const size_t want = predicted.size(), got = teleports_this_pass_.size();
  if (got > want)
    return "the server pulled the player back to " + describe(teleports_this_pass_[want].second) +
           " where the reference move model takes the pass's moves (" + pass_moves(moves) + ")";
  if (got < want)
    return "a move the reference move model pulls back to " + describe(predicted[got].pos) +
           " was not pulled back (" + pass_moves(moves) + ")";
  for (size_t i = 0; i < want; ++i) {
    const auto& [id, to] = teleports_this_pass_[i];
    if (id != predicted[i].id || !(to == predicted[i].pos))
      return "the server pulled the player back with teleport " + std::to_string(id) + " to " + describe(to) +
             ", the reference move model with teleport " + std::to_string(predicted[i].id) + " to " +
             describe(predicted[i].pos) + " (" + pass_moves(moves) + ")";
  }
  return std::nullopt;
}

}  // namespace hz
