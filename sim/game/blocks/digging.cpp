#include "sim/game/blocks/digging.h"

#include "sim/core/hash.h"
#include "sim/core/java_format.h"
#include "sim/data/blocks.h"
#include "sim/game/blocks/block_interaction.h"
#include "sim/game/blocks/block_kinds.h"
#include "sim/game/entities/block_loot.h"
#include "sim/game/entities/tool_rules.h"
#include "sim/game/items/enchantments.h"
#include "sim/protocol/packets.h"
#include "sim/world/chunk_pos.h"

namespace hz {

namespace {

// Level.removeBlock leaves the block's fluid: water where a waterlogged block was, else air.
}  // namespace

void Digging::on_join(Player& player) { players_[player.conn] = DigState{}; }
void Digging::on_leave(Player& player) { players_.erase(player.conn); }

dig_rules::Digger Digging::digger(const Player& player) const {
  const Vec3 eyes = player.eye_position();
  const BlockPos eye{java_floor(eyes.x), java_floor(eyes.y), java_floor(eyes.z)};
  static const std::optional<int32_t> aqua_affinity = enchantment_id("aqua_affinity");
  int aqua_level = 0;
  for (const EnchantmentLevel& e : player.inventory[static_cast<size_t>(kHeadSlot)].enchantments)
    if (aqua_affinity && e.id == *aqua_affinity) aqua_level = e.level;
  return dig_rules::Digger{player.main_hand(), aqua_level, player.on_ground, is_water(blocks_.world.block_at(eye))};
}

void Digging::on_block_action(Player& player, int32_t action, const BlockPos& pos, int8_t, int32_t sequence) {
  using packet::play_sb::BlockDig;
  if (action != BlockDig::kStartDestroy && action != BlockDig::kAbortDestroy && action != BlockDig::kStopDestroy) return;
  DigState& dig = players_[player.conn];
  blocks_.acks.acknowledge(player.conn, sequence);  // whatever is decided
  if (!blocks_.in_reach(player, pos)) return;  // out of reach: only the ack answers
  if (pos.y > kWorldMaxY) return blocks_.send_block(player.conn, pos);
  if (action == BlockDig::kStartDestroy) return start(player, dig, pos);
  if (action == BlockDig::kStopDestroy) return stop(player, dig, pos);
  abort(player, dig, pos);  // a pending delayed break goes on
}

void Digging::start(Player& player, DigState& dig, const BlockPos& pos) {
  if (blocks_.spawn_protected(player, pos)) return blocks_.tell_spawn_protected(player.conn, pos);
  if (!blocks_.world.is_loaded(pos)) return blocks_.send_block(player.conn, pos);
  if (player.game_mode == GameMode::kCreative) return destroy_and_ack(player, pos);
  if (player.game_mode == GameMode::kSpectator || player.game_mode == GameMode::kAdventure)
    return blocks_.send_block(player.conn, pos);  // adventure needs can_break items, which nobody holds yet
  dig.destroy_start = dig.game_ticks;
  const BlockStateId state = blocks_.world.block_at(pos);
  const float progress = is_air(state) ? 1.0f : dig_rules::destroy_progress(state, digger(player));
  if (!is_air(state) && progress >= 1.0f) return destroy_and_ack(player, pos);
  if (dig.destroying && !(dig.destroy_pos == pos)) blocks_.send_block(player.conn, dig.destroy_pos);
  dig.destroying = true;
  dig.destroy_pos = pos;
  const int stage = static_cast<int>(progress * 10.0f);
  show_stage(player, pos, stage);
  dig.last_sent_stage = stage;
}

void Digging::abort(const Player& player, DigState& dig, const BlockPos& pos) {
  dig.destroying = false;
  if (!(dig.destroy_pos == pos)) show_stage(player, dig.destroy_pos, -1);  // vanilla also warns of the mismatch
  show_stage(player, pos, -1);
}

float Digging::progress_since(const Player& player, const DigState& dig, BlockStateId state, int64_t start) const {
  return dig_rules::destroy_progress(state, digger(player)) * static_cast<float>(dig.game_ticks - start + 1);
}

float Digging::advance(const Player& player, DigState& dig, BlockStateId state, const BlockPos& pos, int64_t start) {
  const float progress = progress_since(player, dig, state, start);
  const int stage = static_cast<int>(progress * 10.0f);
  if (stage != dig.last_sent_stage) {
    show_stage(player, pos, stage);
    dig.last_sent_stage = stage;
  }
  return progress;
}

void Digging::show_stage(const Player& breaker, const BlockPos& pos, int stage) {
  packet::play_cb::BlockBreakAnimation shown;
  shown.entity_id = breaker.entity_id;
  shown.location = pos;
  shown.destroy_stage = static_cast<int8_t>(stage);  // vanilla writes the int as a byte
  SharedBytes body;
  for (ConnId other : blocks_.connections.players_in_join_order()) {
    const Player* viewer = blocks_.connections.player(other);
    if (other == breaker.conn || viewer == nullptr) continue;
    const double dx = pos.x - viewer->position.x, dy = pos.y - viewer->position.y, dz = pos.z - viewer->position.z;
    if (dx * dx + dy * dy + dz * dz >= 1024.0) continue;
    if (!body) body = share(encode_packet(shown));
    blocks_.connections.send(other, body);
  }
}

void Digging::stop(Player& player, DigState& dig, const BlockPos& pos) {
  if (!dig.destroying || !(pos == dig.destroy_pos)) return;
  const BlockStateId state = blocks_.world.block_at(pos);
  if (is_air(state)) return;
  if (progress_since(player, dig, state, dig.destroy_start) >= dig_rules::kFinishTolerance) {
    dig.destroying = false;
    show_stage(player, pos, -1);
    return destroy_and_ack(player, pos);
  }
  if (dig.delayed) return;
  dig.destroying = false;
  dig.delayed = true;
  dig.delayed_pos = pos;
  dig.delayed_start = dig.destroy_start;
}

bool Digging::destroy(const Player& player, const BlockPos& pos) {
  if (!can_destroy_blocks(player.main_hand(), player.game_mode == GameMode::kCreative)) return false;
  if (player.game_mode == GameMode::kSpectator || player.game_mode == GameMode::kAdventure) return false;
  const BlockStateId state = blocks_.world.block_at(pos);
  // Block.playerWillDestroy -> spawnDestroyParticles: the others near see and hear it break.
  if (sounds_)
    sounds_->level_event(sound_rules::kEventDestroyBlock, pos, static_cast<int32_t>(state), player.conn);
  if (!blocks_.world.set_block(pos, left_behind(state))) return false;
  // Player.preventsBlockDrops: creative breaks drop nothing and wear nothing.
  if (player.game_mode == GameMode::kCreative) return true;
  // ServerPlayerGameMode.destroyBlock: the tool wears (Item.mineBlock) before the block's
  // playerDestroy, which rolls the loot with the tool as it was.
  const ItemStack destroyed_with = player.main_hand();
  const bool harvests = has_correct_tool_for_drops(state, destroyed_with);
  if (wear_) wear_->wear_held_item(player.conn, Hand::kMain, mining_wear(state, destroyed_with));
  if (!harvests) return true;
  // Block.playerDestroy: food cost, then the loot.
  if (exhaustion_ && player.game_mode == GameMode::kSurvival) exhaustion_->cause_food_exhaustion(player.conn, 0.005f);
  for (const ItemStack& stack : loot_for_block(state, destroyed_with, random_)) drops_.drop_from_block(pos, stack);
  return true;
}

void Digging::destroy_and_ack(const Player& player, const BlockPos& pos) {
  if (!destroy(player, pos)) blocks_.send_block(player.conn, pos);
}

void Digging::tick() {
  for (auto& [conn, dig] : players_) {
    ++dig.game_ticks;
    const Player* player = blocks_.connections.player(conn);
    if (player == nullptr) continue;
    if (dig.delayed) {
      const BlockStateId state = blocks_.world.block_at(dig.delayed_pos);
      if (is_air(state)) {
        dig.delayed = false;
      } else if (advance(*player, dig, state, dig.delayed_pos, dig.delayed_start) >= 1.0f) {
        dig.delayed = false;
        destroy(*player, dig.delayed_pos);
      }
    } else if (dig.destroying) {
      const BlockStateId state = blocks_.world.block_at(dig.destroy_pos);
      if (is_air(state)) {  // broken by someone else, or by a command
        show_stage(*player, dig.destroy_pos, -1);
        dig.last_sent_stage = -1;
        dig.destroying = false;
      } else {
        advance(*player, dig, state, dig.destroy_pos, dig.destroy_start);
      }
    }
  }
}

uint64_t Digging::hash() const {
  Hasher h;
  for (const auto& [conn, d] : players_) {
    h.u64(conn), h.i64(d.game_ticks), h.u64(d.destroying), h.i64(d.destroy_pos.x), h.i64(d.destroy_pos.y);
    h.i64(d.destroy_pos.z), h.i64(d.destroy_start), h.u64(d.delayed), h.i64(d.delayed_pos.x), h.i64(d.delayed_pos.y);
    h.i64(d.delayed_pos.z), h.i64(d.delayed_start), h.i64(d.last_sent_stage);
  }
  return h.digest();
}

}  // namespace hz
