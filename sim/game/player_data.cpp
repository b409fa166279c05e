#include "sim/game/player_data.h"

#include <cmath>

#include "sim/data/catalog.h"
#include "sim/game/items/item_stack_nbt.h"
#include "sim/game/survival/effects_nbt.h"
#include "sim/world/anvil/compression.h"
#include "sim/world/anvil/world_layout.h"

namespace hz {
namespace {

constexpr int kHotbarSize = 9;
constexpr int kInventoryStacks = 36;

// The equipment compound's keys and the window-0 slots they are shown in.
struct EquipmentKey {
  std::string_view key;
  int slot;
};
constexpr EquipmentKey kEquipment[] = {{"head", 5}, {"chest", 6}, {"legs", 7}, {"feet", 8}, {"offhand", kOffhandSlot}};

int int_or(const nbt::Compound& c, std::string_view key, int fallback) {
  const auto v = nbt::number_at(c, key);
  return v && std::isfinite(*v) ? static_cast<int>(*v) : fallback;
}

float float_or(const nbt::Compound& c, std::string_view key, float fallback) {
  const auto v = nbt::number_at(c, key);
  return v ? static_cast<float>(*v) : fallback;
}

std::optional<GameMode> game_mode_at(const nbt::Compound& c, std::string_view key) {
  const auto v = nbt::number_at(c, key);
  if (!v) return std::nullopt;
  const int id = static_cast<int>(*v);
  // GameType.byId: an unknown id is survival.
  return id >= 0 && id <= 3 ? static_cast<GameMode>(id) : GameMode::kSurvival;
}

nbt::Compound without_key(nbt::Compound root, std::string_view key) {
  if (!root.find(key)) return root;
  nbt::Compound without;
  for (const auto& [k, value] : root)
    if (k != key) without.put(k, value);
  return without;
}

nbt::List doubles(std::initializer_list<double> values) {
  nbt::List list;
  for (double v : values) list.items.emplace_back(v);
  return list;
}

nbt::List floats(std::initializer_list<float> values) {
  nbt::List list;
  for (float v : values) list.items.emplace_back(v);
  return list;
}

// A list of `n` numbers of one type, or nothing.
template <class T>
std::optional<std::vector<T>> numbers_of(const nbt::Compound& c, std::string_view key, size_t n) {
  const auto* list = find_as<nbt::List>(c, key);
  if (!list || list->items.size() != n) return std::nullopt;
  std::vector<T> out;
  for (const nbt::Tag& item : list->items) {
    const T* v = item.as<T>();
    if (!v) return std::nullopt;
    out.push_back(*v);
  }
  return out;
}

nbt::IntArray uuid_ints(const Uuid& uuid) {
  return {static_cast<int32_t>(uuid.most >> 32), static_cast<int32_t>(uuid.most),
          static_cast<int32_t>(uuid.least >> 32), static_cast<int32_t>(uuid.least)};
}

// One stored stack, or nothing when it is not a stack Horizon can hold.
// ItemStack.MAP_CODEC: id, count and the modelled components. While a slot holds the very stack
// it was loaded with, its stored compound is written back, with the components Horizon does not
// model.
nbt::Compound stack_tag(const ItemStack& stack, int window_slot, const PlayerSaveContext& context) {
  if (context.item_tags) {
    auto kept = context.item_tags->find(window_slot);
    if (kept != context.item_tags->end() && int_or(kept->second, "count", 1) == stack.count &&
        stack_from_nbt(kept->second) == stack)
      return kept->second;
  }
  return stack_to_nbt(stack);
}

nbt::List inventory_tag(const Player& player, const PlayerSaveContext& context) {
  nbt::List list;
  for (int index = 0; index < kInventoryStacks; ++index) {
    const int window = window_slot_of_inventory_index(index);
    const ItemStack& stack = player.inventory[static_cast<size_t>(window)];
    nbt::Compound entry;
    if (stack.empty()) {
      // A stack of an item Horizon does not know stays in its slot while the slot is empty.
      if (!context.item_tags) continue;
      auto kept = context.item_tags->find(window);
      if (kept == context.item_tags->end()) continue;
      const auto* id = find_as<std::string>(kept->second, "id");
      if (!id || item_id(*id)) continue;
      entry = kept->second;
    } else {
      entry = stack_tag(stack, window, context);
    }
    nbt::Compound with_slot;
    with_slot.put("Slot", static_cast<int8_t>(index));
    for (const auto& [key, value] : entry) with_slot.put(key, value);
    list.items.emplace_back(std::move(with_slot));
  }
  return list;
}

nbt::Compound equipment_tag(const Player& player, const PlayerSaveContext& context) {
  nbt::Compound equipment;
  for (const EquipmentKey& e : kEquipment) {
    const ItemStack& stack = player.inventory[static_cast<size_t>(e.slot)];
    if (!stack.empty()) equipment.put(std::string(e.key), stack_tag(stack, e.slot, context));
  }
  return equipment;
}

// Abilities.Packed as GameType.updatePlayerAbilities leaves them for the mode.
nbt::Compound abilities_tag(GameMode mode) {
  const bool creative = mode == GameMode::kCreative, spectator = mode == GameMode::kSpectator;
  nbt::Compound abilities;
  abilities.put("invulnerable", static_cast<int8_t>(creative || spectator));
  abilities.put("flying", static_cast<int8_t>(spectator));
  abilities.put("mayfly", static_cast<int8_t>(creative || spectator));
  abilities.put("instabuild", static_cast<int8_t>(creative));
  abilities.put("mayBuild", static_cast<int8_t>(mode == GameMode::kSurvival || creative));
  abilities.put("flySpeed", 0.05f);
  abilities.put("walkSpeed", 0.1f);
  return abilities;
}

// Keeps the stored compound of a slot without the Slot byte.
nbt::Compound without_slot(const nbt::Compound& tag) {
  nbt::Compound out;
  for (const auto& [key, value] : tag)
    if (key != "Slot") out.put(key, value);
  return out;
}

void read_inventory(const nbt::Compound& root, SavedPlayer& out) {
  if (const auto* list = find_as<nbt::List>(root, "Inventory")) {
    for (const nbt::Tag& item : list->items) {
      const auto* tag = item.as<nbt::Compound>();
      if (!tag) continue;
      const auto* slot = find_as<int8_t>(*tag, "Slot");
      const int window = slot ? window_slot_of_inventory_index(static_cast<uint8_t>(*slot)) : -1;
      if (window < 0) continue;  // pre-26.1 armour slots and anything outside 0-35
      out.item_tags[window] = without_slot(*tag);
      if (auto stack = stack_from_nbt(*tag)) out.inventory[static_cast<size_t>(window)] = *stack;
    }
  }
  if (const auto* equipment = find_as<nbt::Compound>(root, "equipment")) {
    for (const EquipmentKey& e : kEquipment) {
      const auto* tag = find_as<nbt::Compound>(*equipment, e.key);
      if (!tag) continue;
      auto stack = stack_from_nbt(*tag);
      if (!stack) continue;
      out.item_tags[e.slot] = *tag;
      out.inventory[static_cast<size_t>(e.slot)] = *stack;
    }
  }
}

}  // namespace

std::string player_data_path(const Uuid& uuid) {
  return std::string(anvil::kPlayerDataFolder) + "/" + uuid.to_string() + ".dat";
}

int window_slot_of_inventory_index(int index) {
  if (index < 0 || index >= kInventoryStacks) return -1;
  return index < kHotbarSize ? kFirstHotbarSlot + index : index;
}

int inventory_index_of_window_slot(int slot) {
  if (slot >= kFirstHotbarSlot && slot < kFirstHotbarSlot + kHotbarSize) return slot - kFirstHotbarSlot;
  if (slot >= kHotbarSize && slot < kFirstHotbarSlot) return slot;
  return -1;
}

nbt::Compound player_to_nbt(const Player& p, const PlayerSaveContext& context) {
  // Start from what was loaded so that keys Horizon does not model survive the round trip; the
  // keys written below replace their loaded values in place.
  nbt::Compound root = context.loaded ? *context.loaded : nbt::Compound();
  // Entity
  root.put("Pos", doubles({p.position.x, p.position.y, p.position.z}));
  root.put("Motion", doubles({0.0, 0.0, 0.0}));
  root.put("Rotation", floats({p.yaw, p.pitch}));
  root.put("fall_distance", p.fall_distance);
  root.put("Fire", static_cast<int16_t>(p.remaining_fire_ticks));
  if (!root.find("Air")) root.put("Air", int16_t{300});
  root.put("OnGround", static_cast<int8_t>(p.on_ground));
  if (!root.find("Invulnerable")) root.put("Invulnerable", int8_t{0});
  if (!root.find("PortalCooldown")) root.put("PortalCooldown", int32_t{0});
  root.put("UUID", uuid_ints(p.uuid));
  // LivingEntity
  root.put("Health", p.health);
  root.put("HurtTime", int16_t{0});
  if (!root.find("HurtByTimestamp")) root.put("HurtByTimestamp", int32_t{0});
  root.put("DeathTime", int16_t{0});
  root.put("AbsorptionAmount", p.absorption);
  // LivingEntity writes active_effects only when there are some.
  root = without_key(std::move(root), "active_effects");
  if (!p.effects.empty()) root.put("active_effects", effects_tag(p.effects));
  if (!root.find("FallFlying")) root.put("FallFlying", int8_t{0});
  nbt::Compound equipment = equipment_tag(p, context);
  if (equipment.empty()) root = without_key(std::move(root), "equipment");
  else root.put("equipment", std::move(equipment));
  // Player
  root.put("DataVersion", int32_t{kPlayerDataVersion});
  root.put("Inventory", inventory_tag(p, context));
  root.put("SelectedItemSlot", int32_t{p.selected_slot});
  // Player.addAdditionalSaveData's order: XpP, XpLevel, XpTotal, XpSeed, Score.
  root.put("XpP", p.xp.progress);
  root.put("XpLevel", int32_t{p.xp.level});
  root.put("XpTotal", int32_t{p.xp.total});
  root.put("XpSeed", int32_t{p.xp_seed});
  if (!root.find("Score")) root.put("Score", int32_t{0});
  root.put("foodLevel", int32_t{p.food_level});
  root.put("foodTickTimer", int32_t{p.food_tick_timer});
  root.put("foodSaturationLevel", p.saturation);
  root.put("foodExhaustionLevel", p.exhaustion);
  root.put("abilities", abilities_tag(p.game_mode));
  if (!root.find("EnderItems")) root.put("EnderItems", nbt::List{});
  // ServerPlayer
  root.put("playerGameType", static_cast<int32_t>(p.game_mode));
  if (context.previous_game_mode) root.put("previousPlayerGameType", static_cast<int32_t>(*context.previous_game_mode));
  if (!root.find("seenCredits")) root.put("seenCredits", int8_t{0});
  root.put("Dimension", std::string(context.dimension));
  if (!root.find("spawn_extra_particles_on_fall")) root.put("spawn_extra_particles_on_fall", int8_t{0});
  return root;
}

SavedPlayer saved_player_from_nbt(const nbt::Compound& root) {
  SavedPlayer out;
  if (auto pos = numbers_of<double>(root, "Pos", 3)) {
    const Vec3 v{(*pos)[0], (*pos)[1], (*pos)[2]};
    // Entity.load refuses non-finite positions; vanilla then keeps the spawn position.
    if (std::isfinite(v.x) && std::isfinite(v.y) && std::isfinite(v.z)) out.position = v;
  }
  if (auto rot = numbers_of<float>(root, "Rotation", 2)) {
    if (std::isfinite((*rot)[0]) && std::isfinite((*rot)[1])) out.rotation = std::pair{(*rot)[0], (*rot)[1]};
  }
  out.on_ground = int_or(root, "OnGround", 0) != 0;
  out.fall_distance = nbt::number_at(root, "fall_distance").value_or(0.0);
  out.fire = static_cast<int16_t>(int_or(root, "Fire", 0));
  if (const auto* effects = find_as<nbt::List>(root, "active_effects")) out.effects = effects_from_tag(*effects);
  const float absorption = float_or(root, "AbsorptionAmount", 0.0f);
  out.absorption = std::isfinite(absorption) && absorption > 0.0f ? absorption : 0.0f;
  out.health = float_or(root, "Health", 20.0f);
  if (!std::isfinite(out.health)) out.health = 20.0f;
  out.hurt_time = int_or(root, "HurtTime", 0);
  out.death_time = int_or(root, "DeathTime", 0);
  out.food_level = int_or(root, "foodLevel", 20);
  out.saturation = float_or(root, "foodSaturationLevel", 5.0f);
  out.exhaustion = float_or(root, "foodExhaustionLevel", 0.0f);
  out.food_tick_timer = int_or(root, "foodTickTimer", 0);
  out.xp.progress = float_or(root, "XpP", 0.0f);
  out.xp.level = int_or(root, "XpLevel", 0);
  out.xp.total = int_or(root, "XpTotal", 0);
  // Vanilla draws a new seed when it reads 0; Horizon keeps 0 (nothing reads the seed yet, and a
  // draw at join would be one more for the core's RNG to account for).
  out.xp_seed = int_or(root, "XpSeed", 0);
  out.game_mode = game_mode_at(root, "playerGameType");
  out.previous_game_mode = game_mode_at(root, "previousPlayerGameType");
  if (const auto* dimension = find_as<std::string>(root, "Dimension")) out.dimension = *dimension;
  read_inventory(root, out);
  const int selected = int_or(root, "SelectedItemSlot", 0);
  out.selected_slot = selected >= 0 && selected < kHotbarSize ? selected : 0;
  return out;
}

Bytes encode_player_file(const nbt::Compound& root) { return anvil::gzip(nbt::file_bytes("", nbt::Tag(root))); }

Result<nbt::Compound> decode_player_file(std::span<const uint8_t> bytes) {
  Bytes inflated;
  if (anvil::looks_gzipped(bytes)) {
    auto unpacked = anvil::gunzip(bytes);
    if (!unpacked) return Error{"not a readable gzip stream (" + unpacked.error() + ")"};
    inflated = std::move(unpacked.value());
    bytes = inflated;
  }
  auto named = nbt::read_file(bytes);
  if (!named) return Error{"not readable NBT (" + named.error() + ")"};
  auto* root = named->tag.as<nbt::Compound>();
  if (!root) return Error{"the root tag is not a compound"};
  return std::move(*root);
}

}  // namespace hz
