// Judges every move a simulated client's connection has read against the reference move model
// (move_reference_checks.h), as horizon-sim's move-rule invariant: a pull-back the model predicts
// must come, with its id and position, in the pass the core read the move; none may come otherwise.
#pragma once

#include <cstdint>
#include <deque>
#include <map>
#include <optional>
#include <string>
#include <utility>
#include <vector>

#include "sim/simulation/move_reference_checks.h"
#include "sim/world/chunk_pos.h"
#include "sim/world/section.h"

namespace hz {

// The model knows the server's side of a player only from what the client sent and saw, and a
// pass only as a whole: its inputs in order, then one tick. Some things the server does are
// outside the model:
// - a death, a respawn: the model is dropped, and after a death it starts again only where the
//   server counts the player loaded again (a respawn and a new player_loaded);
// - a block changed or a chunk sent near the player, a hurt or a push, a game mode change, a
//   command of the client's own: the model cannot tell whether they came before or after the
//   pass's moves, so the pass is not judged, but the model goes on if the server's pull-backs were
//   the ones it predicted (its state then still follows the server's: the speed a push gave is not
//   one a step's verdict depends on). A command is judged by what the client sees of it, so the
//   simulated clients send only commands whose every effect on their player is seen: a teleport
//   (not predicted, it drops the model), a game mode, blocks, a mob that may hurt them;
// - a move near a chunk the client does not hold: the model is dropped.
// A kick for floating is judged like a pull-back: the server's must come in the pass the model's
// does, while the model knows the server's count of floating ticks. A model started after a
// teleport knows neither that count nor what the server's player did in the ticks the
// confirmation took (its speed, and whether its fall left it standing on something:
// Body::vel_known). The floating flag is the server's after an accepted move made knowing
// whether the player stood on something, and the count is after a tick with that flag clear.
// A dropped model starts again where the server's state is known: the core reading the
// confirmation of the newest teleport the client was sent (the player loaded), or reading the
// player_loaded of a player whose join teleport was confirmed, early enough that the server's
// loading timeout cannot have run out. Moves read while there is no model, or in a pass not
// judged, count as skipped.
class MoveJudge {
 public:
  // One thing the client sent that the model follows, ending at `end` in the client's stream.
  struct Sent {
    enum class Kind { kMove, kConfirm, kLoaded, kCommand };
    Kind kind = Kind::kCommand;
    reference::Packet move;
    int32_t teleport_id = 0;
    uint64_t end = 0;
  };

  // The chunks the client holds, bottom-up sections by column (the client's own copy).
  explicit MoveJudge(const std::map<ChunkPos, std::vector<Section>>& chunks);
  MoveJudge(const MoveJudge&) = delete;
  MoveJudge& operator=(const MoveJudge&) = delete;

  void sent(const Sent& event) { unread_.push_back(event); }

  // What the client saw this pass.
  void joined(uint8_t game_mode);  // the play login: the player was made this pass
  void teleported(int32_t id, const reference::V3& to);
  void game_mode(uint8_t mode);
  void block_changed(int x, int y, int z);
  void chunk_changed(ChunkPos pos);
  void pushed() { unjudged_pass_ = true; }  // hurt (and knocked back) or given a speed
  // A death: the server ignores the player's moves until a respawn and a new player_loaded (or
  // its loading timeout), whatever teleports the client confirms meanwhile.
  void died() {
    dropped_pass_ = true;
    loaded_read_ = false;
  }
  // The server closed the connection this pass: kicked for floating (the model must kick in the
  // same pass, and only then), or for anything else (the pass is not judged).
  void kicked_for_floating() { kicked_ = true; }
  bool kicked_for_floating_this_pass() const { return kicked_; }
  void closed() { dropped_pass_ = dropped_pass_ || !kicked_; }
  void respawned() {
    dropped_pass_ = true;
    loaded_read_ = false;  // the core counts the player loaded again only after a timeout
  }

  // After the core's pass, which read the client's stream up to `delivered`: feeds what it read
  // to the model, runs the model's tick and compares the pull-backs. A mismatch is returned.
  std::optional<std::string> end_of_pass(uint64_t delivered);

  bool following() const { return model_.has_value(); }
  int64_t judged() const { return judged_; }
  int64_t skipped() const { return skipped_; }
  int64_t judged_in_water() const { return judged_in_water_; }  // judged moves that end with water in the box
  int64_t pull_backs_judged() const { return pull_backs_judged_; }  // pull-backs in the passes judged
  int64_t kicks_judged() const { return kicks_judged_; }  // kicks for floating, the server's or the model's

 private:
  BlockStateId block_at(int x, int y, int z) const;
  const reference::V3* where() const;
  bool water_in_box(const reference::Box& box) const;  // any block the box reaches holds water
  void read_one(const Sent& event, std::vector<std::string>& moves);
  // `floating_known`: the server's floating flag and count are known to be clear (a join).
  void start_model(int32_t id, bool floating_known);
  std::optional<std::string> compare(const std::vector<std::string>& moves) const;

  const std::map<ChunkPos, std::vector<Section>>& chunks_;
  std::optional<reference::Player> model_;
  reference::Mode mode_ = reference::Mode::kSurvival;
  std::deque<Sent> unread_;  // sent, not yet read by the core
  bool loaded_read_ = false;
  int passes_since_join_ = 0;
  // The newest teleport the client was sent, whether the core has read its confirmation, and the
  // teleports this pass brought.
  std::optional<std::pair<int32_t, reference::V3>> newest_teleport_;
  bool newest_confirmed_ = false;
  std::vector<std::pair<int32_t, reference::V3>> teleports_this_pass_;
  bool unjudged_pass_ = false;
  bool dropped_pass_ = false;
  bool kicked_ = false;  // the server kicked the player for floating this pass
  bool floating_known_ = false;  // the model's count of floating ticks is the server's
  bool floating_flag_known_ = false;  // the model's floating flag is the server's
  mutable bool missing_chunk_ = false;  // the model looked at a block of a chunk the client lacks
  // The chunk block_at found last; the client's chunks change only between end_of_pass calls,
  // so it is forgotten when one starts.
  mutable std::optional<ChunkPos> looked_up_;
  mutable const std::vector<Section>* looked_up_sections_ = nullptr;
  int64_t judged_ = 0;
  int64_t skipped_ = 0;
  int64_t judged_in_water_ = 0;
  int64_t in_water_this_pass_ = 0;
  int64_t pull_backs_judged_ = 0;
  int64_t kicks_judged_ = 0;
};

}  // namespace hz
