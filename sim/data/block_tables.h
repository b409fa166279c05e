// Raw block tables produced by tools/datagen into generated/blocks.cpp; blocks.cpp builds the
// public queries of blocks.h on top of them. Internal to sim/data.
#pragma once

#include <cstdint>
#include <span>

#include "sim/data/blocks.h"

namespace hz::block_tables {

// Vanilla's legacy "solid" flag before looking at the shape (forceSolidOn/Off, dynamic shapes).
enum class SolidRule : uint8_t { kByShape, kAlways, kNever };
// Fluid a block holds whatever its properties (waterlogged=true adds water on top of this).
enum class BlockFluid : uint8_t { kNone, kWater, kLava };

struct BlockExtra {
  // >= 0: the shape id of every state. < 0: states use state_shape_ids()[~shape + (state - min)].
  int32_t shape;
  // < 0: every state emits BlockInfo::emit_light. >= 0: offset of per-state levels in state_light().
  int32_t state_light_offset;
  SolidRule solid_rule;
  BlockFluid fluid;
  bool motion_exempt;  // never blocks motion even when solid (vanilla: cobweb, bamboo_sapling)
};

std::span<const BlockInfo> blocks();              // index = BlockId
std::span<const BlockExtra> block_extras();       // index = BlockId
std::span<const uint16_t> state_shape_ids();      // per-state shape ids of blocks with shape < 0
std::span<const uint8_t> state_light();           // per-state light of blocks with an offset
std::span<const ShapeBox> distinct_boxes();       // every distinct box once
std::span<const uint16_t> shape_box_indices();    // boxes of all shapes (indices into distinct_boxes)
std::span<const uint16_t> shape_first_box();      // shape s owns shape_box_indices()[first[s] .. first[s + 1])

}  // namespace hz::block_tables
