// Encoders for the chunk packet body (map_chunk after chunk x/z: heightmaps, sections, block
// entities, light) and the light fields shared with light update, and the one reader of a body's
// sections (for tools and simulated clients). Columns cache their output.
#pragma once

#include <cstddef>
#include <vector>

#include "sim/protocol/wire.h"
#include "sim/world/column_light.h"
#include "sim/world/section.h"

namespace hz {

class ChunkColumn;

// Clientbound play packet ids (protocol 775) for the packets built here.
inline constexpr int kMapChunkPacketId = 0x2d;
inline constexpr int kLightUpdatePacketId = 0x30;

// Heightmaps (types 1, 4, 5), VarInt-sized section blob, zero block entities, light.
void write_chunk_body(ByteWriter& out, const ChunkColumn& column);
// Sky/block masks, empty masks, then the arrays: all-zero layers go in the empty masks.
void write_light_data(ByteWriter& out, const ColumnLight& light);
// An upper bound close enough to reserve the buffer once.
size_t estimated_chunk_body_size(const ChunkColumn& column);

// Reads a chunk body's heightmaps (skipped) and its kSectionCount sections, bottom up, leaving `in`
// at the block entities. False when the body ends early or a section does not decode.
bool read_chunk_sections(ByteReader& in, std::vector<Section>& sections);

}  // namespace hz
