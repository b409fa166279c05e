#include "sim/game/entities/falling_blocks.h"

#include <cmath>

#include "sim/game/entities/insecure_uuid.h"
#include "sim/core/hash.h"
#include "sim/core/java_format.h"
#include "sim/data/catalog.h"
#include "sim/game/blocks/block_kinds.h"
#include "sim/game/blocks/placement_states.h"
#include "sim/game/blocks/shape_updates.h"
#include "sim/game/entities/falling_block_codec.h"
#include "sim/game/movement/entity_move.h"
#include "sim/game/movement/world_collisions.h"
#include "sim/game/tick_rate.h"
#include "sim/protocol/packets.h"

namespace hz {

namespace {

// On landing the speed is turned around and halved vertically, cut to 0.7 sideways.
constexpr double kLandingSideways = 0.7;
constexpr double kLandingVertical = -0.5;

BlockPos block_pos_of(const Vec3& p) { return BlockPos{java_floor(p.x), java_floor(p.y), java_floor(p.z)}; }

}  // namespace

FallingBlocks::FallingBlocks(EntityIds& ids, Rng& random, EntityTracking& tracking, const GameRules& rules,
                             const TickRateManager& rate, BlockWorld& world, ItemDrops& drops)
    : ids_(ids), random_(random), tracking_(tracking), rules_(rules), rate_(rate), world_(world), drops_(drops) {}

Aabb FallingBlocks::box_at(const Vec3& p) {
  const double half = static_cast<double>(static_cast<float>(FallingBlock::kSize) / 2.0f);
  const double height = static_cast<double>(static_cast<float>(FallingBlock::kSize));
  return Aabb{p.x - half, p.y, p.z - half, p.x + half, p.y + height, p.z + half};
}

void FallingBlocks::fall(const BlockPos& pos, BlockStateId state) {
  // The entity carries the block without its water; the water (if any) stays in the block's place.
  const BlockStateId carried = state_property(state, "waterlogged").empty() ? state : with_value(state, "waterlogged", "false");
  const int32_t id = ids_.next();
  const Uuid uuid = insecure_uuid(random_);
  auto entity = std::make_unique<FallingBlock>(id, uuid, carried, pos);
  entity->position = Vec3{pos.x + 0.5, static_cast<double>(pos.y), pos.z + 0.5};
  static const BlockStateId air = default_state_of("air");
  static const BlockStateId water = default_state_of("water");
  world_.set_block(pos, has_value(state, "waterlogged", "true") ? water : air);
  FallingBlock& added = *entities_.emplace(id, std::move(entity)).first->second;
  tracking_.add_entity(added);
}

void FallingBlocks::move(FallingBlock& e, const BlockSource& blocks) {
  const Vec3 delta = e.velocity;
  static const WorldBorder border;
  Vec3 moved = delta;
  if (length_sqr(delta) != 0.0) {
    const Aabb box = box_at(e.position);
    CollisionContext ctx;
    ctx.entity_bottom = e.position.y;
    std::vector<PlacedShape> colliders;
    collect_colliders(blocks, border, e.position, ctx, box.expand_towards(delta), colliders);
    moved = collide_with_shapes(delta, box, colliders);
  }
  const double moved_sqr = length_sqr(moved);
  if (moved_sqr > 1.0e-7 || length_sqr(delta) - moved_sqr < 1.0e-7) e.position = e.position + moved;
  const double tolerance = as_float(1.0e-5);
  if (!(std::abs(moved.x - delta.x) < tolerance)) e.velocity.x = 0.0;
  if (!(std::abs(moved.z - delta.z) < tolerance)) e.velocity.z = 0.0;
  if (std::abs(delta.y) > 0.0) e.on_ground = delta.y != moved.y && delta.y < 0.0;
  // Block.updateEntityMovementAfterFallOn: a vertical collision stops the fall (a slime bounce
  // is not modelled; the block lands in the same tick either way).
  if (delta.y != moved.y) e.velocity.y = 0.0;
}

void FallingBlocks::tick() {
  if (!rate_.runs_normally()) return;  // ServerLevel ticks no entities but players while frozen
  for (const int32_t id : ids()) {
    FallingBlock& e = *entities_.at(id);
    // As items: ticks while its chunk is loaded (docs/entities.md).
    if (e.removed || !blocks_->is_chunk_loaded(java_floor(e.position.x) >> 4, java_floor(e.position.z) >> 4)) continue;
    tick_one(e);
  }
  for (auto it = entities_.begin(); it != entities_.end();) it = it->second->removed ? entities_.erase(it) : std::next(it);
}

void FallingBlocks::tick_one(FallingBlock& e) {
  if (is_air(e.state())) return discard(e);
  ++e.time;
  e.velocity.y -= kGravity;
  move(e, *blocks_);
  const BlockPos pos = block_pos_of(e.position);
  const bool concrete = is_concrete_powder(block_of_state(e.state()));
  // Powder moving faster than a block a tick would also look for water along its path; not
  // modelled (it only matters for powder falling over 25 blocks into water).
  const bool stuck_in_water = concrete && is_water(world_.block_at(pos));
  if (!e.on_ground && !stuck_in_water) {
    const bool outside = pos.y <= blocks_->min_y() || pos.y > blocks_->max_y();
    if ((e.time > kOutsideWorldTicks && outside) || e.time > kMaxFallTicks) {
      if (rules_.get_bool("entity_drops")) drop_item(e);
      discard(e);
    }
  } else {
    land(e, pos, concrete, stuck_in_water);
  }
  e.velocity = Vec3{e.velocity.x * kDrag, e.velocity.y * kDrag, e.velocity.z * kDrag};
}

void FallingBlocks::land(FallingBlock& e, const BlockPos& pos, bool concrete, bool stuck_in_water) {
  const BlockStateId here = world_.block_at(pos);
  e.velocity = Vec3{e.velocity.x * kLandingSideways, e.velocity.y * kLandingVertical, e.velocity.z * kLandingSideways};
  // canBeReplaced with an empty hand: the replaceable blocks.
  const bool may_replace = block_in_tag(block_of_state(here), "minecraft:replaceable");
  const bool would_continue =
      is_free_for_falling(world_.block_at(BlockPos{pos.x, pos.y - 1, pos.z})) && (!concrete || !stuck_in_water);
  const bool would_survive = can_survive(world_, e.state(), pos) && !would_continue;
  const bool drops = rules_.get_bool("entity_drops");
  if (!(may_replace && would_survive)) {
    discard(e);
    if (drops) drop_item(e);
    return;
  }
  BlockStateId state = e.state();
  if (!state_property(state, "waterlogged").empty() && water_source_at(world_, pos)) state = with_value(state, "waterlogged", "true");
  if (world_.set_block(pos, state)) {
    tracking_.send_to_viewers(e.id(), share(encode_packet(packet::play_cb::BlockChange{pos, static_cast<int32_t>(world_.block_at(pos))})));
    discard(e);
    // ConcretePowderBlock.onLand: in or beside water it sets as concrete.
    if (concrete && (is_water(here) || touches_water(world_, pos)))
      world_.set_block(pos, block_info(concrete_of(block_of_state(state))).default_state);
  } else if (drops) {
    discard(e);
    drop_item(e);
  }
}

void FallingBlocks::drop_item(FallingBlock& e) {
  // Entity.spawnAtLocation(block): one of the block's item, at the entity.
  const std::optional<int> item = item_id(block_info(block_of_state(e.state())).name);
  if (item) drops_.drop_at(e.position, ItemStack{*item, 1});
}

void FallingBlocks::discard(FallingBlock& e) {
  if (e.removed) return;
  e.removed = true;
  tracking_.remove_entity(e.id());
}

std::vector<std::string_view> FallingBlocks::saved_types() const { return {falling_block_codec::kTypeId}; }

void FallingBlocks::save_chunk(ChunkPos pos, std::vector<nbt::Compound>& out) const {
  for (const auto& [id, e] : entities_)
    if (!e->removed && entity_nbt::chunk_of(e->position) == pos) out.push_back(falling_block_codec::save(*e));
}

void FallingBlocks::unload_chunk(ChunkPos pos) {
  for (auto it = entities_.begin(); it != entities_.end();) {
    if (!it->second->removed && entity_nbt::chunk_of(it->second->position) == pos) {
      tracking_.remove_entity(it->first);
      it = entities_.erase(it);
    } else {
      ++it;
    }
  }
}

bool FallingBlocks::load(const nbt::Compound& tag) {
  std::optional<falling_block_codec::Loaded> loaded = falling_block_codec::load(tag);
  if (!loaded) return false;
  // The start position is not saved; a loaded block starts where it is (its synched start is
  // only a client's look).
  const int32_t id = ids_.next();
  auto entity = std::make_unique<FallingBlock>(id, loaded->base.uuid, loaded->state, block_pos_of(loaded->base.position));
  entity_nbt::apply_base(loaded->base, *entity);
  entity->time = loaded->time;
  FallingBlock& added = *entities_.emplace(id, std::move(entity)).first->second;
  tracking_.add_entity(added);
  return true;
}

const FallingBlock* FallingBlocks::find(int32_t id) const { return const_cast<FallingBlocks&>(*this).find(id); }

FallingBlock* FallingBlocks::find(int32_t id) {
  auto it = entities_.find(id);
  return it == entities_.end() || it->second->removed ? nullptr : it->second.get();
}

std::vector<int32_t> FallingBlocks::ids() const {
  std::vector<int32_t> out;
  for (const auto& [id, e] : entities_)
    if (!e->removed) out.push_back(id);
  return out;
}

uint64_t FallingBlocks::hash() const {
  Hasher h;
  h.u64(entities_.size());
  for (const auto& [id, e] : entities_) {
    h.i64(id), h.u64(e->uuid().most), h.u64(e->uuid().least), h.u64(e->state()), h.i64(e->time), h.u64(e->removed);
    h.f64(e->position.x), h.f64(e->position.y), h.f64(e->position.z);
    h.f64(e->velocity.x), h.f64(e->velocity.y), h.f64(e->velocity.z), h.u64(e->on_ground);
    h.i64(e->start().x), h.i64(e->start().y), h.i64(e->start().z);
  }
  return h.digest();
}

}  // namespace hz
