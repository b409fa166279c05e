// Which vanilla block class a block belongs to, for placing and using blocks: slabs, stairs,
// fences, panes and bars, walls, gates, doors, trapdoors, buttons, levers, torches, from the block
// tags the server sends (exact, docs/data.md) and from block names where vanilla uses a class.
#pragma once

#include <optional>
#include <string_view>

#include "sim/data/block_tags.h"
#include "sim/data/blocks.h"

namespace hz {

bool is_slab(BlockId block);
bool is_stairs(BlockId block);
bool is_fence(BlockId block);
bool is_wooden_fence(BlockId block);
bool is_fence_gate(BlockId block);
// IronBarsBlock: glass panes (plain and stained), iron and copper bars.
bool is_pane(BlockId block);
bool is_wall(BlockId block);
bool is_door(BlockId block);
bool is_trapdoor(BlockId block);
bool is_button(BlockId block);
bool is_lever(BlockId block);
bool is_leaves(BlockId block);
// Doors and trapdoors of a block set a hand can open (every set but iron).
bool opens_by_hand(BlockId block);
// ButtonBlock's ticksToStayPressed: 20 for stone and polished blackstone, 30 for wooden buttons.
int button_press_ticks(BlockId block);
// Block.isExceptionForConnection: leaves, barrier, pumpkins, melon, shulker boxes.
bool is_connection_exception(BlockId block);
// The wall variant a standing torch item also places ("torch" -> "wall_torch"); none for others.
std::optional<BlockId> wall_torch_of(BlockId standing);
// Whether the block is one of the standing torches (torch, soul, copper, redstone).
bool is_standing_torch(BlockId block);
bool is_wall_torch(BlockId block);

// Plants on soil (VegetationBlock with the default supports_vegetation rule): small flowers,
// saplings, short grass and ferns; those with other soils (wither rose, azaleas, mangrove
// propagule, cactus flower) are left out.
bool is_vegetation(BlockId block);
// CropBlock: wheat, carrots, potatoes, beetroots and the torchflower crop (farmland soil, light).
bool is_crop(BlockId block);
// A crop needs this raw brightness where it stands (CropBlock.hasSufficientLight).
inline constexpr int kCropMinLight = 8;
// CarpetBlock: wool carpets and moss carpet.
bool is_carpet(BlockId block);
bool is_pressure_plate(BlockId block);
bool is_rail(BlockId block);
bool is_snow_layer(BlockId block);
bool is_concrete_powder(BlockId block);
// The concrete a powder turns into ("white_concrete_powder" -> "white_concrete").
BlockId concrete_of(BlockId powder);
bool is_anvil(BlockId block);
// FallingBlock: sand, red sand, gravel, concrete powder and anvils.
bool is_falling_block(BlockId block);

// A state's property value is `value`.
bool has_value(BlockStateId state, std::string_view property, std::string_view value);
// The state with one property changed; the same state when the block has no such value.
BlockStateId with_value(BlockStateId state, std::string_view property, std::string_view value);
// FluidState.createLegacyBlock: what a broken or destroyed block leaves (water where it was
// waterlogged, else air).
BlockStateId left_behind(BlockStateId state);

}  // namespace hz
