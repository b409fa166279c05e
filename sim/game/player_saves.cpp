#include "sim/game/player_saves.h"

#include "sim/core/hash.h"
#include "sim/game/world/job_kinds.h"

namespace hz {

PlayerSaves::PlayerSaves(EffectSink& effects, ServerLog& log) : effects_(effects), log_(log) {}

void PlayerSaves::begin_load(ConnId conn, const Uuid& uuid, const std::string& name) {
  Load& load = loads_[conn];
  load = Load{};
  load.uuid = uuid;
  load.name = name;
  const JobId job = next_job_++;
  reads_[job] = conn;
  anvil::StorageRequest request;
  request.kind = anvil::StorageJobKind::kReadPlayer;
  request.file = player_data_path(uuid);
  effects_.emit(anvil::storage_job(job, request));
}

bool PlayerSaves::load_finished(ConnId conn) const {
  auto it = loads_.find(conn);
  return it != loads_.end() && it->second.finished;
}

const SavedPlayer* PlayerSaves::loaded(ConnId conn) const {
  auto it = loads_.find(conn);
  return it != loads_.end() && it->second.saved ? &*it->second.saved : nullptr;
}

void PlayerSaves::forget(ConnId conn) { loads_.erase(conn); }

bool PlayerSaves::on_job_completed(const JobCompleted& done) {
  auto read = reads_.find(done.job);
  if (read == reads_.end()) return false;
  const ConnId conn = read->second;
  reads_.erase(read);
  auto load = loads_.find(conn);
  if (load != loads_.end() && !load->second.finished) finish_load(load->second, done.result);
  return true;
}

// A missing file is a new player; an unreadable one is named in the log and the player starts
// fresh, its file left as it is until their next save replaces it (the storage thread has kept a
// copy of a damaged `.dat` beside it and tried `.dat_old`, as vanilla does).
void PlayerSaves::finish_load(Load& load, const Bytes& bytes) {
  load.finished = true;
  const std::string file = player_data_path(load.uuid);
  Result<anvil::StorageResult> result = anvil::decode_result(bytes);
  if (!result) {
    log_.log(LogLevel::kWarn, "Failed to load player data for " + load.name + " (" + file + "): " + result.error());
    return;
  }
  if (!result->message.empty())
    log_.log(LogLevel::kWarn, "Failed to load player data for " + load.name + " (" + file + "): " + result->message);
  if (result->outcome != anvil::StorageOutcome::kData) return;
  Result<nbt::Compound> root = decode_player_file(result->nbt);
  if (!root) {
    log_.log(LogLevel::kWarn, "Failed to load player data for " + load.name + " (" + file + "): it is " + root.error());
    return;
  }
  Hasher h;
  h.bytes(result->nbt);
  load.digest = h.digest();
  load.saved = saved_player_from_nbt(*root);
  load.root = std::move(root.value());
}

void PlayerSaves::on_join(Player& player) {
  Kept& kept = kept_[player.conn];
  kept = Kept{};
  kept.game_mode = player.game_mode;
  auto load = loads_.find(player.conn);
  if (load == loads_.end()) return;
  if (load->second.root) kept.root = std::move(*load->second.root);
  if (load->second.saved) {
    kept.item_tags = std::move(load->second.saved->item_tags);
    kept.previous_game_mode = load->second.saved->previous_game_mode;
  }
  kept.digest = load->second.digest;
  loads_.erase(load);
}

void PlayerSaves::on_leave(Player& player) {
  save(player);
  kept_.erase(player.conn);
}

void PlayerSaves::on_game_mode_changed(Player& player) {
  Kept& kept = kept_[player.conn];
  if (kept.game_mode == player.game_mode) return;
  kept.previous_game_mode = kept.game_mode;
  kept.game_mode = player.game_mode;
}

void PlayerSaves::save(const Player& player) {
  PlayerSaveContext context;
  auto kept = kept_.find(player.conn);
  if (kept != kept_.end()) {
    context.previous_game_mode = kept->second.previous_game_mode;
    context.loaded = &kept->second.root;
    context.item_tags = &kept->second.item_tags;
  }
  effects_.emit(StorageWrite{player_data_path(player.uuid), encode_player_file(player_to_nbt(player, context)), false});
}

void PlayerSaves::save_all(const PlayerConnections& players) {
  for (ConnId conn : players.players_in_join_order())
    if (const Player* player = players.player(conn)) save(*player);
}

uint64_t PlayerSaves::hash() const {
  Hasher h;
  h.u64(next_job_);
  for (const auto& [job, conn] : reads_) h.u64(job), h.u64(conn);
  for (const auto& [conn, load] : loads_) {
    h.u64(conn), h.u64(load.finished), h.u64(load.saved.has_value()), h.u64(load.digest);
  }
  for (const auto& [conn, kept] : kept_) {
    h.u64(conn), h.u64(kept.digest), h.u64(static_cast<uint64_t>(kept.game_mode));
    h.i64(kept.previous_game_mode ? static_cast<int>(*kept.previous_game_mode) : -1);
  }
  return h.digest();
}

}  // namespace hz
