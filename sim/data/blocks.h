// Block and block-state facts from minecraft-data 3.117.0 (generated into generated/blocks.cpp):
// names, state id ranges, properties, light, hardness, blast resistance, fluids and collision boxes.
#pragma once

#include <cstdint>
#include <optional>
#include <span>
#include <string_view>

namespace hz {

using BlockStateId = uint16_t;  // 0 .. kBlockStateCount-1 (global palette id on the wire)
using BlockId = uint16_t;       // index in minecraft-data's blocks.json

inline constexpr int kBlockStateCount = 29873;
inline constexpr int kGlobalBlockBits = 15;  // direct palette width for block states

struct BlockProperty {
  std::string_view name;                 // e.g. "axis"
  std::span<const std::string_view> values;  // in state-id order, e.g. {"x","y","z"}; bools are {"true","false"}
};

struct BlockInfo {
  std::string_view name;  // without namespace, e.g. "oak_log"
  BlockStateId min_state;
  BlockStateId max_state;
  BlockStateId default_state;
  std::span<const BlockProperty> properties;  // state = min_state + mixed radix, last property fastest
  uint8_t emit_light;    // 0..15
  uint8_t filter_light;  // 0..15 opacity for sky/block light
  bool transparent;
  float hardness;      // vanilla's destroy time; -1 = unbreakable (bedrock, barrier)
  bool requires_tool;  // drops only with the correct tool (requiresCorrectToolForDrops)
  float resistance;    // vanilla's explosion resistance (stone 6, obsidian 1200, water 100)
};

// An axis-aligned box in block-local coordinates (0..1, may exceed for fences/walls: up to 1.5).
struct ShapeBox {
  double min_x, min_y, min_z, max_x, max_y, max_z;
};

int block_count();
const BlockInfo& block_info(BlockId id);
BlockId block_of_state(BlockStateId state);
std::optional<BlockId> block_by_name(std::string_view name);  // "oak_log" or "minecraft:oak_log"

// The default state of a block by name; asserts the name exists (use for constants in code).
BlockStateId default_state_of(std::string_view name);
// A state from a block name and property=value pairs, e.g. ("oak_log", {{"axis","x"}}).
std::optional<BlockStateId> state_with(std::string_view block,
                                       std::span<const std::pair<std::string_view, std::string_view>> props);
// The value of one property in a state; empty when the block has no such property.
std::string_view state_property(BlockStateId state, std::string_view property);

bool is_air(BlockStateId state);          // air, cave_air, void_air
bool has_fluid(BlockStateId state);       // water, lava, or waterlogged=true
bool is_water(BlockStateId state);        // water or waterlogged=true
uint8_t emitted_light(BlockStateId state);
uint8_t light_opacity(BlockStateId state);
// Motion blocking for heightmaps: the state has a collision shape or holds a fluid.
bool blocks_motion(BlockStateId state);
// Vanilla's legacy "solid" flag (BlockBehaviour.isSolid): forced on or off for some blocks, else
// from the collision shape's bounds. A fluid may replace a block that is not solid.
bool is_legacy_solid(BlockStateId state);
// Collision boxes of a state, without the random per-column offset some plants have.
std::span<const ShapeBox> collision_boxes(BlockStateId state);

}  // namespace hz
