#include "sim/game/entities/experience_orbs.h"

#include <algorithm>
#include <array>

#include "sim/game/entities/insecure_uuid.h"
#include "sim/core/hash.h"
#include "sim/core/java_format.h"
#include "sim/game/entities/experience_orb_codec.h"
#include "sim/game/entities/experience_orb_physics.h"
#include "sim/game/items/enchantments.h"
#include "sim/game/items/equipment.h"
#include "sim/game/items/inventory.h"
#include "sim/data/catalog.h"
#include "sim/game/movement/player_body.h"
#include "sim/game/survival/experience_rules.h"
#include "sim/protocol/packets.h"

namespace hz {

namespace {

// tryMergeToExisting looks in a 1 x 1 x 1 box around the award; scanForMerges 0.5 around the orb.
constexpr double kAwardMergeHalf = 0.5;
constexpr double kScanReach = 0.5;
// Player.aiStep: the pickup area reaches 1 sideways and 0.5 up and down.
constexpr double kOrbReachHorizontal = 1.0;
constexpr double kOrbReachVertical = 0.5;
// The constructor's random push: x and z in [-0.2, 0.2), y in [0, 0.4).
constexpr double kSpawnSpread = 0.2;
constexpr double kSpawnHalfSpread = 0.1;

bool same_group(int32_t id, int32_t group) { return (id - group) % ExperienceOrbs::kGroups == 0; }

// EquipmentSlot.VALUES for a player: main hand, off hand, feet, legs, chest, head.
std::array<int, 6> mending_slot_order(const Player& player) {
  return {hand_slot(player, false), hand_slot(player, true), armour_menu_slot(EquipSlot::kFeet),
          armour_menu_slot(EquipSlot::kLegs), armour_menu_slot(EquipSlot::kChest), armour_menu_slot(EquipSlot::kHead)};
}

}  // namespace

ExperienceOrbs::ExperienceOrbs(EntityIds& ids, Rng& random, PlayerConnections& connections, EntityTracking& tracking)
    : ids_(ids), random_(random), connections_(connections), tracking_(tracking), orbs_(tracking) {}

ExperienceOrbs::~ExperienceOrbs() = default;

void ExperienceOrbs::award(const Vec3& position, int points) {
  while (points > 0) {
    const int value = experience::orb_value(points);
    points -= value;
    if (!merge_into_existing(position, value)) spawn(position, value);
  }
}

bool ExperienceOrbs::merge_into_existing(const Vec3& position, int value) {
  const Aabb box{position.x - kAwardMergeHalf, position.y - kAwardMergeHalf, position.z - kAwardMergeHalf,
                 position.x + kAwardMergeHalf, position.y + kAwardMergeHalf, position.z + kAwardMergeHalf};
  const int32_t group = static_cast<int32_t>(random_.next_below(kGroups));
  for (ExperienceOrb* orb : orbs_.near(box)) {
    if (orb->removed || !same_group(orb->id(), group) || orb->value() != value) continue;
    if (!box.intersects(orb_physics::orb_box(orb->position))) continue;
    ++orb->count;
    orb->age = 0;
    return true;
  }
  return false;
}

int32_t ExperienceOrbs::spawn(const Vec3& position, int value) {
  const int32_t id = ids_.next();
  auto orb = std::make_unique<ExperienceOrb>(id, insecure_uuid(random_), value);
  orb->position = position;
  orb->yaw = random_.next_float() * 360.0f;
  // Drawn x, y, z in this order (Java evaluates the constructor's arguments left to right).
  const double x = (random_.next_double() * kSpawnSpread - kSpawnHalfSpread) * 2.0;
  const double y = random_.next_double() * kSpawnSpread * 2.0;
  const double z = (random_.next_double() * kSpawnSpread - kSpawnHalfSpread) * 2.0;
  orb->velocity = Vec3{x, y, z};
  // Vanilla then moves an orb born inside a block to a free spot (findFreePosition); Horizon
  // leaves it where it is and the tick's push out of the block moves it (docs/rules/experience.md).
  orbs_.add(std::move(orb));
  return id;
}

std::vector<std::string_view> ExperienceOrbs::saved_types() const { return {experience_orb_codec::kTypeId}; }

void ExperienceOrbs::save_chunk(ChunkPos pos, std::vector<nbt::Compound>& out) const {
  for (const ExperienceOrb* orb : orbs_.in_chunk(pos)) out.push_back(experience_orb_codec::save(*orb));
}

void ExperienceOrbs::unload_chunk(ChunkPos pos) { orbs_.unload_chunk(pos); }

bool ExperienceOrbs::load(const nbt::Compound& tag) {
  std::optional<experience_orb_codec::Loaded> loaded = experience_orb_codec::load(tag);
  if (!loaded) return false;
  // A new network id, the stored UUID (vanilla keeps UUIDs across saves, never network ids).
  auto orb = std::make_unique<ExperienceOrb>(ids_.next(), loaded->base.uuid, loaded->value);
  entity_nbt::apply_base(loaded->base, *orb);
  orb->health = loaded->health;
  orb->age = loaded->age;
  orb->count = loaded->count;
  orbs_.add(std::move(orb));
  return true;
}

const ExperienceOrb* ExperienceOrbs::find(int32_t id) const { return orbs_.find(id); }
ExperienceOrb* ExperienceOrbs::find(int32_t id) { return orbs_.find(id); }

std::vector<int32_t> ExperienceOrbs::ids() const { return orbs_.ids(); }

void ExperienceOrbs::tick() {
  for (const int32_t id : ids()) {
    ExperienceOrb& orb = orbs_.at(id);
    // As items: an orb ticks while its chunk is loaded (docs/entities.md).
    if (orb.removed || !blocks_->is_chunk_loaded(java_floor(orb.position.x) >> 4, java_floor(orb.position.z) >> 4))
      continue;
    tick_orb(orb);
  }
  orbs_.purge_removed();
  for (Player* player : connections_.joined_players()) {
    // Player.tick counts the delay down before aiStep's pickup.
    if (player->take_xp_delay > 0) --player->take_xp_delay;
    pick_up(*player);
  }
  orbs_.purge_removed();
  for (Player* player : connections_.joined_players()) send_experience(*player);
}

void ExperienceOrbs::tick_orb(ExperienceOrb& orb) {
  ++orb.tick_count;  // ServerLevel.tickNonPassenger counts before the tick
  if (orb.position.y < static_cast<double>(blocks_->min_y() - kBelowWorldMargin)) {
    orbs_.discard(orb);
    return;
  }
  const bool colliding = orb_physics::begin_tick(orb, *blocks_, random_);
  if (orb.tick_count % kScanPeriod == 1) scan_for_merges(orb);
  const Player* target = follow_target(orb);
  if (target) orb.velocity = orb.velocity + orb_physics::follow_pull(orb.position, target->position, target->eye_height);
  orb_physics::end_tick(orb, colliding, target != nullptr, *blocks_, random_);
  orbs_.refresh_cell(orb);
  if (++orb.age >= ExperienceOrb::kLifetime) orbs_.discard(orb);
}

void ExperienceOrbs::scan_for_merges(ExperienceOrb& orb) {
  const Aabb area = orb_physics::orb_box(orb.position).inflate(kScanReach, kScanReach, kScanReach);
  for (ExperienceOrb* other : orbs_.near(area)) {
    if (other == &orb || other->removed || !same_group(other->id(), orb.id()) || other->value() != orb.value()) continue;
    if (!area.intersects(orb_physics::orb_box(other->position))) continue;
    orb.count += other->count;
    orb.age = std::min(orb.age, other->age);
    orbs_.discard(*other);
  }
}

const Player* ExperienceOrbs::follow_target(ExperienceOrb& orb) {
  constexpr double kReachSqr = orb_physics::kFollowDistance * orb_physics::kFollowDistance;
  auto distance_sqr = [&](const Player& p) { return length_sqr(p.position - orb.position); };
  const Player* current = orb.following ? connections_.player(*orb.following) : nullptr;
  if (current == nullptr || current->game_mode == GameMode::kSpectator || distance_sqr(*current) > kReachSqr) {
    // Level.getNearestPlayer(orb, 8): the first nearest non-spectator closer than 8 blocks.
    const Player* nearest = nullptr;
    double best = -1.0;
    for (const Player* p : connections_.joined_players()) {
      if (p->game_mode == GameMode::kSpectator) continue;
      const double d = distance_sqr(*p);
      if (d < kReachSqr && (best == -1.0 || d < best)) best = d, nearest = p;
    }
    if (nearest && !(nearest->dead || nearest->health <= 0.0f)) current = nearest;
    else current = nullptr;
    orb.following = current ? std::optional<ConnId>(current->conn) : std::nullopt;
  }
  return current;
}

void ExperienceOrbs::pick_up(Player& player) {
  if (player.dead || player.health <= 0.0f || player.game_mode == GameMode::kSpectator) return;
  const Aabb area = make_player_box(player.position, Pose::kStanding)
                        .inflate(kOrbReachHorizontal, kOrbReachVertical, kOrbReachHorizontal);
  std::vector<ExperienceOrb*> touching;
  for (ExperienceOrb* orb : orbs_.near(area))
    if (!orb->removed && area.intersects(orb_physics::orb_box(orb->position))) touching.push_back(orb);
  if (touching.empty()) return;
  // Util.getRandom: one of them, drawn whether or not the player can take it now.
  ExperienceOrb& orb = *touching[random_.next_below(static_cast<uint32_t>(touching.size()))];
  // ExperienceOrb.playerTouch: Mending repairs first, the rest goes to the player.
  if (player.take_xp_delay != 0) return;
  player.take_xp_delay = kTakeDelay;
  tracking_.send_to_viewers(orb.id(), share(encode_packet(packet::play_cb::Collect{orb.id(), player.entity_id, 1})));
  const int remaining = repair_with_experience(player, orb.value());
  if (remaining > 0) give_points(player, remaining);
  if (--orb.count == 0) orbs_.discard(orb);
}

int ExperienceOrbs::repair_with_experience(Player& player, int amount) {
  // EnchantmentHelper.getRandomItemWith(repair_with_xp): the damaged items with Mending, in
  // EquipmentSlot order (main hand, off hand, feet, legs, chest, head); one drawn when any.
  std::vector<ItemStack*> mendable;
  for (const int slot : mending_slot_order(player)) {
    ItemStack& stack = player.inventory[static_cast<size_t>(slot)];
    if (!stack.empty() && item_max_damage(stack.item) > 0 && stack.damage > 0 && enchantment_level(stack, "mending") > 0)
      mendable.push_back(&stack);
  }
  if (mendable.empty()) return amount;
  ItemStack& stack = *mendable[random_.next_below(static_cast<uint32_t>(mendable.size()))];
  const int repair_points = experience::mending_repair_points(amount);
  const int repair = std::min(repair_points, stack.damage);
  stack.damage -= repair;
  if (repair <= 0) return 0;
  const int remaining = amount - repair * amount / repair_points;
  return remaining > 0 ? repair_with_experience(player, remaining) : 0;
}

void ExperienceOrbs::give_points(Player& player, int points) {
  if (points == 0) return;
  experience::give_points(player.xp, points);
  player.last_sent_xp = -1;
}

void ExperienceOrbs::send_experience(Player& player) {
  // ServerPlayer.doTick compares only the total with the last one sent; every change of level or
  // progress also resets the last sent total to -1.
  if (player.xp.total == player.last_sent_xp) return;
  player.last_sent_xp = player.xp.total;
  connections_.send(player.conn, packet::play_cb::SetExperience{player.xp.progress, player.xp.level, player.xp.total});
}

uint64_t ExperienceOrbs::hash() const {
  Hasher h;
  h.u64(orbs_.all().size());
  for (const auto& [id, orb] : orbs_.all()) {
    h.i64(id), h.u64(orb->uuid().most), h.u64(orb->uuid().least);
    h.f64(orb->position.x), h.f64(orb->position.y), h.f64(orb->position.z);
    h.f64(orb->velocity.x), h.f64(orb->velocity.y), h.f64(orb->velocity.z);
    h.f32(orb->yaw), h.u64(orb->on_ground), h.u64(orb->needs_sync);
    h.i64(orb->value()), h.i64(orb->count), h.i64(orb->age), h.i64(orb->health), h.i64(orb->tick_count);
    h.i64(orb->following ? static_cast<int64_t>(*orb->following) : -1);
  }
  return h.digest();
}

}  // namespace hz
