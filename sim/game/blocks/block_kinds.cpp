#include "sim/game/blocks/block_kinds.h"

namespace hz {

namespace {

std::string_view name_of(BlockId block) { return block_info(block).name; }

bool ends_with(std::string_view s, std::string_view suffix) {
  return s.size() >= suffix.size() && s.substr(s.size() - suffix.size()) == suffix;
}

}  // namespace

bool is_slab(BlockId block) { return block_in_tag(block, "minecraft:slabs"); }
bool is_stairs(BlockId block) { return block_in_tag(block, "minecraft:stairs"); }
bool is_fence(BlockId block) { return block_in_tag(block, "minecraft:fences"); }
bool is_wooden_fence(BlockId block) { return block_in_tag(block, "minecraft:wooden_fences"); }
bool is_fence_gate(BlockId block) { return block_in_tag(block, "minecraft:fence_gates"); }
bool is_pane(BlockId block) { return block_in_tag(block, "minecraft:bars") || ends_with(name_of(block), "glass_pane"); }
bool is_wall(BlockId block) { return block_in_tag(block, "minecraft:walls"); }
bool is_door(BlockId block) { return block_in_tag(block, "minecraft:doors"); }
bool is_trapdoor(BlockId block) { return block_in_tag(block, "minecraft:trapdoors"); }
bool is_button(BlockId block) { return block_in_tag(block, "minecraft:buttons"); }
bool is_lever(BlockId block) { return name_of(block) == "lever"; }
bool is_leaves(BlockId block) { return block_in_tag(block, "minecraft:leaves"); }

bool opens_by_hand(BlockId block) {
  const std::string_view name = name_of(block);
  return name != "iron_door" && name != "iron_trapdoor";
}

int button_press_ticks(BlockId block) { return block_in_tag(block, "minecraft:stone_buttons") ? 20 : 30; }

bool is_connection_exception(BlockId block) {
  const std::string_view name = name_of(block);
  return is_leaves(block) || name == "barrier" || name == "carved_pumpkin" || name == "jack_o_lantern" ||
         name == "melon" || name == "pumpkin" || block_in_tag(block, "minecraft:shulker_boxes");
}

bool is_standing_torch(BlockId block) {
  const std::string_view name = name_of(block);
  return name == "torch" || name == "soul_torch" || name == "copper_torch" || name == "redstone_torch";
}

bool is_wall_torch(BlockId block) {
  const std::string_view name = name_of(block);
  return name == "wall_torch" || name == "soul_wall_torch" || name == "copper_wall_torch" ||
         name == "redstone_wall_torch";
}

std::optional<BlockId> wall_torch_of(BlockId standing) {
  if (!is_standing_torch(standing)) return std::nullopt;
  std::string name(name_of(standing));
  name.insert(name.size() - std::string_view("torch").size(), "wall_");
  return block_by_name(name);
}

bool is_vegetation(BlockId block) {
  const std::string_view name = name_of(block);
  if (name == "wither_rose" || name == "azalea" || name == "flowering_azalea" || name == "mangrove_propagule" ||
      name == "cactus_flower")
    return false;
  return block_in_tag(block, "minecraft:small_flowers") || block_in_tag(block, "minecraft:saplings") ||
         name == "short_grass" || name == "fern";
}

bool is_crop(BlockId block) {
  const std::string_view name = name_of(block);
  return name == "wheat" || name == "carrots" || name == "potatoes" || name == "beetroots" || name == "torchflower_crop";
}

bool is_carpet(BlockId block) {
  const std::string_view name = name_of(block);
  return ends_with(name, "_carpet") && name != "pale_moss_carpet";
}

bool is_pressure_plate(BlockId block) { return block_in_tag(block, "minecraft:pressure_plates"); }
bool is_rail(BlockId block) { return block_in_tag(block, "minecraft:rails"); }
bool is_snow_layer(BlockId block) { return name_of(block) == "snow"; }
bool is_concrete_powder(BlockId block) { return block_in_tag(block, "minecraft:concrete_powder"); }

BlockId concrete_of(BlockId powder) {
  std::string name(name_of(powder));
  name.resize(name.size() - std::string_view("_powder").size());
  const auto concrete = block_by_name(name);
  return concrete.value_or(powder);
}

bool is_anvil(BlockId block) { return block_in_tag(block, "minecraft:anvil"); }

bool is_falling_block(BlockId block) {
  const std::string_view name = name_of(block);
  return name == "sand" || name == "red_sand" || name == "gravel" || is_concrete_powder(block) || is_anvil(block);
}

bool has_value(BlockStateId state, std::string_view property, std::string_view value) {
  return state_property(state, property) == value;
}

BlockStateId with_value(BlockStateId state, std::string_view property, std::string_view value) {
  const BlockInfo& info = block_info(block_of_state(state));
  // States are numbered in mixed radix over the properties, the last one fastest.
  int stride = 1;
  for (size_t i = info.properties.size(); i-- > 0;) {
    const BlockProperty& p = info.properties[i];
    const int size = static_cast<int>(p.values.size());
    if (p.name == property) {
      const int current = ((state - info.min_state) / stride) % size;
      for (int v = 0; v < size; ++v)
        if (p.values[static_cast<size_t>(v)] == value) return static_cast<BlockStateId>(state + (v - current) * stride);
      return state;
    }
    stride *= size;
  }
  return state;
}

BlockStateId left_behind(BlockStateId state) {
  static const BlockStateId air = default_state_of("air");
  static const BlockStateId water = default_state_of("water");
  return state_property(state, "waterlogged") == "true" ? water : air;
}

}  // namespace hz
