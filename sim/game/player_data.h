// A player's save file (players/data/<uuid>.dat) in vanilla 26.1's layout: the player's state to
// NBT and back, the file's path, and its gzip wrapping (docs/rules/player-data.md).
#pragma once

#include <array>
#include <map>
#include <optional>
#include <span>
#include <string>

#include "sim/core/properties.h"
#include "sim/core/result.h"
#include "sim/core/types.h"
#include "sim/game/items/item_stack.h"
#include "sim/game/player.h"
#include "sim/protocol/nbt.h"

namespace hz {

// 26.1.2's data version, written as `DataVersion`.
inline constexpr int32_t kPlayerDataVersion = 4790;

// "players/data/<uuid>.dat", relative to the world folder.
std::string player_data_path(const Uuid& uuid);

// The window-0 slot a vanilla `Inventory` index (0-8 hotbar, 9-35 main) is shown in, and back;
// -1 for an index or slot outside the 36 inventory stacks.
int window_slot_of_inventory_index(int index);
int inventory_index_of_window_slot(int slot);

// What a file says about a player. Keys a file lacks take vanilla's defaults; position and
// rotation stay unset when absent (the spawn finder then places the player).
struct SavedPlayer {
  std::optional<Vec3> position;
  std::optional<std::pair<float, float>> rotation;  // yaw, pitch
  bool on_ground = false;
  double fall_distance = 0.0;
  int fire = 0;  // Fire: the remaining fire ticks
  std::vector<ActiveEffect> effects;  // active_effects
  float absorption = 0.0f;             // AbsorptionAmount
  float health = 20.0f;
  int hurt_time = 0;
  int death_time = 0;
  int food_level = 20;
  float saturation = 5.0f;
  float exhaustion = 0.0f;
  int food_tick_timer = 0;
  // XpP, XpLevel, XpTotal, XpSeed.
  experience::Experience xp;
  int32_t xp_seed = 0;
  std::optional<GameMode> game_mode;
  std::optional<GameMode> previous_game_mode;
  std::string dimension;  // empty when absent
  std::array<ItemStack, kInventorySlots> inventory{};  // window-0 slots
  int selected_slot = 0;
  // The stored compound of each stack that was read into a slot, by window slot, so that what
  // Horizon does not model (data components other than enchantments) is written back while the
  // stack is unchanged; and
  // stacks of items Horizon does not know, kept for their (still empty) slot.
  std::map<int, nbt::Compound> item_tags;
  template <class Io>
  void state_fields(Io& io) {
    io(position, rotation, on_ground, fall_distance, fire, effects, absorption, health, hurt_time, death_time, food_level, saturation, exhaustion,
       food_tick_timer, xp, xp_seed, game_mode, previous_game_mode, dimension, inventory, selected_slot, item_tags);
  }
};

// The state a save writes besides the Player itself.
struct PlayerSaveContext {
  std::optional<GameMode> previous_game_mode;
  std::string_view dimension = "minecraft:overworld";
  // The compound the player was loaded from: keys Horizon does not model (XP, ender chest,
  // respawn point, recipe book...) are written back unchanged.
  const nbt::Compound* loaded = nullptr;
  const std::map<int, nbt::Compound>* item_tags = nullptr;
};

// The root compound vanilla's Entity.saveWithoutId writes for a player.
nbt::Compound player_to_nbt(const Player& player, const PlayerSaveContext& context);
// Reads a root compound leniently, as vanilla does: a missing or mistyped key takes its default,
// stacks with a slot outside the inventory are ignored.
SavedPlayer saved_player_from_nbt(const nbt::Compound& root);

// The file's bytes: a gzip member holding the nameless root compound (NbtIo.writeCompressed).
Bytes encode_player_file(const nbt::Compound& root);
// The root compound of a file's bytes (gzip, or raw NBT); an error says what is wrong with them.
Result<nbt::Compound> decode_player_file(std::span<const uint8_t> bytes);

}  // namespace hz
