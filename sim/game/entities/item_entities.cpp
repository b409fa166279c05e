#include "sim/game/entities/item_entities.h"

#include <algorithm>
#include <array>

#include "sim/game/entities/insecure_uuid.h"
#include "sim/core/hash.h"
#include "sim/core/java_format.h"
#include "sim/game/entities/item_entity_codec.h"
#include "sim/game/entities/item_physics.h"
#include "sim/game/items/inventory.h"
#include "sim/game/items/enchantments.h"
#include "sim/game/movement/player_body.h"
#include "sim/protocol/packets.h"

namespace hz {

namespace {

// Merging looks 0.5 to each side horizontally; pickup reaches 1 sideways and 0.5 up and down.
constexpr double kMergeReach = 0.5;
constexpr double kPickupReachHorizontal = 1.0;
constexpr double kPickupReachVertical = 0.5;
// ItemEntity.merge caps a merged stack at 64 even for items that stack higher.
constexpr int kMergeCap = 64;
// A tick's velocity change larger than this (squared) is sent to viewers at once.
constexpr double kResyncVelocitySqr = 0.01;

bool block_changed(const Vec3& a, const Vec3& b) {
  return java_floor(a.x) != java_floor(b.x) || java_floor(a.y) != java_floor(b.y) || java_floor(a.z) != java_floor(b.z);
}

}  // namespace

ItemEntities::ItemEntities(EntityIds& ids, Rng& random, PlayerConnections& connections, EntityTracking& tracking,
                           const GameRules& rules)
    : ids_(ids), random_(random), connections_(connections), tracking_(tracking), rules_(rules), items_(tracking) {}

ItemEntities::~ItemEntities() = default;

void ItemEntities::drop_from_block(const BlockPos& pos, const ItemStack& stack) {
  // Block.popResource: nothing for an empty stack or with the block_drops game rule off.
  if (stack.empty() || !rules_.get_bool("block_drops")) return;
  spawn(stack, item_spawns::from_block(pos, random_));
}

void ItemEntities::drop_at(const Vec3& position, const ItemStack& stack) {
  if (stack.empty()) return;
  spawn(stack, item_spawns::from_entity(position, random_));
}

void ItemEntities::drop_from_player(const Player& player, const ItemStack& stack, bool scatter, bool keep_thrower) {
  if (stack.empty()) return;
  const int32_t id = spawn(stack, item_spawns::from_player(player, scatter, random_));
  if (keep_thrower) items_.at(id).thrower = player.uuid;
}

int32_t ItemEntities::spawn(const ItemStack& stack, const item_spawns::Spawn& spawn) {
  const int32_t id = ids_.next();
  auto item = std::make_unique<ItemEntity>(id, insecure_uuid(random_), stack);
  item->yaw = random_.next_float() * 360.0f;
  item->position = spawn.position;
  item->velocity = spawn.velocity;
  item->pickup_delay = spawn.pickup_delay;
  items_.add(std::move(item));
  return id;
}

std::vector<std::string_view> ItemEntities::saved_types() const { return {item_entity_codec::kTypeId}; }

void ItemEntities::save_chunk(ChunkPos pos, std::vector<nbt::Compound>& out) const {
  for (const ItemEntity* item : items_.in_chunk(pos)) out.push_back(item_entity_codec::save(*item));
}

void ItemEntities::unload_chunk(ChunkPos pos) { items_.unload_chunk(pos); }

bool ItemEntities::load(const nbt::Compound& tag) {
  std::optional<item_entity_codec::Loaded> loaded = item_entity_codec::load(tag);
  if (!loaded) return false;
  // A new network id, the stored UUID (vanilla keeps UUIDs across saves, never network ids).
  auto item = std::make_unique<ItemEntity>(ids_.next(), loaded->base.uuid, loaded->stack);
  entity_nbt::apply_base(loaded->base, *item);
  item->age = loaded->age;
  item->pickup_delay = loaded->pickup_delay;
  item->thrower = loaded->thrower;
  items_.add(std::move(item));
  return true;
}

const ItemEntity* ItemEntities::find(int32_t id) const { return items_.find(id); }
ItemEntity* ItemEntities::find(int32_t id) { return items_.find(id); }

std::vector<int32_t> ItemEntities::ids() const { return items_.ids(); }

void ItemEntities::tick() {
  for (const int32_t id : ids()) {
    ItemEntity& item = items_.at(id);
    // Vanilla ticks entities only in entity-ticking chunks; Horizon ticks an item while its
    // chunk is loaded (docs/entities.md).
    if (item.removed || !blocks_->is_chunk_loaded(java_floor(item.position.x) >> 4, java_floor(item.position.z) >> 4))
      continue;
    tick_item(item);
  }
  items_.purge_removed();
  for (Player* player : connections_.joined_players()) pick_up(*player);
  items_.purge_removed();
}

void ItemEntities::tick_item(ItemEntity& item) {
  ++item.tick_count;  // ServerLevel.tickNonPassenger counts before the tick
  if (item.stack().empty() || item.position.y < static_cast<double>(blocks_->min_y() - kBelowWorldMargin)) {
    items_.discard(item);
    return;
  }
  if (item.pickup_delay > 0 && item.pickup_delay != ItemEntity::kInfinitePickupDelay) --item.pickup_delay;
  const Vec3 old_position = item.position;
  const Vec3 old_velocity = item.velocity;
  item_physics::move_item(item, *blocks_, random_);
  items_.refresh_cell(item);
  const int rate = block_changed(old_position, item.position) ? 2 : 40;
  if (item.tick_count % rate == 0 && mergeable(item)) merge_with_neighbours(item);
  if (item.removed) return;
  if (item.age != ItemEntity::kInfiniteLifetime) ++item.age;
  if (length_sqr(item.velocity - old_velocity) > kResyncVelocitySqr) item.needs_sync = true;
  if (item.age >= ItemEntity::kLifetime) items_.discard(item);
}

bool ItemEntities::mergeable(const ItemEntity& item) const {
  return !item.removed && item.pickup_delay != ItemEntity::kInfinitePickupDelay &&
         item.age != ItemEntity::kInfiniteLifetime && item.age < ItemEntity::kLifetime &&
         item.stack().count < max_stack_size(item.stack());
}

void ItemEntities::merge_with_neighbours(ItemEntity& item) {
  const Aabb area = item_physics::item_box(item.position).inflate(kMergeReach, 0.0, kMergeReach);
  for (ItemEntity* other : items_.near(area)) {
    if (other == &item || !mergeable(*other)) continue;
    if (!area.intersects(item_physics::item_box(other->position))) continue;
    try_to_merge(item, *other);
    if (item.removed) break;
  }
}

void ItemEntities::try_to_merge(ItemEntity& item, ItemEntity& other) {
  const ItemStack& mine = item.stack();
  const ItemStack& theirs = other.stack();
  if (!same_item(mine, theirs) || mine.count + theirs.count > max_stack_size(theirs)) return;
  // The smaller stack pours into the larger; on a tie this item pours into the other.
  ItemEntity& to = theirs.count < mine.count ? item : other;
  ItemEntity& from = &to == &item ? other : item;
  const int room = std::min(max_stack_size(to.stack()), kMergeCap) - to.stack().count;
  const int moved = std::min(room, from.stack().count);
  to.set_stack(to.stack().with_count(to.stack().count + moved));
  from.set_stack(from.stack().with_count(from.stack().count - moved));
  to.pickup_delay = std::max(to.pickup_delay, from.pickup_delay);
  to.age = std::min(to.age, from.age);
  if (from.stack().empty()) items_.discard(from);
}

void ItemEntities::pick_up(Player& player) {
  if (player.dead || player.health <= 0.0f || player.game_mode == GameMode::kSpectator) return;
  const Aabb area = make_player_box(player.position, Pose::kStanding)
                        .inflate(kPickupReachHorizontal, kPickupReachVertical, kPickupReachHorizontal);
  for (ItemEntity* item : items_.near(area)) {
    if (item->removed || !area.intersects(item_physics::item_box(item->position))) continue;
    touch(player, *item);
  }
}

void ItemEntities::touch(Player& player, ItemEntity& item) {
  if (item.pickup_delay != 0) return;
  const int original_count = item.stack().count;
  ItemStack rest = item.stack();
  bool accepted = add_to_inventory(player, rest);
  // Inventory.add: a creative player takes the whole stack even without room.
  if (player.game_mode == GameMode::kCreative && !rest.empty()) rest = ItemStack{}, accepted = true;
  if (!accepted) return;
  // LivingEntity.take: everyone who sees the item sees it fly to the collector.
  tracking_.send_to_viewers(item.id(), share(encode_packet(packet::play_cb::Collect{
                                           item.id(), player.entity_id, original_count})));
  item.set_stack(rest);
  if (rest.empty()) items_.discard(item);
  // The changed slots reach the player through the inventory window's per-tick sync.
}

uint64_t ItemEntities::hash() const {
  Hasher h;
  h.u64(items_.all().size());
  for (const auto& [id, item] : items_.all()) {
    h.i64(id), h.u64(item->uuid().most), h.u64(item->uuid().least);
    h.f64(item->position.x), h.f64(item->position.y), h.f64(item->position.z);
    h.f64(item->velocity.x), h.f64(item->velocity.y), h.f64(item->velocity.z);
    h.f32(item->yaw), h.u64(item->on_ground), h.u64(item->needs_sync);
    h.i64(item->stack().item), h.i64(item->stack().count), hash_components(h, item->stack());
    h.i64(item->age), h.i64(item->pickup_delay), h.i64(item->tick_count);
    h.u64(item->thrower.has_value());
    if (item->thrower) h.u64(item->thrower->most), h.u64(item->thrower->least);
  }
  return h.digest();
}

}  // namespace hz
